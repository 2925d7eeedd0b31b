package scan

import (
	"fmt"
	"testing"

	"sudoku/solver"
)

// readingOf builds a reading of g as the classifier would give it: every
// clue a mark read with probability 0.999, except the cells of unsure,
// read as given there with the given probabilities.
func readingOf(g solver.Grid, unsure map[int][Classes]float32) (*Reading, *[81][Classes]float32, *[81]bool) {
	rd := &Reading{}
	var probs [81][Classes]float32
	var marked [81]bool
	for c, d := range g {
		if d == 0 {
			rd.Confidence[c] = 1
			continue
		}
		marked[c] = true
		for k := range probs[c] {
			probs[c][k] = 0.001 / 9
		}
		probs[c][d] = 0.999
	}
	for c, p := range unsure {
		marked[c] = true
		probs[c] = p
	}
	for c := range g {
		if !marked[c] {
			continue
		}
		best := 0
		for k := range probs[c] {
			if probs[c][k] > probs[c][best] {
				best = k
			}
		}
		rd.Digits[c] = uint8(best)
		rd.Confidence[c] = float64(probs[c][best])
	}
	return rd, &probs, &marked
}

func TestCorrect(t *testing.T) {
	g := mustGrid(t, puzzle) // r1c1 = 4, r1c5 = 3
	// r1c5 read as 4 (0.6) rather than 3 (0.35): a clash with r1c1.
	var p [Classes]float32
	p[4], p[3], p[8] = 0.6, 0.35, 0.05
	rd, probs, marked := readingOf(g, map[int][Classes]float32{4: p})
	correct(rd, probs, marked)
	if rd.Digits != g || len(rd.Corrections) != 1 || rd.Corrections[0] != (Correction{Cell: 4, Read: 4, Digit: 3, Prob: float64(p[3])}) {
		t.Errorf("corrected to %s with %+v; want %s with r1c5 4 -> 3", rd.Digits, rd.Corrections, g)
	}
	if rd.Confidence[4] != float64(p[3]) {
		t.Errorf("confidence of r1c5 %v, want %v", rd.Confidence[4], p[3])
	}

	// The same clash read with certainty stays: it is printed.
	p = [Classes]float32{}
	p[4], p[3] = 0.99, 0.01
	rd, probs, marked = readingOf(g, map[int][Classes]float32{4: p})
	correct(rd, probs, marked)
	if rd.Digits[4] != 4 || len(rd.Corrections) != 0 {
		t.Errorf("a sure clash was changed: r1c5 = %d, corrections %+v", rd.Digits[4], rd.Corrections)
	}

	// A reading with several solutions (a digit not seen) is left alone:
	// no digit is invented.
	g2 := g
	g2[0] = 0 // r1c1 not read at all: the puzzle now has several solutions
	rd, probs, marked = readingOf(g2, nil)
	correct(rd, probs, marked)
	if rd.Digits != g2 || len(rd.Corrections) != 0 {
		t.Errorf("a reading with several solutions was changed: %+v", rd.Corrections)
	}

	// A digit read as another that leaves the 18-clue puzzle open (several
	// solutions, no clash): r9c1's 9 read 2 (0.6) rather than 9 (0.35). Every
	// mark is read as a digit, so the solver changes it back.
	p = [Classes]float32{}
	p[2], p[9], p[0] = 0.6, 0.35, 0.05
	rd, probs, marked = readingOf(g, map[int][Classes]float32{72: p})
	if n := solutions(rd.Digits); n != 2 {
		t.Fatalf("r9c1 read 2: %d solutions, want several (the test shows nothing)", n)
	}
	correct(rd, probs, marked)
	if rd.Digits != g || len(rd.Corrections) != 1 || rd.Corrections[0] != (Correction{Cell: 72, Read: 2, Digit: 9, Prob: float64(p[9])}) {
		t.Errorf("open reading: corrected to %s with %+v; want %s with r9c1 2 -> 9", rd.Digits, rd.Corrections, g)
	}

	// The same with a speck in empty r1c2, read as no digit (0.8): still
	// changed back.
	var speck [Classes]float32
	speck[0], speck[7] = 0.8, 0.2
	rd, probs, marked = readingOf(g, map[int][Classes]float32{72: p, 1: speck})
	correct(rd, probs, marked)
	if rd.Digits != g || len(rd.Corrections) != 1 || rd.Corrections[0].Cell != 72 {
		t.Errorf("open reading with a speck read as no digit: corrected to %s with %+v; want r9c1 2 -> 9", rd.Digits, rd.Corrections)
	}

	// The same with a mark read 7 (0.7) left empty in r1c2 (faint, or
	// unlike the grid's digits), or a digit cut off there by the photo's
	// edge (confidence 0): the reading may lack a digit, and is left alone.
	for _, conf := range []float64{0.3, 0} {
		var faint [Classes]float32
		faint[7], faint[0] = 0.7, 0.3
		rd, probs, marked = readingOf(g, map[int][Classes]float32{72: p, 1: faint})
		rd.Digits[1], rd.Confidence[1], marked[1] = 0, conf, false
		correct(rd, probs, marked)
		if rd.Digits[72] != 2 || len(rd.Corrections) != 0 {
			t.Errorf("open reading with a digit's mark left empty (confidence %v) was changed: r9c1 = %d, corrections %+v", conf, rd.Digits[72], rd.Corrections)
		}
	}

	// Two digits read as others in an open reading: one cell is changed
	// at most, and no single change gives one solution here, so the
	// reading stays (r9c1 9 read 2 and r1c5 3 read 1, both at 0.6).
	var q1 [Classes]float32
	q1[1], q1[3], q1[0] = 0.6, 0.35, 0.05
	rd, probs, marked = readingOf(g, map[int][Classes]float32{72: p, 4: q1})
	if n := solutions(rd.Digits); n != 2 {
		t.Fatalf("r9c1 read 2 and r1c5 read 1: %d solutions, want several (the test shows nothing)", n)
	}
	correct(rd, probs, marked)
	if len(rd.Corrections) != 0 {
		t.Errorf("open reading with two digits wrong was changed: %+v", rd.Corrections)
	}

	// The unsure cell of a clash is the one changed: r1c1 read 3 (0.55)
	// or 4 (0.4) beside r1c5's sure 3.
	p = [Classes]float32{}
	p[3], p[4], p[0] = 0.55, 0.4, 0.05
	rd, probs, marked = readingOf(g, map[int][Classes]float32{0: p})
	correct(rd, probs, marked)
	if rd.Digits != g || len(rd.Corrections) != 1 || rd.Corrections[0].Cell != 0 {
		t.Errorf("corrected to %s with %+v; want r1c1 3 -> 4", rd.Digits, rd.Corrections)
	}

	// A mark read as no digit is never made one, even where that and a
	// change elsewhere would give one solution: r2c7's 8 faint (read no
	// digit, 0.55, or 8, 0.45) beside the clash above.
	g3 := g
	g3[15] = 0
	p = [Classes]float32{}
	p[4], p[3], p[8] = 0.6, 0.35, 0.05
	var q [Classes]float32
	q[0], q[8] = 0.55, 0.45
	rd, probs, marked = readingOf(g3, map[int][Classes]float32{4: p, 15: q})
	correct(rd, probs, marked)
	if rd.Digits[15] != 0 {
		t.Errorf("r2c7, a mark read as no digit, was given %d (corrections %+v)", rd.Digits[15], rd.Corrections)
	}
}

