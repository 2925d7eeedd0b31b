package scan

import (
	"image"
	"image/color"
)

// gray is an 8-bit greyscale picture, row after row.
type gray struct {
	w, h int
	pix  []uint8
}

func newGray(w, h int) *gray { return &gray{w: w, h: h, pix: make([]uint8, w*h)} }

func (g *gray) at(x, y int) uint8 { return g.pix[y*g.w+x] }

// bilinear samples g at (x, y), clamped to the picture.
func (g *gray) bilinear(x, y float64) float64 {
	if x < 0 {
		x = 0
	}
	if y < 0 {
		y = 0
	}
	if x > float64(g.w-1) {
		x = float64(g.w - 1)
	}
	if y > float64(g.h-1) {
		y = float64(g.h - 1)
	}
	x0, y0 := int(x), int(y)
	x1, y1 := x0+1, y0+1
	if x1 >= g.w {
		x1 = g.w - 1
	}
	if y1 >= g.h {
		y1 = g.h - 1
	}
	fx, fy := x-float64(x0), y-float64(y0)
	a := float64(g.pix[y0*g.w+x0])*(1-fx) + float64(g.pix[y0*g.w+x1])*fx
	b := float64(g.pix[y1*g.w+x0])*(1-fx) + float64(g.pix[y1*g.w+x1])*fx
	return a*(1-fy) + b*fy
}

// image returns g as an *image.Gray for the debug pictures.
func (g *gray) image() *image.Gray {
	return &image.Gray{Pix: g.pix, Stride: g.w, Rect: image.Rect(0, 0, g.w, g.h)}
}

// workSide is the longest side the grid is looked for at: larger pictures
// are shrunk by an integer factor first (a 12 MP photo by 4), which keeps
// the time per photo nearly flat and is plenty for 81 cells.
const workSide = 1024

// toGray converts img to greyscale, shrunk by the integer factor f (the
// mean of each f x f block) so that the longer side is at most workSide.
// It reads the luma plane of a JPEG (*image.YCbCr) and *image.Gray
// directly, computes the luma of *image.RGBA and *image.NRGBA pixels
// itself (transparent pixels over white paper) and reads other pictures
// through their colour model. It returns f too.
func toGray(img image.Image) (*gray, int) {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	f := 1
	for (w+f-1)/f > workSide || (h+f-1)/f > workSide {
		f++
	}
	gw, gh := max(w/f, 1), max(h/f, 1)
	g := newGray(gw, gh)
	row := lumaRows(img)
	buf := make([]uint8, w)
	sums := make([]uint32, gw)
	for gy := 0; gy < gh; gy++ {
		clear(sums)
		for dy := 0; dy < f && gy*f+dy < h; dy++ {
			line := row(gy*f+dy, buf)
			for gx := 0; gx < gw; gx++ {
				s := uint32(0)
				for _, v := range line[gx*f : min(gx*f+f, w)] {
					s += uint32(v)
				}
				sums[gx] += s
			}
		}
		out := g.pix[gy*gw:]
		for gx := range sums {
			out[gx] = uint8(sums[gx] / uint32(f*f))
		}
	}
	return g, f
}

