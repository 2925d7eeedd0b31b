package logic

import (
	"fmt"
	"strconv"
	"strings"

	"sudoku/solver"
)

// findUniqueRectangle finds type 1: four cells on two rows, two columns and
// two boxes, three of them holding only the same two digits. If the fourth
// held one of them too, the two digits could swap between the four cells and
// the puzzle would not have a unique solution. The swap keeps every row,
// column and box whole but may break an extra unit, so cells on a variant's
// extra units (the diagonals) are never used.
func (s *State) findUniqueRectangle() (Step, bool) {
	for r1 := 0; r1 < 9; r1++ {
		for r2 := r1 + 1; r2 < 9; r2++ {
			for c1 := 0; c1 < 9; c1++ {
				for c2 := c1 + 1; c2 < 9; c2++ {
					if r1/3 != r2/3 && c1/3 != c2/3 {
						continue // four boxes
					}
					if r1/3 == r2/3 && c1/3 == c2/3 {
						continue // one box
					}
					cs := [4]int{r1*9 + c1, r1*9 + c2, r2*9 + c1, r2*9 + c2}
					skip := false
					for _, c := range cs {
						if s.val[c] != 0 || s.t.extra[c] || s.cand[c].count() < 2 {
							skip = true
						}
					}
					if skip {
						continue
					}
					for odd := 0; odd < 4; odd++ {
						var m digitMask
						ok := true
						for k, c := range cs {
							if k == odd {
								continue
							}
							if s.cand[c].count() != 2 || (m != 0 && s.cand[c] != m) {
								ok = false
								break
							}
							m = s.cand[c]
						}
						if !ok || s.cand[cs[odd]]&m == 0 || s.cand[cs[odd]] == m {
							continue
						}
						var es []Candidate
						for _, d := range (s.cand[cs[odd]] & m).digits() {
							es = append(es, Candidate{cs[odd], d})
						}
						ds := m.digits()
						var pat []Candidate
						for _, c := range cs {
							for _, d := range ds {
								if s.cand[c].has(d) {
									pat = append(pat, Candidate{c, d})
								}
							}
						}
						var odds []string
						for _, d := range (s.cand[cs[odd]] & m).digits() {
							odds = append(odds, strconv.Itoa(d))
						}
						var others []int
						for k, c := range cs {
							if k != odd {
								others = append(others, c)
							}
						}
						return Step{
							Technique:    UniqueRectangle,
							Pattern:      pat,
							Units:        []int{r1, r2, 9 + c1, 9 + c2},
							Eliminations: es,
							Explanation: fmt.Sprintf("%s hold only %d or %d. If %s were %s too, the four cells could swap %d and %d and the puzzle would have two solutions; so %s removed from %s.",
								cellList(others), ds[0], ds[1], solver.CellName(cs[odd]), orList(odds), ds[0], ds[1],
								map[bool]string{true: digitList((s.cand[cs[odd]]&m).digits(), "") + " is", false: digitList((s.cand[cs[odd]]&m).digits(), "") + " are"}[len(es) == 1],
								solver.CellName(cs[odd])),
							Rating: UniqueRectangle.Rating(),
						}, true
					}
				}
			}
		}
	}
	return Step{}, false
}

// findBUG finds BUG+1: every empty cell has two candidates except one with
// three. If removing digit x from that cell leaves every unplaced digit with
// exactly two places in every unit, then without x the position would have
// no solution or at least two (taking the other candidate in every cell
// gives a second one), so the cell holds x. The argument holds for any set
// of units.
func (s *State) findBUG() (Step, bool) {
	tri := -1
	for c := 0; c < 81; c++ {
		if s.val[c] != 0 {
			continue
		}
		switch s.cand[c].count() {
		case 2:
		case 3:
			if tri >= 0 {
				return Step{}, false
			}
			tri = c
		default:
			return Step{}, false
		}
	}
	if tri < 0 {
		return Step{}, false
	}
	for _, x := range s.cand[tri].digits() {
		t := *s
		t.an = nil
		t.cand[tri] &^= bit(x)
		if !t.isBUG() {
			continue
		}
		return Step{
			Technique:   BUGPlusOne,
			Pattern:     []Candidate{{tri, x}},
			Units:       append([]int(nil), s.t.unitsOf[tri]...),
			Placements:  []Candidate{{tri, x}},
			Explanation: fmt.Sprintf("Every empty cell but %s has two candidates. If %s were not %d, every digit would have exactly two places in each unit, a pattern with either no solution or two; so %s is %d.", solver.CellName(tri), solver.CellName(tri), x, solver.CellName(tri), x),
			Rating:      BUGPlusOne.Rating(),
		}, true
	}
	return Step{}, false
}

