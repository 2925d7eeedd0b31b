package scan

import (
	"testing"
)

// TestOuterInside, by hand: in the seventh row of cells (rows 252-287 of
// the squared picture) a first cell cut narrow on a digit's stroke has
// its outer line put a median cell out from line 1, within the picture;
// one cut on a line running the cell's whole span, one that is not
// narrow, and one whose line would move by less than gapRows stay; the
// last row of a column (horizontal lines) is mended the same way.
func TestOuterInside(t *testing.T) {
	const lo, hi = 7 * cellSide, 8 * cellSide
	even := [10]int{0, 36, 72, 108, 144, 180, 216, 252, 288, 322}
	for _, c := range []struct {
		name       string
		across     bool
		at, y0, y1 int // the stroke: across the lines at at-1..at+1, from y0 to y1 along them
		l, want    [10]int
	}{
		{"first cell on a digit's stroke", false, 12, 260, 280,
			[10]int{12, 35, 71, 107, 143, 179, 215, 251, 287, 322},
			[10]int{0, 35, 71, 107, 143, 179, 215, 251, 287, 322}},
		{"first cell on a line", false, 12, lo, hi - 1,
			[10]int{12, 35, 71, 107, 143, 179, 215, 251, 287, 322},
			[10]int{12, 35, 71, 107, 143, 179, 215, 251, 287, 322}},
		{"first cell not narrow", false, 6, 260, 280,
			[10]int{6, 40, 76, 112, 148, 184, 220, 256, 292, 322},
			[10]int{6, 40, 76, 112, 148, 184, 220, 256, 292, 322}},
		{"first cell moved by less than gapRows", false, 5, 260, 280,
			[10]int{5, 30, 66, 102, 138, 174, 210, 246, 282, 318},
			[10]int{5, 30, 66, 102, 138, 174, 210, 246, 282, 318}},
		{"last cell on a digit's stroke, across", true, 311, 262, 278,
			[10]int{0, 36, 72, 108, 144, 180, 216, 252, 288, 311},
			[10]int{0, 36, 72, 108, 144, 180, 216, 252, 288, 323}},
		{"even lines", false, 0, lo, hi - 1, even, even},
	} {
		ink := make([]uint8, gridSide*gridSide)
		for a := c.y0; a <= c.y1; a++ {
			for b := c.at - 1; b <= c.at+1; b++ {
				if b < 0 {
					continue
				}
				if c.across {
					ink[b*gridSide+a] = 1
				} else {
					ink[a*gridSide+b] = 1
				}
			}
		}
		l := c.l
		outerInside(&l, ink, lo, hi, c.across)
		if l != c.want {
			t.Errorf("%s: lines %v, want %v", c.name, l, c.want)
		}
	}
}

// TestOutlineInsidePhotos: finder photos whose outline lies inside the
// grid on one side (a page bowing out between the corners; an outline
// skewed by a thick rule beside the grid), so that column 1's cells were
// cut on their digit's strokes and read as no digit (r1c1, r8c1, r9c1),
// are read exactly with one solution. Main's reader (before outerInside)
// read each with one to two of those cells empty.
func TestOutlineInsidePhotos(t *testing.T) {
	want := mustGrid(t, puzzle)
	for _, c := range []struct {
		name string
		i    int
	}{
		{"thick rule beside", 15},
		{"thick rule beside", 28},
		{"thick rule and touching print", 2},
		{"strongly bowed page", 0},
		{"strongly bowed page", 35},
	} {
		rd := readFinder(t, c.name, c.i)
		if rd.Digits != want || rd.Solutions != 1 {
			t.Errorf("%s %d: read %s (%d solutions), want %s", c.name, c.i, rd.Digits, rd.Solutions, want)
		}
	}
}
