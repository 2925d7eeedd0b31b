package logic

import (
	"fmt"
	"math/bits"
	"strings"

	"sudoku/solver"
)

// findConstraint finds a constraint of the rules (a cage, a thermometer, a
// dot, ...) that rules out candidates of its cells by itself, given the
// candidates of the cells it reads: the constraint's own propagation step
// (solver.Rules.Narrow), told as the rule and what it leaves. Constraints
// are tried in the rules' order.
func (s *State) findConstraint() (Step, bool) {
	if len(s.t.cons) == 0 {
		return Step{}, false
	}
	r := s.t.rules
	n := r.Size
	var before, after [81]uint16
	for c := 0; c < n*n; c++ {
		f := FrameCell(n, c)
		if v := s.val[f]; v != 0 {
			before[c] = 1 << (v - 1)
		} else {
			before[c] = uint16(s.cand[f])
		}
	}
	for i := range s.t.cons {
		ri := &s.t.cons[i]
		after = before
		if !r.Narrow(ri.index, after[:n*n]) {
			continue // broken: the position has no solution; another step says why
		}
		if _, ok := ri.c.(*solver.Thermometer); ok {
			// A thermometer passes an upper bound back one cell per
			// narrowing: narrow to the end, for the whole line's bounds.
			for prev := before; prev != after; {
				prev = after
				if !r.Narrow(ri.index, after[:n*n]) {
					break
				}
			}
		}
		var es []Candidate
		for c := 0; c < n*n; c++ {
			f := FrameCell(n, c)
			if s.val[f] != 0 {
				continue
			}
			for _, d := range digitMask(before[c] &^ after[c]).digits() {
				es = append(es, Candidate{f, d})
			}
		}
		if len(es) > 0 {
			return s.constraintStep(ri, before[:n*n], after[:n*n], es), true
		}
		if st, ok := s.findGroupDigit(ri, before[:n*n]); ok {
			return st, true
		}
	}
	return Step{}, false
}

// findGroupDigit finds, for a cage or a renban line (cells that differ and
// hold one of a few sets of digits), a digit every set it can still hold
// contains: the group holds it, so if one cell of the group can take it,
// that cell does; else every cell outside the group that sees all its
// places loses it.
func (s *State) findGroupDigit(ri *ruleInfo, cand []uint16) (Step, bool) {
	n := s.t.size
	var cells []int
	var sets []uint16
	switch k := ri.c.(type) {
	case *solver.Killer:
		if k.Sum == 0 {
			return Step{}, false
		}
		cells, sets = k.Cells, digitSetsFor(k.Cells, cand, sumSetsOf(len(k.Cells), k.Sum, n))
	case *solver.Renban:
		var runs []uint16
		for lo := 1; lo+len(k.Cells)-1 <= n; lo++ {
			runs = append(runs, uint16(1<<(lo+len(k.Cells)-1)-1)&^uint16(1<<(lo-1)-1))
		}
		cells, sets = k.Cells, digitSetsFor(k.Cells, cand, runs)
	default:
		return Step{}, false
	}
	if len(sets) == 0 {
		return Step{}, false
	}
	rule := strings.TrimSuffix(ri.c.Describe(s.t.rules), ".")
	single := len(sets) == 1
	ways := func(ds []int) string {
		if single {
			return "it can only hold " + digitList(digitMask(sets[0]).digits(), "")
		}
		return "every set of digits it can still hold has " + digitList(ds, "")
	}
	must := ^uint16(0)
	for _, set := range sets {
		must &= set
	}
	var es, pat []Candidate
	var held []int
	for m := must; m != 0; m &= m - 1 {
		d := bits.TrailingZeros16(m) + 1
		var places []int // frame cells of the group that may hold d
		filled := false
		for _, c := range cells {
			f := FrameCell(n, c)
			if int(s.val[f]) == d {
				filled = true
			}
			if s.val[f] == 0 && s.cand[f].has(d) {
				places = append(places, f)
			}
		}
		if filled || len(places) == 0 {
			continue
		}
		if len(places) == 1 {
			f := places[0]
			return Step{
				Technique:   Constraint,
				Pattern:     []Candidate{{f, d}},
				Placements:  []Candidate{{f, d}},
				Rules:       []int{ri.index},
				Explanation: fmt.Sprintf("%s; %s, and of its cells only %s can hold %d: %s is %d.", rule, ways([]int{d}), solver.CellName(f), d, solver.CellName(f), d),
				Rating:      Constraint.Rating(),
			}, true
		}
		seen := cellSet{^uint64(0), ^uint64(0)}
		for _, f := range places {
			seen = seen.and(s.t.peers[f])
		}
		for _, c := range cells {
			seen.remove(FrameCell(n, c))
		}
		if e := s.elimsOf(seen, d); len(e) > 0 {
			es = append(es, e...)
			held = append(held, d)
			for _, f := range places {
				pat = append(pat, Candidate{f, d})
			}
		}
	}
	if len(es) == 0 {
		return Step{}, false
	}
	return Step{
		Technique:    Constraint,
		Pattern:      pat,
		Eliminations: es,
		Rules:        []int{ri.index},
		Explanation: fmt.Sprintf("%s; %s, so a cell outside it that sees all its places for %s cannot hold %s: remove %s.",
			rule, ways(held), orDigits(held), thatDigit(held), elimText(es)),
		Rating: Constraint.Rating(),
	}, true
}