// isBUG reports whether every unit has every digit it lacks in exactly two
// cells (the cells are known to be bivalue).
func (s *State) isBUG() bool {
	for u := 0; u < s.t.nu; u++ {
		var once, twice, more digitMask
		var have digitMask
		for _, c := range s.t.units[u] {
			if s.val[c] != 0 {
				have |= bit(int(s.val[c]))
				continue
			}
			m := s.cand[c]
			more |= twice & m
			twice |= once & m
			once |= m
		}
		if more != 0 || once != twice || twice != s.t.all&^have {
			return false
		}
	}
	return true
}

// rectangle is four cells on two rows, two columns and two boxes: a floor
// of two cells in one line holding only digits a and b, and a roof of two
// cells in a parallel line holding a, b and more.
type rectangle struct {
	floor, roof [2]int
	a, b        int
}

// rectangles calls fn with every rectangle whose floor holds only a and b
// and whose roof holds both and more, until fn returns true. Cells of a
// variant's extra units are never used (a swap could break those units).
func (s *State) rectangles(fn func(r rectangle) bool) bool {
	for f1 := 0; f1 < 81; f1++ {
		m := s.cand[f1]
		if s.val[f1] != 0 || m.count() != 2 || s.t.extra[f1] {
			continue
		}
		r1, c1 := f1/9, f1%9
		for _, rowFloor := range [2]bool{true, false} {
			for k := 0; k < 9; k++ {
				f2 := r1*9 + k // the second floor cell, in the same row
				if !rowFloor {
					f2 = k*9 + c1 // or column
				}
				if f2 <= f1 || s.cand[f2] != m || s.t.extra[f2] {
					continue
				}
				for l := 0; l < 9; l++ {
					var q1, q2 int
					if rowFloor {
						if l == r1 {
							continue
						}
						q1, q2 = l*9+c1, l*9+f2%9
					} else {
						if l == c1 {
							continue
						}
						q1, q2 = r1*9+l, f2/9*9+l
					}
					if boxCount(f1, f2, q1, q2) != 2 || s.t.extra[q1] || s.t.extra[q2] ||
						s.cand[q1]&m != m || s.cand[q2]&m != m || s.cand[q1] == m || s.cand[q2] == m {
						continue
					}
					ds := m.digits()
					if fn(rectangle{[2]int{f1, f2}, [2]int{q1, q2}, ds[0], ds[1]}) {
						return true
					}
				}
			}
		}
	}
	return false
}

func boxOf(c int) int { return c/27*3 + c%9/3 }

// boxCount is the number of boxes the cells lie in (a rectangle that may
// hide a deadly pattern lies in two).
func boxCount(cells ...int) int {
	var m digitMask
	for _, c := range cells {
		m |= 1 << boxOf(c)
	}
	return m.count()
}

// rectPattern lists the rectangle's digits a and b (and extra) in its cells.
func (s *State) rectPattern(r rectangle, extra digitMask) []Candidate {
	var pat []Candidate
	for _, c := range [4]int{r.floor[0], r.floor[1], r.roof[0], r.roof[1]} {
		for _, d := range s.cand[c].digits() {
			if d == r.a || d == r.b || extra.has(d) {
				pat = append(pat, Candidate{c, d})
			}
		}
	}
	return pat
}

// rectUnits returns the two rows and two columns of a rectangle.
func rectUnits(r rectangle) []int {
	rows := []int{r.floor[0] / 9, r.roof[0] / 9}
	cols := []int{9 + r.floor[0]%9, 9 + r.roof[1]%9}
	if rows[0] == rows[1] {
		rows[1] = r.roof[1] / 9
	}
	if cols[0] == cols[1] {
		cols[1] = 9 + r.floor[1]%9
	}
	return append(rows, cols...)
}

