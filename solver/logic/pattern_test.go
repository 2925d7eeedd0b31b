package logic

import (
	"fmt"

	"sudoku/solver"
)

// checkPattern re-derives a step from the position by the rule of its
// technique, written out again here apart from the finders: the pattern
// must be what the technique says, and every placement and elimination must
// follow from it. It returns nil for techniques it does not know (their
// steps are still checked against the solution).
func checkPattern(s *State, st Step) error {
	v := s.Variant()
	has := func(c Candidate) bool { return s.HasCandidate(c.Cell, c.Digit) }
	places := func(u, d int) []int { // cells of unit u with candidate d
		var out []int
		for _, c := range v.Unit(u) {
			if s.HasCandidate(int(c), d) {
				out = append(out, int(c))
			}
		}
		return out
	}
	inUnit := func(u, c int) bool {
		for _, x := range v.Unit(u) {
			if int(x) == c {
				return true
			}
		}
		return false
	}
	inAnyUnit := func(us []int, c int) bool {
		for _, u := range us {
			if inUnit(u, c) {
				return true
			}
		}
		return false
	}
	for _, c := range st.Pattern {
		if !has(c) && s.Digit(c.Cell) == 0 {
			return fmt.Errorf("pattern candidate %v is not in the position", c)
		}
	}
	for _, e := range st.Eliminations {
		if !has(e) {
			return fmt.Errorf("eliminates %v, not a candidate", e)
		}
	}
	switch st.Technique {
	case FullHouse, HiddenSingle:
		if len(st.Units) != 1 || len(st.Placements) != 1 {
			return fmt.Errorf("want one unit and one placement")
		}
		p := st.Placements[0]
		ps := places(st.Units[0], p.Digit)
		if len(ps) != 1 || ps[0] != p.Cell {
			return fmt.Errorf("%d has places %v in %s", p.Digit, ps, v.UnitName(st.Units[0]))
		}
	case NakedSingle:
		p := st.Placements[0]
		if s.Candidates(p.Cell) != 1<<(p.Digit-1) {
			return fmt.Errorf("%s has candidates %b", solver.CellName(p.Cell), s.Candidates(p.Cell))
		}
	case LockedPointing, LockedClaiming:
		a, b := st.Units[0], st.Units[1]
		d := st.Pattern[0].Digit
		for _, c := range places(a, d) {
			if !inUnit(b, c) {
				return fmt.Errorf("%d in %s at %s, outside %s", d, v.UnitName(a), solver.CellName(c), v.UnitName(b))
			}
		}
		for _, e := range st.Eliminations {
			if e.Digit != d || !inUnit(b, e.Cell) || inUnit(a, e.Cell) {
				return fmt.Errorf("elimination %v outside %s minus %s", e, v.UnitName(b), v.UnitName(a))
			}
		}
	case NakedPair, NakedTriple, NakedQuad:
		cells := map[int]bool{}
		var union uint16
		for _, c := range st.Pattern {
			cells[c.Cell] = true
			union |= s.Candidates(c.Cell)
		}
		if n := len(cells); n != popcount(union) || n < 2 || n > 4 {
			return fmt.Errorf("%d cells hold %b", n, union)
		}
		for _, e := range st.Eliminations {
			ok := union&(1<<(e.Digit-1)) != 0 && !cells[e.Cell]
			for c := range cells {
				ok = ok && v.IsPeer(c, e.Cell)
			}
			if !ok {
				return fmt.Errorf("elimination %v does not see every cell of the subset", e)
			}
		}
	case HiddenPair, HiddenTriple, HiddenQuad:
		u := st.Units[0]
		cells := map[int]bool{}
		digits := map[int]bool{}
		for _, c := range st.Pattern {
			cells[c.Cell] = true
			digits[c.Digit] = true
		}
		if len(cells) != len(digits) {
			return fmt.Errorf("%d cells, %d digits", len(cells), len(digits))
		}
		for d := range digits {
			for _, c := range places(u, d) {
				if !cells[c] {
					return fmt.Errorf("%d also fits %s", d, solver.CellName(c))
				}
			}
		}
		for _, e := range st.Eliminations {
			if !cells[e.Cell] || digits[e.Digit] {
				return fmt.Errorf("elimination %v is not another digit of the subset's cells", e)
			}
		}
	case XWing, Swordfish, Jellyfish:
		n := len(st.Units) / 2
		base, cover := st.Units[:n], st.Units[n:]
		d := st.Pattern[0].Digit
		for _, b := range base {
			for _, c := range places(b, d) {
				if !inAnyUnit(cover, c) {
					return fmt.Errorf("%d in %s at %s outside the cover", d, v.UnitName(b), solver.CellName(c))
				}
			}
		}
		for _, e := range st.Eliminations {
			inCover, inBase := false, false
			for _, cv := range cover {
				inCover = inCover || inUnit(cv, e.Cell)
			}
			for _, b := range base {
				inBase = inBase || inUnit(b, e.Cell)
			}
			if e.Digit != d || !inCover || inBase {
				return fmt.Errorf("elimination %v not in the cover outside the base", e)
			}
		}
	case Skyscraper, TwoStringKite:
		// Pattern: near and far end of one link, then of the other; as a
		// chain: far1 = near1 - near2 = far2.
		p := st.Pattern
		return checkChain(s, []Candidate{p[1], p[0], p[2], p[3]}, st)
	case XChain, XYChain, AIC:
		return checkChain(s, st.Pattern, st)
	case NiceLoop:
		return checkLoop(s, st)
	case XYWing:
		p := st.Pattern
		pivot, q1, q2 := p[0].Cell, p[2].Cell, p[4].Cell
		x, y, z := p[0].Digit, p[1].Digit, p[3].Digit
		if s.Candidates(pivot) != bits2(x, y) || s.Candidates(q1) != bits2(x, z) || s.Candidates(q2) != bits2(y, z) ||
			!v.IsPeer(pivot, q1) || !v.IsPeer(pivot, q2) {
			return fmt.Errorf("not an XY-Wing")
		}
		for _, e := range st.Eliminations {
			if e.Digit != z || !v.IsPeer(e.Cell, q1) || !v.IsPeer(e.Cell, q2) {
				return fmt.Errorf("elimination %v does not see both pincers", e)
			}
		}
	case FinnedXWing, FinnedSwordfish, FinnedJellyfish:
		n := (len(st.Units) - 1) / 2
		base, cover, box := st.Units[:n], st.Units[n:2*n], st.Units[2*n]
		d := st.Pattern[0].Digit
		fins := 0
		for _, b := range base {
			for _, c := range places(b, d) {
				if !inAnyUnit(cover, c) {
					if !inUnit(box, c) {
						return fmt.Errorf("%s is off the cover and outside the fin box", solver.CellName(c))
					}
					fins++
				}
			}
		}
		if fins == 0 {
			return fmt.Errorf("a finned fish without fins")
		}
		for _, e := range st.Eliminations {
			inCover, inBase := false, false
			for _, cv := range cover {
				inCover = inCover || inUnit(cv, e.Cell)
			}
			for _, b := range base {
				inBase = inBase || inUnit(b, e.Cell)
			}
			if e.Digit != d || !inCover || inBase || !inUnit(box, e.Cell) {
				return fmt.Errorf("elimination %v not in the cover and the fin box outside the base", e)
			}
		}
	case EmptyRectangle:
		box, u, R, C := st.Units[0], st.Units[1], st.Units[2], st.Units[3]
		d := st.Pattern[0].Digit
		inR, inC := true, true
		for _, c := range places(box, d) {
			if !inUnit(R, c) && !inUnit(C, c) {
				return fmt.Errorf("%d in %s at %s, off the cross", d, v.UnitName(box), solver.CellName(c))
			}
			inR, inC = inR && inUnit(R, c), inC && inUnit(C, c)
		}
		n := len(st.Pattern)
		x, y := st.Pattern[n-2], st.Pattern[n-1]
		ends := places(u, d)
		if inR || inC || len(ends) != 2 || !(ends[0] == x.Cell && ends[1] == y.Cell || ends[0] == y.Cell && ends[1] == x.Cell) ||
			inUnit(box, x.Cell) || inUnit(box, y.Cell) {
			return fmt.Errorf("not an empty rectangle")
		}
		// Y lies on the cross line that u crosses; Z on the other one, seeing X.
		yLine, zLine := C, R
		if u >= 9 {
			yLine, zLine = R, C
		}
		z := st.Eliminations[0]
		if len(st.Eliminations) != 1 || !inUnit(yLine, y.Cell) || !inUnit(zLine, z.Cell) || inUnit(box, z.Cell) || !v.IsPeer(z.Cell, x.Cell) || z.Cell/9 != x.Cell/9 && z.Cell%9 != x.Cell%9 {
			return fmt.Errorf("elimination %v does not follow", z)
		}
	case XYZWing:
		p := st.Pattern
		pivot, q1, q2, z := p[0].Cell, p[3].Cell, p[4].Cell, p[3].Digit
		xyz := s.Candidates(pivot)
		if popcount(xyz) != 3 || popcount(s.Candidates(q1)) != 2 || popcount(s.Candidates(q2)) != 2 ||
			s.Candidates(q1)&^xyz != 0 || s.Candidates(q2)&^xyz != 0 || s.Candidates(q1) == s.Candidates(q2) ||
			s.Candidates(q1)&s.Candidates(q2) != 1<<(z-1) || !v.IsPeer(pivot, q1) || !v.IsPeer(pivot, q2) {
			return fmt.Errorf("not an XYZ-Wing")
		}
		for _, e := range st.Eliminations {
			if e.Digit != z || !v.IsPeer(e.Cell, pivot) || !v.IsPeer(e.Cell, q1) || !v.IsPeer(e.Cell, q2) {
				return fmt.Errorf("elimination %v does not see all three cells", e)
			}
		}
	case WWing:
		p := st.Pattern
		c1, c2, a, b, x, y := p[0].Cell, p[2].Cell, p[0].Digit, p[1].Digit, p[4].Cell, p[5].Cell
		if s.Candidates(c1) != bits2(a, b) || s.Candidates(c2) != bits2(a, b) ||
			!checkChainLinks(s, []Candidate{{x, a}, {y, a}}) || !v.IsPeer(x, c1) || !v.IsPeer(y, c2) {
			return fmt.Errorf("not a W-Wing")
		}
		for _, e := range st.Eliminations {
			if e.Digit != b || !v.IsPeer(e.Cell, c1) || !v.IsPeer(e.Cell, c2) {
				return fmt.Errorf("elimination %v does not see both cells", e)
			}
		}
	case BUGPlusOne:
		pl := st.Placements[0]
		t := *s
		t.an = nil
		t.cand[pl.Cell] &^= bit(pl.Digit)
		for c := 0; c < 81; c++ {
			if t.val[c] == 0 && t.cand[c].count() != 2 {
				return fmt.Errorf("without %v, %s has %d candidates", pl, solver.CellName(c), t.cand[c].count())
			}
		}
		// Every digit a unit lacks must have exactly two places in it.
		for u := 0; u < v.NumUnits(); u++ {
			for d := 1; d <= 9; d++ {
				n, placed := 0, false
				for _, c := range v.Unit(u) {
					placed = placed || t.Digit(int(c)) == d
					if t.HasCandidate(int(c), d) {
						n++
					}
				}
				if !placed && n != 2 {
					return fmt.Errorf("without %v, %d has %d places in %s", pl, d, n, v.UnitName(u))
				}
			}
		}
	case Contradiction:
		// Assume the eliminated candidate and follow singles by a plain loop.
		e := st.Eliminations[0]
		t := *s
		t.an = nil
		t.place(e.Cell, e.Digit)
		for steps := 0; steps < 81; steps++ {
			if broken(&t) {
				return nil
			}
			if !placeSingle(&t) {
				break
			}
		}
		return fmt.Errorf("assuming %v leads by singles to no contradiction", e)
	case CellForcingChain, UnitForcingChain, DigitForcingChain, ForcingNet:
		return checkForcing(s, st)
	case ALSXZ, ALSXYWing:
		return checkALS(s, st)
	case ALSChain:
		return checkALSChain(s, st)
	case URType2, URType4:
		return checkURRoof(s, st)
	case SueDeCoq:
		return checkSueDeCoq(s, st)
	case Medusa:
		return checkMedusa(s, st)
	case HiddenRectangle:
		return checkHiddenRectangle(s, st)
	case AvoidableRectangle:
		// Three cells filled but not given, a, b, b with the b's beside the
		// a, and the fourth, opposite the a, loses a; a rectangle on two
		// rows, columns and boxes, off the extra units.
		p := st.Pattern
		if len(p) != 4 || len(st.Eliminations) != 1 || st.Eliminations[0] != p[3] {
			return fmt.Errorf("want four cells and the fourth's digit removed")
		}
		rows, cols, boxes := map[int]bool{}, map[int]bool{}, map[int]bool{}
		for i, q := range p {
			c := q.Cell
			rows[c/9], cols[c%9], boxes[c/27*3+c%9/3] = true, true, true
			if len(v.UnitsOf(c)) != 3 || (i < 3 && (s.Given(c) || s.Digit(c) != q.Digit)) {
				return fmt.Errorf("%s is given, on an extra unit, or not %d", solver.CellName(c), q.Digit)
			}
		}
		if len(rows) != 2 || len(cols) != 2 || len(boxes) != 2 || p[0].Digit != p[3].Digit || p[1].Digit != p[2].Digit ||
			p[3].Cell/9 == p[0].Cell/9 || p[3].Cell%9 == p[0].Cell%9 {
			return fmt.Errorf("not an a-b-b rectangle with a opposite the fourth cell")
		}
	case URType5, URType6:
		return checkURExtra(s, st)
	case DeathBlossom:
		return checkDeathBlossom(s, st)
	case URType3:
		return checkURType3(s, st)
	case UniqueRectangle:
		cells := map[int]bool{}
		for _, c := range st.Pattern {
			cells[c.Cell] = true
		}
		rows, cols, boxes := map[int]bool{}, map[int]bool{}, map[int]bool{}
		masks := map[uint16]int{}
		for c := range cells {
			rows[c/9], cols[c%9], boxes[c/27*3+c%9/3] = true, true, true
			if len(v.UnitsOf(c)) != 3 {
				return fmt.Errorf("%s lies in an extra unit", solver.CellName(c))
			}
			masks[s.Candidates(c)]++
		}
		var pair uint16
		for m, n := range masks {
			if n == 3 && popcount(m) == 2 {
				pair = m
			}
		}
		if len(cells) != 4 || len(rows) != 2 || len(cols) != 2 || len(boxes) != 2 || pair == 0 {
			return fmt.Errorf("not a rectangle on two boxes with three cells holding the same two digits")
		}
		for _, e := range st.Eliminations {
			if !cells[e.Cell] || s.Candidates(e.Cell) == pair || pair&(1<<(e.Digit-1)) == 0 {
				return fmt.Errorf("elimination %v is not a pair digit in the fourth cell", e)
			}
		}
	}
	return nil
}