// orDigits writes "7" or "7 or 9"; thatDigit "7" or "that digit".
func orDigits(ds []int) string {
	xs := make([]string, len(ds))
	for i, d := range ds {
		xs[i] = fmt.Sprint(d)
	}
	return orList(xs)
}

func thatDigit(ds []int) string {
	if len(ds) == 1 {
		return fmt.Sprint(ds[0])
	}
	return "that digit"
}

// orCells writes cells as "r1c2, r1c5 or r3c4".
func orCells(cs []int) string {
	names := make([]string, len(cs))
	for i, c := range cs {
		names[i] = solver.CellName(c)
	}
	return orList(names)
}

// constraintStep writes the step of constraint ri, which narrowed the
// candidates before (rules' cell numbering) to after, removing es.
func (s *State) constraintStep(ri *ruleInfo, before, after []uint16, es []Candidate) Step {
	r := s.t.rules
	n := r.Size
	pat := []Candidate{}
	cells := ri.cells
	if cells == nil { // a rule over the whole grid: the cells it narrowed
		for _, e := range es {
			cells = appendUniqueInt(cells, e.Cell)
		}
	}
	for _, f := range cells {
		rc := RulesCell(n, f)
		if s.val[f] != 0 {
			continue
		}
		for _, d := range digitMask(after[rc]).digits() {
			pat = append(pat, Candidate{f, d})
		}
	}
	rule := strings.TrimSuffix(ri.c.Describe(r), ".")
	var why string
	switch k := ri.c.(type) {
	case *solver.Killer:
		why = setsPhrase("it", "+", digitSetsFor(k.Cells, before, sumSetsOf(len(k.Cells), k.Sum, n)))
	case *solver.Renban:
		var runs []uint16
		for lo := 1; lo+len(k.Cells)-1 <= n; lo++ {
			runs = append(runs, uint16(1<<(lo+len(k.Cells)-1)-1)&^uint16(1<<(lo-1)-1))
		}
		why = setsPhrase("the run", "-", digitSetsFor(k.Cells, before, runs))
	case *solver.Thermometer:
		why = thermoPhrase(r, k.Cells, before, after)
	case *solver.Whispers:
		why = whispersPhrase(k.Diff, n, es)
	}
	var changed []string
	done := map[int]bool{}
	for _, e := range es {
		if done[e.Cell] {
			continue
		}
		done[e.Cell] = true
		changed = append(changed, cellRange(e.Cell, digitMask(before[RulesCell(n, e.Cell)]), digitMask(after[RulesCell(n, e.Cell)])))
	}
	text := rule + "; "
	if why != "" {
		text += why + ", so "
	} else {
		text += "so "
	}
	text += andList(changed) + ": remove " + elimByCell(es) + "."
	return Step{
		Technique:    Constraint,
		Pattern:      pat,
		Eliminations: es,
		Rules:        []int{ri.index},
		Explanation:  text,
		Rating:       Constraint.Rating(),
	}
}

// cellRange says what a cell can still be: "r3c4 is at least 6", "r3c4
// is at most 3", "r3c4 is 4 to 7" when the digits left are a run that
// lost only digits beyond it, else "r3c4 can only be 1/2/8/9".
func cellRange(c int, before, after digitMask) string {
	name := solver.CellName(c)
	lo, hi := after.lowest(), 16-bits.LeadingZeros16(uint16(after))
	if after.count() == 1 {
		return fmt.Sprintf("%s must be %d", name, lo)
	}
	span := (digitMask(1)<<hi - 1) &^ (bit(lo) - 1) // lo..hi
	removed := before &^ after
	if after == before&span && removed&span == 0 {
		below, above := removed&(bit(lo)-1) != 0, removed&^span != 0
		switch {
		case below && above && hi == lo+1:
			return fmt.Sprintf("%s is %d or %d", name, lo, hi)
		case below && above:
			return fmt.Sprintf("%s is %d to %d", name, lo, hi)
		case below:
			return fmt.Sprintf("%s is at least %d", name, lo)
		case above:
			return fmt.Sprintf("%s is at most %d", name, hi)
		}
	}
	return fmt.Sprintf("%s can only be %s", name, digitList(after.digits(), "/"))
}