// findURType2 finds a rectangle whose roof cells both hold a, b and one
// more digit x, the same in both: without x the four cells would hold only
// a and b, which could swap, so one roof cell holds x, and cells that see
// both lose it.
func (s *State) findURType2() (Step, bool) {
	var st Step
	found := s.rectangles(func(r rectangle) bool {
		m := bit(r.a) | bit(r.b)
		x := s.cand[r.roof[0]] &^ m
		if x.count() != 1 || s.cand[r.roof[1]] != s.cand[r.roof[0]] {
			return false
		}
		d := x.lowest()
		es := s.elimsOf(s.t.peers[r.roof[0]].and(s.t.peers[r.roof[1]]), d)
		if len(es) == 0 {
			return false
		}
		st = Step{
			Technique:    URType2,
			Pattern:      s.rectPattern(r, x),
			Units:        rectUnits(r),
			Eliminations: es,
			Explanation: fmt.Sprintf("%s hold only %d and %d, and %s hold %d, %d and %d. If neither of the last two were %d, the four cells would hold only %d and %d, which could swap, and the puzzle would have two solutions; so one of them is %d, and %d is removed from %s, which %s both.",
				cellList(r.floor[:]), r.a, r.b, cellList(r.roof[:]), r.a, r.b, d, d, r.a, r.b, d, d, cellsOfElims(es), sees(len(es))),
		}
		return true
	})
	return st, found
}

// findURType4 finds a rectangle whose roof cells hold one of its digits, a,
// as the only places of a in a unit they share: one of them is a, so if the
// other were b the four cells would hold a and b in a pattern that can
// swap. b is removed from both roof cells.
func (s *State) findURType4() (Step, bool) {
	var st Step
	found := s.rectangles(func(r rectangle) bool {
		var pair cellSet
		pair.add(r.roof[0])
		pair.add(r.roof[1])
		for _, u := range s.t.unitsOf[r.roof[0]] {
			if u >= 27 || !s.t.unitSet[u].has(r.roof[1]) {
				continue
			}
			for _, ab := range [2][2]int{{r.a, r.b}, {r.b, r.a}} {
				a, b := ab[0], ab[1]
				if s.unitDigitCells(u, a) != pair {
					continue
				}
				es := []Candidate{{r.roof[0], b}, {r.roof[1], b}}
				st = Step{
					Technique:    URType4,
					Pattern:      s.rectPattern(r, 0),
					Units:        append(rectUnits(r), u),
					Eliminations: es,
					Explanation: fmt.Sprintf("%s hold only %d and %d. In %s, %d can only go in %s, so one of them is %d; if the other were %d, the four cells would hold only %d and %d, which could swap, and the puzzle would have two solutions. So %d is removed from %s.",
						cellList(r.floor[:]), r.a, r.b, s.unitName(u), a, orList([]string{solver.CellName(r.roof[0]), solver.CellName(r.roof[1])}), a, b, r.a, r.b, b, cellList(r.roof[:])),
				}
				return true
			}
		}
		return false
	})
	return st, found
}

