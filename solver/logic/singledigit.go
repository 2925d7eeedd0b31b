package logic

import (
	"fmt"

	"sudoku/solver"
)

// strongLink is a unit in which a digit has exactly two places.
type strongLink struct {
	u, a, b int
}

// strongLinks returns the strong links of digit d in units of the given
// kinds (nil: every unit).
func (s *State) strongLinks(d int, kinds ...int) []strongLink {
	var out []strongLink
	for u := 0; u < s.t.nu; u++ {
		if len(kinds) > 0 {
			ok := false
			for _, k := range kinds {
				ok = ok || s.t.kind[u] == k
			}
			if !ok {
				continue
			}
		}
		cs := s.unitDigitCells(u, d)
		if cs.count() == 2 {
			l := cs.cells()
			out = append(out, strongLink{u, l[0], l[1]})
		}
	}
	return out
}

// seenByBoth returns the empty cells with candidate d that are peers of
// every cell in cs (and not in cs).
func (s *State) seenByBoth(d int, cs ...int) []Candidate {
	all := cellSet{^uint64(0), ^uint64(0)}
	for _, c := range cs {
		all = all.and(s.t.peers[c])
	}
	for _, c := range cs {
		all.remove(c)
	}
	return s.elimsOf(all, d)
}

// commonUnit returns a unit holding both a and b, preferring rows, columns
// and boxes in that order; -1 if none.
func (s *State) commonUnit(a, b int) int {
	for _, u := range s.t.unitsOf[a] {
		if s.t.unitSet[u].has(b) {
			return u
		}
	}
	return -1
}

// findTwoLinks finds two strong links of one digit whose near ends share a
// unit: then one of the far ends holds the digit. Skyscraper uses two rows
// or two columns; 2-String Kite one row and one column joined in a box.
func (s *State) findTwoLinks(tech Technique) (Step, bool) {
	for d := 1; d <= 9; d++ {
		links := s.strongLinks(d, kindRow, kindCol)
		for i, l1 := range links {
			for j, l2 := range links {
				if j <= i {
					continue
				}
				parallel := s.t.kind[l1.u] == s.t.kind[l2.u]
				if parallel != (tech == Skyscraper) {
					continue
				}
				for _, e1 := range [2][2]int{{l1.a, l1.b}, {l1.b, l1.a}} {
					for _, e2 := range [2][2]int{{l2.a, l2.b}, {l2.b, l2.a}} {
						near1, far1, near2, far2 := e1[0], e1[1], e2[0], e2[1]
						if near1 == near2 || near1 == far2 || far1 == near2 || far1 == far2 {
							continue
						}
						var via int
						if tech == Skyscraper {
							cross := 1 - s.t.kind[l1.u] // the kind joining the near ends
							via = -1
							for _, u := range s.t.unitsOf[near1] {
								if s.t.kind[u] == cross && s.t.unitSet[u].has(near2) {
									via = u
								}
							}
							if via < 0 || s.t.unitSet[via].has(far1) || s.t.unitSet[via].has(far2) {
								continue
							}
						} else {
							via = -1
							for _, u := range s.t.unitsOf[near1] {
								if s.t.kind[u] == kindBox && s.t.unitSet[u].has(near2) {
									via = u
								}
							}
							if via < 0 || s.t.unitSet[via].has(far1) || s.t.unitSet[via].has(far2) {
								continue
							}
						}
						es := s.seenByBoth(d, far1, far2)
						if len(es) == 0 {
							continue
						}
						return Step{
							Technique:    tech,
							Pattern:      []Candidate{{near1, d}, {far1, d}, {near2, d}, {far2, d}},
							Units:        []int{l1.u, l2.u, via},
							Eliminations: es,
							Explanation: fmt.Sprintf("In %s, %d can only go in %s or %s; in %s, only in %s or %s. %s and %s are both in %s, so at most one of them is %d: %s or %s is %d, and %d is removed from %s, which %s both.",
								s.unitName(l1.u), d, solver.CellName(near1), solver.CellName(far1),
								s.unitName(l2.u), solver.CellName(near2), solver.CellName(far2),
								solver.CellName(near1), solver.CellName(near2), s.unitName(via), d,
								solver.CellName(far1), solver.CellName(far2), d, d, cellsOfElims(es), sees(len(es))),
							Rating: tech.Rating(),
						}, true
					}
				}
			}
		}
	}
	return Step{}, false
}

// findEmptyRectangle finds a box whose places for a digit all lie in one
// row R and one column C of it (but not in one line alone), and a strong
// link of the digit in a row with one end X outside the box's stack and the
// other Y in column C (or the same with rows and columns swapped). The cell
// Z in row R and X's column cannot hold the digit: if it did, X would not,
// so Y would, and the box would have no place left (row R taken by Z,
// column C by Y).
func (s *State) findEmptyRectangle() (Step, bool) {
	for b := 0; b < 9; b++ {
		box := 18 + b
		for d := 1; d <= 9; d++ {
			in := s.unitDigitCells(box, d)
			if in.count() < 2 {
				continue
			}
			for i := 0; i < 3; i++ {
				for j := 0; j < 3; j++ {
					R, C := b/3*3+i, b%3*3+j // row and column of the cross, 0-based
					cross := s.t.unitSet[R].or(s.t.unitSet[9+C])
					if !in.subsetOf(cross) || in.subsetOf(s.t.unitSet[R]) || in.subsetOf(s.t.unitSet[9+C]) {
						continue
					}
					for orient := 0; orient < 2; orient++ {
						// orient 0: strong links in rows, Y in column C;
						// orient 1: strong links in columns, Y in row R.
						for line := 0; line < 9; line++ {
							u := orient*9 + line
							ends := s.unitDigitCells(u, d)
							if ends.count() != 2 || !ends.and(s.t.unitSet[box]).empty() {
								continue
							}
							l := ends.cells()
							for k := 0; k < 2; k++ {
								x, y := l[k], l[1-k]
								var z int
								if orient == 0 {
									if y%9 != C {
										continue
									}
									z = R*9 + x%9
								} else {
									if y/9 != R {
										continue
									}
									z = (x/9)*9 + C
								}
								if s.t.unitSet[box].has(z) || !s.cand[z].has(d) {
									continue
								}
								var pat []Candidate
								for _, c := range in.cells() {
									pat = append(pat, Candidate{c, d})
								}
								pat = append(pat, Candidate{x, d}, Candidate{y, d})
								lines := [2]string{s.unitName(R), s.unitName(9 + C)}
								return Step{
									Technique:    EmptyRectangle,
									Pattern:      pat,
									Units:        []int{box, u, R, 9 + C},
									Eliminations: []Candidate{{z, d}},
									Explanation: fmt.Sprintf("In %s, %d can only go in %s or %s (%s). In %s, %d can only go in %s or %s. If %s were %d, %s would not be, so %s would be, and %s would have no place left for %d; so %d is removed from %s.",
										s.unitName(box), d, lines[0], lines[1], cellList(in.cells()), s.unitName(u), d, solver.CellName(x), solver.CellName(y),
										solver.CellName(z), d, solver.CellName(x), solver.CellName(y), s.unitName(box), d, d, solver.CellName(z)),
									Rating: EmptyRectangle.Rating(),
								}, true
							}
						}
					}
				}
			}
		}
	}
	return Step{}, false
}
