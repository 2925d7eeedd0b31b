package solver

import (
	"fmt"
	"math/bits"
)

// Killer is a killer cage: its cells hold different digits, summing to Sum
// when Sum is above 0. The sets of digits that make the sum are worked out
// once, when the rules are built; a sum no set makes is an error.
type Killer struct {
	Cells []int `json:"cells"`
	Sum   int   `json:"sum,omitempty"`

	sets digitSets
}

func (*Killer) Kind() string { return "killer" }

func (k *Killer) Describe(r *Rules) string {
	if k.Sum == 0 {
		return fmt.Sprintf("The cage %s has no repeated digit.", r.cellList(k.Cells))
	}
	return fmt.Sprintf("The cage %s sums to %d without repeats.", r.cellList(k.Cells), k.Sum)
}

func (k *Killer) init(r *Rules) error {
	if err := lineCells(r, "cage", k.Cells, 1, true); err != nil {
		return err
	}
	if len(k.Cells) > r.Size {
		return rulesErr("cage %s has %d cells: at most %d digits differ", r.cellList(k.Cells), len(k.Cells), r.Size)
	}
	k.sets = digitSets{cells: k.Cells}
	if k.Sum != 0 {
		k.sets.sets = sumSets(len(k.Cells), k.Sum, r.Size)
		if len(k.sets.sets) == 0 {
			return rulesErr("cage %s: no %d different digits of 1 to %d sum to %d", r.cellList(k.Cells), len(k.Cells), r.Size, k.Sum)
		}
	}
	return nil
}

func (k *Killer) distinct(*Rules) [][]int { return [][]int{k.Cells} }

func (k *Killer) check(_ *Rules, g []uint8) bool { return k.Sum == 0 || k.sets.check(g) }

func (k *Killer) propagate(_ *Rules, cand []uint16) bool {
	return k.Sum == 0 || k.sets.propagate(cand)
}

// LittleKiller is a little killer clue: the digits of Cells (a diagonal
// seen from outside the grid) sum to Sum; they may repeat.
type LittleKiller struct {
	Cells []int `json:"cells"`
	Sum   int   `json:"sum"`
	noDistinct

	line sumLine
}

func (*LittleKiller) Kind() string { return "littlekiller" }

func (k *LittleKiller) Describe(r *Rules) string {
	return fmt.Sprintf("The digits on the diagonal %s sum to %d; they may repeat.", r.cellList(k.Cells), k.Sum)
}

func (k *LittleKiller) init(r *Rules) error {
	if err := lineCells(r, "little killer", k.Cells, 1, true); err != nil {
		return err
	}
	if k.Sum < len(k.Cells) || k.Sum > len(k.Cells)*r.Size {
		return rulesErr("little killer %s: %d cells cannot sum to %d", r.cellList(k.Cells), len(k.Cells), k.Sum)
	}
	return nil
}

func (k *LittleKiller) check(_ *Rules, g []uint8) bool { return sumOf(k.Cells, g) == k.Sum }

func (k *LittleKiller) prepare(r *Rules) { k.line = newSumLine(r, k.Cells) }

func (k *LittleKiller) propagate(_ *Rules, cand []uint16) bool {
	return k.line.narrow(cand, k.Sum, k.Sum)
}

// Arrow: the digits of Line sum to the number in Circle (one cell, or a
// pill of two or three cells read as a number from its first cell).
type Arrow struct {
	Circle []int `json:"circle"`
	Line   []int `json:"line"`
	noDistinct

	line sumLine
}

func (*Arrow) Kind() string { return "arrow" }

func (a *Arrow) Describe(r *Rules) string {
	return fmt.Sprintf("The digits on the arrow %s sum to the number in %s.", r.cellList(a.Line), r.cellList(a.Circle))
}

func (a *Arrow) init(r *Rules) error {
	if len(a.Circle) < 1 || len(a.Circle) > 3 {
		return rulesErr("arrow circle of %d cells: want 1 to 3", len(a.Circle))
	}
	if err := lineCells(r, "arrow", append(append([]int(nil), a.Circle...), a.Line...), 2, true); err != nil {
		return err
	}
	if len(a.Line) < 1 {
		return rulesErr("arrow from %s has no line", r.cellList(a.Circle))
	}
	return nil
}

// circleValue reads the circle's number from digits dig(c).
func (a *Arrow) circleValue(dig func(c int) int) int {
	v := 0
	for _, c := range a.Circle {
		v = v*10 + dig(c)
	}
	return v
}

func (a *Arrow) check(_ *Rules, g []uint8) bool {
	return a.circleValue(func(c int) int { return int(g[c]) }) == sumOf(a.Line, g)
}

func (a *Arrow) prepare(r *Rules) { a.line = newSumLine(r, a.Line) }

