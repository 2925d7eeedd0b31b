package scansynth

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"math/rand/v2"

	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"sudoku/solver"
)

// This file draws what a real page adds to the print: newsprint's
// texture, the other side showing through, specks and stray bits of line
// in empty cells, grey boxes in a halftone screen and a crumpled sheet
// (Style's Texture, ShowThrough, Specks, LineBits, ShadeBoxes, Crumple).

// waves is a smooth random field over the unit square: a sum of a few
// plane waves of random direction, frequency and phase.
type waves struct {
	a, fx, fy, ph [4]float64
}

// newWaves draws a field whose waves have fmin to fmax cycles over the
// unit square and whose values stay within ±amp.
func newWaves(rng *rand.Rand, amp, fmin, fmax float64) waves {
	var w waves
	for i := range w.a {
		w.a[i] = amp / 4 * (0.5 + 0.5*rng.Float64())
		f := 2 * math.Pi * (fmin + (fmax-fmin)*rng.Float64())
		d := 2 * math.Pi * rng.Float64()
		w.fx[i], w.fy[i] = f*math.Cos(d), f*math.Sin(d)
		w.ph[i] = 2 * math.Pi * rng.Float64()
	}
	return w
}

// at returns the field's value at (x, y).
func (w *waves) at(x, y float64) float64 {
	s := 0.0
	for i := range w.a {
		s += w.a[i] * math.Sin(w.fx[i]*x+w.fy[i]*y+w.ph[i])
	}
	return s
}

// outerOf returns the width of the flat grid's outline (the grid's side
// less its nine cells).
func outerOf(m *image.Gray) int { return m.Rect.Dx() - 9*cellPx }

// shadeBoxes prints every other box of the flat grid grey, as a halftone
// screen at 45 degrees (dots 3-5 pixels apart covering cover of the
// paper), under the print.
func shadeBoxes(rng *rand.Rand, m *image.Gray, cover float64) {
	pitch := float64(3 + rng.IntN(3))
	parity := rng.IntN(2)
	ink := float64(40 + rng.IntN(80))
	r := math.Sqrt(math.Min(cover, 0.75) / math.Pi) // the dot's radius, in pitches
	o := outerOf(m) / 2
	for br := 0; br < 3; br++ {
		for bc := 0; bc < 3; bc++ {
			if (br+bc)%2 != parity {
				continue
			}
			for y := o + 3*br*cellPx; y < o+3*(br+1)*cellPx; y++ {
				for x := o + 3*bc*cellPx; x < o+3*(bc+1)*cellPx; x++ {
					u := (float64(x) + float64(y)) / math.Sqrt2 / pitch
					v := (float64(x) - float64(y)) / math.Sqrt2 / pitch
					d := math.Hypot(u-math.Round(u), v-math.Round(v))
					// A pixel's share of dot, smoothed over a pixel.
					k := math.Max(0, math.Min(1, (r-d)*pitch+0.5))
					val := 255 - k*(255-ink)
					p := y*m.Stride + x
					m.Pix[p] = min(m.Pix[p], uint8(val+0.5))
				}
			}
		}
	}
}

