package scan

import (
	"slices"

	"sudoku/internal/persp"
)

// outline is the picture a grid was found in (toGray's) and the
// quadrilateral of it that was squared (rectify).
type outline struct {
	g *gray
	q [4]persp.Point
}

// A page that bows out between the outline's corners carries a side's
// outer line past the squared picture's edge: the first (last) cell of
// a row or column there is cut at the edge, narrower than the others,
// and its digit with it (outerInside can put the line no farther out
// than the edge). shortEnds re-cuts such a cell in the picture squared
// shortShift pixels over that way (the outline's quadrilateral moved
// outward along its own grid), its outer line where that picture shows
// it (lineNear), and takes the re-cut when its digit reaches further
// that way (is larger across that side, or reaches further out and no
// longer to the re-cut's outer side), no fainter. A cell is re-cut when
// its outer line lies within edgeNear pixels of the picture's edge, it
// is narrower than the median cell by more than shortSlack pixels while
// the cell beside it is not wider than the median by as much (a line
// inside put on a digit's stroke: finder "hard shadow" 23, r3c9's 1),
// its digit reaches the outer side of its inner box (cut off there), and
// the line shows gapRows or more past the cut (a line found a few pixels
// out is the same line, thick, and the cut was not short: re-cut there,
// a faint 5 read worse, finder "strongly bowed page" 10).
const (
	shortShift = cellSide / 2
	edgeNear   = 2
	shortSlack = 2
)

// sides of the grid, for shortEnds.
const (
	sideLeft = iota
	sideRight
	sideTop
	sideBottom
)

// shortEnds re-cuts the first and last cells of the rows and columns of
// rg (squared from ex.from) cut short by the picture's edge (see
// shortShift), setting their features, cuts and marks, and the picture
// and lines they were cut in, when the re-cut reads more of the digit.
// A cell across a shadow's edge (cut in another picture than rg) is
// left as it is.
func (ex *Extraction) shortEnds(rg *gray, cl *cellLines, minC float64, cuts *[81]digitCut, marks *[81]markStat, src *[81]*gray, lines *[81]*cellLines) {
	var h *persp.H
	var lab []int32
	for side := sideLeft; side <= sideBottom; side++ {
		var p, pm *gray
		var ink []uint8
		var moved *cellLines
		for k := 0; k < 9; k++ {
			l := &cl.x[k]
			if side >= sideTop {
				l = &cl.y[k]
			}
			r, c, width, next, atEdge := k, 0, l[1]-l[0], l[2]-l[1], l[0] <= edgeNear
			switch side {
			case sideRight:
				c, width, next, atEdge = 8, l[9]-l[8], l[8]-l[7], l[9] >= gridSide-1-edgeNear
			case sideTop:
				r, c = 0, k
			case sideBottom:
				r, c, width, next, atEdge = 8, k, l[9]-l[8], l[8]-l[7], l[9] >= gridSide-1-edgeNear
			}
			cell := r*9 + c
			f := ex.Features[cell]
			med := medianCell(l)
			if !atEdge || width >= med-shortSlack || next > med+shortSlack || f == nil || src[cell] != rg || lines[cell] != cl || !reachesOuter(cl, r, c, f, cuts[cell], side) {
				continue
			}
			if p == nil {
				if h == nil {
					sq := [4]persp.Point{{X: 0, Y: 0}, {X: gridSide, Y: 0}, {X: gridSide, Y: gridSide}, {X: 0, Y: gridSide}}
					hh, ok := persp.FromTo(sq, ex.from.q)
					if !ok {
						return
					}
					h = &hh
				}
				var ok bool
				if p, moved, ok = movedGrid(ex.from.g, h, cl, side); !ok {
					break
				}
				pm = paperLevel(p)
				ink = threshold(p, cellSide/2, 0.05)
			}
			own := new(cellLines)
			*own = *moved
			ml := &own.x[k]
			if side >= sideTop {
				ml = &own.y[k]
			}
			// The outer line as it lies in the moved picture: the
			// place with the most ink from a median cell and gapRows
			// out from the line inside to the cut's own outer line,
			// when it runs along lineCover of the cell's span and lies
			// past the cut by gapRows or more.
			across := side >= sideTop
			x0, y0, x1, y1 := own.cellBox(r, c)
			lo, hi := y0, y1
			if across {
				lo, hi = x0, x1
			}
			var at int
			if side == sideLeft || side == sideTop {
				at = lineNear(ink, lo, hi, max(ml[1]-med-gapRows, 1), ml[0], across)
				if at < 0 || ml[0]-at < gapRows {
					continue
				}
				ml[0] = at
			} else {
				at = lineNear(ink, lo, hi, ml[9], min(ml[8]+med+gapRows, gridSide-2), across)
				if at < 0 || at-ml[9] < gapRows {
					continue
				}
				ml[9] = at
			}
			var nf []float32
			var ncut digitCut
			var nmark markStat
			nf, ncut, nmark, lab = cellFeatures(p, pm, own, r, c, minC, lab)
			if nf == nil || nmark.faint && !marks[cell].faint || nmark.stroke && !marks[cell].stroke {
				continue
			}
			// A first cut whose mark took in a piece of the line inside,
			// slanting across the cell, is as tall as the whole digit
			// re-cut (finder "strongly bowed page" 17, r9c1's 9): the
			// re-cut is taken, too, when its digit reaches more than a
			// pixel further out and no longer reaches its outer side
			// (a digit that only touched it is found where it was, in a
			// larger cell: left as it was cut, stress "bowed page" 51).
			if reach(nf, own, r, c, side) <= reach(f, cl, r, c, side)+1 && (outward(own, r, c, nf, ncut, cl, f, cuts[cell], side) <= 1 || reachesOuter(own, r, c, nf, ncut, side)) {
				continue
			}
			ex.Features[cell], cuts[cell], marks[cell], src[cell], lines[cell] = nf, ncut, nmark, p, own
		}
	}
}

