package scan

import (
	"math"

	"sudoku/internal/persp"
)

// A page that bows curves the grid's lines: squared by the outline's
// corners (which stay where the lines end), a line's middle lies up to
// half a cell and more from where a straight grid puts it, and the lines
// found near their straight places (findLines, cellLines) are the wrong
// ones. bentGrid follows each line along its length instead, and squares
// the grid cell by cell between the crossings of the lines it followed.

// Tracing works in the outline's square with bowPad pixels more on each
// side (a line bowing outwards leaves the square), at a station every
// traceStep pixels along each line.
const (
	bowPad    = 27
	traceStep = 4
	traceN    = gridSide/traceStep + 1
	// traceReach is how far from its straight place a line is looked
	// for: three quarters of a cell, so that a line bowing by up to that
	// much is followed, and a neighbour, a cell away, is not.
	traceReach = 27
	// A line a pixel wide inks 9 of the 27 pixels of a station's window
	// (9 along the line, 3 across): lineInk. A path counts the window's
	// ink up to that of a thin line; a line lies on ink where its window
	// holds minLineInk.
	lineInk    = 9
	minLineInk = 5
)

// bentGrid is a grid whose lines were followed: where each line crosses
// each other one, in the pixels of the outline's square (0 to gridSide
// when straight), and the map from that square to the picture.
type bentGrid struct {
	cross [10][10]persp.Point // cross[i][j]: horizontal line i meets vertical line j
	h     persp.H
	// cover is the share of the stations of the eight inner lines of
	// each direction where the smoothed line lies on ink, for the
	// direction where it is less. (The outer lines are left out: print
	// around the grid and the outline's own cut make theirs unsure.)
	cover float64
}

// traceGrid squares the outline q of g with a margin, follows its twenty
// lines (traceLine) and returns where they cross, or false when q is
// degenerate.
func traceGrid(g *gray, q [4]persp.Point) (*bentGrid, bool) {
	sq := [4]persp.Point{{X: 0, Y: 0}, {X: gridSide, Y: 0}, {X: gridSide, Y: gridSide}, {X: 0, Y: gridSide}}
	h, ok := persp.FromTo(sq, q)
	if !ok {
		return nil, false
	}
	const n = gridSide + 2*bowPad
	pr := newGray(n, n)
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			sx, sy := h.Apply(float64(x-bowPad)+0.5, float64(y-bowPad)+0.5)
			pr.pix[y*n+x] = uint8(g.bilinear(sx-0.5, sy-0.5) + 0.5)
		}
	}
	ink := threshold(pr, cellSide/2, 0.05)
	// prof[dir][k][p]: the ink near station k across the lines of
	// direction dir, at place p (dir 0: horizontal lines, p a row).
	var lines [2][10][traceN]float64
	cover := 1.0
	prof := make([][]int, traceN)
	for dir := 0; dir < 2; dir++ {
		for k := range prof {
			if prof[k] == nil {
				prof[k] = make([]int, n)
			}
			clear(prof[k])
			at := bowPad + k*traceStep
			for a := max(at-traceStep, 0); a <= min(at+traceStep, n-1); a++ {
				for p := 0; p < n; p++ {
					if dir == 0 {
						prof[k][p] += int(ink[p*n+a])
					} else {
						prof[k][p] += int(ink[a*n+p])
					}
				}
			}
		}
		dirOn := 0
		for i := 0; i <= 9; i++ {
			traceLine(prof, bowPad+i*cellSide, &lines[dir][i])
			on := 0
			for k, v := range lines[dir][i] {
				y := int(v) + bowPad
				if y >= 1 && y < n-1 && prof[k][y-1]+prof[k][y]+prof[k][y+1] >= minLineInk {
					on++
				}
			}
			if i > 0 && i < 9 {
				dirOn += on
			}
		}
		cover = math.Min(cover, float64(dirOn)/(8*traceN))
	}
	bg := &bentGrid{h: h, cover: cover}
	for i := 0; i <= 9; i++ {
		for j := 0; j <= 9; j++ {
			// Horizontal line i is y(x), vertical line j is x(y):
			// meet them by going from one to the other.
			x, y := float64(j*cellSide), float64(i*cellSide)
			for it := 0; it < 4; it++ {
				y = alongLine(&lines[0][i], x)
				x = alongLine(&lines[1][j], y)
			}
			bg.cross[i][j] = persp.Point{X: x, Y: y}
		}
	}
	return bg, true
}

// traceLine follows one line through the stations' profiles: the path,
// a place per station within traceReach of want moving by at most a
// pixel from one station to the next, that covers the most ink (see
// lineInk), found by dynamic programming, then smoothed (smoothLine).
// It stores each station's place, less bowPad, in out.
func traceLine(prof [][]int, want int, out *[traceN]float64) {
	n := len(prof[0])
	lo, hi := max(want-traceReach, 1), min(want+traceReach, n-2)
	w := hi - lo + 1
	score := make([]float64, w)
	next := make([]float64, w)
	from := make([]int8, traceN*w)
	for k := 0; k < traceN; k++ {
		p := prof[k]
		for s := 0; s < w; s++ {
			y := lo + s
			// Ink, at most that of a thin line (a thick box line must not
			// draw a thin line's path to it), less a little for each
			// pixel from the straight place, so that where there is no
			// ink the path keeps to it.
			v := float64(min(p[y-1]+p[y]+p[y+1], lineInk)) - 0.02*math.Abs(float64(y-want))
			if k == 0 {
				next[s] = v
				continue
			}
			best, bd := score[s], int8(0)
			if s > 0 && score[s-1] > best {
				best, bd = score[s-1], -1
			}
			if s < w-1 && score[s+1] > best {
				best, bd = score[s+1], 1
			}
			next[s] = best + v
			from[k*w+s] = bd
		}
		score, next = next, score
	}
	s := 0
	for t := 1; t < w; t++ {
		if score[t] > score[s] {
			s = t
		}
	}
	for k := traceN - 1; k >= 0; k-- {
		// The path may run a pixel beside a thin line (its window holds
		// the line either way): the middle of the ink in the window.
		y := lo + s
		p := prof[k]
		c := float64(y)
		if sum := p[y-1] + p[y] + p[y+1]; sum > 0 {
			c += float64(p[y+1]-p[y-1]) / float64(sum)
		}
		out[k] = c - bowPad + 0.5
		s += int(from[k*w+s])
	}
	smoothLine(out)
}

