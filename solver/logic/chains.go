package logic

import (
	"fmt"
	"math/bits"
	"sort"
	"strings"
	"sync"

	"sudoku/solver"
)

// Chains work on candidates (cell, digit), numbered c*9+d-1. A strong link
// joins two candidates of which at least one is true (the last two places
// of a digit in a unit, the last two candidates of a cell); a weak link
// joins two candidates that cannot both be true (same cell, or same digit
// in peer cells). An alternating chain A = B - C = D ... = Z, strong and weak
// links in turn and strong at both ends, proves "A or Z": if A is false, B
// is true, C false, D true, and so on to Z. A candidate weakly linked to
// both ends is then false.

// maxChainLinks bounds the length of the chains searched.
const maxChainLinks = 15

type chainMode int

const (
	modeX       chainMode = iota // one digit: unit links only
	modeXY                       // bivalue cells as strong links, same digit as weak links
	modeAIC                      // everything
	modeGrouped                  // everything, plus groups: a digit's places in a box confined to a line (or other unit)
	modeLoop                     // everything, looking for chains that close into a loop
)

// maxGroups bounds the group nodes of one search.
const maxGroups = 1024

// A group is a node standing for "digit d is in one of these cells": the
// places of d where two units cross, two or more of them.
type group struct {
	d      int
	cells  cellSet
	seenBy cellSet // cells that see every cell of the group, outside it
}

// chainGraph holds the strong links of a position.
type chainGraph struct {
	present candSet
	linked  candSet // present candidates with a strong link: the only useful "off" nodes
	nStrong [729]uint8
	strong  [729][6]int16
	cellLnk [729]bool // strong[...][0] is the bivalue cell link

	// Grouped mode only: group nodes are numbered from 729.
	groups  []group
	byDigit [10][]int // group node numbers per digit
	// Strong links that involve a group, both ways, per node.
	nExtra [729 + maxGroups]uint8
	extra  [729 + maxGroups][8]int16
}

// extraOf returns the strong links of node n that involve a group.
func (g *chainGraph) extraOf(n int) []int16 { return g.extra[n][:g.nExtra[n]] }

func (g *chainGraph) hasExtra(a, b int) bool {
	for _, x := range g.extraOf(a) {
		if int(x) == b {
			return true
		}
	}
	return false
}

// chainWork is the scratch space of findChain, recycled between calls.
type chainWork struct {
	g  chainGraph
	cs chainSearch
}

var chainPool = sync.Pool{New: func() any { return new(chainWork) }}

// addGroups adds the group nodes and their strong links to g.
func (s *State) addGroups(g *chainGraph) {
	for _, p := range s.t.pairs {
		if p.a > p.b {
			continue // each crossing once
		}
	next:
		for d := 1; d <= 9; d++ {
			cs := s.digitCells(d).and(p.inter)
			if cs.count() < 2 || len(g.groups) == maxGroups {
				continue
			}
			for _, gn := range g.byDigit[d] {
				if g.groups[gn-729].cells == cs {
					continue next
				}
			}
			sb := cellSet{^uint64(0), ^uint64(0)}
			for w := 0; w < 2; w++ {
				for x := cs[w]; x != 0; x &= x - 1 {
					sb = sb.and(s.t.peers[w*64+bits.TrailingZeros64(x)])
				}
			}
			g.byDigit[d] = append(g.byDigit[d], 729+len(g.groups))
			g.groups = append(g.groups, group{d, cs, sb.andNot(cs)})
		}
	}
	link := func(a, b int) {
		if g.hasExtra(a, b) || int(g.nExtra[a]) == len(g.extra[a]) || int(g.nExtra[b]) == len(g.extra[b]) {
			return
		}
		g.extra[a][g.nExtra[a]] = int16(b)
		g.nExtra[a]++
		g.extra[b][g.nExtra[b]] = int16(a)
		g.nExtra[b]++
		for _, n := range [2]int{a, b} {
			if n < 729 {
				g.linked.add(n)
			}
		}
	}
	// The units holding each group: the units of all its cells.
	var inUnit [32][]int16
	for gi, gr := range g.groups {
		ub := ^uint32(0)
		for _, c := range gr.cells.cells() {
			ub &= s.t.unitBits[c]
		}
		for x := ub; x != 0; x &= x - 1 {
			u := bits.TrailingZeros32(x)
			inUnit[u] = append(inUnit[u], int16(gi))
		}
	}
	for u := 0; u < s.t.nu; u++ {
		for i, gi := range inUnit[u] {
			gr := &g.groups[gi]
			all := s.unitDigitCells(u, gr.d)
			if all.count() < 3 {
				continue // two places: a plain strong link
			}
			rest := all.andNot(gr.cells)
			if rest.count() == 1 {
				link(729+int(gi), candIndex(rest.first(), gr.d))
				continue
			}
			for _, gj := range inUnit[u][i+1:] {
				if g.groups[gj].d == gr.d && g.groups[gj].cells == rest {
					link(729+int(gi), 729+int(gj))
				}
			}
		}
	}
}

