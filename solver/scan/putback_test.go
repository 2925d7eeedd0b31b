package scan

import (
	"testing"

	"sudoku/solver"
)

// TestPutBack checks putBack on readings built by hand from the finder's
// 18-clue puzzle: a digit held back where the puzzle lacks it is put back
// and listed; one that clashes, one that leaves the puzzle open and one
// in a reading already valid are not.
func TestPutBack(t *testing.T) {
	g := mustGrid(t, puzzle)
	const cell = 12 // r2c4, a 6
	if g[cell] != 6 {
		t.Fatalf("premise: r2c4 is %d, want 6", g[cell])
	}
	hold := func(read solver.Grid, c int, d uint8) (*Reading, *[81][Classes]float32, *[81]bool, *[81]uint8) {
		rd, probs, marked := readingOf(read, nil)
		probs[c] = [Classes]float32{}
		probs[c][0], probs[c][d] = 0.01, 0.95
		rd.Confidence[c] = float64(probs[c][0])
		var held [81]uint8
		held[c] = d
		return rd, probs, marked, &held
	}
	lacking := g
	lacking[cell] = 0
	if n := solutions(lacking); n != 2 {
		t.Fatalf("premise: the puzzle without r2c4 has %d solutions, want several", n)
	}

	rd, probs, marked, held := hold(lacking, cell, 6)
	putBack(rd, probs, marked, held)
	if rd.Digits != g || len(rd.Corrections) != 1 || rd.Corrections[0] != (Correction{Cell: cell, Read: 0, Digit: 6, Prob: float64(probs[cell][6])}) {
		t.Errorf("held 6 in r2c4: read %s with %+v; want %s with r2c4 0 -> 6", rd.Digits, rd.Corrections, g)
	}
	if !marked[cell] || rd.Confidence[cell] != float64(probs[cell][6]) {
		t.Errorf("held 6 put back: marked %v, confidence %v; want true, %v", marked[cell], rd.Confidence[cell], probs[cell][6])
	}

	// An 8 in r2c4 clashes with r2c7's 8: it stays out.
	rd, probs, marked, held = hold(lacking, cell, 8)
	putBack(rd, probs, marked, held)
	if rd.Digits != lacking || len(rd.Corrections) != 0 || marked[cell] {
		t.Errorf("held 8 in r2c4 (a clash): read %s with %+v; want it left out", rd.Digits, rd.Corrections)
	}

	// With r1c1 missing too, the 6 alone leaves the puzzle open: it stays out.
	open := lacking
	open[0] = 0
	if n := solutions(open); n != 2 {
		t.Fatalf("premise: the puzzle without r1c1 and r2c4 has %d solutions, want several", n)
	}
	rd, probs, marked, held = hold(open, cell, 6)
	putBack(rd, probs, marked, held)
	if rd.Digits != open || len(rd.Corrections) != 0 {
		t.Errorf("held 6 in a puzzle left open: read %s with %+v; want it left out", rd.Digits, rd.Corrections)
	}

	// A reading with one solution gets no digit: r1c2 is empty in the
	// puzzle, and a 2 there would not clash.
	if g[1] != 0 || g[0] == 2 || g[4] == 2 {
		t.Fatalf("premise: r1c2 is %d", g[1])
	}
	rd, probs, marked, held = hold(g, 1, 2)
	rd.Digits[1] = 0
	putBack(rd, probs, marked, held)
	if rd.Digits != g || len(rd.Corrections) != 0 {
		t.Errorf("held 2 in a valid reading: read %s with %+v; want it left out", rd.Digits, rd.Corrections)
	}
}

// TestPutBackPhotos reads finder photos in which a printed digit read
// at 0.9 or more failed the grid's shape test and left the puzzle open
// (main's reader, 2026-11-28), each cut short to 0.63-0.72 of the grid's
// digits' height: a 7 at 1.00 in r6c2 (faint blurred lines in a shadow
// 15), a 9 at 0.92 in r4c8 (rotated 20-30 in perspective 36), a 6 at
// 0.97 in r2c4 and a 9 at 0.92 in r9c1 (steep light 30). Each must now be read exactly, the digits
// put back listed as corrections from no digit. The guard: in thick rule
// beside 17 the outline is most of a cell off on the left, and r1c2, an
// empty cell, holds the part of r1c1's 4 read at 1.00 and unlike the
// grid's digits; it must stay empty.
func TestPutBackPhotos(t *testing.T) {
	want := mustGrid(t, puzzle)
	for _, c := range []struct {
		name  string
		i     int
		cells []int
	}{
		{"faint blurred lines in a shadow", 15, []int{46}},
		{"rotated 20-30 in perspective", 36, []int{34}},
		{"steep light", 30, []int{12, 72}},
	} {
		rd := readFinder(t, c.name, c.i)
		if rd.Digits != want || rd.Solutions != 1 {
			t.Errorf("%s %d: read %s (%d solutions), want %s", c.name, c.i, rd.Digits, rd.Solutions, want)
		}
		for _, cell := range c.cells {
			found := false
			for _, k := range rd.Corrections {
				found = found || k == Correction{Cell: cell, Read: 0, Digit: want[cell], Prob: k.Prob}
			}
			if !found {
				t.Errorf("%s %d: corrections %+v; want %s 0 -> %d", c.name, c.i, rd.Corrections, solver.CellName(cell), want[cell])
			}
		}
	}
	rd := readFinder(t, "thick rule beside", 17)
	for cell, d := range want {
		if d == 0 && rd.Digits[cell] != 0 {
			t.Errorf("thick rule beside 17: %s read %d at %.2f in an empty cell", solver.CellName(cell), rd.Digits[cell], rd.Confidence[cell])
		}
	}
}