// checkChain checks an alternating chain: links strong, weak, strong ...,
// ending strong, and every elimination weakly linked to both ends.
func checkChain(s *State, nodes []Candidate, st Step) error {
	v := s.Variant()
	strong := func(a, b Candidate) bool {
		if a.Cell == b.Cell {
			return a.Digit != b.Digit && s.Candidates(a.Cell) == bits2(a.Digit, b.Digit)
		}
		if a.Digit != b.Digit {
			return false
		}
		for _, u := range v.UnitsOf(a.Cell) {
			n, hasB := 0, false
			for _, c := range v.Unit(u) {
				if s.HasCandidate(int(c), a.Digit) {
					n++
					hasB = hasB || int(c) == b.Cell
				}
			}
			if n == 2 && hasB {
				return true
			}
		}
		return false
	}
	weak := func(a, b Candidate) bool {
		if a.Cell == b.Cell {
			return a.Digit != b.Digit
		}
		return a.Digit == b.Digit && v.IsPeer(a.Cell, b.Cell)
	}
	if len(nodes)%2 != 0 || len(nodes) < 2 {
		return fmt.Errorf("chain of %d nodes", len(nodes))
	}
	for i := 0; i+1 < len(nodes); i++ {
		if i%2 == 0 && !strong(nodes[i], nodes[i+1]) {
			return fmt.Errorf("link %v-%v is not strong", nodes[i], nodes[i+1])
		}
		if i%2 == 1 && !weak(nodes[i], nodes[i+1]) {
			return fmt.Errorf("link %v-%v is not weak", nodes[i], nodes[i+1])
		}
	}
	a, z := nodes[0], nodes[len(nodes)-1]
	for _, e := range st.Eliminations {
		if !weak(e, a) || !weak(e, z) || e == a || e == z {
			return fmt.Errorf("elimination %v does not clash with both ends %v and %v", e, a, z)
		}
	}
	for _, p := range st.Placements {
		if p != a || a != z {
			return fmt.Errorf("placement %v: the chain does not loop back to it", p)
		}
	}
	return nil
}