// findHiddenRectangle finds a rectangle (two rows, two columns, two boxes,
// no cell on an extra unit) whose corner X holds only a and b and whose
// other cells hold both too, and where the opposite corner Z is, in its row
// and in its column, one of a's only two places. If Z were b, a would go
// in the rectangle's other cells of Z's row and column, X would be b, and
// the four cells would hold a and b in a pattern that can swap; so Z is
// not b.
func (s *State) findHiddenRectangle() (Step, bool) {
	for x := 0; x < 81; x++ {
		m := s.cand[x]
		if s.val[x] != 0 || m.count() != 2 || s.t.extra[x] {
			continue
		}
		rx, cx := x/9, x%9
		for r := 0; r < 9; r++ {
			for c := 0; c < 9; c++ {
				if r == rx || c == cx {
					continue
				}
				w1, w2, z := rx*9+c, r*9+cx, r*9+c
				if boxCount(x, w1, w2, z) != 2 {
					continue
				}
				ok := true
				for _, q := range [3]int{w1, w2, z} {
					ok = ok && s.val[q] == 0 && !s.t.extra[q] && s.cand[q]&m == m
				}
				if !ok || s.cand[z] == m {
					continue
				}
				ds := m.digits()
				for _, ab := range [2][2]int{{ds[0], ds[1]}, {ds[1], ds[0]}} {
					a, b := ab[0], ab[1]
					var rowPair, colPair cellSet
					rowPair.add(w2)
					rowPair.add(z)
					colPair.add(w1)
					colPair.add(z)
					if s.unitDigitCells(r, a) != rowPair || s.unitDigitCells(9+c, a) != colPair {
						continue
					}
					var pat []Candidate
					for _, q := range [4]int{x, w1, w2, z} {
						pat = append(pat, Candidate{q, ds[0]}, Candidate{q, ds[1]})
					}
					return Step{
						Technique:    HiddenRectangle,
						Pattern:      pat,
						Units:        []int{r, 9 + c},
						Eliminations: []Candidate{{z, b}},
						Explanation: fmt.Sprintf("%s holds only %d and %d, and %s, %s and %s hold both. In row %d and in column %d, %d can only go in these cells. If %s were %d, %d would be in %s and %s, %s would be %d, and the four cells would hold only %d and %d, which could swap, and the puzzle would have two solutions; so %d is removed from %s.",
							solver.CellName(x), ds[0], ds[1], solver.CellName(w1), solver.CellName(w2), solver.CellName(z), r+1, c+1, a,
							solver.CellName(z), b, a, solver.CellName(w1), solver.CellName(w2), solver.CellName(x), b, ds[0], ds[1], b, solver.CellName(z)),
					}, true
				}
			}
		}
	}
	return Step{}, false
}

// findAvoidableRectangle finds type 1: a rectangle (two rows, two columns,
// two boxes, no cell on an extra unit) whose three cells were filled by
// solving, not given, as a, b and b, the b's beside the a. If the fourth
// cell were a, the four cells could swap a and b, and since none of them is
// a clue the puzzle would have two solutions; so it is not a.
func (s *State) findAvoidableRectangle() (Step, bool) {
	for x := 0; x < 81; x++ {
		if s.val[x] == 0 || s.given[x] || s.t.extra[x] {
			continue
		}
		a := int(s.val[x])
		rx, cx := x/9, x%9
		for r := 0; r < 9; r++ {
			for c := 0; c < 9; c++ {
				if r == rx || c == cx {
					continue
				}
				w1, w2, z := rx*9+c, r*9+cx, r*9+c
				if boxCount(x, w1, w2, z) != 2 || s.t.extra[w1] || s.t.extra[w2] || s.t.extra[z] {
					continue
				}
				b := int(s.val[w1])
				if b == 0 || s.given[w1] || s.given[w2] || int(s.val[w2]) != b || s.val[z] != 0 || !s.cand[z].has(a) {
					continue
				}
				return Step{
					Technique:    AvoidableRectangle,
					Pattern:      []Candidate{{x, a}, {w1, b}, {w2, b}, {z, a}},
					Units:        []int{rx, r, 9 + cx, 9 + c},
					Eliminations: []Candidate{{z, a}},
					Explanation: fmt.Sprintf("%s is %d and %s and %s are %d, none of them a clue. If %s were %d, the four cells could swap %d and %d, and the puzzle would have two solutions; so %d is removed from %s.",
						solver.CellName(x), a, solver.CellName(w1), solver.CellName(w2), b, solver.CellName(z), a, a, b, a, solver.CellName(z)),
				}, true
			}
		}
	}
	return Step{}, false
}

// rect4 is a rectangle's cells in the order (r1,c1), (r1,c2), (r2,c1),
// (r2,c2), with the two digits a and b that all four hold.
type rect4 struct {
	cells      [4]int
	r1, r2     int
	c1, c2     int
	a, b       int
	extraCells []int // the cells holding more than a and b
}