func (s *State) buildChainGraph(g *chainGraph) {
	// Reset what the counts do not guard; the link arrays are read only up
	// to their counts.
	g.present = candSet{}
	g.linked = candSet{}
	g.nStrong = [729]uint8{}
	g.cellLnk = [729]bool{}
	g.nExtra = [729 + maxGroups]uint8{}
	g.groups = g.groups[:0]
	for d := range g.byDigit {
		g.byDigit[d] = g.byDigit[d][:0]
	}
	for c := 0; c < 81; c++ {
		for _, d := range s.cand[c].digits() {
			g.present.add(candIndex(c, d))
		}
		if s.val[c] == 0 && s.cand[c].count() == 2 {
			ds := s.cand[c].digits()
			a, b := candIndex(c, ds[0]), candIndex(c, ds[1])
			g.addStrong(a, b)
			g.addStrong(b, a)
			g.cellLnk[a], g.cellLnk[b] = true, true
		}
	}
	for u := 0; u < s.t.nu; u++ {
		for d := 1; d <= 9; d++ {
			cs := s.unitDigitCells(u, d)
			if cs.count() != 2 {
				continue
			}
			l := cs.cells()
			a, b := candIndex(l[0], d), candIndex(l[1], d)
			if !g.hasStrong(a, b) {
				g.addStrong(a, b)
				g.addStrong(b, a)
			}
		}
	}
	for n := 0; n < 729; n++ {
		if g.nStrong[n] > 0 {
			g.linked.add(n)
		}
	}
}

func (g *chainGraph) addStrong(a, b int) {
	if int(g.nStrong[a]) < len(g.strong[a]) {
		g.strong[a][g.nStrong[a]] = int16(b)
		g.nStrong[a]++
	}
}

func (g *chainGraph) hasStrong(a, b int) bool {
	for i := 0; i < int(g.nStrong[a]); i++ {
		if int(g.strong[a][i]) == b {
			return true
		}
	}
	return false
}

// chainSearch is the scratch space of one breadth-first search.
type chainSearch struct {
	seen   [2 * (729 + maxGroups)]uint32 // stamp per (node, on) state
	parent [2 * (729 + maxGroups)]int16
	queue  [2 * (729 + maxGroups)]int16
	tail   int // end of the queue
	stamp  uint32
}

// visit queues state y, reached from state from (-1 for the start), unless
// this search has reached it already; it reports whether y was new.
func (cs *chainSearch) visit(y, from int) bool {
	if cs.seen[y] == cs.stamp {
		return false
	}
	cs.seen[y] = cs.stamp
	cs.parent[y] = int16(from)
	cs.queue[cs.tail] = int16(y)
	cs.tail++
	return true
}

// chainResult is the best chain found so far.
type chainResult struct {
	nodes []int // candidates from A to Z
	elims []Candidate
	place bool // the chain leads from "A is false" back to "A is true": A holds
	loop  bool // Z and A are weakly linked: the chain closes into a continuous loop
}

