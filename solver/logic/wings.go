package logic

import (
	"fmt"

	"sudoku/solver"
)

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
			if q1 == p || !s.t.isPeer(p, q1) {
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
				if q2 == p || q2 == q1 || !s.t.isPeer(p, q2) || s.cand[q2] != bit(y)|bit(z) {
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
			if !s.t.isPeer(p, q1) || s.cand[q1]&^xyz != 0 {
				continue
			}
			for _, q2 := range bv {
				if q2 <= q1 || !s.t.isPeer(p, q2) || s.cand[q2]&^xyz != 0 || s.cand[q2] == s.cand[q1] {
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
			if s.cand[p] != s.cand[q] || s.t.isPeer(p, q) {
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
						if x == p || x == q || y == p || y == q || !s.t.isPeer(x, p) || !s.t.isPeer(y, q) {
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
