package logic

import (
	"fmt"
	"math/bits"
	"sort"
	"strings"

	"sudoku/solver"
)

// A ruleImp is one consequence of an assumption under rules with
// constraints: a cell that must hold a digit, as its last candidate (unit
// and rule -1), its last candidate once a constraint narrowed it (rule),
// or the digit's last place in a unit.
type ruleImp struct {
	cell, digit, unit, rule int
}

// ruleProp follows an assumption by naked and hidden singles and by every
// constraint's own propagation, in the rules' cell numbering.
type ruleProp struct {
	s      *State
	r      *solver.Rules
	n      int
	cand   [81]uint16
	done   [81]bool // the cell's digit has left its peers
	narrow [81]int  // the constraint that last narrowed each cell, -1 for none
	imps   []ruleImp
}

// maxRuleImps bounds the consequences followed from one assumption.
const maxRuleImps = 40

func (p *ruleProp) load(s *State) {
	p.s, p.r, p.n = s, s.t.rules, s.t.size
	p.imps = p.imps[:0]
	for c := 0; c < p.n*p.n; c++ {
		f := FrameCell(p.n, c)
		p.narrow[c] = -1
		if v := s.val[f]; v != 0 {
			p.cand[c], p.done[c] = 1<<(v-1), true
		} else {
			p.cand[c], p.done[c] = uint16(s.cand[f]), false
		}
	}
}

// refute assumes digit d in cell c (rules' numbering) and follows it; it
// returns why the position breaks ("" when it does not within
// maxRuleImps consequences).
func (p *ruleProp) refute(c, d int) string {
	p.cand[c] = 1 << (d - 1)
	for len(p.imps) <= maxRuleImps {
		if why := p.singles(); why != "" {
			return why
		}
		changed := false
		for i := range p.r.Constraints {
			before := p.cand
			if !p.r.Narrow(i, p.cand[:p.n*p.n]) {
				return ruleLabel(p.r, i) + " could not hold"
			}
			if before != p.cand {
				changed = true
				for k := 0; k < p.n*p.n; k++ {
					if before[k] != p.cand[k] {
						p.narrow[k] = i
						if p.cand[k] == 0 {
							return solver.CellName(FrameCell(p.n, k)) + " would have no candidate left"
						}
					}
				}
				if why := p.singles(); why != "" {
					return why
				}
			}
		}
		if !changed {
			return ""
		}
	}
	return ""
}

// singles places naked and hidden singles until none is left; it returns
// why the position breaks, "" when it does not.
func (p *ruleProp) singles() string {
	t := p.s.t
	for len(p.imps) <= maxRuleImps {
		found := false
		for c := 0; c < p.n*p.n; c++ {
			m := p.cand[c]
			if p.done[c] || m&(m-1) != 0 {
				continue
			}
			if m == 0 {
				return solver.CellName(FrameCell(p.n, c)) + " would have no candidate left"
			}
			if why := p.place(c, bits.TrailingZeros16(m)+1, -1); why != "" {
				return why
			}
			found = true
		}
		if found {
			continue
		}
		for u := 0; u < t.nu && !found; u++ {
			var once, twice, have uint16
			for _, f := range t.units[u] {
				c := RulesCell(p.n, int(f))
				m := p.cand[c]
				if p.done[c] {
					have |= m
					continue
				}
				twice |= once & m
				once |= m
			}
			if miss := uint16(t.all) &^ have &^ once; miss != 0 {
				return fmt.Sprintf("%s would have no place for %d", p.s.unitName(u), bits.TrailingZeros16(miss)+1)
			}
			if h := once &^ twice; h != 0 {
				h &= -h
				for _, f := range t.units[u] {
					c := RulesCell(p.n, int(f))
					if !p.done[c] && p.cand[c]&h != 0 {
						p.cand[c] = h
						if why := p.place(c, bits.TrailingZeros16(h)+1, u); why != "" {
							return why
						}
						found = true
						break
					}
				}
			}
		}
		if !found {
			return ""
		}
	}
	return ""
}

// place records that cell c holds d and takes d out of its peers.
func (p *ruleProp) place(c, d, unit int) string {
	p.done[c] = true
	rule := -1
	if unit < 0 {
		rule = p.narrow[c]
	}
	p.imps = append(p.imps, ruleImp{FrameCell(p.n, c), d, unit, rule})
	b := uint16(1) << (d - 1)
	for _, q := range p.r.Peers(c) {
		if p.cand[q]&b == 0 {
			continue
		}
		if p.done[q] {
			return fmt.Sprintf("%s would hold %d twice", cellPair(p.n, c, q), d)
		}
		if p.cand[q] &^= b; p.cand[q] == 0 {
			return solver.CellName(FrameCell(p.n, q)) + " would have no candidate left"
		}
	}
	return ""
}

func cellPair(n, a, b int) string {
	return solver.CellName(FrameCell(n, a)) + " and " + solver.CellName(FrameCell(n, b))
}