// allRectangles calls fn with every rectangle on two rows, two columns and
// two boxes, off the extra units, whose empty cells all hold two digits a
// and b, at least one holding only them, until fn returns true.
func (s *State) allRectangles(fn func(r rect4) bool) bool {
	for r1 := 0; r1 < 9; r1++ {
		for r2 := r1 + 1; r2 < 9; r2++ {
			for c1 := 0; c1 < 9; c1++ {
				for c2 := c1 + 1; c2 < 9; c2++ {
					if (r1/3 == r2/3) == (c1/3 == c2/3) {
						continue // one box or four
					}
					cs := [4]int{r1*9 + c1, r1*9 + c2, r2*9 + c1, r2*9 + c2}
					common := allDigits
					ok := true
					for _, c := range cs {
						ok = ok && s.val[c] == 0 && !s.t.extra[c]
						common &= s.cand[c]
					}
					if !ok || common.count() < 2 {
						continue
					}
					ds := common.digits()
					for i, a := range ds {
						for _, b := range ds[i+1:] {
							m := bit(a) | bit(b)
							r := rect4{cells: cs, r1: r1, r2: r2, c1: c1, c2: c2, a: a, b: b}
							for _, c := range cs {
								if s.cand[c] != m {
									r.extraCells = append(r.extraCells, c)
								}
							}
							if len(r.extraCells) == 4 || len(r.extraCells) == 0 {
								continue
							}
							if fn(r) {
								return true
							}
						}
					}
				}
			}
		}
	}
	return false
}

func (r rect4) pattern(s *State) []Candidate {
	var pat []Candidate
	for _, c := range r.cells {
		for _, d := range s.cand[c].digits() {
			pat = append(pat, Candidate{c, d})
		}
	}
	return pat
}

// findURType5 finds a rectangle whose cells with more than a and b (two
// diagonal ones, or three) all hold exactly one more digit x, the same: one
// of them is x, or the four cells would hold only a and b, which could
// swap. Cells that see all of them lose x.
func (s *State) findURType5() (Step, bool) {
	var st Step
	found := s.allRectangles(func(r rect4) bool {
		ab := bit(r.a) | bit(r.b)
		ex := r.extraCells
		if len(ex) < 2 || (len(ex) == 2 && (ex[0]/9 == ex[1]/9 || ex[0]%9 == ex[1]%9)) {
			return false // one cell is type 1, two in a line type 2
		}
		x := s.cand[ex[0]] &^ ab
		if x.count() != 1 {
			return false
		}
		seen := s.digitCells(x.lowest())
		for _, c := range ex {
			if s.cand[c] != ab|x {
				return false
			}
			seen = seen.and(s.t.peers[c])
		}
		es := s.elimsOf(seen, x.lowest())
		if len(es) == 0 {
			return false
		}
		d := x.lowest()
		st = Step{
			Technique:    URType5,
			Pattern:      r.pattern(s),
			Units:        []int{r.r1, r.r2, 9 + r.c1, 9 + r.c2},
			Eliminations: es,
			Explanation: fmt.Sprintf("%s hold %d and %d, and %s only %s. If none of them were %d, the four cells would hold only %d and %d, which could swap, and the puzzle would have two solutions; so one of them is %d, and %d is removed from %s, which %s them all.",
				cellList(r.cells[:]), r.a, r.b, cellList(ex), digitList((ab|x).digits(), ""), d, r.a, r.b, d, d, cellsOfElims(es), sees(len(es))),
		}
		return true
	})
	return st, found
}

// findURType6 finds a rectangle with two diagonal cells holding only a and
// b and where a, in both rows (or both columns), can only go in the
// rectangle. If one of the other two cells were a, the bivalue cells would
// be b, the last cell a, and the four cells could swap a and b; so those
// two cells lose a.
func (s *State) findURType6() (Step, bool) {
	var st Step
	found := s.allRectangles(func(r rect4) bool {
		ex := r.extraCells
		if len(ex) != 2 || ex[0]/9 == ex[1]/9 || ex[0]%9 == ex[1]%9 {
			return false
		}
		rowPair := func(l, k1, k2 int) cellSet {
			var cs cellSet
			cs.add(l*9 + k1)
			cs.add(l*9 + k2)
			return cs
		}
		colPair := func(l, k1, k2 int) cellSet {
			var cs cellSet
			cs.add(k1*9 + l)
			cs.add(k2*9 + l)
			return cs
		}
		for _, a := range [2]int{r.a, r.b} {
			var units []int
			switch {
			case s.unitDigitCells(r.r1, a) == rowPair(r.r1, r.c1, r.c2) && s.unitDigitCells(r.r2, a) == rowPair(r.r2, r.c1, r.c2):
				units = []int{r.r1, r.r2}
			case s.unitDigitCells(9+r.c1, a) == colPair(r.c1, r.r1, r.r2) && s.unitDigitCells(9+r.c2, a) == colPair(r.c2, r.r1, r.r2):
				units = []int{9 + r.c1, 9 + r.c2}
			default:
				continue
			}
			b := r.a + r.b - a
			es := []Candidate{{ex[0], a}, {ex[1], a}}
			var biv []int
			for _, c := range r.cells {
				if c != ex[0] && c != ex[1] {
					biv = append(biv, c)
				}
			}
			st = Step{
				Technique:    URType6,
				Pattern:      r.pattern(s),
				Units:        units,
				Eliminations: es,
				Explanation: fmt.Sprintf("%s hold only %d and %d, and in %s and %s, %d can only go in the rectangle with %s. If %s or %s were %d, %s would be %d, the other cell %d, and the four cells would hold only %d and %d, which could swap, and the puzzle would have two solutions; so %d is removed from %s.",
					cellList(biv), r.a, r.b, s.unitName(units[0]), s.unitName(units[1]), a, cellList(ex),
					solver.CellName(ex[0]), solver.CellName(ex[1]), a, cellList(biv), b, a, r.a, r.b, a, cellList(ex)),
			}
			return true
		}
		return false
	})
	return st, found
}

