package solver

import "fmt"

// AntiKnight: cells a knight's move apart hold different digits. It adds
// peers, so the engine's singles do its work.
type AntiKnight struct{}

func (*AntiKnight) Kind() string { return "antiknight" }

func (*AntiKnight) Describe(*Rules) string {
	return "Cells a chess knight's move apart hold different digits."
}

func (*AntiKnight) init(*Rules) error { return nil }

func (*AntiKnight) distinct(r *Rules) [][]int {
	return movePairs(r.Size, [][2]int{{1, 2}, {2, 1}, {1, -2}, {2, -1}})
}

func (a *AntiKnight) check(r *Rules, g []uint8) bool { return pairsDiffer(a.distinct(r), g) }

func (*AntiKnight) propagate(*Rules, []uint16) bool { return true }

// AntiKing: cells a king's move apart hold different digits (only the
// diagonal moves add anything to rows, columns and boxes).
type AntiKing struct{}

func (*AntiKing) Kind() string { return "antiking" }

func (*AntiKing) Describe(*Rules) string {
	return "Cells a chess king's move apart hold different digits."
}

func (*AntiKing) init(*Rules) error { return nil }

func (*AntiKing) distinct(r *Rules) [][]int {
	return movePairs(r.Size, [][2]int{{1, 1}, {1, -1}, {0, 1}, {1, 0}})
}

func (a *AntiKing) check(r *Rules, g []uint8) bool { return pairsDiffer(a.distinct(r), g) }

func (*AntiKing) propagate(*Rules, []uint16) bool { return true }

// movePairs returns the pairs of cells one of the moves (row, column
// offsets, each pair found once) apart.
func movePairs(n int, moves [][2]int) [][]int {
	var out [][]int
	for c := 0; c < n*n; c++ {
		for _, m := range moves {
			r, k := c/n+m[0], c%n+m[1]
			if r >= 0 && r < n && k >= 0 && k < n {
				out = append(out, []int{c, r*n + k})
			}
		}
	}
	return out
}

func pairsDiffer(pairs [][]int, g []uint8) bool {
	for _, p := range pairs {
		if g[p[0]] == g[p[1]] {
			return false
		}
	}
	return true
}

// NonConsecutive: orthogonal neighbours never hold consecutive digits.
type NonConsecutive struct {
	noDistinct
	rels rels
}

func (*NonConsecutive) Kind() string { return "nonconsecutive" }

func (*NonConsecutive) Describe(*Rules) string {
	return "Orthogonal neighbours never hold consecutive digits."
}

func (nc *NonConsecutive) init(r *Rules) error {
	nc.rels = nil
	for _, p := range orthogonal(r.Size) {
		nc.rels = append(nc.rels, newRel(p[0], p[1], r.Size, func(x, y int) bool { return x-y != 1 && y-x != 1 }))
	}
	return nil
}

func (nc *NonConsecutive) check(_ *Rules, g []uint8) bool { return nc.rels.check(g) }

func (nc *NonConsecutive) propagate(_ *Rules, cand []uint16) bool { return nc.rels.propagate(cand) }

// parity is Odd or Even: a cell whose digit has a parity.
type parity struct {
	Cell int `json:"cell"`
	noDistinct
}

func (p *parity) init(r *Rules) error { return r.checkCells("parity cell", []int{p.Cell}, false) }

// mask returns the digits of 1..n with the parity (odd: rem 1).
func parityMask(n, rem int) uint16 {
	var m uint16
	for d := 1; d <= n; d++ {
		if d%2 == rem {
			m |= 1 << (d - 1)
		}
	}
	return m
}

// Odd: the cell holds an odd digit.
type Odd struct{ parity }

func (*Odd) Kind() string { return "odd" }
func (o *Odd) Describe(r *Rules) string {
	return fmt.Sprintf("The cell %s holds an odd digit.", r.CellName(o.Cell))
}
func (o *Odd) check(_ *Rules, g []uint8) bool { return g[o.Cell]%2 == 1 }
func (o *Odd) propagate(r *Rules, cand []uint16) bool {
	cand[o.Cell] &= parityMask(r.Size, 1)
	return cand[o.Cell] != 0
}

// Even: the cell holds an even digit.
type Even struct{ parity }