// checkLoop checks a continuous nice loop: the pattern is an alternating
// chain, strong link first and last, whose two ends are weakly linked, and
// every elimination is weakly linked to both candidates of one weak link
// of the loop (then exactly one of those two is true).
func checkLoop(s *State, st Step) error {
	v := s.Variant()
	p := st.Pattern
	if err := checkChain(s, p, Step{}); err != nil {
		return err
	}
	if len(p) < 4 {
		return fmt.Errorf("loop of %d nodes", len(p))
	}
	weak := func(a, b Candidate) bool {
		if a == b {
			return false
		}
		if a.Cell == b.Cell {
			return true
		}
		return a.Digit == b.Digit && v.IsPeer(a.Cell, b.Cell)
	}
	seen := map[Candidate]bool{}
	for _, c := range p {
		if seen[c] {
			return fmt.Errorf("%v twice in the loop", c)
		}
		seen[c] = true
	}
	z := p[len(p)-1]
	if !weak(z, p[0]) {
		return fmt.Errorf("the ends %v and %v are not weakly linked: no loop", z, p[0])
	}
	if len(st.Eliminations) == 0 || len(st.Placements) > 0 {
		return fmt.Errorf("a loop step removes candidates only")
	}
	for _, e := range st.Eliminations {
		ok := false
		for i := 1; i < len(p) && !ok; i += 2 {
			x, y := p[i], p[(i+1)%len(p)]
			ok = weak(e, x) && weak(e, y)
		}
		if !ok {
			return fmt.Errorf("elimination %v clashes with no weak link of the loop", e)
		}
	}
	return nil
}

// checkChainLinks reports whether consecutive candidates are joined by a
// strong link (the last two places of a digit in a unit).
func checkChainLinks(s *State, cs []Candidate) bool {
	return checkChain(s, cs, Step{}) == nil
}

