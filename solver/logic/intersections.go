package logic

import "fmt"

// findLocked finds a digit whose places in unit a all lie in unit b, and
// removes it from the rest of b. pointing selects a as a box; otherwise a is
// any other unit (a line claiming a box, or a diagonal confined to a box).
func (s *State) findLocked(pointing bool) (Step, bool) {
	tech := LockedClaiming
	if pointing {
		tech = LockedPointing
	}
	for _, p := range s.t.pairs {
		if (kind(p.a) == kindBox) != pointing {
			continue
		}
		for d := 1; d <= 9; d++ {
			in := s.unitDigitCells(p.a, d)
			if in.count() < 2 || !in.subsetOf(p.inter) {
				continue
			}
			es := s.elimsOf(s.t.unitSet[p.b].andNot(p.inter), d)
			if len(es) == 0 {
				continue
			}
			cs := in.cells()
			var pat []Candidate
			for _, c := range cs {
				pat = append(pat, Candidate{c, d})
			}
			both := "both"
			if len(cs) > 2 {
				both = "all"
			}
			var ec []int
			for _, e := range es {
				ec = append(ec, e.Cell)
			}
			return Step{
				Technique:    tech,
				Pattern:      pat,
				Units:        []int{p.a, p.b},
				Eliminations: es,
				Explanation: fmt.Sprintf("In %s, %d can only go in %s, %s in %s, so %d is removed from the rest of %s: %s.",
					s.unitName(p.a), d, cellList(cs), both, s.unitName(p.b), d, s.unitName(p.b), cellList(ec)),
				Rating: tech.Rating(),
			}, true
		}
	}
	return Step{}, false
}
