package scan

// A shadow's edge or light falling off across the page changes the
// paper's level within a cell: with faint print, by as much as the print
// itself, so that a cell's own threshold takes the dark side of the cell
// for ink. evenLight divides the light out before the cells are read.

// Sizes of evenLight's filters, in pixels of the rectified grid: the
// maximum over a (2*paperR+1)-square takes the paper's level through
// strokes and lines up to that wide, and the mean over a
// (2*smoothR+1)-square smooths the blocks the maximum leaves.
const (
	paperR  = 4
	smoothR = 6
)

// evenLight returns rg with its paper made even: each pixel divided by
// the paper's level around it (the local maximum, smoothed) and scaled
// so that paper reads paperLevel. Ink keeps its contrast to the paper
// around it, as a share of the paper's level.
func evenLight(rg *gray) *gray {
	const paperLevel = 240
	w, h := rg.w, rg.h
	bg := squareMax(rg)
	s := integral(bg)
	w1 := w + 1
	out := newGray(w, h)
	for y := 0; y < h; y++ {
		y0, y1 := max(y-smoothR, 0), min(y+smoothR+1, h)
		for x := 0; x < w; x++ {
			x0, x1 := max(x-smoothR, 0), min(x+smoothR+1, w)
			n := uint32((x1 - x0) * (y1 - y0))
			sum := s[y1*w1+x1] - s[y0*w1+x1] - s[y1*w1+x0] + s[y0*w1+x0]
			if sum == 0 {
				continue // black paper: nothing to read, and out stays 0
			}
			v := uint32(rg.pix[y*w+x]) * paperLevel * n / sum
			out.pix[y*w+x] = uint8(min(v, 255))
		}
	}
	return out
}

// squareMax returns the maximum of rg over the (2*paperR+1)-square around
// each pixel (the part of it inside the picture): the maximum over each
// row's window, then over each column's, each window's maximum built by
// doubling (two pixels, four, eight, then the ninth), a few operations a
// pixel whatever the window.
func squareMax(rg *gray) *gray {
	const k = 2*paperR + 1 // 9: the doubling below is written for it
	w, h := rg.w, rg.h
	// Rows: each padded with paperR zeros a side (zero never wins a maximum).
	rows := newGray(w, h)
	pad := make([]uint8, w+2*paperR+8)
	m2 := make([]uint8, len(pad))
	m4 := make([]uint8, len(pad))
	for y := 0; y < h; y++ {
		clear(pad)
		copy(pad[paperR:], rg.pix[y*w:(y+1)*w])
		for i := 0; i+1 < len(pad); i++ {
			m2[i] = max(pad[i], pad[i+1])
		}
		for i := 0; i+3 < len(pad); i++ {
			m4[i] = max(m2[i], m2[i+2])
		}
		out := rows.pix[y*w : (y+1)*w]
		for x := range out {
			out[x] = max(m4[x], m4[x+4], pad[x+k-1])
		}
	}
	// Columns: the same on whole rows at once.
	bg := newGray(w, h)
	row := func(g []uint8, y int) []uint8 { return g[y*w : (y+1)*w] }
	zero := make([]uint8, w)
	at := func(y int) []uint8 { // rows' row y, zeros outside
		if y < 0 || y >= h {
			return zero
		}
		return row(rows.pix, y)
	}
	r2 := make([]uint8, (h+8)*w) // r2 row i: rows i-paperR and i-paperR+1
	r4 := make([]uint8, (h+8)*w) // r4 row i: rows i-paperR to i-paperR+3
	for i := 0; i < h+6; i++ {
		a, b, o := at(i-paperR), at(i-paperR+1), row(r2, i)
		for x := range o {
			o[x] = max(a[x], b[x])
		}
	}
	for i := 0; i < h+4; i++ {
		a, b, o := row(r2, i), row(r2, i+2), row(r4, i)
		for x := range o {
			o[x] = max(a[x], b[x])
		}
	}
	for y := 0; y < h; y++ {
		a, b, c, o := row(r4, y), row(r4, y+4), at(y+paperR), row(bg.pix, y)
		for x := range o {
			o[x] = max(a[x], b[x], c[x])
		}
	}
	return bg
}