func (*Even) Kind() string { return "even" }
func (e *Even) Describe(r *Rules) string {
	return fmt.Sprintf("The cell %s holds an even digit.", r.CellName(e.Cell))
}
func (e *Even) check(_ *Rules, g []uint8) bool { return g[e.Cell]%2 == 0 }
func (e *Even) propagate(r *Rules, cand []uint16) bool {
	cand[e.Cell] &= parityMask(r.Size, 0)
	return cand[e.Cell] != 0
}

// extremum is Minimum or Maximum: a cell below (above) all its orthogonal
// neighbours.
type extremum struct {
	Cell int `json:"cell"`
	noDistinct
	rels rels
}

func (x *extremum) build(r *Rules, less bool) error {
	if err := r.checkCells("extremum cell", []int{x.Cell}, false); err != nil {
		return err
	}
	x.rels = nil
	for _, nb := range neighbours(r.Size, x.Cell) {
		x.rels = append(x.rels, newRel(x.Cell, nb, r.Size, func(a, b int) bool { return (a < b) == less && a != b }))
	}
	return nil
}

func (x *extremum) check(_ *Rules, g []uint8) bool { return x.rels.check(g) }

func (x *extremum) propagate(_ *Rules, cand []uint16) bool { return x.rels.propagate(cand) }

// Minimum: the cell is smaller than each orthogonal neighbour.
type Minimum struct{ extremum }

func (*Minimum) Kind() string          { return "minimum" }
func (m *Minimum) init(r *Rules) error { return m.build(r, true) }
func (m *Minimum) Describe(r *Rules) string {
	return fmt.Sprintf("The cell %s is smaller than each of its orthogonal neighbours.", r.CellName(m.Cell))
}

// Maximum: the cell is larger than each orthogonal neighbour.
type Maximum struct{ extremum }

func (*Maximum) Kind() string          { return "maximum" }
func (m *Maximum) init(r *Rules) error { return m.build(r, false) }
func (m *Maximum) Describe(r *Rules) string {
	return fmt.Sprintf("The cell %s is larger than each of its orthogonal neighbours.", r.CellName(m.Cell))
}

// Quadruple: each of Digits (a digit given twice appears twice) appears
// in Cells, the two to four cells around a corner.
type Quadruple struct {
	Cells  []int `json:"cells"`
	Digits []int `json:"digits"`
	noDistinct
}

func (*Quadruple) Kind() string { return "quadruple" }

func (q *Quadruple) Describe(r *Rules) string {
	return fmt.Sprintf("The cells %s hold the digits %s.", r.cellList(q.Cells), digitsList(q.Digits))
}

func (q *Quadruple) init(r *Rules) error {
	if err := lineCells(r, "quadruple", q.Cells, 1, true); err != nil {
		return err
	}
	if len(q.Digits) == 0 || len(q.Digits) > len(q.Cells) {
		return rulesErr("quadruple at %s: %d digits for %d cells", r.cellList(q.Cells), len(q.Digits), len(q.Cells))
	}
	for _, d := range q.Digits {
		if d < 1 || d > r.Size {
			return rulesErr("quadruple at %s: %d is not a digit of 1 to %d", r.cellList(q.Cells), d, r.Size)
		}
	}
	return nil
}

func (q *Quadruple) counts() map[int]int {
	want := map[int]int{}
	for _, d := range q.Digits {
		want[d]++
	}
	return want
}

func (q *Quadruple) check(_ *Rules, g []uint8) bool {
	for d, k := range q.counts() {
		n := 0
		for _, c := range q.Cells {
			if int(g[c]) == d {
				n++
			}
		}
		if n < k {
			return false
		}
	}
	return true
}

func (q *Quadruple) propagate(_ *Rules, cand []uint16) bool {
	var all uint16
	counts := q.counts()
	for d := 1; d <= 9; d++ { // in digit order, not map order: the same steps every run
		k := counts[d]
		if k == 0 {
			continue
		}
		bit := uint16(1) << (d - 1)
		all |= bit
		n := 0
		for _, c := range q.Cells {
			if cand[c]&bit != 0 {
				n++
			}
		}
		if n < k {
			return false
		}
		if n == k { // every cell that may hold d must
			for _, c := range q.Cells {
				if cand[c]&bit != 0 {
					cand[c] = bit
				}
			}
		}
	}
	if len(q.Digits) == len(q.Cells) {
		for _, c := range q.Cells {
			if cand[c] &= all; cand[c] == 0 {
				return false
			}
		}
	}
	return true
}