// findURType3 finds a rectangle whose roof cells hold, besides a and b,
// extra digits E that act as one cell: one roof cell holds a digit of E (or
// the four cells could swap a and b). If n other cells of a unit holding
// both roof cells hold only digits that, with E, make n+1 digits, those n
// cells and the roof hold these n+1 digits, and the rest of the unit loses
// them.
func (s *State) findURType3() (Step, bool) {
	var st Step
	found := s.rectangles(func(r rectangle) bool {
		ab := bit(r.a) | bit(r.b)
		e := (s.cand[r.roof[0]] | s.cand[r.roof[1]]) &^ ab
		if e.count() < 2 {
			return false // one extra digit: type 2
		}
		for _, u := range s.t.unitsOf[r.roof[0]] {
			if u >= 27 || !s.t.unitSet[u].has(r.roof[1]) {
				continue
			}
			var others []int
			for _, c := range s.t.units[u] {
				q := int(c)
				if s.val[q] == 0 && q != r.roof[0] && q != r.roof[1] && s.cand[q]&ab == 0 {
					others = append(others, q)
				}
			}
			for n := 1; n <= 3 && n <= len(others); n++ {
				var sub []int
				var digits digitMask
				if !combos(len(others), n, func(idx []int) bool {
					m := e
					for _, i := range idx {
						m |= s.cand[others[i]]
					}
					if m.count() != n+1 {
						return false
					}
					sub = sub[:0]
					for _, i := range idx {
						sub = append(sub, others[i])
					}
					digits = m
					return true
				}) {
					continue
				}
				var used cellSet
				used.add(r.roof[0])
				used.add(r.roof[1])
				for _, c := range sub {
					used.add(c)
				}
				var es []Candidate
				for _, d := range digits.digits() {
					es = append(es, s.elimsOf(s.t.unitSet[u].andNot(used), d)...)
				}
				if len(es) == 0 {
					continue
				}
				pat := s.rectPattern(r, e)
				for _, c := range sub {
					for _, d := range s.cand[c].digits() {
						pat = append(pat, Candidate{c, d})
					}
				}
				st = Step{
					Technique:    URType3,
					Pattern:      pat,
					Units:        append(rectUnits(r), u),
					Eliminations: es,
					Explanation: fmt.Sprintf("%s hold only %d and %d, and %s hold them and also %s. One of the last two holds %s, or the four cells would hold only %d and %d, which could swap, and the puzzle would have two solutions. With %s, which %s only %s, the roof acts as one more cell: %d cells of %s for the %d digits %s, so the rest of the unit loses them: remove %s.",
						cellList(r.floor[:]), r.a, r.b, cellList(r.roof[:]), digitList(e.digits(), ""), orList(strings.Fields(digitList(e.digits(), " "))), r.a, r.b,
						cellList(sub), map[bool]string{true: "holds", false: "hold"}[len(sub) == 1], digitList((digits).digits(), ""), len(sub)+1, s.unitName(u), len(sub)+1, digitList(digits.digits(), ""), elimByCell(es)),
				}
				return true
			}
		}
		return false
	})
	return st, found
}
