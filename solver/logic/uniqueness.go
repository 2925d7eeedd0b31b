package logic

import (
	"fmt"
	"strconv"

	"sudoku/solver"
)

// findUniqueRectangle finds type 1: four cells on two rows, two columns and
// two boxes, three of them holding only the same two digits. If the fourth
// held one of them too, the two digits could swap between the four cells and
// the puzzle would not have a unique solution. The swap keeps every row,
// column and box whole but may break an extra unit, so cells on a variant's
// extra units (the diagonals) are never used.
func (s *State) findUniqueRectangle() (Step, bool) {
	for r1 := 0; r1 < 9; r1++ {
		for r2 := r1 + 1; r2 < 9; r2++ {
			for c1 := 0; c1 < 9; c1++ {
				for c2 := c1 + 1; c2 < 9; c2++ {
					if r1/3 != r2/3 && c1/3 != c2/3 {
						continue // four boxes
					}
					if r1/3 == r2/3 && c1/3 == c2/3 {
						continue // one box
					}
					cs := [4]int{r1*9 + c1, r1*9 + c2, r2*9 + c1, r2*9 + c2}
					skip := false
					for _, c := range cs {
						if s.val[c] != 0 || s.t.extra[c] || s.cand[c].count() < 2 {
							skip = true
						}
					}
					if skip {
						continue
					}
					for odd := 0; odd < 4; odd++ {
						var m digitMask
						ok := true
						for k, c := range cs {
							if k == odd {
								continue
							}
							if s.cand[c].count() != 2 || (m != 0 && s.cand[c] != m) {
								ok = false
								break
							}
							m = s.cand[c]
						}
						if !ok || s.cand[cs[odd]]&m == 0 || s.cand[cs[odd]] == m {
							continue
						}
						var es []Candidate
						for _, d := range (s.cand[cs[odd]] & m).digits() {
							es = append(es, Candidate{cs[odd], d})
						}
						ds := m.digits()
						var pat []Candidate
						for _, c := range cs {
							for _, d := range ds {
								if s.cand[c].has(d) {
									pat = append(pat, Candidate{c, d})
								}
							}
						}
						var odds []string
						for _, d := range (s.cand[cs[odd]] & m).digits() {
							odds = append(odds, strconv.Itoa(d))
						}
						var others []int
						for k, c := range cs {
							if k != odd {
								others = append(others, c)
							}
						}
						return Step{
							Technique:    UniqueRectangle,
							Pattern:      pat,
							Units:        []int{r1, r2, 9 + c1, 9 + c2},
							Eliminations: es,
							Explanation: fmt.Sprintf("%s hold only %d or %d. If %s were %s too, the four cells could swap %d and %d and the puzzle would have two solutions; so %s removed from %s.",
								cellList(others), ds[0], ds[1], solver.CellName(cs[odd]), orList(odds), ds[0], ds[1],
								map[bool]string{true: digitList((s.cand[cs[odd]]&m).digits(), "") + " is", false: digitList((s.cand[cs[odd]]&m).digits(), "") + " are"}[len(es) == 1],
								solver.CellName(cs[odd])),
							Rating: UniqueRectangle.Rating(),
						}, true
					}
				}
			}
		}
	}
	return Step{}, false
}

// findBUG finds BUG+1: every empty cell has two candidates except one with
// three. If removing digit x from that cell leaves every unplaced digit with
// exactly two places in every unit, then without x the position would have
// no solution or at least two (taking the other candidate in every cell
// gives a second one), so the cell holds x. The argument holds for any set
// of units.
func (s *State) findBUG() (Step, bool) {
	tri := -1
	for c := 0; c < 81; c++ {
		if s.val[c] != 0 {
			continue
		}
		switch s.cand[c].count() {
		case 2:
		case 3:
			if tri >= 0 {
				return Step{}, false
			}
			tri = c
		default:
			return Step{}, false
		}
	}
	if tri < 0 {
		return Step{}, false
	}
	for _, x := range s.cand[tri].digits() {
		t := *s
		t.an = nil
		t.cand[tri] &^= bit(x)
		if !t.isBUG() {
			continue
		}
		return Step{
			Technique:   BUGPlusOne,
			Pattern:     []Candidate{{tri, x}},
			Units:       append([]int(nil), s.t.v.UnitsOf(tri)...),
			Placements:  []Candidate{{tri, x}},
			Explanation: fmt.Sprintf("Every empty cell but %s has two candidates. If %s were not %d, every digit would have exactly two places in each unit, a pattern with either no solution or two; so %s is %d.", solver.CellName(tri), solver.CellName(tri), x, solver.CellName(tri), x),
			Rating:      BUGPlusOne.Rating(),
		}, true
	}
	return Step{}, false
}

// isBUG reports whether every unit has every digit it lacks in exactly two
// cells (the cells are known to be bivalue).
func (s *State) isBUG() bool {
	for u := 0; u < s.t.nu; u++ {
		var once, twice, more digitMask
		var have digitMask
		for _, c := range s.t.units[u] {
			if s.val[c] != 0 {
				have |= bit(int(s.val[c]))
				continue
			}
			m := s.cand[c]
			more |= twice & m
			twice |= once & m
			once |= m
		}
		if more != 0 || once != twice || twice != allDigits&^have {
			return false
		}
	}
	return true
}
