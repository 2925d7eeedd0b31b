package scan

import "testing"

// TestFindLinesDigitsBesideFaintLine: a column of digits printed close to
// a faint, broken cell line inks the band's profile more than the line
// does (image1004: the 6, 8 and 2 of column 3 against the line left of
// them), but only where the digits are; the line runs on through the rows
// near the lines across, and is taken.
func TestFindLinesDigitsBesideFaintLine(t *testing.T) {
	ink := make([]uint8, gridSide*gridSide)
	set := func(x, y int) { ink[y*gridSide+x] = 1 }
	// Lines 3 pixels wide (as the threshold inks them), but line 2:
	// faint, 2 pixels wide and broken, half its pixels.
	for i := 0; i <= 9; i++ {
		c := min(max(i*cellSide, 1), gridSide-2)
		for p := c - 1; p <= c+1; p++ {
			for a := 0; a < gridSide; a++ {
				set(a, p)
				if i != 2 {
					set(p, a)
				} else if a%4 < 2 && p <= c {
					set(p, a)
				}
			}
		}
	}
	// In the top band, a digit in each cell of column 2 (x 72-108) whose
	// left stroke, 3 pixels wide, lies 11-13 pixels right of line 2, from
	// 8 to 28 pixels down the cell.
	for r := 0; r < 3; r++ {
		for y := r*cellSide + 8; y <= r*cellSide+28; y++ {
			for x := 2*cellSide + 11; x <= 2*cellSide+13; x++ {
				set(x, y)
			}
		}
	}
	gl := findLines(ink)
	for band := 0; band < 3; band++ {
		if got := gl.x[band][2]; got < 2*cellSide-1 || got > 2*cellSide+1 {
			t.Errorf("band %d: line 2 found at x %d, want %d±1", band, got, 2*cellSide)
		}
	}
	if gl.strong != 60 {
		t.Errorf("%d of 60 lines clear, want 60", gl.strong)
	}
}
