package logic

import (
	"fmt"
	"strings"

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
// first, each once. While NextStep runs they are collected once and shared
// by the techniques that use them (which must not change them).
func (s *State) collectALS() []als {
	if s.an != nil && s.an.alsDone {
		return s.an.als
	}
	out := s.gatherALS()
	if s.an != nil {
		s.an.als, s.an.alsDone = out, true
	}
	return out
}

// gatherALS finds the almost locked sets.
func (s *State) gatherALS() []als {
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

// An alsLink joins a set to set number to by the restricted common digit d.
type alsLink struct {
	to int
	d  int
}

// collectALSLinks returns, for each set of sets (those of collectALS), its
// links to the sets apart from it; shared like the sets while NextStep
// runs.
func (s *State) collectALSLinks(sets []als) [][]alsLink {
	if s.an != nil && s.an.alsLinksDone {
		return s.an.alsLinks
	}
	links := make([][]alsLink, len(sets))
	for i := range sets {
		for j := range sets {
			if i == j || !sets[i].cells.and(sets[j].cells).empty() {
				continue
			}
			for m := rcc(&sets[i], &sets[j]); m != 0; m &= m - 1 {
				links[i] = append(links[i], alsLink{j, m.lowest()})
			}
		}
	}
	if s.an != nil {
		s.an.alsLinks, s.an.alsLinksDone = links, true
	}
	return links
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
	links := s.collectALSLinks(sets)
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

// elimDigits lists the digits of es once each, in the order they come.
func elimDigits(es []Candidate) []string {
	var ds []string
	var m digitMask
	for _, e := range es {
		if !m.has(e.Digit) {
			m |= bit(e.Digit)
			ds = append(ds, fmt.Sprint(e.Digit))
		}
	}
	return ds
}

// zText names the eliminated digits: "5" or "5 or 7" (each in its cells).
func zText(es []Candidate) string {
	ds := elimDigits(es)
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

// findDeathBlossom finds a stem cell with two or three candidates and, for
// each candidate d, a petal: an almost locked set holding d whose every d
// sees the stem, the petals apart from each other. The stem holds one of
// its digits, whose petal then lacks it and is locked; so a digit z of
// every petal (not a stem digit) is in one of the petals, and cells that
// see every z of them all lose it.
func (s *State) findDeathBlossom() (Step, bool) {
	sets := s.collectALS()
	const maxPetals = 40
	for stem := 0; stem < 81; stem++ {
		k := s.cand[stem].count()
		if s.val[stem] != 0 || k < 2 || k > 3 {
			continue
		}
		ds := s.cand[stem].digits()
		petals := make([][]int, len(ds))
		ok := true
		for i, d := range ds {
			for j := range sets {
				a := &sets[j]
				if a.cells.has(stem) || !a.digits.has(d) || !a.seen[d].has(stem) || a.digits&^s.cand[stem] == 0 {
					continue
				}
				if len(petals[i]) < maxPetals {
					petals[i] = append(petals[i], j)
				}
			}
			ok = ok && len(petals[i]) > 0
		}
		if !ok {
			continue
		}
		pick := make([]int, len(ds))
		var st Step
		var try func(i int, used cellSet, common digitMask) bool
		try = func(i int, used cellSet, common digitMask) bool {
			if i == len(ds) {
				var es []Candidate
				for m := common; m != 0; m &= m - 1 {
					z := m.lowest()
					seen := s.digitCells(z).andNot(used)
					seen.remove(stem)
					for _, j := range pick {
						seen = seen.and(sets[j].seen[z])
					}
					es = append(es, s.elimsOf(seen, z)...)
				}
				if len(es) == 0 {
					return false
				}
				st = s.deathBlossomStep(stem, ds, sets, pick, es)
				return true
			}
			for _, j := range petals[i] {
				a := &sets[j]
				if !a.cells.and(used).empty() {
					continue
				}
				c := common & a.digits
				if c == 0 {
					continue
				}
				pick[i] = j
				if try(i+1, used.or(a.cells), c) {
					return true
				}
			}
			return false
		}
		if try(0, cellSet{}, s.t.all&^s.cand[stem]) {
			return st, true
		}
	}
	return Step{}, false
}

func (s *State) deathBlossomStep(stem int, ds []int, sets []als, pick []int, es []Candidate) Step {
	pat := []Candidate{}
	for _, d := range ds {
		pat = append(pat, Candidate{stem, d})
	}
	var units []int
	var parts []string
	for i, j := range pick {
		a := &sets[j]
		pat = alsPattern(pat, a)
		units = append(units, a.unit)
		parts = append(parts, fmt.Sprintf("if %s is %d, the set %s, whose %ds all see it, lacks %d and holds its other digits", solver.CellName(stem), ds[i], cellList(a.cells.cells()), ds[i], ds[i]))
	}
	var sets2 []string
	for _, j := range pick {
		sets2 = append(sets2, alsText(&sets[j]))
	}
	return Step{
		Technique:    DeathBlossom,
		Pattern:      pat,
		Units:        units,
		Eliminations: es,
		Explanation: fmt.Sprintf("%s holds %s. %s: each set has one digit more than cells. %s. Either way one of the sets holds %s: remove %s, which %s every place of that digit in the sets.",
			solver.CellName(stem), orList(strings.Fields(digitList(ds, " "))), strings.Join(sets2, "; "), upperIf(strings.Join(parts, "; ")), zText(es), elimByCell(es), seeText(es)),
	}
}

// upperIf capitalises a sentence that starts with a lower-case word (not a
// cell name).
func upperIf(s string) string {
	if len(s) > 0 && s[0] >= 'a' && s[0] <= 'z' {
		return string(s[0]-'a'+'A') + s[1:]
	}
	return s
}

// maxALSChain bounds the sets of an ALS chain; maxALSChainVisits the sets
// one search tries.
const (
	maxALSChain       = 5
	maxALSChainVisits = 100000
)

// findALSChain finds four or five disjoint almost locked sets A1, A2, ...,
// An, each joined to the next by a restricted common digit x1, x2, ...,
// two neighbouring links never by the same digit. If A1 lacks a digit z
// (not x1), it is locked and holds x1; then A2 has no x1 and holds x2, and
// so on to An, which holds every digit but x(n-1), z among them. So a
// digit z of A1 and An (not x1 or x(n-1)) is in A1 or in An, and cells
// that see every z of both lose it. Two and three sets are ALS-XZ and
// ALS-XY-Wing; the shortest chain is taken, then the one found first.
func (s *State) findALSChain() (Step, bool) {
	sets := s.collectALS()
	links := s.collectALSLinks(sets)
	chain := make([]int, 0, maxALSChain)
	xs := make([]int, 0, maxALSChain)
	visits := 0
	var st Step
	var grow func(want int, used cellSet) bool
	grow = func(want int, used cellSet) bool {
		last := chain[len(chain)-1]
		if len(chain) == want {
			a, z := &sets[chain[0]], &sets[last]
			if chain[0] > last { // each chain once, from its lower end
				return false
			}
			es := s.alsVictims(a, z, a.digits&z.digits&^bit(xs[0])&^bit(xs[len(xs)-1]))
			// Keep the cells of the middle sets too: the step reads better.
			k := 0
			for _, e := range es {
				if !used.has(e.Cell) {
					es[k] = e
					k++
				}
			}
			if es = es[:k]; len(es) == 0 {
				return false
			}
			st = s.alsChainStep(sets, chain, xs, es)
			return true
		}
		for _, l := range links[last] {
			if visits++; visits > maxALSChainVisits {
				return false
			}
			b := &sets[l.to]
			if len(xs) > 0 && xs[len(xs)-1] == l.d || !b.cells.and(used).empty() {
				continue
			}
			chain = append(chain, l.to)
			xs = append(xs, l.d)
			ok := grow(want, used.or(b.cells))
			chain, xs = chain[:len(chain)-1], xs[:len(xs)-1]
			if ok {
				return true
			}
		}
		return false
	}
	for want := 4; want <= maxALSChain; want++ {
		visits = 0
		for i := range sets {
			chain = append(chain[:0], i)
			xs = xs[:0]
			if grow(want, sets[i].cells) {
				return st, true
			}
		}
	}
	return Step{}, false
}

func (s *State) alsChainStep(sets []als, chain, xs []int, es []Candidate) Step {
	var pat []Candidate
	var units []int
	var texts, links []string
	for i, j := range chain {
		a := &sets[j]
		pat = alsPattern(pat, a)
		units = append(units, a.unit)
		texts = append(texts, alsText(a))
		if i > 0 {
			links = append(links, fmt.Sprintf("every %d of set %d sees every %d of set %d", xs[i-1], i, xs[i-1], i+1))
		}
	}
	n := len(chain)
	zs := elimDigits(es)
	return Step{
		Technique:    ALSChain,
		Pattern:      pat,
		Units:        units,
		Eliminations: es,
		Explanation: fmt.Sprintf("Sets 1 to %d: %s; each set has one digit more than cells. In turn %s, so two neighbouring sets do not both hold that digit. "+
			"If set 1 has no %s, it fills its cells with its other digits and holds %d; then set 2 has no %d and holds %d, and so on along the chain, so that set %d holds every digit but %d, %s included. "+
			"Either way set 1 or set %d holds %s: remove %s, which %s every place of that digit in both sets.",
			n, strings.Join(texts, "; "), andList(links), orList(zs), xs[0], xs[0], xs[1], n, xs[n-2], andList(zs), n, zText(es), elimByCell(es), seeText(es)),
	}
}
