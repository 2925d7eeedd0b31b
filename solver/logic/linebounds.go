package logic

import (
	"fmt"
	"strings"

	"sudoku/solver"
)

// findLineBounds finds a between line whose inner cells, some of which
// see each other and so hold different digits, need more room between its
// two ends than an end's candidate leaves: with m inner cells that all
// differ, the ends are at least m+1 apart, so an end keeps only the
// digits with a partner that far in the other end. (Thermometers are
// bounded over their whole length by the Constraint step.)
func (s *State) findLineBounds() (Step, bool) {
	n := s.t.size
	for i := range s.t.cons {
		ri := &s.t.cons[i]
		b, ok := ri.c.(*solver.Between)
		if !ok {
			continue
		}
		cells := framed(n, b.Cells)
		inner := cells[1 : len(cells)-1]
		group := s.largestClique(inner)
		m := len(group)
		if m < 2 {
			continue // one inner digit: the Constraint step's bounds say it
		}
		ends := [2]int{cells[0], cells[len(cells)-1]}
		var es []Candidate
		var keep [2]digitMask
		for k, e := range ends {
			o := ends[1-k]
			om := s.digitsOf(o)
			for _, x := range s.digitsOf(e).digits() {
				far := false
				for _, y := range om.digits() {
					if x-y > m || y-x > m {
						far = true
						break
					}
				}
				if far {
					keep[k] |= bit(x)
				} else if s.val[e] == 0 {
					es = append(es, Candidate{e, x})
				}
			}
		}
		if len(es) == 0 {
			continue
		}
		var pat []Candidate
		for k, e := range ends {
			if s.val[e] == 0 {
				for _, d := range keep[k].digits() {
					pat = append(pat, Candidate{e, d})
				}
			}
		}
		rule := strings.TrimSuffix(ri.c.Describe(s.t.rules), ".")
		text := fmt.Sprintf("%s; %s see each other, so they hold %d different digits strictly between the ends, which are therefore at least %d apart: remove %s.",
			rule, cellList(group), m, m+1, elimByCell(es))
		return Step{
			Technique:    LineBounds,
			Pattern:      pat,
			Eliminations: es,
			Rules:        []int{ri.index},
			Explanation:  text,
			Rating:       LineBounds.Rating(),
		}, true
	}
	return Step{}, false
}

// digitsOf returns a cell's candidates, or its digit when it is filled.
func (s *State) digitsOf(c int) digitMask {
	if v := s.val[c]; v != 0 {
		return bit(int(v))
	}
	return s.cand[c]
}

// largestClique returns the largest set of cells (frame) that all see
// each other, greedily from each cell in turn (lines are short).
func (s *State) largestClique(cells []int) []int {
	var best []int
	for i := range cells {
		g := []int{cells[i]}
		for _, c := range cells {
			all := c != cells[i]
			for _, x := range g {
				all = all && c != x && s.t.peers[c].has(x)
			}
			if all {
				g = append(g, c)
			}
		}
		if len(g) > len(best) {
			best = g
		}
	}
	return best
}
