package scan

import (
	"math"
	"testing"

	"sudoku/internal/persp"
)

// TestFitLines: ten evenly spaced lines are found among other ink (a
// frame's line outside them, digits between them), whatever their pitch
// within the bounds fitGrid tries, to within a pixel or two.
func TestFitLines(t *testing.T) {
	for _, c := range []struct{ start, pitch float64 }{
		{0.5, 35.8}, {20, 0.9 * cellSide}, {9, 33.92}, {3, 0.75 * cellSide}, {40, 0.86 * cellSide},
	} {
		prof := make([]int, gridSide)
		for i := 0; i <= 9; i++ {
			p := int(c.start + float64(i)*c.pitch + 0.5)
			prof[p] += 300
			if i%3 == 0 && p+1 < gridSide {
				prof[p+1] += 300 // box lines are thicker
			}
		}
		if c.start >= 6 {
			prof[int(c.start)-5] += 320 // a frame a few pixels outside the grid
		}
		for x := range prof {
			prof[x] += 20 + (x*7)%40 // digits and speckle
		}
		start, pitch, _ := fitLines(prof)
		// Within a pixel or two: a line counts a pixel either side (lines
		// are that wide), and the banded line search that follows snaps.
		if math.Abs(start-c.start) > 1 || math.Abs(start+9*pitch-c.start-9*c.pitch) > 2 {
			t.Errorf("lines from %.1f every %.2f: found from %.1f every %.2f", c.start, c.pitch, start, pitch)
		}
	}
}

// TestExtendLines: nine evenly spaced lines, the tenth cut off past the
// profile's start (or end), are extended to it from the side that stays,
// to within a pixel or two; ten lines in place are not moved.
func TestExtendLines(t *testing.T) {
	for _, c := range []struct {
		start, pitch float64
		lo           bool
	}{
		{-12, 37.3, true}, {-30, 39.3, true}, {2, 37.8, false}, {1.5, 36, true}, {1.5, 36, false},
	} {
		prof := make([]int, gridSide)
		for i := 0; i <= 9; i++ {
			if p := int(c.start + float64(i)*c.pitch + 0.5); p >= 0 && p < gridSide {
				prof[p] += 300
			}
		}
		for x := range prof {
			prof[x] += 20 + (x*7)%40
		}
		start, pitch, _ := extendLines(prof, c.lo, cellSide, (9+maxExtend)/9*cellSide)
		if math.Abs(start-c.start) > 2 || math.Abs(start+9*pitch-c.start-9*c.pitch) > 2 {
			t.Errorf("lines from %.1f every %.2f (lo %v): found from %.1f every %.2f", c.start, c.pitch, c.lo, start, pitch)
		}
	}
}

// TestRectifyPastEdge: an outline reaching past the picture's top edge
// is sampled there as the edge's paper, not as the edge's pixels drawn
// out: a dark line and a digit's stroke crossing the edge do not go on
// past it, and inside the picture nothing changes.
func TestRectifyPastEdge(t *testing.T) {
	g := newGray(200, 200)
	for i := range g.pix {
		g.pix[i] = 200
	}
	for y := 0; y < 200; y++ {
		for x := 60; x < 63; x++ {
			g.pix[y*200+x] = 30 // a line across the top edge
		}
		for x := 120; x < 126; x++ {
			if y < 20 {
				g.pix[y*200+x] = 40 // a stroke cut by the top edge
			}
		}
	}
	q := [4]persp.Point{{X: 0, Y: -40}, {X: 200, Y: -40}, {X: 200, Y: 160}, {X: 0, Y: 160}}
	rg, ok := rectify(g, q)
	if !ok {
		t.Fatal("rectify failed")
	}
	// Rows of the squared picture above the edge (y < 40 of 200 -> 0.2).
	for y := 0; y < gridSide/5-2; y++ {
		for x := 0; x < gridSide; x++ {
			if v := rg.pix[y*gridSide+x]; v != 200 {
				t.Fatalf("(%d, %d), past the edge: %d, want the paper's 200", x, y, v)
			}
		}
	}
	// Inside, the line is where it was (x 60-63 of 200 -> 97-102).
	if v := rg.pix[(gridSide/2)*gridSide+99]; v > 60 {
		t.Errorf("the line inside the picture: %d, want it dark", v)
	}
}

// TestCutCells checks which cells cutCells finds cut off, for a grid of
// 100-pixel cells whose top side lies past a 900x900 picture's edge.
func TestCutCells(t *testing.T) {
	for _, c := range []struct {
		past float64 // how far the top side lies past the edge, in cells
		row0 bool    // whether the top row is cut off
	}{{-0.1, false}, {0.2, false}, {0.35, true}, {0.5, true}, {0.9, true}} {
		y := -100 * c.past
		q := [4]persp.Point{{X: 0, Y: y}, {X: 900, Y: y}, {X: 900, Y: y + 900}, {X: 0, Y: y + 900}}
		cut := cutCells(q, 900, 900)
		for cell, got := range cut {
			if want := cell < 9 && c.row0; got != want {
				t.Errorf("top side %.2f of a cell past the edge: cell %d cut %v, want %v", c.past, cell, got, want)
			}
		}
	}
}
