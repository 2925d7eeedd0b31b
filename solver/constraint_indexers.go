package solver

import "fmt"

// indexer is a row, column or box indexer: each of Cells names, by its
// digit, where in its row, column or box a digit lies. For an indexer
// cell c and digit v, target gives the cell t and digit w with
// "c holds v exactly when t holds w" (the unit holds w once, so where w
// lies decides c's digit): the relation is both ways, which is what the
// propagation uses.
type indexer struct {
	Cells []int `json:"cells"`
	noDistinct

	target [][9][2]int // per indexer cell, per digit v-1: {cell, digit}
}

func (x *indexer) build(r *Rules, what string, target func(c, v int) (int, int)) error {
	if err := lineCells(r, what, x.Cells, 1, true); err != nil {
		return err
	}
	x.target = make([][9][2]int, len(x.Cells))
	for i, c := range x.Cells {
		for v := 1; v <= r.Size; v++ {
			t, w := target(c, v)
			x.target[i][v-1] = [2]int{t, w}
		}
	}
	return nil
}

func (x *indexer) check(r *Rules, g []uint8) bool {
	for i, c := range x.Cells {
		for v := 1; v <= r.Size; v++ {
			t := x.target[i][v-1]
			if (int(g[c]) == v) != (int(g[t[0]]) == t[1]) {
				return false
			}
		}
	}
	return true
}

// propagate keeps v in an indexer cell only while its target may hold
// its digit, and that digit in the target only while the indexer cell
// may hold v; either one placed places the other.
func (x *indexer) propagate(r *Rules, cand []uint16) bool {
	for i, c := range x.Cells {
		for v := 1; v <= r.Size; v++ {
			t := x.target[i][v-1]
			vb, wb := uint16(1)<<(v-1), uint16(1)<<(t[1]-1)
			if t[0] == c {
				continue // the cell indexes itself: v there is always kept
			}
			switch {
			case cand[c]&vb == 0:
				cand[t[0]] &^= wb
			case cand[t[0]]&wb == 0:
				cand[c] &^= vb
			case cand[c] == vb:
				cand[t[0]] = wb
			case cand[t[0]] == wb:
				cand[c] = vb
			}
			if cand[c] == 0 || cand[t[0]] == 0 {
				return false
			}
		}
	}
	return true
}

// RowIndexer: the digit v in an indexer cell of row r and column c says
// that row v of column c holds the digit r (rows from 1): the indexer
// cells of a row say where, in each column, that row's number lies.
type RowIndexer struct{ indexer }

func (*RowIndexer) Kind() string { return "rowindexer" }

func (x *RowIndexer) Describe(r *Rules) string {
	return fmt.Sprintf("A digit v in a row indexer cell (%s) of row R and column C says that row v of column C holds R.", r.cellList(x.Cells))
}

func (x *RowIndexer) init(r *Rules) error {
	n := r.Size
	return x.build(r, "row indexer", func(c, v int) (int, int) { return (v-1)*n + c%n, c/n + 1 })
}

// ColumnIndexer: the digit v in an indexer cell of row r and column c
// says that column v of row r holds the digit c (columns from 1), as in
// the "1-5-9" puzzles, whose columns 1, 5 and 9 are indexers.
type ColumnIndexer struct{ indexer }

func (*ColumnIndexer) Kind() string { return "columnindexer" }

func (x *ColumnIndexer) Describe(r *Rules) string {
	return fmt.Sprintf("A digit v in a column indexer cell (%s) of row R and column C says that column v of row R holds C.", r.cellList(x.Cells))
}

func (x *ColumnIndexer) init(r *Rules) error {
	n := r.Size
	return x.build(r, "column indexer", func(c, v int) (int, int) { return c/n*n + v - 1, c%n + 1 })
}

// BoxIndexer: the digit v in an indexer cell at position p of its box
// (or irregular region; positions 1 to Size in reading order) says that
// position v of that box holds the digit p.
type BoxIndexer struct{ indexer }

func (*BoxIndexer) Kind() string { return "boxindexer" }

func (x *BoxIndexer) Describe(r *Rules) string {
	return fmt.Sprintf("A digit v in a box indexer cell (%s) at position P of its box, in reading order, says that position v of that box holds P.", r.cellList(x.Cells))
}

func (x *BoxIndexer) init(r *Rules) error {
	n := r.Size
	box := make([][]int, n*n) // each cell's box or region, in reading order
	pos := make([]int, n*n)
	for u := 2 * n; u < 3*n; u++ {
		cells := sortedCopy(r.units[u])
		for p, c := range cells {
			box[c], pos[c] = cells, p
		}
	}
	return x.build(r, "box indexer", func(c, v int) (int, int) { return box[c][v-1], pos[c] + 1 })
}