// findChain searches the alternating chains of the given mode and returns
// the shortest that eliminates something.
func (s *State) findChain(mode chainMode, tech Technique) (Step, bool) {
	w := chainPool.Get().(*chainWork)
	defer chainPool.Put(w)
	g, cs := &w.g, &w.cs
	s.buildChainGraph(g)
	if mode == modeGrouped {
		s.addGroups(g)
		if len(g.groups) == 0 {
			return Step{}, false
		}
	}
	best := chainResult{}
	limit := maxChainLinks
	for a := 0; a < 729; a++ {
		if !g.present.has(a) || g.nStrong[a] == 0 {
			continue
		}
		if mode == modeXY && !g.cellLnk[a] {
			continue
		}
		if r, n := s.chainFrom(g, cs, a, mode, limit); r.nodes != nil {
			best, limit = r, n-1
		}
	}
	if best.nodes == nil {
		return Step{}, false
	}
	return s.chainStep(g, tech, best), true
}

// chainFrom runs a breadth-first search from candidate a assumed false and
// returns the first chain (fewest links, at most limit) whose ends see a
// common candidate, and its number of links.
func (s *State) chainFrom(g *chainGraph, cs *chainSearch, a int, mode chainMode, limit int) (chainResult, int) {
	cs.stamp++
	if cs.stamp == 0 { // wrapped around: old marks could look current
		cs.seen = [len(cs.seen)]uint32{}
		cs.stamp = 1
	}
	head := 0
	cs.tail = 0
	cs.visit(a*2, -1) // the start: a is off
	depth := 0
	levelEnd := cs.tail
	digitA := a % 9
	for head < cs.tail {
		if head == levelEnd {
			depth++
			levelEnd = cs.tail
			if depth >= limit {
				break
			}
		}
		x := int(cs.queue[head])
		head++
		n, on := x/2, x%2 == 1
		if !on {
			nStrong := 0
			if n < 729 {
				nStrong = int(g.nStrong[n])
			}
			ext := g.extraOf(n)
			for i := 0; i < nStrong+len(ext); i++ {
				var m int
				if i < nStrong {
					m = int(g.strong[n][i])
				} else {
					m = int(ext[i-nStrong])
				}
				isCell := n < 729 && m < 729 && m/9 == n/9
				if (mode == modeX && isCell) || (mode == modeXY && !isCell) {
					continue
				}
				y := m*2 + 1
				if !cs.visit(y, x) {
					continue
				}
				if mode == modeLoop {
					if m != a && s.t.candSees[a].has(m) {
						if nodes := cs.path(y); len(nodes) >= 4 && distinctNodes(nodes) {
							if es := s.loopVictims(g, nodes); len(es) > 0 {
								return chainResult{nodes: nodes, elims: es, loop: true}, depth + 1
							}
						}
					}
					continue
				}
				if m == a {
					return chainResult{nodes: cs.path(y), place: true}, depth + 1
				}
				if es := s.commonVictims(g, a, m); len(es) > 0 {
					return chainResult{nodes: cs.path(y), elims: es}, depth + 1
				}
			}
			continue
		}
		if n >= 729 {
			// A group that holds its digit: no other place of the digit it
			// sees can.
			gr := &g.groups[n-729]
			for _, c := range gr.seenBy.cells() {
				m := candIndex(c, gr.d)
				if !g.linked.has(m) {
					continue
				}
				cs.visit(m*2, x)
			}
			continue
		}
		if mode == modeGrouped {
			c, d := n/9, n%9+1
			for _, gn := range g.byDigit[d] {
				if g.nExtra[gn] == 0 || !g.groups[gn-729].seenBy.has(c) {
					continue
				}
				cs.visit(gn*2, x)
			}
		}
		sees := &s.t.candSees[n]
		for w := 0; w < 12; w++ {
			for bitsw := sees[w] & g.linked[w]; bitsw != 0; bitsw &= bitsw - 1 {
				m := w*64 + bits.TrailingZeros64(bitsw)
				sameCell := m/9 == n/9
				if (mode == modeX || mode == modeXY) && sameCell {
					continue
				}
				if mode == modeX && m%9 != digitA {
					continue
				}
				cs.visit(m*2, x)
			}
		}
	}
	return chainResult{}, 0
}

