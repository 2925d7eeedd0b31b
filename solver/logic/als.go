package logic

import (
	"fmt"

	"sudoku/solver"
)

// An almost locked set (ALS) is n cells of one unit holding n+1 digits
// between them: one digit short of a locked set. If one of its digits is
// taken out (by a peer), the other n fill its n cells. Two sets are joined
// by a restricted common digit x when every x of one sees every x of the
// other: x can then be in at most one of the two.

// maxALSCells bounds the cells of one set; maxALS the sets of a position.
const (
	maxALSCells = 4
	maxALS      = 512
)

type als struct {
	cells  cellSet
	unit   int
	digits digitMask
	where  [10]cellSet // the cells of the set with candidate d
	seen   [10]cellSet // empty cells outside the set that see every cell of where[d]
}

// collectALS returns the almost locked sets of the position, smallest
// first, each once.
func (s *State) collectALS() []als {
	var out []als
	seen := map[cellSet]bool{}
	for k := 1; k <= maxALSCells; k++ {
		for u := 0; u < s.t.nu; u++ {
			var empty []int
			for _, c := range s.t.units[u] {
				if s.val[c] == 0 {
					empty = append(empty, int(c))
				}
			}
			if k >= len(empty) {
				continue
			}
			combos(len(empty), k, func(idx []int) bool {
				var m digitMask
				var cs cellSet
				for _, i := range idx {
					m |= s.cand[empty[i]]
					cs.add(empty[i])
				}
				if m.count() != k+1 || seen[cs] {
					return false
				}
				seen[cs] = true
				a := als{cells: cs, unit: u, digits: m}
				for _, d := range m.digits() {
					a.where[d] = cs.and(s.digitCells(d))
					sb := s.digitCells(d).andNot(cs)
					for _, c := range a.where[d].cells() {
						sb = sb.and(s.t.peers[c])
					}
					a.seen[d] = sb
				}
				out = append(out, a)
				return len(out) == maxALS
			})
			if len(out) == maxALS {
				return out
			}
		}
	}
	return out
}

// rcc returns the restricted common digits of two disjoint sets.
func rcc(a, b *als) digitMask {
	var out digitMask
	for m := a.digits & b.digits; m != 0; m &= m - 1 {
		d := m.lowest()
		if b.where[d].subsetOf(a.seen[d]) {
			out |= bit(d)
		}
	}
	return out
}

// alsVictims returns the candidates z outside a and b that see every z of
// both, for the digits z of zs.
func (s *State) alsVictims(a, b *als, zs digitMask) []Candidate {
	var out []Candidate
	for m := zs; m != 0; m &= m - 1 {
		z := m.lowest()
		for _, c := range a.seen[z].and(b.seen[z]).andNot(b.cells).andNot(a.cells).cells() {
			out = append(out, Candidate{c, z})
		}
	}
	return out
}

// alsText describes a set: "r1c2 holds only 3 and 8" or "r1c2 and r1c5
// hold only 3, 5 and 8 between them".
func alsText(a *als) string {
	cs := a.cells.cells()
	if len(cs) == 1 {
		return fmt.Sprintf("%s holds only %s", solver.CellName(cs[0]), digitList(a.digits.digits(), ""))
	}
	return fmt.Sprintf("%s hold only %s between them", cellList(cs), digitList(a.digits.digits(), ""))
}

func alsPattern(pat []Candidate, a *als) []Candidate {
	for _, c := range a.cells.cells() {
		for _, d := range a.digits.digits() {
			if a.where[d].has(c) {
				pat = append(pat, Candidate{c, d})
			}
		}
	}
	return pat
}