// checkForcing checks a forcing chain: its branches cover every
// possibility of its choice (the candidates of a cell, the places of a digit
// in a unit, a candidate true and false), and following each branch by
// singles in a plain loop either breaks the position or reaches every
// placement and elimination of the step; at least two branches must hold.
func checkForcing(s *State, st Step) error {
	v := s.Variant()
	type assume struct {
		c  Candidate
		on bool
	}
	var bs []assume
	first := st.Pattern[0]
	kind := st.Technique
	if kind == ForcingNet {
		kind = UnitForcingChain
		if len(st.Pattern) > 1 && st.Pattern[1].Cell == first.Cell {
			kind = CellForcingChain
		}
	}
	switch kind {
	case CellForcingChain:
		for d := 1; d <= 9; d++ {
			if s.HasCandidate(first.Cell, d) {
				bs = append(bs, assume{Candidate{first.Cell, d}, true})
			}
		}
	case UnitForcingChain:
		if len(st.Units) == 0 {
			return fmt.Errorf("no unit")
		}
		for _, c := range v.Unit(st.Units[0]) {
			if s.HasCandidate(int(c), first.Digit) {
				bs = append(bs, assume{Candidate{int(c), first.Digit}, true})
			}
		}
	case DigitForcingChain:
		bs = []assume{{first, true}, {first, false}}
	}
	for i, b := range bs {
		if i >= len(st.Pattern) || (st.Pattern[i] != b.c && kind != DigitForcingChain) {
			return fmt.Errorf("the pattern does not start with the branches %v", bs)
		}
	}
	held := 0
	for _, b := range bs {
		t := *s
		t.an = nil
		if b.on {
			t.place(b.c.Cell, b.c.Digit)
		} else {
			t.cand[b.c.Cell] &^= 1 << (b.c.Digit - 1)
		}
		for steps := 0; steps < 400 && !broken(&t); steps++ {
			if !placeSingle(&t) && (st.Technique != ForcingNet || !removeLocked(&t)) {
				break
			}
		}
		if broken(&t) {
			if st.Technique == DigitForcingChain {
				return fmt.Errorf("branch %v breaks", b)
			}
			continue
		}
		held++
		for _, p := range st.Placements {
			if t.Digit(p.Cell) != p.Digit {
				return fmt.Errorf("branch %v does not place %v", b, p)
			}
		}
		for _, e := range st.Eliminations {
			if t.Digit(e.Cell) == e.Digit || t.HasCandidate(e.Cell, e.Digit) {
				return fmt.Errorf("branch %v keeps %v", b, e)
			}
		}
	}
	if held < 2 {
		return fmt.Errorf("%d of %d branches hold", held, len(bs))
	}
	return nil
}

// checkALS checks ALS-XZ (two sets A, B) and ALS-XY-Wing (A, B and the
// pivot C): the pattern's cells split into almost locked sets, one in each
// of the step's units, such that A and B (and C with each of them) are
// joined by restricted common digits, and every elimination is a digit z of
// A and B, other than those digits, in a cell outside the sets that sees
// every z of A and of B. Every way of splitting the cells is tried.
func checkALS(s *State, st Step) error {
	v := s.Variant()
	var cells []int
	for _, p := range st.Pattern {
		if len(cells) == 0 || cells[len(cells)-1] != p.Cell {
			cells = append(cells, p.Cell)
		}
	}
	n := len(st.Units)
	if (st.Technique == ALSXZ && n != 2) || (st.Technique == ALSXYWing && n != 3) {
		return fmt.Errorf("want %d units", n)
	}
	inUnit := func(u, c int) bool {
		for _, x := range v.Unit(u) {
			if int(x) == c {
				return true
			}
		}
		return false
	}
	// digitsOf and placesOf read a group of cells.
	digitsOf := func(g []int) uint16 {
		var m uint16
		for _, c := range g {
			m |= s.Candidates(c)
		}
		return m
	}
	placesOf := func(g []int, d int) []int {
		var out []int
		for _, c := range g {
			if s.HasCandidate(c, d) {
				out = append(out, c)
			}
		}
		return out
	}
	allSee := func(as, bs []int) bool {
		for _, a := range as {
			for _, b := range bs {
				if a == b || !v.IsPeer(a, b) {
					return false
				}
			}
		}
		return true
	}
	restricted := func(g, h []int) uint16 {
		var out uint16
		common := digitsOf(g) & digitsOf(h)
		for d := 1; d <= 9; d++ {
			if common&(1<<(d-1)) != 0 && allSee(placesOf(g, d), placesOf(h, d)) {
				out |= 1 << (d - 1)
			}
		}
		return out
	}
	valid := func(groups [][]int) bool {
		for _, g := range groups {
			if len(g) == 0 || popcount(digitsOf(g)) != len(g)+1 {
				return false
			}
		}
		a, b := groups[0], groups[1]
		// The digits that may not be eliminated: the restricted ones used.
		var options []uint16
		if n == 2 {
			for m := restricted(a, b); m != 0; m &= m - 1 {
				options = append(options, m&-m)
			}
		} else {
			ca, cb := restricted(groups[2], a), restricted(groups[2], b)
			for x := ca; x != 0; x &= x - 1 {
				for y := cb; y != 0; y &= y - 1 {
					if x&-x != y&-y {
						options = append(options, x&-x|y&-y)
					}
				}
			}
		}
		inSets := map[int]bool{}
		for _, c := range append(append([]int{}, a...), b...) {
			inSets[c] = true
		}
	next:
		for _, used := range options {
			for _, e := range st.Eliminations {
				zb := uint16(1) << (e.Digit - 1)
				if used&zb != 0 || digitsOf(a)&digitsOf(b)&zb == 0 || inSets[e.Cell] {
					continue next
				}
				for _, c := range append(placesOf(a, e.Digit), placesOf(b, e.Digit)...) {
					if !v.IsPeer(c, e.Cell) {
						continue next
					}
				}
			}
			return true
		}
		return false
	}
	// Try every assignment of the cells to the units that hold them.
	assign := make([]int, len(cells))
	var try func(i int) bool
	try = func(i int) bool {
		if i == len(cells) {
			groups := make([][]int, n)
			for k, c := range cells {
				groups[assign[k]] = append(groups[assign[k]], c)
			}
			return valid(groups)
		}
		for g := 0; g < n; g++ {
			if inUnit(st.Units[g], cells[i]) {
				assign[i] = g
				if try(i + 1) {
					return true
				}
			}
		}
		return false
	}
	if !try(0) {
		return fmt.Errorf("no split of %v into almost locked sets in units %v justifies the eliminations", cells, st.Units)
	}
	return nil
}