// commonVictims returns the candidates weakly linked to both a (a
// candidate) and z (a candidate or a group).
func (s *State) commonVictims(g *chainGraph, a, z int) []Candidate {
	var out []Candidate
	if z >= 729 {
		gr := &g.groups[z-729]
		c, d := a/9, a%9+1
		if d == gr.d {
			for _, x := range gr.seenBy.and(s.t.peers[c]).cells() {
				if g.present.has(candIndex(x, d)) {
					out = append(out, Candidate{x, d})
				}
			}
		} else if gr.seenBy.has(c) && g.present.has(candIndex(c, gr.d)) {
			out = append(out, Candidate{c, gr.d})
		}
		return out
	}
	sa, sz := &s.t.candSees[a], &s.t.candSees[z]
	for w := 0; w < 12; w++ {
		for x := sa[w] & sz[w] & g.present[w]; x != 0; x &= x - 1 {
			i := w*64 + bits.TrailingZeros64(x)
			if i == a || i == z {
				continue
			}
			out = append(out, Candidate{i / 9, i%9 + 1})
		}
	}
	return out
}

// distinctNodes reports whether a chain passes each candidate once.
func distinctNodes(nodes []int) bool {
	var seen candSet
	for _, n := range nodes {
		if seen.has(n) {
			return false
		}
		seen.add(n)
	}
	return true
}

// loopVictims returns what a continuous loop removes. The loop A = B - C =
// D ... = Z - A alternates strong and weak links; read from either end of
// any weak link X - Y, the rest of the loop is a chain proving "X or Y",
// and the weak link forbids both: exactly one of X and Y is true. So every
// candidate weakly linked to both ends of a weak link of the loop (the
// other digits of a cell, or the digit's other places that see both cells)
// is false.
func (s *State) loopVictims(g *chainGraph, nodes []int) []Candidate {
	var out []Candidate
	var done candSet
	k := len(nodes)
	for i := 1; i < k; i += 2 {
		x, y := nodes[i], nodes[(i+1)%k]
		sx, sy := &s.t.candSees[x], &s.t.candSees[y]
		for w := 0; w < 12; w++ {
			for b := sx[w] & sy[w] & g.present[w] &^ done[w]; b != 0; b &= b - 1 {
				n := w*64 + bits.TrailingZeros64(b)
				done.add(n)
				out = append(out, Candidate{n / 9, n%9 + 1})
			}
		}
	}
	sort.Slice(out, func(i, j int) bool {
		return candIndex(out[i].Cell, out[i].Digit) < candIndex(out[j].Cell, out[j].Digit)
	})
	return out
}

func (cs *chainSearch) path(y int) []int {
	var rev []int
	for x := y; x >= 0; x = int(cs.parent[x]) {
		rev = append(rev, x/2)
	}
	out := make([]int, len(rev))
	for i, n := range rev {
		out[len(rev)-1-i] = n
	}
	return out
}

// nodeText says that node n holds (on) or does not hold its digit, as
// "r1c2 is 5", "r1c2 is not 5", "5 is in r1c2 or r1c3", "5 is in neither
// r1c2 nor r1c3"; would gives the conditional ("would be").
func nodeText(g *chainGraph, n int, on, would bool) string {
	if n < 729 {
		verb := map[[2]bool]string{{true, false}: "is", {false, false}: "is not", {true, true}: "would be", {false, true}: "would not be"}[[2]bool{on, would}]
		return fmt.Sprintf("%s %s %d", solver.CellName(n/9), verb, n%9+1)
	}
	gr := &g.groups[n-729]
	names := make([]string, 0, 3)
	for _, c := range gr.cells.cells() {
		names = append(names, solver.CellName(c))
	}
	switch {
	case on && would:
		return fmt.Sprintf("%d would be in %s", gr.d, orList(names))
	case on:
		return fmt.Sprintf("%d is in %s", gr.d, orList(names))
	case would:
		return fmt.Sprintf("%d would be in none of %s", gr.d, andList(names))
	}
	return fmt.Sprintf("%d is in none of %s", gr.d, andList(names))
}