func (a *Arrow) propagate(_ *Rules, cand []uint16) bool {
	lo := a.circleValue(func(c int) int { return lowDigit(cand[c]) })
	hi := a.circleValue(func(c int) int { return highDigit(cand[c]) })
	if !a.line.narrow(cand, lo, hi) {
		return false
	}
	// The circle keeps the digits of the numbers the line can sum to.
	smin, smax := a.line.bounds(cand, -1)
	var keep [3]uint16
	var walk func(i, v int)
	var digits [3]int
	walk = func(i, v int) {
		if i == len(a.Circle) {
			if v >= smin && v <= smax {
				for j := range a.Circle {
					keep[j] |= 1 << (digits[j] - 1)
				}
			}
			return
		}
		rest := 1
		for j := i + 1; j < len(a.Circle); j++ {
			rest *= 10
		}
		for m := cand[a.Circle[i]]; m != 0; m &= m - 1 {
			d := lowDigit(m)
			w := v*10 + d
			// Prune prefixes whose numbers all fall outside the range.
			if w*rest > smax || (w+1)*rest-1 < smin {
				continue
			}
			digits[i] = d
			walk(i+1, w)
		}
	}
	walk(0, 0)
	for j, c := range a.Circle {
		if cand[c] &= keep[j]; cand[c] == 0 {
			return false
		}
	}
	return true
}

// Sandwich is a sandwich clue: in row (or column, when Column) Index,
// counted from 0, the digits between 1 and Size sum to Sum.
type Sandwich struct {
	Column bool `json:"column,omitempty"`
	Index  int  `json:"index"`
	Sum    int  `json:"sum"`
	noDistinct

	line []int
}

func (*Sandwich) Kind() string { return "sandwich" }

func (s *Sandwich) Describe(r *Rules) string {
	what := "row"
	if s.Column {
		what = "column"
	}
	return fmt.Sprintf("In %s %d the digits between 1 and %d sum to %d.", what, s.Index+1, r.Size, s.Sum)
}

func (s *Sandwich) init(r *Rules) error {
	n := r.Size
	if s.Index < 0 || s.Index >= n {
		return rulesErr("sandwich clue for line %d: want 1 to %d", s.Index+1, n)
	}
	if max := (n-1)*n/2 - 1; s.Sum < 0 || s.Sum > max {
		return rulesErr("sandwich sum %d: want 0 to %d", s.Sum, max)
	}
	s.line = make([]int, n)
	for i := range s.line {
		if s.Column {
			s.line[i] = i*n + s.Index
		} else {
			s.line[i] = s.Index*n + i
		}
	}
	return nil
}

func (s *Sandwich) check(r *Rules, g []uint8) bool {
	p1, pn := -1, -1
	for i, c := range s.line {
		switch int(g[c]) {
		case 1:
			p1 = i
		case r.Size:
			pn = i
		}
	}
	if p1 < 0 || pn < 0 {
		return false
	}
	sum := 0
	for i := min(p1, pn) + 1; i < max(p1, pn); i++ {
		sum += int(g[s.line[i]])
	}
	return sum == s.Sum
}

// propagate keeps 1 and Size only at the ends of a pair of places whose
// cells between can make the sum, and in the cells between such a pair
// only the digits that let the others make it (any digit but 1 and Size
// may stand outside).
func (s *Sandwich) propagate(r *Rules, cand []uint16) bool {
	n := r.Size
	one, top := uint16(1), uint16(1)<<(n-1)
	inner := digitMask(2, n-1, n)
	var can1, canN uint16 // places (bit i: line[i]) that may hold 1, Size
	var keep [9]uint16    // digits each place may hold under some pair
	var lo, hi [9]int
	for i, ci := range s.line {
		if cand[ci]&one == 0 {
			continue
		}
		for j, cj := range s.line {
			if j == i || cand[cj]&top == 0 {
				continue
			}
			a, b := min(i, j), max(i, j)
			smin, smax := 0, 0
			var union uint16
			ok := true
			for k := a + 1; k < b; k++ {
				m := cand[s.line[k]] & inner
				if m == 0 {
					ok = false
					break
				}
				union |= m
				lo[k], hi[k] = lowDigit(m), highDigit(m)
				smin += lo[k]
				smax += hi[k]
			}
			if !ok {
				continue
			}
			// The cells between hold different digits: at least the
			// b-a-1 least of their candidates, at most the greatest.
			dmin, dmax, m := 0, 0, union
			for k := a + 1; k < b && m != 0; k++ {
				dmin += lowDigit(m)
				m &= m - 1
			}
			m = union
			for k := a + 1; k < b && m != 0; k++ {
				h := highDigit(m)
				dmax += h
				m &^= 1 << (h - 1)
			}
			if bits.OnesCount16(union) < b-a-1 || s.Sum < max(smin, dmin) || s.Sum > min(smax, dmax) {
				continue
			}
			can1 |= 1 << i
			canN |= 1 << j
			for k := range s.line {
				switch {
				case k == i:
					keep[k] |= one
				case k == j:
					keep[k] |= top
				case k > a && k < b:
					keep[k] |= digitMask(s.Sum-(smax-hi[k]), s.Sum-(smin-lo[k]), n) & inner
				default:
					keep[k] |= inner
				}
			}
		}
	}
	if can1 == 0 || canN == 0 {
		return false
	}
	for k, c := range s.line {
		if cand[c] &= keep[k]; cand[c] == 0 {
			return false
		}
	}
	return true
}