// checkALSChain checks an ALS chain: the pattern lists the sets in chain
// order, one in each of the step's units; some split of its cells into
// that many runs gives disjoint almost locked sets, each joined to the
// next by a restricted common digit (every place of it in one sees every
// place in the other), neighbouring links by different digits; and every
// elimination is a digit z of the first and last sets, not the first or
// last link's digit, in a cell outside the sets that sees every z of the
// first and last sets.
func checkALSChain(s *State, st Step) error {
	v := s.Variant()
	var cells []int
	for _, p := range st.Pattern {
		if len(cells) == 0 || cells[len(cells)-1] != p.Cell {
			cells = append(cells, p.Cell)
		}
	}
	n := len(st.Units)
	if n < 4 {
		return fmt.Errorf("an ALS chain of %d sets", n)
	}
	inUnit := func(u, c int) bool {
		for _, x := range v.Unit(u) {
			if int(x) == c {
				return true
			}
		}
		return false
	}
	digitsOf := func(g []int) uint16 {
		var m uint16
		for _, c := range g {
			m |= s.Candidates(c)
		}
		return m
	}
	placesOf := func(g []int, d int) []int {
		var out []int
		for _, c := range g {
			if s.HasCandidate(c, d) {
				out = append(out, c)
			}
		}
		return out
	}
	allSee := func(as, bs []int) bool {
		for _, a := range as {
			for _, b := range bs {
				if a == b || !v.IsPeer(a, b) {
					return false
				}
			}
		}
		return true
	}
	valid := func(groups [][]int) bool {
		in := map[int]bool{}
		for k, g := range groups {
			if popcount(digitsOf(g)) != len(g)+1 {
				return false
			}
			for _, c := range g {
				if in[c] || !inUnit(st.Units[k], c) {
					return false
				}
				in[c] = true
			}
		}
		first, last := groups[0], groups[n-1]
		// links[k]: the restricted common digits of sets k and k+1.
		links := make([][]int, n-1)
		for k := 0; k+1 < n; k++ {
			common := digitsOf(groups[k]) & digitsOf(groups[k+1])
			for d := 1; d <= 9; d++ {
				if common&(1<<(d-1)) != 0 && allSee(placesOf(groups[k], d), placesOf(groups[k+1], d)) {
					links[k] = append(links[k], d)
				}
			}
		}
		elimsOK := func(x1, xn int) bool {
			for _, e := range st.Eliminations {
				zb := uint16(1) << (e.Digit - 1)
				if e.Digit == x1 || e.Digit == xn || digitsOf(first)&digitsOf(last)&zb == 0 || in[e.Cell] {
					return false
				}
				for _, c := range append(placesOf(first, e.Digit), placesOf(last, e.Digit)...) {
					if !v.IsPeer(c, e.Cell) {
						return false
					}
				}
			}
			return true
		}
		var pick func(k, prev, x1 int) bool
		pick = func(k, prev, x1 int) bool {
			if k == n-1 {
				return elimsOK(x1, prev)
			}
			for _, d := range links[k] {
				if d == prev {
					continue
				}
				f := x1
				if k == 0 {
					f = d
				}
				if pick(k+1, d, f) {
					return true
				}
			}
			return false
		}
		return pick(0, 0, 0)
	}
	// Every split of the cells into n runs.
	var split func(start, k int, groups [][]int) bool
	split = func(start, k int, groups [][]int) bool {
		if k == n-1 {
			if start >= len(cells) {
				return false
			}
			return valid(append(groups, cells[start:]))
		}
		for end := start + 1; end <= len(cells)-(n-1-k); end++ {
			if split(end, k+1, append(groups, cells[start:end])) {
				return true
			}
		}
		return false
	}
	if len(st.Eliminations) == 0 || !split(0, 0, nil) {
		return fmt.Errorf("no split of %v into a chain of almost locked sets in units %v justifies the eliminations", cells, st.Units)
	}
	return nil
}

// checkURRoof checks unique rectangles of types 2 and 4: four cells, none
// in an extra unit, on two rows, two columns and two boxes; two of them in
// one line (the floor) hold only digits a and b, the other two (the roof)
// hold both and more. Type 2: the roof holds exactly one more digit x, the
// same in both, and every elimination is x in a cell seeing both roof
// cells. Type 4: in the step's last unit one of a and b has only the roof
// cells, and the eliminations are the other digit in the roof cells.
func checkURRoof(s *State, st Step) error {
	v := s.Variant()
	var cells []int
	for _, p := range st.Pattern {
		if len(cells) == 0 || cells[len(cells)-1] != p.Cell {
			cells = append(cells, p.Cell)
		}
	}
	if len(cells) != 4 {
		return fmt.Errorf("%d cells", len(cells))
	}
	rows, cols, boxes := map[int]bool{}, map[int]bool{}, map[int]bool{}
	for _, c := range cells {
		rows[c/9], cols[c%9], boxes[c/27*3+c%9/3] = true, true, true
		if len(v.UnitsOf(c)) != 3 {
			return fmt.Errorf("%s lies in an extra unit", solver.CellName(c))
		}
	}
	if len(rows) != 2 || len(cols) != 2 || len(boxes) != 2 {
		return fmt.Errorf("not a rectangle on two boxes")
	}
	floor, roof := cells[:2], cells[2:]
	ab := s.Candidates(floor[0])
	if popcount(ab) != 2 || s.Candidates(floor[1]) != ab || (floor[0]/9 != floor[1]/9 && floor[0]%9 != floor[1]%9) {
		return fmt.Errorf("the floor %v does not hold the same two digits in one line", floor)
	}
	for _, c := range roof {
		if m := s.Candidates(c); m&ab != ab || m == ab {
			return fmt.Errorf("roof cell %s holds %b", solver.CellName(c), m)
		}
	}
	if st.Technique == URType2 {
		x := s.Candidates(roof[0]) &^ ab
		if popcount(x) != 1 || s.Candidates(roof[1]) != s.Candidates(roof[0]) {
			return fmt.Errorf("the roof does not share one extra digit")
		}
		for _, e := range st.Eliminations {
			if 1<<(e.Digit-1) != x || !v.IsPeer(e.Cell, roof[0]) || !v.IsPeer(e.Cell, roof[1]) {
				return fmt.Errorf("elimination %v is not the extra digit seeing both roof cells", e)
			}
		}
		return nil
	}
	u := st.Units[len(st.Units)-1]
	for d := 1; d <= 9; d++ {
		if ab&(1<<(d-1)) == 0 {
			continue
		}
		var ps []int
		for _, c := range v.Unit(u) {
			if s.HasCandidate(int(c), d) {
				ps = append(ps, int(c))
			}
		}
		if len(ps) != 2 || !((ps[0] == roof[0] && ps[1] == roof[1]) || (ps[0] == roof[1] && ps[1] == roof[0])) {
			continue
		}
		other := ab &^ (1 << (d - 1))
		ok := len(st.Eliminations) > 0
		for _, e := range st.Eliminations {
			ok = ok && 1<<(e.Digit-1) == other && (e.Cell == roof[0] || e.Cell == roof[1])
		}
		if ok {
			return nil
		}
	}
	return fmt.Errorf("no digit of the rectangle is confined to the roof in %s with these eliminations", v.UnitName(u))
}

