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
				ok = ok || kind(u) == k
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
	for _, u := range s.t.v.UnitsOf(a) {
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
				parallel := kind(l1.u) == kind(l2.u)
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
							cross := 1 - kind(l1.u) // the kind joining the near ends
							via = -1
							for _, u := range s.t.v.UnitsOf(near1) {
								if kind(u) == cross && s.t.unitSet[u].has(near2) {
									via = u
								}
							}
							if via < 0 || s.t.unitSet[via].has(far1) || s.t.unitSet[via].has(far2) {
								continue
							}
						} else {
							via = -1
							for _, u := range s.t.v.UnitsOf(near1) {
								if kind(u) == kindBox && s.t.unitSet[u].has(near2) {
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

// bivalues returns the empty cells with exactly two candidates.
func (s *State) bivalues() []int {
	var out []int
	for c := 0; c < 81; c++ {
		if s.val[c] == 0 && s.cand[c].count() == 2 {
			out = append(out, c)
		}
	}
	return out
}

func (s *State) findXYWing() (Step, bool) {
	bv := s.bivalues()
	for _, p := range bv {
		xy := s.cand[p]
		for _, q1 := range bv {
			if q1 == p || !s.t.v.IsPeer(p, q1) {
				continue
			}
			shared := s.cand[q1] & xy
			if shared.count() != 1 {
				continue
			}
			x := shared.lowest()
			z := (s.cand[q1] &^ shared).lowest()
			y := (xy &^ shared).lowest()
			for _, q2 := range bv {
				if q2 == p || q2 == q1 || !s.t.v.IsPeer(p, q2) || s.cand[q2] != bit(y)|bit(z) {
					continue
				}
				es := s.seenByBoth(z, q1, q2)
				if len(es) == 0 {
					continue
				}
				return Step{
					Technique:    XYWing,
					Pattern:      []Candidate{{p, x}, {p, y}, {q1, x}, {q1, z}, {q2, y}, {q2, z}},
					Units:        []int{s.commonUnit(p, q1), s.commonUnit(p, q2)},
					Eliminations: es,
					Explanation: fmt.Sprintf("%s holds %d or %d. If %d, then %s (%d/%d) is %d; if %d, then %s (%d/%d) is %d. Either way %s or %s is %d, so %d is removed from %s, which %s both.",
						solver.CellName(p), x, y, x, solver.CellName(q1), x, z, z, y, solver.CellName(q2), y, z, z,
						solver.CellName(q1), solver.CellName(q2), z, z, cellsOfElims(es), sees(len(es))),
					Rating: XYWing.Rating(),
				}, true
			}
		}
	}
	return Step{}, false
}

func (s *State) findXYZWing() (Step, bool) {
	bv := s.bivalues()
	for p := 0; p < 81; p++ {
		if s.val[p] != 0 || s.cand[p].count() != 3 {
			continue
		}
		xyz := s.cand[p]
		for _, q1 := range bv {
			if !s.t.v.IsPeer(p, q1) || s.cand[q1]&^xyz != 0 {
				continue
			}
			for _, q2 := range bv {
				if q2 <= q1 || !s.t.v.IsPeer(p, q2) || s.cand[q2]&^xyz != 0 || s.cand[q2] == s.cand[q1] {
					continue
				}
				zm := s.cand[q1] & s.cand[q2]
				z := zm.lowest()
				es := s.seenByBoth(z, p, q1, q2)
				if len(es) == 0 {
					continue
				}
				ds := xyz.digits()
				return Step{
					Technique:    XYZWing,
					Pattern:      []Candidate{{p, ds[0]}, {p, ds[1]}, {p, ds[2]}, {q1, z}, {q2, z}},
					Units:        []int{s.commonUnit(p, q1), s.commonUnit(p, q2)},
					Eliminations: es,
					Explanation: fmt.Sprintf("%s holds %s, %s holds %s and %s holds %s, all peers of %s. Whatever %s holds, one of the three cells is %d, so %d is removed from %s, which %s all three.",
						solver.CellName(p), digitList(ds, "/"), solver.CellName(q1), digitList(s.cand[q1].digits(), "/"),
						solver.CellName(q2), digitList(s.cand[q2].digits(), "/"), solver.CellName(p),
						solver.CellName(p), z, z, cellsOfElims(es), sees(len(es))),
					Rating: XYZWing.Rating(),
				}, true
			}
		}
	}
	return Step{}, false
}

func (s *State) findWWing() (Step, bool) {
	bv := s.bivalues()
	var links [10][]strongLink
	for d := 1; d <= 9; d++ {
		links[d] = s.strongLinks(d)
	}
	for i, p := range bv {
		for _, q := range bv[i+1:] {
			if s.cand[p] != s.cand[q] || s.t.v.IsPeer(p, q) {
				continue
			}
			ds := s.cand[p].digits()
			for k := 0; k < 2; k++ {
				a, b := ds[k], ds[1-k]
				es := s.seenByBoth(b, p, q)
				if len(es) == 0 {
					continue
				}
				for _, l := range links[a] {
					for _, e := range [2][2]int{{l.a, l.b}, {l.b, l.a}} {
						x, y := e[0], e[1]
						if x == p || x == q || y == p || y == q || !s.t.v.IsPeer(x, p) || !s.t.v.IsPeer(y, q) {
							continue
						}
						return Step{
							Technique:    WWing,
							Pattern:      []Candidate{{p, a}, {p, b}, {q, a}, {q, b}, {x, a}, {y, a}},
							Units:        []int{l.u},
							Eliminations: es,
							Explanation: fmt.Sprintf("%s and %s both hold only %d or %d. In %s, %d can only go in %s or %s, which see %s and %s; so %s and %s cannot both be %d, one of them is %d, and %d is removed from %s, which %s both.",
								solver.CellName(p), solver.CellName(q), a, b, s.unitName(l.u), a, solver.CellName(x), solver.CellName(y),
								solver.CellName(p), solver.CellName(q), solver.CellName(p), solver.CellName(q), a, b, b, cellsOfElims(es), sees(len(es))),
							Rating: WWing.Rating(),
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