// smoothLine replaces a traced line by the parabola that fits it best
// (least squares), fitted again without the stations more than
// a pixel and a half off it: a page bows smoothly, and a path that
// strayed along a digit's stroke or a shaded cell for a few stations
// is put back.
func smoothLine(l *[traceN]float64) {
	use := make([]bool, traceN)
	for k := range use {
		use[k] = true
	}
	var c [3]float64
	for it := 0; it < 3; it++ {
		var ok bool
		if c, ok = fitParabola(l, use); !ok {
			return
		}
		if it == 2 {
			break
		}
		for k := range l {
			t := float64(k) / (traceN - 1)
			use[k] = math.Abs(c[0]+c[1]*t+c[2]*t*t-l[k]) <= 1.5
		}
	}
	for k := range l {
		t := float64(k) / (traceN - 1)
		l[k] = c[0] + c[1]*t + c[2]*t*t
	}
}

// fitParabola returns a, b, c of the least-squares fit a + b t + c t² to
// the stations in use (t from 0 to 1 along the line), or false when
// fewer than a third of them are.
func fitParabola(l *[traceN]float64, use []bool) ([3]float64, bool) {
	var m [3][4]float64
	n := 0
	for k, v := range l {
		if !use[k] {
			continue
		}
		n++
		t := float64(k) / (traceN - 1)
		p := [3]float64{1, t, t * t}
		for i := 0; i < 3; i++ {
			for j := 0; j < 3; j++ {
				m[i][j] += p[i] * p[j]
			}
			m[i][3] += p[i] * v
		}
	}
	if n < traceN/3 {
		return [3]float64{}, false
	}
	// Gaussian elimination with partial pivoting on the 3x3 system.
	for col := 0; col < 3; col++ {
		piv := col
		for r := col + 1; r < 3; r++ {
			if math.Abs(m[r][col]) > math.Abs(m[piv][col]) {
				piv = r
			}
		}
		if math.Abs(m[piv][col]) < 1e-9 {
			return [3]float64{}, false
		}
		m[col], m[piv] = m[piv], m[col]
		for r := 0; r < 3; r++ {
			if r == col {
				continue
			}
			f := m[r][col] / m[col][col]
			for j := col; j < 4; j++ {
				m[r][j] -= f * m[col][j]
			}
		}
	}
	return [3]float64{m[0][3] / m[0][0], m[1][3] / m[1][1], m[2][3] / m[2][2]}, true
}

// alongLine returns a traced line's place at position t along it,
// between its stations.
func alongLine(l *[traceN]float64, t float64) float64 {
	f := t / traceStep
	k := int(math.Floor(f))
	if k < 0 {
		return l[0]
	}
	if k >= traceN-1 {
		return l[traceN-1]
	}
	f -= float64(k)
	return l[k]*(1-f) + l[k+1]*f
}

// bent reports how far, in pixels of the square, the crossings lie from
// where the outline's straight grid puts them, at most.
func (bg *bentGrid) bent() float64 {
	d := 0.0
	for i := range bg.cross {
		for j, p := range bg.cross[i] {
			d = math.Max(d, math.Hypot(p.X-float64(j*cellSide), p.Y-float64(i*cellSide)))
		}
	}
	return d
}

// rectify squares the bent grid: each cell of the gridSide square is
// mapped to the four crossings around it (bilinearly), and through the
// outline's map to the picture, which is sampled once.
func (bg *bentGrid) rectify(g *gray) *gray {
	r := newGray(gridSide, gridSide)
	for y := 0; y < gridSide; y++ {
		ci := y / cellSide
		t := (float64(y) + 0.5 - float64(ci*cellSide)) / cellSide
		for x := 0; x < gridSide; x++ {
			cj := x / cellSide
			s := (float64(x) + 0.5 - float64(cj*cellSide)) / cellSide
			a, b := bg.cross[ci][cj], bg.cross[ci][cj+1]
			c, d := bg.cross[ci+1][cj], bg.cross[ci+1][cj+1]
			u := (a.X*(1-s)+b.X*s)*(1-t) + (c.X*(1-s)+d.X*s)*t
			v := (a.Y*(1-s)+b.Y*s)*(1-t) + (c.Y*(1-s)+d.Y*s)*t
			sx, sy := bg.h.Apply(u, v)
			r.pix[y*gridSide+x] = uint8(g.bilinear(sx-0.5, sy-0.5) + 0.5)
		}
	}
	return r
}

// corners returns the grid's corners in the picture: where its outer
// lines cross.
func (bg *bentGrid) corners() [4]persp.Point {
	var out [4]persp.Point
	for k, ij := range [4][2]int{{0, 0}, {0, 9}, {9, 9}, {9, 0}} {
		p := bg.cross[ij[0]][ij[1]]
		out[k].X, out[k].Y = bg.h.Apply(p.X, p.Y)
	}
	return out
}