// TestDropDoubtful: a reading the solver cannot mend keeps no digit that
// the classifier thought may be no digit at all; clear digits stay, a
// printed clash among them included, and a reading with one solution is
// left alone.
func TestDropDoubtful(t *testing.T) {
	g := mustGrid(t, puzzle) // r1c1 = 4, r1c5 = 3; r1c2 is empty
	lost := g
	lost[0] = 0 // r1c1 not read: several solutions, nothing for the solver to mend
	doubt := func(d uint8, p, p0 float32) (q [Classes]float32) {
		q[d], q[0] = p, p0
		for k := 1; k < Classes; k++ {
			if k != int(d) {
				q[k] = (1 - p - p0) / 8
			}
		}
		return q
	}

	// A mark in empty r1c2 read 7 (0.6) or no digit (0.3): left empty,
	// listed as a correction to no digit.
	rd, probs, marked := readingOf(lost, map[int][Classes]float32{1: doubt(7, 0.6, 0.3)})
	settle(rd, probs, marked, new([81]bool), true)
	if rd.Digits != lost || len(rd.Corrections) != 1 || rd.Corrections[0] != (Correction{Cell: 1, Read: 7, Digit: 0, Prob: float64(probs[1][0])}) {
		t.Errorf("doubtful 7 in a broken reading: %s with %+v; want %s with r1c2 7 -> 0", rd.Digits, rd.Corrections, lost)
	}
	if rd.Confidence[1] != float64(probs[1][0]) || rd.Solutions != 2 {
		t.Errorf("r1c2's confidence %v, solutions %d; want %v and 2", rd.Confidence[1], rd.Solutions, probs[1][0])
	}

	// The same mark with "no digit" under doubtProb, read at
	// faintSureProb or more, stays: it is no doubt. (Read at 0.6, as this
	// test had it before scan22, it is now doubtful: see below.)
	rd, probs, marked = readingOf(lost, map[int][Classes]float32{1: doubt(7, 0.95, 0.05)})
	settle(rd, probs, marked, new([81]bool), true)
	if rd.Digits[1] != 7 || len(rd.Corrections) != 0 {
		t.Errorf("a clear 7 was dropped: r1c2 = %d, corrections %+v", rd.Digits[1], rd.Corrections)
	}

	// The reading has no solution (r1c2 is no 7 in the puzzle's): there a
	// digit read under faintSureProb is doubtful though "no digit" is
	// under doubtProb, and so is one read surely from a mark far lighter
	// than the print (light).
	rd, probs, marked = readingOf(lost, map[int][Classes]float32{1: doubt(7, 0.6, 0.05)})
	if rd.Solutions = countSolutions(rd.Digits); rd.Solutions != 0 {
		t.Fatalf("r1c2 read 7: %d solutions, want none", rd.Solutions)
	}
	settle(rd, probs, marked, new([81]bool), true)
	if rd.Digits[1] != 0 || len(rd.Corrections) != 1 || rd.Corrections[0].Digit != 0 {
		t.Errorf("a 7 at 0.6 in a reading with no solution: r1c2 = %d, corrections %+v; want 0 and r1c2 7 -> 0", rd.Digits[1], rd.Corrections)
	}
	var light [81]bool
	light[1] = true
	rd, probs, marked = readingOf(lost, map[int][Classes]float32{1: doubt(7, 0.99, 0.005)})
	settle(rd, probs, marked, &light, true)
	if rd.Digits[1] != 0 || len(rd.Corrections) != 1 {
		t.Errorf("a light mark's 7 at 0.99 in a reading with no solution: r1c2 = %d, corrections %+v; want 0", rd.Digits[1], rd.Corrections)
	}
	rd, probs, marked = readingOf(lost, map[int][Classes]float32{1: doubt(7, 0.99, 0.005)})
	settle(rd, probs, marked, new([81]bool), true)
	if rd.Digits[1] != 7 {
		t.Errorf("a print-dark 7 at 0.99 was dropped: r1c2 = %d, corrections %+v", rd.Digits[1], rd.Corrections)
	}

	// A reading with several solutions lacks a digit and may hold no
	// wrong one: its digit at 0.6 (the puzzle's own in r1c2) stays, and so
	// does a light mark's.
	res, err := solver.Solve(g, solver.Options{Limit: 1})
	if err != nil || res.Count != 1 {
		t.Fatalf("the puzzle: %v, %d solutions", err, res.Count)
	}
	open := lost
	open[1] = res.Solution[1]
	if n := countSolutions(open); n != 2 {
		t.Fatalf("r1c1 lost, r1c2 %d: %d solutions, want several", open[1], n)
	}
	open[1] = 0
	rd, probs, marked = readingOf(open, map[int][Classes]float32{1: doubt(res.Solution[1], 0.6, 0.05)})
	settle(rd, probs, marked, &light, true)
	if rd.Digits[1] != res.Solution[1] || len(rd.Corrections) != 0 || rd.Solutions != 2 {
		t.Errorf("several solutions: r1c2 = %d, corrections %+v, %d solutions; want %d kept", rd.Digits[1], rd.Corrections, rd.Solutions, res.Solution[1])
	}

	// Without the solver's corrections nothing is dropped.
	rd, probs, marked = readingOf(lost, map[int][Classes]float32{1: doubt(7, 0.6, 0.3)})
	settle(rd, probs, marked, new([81]bool), false)
	if rd.Digits[1] != 7 || len(rd.Corrections) != 0 {
		t.Errorf("NoCorrect dropped a digit: r1c2 = %d, corrections %+v", rd.Digits[1], rd.Corrections)
	}

	// A printed clash read clearly (r1c5 read 4 beside r1c1's 4) is still
	// reported; only the doubtful mark beside it goes.
	clash := g
	clash[4] = 4
	rd, probs, marked = readingOf(clash, map[int][Classes]float32{1: doubt(7, 0.6, 0.3)})
	settle(rd, probs, marked, new([81]bool), true)
	if rd.Conflict == nil || rd.Digits[4] != 4 || rd.Digits[0] != 4 || rd.Digits[1] != 0 {
		t.Errorf("printed clash: r1c1 %d, r1c5 %d, r1c2 %d, conflict %v; want 4, 4, 0 and a conflict", rd.Digits[0], rd.Digits[4], rd.Digits[1], rd.Conflict)
	}

	// A reading with one solution keeps its doubtful digits: r1c1's 4 read
	// at 0.6 with no digit at 0.3 fits the puzzle.
	rd, probs, marked = readingOf(g, map[int][Classes]float32{0: doubt(4, 0.6, 0.3)})
	settle(rd, probs, marked, new([81]bool), true)
	if rd.Digits != g || len(rd.Corrections) != 0 || rd.Solutions != 1 {
		t.Errorf("a reading with one solution was changed: %s with %+v", rd.Digits, rd.Corrections)
	}
}

