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
	draw := func(barY0, barY1 int) []uint8 { return barBeside(w, h, 0, barY0, barY1) }
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

// barBeside draws a w x h inner box's ink: a 6 px bar from (barX0,
// barY0) down to row barY1, and a digit's outline, thin, at x 14-22, y
// 5-19: smaller than the bar once grown.
func barBeside(w, h, barX0, barY0, barY1 int) []uint8 {
	sub := make([]uint8, w*h)
	for y := barY0; y <= barY1; y++ {
		for x := barX0; x <= barX0+5; x++ {
			sub[y*w+x] = 1
		}
	}
	for y := 5; y <= 19; y++ {
		for x := 14; x <= 22; x++ {
			if y == 5 || y == 19 || x == 14 || x == 22 {
				sub[y*w+x] = 1
			}
		}
	}
	return sub
}

// TestOuterLinePhotos: finder photos whose outline lies on a thick rule
// beside the grid, so that column 1's cells hold the grid's outer line
// beside the digit, are read exactly. In 43 the 5 is read in its cell;
// in 21 the 9 was cut short and held back for its shape, then put back
// (putBack), which main's reader could not do while it read the line;
// since the thirty-fourth pass (wideEnd) column 1 is cut a median cell
// wide there, and the 9 is read in its cell.
func TestOuterLinePhotos(t *testing.T) {
	want := mustGrid(t, puzzle)
	for _, c := range []struct {
		name    string
		i       int
		cell    int
		putBack bool
	}{
		{"thick rule and touching print", 21, 72, false},
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

// TestDigitComponentOuterLineInside: where the outline lies outside the
// grid the outer line may start a few pixels inside the inner box's side
// (|outer|-1 pixels, cellFeatures); such a bar still gives way to the
// digit. A bar starting a pixel past the reach, or in an inner column,
// or on the side away from the grid's edge, is taken as on main.
func TestDigitComponentOuterLineInside(t *testing.T) {
	const w, h, cw, ch = 34, 25, 48, 35
	for _, c := range []struct {
		name    string
		barX0   int
		outer   int
		wantBar bool
	}{
		// The bar's component starts a pixel left of its ink (grown).
		{"first column, bar 3 px in, reach 2", 3, -3, false},
		{"first column, bar 3 px in, reach 1", 3, -2, true},
		{"first column, bar 3 px in, no reach", 3, -1, true},
		{"inner column, bar 3 px in", 3, 0, true},
		{"last column, bar 3 px in from the left", 3, 3, true},
	} {
		_, comps, best := digitComponent(barBeside(w, h, c.barX0, 0, h-1), w, h, 14, 12.5, cw, ch, c.outer, nil)
		if best < 0 {
			t.Fatalf("%s: no component", c.name)
		}
		if got := comps[best].x0 == c.barX0-1; got != c.wantBar {
			t.Errorf("%s: took %+v (the bar: %v), want the bar: %v", c.name, comps[best], got, c.wantBar)
		}
	}
}

// TestOuterLineInsidePhoto: finder "thick rule and touching print" 13,
// whose outline lies outside the grid on its top and left sides, is read
// exactly. Cut in the light made even (shadowStep), column 1's left line
// starts 1-3 pixels inside the inner box, so r8c1's 5 gave way to it; in
// r1c1 the grid's top line, broken in pieces along the inner box's top,
// was taken into the faint 4 as a broken digit's piece, and the 4 was
// read as no digit. Since the thirty-fourth pass (wideEnd) column 1,
// cut 43 pixels wide before, is cut a median cell wide (35), without
// the line; r8c1's 5 reads at 0.89 there (0.90 or more before), so
// for it the bar is 0.85.
func TestOuterLineInsidePhoto(t *testing.T) {
	want := mustGrid(t, puzzle)
	rd := readFinder(t, "thick rule and touching print", 13)
	if rd.Digits != want || rd.Solutions != 1 {
		t.Errorf("read %s (%d solutions), want %s", rd.Digits, rd.Solutions, want)
	}
	for _, c := range []int{0, 63} {
		least := refProb
		if c == 63 {
			least = 0.85
		}
		if rd.Digits[c] != want[c] || rd.Confidence[c] < least {
			t.Errorf("%s read %d at %.3f, want %d at %.2f or more", solver.CellName(c), rd.Digits[c], rd.Confidence[c], want[c], least)
		}
		for _, k := range rd.Corrections {
			if k.Cell == c {
				t.Errorf("%s corrected %+v, want it read in its cell", solver.CellName(c), k)
			}
		}
	}
}