// findALSXZ finds two disjoint almost locked sets A and B joined by a
// restricted common digit x: one of them lacks x and is then locked, so a
// digit z of both is in A or in B, and cells that see every z of both lose
// it. The smallest pair of sets with an elimination is taken.
func (s *State) findALSXZ() (Step, bool) {
	sets := s.collectALS()
	bestN := 1 << 30
	var best Step
	for i := range sets {
		a := &sets[i]
		for j := i + 1; j < len(sets); j++ {
			b := &sets[j]
			n := a.cells.count() + b.cells.count()
			if n >= bestN || !a.cells.and(b.cells).empty() {
				continue
			}
			r := rcc(a, b)
			if r == 0 {
				continue
			}
			x := r.lowest()
			es := s.alsVictims(a, b, a.digits&b.digits&^bit(x))
			if len(es) == 0 {
				continue
			}
			bestN = n
			pat := alsPattern(alsPattern(nil, a), b)
			best = Step{
				Technique:    ALSXZ,
				Pattern:      pat,
				Units:        []int{a.unit, b.unit},
				Eliminations: es,
				Explanation: fmt.Sprintf("%s, and %s: each set has one digit more than cells. Every %d of the first sees every %d of the second, so at most one set holds %d, and the other fills its cells with its other digits. Either way one set holds %s: remove %s, which %s every place of that digit in both sets.",
					alsText(a), alsText(b), x, x, x, zText(es), elimByCell(es), seeText(es)),
			}
		}
	}
	return best, bestN < 1<<30
}

// findALSXYWing finds three disjoint almost locked sets: a pivot C joined
// to A by a restricted common digit x and to B by another, y. C lacks at
// most one of its digits, so it holds x or y; if x, A lacks x and is
// locked; if y, B is. A digit z of A and B (not x or y) is then in A or B,
// and cells that see every z of both lose it.
func (s *State) findALSXYWing() (Step, bool) {
	sets := s.collectALS()
	type link struct {
		to int
		d  int
	}
	links := make([][]link, len(sets))
	for i := range sets {
		for j := range sets {
			if i == j || !sets[i].cells.and(sets[j].cells).empty() {
				continue
			}
			for m := rcc(&sets[i], &sets[j]); m != 0; m &= m - 1 {
				links[i] = append(links[i], link{j, m.lowest()})
			}
		}
	}
	bestN := 1 << 30
	var best Step
	for ci := range sets {
		c := &sets[ci]
		for p, la := range links[ci] {
			for _, lb := range links[ci][p+1:] {
				if la.d == lb.d || la.to == lb.to {
					continue
				}
				a, b := &sets[la.to], &sets[lb.to]
				n := a.cells.count() + b.cells.count() + c.cells.count()
				if n >= bestN || !a.cells.and(b.cells).empty() {
					continue
				}
				es := s.alsVictims(a, b, a.digits&b.digits&^bit(la.d)&^bit(lb.d))
				if len(es) == 0 {
					continue
				}
				bestN = n
				pat := alsPattern(alsPattern(alsPattern(nil, a), b), c)
				best = Step{
					Technique:    ALSXYWing,
					Pattern:      pat,
					Units:        []int{a.unit, b.unit, c.unit},
					Eliminations: es,
					Explanation: fmt.Sprintf("%s, so they lack at most one of those digits and hold %d or %d. %s, and %s; every %d of the first set sees every %d of the pivot, and every %d of the second every %d of the pivot. If the pivot holds %d, the first set has no %d and fills its cells with its other digits; if it holds %d, the second does. Either way one of the two sets holds %s: remove %s, which %s every place of that digit in both sets.",
						alsText(c), la.d, lb.d, alsText(a), alsText(b), la.d, la.d, lb.d, lb.d, la.d, la.d, lb.d, zText(es), elimByCell(es), seeText(es)),
				}
			}
		}
	}
	return best, bestN < 1<<30
}

// zText names the eliminated digits: "5" or "5 or 7" (each in its cells).
func zText(es []Candidate) string {
	var ds []string
	var m digitMask
	for _, e := range es {
		if !m.has(e.Digit) {
			m |= bit(e.Digit)
			ds = append(ds, fmt.Sprint(e.Digit))
		}
	}
	if len(ds) == 1 {
		return ds[0]
	}
	return "each of " + andList(ds)
}

func seeText(es []Candidate) string {
	cells := map[int]bool{}
	for _, e := range es {
		cells[e.Cell] = true
	}
	return sees(len(cells))
}
