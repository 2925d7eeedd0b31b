package scan

import (
	"testing"

	"sudoku/solver"
)

// TestDigitComponentOuterLine: in a cell of the grid's first or last
// column, a component running down the whole inner box along the side
// towards the grid's edge (the outer line, cut into the cell when the
// outline lies outside it) gives way to a smaller one that could be the
// digit; elsewhere, or for a line that stops short, the larger one wins
// as before.
func TestDigitComponentOuterLine(t *testing.T) {
	const w, h, cw, ch = 34, 25, 48, 35
	draw := func(barY0, barY1 int) []uint8 {
		sub := make([]uint8, w*h)
		for y := barY0; y <= barY1; y++ {
			for x := 0; x <= 5; x++ {
				sub[y*w+x] = 1
			}
		}
		// A digit's outline, thin: smaller than the bar once grown.
		for y := 5; y <= 19; y++ {
			for x := 14; x <= 22; x++ {
				if y == 5 || y == 19 || x == 14 || x == 22 {
					sub[y*w+x] = 1
				}
			}
		}
		return sub
	}
	for _, c := range []struct {
		name         string
		barY0, barY1 int
		outer        int
		wantBar      bool
	}{
		{"first column, line through the box", 0, h - 1, -1, false},
		{"inner column", 0, h - 1, 0, true},
		{"last column, line on the far side", 0, h - 1, 1, true},
		{"first column, bar stopping short", 2, h - 3, -1, true},
	} {
		_, comps, best := digitComponent(draw(c.barY0, c.barY1), w, h, 14, 12.5, cw, ch, c.outer, nil)
		if best < 0 {
			t.Fatalf("%s: no component", c.name)
		}
		if got := comps[best].x0 == 0; got != c.wantBar {
			t.Errorf("%s: took %+v (the bar: %v), want the bar: %v", c.name, comps[best], got, c.wantBar)
		}
	}
}

// TestOuterLinePhotos: finder photos whose outline lies on a thick rule
// beside the grid, so that column 1's cells hold the grid's outer line
// beside the digit, are read exactly. In 43 the 5 is read in its cell;
// in 21 the 9 is cut short and held back for its shape, then put back
// (putBack), which main's reader could not do while it read the line.
func TestOuterLinePhotos(t *testing.T) {
	want := mustGrid(t, puzzle)
	for _, c := range []struct {
		name    string
		i       int
		cell    int
		putBack bool
	}{
		{"thick rule and touching print", 21, 72, true},
		{"thick rule and touching print", 43, 63, false},
	} {
		rd := readFinder(t, c.name, c.i)
		if rd.Digits != want || rd.Solutions != 1 {
			t.Errorf("%s %d: read %s (%d solutions), want %s", c.name, c.i, rd.Digits, rd.Solutions, want)
		}
		put := false
		for _, k := range rd.Corrections {
			if k.Cell == c.cell {
				put = k == Correction{Cell: c.cell, Read: 0, Digit: want[c.cell], Prob: k.Prob}
				if !put {
					t.Errorf("%s %d: %s corrected %+v", c.name, c.i, solver.CellName(c.cell), k)
				}
			}
		}
		if put != c.putBack {
			t.Errorf("%s %d: %s put back %v, want %v (corrections %+v)", c.name, c.i, solver.CellName(c.cell), put, c.putBack, rd.Corrections)
		}
	}
}