// TestNoDigitFromShadowNoise reads three photos of the finder set's hard
// shadow (a deep shadow, 60-85% darker, with noise) whose readings stay
// broken and in which noise was read as digits (6, 2 and 4, 1; main at
// 2026-11-26, before dropDoubtful): no empty cell gets a digit.
func TestNoDigitFromShadowNoise(t *testing.T) {
	want := mustGrid(t, puzzle)
	for _, i := range []int{4, 12, 23} {
		img, _, _ := finderPhoto(t, 3, i)
		rd, err := ReadImage(img, Options{})
		if err != nil {
			t.Fatalf("hard shadow %d: %v", i, err)
		}
		for c, d := range rd.Digits {
			if want[c] == 0 && d != 0 {
				t.Errorf("hard shadow %d: %s read %d where the photo shows no digit", i, solver.CellName(c), d)
			}
		}
	}
}

// TestCorrectOpenReading reads photos of the finder set (the 18-clue
// puzzle in the Go font) in which one digit is read as another and the
// reading has several solutions, no clash (2026-11-27; main's reader left
// them so, as the solver was asked only for a clash or no solution): a
// faint 3 read 1 (faint blurred lines in a shadow 9), a 9 read 6 (a
// shadow's edge through digits 7), a 6 read 5 at 0.48 (faint blurred
// lines in a shadow 32). Each is now read exactly, the cell listed as the
// solver's correction. (Until the twenty-fourth pass's classifier the
// first two were faint blurred lines 18 and strongly bowed page 23: that
// classifier reads both exactly with no correction, so they no longer
// test one; the photos here have the same misreadings in the same cells,
// r8c3 and r9c1. Until the thirty-fifth pass the third was small grid
// among print 45, its 6 read 5 at 0.9: since alongLines puts a line
// that shows none where the lines beside lead, it is read 6, no
// correction; faint blurred lines 32 has the same misreading in the same
// cell.)
func TestCorrectOpenReading(t *testing.T) {
	want := mustGrid(t, puzzle)
	for _, c := range []struct {
		name        string
		i, cell     int
		read, digit uint8
	}{
		{"faint blurred lines in a shadow", 9, 65, 1, 3},
		{"a shadow's edge through digits", 7, 72, 6, 9},
		{"faint blurred lines in a shadow", 32, 42, 5, 6},
	} {
		t.Run(fmt.Sprintf("%s %d", c.name, c.i), func(t *testing.T) {
			rd := readFinder(t, c.name, c.i)
			if rd.Digits != want {
				t.Errorf("read %s, want %s", rd.Digits, want)
			}
			found := false
			for _, k := range rd.Corrections {
				found = found || k == Correction{Cell: c.cell, Read: c.read, Digit: c.digit, Prob: k.Prob}
			}
			if !found || rd.Solutions != 1 {
				t.Errorf("corrections %+v, %d solutions; want %s %d -> %d and one solution", rd.Corrections, rd.Solutions, solver.CellName(c.cell), c.read, c.digit)
			}
		})
	}
}
