package scan

import (
	"testing"

	"sudoku/solver"
)

// hairlinePhotos are finder photos whose 2s, 3s and 4s had only their
// bold strokes under the cell's Otsu threshold (a 2's top and foot, a 3's
// ends, a 4's bar and its stem in pieces), each too short for a digit, so
// that the cells named had no mark and read empty (2026-11-28).
var hairlinePhotos = []struct {
	name  string
	i     int
	cells []int
}{{"grid at the photo's edge", 15, []int{59}}, {"thick rule and touching print", 22, []int{0, 4}}}

// TestHairlineDigits: the lighter class split again (cellInkAbove) joins
// the hairlines to the bold strokes, so each cell named holds a mark, and
// each photo is read exactly.
func TestHairlineDigits(t *testing.T) {
	want := mustGrid(t, puzzle)
	for _, p := range hairlinePhotos {
		img, _, _, _ := finderShadow(t, caseIndex(t, finderCases, p.name), p.i)
		ex, err := Extract(img)
		if err != nil {
			t.Fatalf("%s %d: %v", p.name, p.i, err)
		}
		for _, c := range p.cells {
			if ex.Features[c] == nil {
				t.Errorf("%s %d: %s (%d) has no mark", p.name, p.i, solver.CellName(c), want[c])
			}
		}
		rd, err := ex.Read(Options{})
		if err != nil {
			t.Fatal(err)
		}
		if rd.Digits != want || rd.Solutions != 1 {
			t.Errorf("%s %d: read %s (%d solutions), want %s", p.name, p.i, rd.Digits, rd.Solutions, want)
		}
	}
}
