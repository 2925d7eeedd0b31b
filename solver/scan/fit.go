package scan

import "sudoku/internal/persp"

// An outline that took in print touching the grid (a title bar, a frame
// around it, a line of text) holds the grid and more. Rectified by the
// outline's corners, the grid's lines are then still evenly spaced (the
// perspective map of a rectangle holding the grid is exact for the grid
// too), only closer together and shifted. fitGrid finds them: for each
// direction, the start and pitch of ten evenly spaced lines that cover
// the most ink.

// Bounds of the pitch fitGrid tries, in pixels of the rectified picture
// (cellSide is the pitch of an outline that is the grid's own).
const (
	minPitch  = 0.72 * cellSide // the grid takes at least 72% of the outline's side
	maxPitch  = 1.02 * cellSide
	pitchStep = 0.125
)

// fitLines returns the start and pitch of the ten evenly spaced lines
// that cover the most of the profile prof (ink per column or row), and
// the ink they cover; a line counts the profile at its place and a pixel
// either side.
func fitLines(prof []int) (start, pitch float64, score int) {
	n := len(prof)
	at := func(p float64) int {
		i := int(p + 0.5)
		s := 0
		for k := i - 1; k <= i+1; k++ {
			if k >= 0 && k < n {
				s += prof[k]
			}
		}
		return s
	}
	score = -1
	for pt := minPitch; pt <= maxPitch; pt += pitchStep {
		for st := -1.0; st+9*pt <= float64(n); st += 0.5 {
			s := 0
			for i := 0; i <= 9; i++ {
				s += at(st + float64(i)*pt)
			}
			if s > score {
				start, pitch, score = st, pt, s
			}
		}
	}
	return start, pitch, score
}

// fitGrid fits the grid's lines in the ink of the rectified outline q
// (see fitLines) and returns the corners of the grid they bound, in the
// picture, and whether they differ from q's by more than a pixel of the
// rectified picture.
func fitGrid(ink []uint8, q [4]persp.Point) ([4]persp.Point, bool) {
	px := make([]int, gridSide) // ink per column: vertical lines
	py := make([]int, gridSide) // ink per row: horizontal lines
	for y := 0; y < gridSide; y++ {
		row := ink[y*gridSide : (y+1)*gridSide]
		for x, v := range row {
			px[x] += int(v)
			py[y] += int(v)
		}
	}
	x0, xp, _ := fitLines(px)
	y0, yp, _ := fitLines(py)
	x1, y1 := x0+9*xp, y0+9*yp
	const far = 1.0
	if x0 < far && y0 < far && x1 > gridSide-far && y1 > gridSide-far {
		return q, false
	}
	sq := [4]persp.Point{{X: 0, Y: 0}, {X: gridSide, Y: 0}, {X: gridSide, Y: gridSide}, {X: 0, Y: gridSide}}
	h, ok := persp.FromTo(sq, q)
	if !ok {
		return q, false
	}
	var out [4]persp.Point
	for i, p := range [4][2]float64{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}} {
		out[i].X, out[i].Y = h.Apply(p[0], p[1])
	}
	return out, true
}