// strayInk draws, each in an empty cell of g, specks (dots 0.8-2.5
// pixels across, or flecks 4-16 pixels long, anywhere in the cell but its
// edge) and bits of line (strokes 1-2 pixels wide and 30-90% of the cell
// long, along one of its sides, 2-8 pixels inside it).
func strayInk(rng *rand.Rand, m *image.Gray, g solver.Grid, specks, bits int) {
	var empty []int
	for c, d := range g {
		if d == 0 {
			empty = append(empty, c)
		}
	}
	if len(empty) == 0 {
		return
	}
	o := float64(outerOf(m)) / 2
	for k := 0; k < specks; k++ {
		c := empty[rng.IntN(len(empty))]
		x := o + (float64(c%9)+0.5+0.35*(rng.Float64()*2-1))*cellPx
		y := o + (float64(c/9)+0.5+0.35*(rng.Float64()*2-1))*cellPx
		ink := float64(rng.IntN(100))
		if rng.IntN(2) == 0 {
			segment(m, x, y, x, y, 0.8+1.7*rng.Float64(), ink)
			continue
		}
		l, a := 4+12*rng.Float64(), rng.Float64()*math.Pi
		dx, dy := l/2*math.Cos(a), l/2*math.Sin(a)
		segment(m, x-dx, y-dy, x+dx, y+dy, 1+1.5*rng.Float64(), ink)
	}
	for k := 0; k < bits; k++ {
		c := empty[rng.IntN(len(empty))]
		x0, y0 := o+float64(c%9*cellPx), o+float64(c/9*cellPx)
		side := rng.IntN(4)
		in := 2 + 6*rng.Float64()
		l := (0.3 + 0.6*rng.Float64()) * cellPx
		at := rng.Float64() * (cellPx - l)
		tilt := (rng.Float64()*2 - 1) * 0.05 * l
		ink := float64(rng.IntN(90))
		w := 1 + rng.Float64()
		switch side {
		case 0: // along the top
			segment(m, x0+at, y0+in, x0+at+l, y0+in+tilt, w, ink)
		case 1: // along the bottom
			segment(m, x0+at, y0+cellPx-in, x0+at+l, y0+cellPx-in+tilt, w, ink)
		case 2: // along the left
			segment(m, x0+in, y0+at, x0+in+tilt, y0+at+l, w, ink)
		default: // along the right
			segment(m, x0+cellPx-in, y0+at, x0+cellPx-in+tilt, y0+at+l, w, ink)
		}
	}
}

// segment darkens m to ink along the segment (x0, y0)-(x1, y1), w pixels
// wide with a pixel's soft edge (a dot when the ends meet).
func segment(m *image.Gray, x0, y0, x1, y1, w, ink float64) {
	n := m.Rect.Dx()
	lo := func(a, b float64) int { return max(int(math.Min(a, b)-w-1), 0) }
	hi := func(a, b float64) int { return min(int(math.Max(a, b)+w+2), n) }
	dx, dy := x1-x0, y1-y0
	l2 := dx*dx + dy*dy
	for y := lo(y0, y1); y < hi(y0, y1); y++ {
		for x := lo(x0, x1); x < hi(x0, x1); x++ {
			px, py := float64(x)+0.5, float64(y)+0.5
			t := 0.0
			if l2 > 0 {
				t = math.Max(0, math.Min(1, ((px-x0)*dx+(py-y0)*dy)/l2))
			}
			d := math.Hypot(px-x0-t*dx, py-y0-t*dy)
			k := math.Max(0, math.Min(1, w/2-d+0.5))
			if k == 0 {
				continue
			}
			p := y*m.Stride + x
			m.Pix[p] = min(m.Pix[p], uint8(255-k*(255-ink)+0.5))
		}
	}
}

// showThrough returns the print of a page's other side as it shows
// through: lines of text over the whole photo, mirrored and blurred
// (ink 0, paper 255).
func showThrough(rng *rand.Rand, w, h int, f Font) *image.Gray {
	m := image.NewGray(image.Rect(0, 0, w, h))
	draw.Draw(m, m.Rect, image.NewUniform(color.Gray{255}), image.Point{}, draw.Src)
	size := 12 + 10*rng.Float64()
	face, err := opentype.NewFace(f.f, &opentype.FaceOptions{Size: size, DPI: 72})
	if err != nil {
		return m
	}
	defer face.Close()
	const words = "le conseil municipal a vote hier soir 1984 la nouvelle salle des fetes 27 "
	for y := size; y < float64(h)+size; y += size * 1.35 {
		at := rng.IntN(len(words))
		line := words[at:] + words + words + words
		dr := &font.Drawer{Dst: m, Src: image.NewUniform(color.Gray{0}), Face: face, Dot: fixed.P(-rng.IntN(20), int(y))}
		dr.DrawString(line)
	}
	for y := 0; y < h; y++ {
		row := m.Pix[y*m.Stride : y*m.Stride+w]
		for i, j := 0, w-1; i < j; i, j = i+1, j-1 {
			row[i], row[j] = row[j], row[i]
		}
	}
	r := 0.8 + 1.2*rng.Float64()
	boxBlur(m, r)
	boxBlur(m, r)
	return m
}