// medianCell returns the median width of the nine cells between lines l.
func medianCell(l *[10]int) int {
	var w [9]int
	for i := range w {
		w[i] = l[i+1] - l[i]
	}
	slices.Sort(w[:])
	return w[4]
}

// movedGrid squares the grid of g (h: the squared picture's homography
// into g) moved shortShift pixels outward past side, and returns it with
// cl's lines moved with it.
func movedGrid(g *gray, h *persp.H, cl *cellLines, side int) (*gray, *cellLines, bool) {
	dx, dy := 0, 0
	switch side {
	case sideLeft:
		dx = -shortShift
	case sideRight:
		dx = shortShift
	case sideTop:
		dy = -shortShift
	case sideBottom:
		dy = shortShift
	}
	var q [4]persp.Point
	for i, s := range [4]persp.Point{{X: 0, Y: 0}, {X: gridSide, Y: 0}, {X: gridSide, Y: gridSide}, {X: 0, Y: gridSide}} {
		x, y := h.Apply(s.X+float64(dx), s.Y+float64(dy))
		q[i] = persp.Point{X: x, Y: y}
	}
	p, ok := rectify(g, q)
	if !ok {
		return nil, nil, false
	}
	m := new(cellLines)
	*m = *cl
	for k := 0; k < 9; k++ {
		for i := 0; i <= 9; i++ {
			m.x[k][i] -= dx
			m.y[k][i] -= dy
		}
	}
	return p, m, true
}

// digitBox returns the box of the digit cut in cell (r, c) between the
// lines cl (f: its features, cut: its square).
func digitBox(cl *cellLines, r, c int, f []float32, cut digitCut) (x0, y0, x1, y1 float64) {
	_, cy0, _, cy1 := cl.cellBox(r, c)
	ch := float64(cy1 - cy0)
	n := featSide * featSide
	bh, bw := float64(f[n])*ch, float64(f[n+1])*ch
	return cut.cx - bw/2, cut.cy - bh/2, cut.cx + bw/2, cut.cy + bh/2
}

// reachesOuter reports whether the digit cut in cell (r, c) reaches the
// side of its inner box towards side, or the row (column) of pixels
// inside it: cut off there. (A faint digit's pixels at the cut may fall
// under the threshold: finder "strongly bowed page" 28, r9c1's 9, cut
// off by the picture's edge, its mark ending a pixel short of the side.)
func reachesOuter(cl *cellLines, r, c int, f []float32, cut digitCut, side int) bool {
	bx0, by0, w, h, ok := cl.innerBox(r, c)
	if !ok {
		return false
	}
	x0, y0, x1, y1 := digitBox(cl, r, c, f, cut)
	const near = 1.5
	switch side {
	case sideLeft:
		return x0 < float64(bx0)+near
	case sideRight:
		return x1 > float64(bx0+w)-near
	case sideTop:
		return y0 < float64(by0)+near
	}
	return y1 > float64(by0+h)-near
}

// outward returns how many pixels of the squared picture further
// towards side the digit re-cut in the picture moved shortShift that
// way (f, cut, between lines own) reaches than the digit first cut (f0,
// cut0, between cl).
func outward(own *cellLines, r, c int, f []float32, cut digitCut, cl *cellLines, f0 []float32, cut0 digitCut, side int) float64 {
	x0, y0, x1, y1 := digitBox(own, r, c, f, cut)
	ox0, oy0, ox1, oy1 := digitBox(cl, r, c, f0, cut0)
	switch side {
	case sideLeft:
		return ox0 - (x0 - shortShift)
	case sideRight:
		return x1 + shortShift - ox1
	case sideTop:
		return oy0 - (y0 - shortShift)
	}
	return y1 + shortShift - oy1
}

// reach returns the size of the digit cut in cell (r, c) across side:
// its width for the left or right side, its height for the top or
// bottom.
func reach(f []float32, cl *cellLines, r, c, side int) float64 {
	x0, y0, x1, y1 := digitBox(cl, r, c, f, digitCut{})
	if side <= sideRight {
		return x1 - x0
	}
	return y1 - y0
}

// lineNear returns the place from a to b (columns; across: rows) of the
// ink of a squared picture (gridSide a side) with the most ink in the
// rows (columns) lo to hi, summed with its neighbours, when that place's
// ink, within a pixel of it, runs along lineCover of them; else -1.
func lineNear(ink []uint8, lo, hi, a, b int, across bool) int {
	lo, hi = max(lo, 0), min(hi, gridSide)
	if hi <= lo || b < a {
		return -1
	}
	at := func(u, v int) uint8 { // u along the span, v across it
		if across {
			return ink[v*gridSide+u]
		}
		return ink[u*gridSide+v]
	}
	col := func(p int) int {
		n := 0
		for u := lo; u < hi; u++ {
			n += int(at(u, p))
		}
		return n
	}
	best, bestV := -1, -1
	for p := max(a, 1); p <= min(b, gridSide-2); p++ {
		if v := col(p-1) + col(p) + col(p+1); v > bestV {
			best, bestV = p, v
		}
	}
	if best < 0 {
		return -1
	}
	n := 0
	for u := lo; u < hi; u++ {
		if at(u, best-1) != 0 || at(u, best) != 0 || at(u, best+1) != 0 {
			n++
		}
	}
	if float64(n) < lineCover*float64(hi-lo) {
		return -1
	}
	return best
}