// chainStep writes a found chain as a step.
func (s *State) chainStep(g *chainGraph, tech Technique, r chainResult) Step {
	var pat []Candidate
	for _, n := range r.nodes {
		if n < 729 {
			pat = append(pat, Candidate{n / 9, n%9 + 1})
			continue
		}
		gr := &g.groups[n-729]
		for _, c := range gr.cells.cells() {
			pat = append(pat, Candidate{c, gr.d})
		}
	}
	a, z := r.nodes[0], r.nodes[len(r.nodes)-1]
	rating := tech.Rating() + 0.1*float64(len(r.nodes)/4)
	links := chainLinks(g, r.nodes, r.loop)
	var b strings.Builder
	var parts []string
	if r.loop {
		fmt.Fprintf(&b, "If %s, then ", nodeText(g, a, false, false))
		for i := 1; i < len(r.nodes); i++ {
			parts = append(parts, nodeText(g, r.nodes[i], i%2 == 1, false))
		}
		b.WriteString(strings.Join(parts, ", so "))
		fmt.Fprintf(&b, "; and %s and %s cannot both be true, so the chain closes into a loop. "+
			"Followed either way round, the loop shows that of any two neighbours in it that cannot both be true, one is true; "+
			"so each candidate that clashes with both of such two is false: remove %s.",
			nodeText(g, z, true, false), nodeText(g, a, true, false), elimByCell(r.elims))
		units := s.chainUnits(append(pat[:len(pat):len(pat)], pat[0]))
		return Step{Technique: tech, Pattern: pat, Units: units, Links: links, Eliminations: r.elims, Explanation: b.String(), Rating: rating}
	}
	if r.place {
		fmt.Fprintf(&b, "If %s, then ", nodeText(g, a, false, true))
		for i := 1; i < len(r.nodes); i++ {
			parts = append(parts, nodeText(g, r.nodes[i], i%2 == 1, true))
		}
		b.WriteString(strings.Join(parts, ", so "))
		fmt.Fprintf(&b, ": a contradiction, so %s.", nodeText(g, a, true, false))
		return Step{Technique: tech, Pattern: pat, Units: s.chainUnits(pat), Links: links, Placements: []Candidate{pat[0]},
			Explanation: b.String(), Rating: rating}
	}
	fmt.Fprintf(&b, "Either %s or %s: if %s, then ", nodeText(g, a, true, false), nodeText(g, z, true, false), nodeText(g, a, false, false))
	for i := 1; i < len(r.nodes); i++ {
		parts = append(parts, nodeText(g, r.nodes[i], i%2 == 1, false))
	}
	b.WriteString(strings.Join(parts, ", so "))
	fmt.Fprintf(&b, ". One of the two ends is true, and each of these candidates clashes with both: remove %s.", elimByCell(r.elims))
	return Step{Technique: tech, Pattern: pat, Units: s.chainUnits(pat), Links: links, Eliminations: r.elims, Explanation: b.String(), Rating: rating}
}

// chainLinks returns the links between consecutive nodes of a chain: the
// chains alternate, starting with a strong link from A ("if A is false,
// then B is true"), so even links are strong and odd ones weak; a loop is
// closed by the weak link from Z back to A.
func chainLinks(g *chainGraph, nodes []int, loop bool) []Link {
	first := func(n int) Candidate {
		if n < 729 {
			return Candidate{n / 9, n%9 + 1}
		}
		gr := &g.groups[n-729]
		return Candidate{gr.cells.cells()[0], gr.d}
	}
	links := make([]Link, 0, len(nodes))
	for i := 0; i+1 < len(nodes); i++ {
		links = append(links, Link{From: first(nodes[i]), To: first(nodes[i+1]), Strong: i%2 == 0})
	}
	if loop && len(nodes) > 2 {
		links = append(links, Link{From: first(nodes[len(nodes)-1]), To: first(nodes[0])})
	}
	return links
}

// chainUnits returns the units joining consecutive cells of a chain.
func (s *State) chainUnits(pat []Candidate) []int {
	var units []int
	for i := 0; i+1 < len(pat); i++ {
		if pat[i].Cell != pat[i+1].Cell {
			if u := s.commonUnit(pat[i].Cell, pat[i+1].Cell); u >= 0 {
				units = appendUniqueInt(units, u)
			}
		}
	}
	return units
}

func appendUniqueInt(xs []int, x int) []int {
	for _, y := range xs {
		if y == x {
			return xs
		}
	}
	return append(xs, x)
}
