package logic

import (
	"fmt"
	"iter"
	"sort"
	"strings"

	"sudoku/solver"
)

// implication is one consequence of an assumption: a cell that must hold a
// digit, because it is its last candidate (unit < 0) or the digit's last
// place in a unit.
type implication struct {
	cell, digit, unit int
}

// propagateSingles places naked and hidden singles until none is left or the
// position breaks. It returns the placements made, and a description of the
// break ("" when none). It gives up, returning ok false, after max
// placements without a break.
func (s *State) propagateSingles(max int, log bool) (imps []implication, broken string, ok bool) {
	for n := 0; ; n++ {
		if n > max {
			return imps, "", false
		}
		bad, imp, found := s.scan()
		if bad {
			if log {
				return imps, s.brokenWhy(), true
			}
			return imps, "broken", true
		}
		if !found {
			return imps, "", true
		}
		s.place(imp.cell, imp.digit)
		if log {
			imps = append(imps, imp)
		} else {
			imps = append(imps[:0], imp)
		}
	}
}

// scan looks at the position once: bad reports a break that brokenWhy can
// describe; otherwise imp is a naked single, else a hidden single, if any.
func (s *State) scan() (bad bool, imp implication, found bool) {
	naked := -1
	for c := 0; c < 81; c++ {
		if s.val[c] == 0 {
			m := s.cand[c]
			if m == 0 {
				return true, imp, false
			}
			if naked < 0 && m&(m-1) == 0 {
				naked = c
			}
		}
	}
	hu, hd := -1, digitMask(0)
	all := s.t.all
	for u := 0; u < s.t.nu; u++ {
		var have, once, twice digitMask
		for _, c := range s.t.units[u] {
			if v := s.val[c]; v != 0 {
				b := digitMask(1) << (v - 1)
				if have&b != 0 {
					return true, imp, false
				}
				have |= b
			} else {
				m := s.cand[c]
				twice |= once & m
				once |= m
			}
		}
		if all&^have&^once != 0 {
			return true, imp, false
		}
		if hu < 0 {
			if h := once &^ twice; h != 0 {
				hu, hd = u, h&-h
			}
		}
	}
	if naked >= 0 {
		return false, implication{naked, s.cand[naked].lowest(), -1}, true
	}
	if hu >= 0 {
		for _, c := range s.t.units[hu] {
			if s.cand[c]&hd != 0 {
				return false, implication{int(c), hd.lowest(), hu}, true
			}
		}
	}
	return false, imp, false
}

// brokenWhy returns why the position has no solution by simple counting: an
// empty cell without candidates, a unit where a missing digit has no place,
// or a digit placed twice in a unit; "" when none of these shows.
func (s *State) brokenWhy() string {
	for c := 0; c < 81; c++ {
		if s.val[c] == 0 && s.cand[c] == 0 {
			return solver.CellName(c) + " would have no candidate left"
		}
	}
	for u := 0; u < s.t.nu; u++ {
		var have, can digitMask
		for _, c := range s.t.units[u] {
			if v := s.val[c]; v != 0 {
				if have.has(int(v)) {
					return fmt.Sprintf("%s would hold %d twice", s.unitName(u), v)
				}
				have |= bit(int(v))
			} else {
				can |= s.cand[c]
			}
		}
		if miss := s.t.all &^ have &^ can; miss != 0 {
			return fmt.Sprintf("%s would have no place for %d", s.unitName(u), miss.lowest())
		}
	}
	return ""
}

// refutationCache keeps, during one Explain, the candidates that the last
// full contradiction search refuted besides the one it used, shortest
// first. Refutation by singles stays valid as candidates go (propagation
// only gets stronger), so later steps re-check and use them instead of
// searching again.
type refutationCache struct {
	cands []Candidate
	rules []Candidate // the same for the rules' Contradiction (findRuleContradiction)
}

// collectCap bounds the runs whose refutations are collected for the cache.
const collectCap = 20

// findContradiction finds a candidate whose assumption leads by singles to
// a broken position, preferring the shortest such run. With a known
// solution only candidates outside it are tried (the others cannot break).
func (s *State) findContradiction(sol *solver.Grid, cache *refutationCache) (Step, bool) {
	var base, pr prop
	base.load(s)
	if cache != nil {
		for len(cache.cands) > 0 {
			c, d := cache.cands[0].Cell, cache.cands[0].Digit
			cache.cands = cache.cands[1:]
			if !s.cand[c].has(d) {
				continue
			}
			pr = base
			if _, ok := pr.refutes(c, d, 81); ok {
				return s.explainRefutation(c, d)
			}
		}
	}
	// Cells with fewer candidates first: their assumptions bite sooner, and
	// a short refutation found early prunes the later runs.
	var order [81]uint8
	n := 0
	for k := 2; k <= 9; k++ {
		for c := 0; c < 81; c++ {
			if s.val[c] == 0 && s.cand[c].count() == k {
				order[n] = uint8(c)
				n++
			}
		}
	}
	type found struct{ c, d, k int }
	var all []found
	bestN, bestC, bestD := 82, -1, 0
	for _, oc := range order[:n] {
		c := int(oc)
		for _, d := range s.cand[c].digits() {
			if sol != nil && int(sol[c]) == d {
				continue
			}
			max := bestN - 1
			if cache != nil {
				max = collectCap // collect every short refutation
			}
			pr = base
			if k, ok := pr.refutes(c, d, max); ok {
				all = append(all, found{c, d, k})
				if k < bestN {
					bestN, bestC, bestD = k, c, d
				}
			}
		}
		if bestN <= 2 && cache == nil {
			break
		}
	}
	if bestC < 0 && cache != nil {
		return s.findContradiction(sol, nil)
	}
	if bestC < 0 {
		return Step{}, false
	}
	if cache != nil {
		sort.SliceStable(all, func(i, j int) bool { return all[i].k < all[j].k })
		for _, f := range all {
			if f.c != bestC || f.d != bestD {
				cache.cands = append(cache.cands, Candidate{f.c, f.d})
			}
		}
	}
	return s.explainRefutation(bestC, bestD)
}