// sumSetsOf returns the sets of k different digits of 1..n summing to
// sum (every set of k digits when sum is 0).
func sumSetsOf(k, sum, n int) []uint16 {
	var out []uint16
	for m := uint16(1); m < 1<<n; m++ {
		if bits.OnesCount16(m) != k {
			continue
		}
		t := 0
		for x := m; x != 0; x &= x - 1 {
			t += bits.TrailingZeros16(x) + 1
		}
		if sum == 0 || t == sum {
			out = append(out, m)
		}
	}
	return out
}

// digitSetsFor returns the sets that the cells (rules' numbering), each
// taking a different digit of the set, can still hold with candidates
// cand.
func digitSetsFor(cells []int, cand []uint16, sets []uint16) []uint16 {
	var out []uint16
	for _, set := range sets {
		if fits(cells, cand, set, 0, 0) {
			out = append(out, set)
		}
	}
	return out
}

// fits reports whether cells[i:] can take the digits of set not in used,
// one each.
func fits(cells []int, cand []uint16, set, used uint16, i int) bool {
	if i == len(cells) {
		return true
	}
	for m := cand[cells[i]] & set &^ used; m != 0; m &= m - 1 {
		if fits(cells, cand, set, used|m&-m, i+1) {
			return true
		}
	}
	return false
}

// setsPhrase says which sets of digits a group can hold: "it holds 1 and
// 2", "it holds 1+2+6 or 1+3+5".
func setsPhrase(subject, sep string, sets []uint16) string {
	switch {
	case len(sets) == 0 || len(sets) > 6:
		return ""
	case len(sets) == 1 && subject == "it":
		return "it holds " + digitList(digitMask(sets[0]).digits(), "")
	}
	var alts []string
	for _, set := range sets {
		alts = append(alts, digitList(digitMask(set).digits(), sep))
	}
	if subject == "it" {
		return "it holds " + orList(alts)
	}
	return subject + " is " + orList(alts)
}

// thermoPhrase says the bounds a thermometer passes along its whole line:
// "r3c4 comes after r3c3 (at least 5)", "r3c6 comes 3 cells before r3c9
// (at most 8)" for each cell whose candidates it narrowed, from the cell
// of the line that bounds it tightest (the nearest on a tie).
func thermoPhrase(r *solver.Rules, cells []int, before, after []uint16) string {
	n := r.Size
	var parts []string
	for i, c := range cells {
		if before[c] == after[c] {
			continue
		}
		var bits []string
		if lo := lowDigitOf(after[c]); lo > lowDigitOf(before[c]) {
			best, bound := -1, 0
			for j := i - 1; j >= 0; j-- {
				if b := lowDigitOf(after[cells[j]]) + i - j; b > bound {
					best, bound = j, b
				}
			}
			if best >= 0 && bound == lo {
				bits = append(bits, fmt.Sprintf("comes %safter %s (at least %d)", cellsApart(i-best), solver.CellName(FrameCell(n, cells[best])), lowDigitOf(after[cells[best]])))
			}
		}
		if hi := highDigitOf(after[c]); hi < highDigitOf(before[c]) {
			best, bound := -1, 99
			for j := i + 1; j < len(cells); j++ {
				if b := highDigitOf(after[cells[j]]) - (j - i); b < bound {
					best, bound = j, b
				}
			}
			if best >= 0 && bound == hi {
				bits = append(bits, fmt.Sprintf("comes %sbefore %s (at most %d)", cellsApart(best-i), solver.CellName(FrameCell(n, cells[best])), highDigitOf(after[cells[best]])))
			}
		}
		if len(bits) > 0 {
			parts = append(parts, solver.CellName(FrameCell(n, c))+" "+andList(bits))
		}
	}
	if len(parts) > 2 {
		return "" // the bounds below say it shorter
	}
	return andList(parts)
}

// cellsApart writes "" for a neighbour, "3 cells " for cells further on.
func cellsApart(k int) string {
	if k == 1 {
		return ""
	}
	return fmt.Sprintf("%d cells ", k)
}

func lowDigitOf(m uint16) int  { return bits.TrailingZeros16(m) + 1 }
func highDigitOf(m uint16) int { return 16 - bits.LeadingZeros16(m) }

// whispersPhrase says why a whispers line removes digits that no digit of
// 1..n is far enough from: "no digit of 1 to 9 is 5 or more away from 5";
// "" when some removed digit has a partner (its neighbours' candidates
// say why).
func whispersPhrase(diff, n int, es []Candidate) string {
	if diff == 0 {
		diff = 5
	}
	var lonely []int
	for _, e := range es {
		if e.Digit-diff >= 1 || e.Digit+diff <= n {
			return ""
		}
		lonely = appendUniqueInt(lonely, e.Digit)
	}
	return fmt.Sprintf("no digit of 1 to %d is %d or more away from %s", n, diff, orDigits(lonely))
}
