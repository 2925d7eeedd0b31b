package logic

import (
	"fmt"
	"math/bits"
	"strings"

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
	modeX   chainMode = iota // one digit: unit links only
	modeXY                   // bivalue cells as strong links, same digit as weak links
	modeAIC                  // everything
)

// chainGraph holds the strong links of a position.
type chainGraph struct {
	present candSet
	nStrong [729]uint8
	strong  [729][6]int16
	cellLnk [729]bool // strong[...][0] is the bivalue cell link
}

func (s *State) buildChainGraph(g *chainGraph) {
	*g = chainGraph{}
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
	seen   [1458]uint32 // stamp per (candidate, on) state
	parent [1458]int16
	queue  [1458]int16
	stamp  uint32
}

// chainResult is the best chain found so far.
type chainResult struct {
	nodes []int // candidates from A to Z
	elims []Candidate
	place bool // the chain leads from "A is false" back to "A is true": A holds
}

// findChain searches the alternating chains of the given mode and returns
// the shortest that eliminates something.
func (s *State) findChain(mode chainMode, tech Technique) (Step, bool) {
	var g chainGraph
	s.buildChainGraph(&g)
	cs := &chainSearch{}
	best := chainResult{}
	limit := maxChainLinks
	for a := 0; a < 729; a++ {
		if !g.present.has(a) || g.nStrong[a] == 0 {
			continue
		}
		if mode == modeXY && !g.cellLnk[a] {
			continue
		}
		if r, n := s.chainFrom(&g, cs, a, mode, limit); r.nodes != nil {
			best, limit = r, n-1
		}
	}
	if best.nodes == nil {
		return Step{}, false
	}
	return s.chainStep(tech, best), true
}

// chainFrom runs a breadth-first search from candidate a assumed false and
// returns the first chain (fewest links, at most limit) whose ends see a
// common candidate, and its number of links.
func (s *State) chainFrom(g *chainGraph, cs *chainSearch, a int, mode chainMode, limit int) (chainResult, int) {
	cs.stamp++
	st := cs.stamp
	head, tail := 0, 0
	start := a * 2 // off
	cs.seen[start] = st
	cs.parent[start] = -1
	cs.queue[tail] = int16(start)
	tail++
	depth := 0
	levelEnd := tail
	digitA := a % 9
	for head < tail {
		if head == levelEnd {
			depth++
			levelEnd = tail
			if depth >= limit {
				break
			}
		}
		x := int(cs.queue[head])
		head++
		n, on := x/2, x%2 == 1
		if !on {
			for i := 0; i < int(g.nStrong[n]); i++ {
				m := int(g.strong[n][i])
				isCell := m/9 == n/9
				if (mode == modeX && isCell) || (mode == modeXY && !isCell) {
					continue
				}
				y := m*2 + 1
				if cs.seen[y] == st {
					continue
				}
				cs.seen[y] = st
				cs.parent[y] = int16(x)
				cs.queue[tail] = int16(y)
				tail++
				if m == a {
					return chainResult{nodes: cs.path(y), place: true}, depth + 1
				}
				if es := s.commonVictims(g, a, m); len(es) > 0 {
					return chainResult{nodes: cs.path(y), elims: es}, depth + 1
				}
			}
			continue
		}
		sees := &s.t.candSees[n]
		for w := 0; w < 12; w++ {
			for bitsw := sees[w] & g.present[w]; bitsw != 0; bitsw &= bitsw - 1 {
				m := w*64 + bits.TrailingZeros64(bitsw)
				sameCell := m/9 == n/9
				if (mode == modeX || mode == modeXY) && sameCell {
					continue
				}
				if mode == modeX && m%9 != digitA {
					continue
				}
				y := m * 2
				if cs.seen[y] == st {
					continue
				}
				cs.seen[y] = st
				cs.parent[y] = int16(x)
				cs.queue[tail] = int16(y)
				tail++
			}
		}
	}
	return chainResult{}, 0
}

// commonVictims returns the candidates weakly linked to both a and z.
func (s *State) commonVictims(g *chainGraph, a, z int) []Candidate {
	var out []Candidate
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

func candName(n int) (string, int) { return solver.CellName(n / 9), n%9 + 1 }

// chainStep writes a found chain as a step, naming it by its links.
func (s *State) chainStep(tech Technique, r chainResult) Step {
	var pat []Candidate
	for _, n := range r.nodes {
		pat = append(pat, Candidate{n / 9, n%9 + 1})
	}
	a, z := pat[0], pat[len(pat)-1]
	var b strings.Builder
	if r.place {
		fmt.Fprintf(&b, "If %s were not %d, then ", solver.CellName(a.Cell), a.Digit)
		var parts []string
		for i := 1; i < len(pat); i++ {
			verb := "would be"
			if i%2 == 0 {
				verb = "would not be"
			}
			parts = append(parts, fmt.Sprintf("%s %s %d", solver.CellName(pat[i].Cell), verb, pat[i].Digit))
		}
		b.WriteString(strings.Join(parts, ", so "))
		fmt.Fprintf(&b, ": a contradiction, so %s is %d.", solver.CellName(a.Cell), a.Digit)
		return Step{Technique: tech, Pattern: pat, Units: s.chainUnits(pat), Placements: []Candidate{a},
			Explanation: b.String(), Rating: tech.Rating() + 0.1*float64(len(pat)/4)}
	}
	fmt.Fprintf(&b, "Either %s is %d or %s is %d: if %s is not %d, then ", solver.CellName(a.Cell), a.Digit, solver.CellName(z.Cell), z.Digit, solver.CellName(a.Cell), a.Digit)
	var parts []string
	for i := 1; i < len(pat); i++ {
		verb := "is"
		if i%2 == 0 {
			verb = "is not"
		}
		parts = append(parts, fmt.Sprintf("%s %s %d", solver.CellName(pat[i].Cell), verb, pat[i].Digit))
	}
	b.WriteString(strings.Join(parts, ", so "))
	fmt.Fprintf(&b, ". One of the two ends is true, and each of these candidates clashes with both: remove %s.", elimByCell(r.elims))
	rating := tech.Rating() + 0.1*float64(len(pat)/4)
	return Step{Technique: tech, Pattern: pat, Units: s.chainUnits(pat), Eliminations: r.elims, Explanation: b.String(), Rating: rating}
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
