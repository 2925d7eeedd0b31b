package solver

import "fmt"

// Thermometer: digits strictly increase along Cells, from the bulb (the
// first cell).
type Thermometer struct {
	Cells []int `json:"cells"`
	noDistinct

	rels rels
}

func (*Thermometer) Kind() string { return "thermometer" }

func (t *Thermometer) Describe(r *Rules) string {
	return fmt.Sprintf("Digits increase along the thermometer %s from its bulb.", r.cellList(t.Cells))
}

func (t *Thermometer) init(r *Rules) error {
	if err := lineCells(r, "thermometer", t.Cells, 2, true); err != nil {
		return err
	}
	if len(t.Cells) > r.Size {
		return rulesErr("thermometer %s: %d cells cannot increase within 1 to %d", r.cellList(t.Cells), len(t.Cells), r.Size)
	}
	t.rels = chain(t.Cells, r.Size, func(x, y int) bool { return x < y })
	return nil
}

func (t *Thermometer) check(_ *Rules, g []uint8) bool { return t.rels.check(g) }

func (t *Thermometer) propagate(_ *Rules, cand []uint16) bool { return t.rels.propagate(cand) }

// chain relates each cell of a line to the next.
func chain(cells []int, n int, ok func(x, y int) bool) rels {
	var out rels
	for i := 1; i < len(cells); i++ {
		out = append(out, newRel(cells[i-1], cells[i], n, ok))
	}
	return out
}

// Whispers is a German whispers line: neighbours on it differ by at least
// Diff (5 when 0).
type Whispers struct {
	Cells []int `json:"cells"`
	Diff  int   `json:"diff,omitempty"`
	noDistinct

	rels rels
}

func (*Whispers) Kind() string { return "whispers" }

func (w *Whispers) diff() int {
	if w.Diff == 0 {
		return 5
	}
	return w.Diff
}

func (w *Whispers) Describe(r *Rules) string {
	return fmt.Sprintf("Neighbours on the whispers line %s differ by at least %d.", r.cellList(w.Cells), w.diff())
}

func (w *Whispers) init(r *Rules) error {
	w.Diff = w.diff() // the default written out, so equal rules serialise alike
	if err := lineCells(r, "whispers line", w.Cells, 2, false); err != nil {
		return err
	}
	if d := w.diff(); d < 1 || d >= r.Size {
		return rulesErr("whispers difference %d: want 1 to %d", d, r.Size-1)
	}
	w.rels = chain(w.Cells, r.Size, func(x, y int) bool { return x-y >= w.diff() || y-x >= w.diff() })
	return nil
}

func (w *Whispers) check(_ *Rules, g []uint8) bool { return w.rels.check(g) }

func (w *Whispers) propagate(_ *Rules, cand []uint16) bool { return w.rels.propagate(cand) }

// Renban is a renban line: its cells hold different, consecutive digits in
// any order.
type Renban struct {
	Cells []int `json:"cells"`

	sets digitSets
}

func (*Renban) Kind() string { return "renban" }

func (l *Renban) Describe(r *Rules) string {
	return fmt.Sprintf("The renban line %s holds a run of consecutive digits, in any order.", r.cellList(l.Cells))
}

func (l *Renban) init(r *Rules) error {
	if err := lineCells(r, "renban line", l.Cells, 2, true); err != nil {
		return err
	}
	k := len(l.Cells)
	if k > r.Size {
		return rulesErr("renban line %s: %d cells, more than %d digits", r.cellList(l.Cells), k, r.Size)
	}
	l.sets = digitSets{cells: l.Cells}
	for lo := 1; lo+k-1 <= r.Size; lo++ {
		l.sets.sets = append(l.sets.sets, digitMask(lo, lo+k-1, r.Size))
	}
	return nil
}

func (l *Renban) distinct(*Rules) [][]int { return [][]int{l.Cells} }

func (l *Renban) check(_ *Rules, g []uint8) bool { return l.sets.check(g) }

func (l *Renban) propagate(_ *Rules, cand []uint16) bool { return l.sets.propagate(cand) }

// Palindrome: the line reads the same from both ends.
type Palindrome struct {
	Cells []int `json:"cells"`
	noDistinct

	rels rels
}