// lumaRows returns a function that gives row y (from the top of img's
// bounds) as 8-bit luma, in buf or in the picture's own luma plane.
func lumaRows(img image.Image) func(y int, buf []uint8) []uint8 {
	b := img.Bounds()
	w := b.Dx()
	switch m := img.(type) {
	case *image.YCbCr:
		return func(y int, _ []uint8) []uint8 {
			o := m.YOffset(b.Min.X, b.Min.Y+y)
			return m.Y[o : o+w]
		}
	case *image.Gray:
		return func(y int, _ []uint8) []uint8 {
			o := m.PixOffset(b.Min.X, b.Min.Y+y)
			return m.Pix[o : o+w]
		}
	case *image.NRGBA:
		return func(y int, buf []uint8) []uint8 {
			p := m.Pix[m.PixOffset(b.Min.X, b.Min.Y+y):]
			for x := range buf[:w] {
				px := p[4*x : 4*x+4 : 4*x+4]
				l := luma(px[0], px[1], px[2])
				a := uint32(px[3])
				buf[x] = uint8((l*a + 255*(255-a) + 127) / 255) // over white paper
			}
			return buf[:w]
		}
	case *image.RGBA:
		return func(y int, buf []uint8) []uint8 {
			p := m.Pix[m.PixOffset(b.Min.X, b.Min.Y+y):]
			for x := range buf[:w] {
				px := p[4*x : 4*x+4 : 4*x+4]
				// Premultiplied: the colour already holds alpha.
				buf[x] = uint8(min(luma(px[0], px[1], px[2])+255-uint32(px[3]), 255))
			}
			return buf[:w]
		}
	}
	return func(y int, buf []uint8) []uint8 {
		for x := range buf[:w] {
			buf[x] = color.GrayModel.Convert(img.At(b.Min.X+x, b.Min.Y+y)).(color.Gray).Y
		}
		return buf[:w]
	}
}

// luma is the grey level of an 8-bit colour, with the weights of
// color.GrayModel (ITU-R BT.601).
func luma(r, g, b uint8) uint32 {
	return (19595*uint32(r) + 38470*uint32(g) + 7471*uint32(b) + 1<<15) >> 16
}

// integral returns the summed-area table of g, (w+1) x (h+1).
func integral(g *gray) []uint32 {
	w1 := g.w + 1
	s := make([]uint32, w1*(g.h+1))
	for y := 0; y < g.h; y++ {
		var row uint32
		for x := 0; x < g.w; x++ {
			row += uint32(g.pix[y*g.w+x])
			s[(y+1)*w1+x+1] = s[y*w1+x+1] + row
		}
	}
	return s
}

// threshold marks ink: a pixel darker by more than frac than the mean of
// the (2r+1)-square around it (Bradley's adaptive threshold, which
// shrugs off shadows and uneven light). ink[i] is 1 for ink.
func threshold(g *gray, r int, frac float64) []uint8 {
	s := integral(g)
	w1 := g.w + 1
	ink := make([]uint8, g.w*g.h)
	k := uint32((1 - frac) * 1024)
	for y := 0; y < g.h; y++ {
		y0, y1 := max(y-r, 0), min(y+r+1, g.h)
		for x := 0; x < g.w; x++ {
			x0, x1 := max(x-r, 0), min(x+r+1, g.w)
			n := uint32((x1 - x0) * (y1 - y0))
			sum := s[y1*w1+x1] - s[y0*w1+x1] - s[y1*w1+x0] + s[y0*w1+x0]
			if uint64(g.pix[y*g.w+x])*uint64(n)*1024 < uint64(sum)*uint64(k) {
				ink[y*g.w+x] = 1
			}
		}
	}
	return ink
}

// ridgeThreshold marks ink as threshold does, but against the light on
// both sides of a pixel: a pixel is ink when it is darker by more than
// frac than the mean of a strip (a pixel wide, r long) on its left and
// than that of one on its right, or than those above and below it. A
// printed line has paper on both sides and stays ink; the dark side of a
// shadow's hard edge has shadow on one side and is not ink, where
// threshold marks a band of ink along it that joins the grid to the
// photo's edges.
func ridgeThreshold(g *gray, r int, frac float64) []uint8 {
	s := integral(g)
	w1 := g.w + 1
	ink := make([]uint8, g.w*g.h)
	k := uint64((1 - frac) * 1024)
	// box returns the sum and size of a box clipped to the picture;
	// darker reports whether v is darker than both boxes' means (a box
	// outside the picture does not count; two outside never make ink).
	// The strips leave out the pixels next to v, which a blurred line
	// darkens too, and are a pixel wide, so that a strip along a shadow's
	// edge lies on one side of it.
	box := func(x0, y0, x1, y1 int) (uint64, uint64) {
		x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, g.w), min(y1, g.h)
		if x0 >= x1 || y0 >= y1 {
			return 0, 0
		}
		return uint64(s[y1*w1+x1] - s[y0*w1+x1] - s[y1*w1+x0] + s[y0*w1+x0]), uint64((x1 - x0) * (y1 - y0))
	}
	darker := func(v uint64, s1, n1, s2, n2 uint64) bool {
		if n1 == 0 && n2 == 0 {
			return false
		}
		return (n1 == 0 || v*n1*1024 < s1*k) && (n2 == 0 || v*n2*1024 < s2*k)
	}
	for y := 0; y < g.h; y++ {
		for x := 0; x < g.w; x++ {
			v := uint64(g.pix[y*g.w+x])
			ls, ln := box(x-r, y, x-1, y+1)
			rs, rn := box(x+2, y, x+r+1, y+1)
			if darker(v, ls, ln, rs, rn) {
				ink[y*g.w+x] = 1
				continue
			}
			us, un := box(x, y-r, x+1, y-1)
			ds, dn := box(x, y+2, x+1, y+r+1)
			if darker(v, us, un, ds, dn) {
				ink[y*g.w+x] = 1
			}
		}
	}
	return ink
}

