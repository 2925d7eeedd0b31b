package logic

import (
	"fmt"

	"sudoku/solver"
)

// findCleanup finds a filled cell whose digit is still a candidate of a
// peer: the first step on a player's own candidates that missed one.
func (s *State) findCleanup() (Step, bool) {
	var planes [10]cellSet
	for c := 0; c < 81; c++ {
		for m := s.cand[c]; m != 0; m &= m - 1 {
			planes[m.lowest()].add(c)
		}
	}
	for c := 0; c < 81; c++ {
		d := int(s.val[c])
		if d == 0 || s.t.peers[c].and(planes[d]).empty() {
			continue
		}
		es := s.elimsOf(s.t.peers[c], d)
		if len(es) == 0 {
			continue
		}
		var cs []int
		for _, e := range es {
			cs = append(cs, e.Cell)
		}
		return Step{
			Technique:    Cleanup,
			Pattern:      []Candidate{{c, d}},
			Units:        s.sharedUnits(append([]int{c}, cs...), c),
			Eliminations: es,
			Explanation: fmt.Sprintf("%s holds %d, so %d is removed from its peers %s.",
				solver.CellName(c), d, d, cellList(cs)),
		}, true
	}
	return Step{}, false
}

// sharedUnits returns the units of cell c that contain at least one other
// cell of cs.
func (s *State) sharedUnits(cs []int, c int) []int {
	var out []int
	for _, u := range s.t.unitsOf[c] {
		for _, o := range cs {
			if o != c && s.t.unitSet[u].has(o) {
				out = append(out, u)
				break
			}
		}
	}
	return out
}

func (s *State) findFullHouse() (Step, bool) {
	for u := 0; u < s.t.nu; u++ {
		empty, at := 0, -1
		var have digitMask
		for _, c := range s.t.units[u] {
			if s.val[c] == 0 {
				empty++
				at = int(c)
			} else {
				have |= bit(int(s.val[c]))
			}
		}
		if empty != 1 {
			continue
		}
		missing := s.t.all &^ have
		if missing.count() != 1 || s.cand[at]&missing == 0 {
			continue
		}
		d := missing.lowest()
		return Step{
			Technique:   FullHouse,
			Pattern:     []Candidate{{at, d}},
			Units:       []int{u},
			Placements:  []Candidate{{at, d}},
			Explanation: fmt.Sprintf("%s is the last empty cell of %s, so it holds the missing digit %d.", solver.CellName(at), s.unitName(u), d),
			Rating:      FullHouse.Rating(),
		}, true
	}
	return Step{}, false
}

// hiddenSingleOrder visits boxes first (the easiest to see), then rows,
// columns and any extra units.
func (s *State) findHiddenSingle() (Step, bool) {
	for _, u := range s.t.hsOrder {
		for d := 1; d <= 9; d++ {
			cs := s.unitDigitCells(u, d)
			if cs.count() != 1 {
				continue
			}
			c := cs.first()
			r := 1.5
			if s.t.kind[u] == kindBox {
				r = 1.2
			}
			return Step{
				Technique:   HiddenSingle,
				Pattern:     []Candidate{{c, d}},
				Units:       []int{u},
				Placements:  []Candidate{{c, d}},
				Explanation: fmt.Sprintf("In %s, %d can only go in %s.", s.unitName(u), d, solver.CellName(c)),
				Rating:      r,
			}, true
		}
	}
	return Step{}, false
}

func (s *State) findNakedSingle() (Step, bool) {
	for c := 0; c < 81; c++ {
		if s.val[c] != 0 || s.cand[c].count() != 1 {
			continue
		}
		d := s.cand[c].lowest()
		return Step{
			Technique:   NakedSingle,
			Pattern:     []Candidate{{c, d}},
			Units:       append([]int(nil), s.t.unitsOf[c]...),
			Placements:  []Candidate{{c, d}},
			Explanation: fmt.Sprintf("%d is the only candidate left in %s: its peers rule out every other digit.", d, solver.CellName(c)),
			Rating:      NakedSingle.Rating(),
		}, true
	}
	return Step{}, false
}