func (*Palindrome) Kind() string { return "palindrome" }

func (p *Palindrome) Describe(r *Rules) string {
	return fmt.Sprintf("The line %s reads the same from both ends.", r.cellList(p.Cells))
}

func (p *Palindrome) init(r *Rules) error {
	if err := lineCells(r, "palindrome", p.Cells, 2, true); err != nil {
		return err
	}
	p.rels = nil
	for i, j := 0, len(p.Cells)-1; i < j; i, j = i+1, j-1 {
		p.rels = append(p.rels, newRel(p.Cells[i], p.Cells[j], r.Size, func(x, y int) bool { return x == y }))
	}
	return nil
}

func (p *Palindrome) check(_ *Rules, g []uint8) bool { return p.rels.check(g) }

func (p *Palindrome) propagate(_ *Rules, cand []uint16) bool { return p.rels.propagate(cand) }

// Clone: Cells and Clones, in order, hold the same digits.
type Clone struct {
	Cells  []int `json:"cells"`
	Clones []int `json:"clones"`
	noDistinct

	rels rels
}

func (*Clone) Kind() string { return "clone" }

func (c *Clone) Describe(r *Rules) string {
	return fmt.Sprintf("The cells %s hold the same digits as %s, in order.", r.cellList(c.Cells), r.cellList(c.Clones))
}

func (c *Clone) init(r *Rules) error {
	if len(c.Cells) != len(c.Clones) || len(c.Cells) == 0 {
		return rulesErr("clone of %d cells to %d", len(c.Cells), len(c.Clones))
	}
	if err := lineCells(r, "clone", append(append([]int(nil), c.Cells...), c.Clones...), 2, true); err != nil {
		return err
	}
	c.rels = nil
	for i := range c.Cells {
		c.rels = append(c.rels, newRel(c.Cells[i], c.Clones[i], r.Size, func(x, y int) bool { return x == y }))
	}
	return nil
}

func (c *Clone) check(_ *Rules, g []uint8) bool { return c.rels.check(g) }

func (c *Clone) propagate(_ *Rules, cand []uint16) bool { return c.rels.propagate(cand) }

// Between is a between line: the digits of its inner cells lie strictly
// between those of its two ends (the circles), Cells[0] and the last.
type Between struct {
	Cells []int `json:"cells"`
	noDistinct
}

func (*Between) Kind() string { return "between" }

func (b *Between) Describe(r *Rules) string {
	return fmt.Sprintf("The digits on the line %s lie strictly between those in %s and %s.",
		r.cellList(b.Cells[1:len(b.Cells)-1]), r.CellName(b.Cells[0]), r.CellName(b.Cells[len(b.Cells)-1]))
}

func (b *Between) init(r *Rules) error {
	return lineCells(r, "between line", b.Cells, 3, true)
}

func (b *Between) check(_ *Rules, g []uint8) bool {
	x, y := g[b.Cells[0]], g[b.Cells[len(b.Cells)-1]]
	lo, hi := min(x, y), max(x, y)
	for _, c := range b.Cells[1 : len(b.Cells)-1] {
		if g[c] <= lo || g[c] >= hi {
			return false
		}
	}
	return true
}

func (b *Between) propagate(r *Rules, cand []uint16) bool {
	a, z := cand[b.Cells[0]], cand[b.Cells[len(b.Cells)-1]]
	lo := min(lowDigit(a), lowDigit(z))
	hi := max(highDigit(a), highDigit(z))
	inner := digitMask(lo+1, hi-1, r.Size)
	below, above := 99, 0 // the least of the inner cells' highest digits, the greatest of their lowest
	for _, c := range b.Cells[1 : len(b.Cells)-1] {
		if cand[c] &= inner; cand[c] == 0 {
			return false
		}
		below, above = min(below, highDigit(cand[c])), max(above, lowDigit(cand[c]))
	}
	// Each end lies below every inner digit or above every one.
	gap := digitMask(1, below-1, r.Size) | digitMask(above+1, r.Size, r.Size)
	for _, e := range []int{b.Cells[0], b.Cells[len(b.Cells)-1]} {
		if cand[e] &= gap; cand[e] == 0 {
			return false
		}
	}
	return true
}
