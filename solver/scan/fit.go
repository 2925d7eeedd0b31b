package scan

import (
	"math"

	"sudoku/internal/persp"
)

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
	score = -1
	for pt := minPitch; pt <= maxPitch; pt += pitchStep {
		for st := -1.0; st+9*pt <= float64(n); st += 0.5 {
			if s := linesInk(prof, st, pt); s > score {
				start, pitch, score = st, pt, s
			}
		}
	}
	return start, pitch, score
}

// linesInk returns the ink of profile prof under the ten lines from
// start at pitch, each counting the profile at its place and a pixel
// either side (none outside the profile).
func linesInk(prof []int, start, pitch float64) int {
	s := 0
	for i := 0; i <= 9; i++ {
		c := int(start + float64(i)*pitch + 0.5)
		for k := c - 1; k <= c+1; k++ {
			if k >= 0 && k < len(prof) {
				s += prof[k]
			}
		}
	}
	return s
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

// A grid cropped tight has its outline on the photo's edge, or a little
// past it, and a faint outer line beside the edge may be lost: its outline
// is then the frame's edge, or its second line, on that side, and the
// rectified grid shows nine lines, wider apart than ten would be, and one
// missing (or lying outside the frame). extendGrid looks for them as
// fitGrid does, the other way: for each side of the outline near the
// photo's edge, ten evenly spaced lines whose last one stays at the
// opposite side and whose first lies up to maxExtend of a cell beyond
// the outline, and extends the outline to them when the extension
// covers more of the lines' ink and moves the side by minExtend of a
// cell or more. The rectified picture of an outline cut by the frame's
// edge is not the grid's own perspective, so the outer line is then put
// where the lines found in that of the extended outline put it
// (extrapolate).
const (
	maxExtend = 1.35 // cells
	minExtend = 0.1  // cells
	nearEdge  = 1.5  // cells: how near the photo's edge both ends of a side must lie
)

// edgeSides reports which sides of the outline q (top, right, bottom,
// left, as q is ordered) lie near an edge of the w x h picture: both
// ends within nearEdge cells of the same edge.
func edgeSides(q [4]persp.Point, w, h int) (near [4]bool, any bool) {
	for i := range q {
		a, b := q[i], q[(i+1)%4]
		d := nearEdge*math.Hypot(b.X-a.X, b.Y-a.Y)/9 + 1
		fw, fh := float64(w), float64(h)
		near[i] = a.Y <= d && b.Y <= d || a.X <= d && b.X <= d ||
			a.Y >= fh-d && b.Y >= fh-d || a.X >= fw-d && b.X >= fw-d
		any = any || near[i]
	}
	return near, any
}

// extendLines returns the ten evenly spaced lines of profile prof, at a
// pitch from pmin to pmax, whose first (lo: last) line stays within a
// few pixels of the profile's start (lo: end), the outline's side there,
// and the ink they cover.
func extendLines(prof []int, lo bool, pmin, pmax float64) (start, pitch float64, score int) {
	n := float64(len(prof))
	score = -1
	for pt := pmin; pt <= pmax; pt += pitchStep {
		for a := -1.0; a <= 4; a += 0.5 {
			st := a
			if lo {
				st = n - a - 9*pt
			}
			if s := linesInk(prof, st, pt); s > score {
				start, pitch, score = st, pt, s
			}
		}
	}
	return start, pitch, score
}

// extendGrid fits the grid's lines in the ink of the rectified outline q
// beyond its sides near the edge of the w x h picture (see extendLines)
// and returns the corners of the grid they bound, in the picture, and the
// sides it moved; false when none moves.
func extendGrid(ink []uint8, q [4]persp.Point, w, h int) ([4]persp.Point, [4]bool, bool) {
	near, any := edgeSides(q, w, h)
	if !any {
		return q, near, false
	}
	return fitSides(ink, q, near, cellSide, (9+maxExtend)/9*cellSide, minExtend*cellSide)
}

// extrapolate returns the outline q, whose rectified picture showed the
// lines gl, with each side of moved put where the grid's inner lines put
// its outer line: in each band of three boxes, the straight line fitted
// to lines 1 to 8 (by least squares), taken to line 0 or 9, and through
// the bands' three places the side's line (an outline cut by the frame's
// edge runs along the edge, not along the grid's line, so the first
// extension is off where the grid is tilted against the edge).
func extrapolate(gl *gridLines, q [4]persp.Point, moved [4]bool) ([4]persp.Point, bool) {
	outer := func(l *[10]int, last bool) float64 {
		var si, sl, sii, sil float64
		for i := 1; i <= 8; i++ {
			fi, fl := float64(i), float64(l[i])
			si, sl, sii, sil = si+fi, sl+fl, sii+fi*fi, sil+fi*fl
		}
		b := (8*sil - si*sl) / (8*sii - si*si)
		a := (sl - b*si) / 8
		if last {
			return a + 9*b
		}
		return a
	}
	// The side's line through its places in the three bands, at the
	// grid's two ends.
	ends := func(l *[3][10]int, last bool) (float64, float64) {
		var v [3]float64
		for b := range v {
			v[b] = outer(&l[b], last)
		}
		mean := (v[0] + v[1] + v[2]) / 3
		slope := (v[2] - v[0]) / (6 * cellSide)
		return mean - slope*gridSide/2, mean + slope*gridSide/2
	}
	c := [4][2]float64{{0, 0}, {gridSide, 0}, {gridSide, gridSide}, {0, gridSide}}
	if moved[0] {
		c[0][1], c[1][1] = ends(&gl.y, false)
	}
	if moved[2] {
		c[3][1], c[2][1] = ends(&gl.y, true)
	}
	if moved[3] {
		c[0][0], c[3][0] = ends(&gl.x, false)
	}
	if moved[1] {
		c[1][0], c[2][0] = ends(&gl.x, true)
	}
	sq := [4]persp.Point{{X: 0, Y: 0}, {X: gridSide, Y: 0}, {X: gridSide, Y: gridSide}, {X: 0, Y: gridSide}}
	m, ok := persp.FromTo(sq, q)
	if !ok {
		return q, false
	}
	var out [4]persp.Point
	for i, p := range c {
		out[i].X, out[i].Y = m.Apply(p[0], p[1])
	}
	return out, true
}

// fitSides fits ten evenly spaced lines, at a pitch from pmin to pmax,
// in the ink of the rectified outline q, in each direction whose side
// (top, right, bottom, left) is set in sides, the other side staying
// (where both are set, the lines that cover more ink), and returns the
// corners of the grid they bound, in the picture, and the sides moved by
// minMove pixels of the rectified picture or more; false when none.
func fitSides(ink []uint8, q [4]persp.Point, sides [4]bool, pmin, pmax, minMove float64) ([4]persp.Point, [4]bool, bool) {
	px := make([]int, gridSide)
	py := make([]int, gridSide)
	for y := 0; y < gridSide; y++ {
		for x, v := range ink[y*gridSide : (y+1)*gridSide] {
			px[x] += int(v)
			py[y] += int(v)
		}
	}
	var moved [4]bool
	axis := func(prof []int, loSide, hiSide int) (float64, float64) {
		best, s0, s1 := -1, 0.0, float64(gridSide)
		for _, lo := range [2]bool{true, false} {
			side := hiSide
			if lo {
				side = loSide
			}
			if !sides[side] {
				continue
			}
			st, pt, sc := extendLines(prof, lo, pmin, pmax)
			move := -st
			if !lo {
				move = st + 9*pt - gridSide
			}
			if math.Abs(move) >= minMove && sc > best {
				best, s0, s1 = sc, st, st+9*pt
				moved[loSide], moved[hiSide] = lo, !lo
			}
		}
		// The side that stays keeps its place: only the far one moves.
		if moved[loSide] {
			s1 = gridSide
		} else if moved[hiSide] {
			s0 = 0
		}
		return s0, s1
	}
	x0, x1 := axis(px, 3, 1)
	y0, y1 := axis(py, 0, 2)
	if moved == [4]bool{} {
		return q, moved, false
	}
	sq := [4]persp.Point{{X: 0, Y: 0}, {X: gridSide, Y: 0}, {X: gridSide, Y: gridSide}, {X: 0, Y: gridSide}}
	m, ok := persp.FromTo(sq, q)
	if !ok {
		return q, moved, false
	}
	var out [4]persp.Point
	for i, p := range [4][2]float64{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}} {
		out[i].X, out[i].Y = m.Apply(p[0], p[1])
	}
	return out, moved, true
}

// outsidePieces returns how many of the 60 pieces of line that
// findLines looks for (each line in three bands, at their middles) in
// the grid of outline q lie outside the w x h picture, where they cannot
// show.
func outsidePieces(q [4]persp.Point, w, h int) int {
	sq := [4]persp.Point{{X: 0, Y: 0}, {X: gridSide, Y: 0}, {X: gridSide, Y: gridSide}, {X: 0, Y: gridSide}}
	m, ok := persp.FromTo(sq, q)
	if !ok {
		return 0
	}
	n := 0
	fw, fh := float64(w), float64(h)
	for i := 0; i <= 9; i++ {
		for b := 0; b < 3; b++ {
			a, mid := float64(i*cellSide), (float64(b)+0.5)*3*cellSide
			for _, p := range [2][2]float64{{a, mid}, {mid, a}} {
				if x, y := m.Apply(p[0], p[1]); x < 0 || y < 0 || x > fw || y > fh {
					n++
				}
			}
		}
	}
	return n
}