// thinInk returns the ink of the w x h mask m less its solid parts: the
// pixels covered by a (2t+1)-square that is all ink (a morphological
// opening). Lines thinner than the square stay; a thick rule or bar
// printed against the grid, or a dark background, goes.
func thinInk(m []uint8, w, h, t int) []uint8 {
	// full[i]: the (2t+1)-square centred on i is all ink.
	full := squareAll(m, w, h, t)
	// The opening: every pixel within t of a full centre.
	open := squareAny(full, w, h, t)
	out := make([]uint8, len(m))
	for i, v := range m {
		if v != 0 && open[i] == 0 {
			out[i] = 1
		}
	}
	return out
}

// squareAll marks the pixels whose (2t+1)-square (clipped to the mask)
// is all set in m.
func squareAll(m []uint8, w, h, t int) []uint8 {
	inv := make([]uint8, len(m))
	for i, v := range m {
		inv[i] = 1 - v
	}
	any := squareAny(inv, w, h, t)
	for i := range any {
		any[i] = 1 - any[i]
	}
	return any
}

// squareAny marks the pixels whose (2t+1)-square (clipped to the mask)
// holds a set pixel of m: a row pass, then a column pass, each counting
// the set pixels in a sliding window.
func squareAny(m []uint8, w, h, t int) []uint8 {
	row := make([]uint8, len(m))
	for y := 0; y < h; y++ {
		line := m[y*w : (y+1)*w]
		n := 0
		for x := 0; x < min(t, w); x++ {
			n += int(line[x])
		}
		for x := 0; x < w; x++ {
			if x+t < w {
				n += int(line[x+t])
			}
			if x-t-1 >= 0 {
				n -= int(line[x-t-1])
			}
			if n > 0 {
				row[y*w+x] = 1
			}
		}
	}
	out := make([]uint8, len(m))
	for x := 0; x < w; x++ {
		n := 0
		for y := 0; y < min(t, h); y++ {
			n += int(row[y*w+x])
		}
		for y := 0; y < h; y++ {
			if y+t < h {
				n += int(row[(y+t)*w+x])
			}
			if y-t-1 >= 0 {
				n -= int(row[(y-t-1)*w+x])
			}
			if n > 0 {
				out[y*w+x] = 1
			}
		}
	}
	return out
}

// smooth3 returns g with each pixel the mean of the 3x3 square around
// it (clipped to the picture).
func smooth3(g *gray) *gray {
	out := newGray(g.w, g.h)
	for y := 0; y < g.h; y++ {
		y0, y1 := max(y-1, 0), min(y+1, g.h-1)
		for x := 0; x < g.w; x++ {
			x0, x1 := max(x-1, 0), min(x+1, g.w-1)
			s, n := 0, 0
			for yy := y0; yy <= y1; yy++ {
				for _, v := range g.pix[yy*g.w+x0 : yy*g.w+x1+1] {
					s += int(v)
				}
				n += x1 - x0 + 1
			}
			out.pix[y*g.w+x] = uint8((s + n/2) / n)
		}
	}
	return out
}
