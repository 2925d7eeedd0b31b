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
						if !s.t.isPeer(a, b) {
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

// findMedusa colours candidates of every digit at once (3D Medusa): strong
// links, a digit's two places in a unit and a cell's two candidates, join
// candidates that take the two colours in turn, and all candidates of one
// colour are true. A colour that would put two digits in one cell, one
// digit twice in a unit, or leave an uncoloured cell without a candidate is
// false: its candidates go. Otherwise an uncoloured candidate that clashes
// with both colours (is in the cell of, or a peer with the same digit as, a
// candidate of each) goes. Components of one digit are left to Simple
// Colouring.
func (s *State) findMedusa() (Step, bool) {
	w := chainPool.Get().(*chainWork)
	defer chainPool.Put(w)
	g := &w.g
	s.buildChainGraph(g)
	var done candSet
	queue := make([]int, 0, 729)
	for start := 0; start < 729; start++ {
		if !g.present.has(start) || g.nStrong[start] == 0 || done.has(start) {
			continue
		}
		var col [3]candSet
		var members [3][]int
		queue = append(queue[:0], start)
		done.add(start)
		col[1].add(start)
		colourOf := map[int]int{start: 1}
		digits := digitMask(0)
		for len(queue) > 0 {
			n := queue[0]
			queue = queue[1:]
			k := colourOf[n]
			members[k] = append(members[k], n)
			digits |= bit(n%9 + 1)
			for i := 0; i < int(g.nStrong[n]); i++ {
				m := int(g.strong[n][i])
				if !done.has(m) {
					done.add(m)
					colourOf[m] = 3 - k
					col[3-k].add(m)
					queue = append(queue, m)
				}
			}
		}
		if digits.count() < 2 {
			continue
		}
		if st, ok := s.medusaStep(col, members); ok {
			return st, true
		}
	}
	return Step{}, false
}

// clashes reports whether candidate x is weakly linked to a candidate of set.
func (s *State) clashes(x int, set *candSet) bool {
	sees := &s.t.candSees[x]
	for w := 0; w < 12; w++ {
		if sees[w]&set[w] != 0 {
			return true
		}
	}
	return false
}

// medusaStep looks for a false colour, then for candidates that clash with
// both colours.
func (s *State) medusaStep(col [3]candSet, members [3][]int) (Step, bool) {
	names := [3]string{"", "green", "blue"}
	candList := func(ns []int) string {
		var xs []string
		for _, n := range ns {
			xs = append(xs, Candidate{n / 9, n%9 + 1}.String())
		}
		return andList(xs)
	}
	var pat []Candidate
	for k := 1; k <= 2; k++ {
		for _, n := range members[k] {
			pat = append(pat, Candidate{n / 9, n%9 + 1})
		}
	}
	intro := fmt.Sprintf("Strong links (a digit's two places in a unit, a cell's two candidates) join these candidates in turn green and blue, so all of one colour are true: green %s; blue %s. ",
		candList(members[1]), candList(members[2]))
	for k := 1; k <= 2; k++ {
		why := ""
		ms := members[k]
	search:
		for i, a := range ms {
			for _, b := range ms[i+1:] {
				switch {
				case a/9 == b/9:
					why = fmt.Sprintf("%s would be both %d and %d", solver.CellName(a/9), a%9+1, b%9+1)
					break search
				case a%9 == b%9 && s.t.peers[a/9].has(b/9):
					why = fmt.Sprintf("%d would be twice in %s (%s and %s)", a%9+1, s.unitName(s.commonUnit(a/9, b/9)), solver.CellName(a/9), solver.CellName(b/9))
					break search
				}
			}
		}
		if why == "" {
		cells:
			for c := 0; c < 81; c++ {
				if s.val[c] != 0 {
					continue
				}
				for _, d := range s.cand[c].digits() {
					n := candIndex(c, d)
					if col[1].has(n) || col[2].has(n) || !s.clashes(n, &col[k]) {
						continue cells
					}
				}
				why = fmt.Sprintf("%s would have no candidate left", solver.CellName(c))
				break
			}
		}
		if why == "" {
			continue
		}
		var es []Candidate
		for _, n := range ms {
			es = append(es, Candidate{n / 9, n%9 + 1})
		}
		return Step{
			Technique:    Medusa,
			Pattern:      pat,
			Eliminations: es,
			Explanation:  intro + fmt.Sprintf("If %s were true, %s; so %s is false: remove %s.", names[k], why, names[k], candList(ms)),
		}, true
	}
	var es []Candidate
	for c := 0; c < 81; c++ {
		for _, d := range s.cand[c].digits() {
			n := candIndex(c, d)
			if !col[1].has(n) && !col[2].has(n) && s.clashes(n, &col[1]) && s.clashes(n, &col[2]) {
				es = append(es, Candidate{c, d})
			}
		}
	}
	if len(es) == 0 {
		return Step{}, false
	}
	return Step{
		Technique:    Medusa,
		Pattern:      pat,
		Eliminations: es,
		Explanation: intro + fmt.Sprintf("%s a cell with, or %s the same digit as, a green and a blue candidate, so %s false whichever colour is true: remove %s.",
			map[bool]string{true: candListOf(es) + " shares", false: "Each of " + candListOf(es) + " shares"}[len(es) == 1],
			map[bool]string{true: "sees", false: "sees"}[len(es) == 1], map[bool]string{true: "it is", false: "each is"}[len(es) == 1], elimByCell(es)),
	}, true
}

func candListOf(es []Candidate) string {
	var xs []string
	for _, e := range es {
		xs = append(xs, e.String())
	}
	return andList(xs)
}