// explainRefutation runs the singles of an assumption again, logging them,
// and writes the step.
func (s *State) explainRefutation(c, d int) (Step, bool) {
	t := *s
	t.an = nil
	t.place(c, d)
	imps, why, _ := t.propagateSingles(81, true)
	if why == "" {
		return Step{}, false // cannot happen: both runs place the same singles
	}
	return s.contradictionStep(c, d, imps, why), true
}

func (s *State) contradictionStep(c, d int, imps []implication, why string) Step {
	var b strings.Builder
	fmt.Fprintf(&b, "If %s were %d, then ", solver.CellName(c), d)
	pat := []Candidate{{c, d}}
	var parts []string
	for _, im := range imps {
		pat = append(pat, Candidate{im.cell, im.digit})
		if im.unit < 0 {
			parts = append(parts, fmt.Sprintf("%s would be %d (its last candidate)", solver.CellName(im.cell), im.digit))
		} else {
			parts = append(parts, fmt.Sprintf("%s would be %d (the last place in %s)", solver.CellName(im.cell), im.digit, s.unitName(im.unit)))
		}
	}
	parts = append(parts, why)
	b.WriteString(andList(parts))
	fmt.Fprintf(&b, "; so %s is not %d.", solver.CellName(c), d)
	return Step{
		Technique:    Contradiction,
		Pattern:      pat,
		Eliminations: []Candidate{{c, d}},
		Explanation:  b.String(),
		Rating:       Contradiction.Rating() + 0.1*float64(min(len(imps), 20)/4),
	}
}

// trialBudget bounds the search of one trial, in positions visited.
const trialBudget = 20000

// findTrial finds a candidate that no way of filling the grid can keep:
// a search that tries every candidate of the remaining cells ends in a
// broken position each time. With a known solution it tries one candidate
// outside it, in the cell with the fewest candidates.
func (s *State) findTrial(sol *solver.Grid) (Step, bool) {
	if s.t.rules != nil {
		return s.findRulesTrial(sol)
	}
	for _, x := range s.trials(sol) {
		c, d := x.Cell, x.Digit
		t := *s
		t.an = nil
		t.place(c, d)
		budget := trialBudget
		if res := t.search(&budget); res == searchNone {
			return Step{
				Technique:    TrialAndError,
				Pattern:      []Candidate{{c, d}},
				Eliminations: []Candidate{{c, d}},
				Explanation: fmt.Sprintf("If %s were %d, every way of filling the other cells (%d tries) would leave a cell without a candidate or a digit without a place; so %s is not %d.",
					solver.CellName(c), d, trialBudget-budget, solver.CellName(c), d),
				Rating: TrialAndError.Rating(),
			}, true
		}
	}
	return Step{}, false
}

// trials yields the candidates a trial may assume, with the number of
// candidates of their cell: the unsolved cells with two candidates first,
// then three and so on to nine, each count in cell order and each cell's
// digits in order; with a known solution sol, only candidates outside it.
func (s *State) trials(sol *solver.Grid) iter.Seq2[int, Candidate] {
	return func(yield func(int, Candidate) bool) {
		for k := 2; k <= 9; k++ {
			for c := 0; c < 81; c++ {
				if s.val[c] != 0 || s.cand[c].count() != k {
					continue
				}
				for _, d := range s.cand[c].digits() {
					if sol != nil && int(sol[c]) == d {
						continue
					}
					if !yield(k, Candidate{c, d}) {
						return
					}
				}
			}
		}
	}
}

const (
	searchNone   = iota // no solution
	searchFound         // a solution exists
	searchBudget        // gave up
)

// search reports whether the position has a solution, spending budget.
func (s *State) search(budget *int) int {
	*budget--
	if *budget < 0 {
		return searchBudget
	}
	if _, why, _ := s.propagateSingles(81, false); why != "" {
		return searchNone
	}
	best, bc := -1, 10
	for c := 0; c < 81; c++ {
		if s.val[c] == 0 {
			if n := s.cand[c].count(); n < bc {
				best, bc = c, n
			}
		}
	}
	if best < 0 {
		return searchFound
	}
	res := searchNone
	for _, d := range s.cand[best].digits() {
		t := *s
		t.an = nil
		t.place(best, d)
		switch t.search(budget) {
		case searchFound:
			return searchFound
		case searchBudget:
			res = searchBudget
		}
	}
	return res
}
