package scan

import (
	"fmt"
	"testing"

	"sudoku/solver"
)

// TestHairlineDigits reads finder photos whose 2s, 3s and 4s have only
// their bold strokes under the cell's Otsu threshold (a 2's top and foot,
// a 3's two ends, a 4's bar and stem in pieces), each piece too short
// for a digit, so that the cell had no mark and read empty (2026-11-28):
// the lighter class split again (cellInkAbove) joins the hairlines to
// them. The cells must now hold a mark, and each photo read exactly.
func TestHairlineDigits(t *testing.T) {
	want := mustGrid(t, puzzle)
	for _, c := range []struct {
		name  string
		i     int
		cells []int
	}{
		{"grid at the photo's edge", 15, []int{59}},
		{"thick rule and touching print", 22, []int{0, 4}},
	} {
		t.Run(fmt.Sprintf("%s %d", c.name, c.i), func(t *testing.T) {
			img, _, _, _ := finderShadow(t, caseIndex(t, finderCases, c.name), c.i)
			ex, err := Extract(img)
			if err != nil {
				t.Fatal(err)
			}
			for _, cell := range c.cells {
				if ex.Features[cell] == nil {
					t.Errorf("%s (%d): no mark", solver.CellName(cell), want[cell])
				}
			}
			rd, err := ex.Read(Options{})
			if err != nil {
				t.Fatal(err)
			}
			if rd.Digits != want || rd.Solutions != 1 {
				t.Errorf("read %s (%d solutions), want %s", rd.Digits, rd.Solutions, want)
			}
		})
	}
}