// checkSueDeCoq checks Sue de Coq: the pattern's cells split into C (in
// both the line and the box of the step), L (line only) and B (box only);
// C holds at least two digits more than cells, L and B share no digit, and
// the cells hold as many digits as cells. An elimination in the line (off
// the pattern) must be a digit of C or L that B lacks; in the box, a digit
// of C or B that L lacks.
func checkSueDeCoq(s *State, st Step) error {
	v := s.Variant()
	if len(st.Units) != 2 {
		return fmt.Errorf("want a line and a box")
	}
	line, box := st.Units[0], st.Units[1]
	in := func(u, c int) bool {
		for _, x := range v.Unit(u) {
			if int(x) == c {
				return true
			}
		}
		return false
	}
	cells := map[int]bool{}
	var vC, dL, dB uint16
	nC, nL, nB := 0, 0, 0
	for _, p := range st.Pattern {
		if cells[p.Cell] {
			continue
		}
		cells[p.Cell] = true
		m := s.Candidates(p.Cell)
		switch inL, inB := in(line, p.Cell), in(box, p.Cell); {
		case inL && inB:
			vC |= m
			nC++
		case inL:
			dL |= m
			nL++
		case inB:
			dB |= m
			nB++
		default:
			return fmt.Errorf("%s is in neither unit", solver.CellName(p.Cell))
		}
	}
	if nC < 2 || popcount(vC) < nC+2 || nL == 0 || nB == 0 || dL&dB != 0 || popcount(vC|dL|dB) != nC+nL+nB {
		return fmt.Errorf("not a Sue de Coq: %d crossing cells with %b, %d line cells with %b, %d box cells with %b", nC, vC, nL, dL, nB, dB)
	}
	lineDigits, boxDigits := (vC|dL)&^dB, (vC|dB)&^dL
	for _, e := range st.Eliminations {
		b := uint16(1) << (e.Digit - 1)
		if cells[e.Cell] || !((in(line, e.Cell) && lineDigits&b != 0) || (in(box, e.Cell) && boxDigits&b != 0)) {
			return fmt.Errorf("elimination %v does not follow", e)
		}
	}
	return nil
}

// checkMedusa checks 3D Medusa: it colours, by its own search, the
// candidates joined to the pattern's first by strong links (a cell's last
// two candidates, a digit's last two places in a unit), and the pattern
// must be exactly those. Every elimination is then a candidate of a colour
// that cannot be true (two of its candidates in one cell, or of one digit
// in one unit, or an uncoloured cell all of whose candidates clash with
// it), or an uncoloured candidate that clashes with both colours.
func checkMedusa(s *State, st Step) error {
	v := s.Variant()
	strong := func(a Candidate) []Candidate {
		var out []Candidate
		if m := s.Candidates(a.Cell); popcount(m) == 2 {
			for d := 1; d <= 9; d++ {
				if d != a.Digit && m&(1<<(d-1)) != 0 {
					out = append(out, Candidate{a.Cell, d})
				}
			}
		}
		for _, u := range v.UnitsOf(a.Cell) {
			var ps []int
			for _, c := range v.Unit(u) {
				if s.HasCandidate(int(c), a.Digit) {
					ps = append(ps, int(c))
				}
			}
			if len(ps) == 2 {
				o := ps[0]
				if o == a.Cell {
					o = ps[1]
				}
				out = append(out, Candidate{o, a.Digit})
			}
		}
		return out
	}
	colour := map[Candidate]int{st.Pattern[0]: 1}
	queue := []Candidate{st.Pattern[0]}
	for len(queue) > 0 {
		a := queue[0]
		queue = queue[1:]
		for _, b := range strong(a) {
			if _, ok := colour[b]; !ok {
				colour[b] = 3 - colour[a]
				queue = append(queue, b)
			}
		}
	}
	if len(colour) != len(st.Pattern) {
		return fmt.Errorf("the component has %d candidates, the pattern %d", len(colour), len(st.Pattern))
	}
	for _, p := range st.Pattern {
		if _, ok := colour[p]; !ok {
			return fmt.Errorf("%v is not joined to %v", p, st.Pattern[0])
		}
	}
	clash := func(x, y Candidate) bool {
		return x != y && ((x.Cell == y.Cell) || (x.Digit == y.Digit && v.IsPeer(x.Cell, y.Cell)))
	}
	clashesColour := func(x Candidate, k int) bool {
		for y, c := range colour {
			if c == k && clash(x, y) {
				return true
			}
		}
		return false
	}
	falseColour := func(k int) bool {
		for x, a := range colour {
			if a == k && clashesColour(x, k) {
				return true // two of colour k in one cell, or one digit twice in a unit
			}
		}
	cells:
		for c := 0; c < 81; c++ {
			if s.Digit(c) != 0 {
				continue
			}
			for d := 1; d <= 9; d++ {
				x := Candidate{c, d}
				if !s.HasCandidate(c, d) {
					continue
				}
				if _, coloured := colour[x]; coloured || !clashesColour(x, k) {
					continue cells
				}
			}
			return true
		}
		return false
	}
	bad := [3]bool{false, falseColour(1), falseColour(2)}
	for _, e := range st.Eliminations {
		if k, ok := colour[e]; ok {
			if !bad[k] {
				return fmt.Errorf("%v has a colour that can be true", e)
			}
			continue
		}
		if !clashesColour(e, 1) || !clashesColour(e, 2) {
			return fmt.Errorf("%v does not clash with both colours", e)
		}
	}
	return nil
}

// checkHiddenRectangle checks a hidden rectangle: four cells, none on an
// extra unit, on two rows, two columns and two boxes, all holding digits a
// and b; the first holds only them; the eliminated candidate is b in the
// cell opposite the first, and in that cell's row and column (the step's
// units) a has only the rectangle's two cells.
func checkHiddenRectangle(s *State, st Step) error {
	v := s.Variant()
	if len(st.Pattern) != 8 || len(st.Eliminations) != 1 || len(st.Units) != 2 {
		return fmt.Errorf("want 8 pattern candidates, one elimination, two units")
	}
	x := st.Pattern[0].Cell
	ab := s.Candidates(x)
	z := st.Eliminations[0].Cell
	rows, cols, boxes := map[int]bool{}, map[int]bool{}, map[int]bool{}
	for i := 0; i < 8; i += 2 {
		c := st.Pattern[i].Cell
		rows[c/9], cols[c%9], boxes[c/27*3+c%9/3] = true, true, true
		if len(v.UnitsOf(c)) != 3 || s.Candidates(c)&ab != ab {
			return fmt.Errorf("%s is on an extra unit or lacks a digit of %b", solver.CellName(c), ab)
		}
	}
	if popcount(ab) != 2 || len(rows) != 2 || len(cols) != 2 || len(boxes) != 2 || z/9 == x/9 || z%9 == x%9 {
		return fmt.Errorf("not a rectangle with a bivalue corner opposite the elimination")
	}
	b := st.Eliminations[0].Digit
	a := 0
	for d := 1; d <= 9; d++ {
		if ab&(1<<(d-1)) != 0 && d != b {
			a = d
		}
	}
	for _, u := range []int{z / 9, 9 + z%9} {
		n := 0
		for _, c := range v.Unit(u) {
			if s.HasCandidate(int(c), a) {
				n++
				if !rows[int(c)/9] || !cols[int(c)%9] {
					return fmt.Errorf("%d fits %s outside the rectangle", a, solver.CellName(int(c)))
				}
			}
		}
		if n != 2 {
			return fmt.Errorf("%d has %d places in %s", a, n, v.UnitName(u))
		}
	}
	return nil
}

