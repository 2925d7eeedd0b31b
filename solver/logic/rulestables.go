package logic

import (
	"sudoku/solver"
)

// FrameCell returns the cell of the logic package's frame (r*9+c) that is
// cell c (r*size+c) of a size x size grid; RulesCell is its inverse. Steps,
// states and grids of this package number cells in the frame whatever the
// size, so that a cell's name ("r2c3") reads the same in every size.
func FrameCell(size, c int) int { return c/size*9 + c%size }

// RulesCell returns the cell r*size+c of a size x size grid that is frame
// cell c (r*9+c); -1 when c lies outside that grid.
func RulesCell(size, c int) int {
	if c < 0 || c >= 81 || c/9 >= size || c%9 >= size {
		return -1
	}
	return c/9*size + c%9
}

// ruleInfo is one constraint of the rules, as the Constraint technique
// reads it.
type ruleInfo struct {
	index int // in Rules.Constraints
	c     solver.Constraint
	cells []int // its cells, in the frame (nil for a rule over the whole grid)
}

// rulesCache keeps the tables of the last rules used (a page opens one
// puzzle after another; each set of tables is about 100 KB).
var rulesCache []struct {
	r *solver.Rules
	t *tables
}

const rulesCacheSize = 8

// uniquenessTechs need the deadly-pattern argument, which only units keep.
var uniquenessTechs = SetOf(UniqueRectangle, URType2, URType3, URType4, URType5, URType6,
	HiddenRectangle, AvoidableRectangle, BUGPlusOne)

// ruleTechs need constraints: they find nothing under units alone.
var ruleTechs = SetOf(Constraint, LineBounds, SumCombinations, RuleOf45, LockedPeers)

// boxTechs need 3x3 boxes on a 9x9 grid.
var boxTechs = SetOf(FinnedXWing, FinnedSwordfish, FinnedJellyfish, EmptyRectangle)

// tablesForRules returns the tables of r, building them on first use. The
// units are the rows, columns, boxes or regions, and the extra regions that
// hold every digit (up to maxUnits units in all); shorter extra regions,
// cages, renban lines and the cells a constraint makes differ (anti-knight,
// anti-king) are peers only. The techniques whose argument needs more than
// units and peers are skipped: the uniqueness ones unless the rules are
// units alone on a 9x9 grid with boxes, those built on 3x3 boxes unless
// the grid has them.
func tablesForRules(r *solver.Rules) *tables {
	tablesMu.Lock()
	defer tablesMu.Unlock()
	for _, e := range rulesCache {
		if e.r == r {
			return e.t
		}
	}
	n := r.Size
	t := &tables{rules: r, size: n, all: digitMask(1)<<n - 1}
	t.std = n == 9 && r.Regions == nil
	for c := 0; c < 81; c++ {
		if c/9 >= n || c%9 >= n {
			t.dead.add(c)
		}
	}
	frame := func(cells []int) []uint8 {
		out := make([]uint8, len(cells))
		for i, c := range cells {
			out[i] = uint8(FrameCell(n, c))
		}
		return out
	}
	// Rows, then columns, then boxes or regions, then extra regions, so
	// that rows are units 0..n-1 and columns n..2n-1 as the fish read them.
	kindOf := func(u int) int {
		cells := r.Unit(u)
		if len(cells) != n {
			return -1
		}
		row, col := true, true
		for _, c := range cells {
			row = row && c/n == cells[0]/n
			col = col && c%n == cells[0]%n
		}
		switch {
		case row:
			return kindRow
		case col:
			return kindCol
		case u < 3*n:
			return kindBox
		}
		return kindExtra
	}
	allUnits := true
	for _, k := range []int{kindRow, kindCol, kindBox, kindExtra} {
		for u := 0; u < r.NumUnits(); u++ {
			ku := kindOf(u)
			if ku == -1 && k == kindExtra {
				allUnits = false // a short extra region: peers only
			}
			if ku != k {
				continue
			}
			if t.nu == maxUnits {
				allUnits = false
				continue
			}
			t.addUnit(frame(r.Unit(u)), k, r.UnitName(u))
		}
	}
	for c := 0; c < n*n; c++ {
		f := FrameCell(n, c)
		for _, p := range r.Peers(c) {
			t.peers[f].add(FrameCell(n, p))
		}
	}
	for i, c := range r.Constraints {
		t.cons = append(t.cons, ruleInfo{index: i, c: c, cells: constraintCells(n, c)})
	}
	t.addCages(r)
	if !t.std {
		t.skip |= boxTechs
	}
	if !t.std || len(r.Constraints) > 0 || !allUnits {
		t.skip |= uniquenessTechs
	}
	t.finish()
	if len(rulesCache) == rulesCacheSize {
		rulesCache = rulesCache[1:]
	}
	rulesCache = append(rulesCache, struct {
		r *solver.Rules
		t *tables
	}{r, t})
	return t
}

// constraintCells returns the cells a constraint is drawn on, in the frame;
// nil for one that covers the whole grid (anti-knight, non-consecutive, the
// negative rules of dots).
func constraintCells(n int, c solver.Constraint) []int {
	var cells []int
	switch k := c.(type) {
	case *solver.Killer:
		cells = k.Cells
	case *solver.LittleKiller:
		cells = k.Cells
	case *solver.Arrow:
		cells = append(append([]int(nil), k.Circle...), k.Line...)
	case *solver.Sandwich:
		for i := 0; i < n; i++ {
			if k.Column {
				cells = append(cells, i*n+k.Index)
			} else {
				cells = append(cells, k.Index*n+i)
			}
		}
	case *solver.Thermometer:
		cells = k.Cells
	case *solver.Whispers:
		cells = k.Cells
	case *solver.Renban:
		cells = k.Cells
	case *solver.Palindrome:
		cells = k.Cells
	case *solver.Between:
		cells = k.Cells
	case *solver.Clone:
		cells = append(append([]int(nil), k.Cells...), k.Clones...)
	case *solver.Difference:
		cells = k.Cells[:]
	case *solver.Ratio:
		cells = k.Cells[:]
	case *solver.XV:
		cells = k.Cells[:]
	case *solver.Odd:
		cells = []int{k.Cell}
	case *solver.Even:
		cells = []int{k.Cell}
	case *solver.Minimum:
		cells = []int{k.Cell}
	case *solver.Maximum:
		cells = []int{k.Cell}
	case *solver.Quadruple:
		cells = k.Cells
	}
	if cells == nil {
		return nil
	}
	out := make([]int, len(cells))
	for i, c := range cells {
		out[i] = FrameCell(n, c)
	}
	return out
}