// findRuleContradiction is Contradiction under rules with constraints: a
// candidate whose assumption leads, by singles and the constraints' own
// steps, to a broken position, preferring the shortest such run. With a
// known solution only candidates outside it are tried. The other
// candidates a full search refuted go to the cache, shortest run first,
// and later steps try them before searching again: a refutation holds as
// candidates go.
func (s *State) findRuleContradiction(sol *solver.Grid, cache *refutationCache) (Step, bool) {
	n := s.t.size
	var base, p ruleProp
	base.load(s)
	bestN, bestC, bestD := maxRuleImps+1, -1, 0
	for cache != nil && len(cache.rules) > 0 && bestC < 0 {
		x := cache.rules[0]
		cache.rules = cache.rules[1:]
		if !s.cand[x.Cell].has(x.Digit) {
			continue
		}
		p = base
		p.imps = nil
		if why := p.refute(RulesCell(n, x.Cell), x.Digit); why != "" {
			bestN, bestC, bestD = len(p.imps), x.Cell, x.Digit
		}
	}
	type found struct {
		x Candidate
		k int
	}
	var all []found
	lastK := 2
	for k, x := range s.trials(sol) {
		if bestC >= 0 && cache != nil && len(all) == 0 {
			break // a cached refutation
		}
		if k != lastK && bestN <= 3 {
			break // a short enough run among the cells with fewer candidates
		}
		lastK = k
		p = base
		p.imps = nil
		if why := p.refute(RulesCell(n, x.Cell), x.Digit); why != "" {
			all = append(all, found{x, len(p.imps)})
			if len(p.imps) < bestN {
				bestN, bestC, bestD = len(p.imps), x.Cell, x.Digit
			}
		}
	}
	if bestC < 0 {
		return Step{}, false
	}
	if cache != nil && len(all) > 1 {
		sort.SliceStable(all, func(i, j int) bool { return all[i].k < all[j].k })
		cache.rules = cache.rules[:0]
		for _, f := range all {
			if f.x != (Candidate{bestC, bestD}) {
				cache.rules = append(cache.rules, f.x)
			}
		}
	}
	p = base
	p.imps = nil
	why := p.refute(RulesCell(n, bestC), bestD)
	var b strings.Builder
	fmt.Fprintf(&b, "If %s were %d, then ", solver.CellName(bestC), bestD)
	pat := []Candidate{{bestC, bestD}}
	var parts []string
	var rules []int
	for _, im := range p.imps {
		if im.cell == bestC {
			continue
		}
		pat = append(pat, Candidate{im.cell, im.digit})
		switch {
		case im.unit >= 0:
			parts = append(parts, fmt.Sprintf("%s would be %d (the last place in %s)", solver.CellName(im.cell), im.digit, s.unitName(im.unit)))
		case im.rule >= 0:
			parts = append(parts, fmt.Sprintf("%s would be %d (its last candidate, by %s)", solver.CellName(im.cell), im.digit, ruleLabel(s.t.rules, im.rule)))
			rules = appendUniqueInt(rules, im.rule)
		default:
			parts = append(parts, fmt.Sprintf("%s would be %d (its last candidate)", solver.CellName(im.cell), im.digit))
		}
	}
	parts = append(parts, why)
	b.WriteString(andList(parts))
	fmt.Fprintf(&b, "; so %s is not %d.", solver.CellName(bestC), bestD)
	return Step{
		Technique:    Contradiction,
		Pattern:      pat,
		Eliminations: []Candidate{{bestC, bestD}},
		Rules:        rules,
		Explanation:  b.String(),
		Rating:       Contradiction.Rating() + 0.1*float64(min(len(p.imps), 20)/4),
	}, true
}

// ruleLabel names constraint i of r in a few words: "the cage at r1c1",
// "the thermometer from r3c3", "the anti-knight rule".
func ruleLabel(r *solver.Rules, i int) string {
	c := r.Constraints[i]
	cells := constraintCells(r.Size, c)
	at := ""
	if len(cells) > 0 {
		at = solver.CellName(cells[0])
	}
	switch k := c.(type) {
	case *solver.Killer:
		return "the cage at " + at
	case *solver.LittleKiller:
		return "the little killer from " + at
	case *solver.Arrow:
		return "the arrow from " + at
	case *solver.Sandwich:
		return "the sandwich clue of the line through " + at
	case *solver.Thermometer:
		return "the thermometer from " + at
	case *solver.Whispers:
		return "the whispers line at " + at
	case *solver.Renban:
		return "the renban line at " + at
	case *solver.Palindrome:
		return "the palindrome at " + at
	case *solver.Between:
		return "the between line from " + at
	case *solver.Clone:
		return "the clone at " + at
	case *solver.Difference:
		return "the white dot at " + at
	case *solver.Ratio:
		return "the black dot at " + at
	case *solver.XV:
		return "the X or V at " + at
	case *solver.Odd:
		return "the odd cell " + at
	case *solver.Even:
		return "the even cell " + at
	case *solver.Minimum:
		return "the minimum at " + at
	case *solver.Maximum:
		return "the maximum at " + at
	case *solver.Quadruple:
		return "the quadruple at " + at
	case *solver.RowIndexer:
		return "the row indexers at " + indexerCells(r.Size, k.Cells)
	case *solver.ColumnIndexer:
		return "the column indexers at " + indexerCells(r.Size, k.Cells)
	case *solver.BoxIndexer:
		return "the box indexers at " + indexerCells(r.Size, k.Cells)
	case *solver.NonConsecutive:
		return "the non-consecutive rule"
	case *solver.NoDifference:
		return "the rule that all white dots are given"
	case *solver.NoRatio:
		return "the rule that all black dots are given"
	case *solver.NoXV:
		return "the rule that all X and V are given"
	}
	return "the rule " + c.Kind()
}

// indexerCells names an indexer's cells (rules' numbering) in a few words:
// constraintCells leaves them out, as an indexer reaches their whole rows,
// columns or boxes.
func indexerCells(n int, cells []int) string {
	names := make([]string, 0, 3)
	for i, c := range cells {
		if i == 2 && len(cells) > 3 {
			names = append(names, fmt.Sprintf("and %d more", len(cells)-2))
			break
		}
		names = append(names, solver.CellName(FrameCell(n, c)))
	}
	return strings.Join(names, ", ")
}
