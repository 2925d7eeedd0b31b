package logic

import (
	"fmt"

	"sudoku/solver"
)

// findColouring colours the cells of one digit joined by strong links in
// two colours; exactly one colour of each chain holds the digit. Two cells
// of one colour that see each other show that colour is false (colour wrap);
// a cell that sees both colours cannot hold the digit (colour trap).
func (s *State) findColouring() (Step, bool) {
	for d := 1; d <= 9; d++ {
		links := s.strongLinks(d)
		if len(links) < 2 {
			continue
		}
		var adj [81][]int
		for _, l := range links {
			adj[l.a] = append(adj[l.a], l.b)
			adj[l.b] = append(adj[l.b], l.a)
		}
		var colour [81]int8 // 0 none, 1 or 2
		for start := 0; start < 81; start++ {
			if len(adj[start]) == 0 || colour[start] != 0 {
				continue
			}
			var sets [3]cellSet
			var order []int
			queue := []int{start}
			colour[start] = 1
			ok := true
			for len(queue) > 0 {
				c := queue[0]
				queue = queue[1:]
				order = append(order, c)
				sets[colour[c]].add(c)
				for _, o := range adj[c] {
					if colour[o] == 0 {
						colour[o] = 3 - colour[c]
						queue = append(queue, o)
					} else if colour[o] == colour[c] {
						ok = false // an odd loop: the position has no solution
					}
				}
			}
			if !ok || len(order) < 3 {
				continue
			}
			var pat []Candidate
			for _, c := range order {
				pat = append(pat, Candidate{c, d})
			}
			var units []int // the units of the chain's strong links
			comp := sets[1].or(sets[2])
			for _, l := range links {
				if comp.has(l.a) {
					units = appendUniqueInt(units, l.u)
				}
			}
			names := func(k int) string { return cellList(sets[k].cells()) }
			// Colour wrap.
			for k := 1; k <= 2; k++ {
				cs := sets[k].cells()
				for i, a := range cs {
					for _, b := range cs[i+1:] {
						if !s.t.v.IsPeer(a, b) {
							continue
						}
						es := s.elimsOf(sets[k], d)
						return Step{
							Technique:    SimpleColouring,
							Pattern:      pat,
							Units:        appendUniqueInt(units, s.commonUnit(a, b)),
							Eliminations: es,
							Explanation: fmt.Sprintf("The places for %d joined by strong links take two colours, one of which holds %d: %s, or %s. %s and %s have the same colour and see each other, so that colour cannot be %d: %d is removed from %s.",
								d, d, names(k), names(3-k), solver.CellName(a), solver.CellName(b), d, d, cellsOfElims(es)),
							Rating: SimpleColouring.Rating(),
						}, true
					}
				}
			}
			// Colour trap.
			var seen [3]cellSet
			for k := 1; k <= 2; k++ {
				for _, c := range sets[k].cells() {
					seen[k] = seen[k].or(s.t.peers[c])
				}
			}
			trap := seen[1].and(seen[2]).andNot(sets[1].or(sets[2]))
			es := s.elimsOf(trap, d)
			if len(es) == 0 {
				continue
			}
			return Step{
				Technique:    SimpleColouring,
				Pattern:      pat,
				Units:        units,
				Eliminations: es,
				Explanation: fmt.Sprintf("The places for %d joined by strong links take two colours, one of which holds %d: %s, or %s. %s %s cells of both colours, so %d is removed there.",
					d, d, names(1), names(2), cellsOfElims(es), sees(len(es)), d),
				Rating: SimpleColouring.Rating(),
			}, true
		}
	}
	return Step{}, false
}