// checkURExtra checks unique rectangles of types 5 and 6: four cells, off
// the extra units, on two rows, two columns and two boxes, all holding two
// digits a and b, some holding only them. Type 5: the others (two diagonal
// ones, or three) hold exactly one more digit, the same, and every
// elimination is that digit in a cell seeing all of them. Type 6: the
// others are two diagonal cells; in the step's two units (both rows or
// both columns of the rectangle) one of a and b has only the rectangle's
// cells, and the eliminations are that digit in the two other cells.
func checkURExtra(s *State, st Step) error {
	v := s.Variant()
	var cells []int
	for _, p := range st.Pattern {
		if len(cells) == 0 || cells[len(cells)-1] != p.Cell {
			cells = append(cells, p.Cell)
		}
	}
	if len(cells) != 4 {
		return fmt.Errorf("%d cells", len(cells))
	}
	rows, cols, boxes := map[int]bool{}, map[int]bool{}, map[int]bool{}
	common := uint16(0x1ff)
	for _, c := range cells {
		rows[c/9], cols[c%9], boxes[c/27*3+c%9/3] = true, true, true
		if len(v.UnitsOf(c)) != 3 {
			return fmt.Errorf("%s lies in an extra unit", solver.CellName(c))
		}
		common &= s.Candidates(c)
	}
	if len(rows) != 2 || len(cols) != 2 || len(boxes) != 2 {
		return fmt.Errorf("not a rectangle on two boxes")
	}
	// Some pair ab of the common digits must make the step right.
	for a := 1; a <= 9; a++ {
		for b := a + 1; b <= 9; b++ {
			ab := uint16(1)<<(a-1) | uint16(1)<<(b-1)
			if common&ab != ab {
				continue
			}
			var ex []int
			for _, c := range cells {
				if s.Candidates(c) != ab {
					ex = append(ex, c)
				}
			}
			if len(ex) == 0 || len(ex) == 4 {
				continue
			}
			diagonal := len(ex) == 2 && ex[0]/9 != ex[1]/9 && ex[0]%9 != ex[1]%9
			if st.Technique == URType5 {
				if len(ex) < 2 || (len(ex) == 2 && !diagonal) {
					continue
				}
				x := s.Candidates(ex[0]) &^ ab
				same := popcount(x) == 1
				for _, c := range ex {
					same = same && s.Candidates(c) == ab|x
				}
				ok := same && len(st.Eliminations) > 0
				for _, e := range st.Eliminations {
					ok = ok && uint16(1)<<(e.Digit-1) == x
					for _, c := range ex {
						ok = ok && v.IsPeer(c, e.Cell)
					}
				}
				if ok {
					return nil
				}
				continue
			}
			if !diagonal || len(st.Units) != 2 {
				continue
			}
			for _, d := range []int{a, b} {
				confined := true
				for _, u := range st.Units {
					n := 0
					for _, c := range v.Unit(u) {
						if s.HasCandidate(int(c), d) {
							n++
							if !rows[int(c)/9] || !cols[int(c)%9] {
								confined = false
							}
						}
					}
					confined = confined && n == 2 && (u < 9) == (st.Units[0] < 9) && (u < 9 && rows[u] || u >= 9 && u < 18 && cols[u-9])
				}
				ok := confined && len(st.Eliminations) == 2
				for _, e := range st.Eliminations {
					ok = ok && e.Digit == d && (e.Cell == ex[0] || e.Cell == ex[1])
				}
				if ok {
					return nil
				}
			}
		}
	}
	return fmt.Errorf("no pair of digits makes this a unique rectangle of %v", st.Technique)
}

// removeLocked removes the candidates of one locked-candidates pattern: a
// digit whose places in one unit all lie in another leaves the rest of the
// other. It reports whether it removed any.
func removeLocked(s *State) bool {
	v := s.Variant()
	for a := 0; a < v.NumUnits(); a++ {
		for b := 0; b < v.NumUnits(); b++ {
			if a == b {
				continue
			}
			inB := map[int]bool{}
			for _, c := range v.Unit(b) {
				inB[int(c)] = true
			}
			for d := 1; d <= 9; d++ {
				n, allIn := 0, true
				for _, c := range v.Unit(a) {
					if s.HasCandidate(int(c), d) {
						n++
						allIn = allIn && inB[int(c)]
					}
				}
				if n == 0 || !allIn {
					continue
				}
				inA := map[int]bool{}
				for _, c := range v.Unit(a) {
					inA[int(c)] = true
				}
				removed := false
				for _, c := range v.Unit(b) {
					if !inA[int(c)] && s.HasCandidate(int(c), d) {
						s.cand[c] &^= 1 << (d - 1)
						removed = true
					}
				}
				if removed {
					return true
				}
			}
		}
	}
	return false
}

