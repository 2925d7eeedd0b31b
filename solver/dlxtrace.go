package solver

import (
	"strconv"

	"sudoku/solver/trace"
)

// The dlx engine's trace: the search calls these only when x.t is set.

// dlxTrace is the trace of one dlx solve and its scratch space.
type dlxTrace struct {
	*trace.Trace
	v       *Variant
	depth   int         // guesses on the current path
	stamp   uint32      // generation for seen
	seen    [729]uint32 // rows already listed by traceRemoved, this generation
	removed []int16     // rows that the chosen row takes out of the matrix
}

// columnName names the constraint of column header h: "r1c2 has a digit",
// "row 3 has a 5".
func (t *dlxTrace) columnName(h int32) string {
	k := int(h) - 1
	if k < 81 {
		return CellName(k) + " has a digit"
	}
	k -= 81
	d := k%9 + 1
	article := " has a "
	if d == 8 {
		article = " has an " // "an 8", as it is read
	}
	return t.v.UnitName(k/9) + article + strconv.Itoa(d)
}

// left counts the columns not yet covered and the rows still in the matrix
// (each row has one cell column, so the sizes of the open cell columns).
func (x *dlx) left() (cols, rows int) {
	for c := x.r[0]; c != 0; c = x.r[c] {
		cols++
		if c <= 81 {
			rows += int(x.size[c])
		}
	}
	return cols, rows
}

// traceRemoved lists, before row r is chosen, the rows of other cells that
// share a column with it: choosing r removes them from the matrix. A column
// already covered for the branch keeps its rows linked vertically, so its
// list still holds the rows it will take out.
func (x *dlx) traceRemoved(r int32) {
	t := x.t
	t.removed = t.removed[:0]
	if t.Full() {
		return
	}
	t.stamp++
	cell := x.row[r] / 9
	for j := r; ; {
		h := x.col[j]
		for i := x.d[h]; i != h; i = x.d[i] {
			row := x.row[i]
			if row/9 == cell || t.seen[row] == t.stamp {
				continue
			}
			t.seen[row] = t.stamp
			t.removed = append(t.removed, row)
		}
		if j = x.r[j]; j == r {
			break
		}
	}
}

// chosenEvent returns the event of row r, now chosen and covered, with the
// columns and rows left.
func (x *dlx) chosenEvent(r int32, k trace.Kind, rule trace.Rule, unit int) trace.Event {
	t := x.t
	cols, rows := x.left()
	row := int(x.row[r])
	return trace.Event{Kind: k, Rule: rule, Cell: row / 9, Digit: row%9 + 1, Depth: t.depth, Unit: unit, From: -1, Columns: cols, Rows: rows}
}

// emitChosen adds e and the eliminations that choosing its row causes.
func (x *dlx) emitChosen(e trace.Event) {
	t := x.t
	if !t.Add(e) {
		return
	}
	for _, row := range t.removed {
		if !t.Add(trace.Event{Kind: trace.KindEliminate, Rule: trace.RuleElimination, Cell: int(row / 9), Digit: int(row%9) + 1, Depth: t.depth, Unit: -1, From: e.Cell}) {
			return
		}
	}
}

// traceColumn records the column the search branches on, or the dead end
// when no row is left in it.
func (x *dlx) traceColumn(h, size int32) {
	t := x.t
	if t.Full() {
		return
	}
	e := trace.Event{Kind: trace.KindColumn, Rule: trace.RuleFewestRows, Cell: -1, Depth: t.depth, Unit: -1, From: -1, Size: int(size), Column: t.columnName(h)}
	if k := int(h) - 1; k < 81 {
		e.Cell = k
	} else {
		e.Unit, e.Digit = (k-81)/9, (k-81)%9+1
	}
	if size == 0 {
		e.Kind, e.Rule = trace.KindContradiction, trace.RuleNoCandidate
		if e.Cell < 0 {
			e.Rule = trace.RuleNoPlace
		}
	}
	e.Columns, e.Rows = x.left()
	t.Add(e)
}

// traceBranch records row r of column best, now chosen: a forced move
// (a naked single for a cell column, a hidden single for a unit column)
// when it is the column's only row, else a guess one level deeper.
func (x *dlx) traceBranch(r, best, size int32) {
	t := x.t
	if t.Full() {
		if size > 1 {
			t.depth++
		}
		return
	}
	k := int(best) - 1
	var e trace.Event
	switch {
	case size > 1:
		t.depth++
		e = x.chosenEvent(r, trace.KindGuess, trace.RuleFewestRows, -1)
		e.Size, e.Column = int(size), t.columnName(best)
	case k < 81:
		e = x.chosenEvent(r, trace.KindAssign, trace.RuleNakedSingle, -1)
	default:
		e = x.chosenEvent(r, trace.KindAssign, trace.RuleHiddenSingle, (k-81)/9)
	}
	x.emitChosen(e)
}