// checkDeathBlossom checks a death blossom: the pattern starts with the
// stem's candidates (all of them); the other cells split into one almost
// locked set per step unit (every split is tried), one set for each stem
// digit d, holding d with every d seeing the stem, the sets apart. Every
// elimination is a digit of all sets, not the stem's, in a cell outside
// them that sees every place of it in every set.
func checkDeathBlossom(s *State, st Step) error {
	v := s.Variant()
	stem := st.Pattern[0].Cell
	var stemDigits []int
	i := 0
	for ; i < len(st.Pattern) && st.Pattern[i].Cell == stem; i++ {
		stemDigits = append(stemDigits, st.Pattern[i].Digit)
	}
	if popcount(s.Candidates(stem)) != len(stemDigits) || len(stemDigits) != len(st.Units) {
		return fmt.Errorf("the stem's candidates and the sets do not match")
	}
	var cells []int
	for _, p := range st.Pattern[i:] {
		if len(cells) == 0 || cells[len(cells)-1] != p.Cell {
			cells = append(cells, p.Cell)
		}
	}
	in := func(u, c int) bool {
		for _, x := range v.Unit(u) {
			if int(x) == c {
				return true
			}
		}
		return false
	}
	n := len(st.Units)
	valid := func(groups [][]int) bool {
		var common uint16 = 0x1ff
		for _, d := range stemDigits {
			common &^= 1 << (d - 1)
		}
		for k, g := range groups {
			var m uint16
			for _, c := range g {
				m |= s.Candidates(c)
			}
			if len(g) == 0 || popcount(m) != len(g)+1 {
				return false
			}
			d := stemDigits[k]
			has := false
			for _, c := range g {
				if s.HasCandidate(c, d) {
					has = true
					if !v.IsPeer(c, stem) {
						return false
					}
				}
			}
			if !has {
				return false
			}
			common &= m
		}
		inSets := map[int]bool{stem: true}
		for _, g := range groups {
			for _, c := range g {
				inSets[c] = true
			}
		}
		for _, e := range st.Eliminations {
			if common&(1<<(e.Digit-1)) == 0 || inSets[e.Cell] {
				return false
			}
			for _, g := range groups {
				for _, c := range g {
					if s.HasCandidate(c, e.Digit) && !v.IsPeer(c, e.Cell) {
						return false
					}
				}
			}
		}
		return true
	}
	assign := make([]int, len(cells))
	var try func(k int) bool
	try = func(k int) bool {
		if k == len(cells) {
			groups := make([][]int, n)
			for j, c := range cells {
				groups[assign[j]] = append(groups[assign[j]], c)
			}
			return valid(groups)
		}
		for g := 0; g < n; g++ {
			if in(st.Units[g], cells[k]) {
				assign[k] = g
				if try(k + 1) {
					return true
				}
			}
		}
		return false
	}
	if !try(0) {
		return fmt.Errorf("no split of %v into petals in units %v justifies the eliminations", cells, st.Units)
	}
	return nil
}

// checkURType3 checks a unique rectangle of type 3: the first four cells
// are a floor (two cells of one line holding only a and b) and a roof (two
// cells holding both and more), on two rows, columns and boxes off the
// extra units; the other cells lie, with both roof cells, in the step's
// last unit, hold neither a nor b, and with the roof's extra digits make
// one digit more than cells. The eliminations are those digits in the rest
// of the unit.
func checkURType3(s *State, st Step) error {
	v := s.Variant()
	var cells []int
	for _, p := range st.Pattern {
		if len(cells) == 0 || cells[len(cells)-1] != p.Cell {
			cells = append(cells, p.Cell)
		}
	}
	if len(cells) < 5 {
		return fmt.Errorf("%d cells", len(cells))
	}
	floor, roof, sub := cells[:2], cells[2:4], cells[4:]
	rows, cols, boxes := map[int]bool{}, map[int]bool{}, map[int]bool{}
	for _, c := range cells[:4] {
		rows[c/9], cols[c%9], boxes[c/27*3+c%9/3] = true, true, true
		if len(v.UnitsOf(c)) != 3 {
			return fmt.Errorf("%s lies in an extra unit", solver.CellName(c))
		}
	}
	ab := s.Candidates(floor[0])
	if len(rows) != 2 || len(cols) != 2 || len(boxes) != 2 || popcount(ab) != 2 || s.Candidates(floor[1]) != ab ||
		(floor[0]/9 != floor[1]/9 && floor[0]%9 != floor[1]%9) {
		return fmt.Errorf("not a rectangle with a floor of two cells holding only two digits")
	}
	var extra uint16
	for _, c := range roof {
		if s.Candidates(c)&ab != ab {
			return fmt.Errorf("roof cell %s lacks a digit of the floor", solver.CellName(c))
		}
		extra |= s.Candidates(c) &^ ab
	}
	u := st.Units[len(st.Units)-1]
	inU := map[int]bool{}
	for _, c := range v.Unit(u) {
		inU[int(c)] = true
	}
	if !inU[roof[0]] || !inU[roof[1]] || popcount(extra) < 2 {
		return fmt.Errorf("the roof is not in %s or has fewer than two extra digits", v.UnitName(u))
	}
	digits := extra
	used := map[int]bool{roof[0]: true, roof[1]: true}
	for _, c := range sub {
		if !inU[c] || s.Candidates(c)&ab != 0 || used[c] {
			return fmt.Errorf("%s is not a subset cell of %s", solver.CellName(c), v.UnitName(u))
		}
		used[c] = true
		digits |= s.Candidates(c)
	}
	if popcount(digits) != len(sub)+1 {
		return fmt.Errorf("%d cells and the roof hold %d digits", len(sub), popcount(digits))
	}
	for _, e := range st.Eliminations {
		if !inU[e.Cell] || used[e.Cell] || digits&(1<<(e.Digit-1)) == 0 {
			return fmt.Errorf("elimination %v does not follow", e)
		}
	}
	return nil
}

// broken reports a cell without candidates or a unit missing a digit with
// no place for it.
func broken(s *State) bool {
	v := s.Variant()
	for c := 0; c < 81; c++ {
		if s.Digit(c) == 0 && s.Candidates(c) == 0 {
			return true
		}
	}
	for u := 0; u < v.NumUnits(); u++ {
		for d := 1; d <= 9; d++ {
			found := false
			for _, c := range v.Unit(u) {
				found = found || s.Digit(int(c)) == d || s.HasCandidate(int(c), d)
			}
			if !found {
				return true
			}
		}
	}
	return false
}

// placeSingle places one naked or hidden single; false when there is none.
func placeSingle(s *State) bool {
	v := s.Variant()
	for c := 0; c < 81; c++ {
		if m := s.Candidates(c); s.Digit(c) == 0 && popcount(m) == 1 {
			s.place(c, int(digitMask(m).lowest()))
			return true
		}
	}
	for u := 0; u < v.NumUnits(); u++ {
		for d := 1; d <= 9; d++ {
			at, n := -1, 0
			for _, c := range v.Unit(u) {
				if s.HasCandidate(int(c), d) {
					at, n = int(c), n+1
				}
			}
			if n == 1 {
				s.place(at, d)
				return true
			}
		}
	}
	return false
}

func bits2(a, b int) uint16 { return 1<<(a-1) | 1<<(b-1) }

func popcount(m uint16) int {
	n := 0
	for ; m != 0; m &= m - 1 {
		n++
	}
	return n
}
