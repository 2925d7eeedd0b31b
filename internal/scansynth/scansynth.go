// Package scansynth draws photos of Sudoku grids with known answers: a
// printed grid in a given font (its strokes at random a pixel bolder or
// thinner), tilted in perspective on a page with other print, under
// uneven light, blurred, noisy and JPEG-compressed.
// cmd/train-scan trains the digit classifier of solver/scan on them and
// the tests of solver/scan check the reader on them (in fonts it was not
// trained on, too).
package scansynth

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"image/draw"
	"image/jpeg"
	"image/png"
	"math"
	"math/rand/v2"
	"os"

	"github.com/go-fonts/latin-modern/lmroman10bold"
	"github.com/go-fonts/latin-modern/lmroman10regular"
	"github.com/go-fonts/latin-modern/lmsans10bold"
	"github.com/go-fonts/latin-modern/lmsans10regular"
	"github.com/go-fonts/stix/stix2textbold"
	"github.com/go-fonts/stix/stix2textregular"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomedium"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/gomonobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"sudoku/internal/persp"
	"sudoku/solver"
)

// Font is a parsed font and its name.
type Font struct {
	Name string
	f    *opentype.Font
}

// GoFonts returns Go's own fonts that have upright digits (regular,
// medium, bold, mono, mono bold).
func GoFonts() []Font {
	return parse([]namedTTF{{"goregular", goregular.TTF}, {"gomedium", gomedium.TTF}, {"gobold", gobold.TTF}, {"gomono", gomono.TTF}, {"gomonobold", gomonobold.TTF}})
}

// TrainFonts returns the fonts the classifier trains on: Go's own
// (GoFonts) and serif and sans fonts of the go-fonts modules (STIX Two
// Text regular and bold, Latin Modern Roman and Sans 10 regular and
// bold), pinned in go.sum, so that training is the same offline
// everywhere. The untrained fonts of the tests (DejaVu, Liberation) are
// not among them.
func TrainFonts() []Font {
	return append(GoFonts(), parse([]namedTTF{
		{"stix2textregular", stix2textregular.TTF}, {"stix2textbold", stix2textbold.TTF},
		{"lmroman10regular", lmroman10regular.TTF}, {"lmroman10bold", lmroman10bold.TTF},
		{"lmsans10regular", lmsans10regular.TTF}, {"lmsans10bold", lmsans10bold.TTF},
	})...)
}

type namedTTF struct {
	name string
	ttf  []byte
}

func parse(fonts []namedTTF) []Font {
	var out []Font
	for _, f := range fonts {
		p, err := opentype.Parse(f.ttf)
		if err != nil {
			panic(fmt.Sprintf("scansynth: font %s: %v", f.name, err)) // built in: cannot fail
		}
		out = append(out, Font{Name: f.name, f: p})
	}
	return out
}

// LoadFont reads a TrueType or OpenType font file.
func LoadFont(path string) (Font, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return Font{}, err
	}
	p, err := opentype.Parse(b)
	if err != nil {
		return Font{}, fmt.Errorf("%s: %w", path, err)
	}
	return Font{Name: path, f: p}, nil
}

// Style sets how hard a photo is; the zero value is a flat, sharp,
// upright grid filling most of the frame.
type Style struct {
	W, H        int     // the photo's size; 0 means 640x480
	Fill        float64 // the grid's side as a share of the photo's shorter side; 0 means 0.85
	Rotate      float64 // degrees
	Perspective float64 // how far each corner moves, as a share of the side
	Blur        float64 // box-blur radius in pixels (two passes)
	Noise       float64 // standard deviation of the added noise, in grey levels
	Shadow      float64 // 0 to 1: how dark a soft shadow across the photo gets
	JPEG        int     // 0: none, else the JPEG quality of a round trip
	Clutter     bool    // print lines of text around the grid
	Stroke      int     // 1: digits a pixel bolder, -1: thinner (large digits only), 0: as the font draws them
	Touch       bool    // print that touches the grid's outline (a title, a frame, text beside it, a bar)
	Bow         float64 // how far the page bows: the middle of the grid's lines moves by this share of its side
	Faint       float64 // 0 to 1: how much lighter the print is (0.6: grey print on grey paper)
	// The grid finder's troubles; each draws from the rng only when set,
	// so the styles without them draw the same photos as before.
	Rule       int     // a thick rule beside the grid, 0-6 pixels (before tilting) from its outline: 1 above, 2 left, 3 below, 4 right
	HardShadow float64 // when > 0, the shadow's edge is this many pixels wide (a hard shadow), not 20-100
	Gradient   float64 // 0 to 1: the light falls by this share from one side of the photo to the other
	// Shade that is no print, in cells left empty: each draws from the
	// rng only when set.
	Smudges int // soft grey blobs (a stain, a thumb's smear), each in an empty cell
	Folds   int // creases across the grid: soft grey lines through the middle of a row or column of cells
	// A real page's look: each draws from the rng only when set.
	Texture     float64 // 0 to 1: newsprint's mottle and grain (the paper's level varies by up to 12% at 1)
	ShowThrough float64 // 0 to 1: the other side's print showing through, mirrored and blurred, this share as dark as print
	Specks      int     // dark specks and short flecks (dust, ink, a pen's touch), each in an empty cell, anywhere in it
	LineBits    int     // bits of line in empty cells: short strokes along a cell's side, a few pixels inside it (a line printed twice, a crease)
	ShadeBoxes  float64 // 0 to 1: every other box printed grey in a halftone screen, this share of its paper covered
	Crumple     float64 // how far a crumpled page moves the print, in pixels of the flat grid (a cell is 48), varying smoothly
	Thin        float64 // 0 to 1: the digits' strokes thinned by this share of a pixel each side, at any size
	// A grid cropped tight: the photo's frame cuts it. Neither draws from
	// the rng.
	Edge int     // the sides of the grid moved onto the frame's edge: 1 top, 2 left, 4 bottom, 8 right (bits)
	Cut  float64 // how far past the frame's edge the grid's outline then lies on those sides, in cells (negative: inside)
	// A shadow's edge through the print: draws from the rng only when set.
	ShadowThrough bool // the shadow's edge runs through the grid, within a quarter of its side of its middle (else anywhere within a third of the photo's width of the photo's middle)
	// NoDigits draws the digits in the paper's white: the same draws from
	// the rng, so the same photo without its digits (beside one drawn with
	// them, it shows how much each digit darkens the photo).
	NoDigits bool
}

// Random returns a style drawn from the ranges the reader must handle:
// the grid 45-95% of the shorter side, rotated up to ±30°, corners moved
// up to 7%, blur, noise, shadow, JPEG quality 35-95, stroke width.
func Random(rng *rand.Rand) Style {
	return Style{
		Fill:        0.45 + 0.5*rng.Float64(),
		Rotate:      (rng.Float64()*2 - 1) * 30 * rng.Float64(),
		Perspective: 0.07 * rng.Float64(),
		Blur:        1.6 * rng.Float64() * rng.Float64(),
		Noise:       10 * rng.Float64(),
		Shadow:      0.5 * rng.Float64(),
		JPEG:        35 + rng.IntN(61),
		Clutter:     rng.IntN(2) == 0,
		Stroke:      rng.IntN(3) - 1,
	}
}

// RandomGrid returns clues at random: each cell holds a digit with
// probability p (the digits need not obey the rules).
func RandomGrid(rng *rand.Rand, p float64) solver.Grid {
	var g solver.Grid
	for i := range g {
		if rng.Float64() < p {
			g[i] = uint8(1 + rng.IntN(9))
		}
	}
	return g
}

const cellPx = 48 // cell size of the flat grid before it is tilted

// Render draws g printed in font f and photographed in style s, with rng
// for the small variations (line widths, ink, digit size and place). It
// returns the photo and the grid's outer corners in it (top-left,
// top-right, bottom-right, bottom-left).
func Render(rng *rand.Rand, g solver.Grid, f Font, s Style) (image.Image, [4]persp.Point, error) {
	img, q, _, err := RenderShadow(rng, g, f, s)
	return img, q, err
}

// ShadowEdge is where the shadow's edge of a photo runs: the points p of
// the photo with (p - Mid)·(NX, NY) = Off, the shadow on the side where
// that product exceeds Off; Width is the edge's scale in pixels (the
// light falls by half of Depth over about 2 Width each side).
type ShadowEdge struct {
	MidX, MidY, NX, NY, Off float64
	Width, Depth            float64
}

// Dist returns how far the photo's point (x, y) lies from the shadow's
// edge, in pixels, positive in the shadow.
func (e ShadowEdge) Dist(x, y float64) float64 {
	return (x-e.MidX)*e.NX + (y-e.MidY)*e.NY - e.Off
}

// RenderShadow is Render that also returns where the shadow's edge runs
// (the same photo for the same rng).
func RenderShadow(rng *rand.Rand, g solver.Grid, f Font, s Style) (image.Image, [4]persp.Point, ShadowEdge, error) {
	var edge ShadowEdge
	if s.W == 0 {
		s.W, s.H = 640, 480
	}
	if s.Fill == 0 {
		s.Fill = 0.85
	}
	flat, err := flatGrid(rng, g, f, s.Stroke, s.Thin, s.NoDigits)
	if err != nil {
		return nil, [4]persp.Point{}, edge, err
	}
	fs := float64(flat.Bounds().Dx())
	if s.Smudges > 0 || s.Folds > 0 {
		shade(rng, flat, g, s.Smudges, s.Folds)
	}
	if s.ShadeBoxes > 0 {
		shadeBoxes(rng, flat, s.ShadeBoxes)
	}
	if s.Specks > 0 || s.LineBits > 0 {
		strayInk(rng, flat, g, s.Specks, s.LineBits)
	}
	// The grid and what is printed around it (with Touch), margin pixels
	// of the page on each side; the grid's corners are at margin.
	margin := 0.0
	if s.Touch {
		flat, margin = touching(rng, flat, f)
	}
	if s.Rule > 0 {
		flat, margin = rule(rng, flat, margin, s.Rule)
	}
	if s.Faint > 0 {
		for i, v := range flat.Pix {
			flat.Pix[i] = uint8(255 - float64(255-v)*(1-s.Faint) + 0.5)
		}
	}
	es := float64(flat.Bounds().Dx())
	side := s.Fill * float64(min(s.W, s.H))
	var cx, cy float64
	a := s.Rotate * math.Pi / 180
	var dst [4]persp.Point
	for i, c := range [4][2]float64{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
		x := c[0]*side/2 + (rng.Float64()*2-1)*s.Perspective*side
		y := c[1]*side/2 + (rng.Float64()*2-1)*s.Perspective*side
		dst[i] = persp.Point{X: x*math.Cos(a) - y*math.Sin(a), Y: x*math.Sin(a) + y*math.Cos(a)}
	}
	// Shrink the tilted grid to fit the frame with a margin, then place it.
	minX, minY, maxX, maxY := dst[0].X, dst[0].Y, dst[0].X, dst[0].Y
	for _, p := range dst {
		minX, maxX = math.Min(minX, p.X), math.Max(maxX, p.X)
		minY, maxY = math.Min(minY, p.Y), math.Max(maxY, p.Y)
	}
	k := math.Min(1, math.Min(0.96*float64(s.W)/(maxX-minX), 0.96*float64(s.H)/(maxY-minY)))
	roomX := math.Max(0, float64(s.W)-k*(maxX-minX)) - 0.04*float64(s.W)
	roomY := math.Max(0, float64(s.H)-k*(maxY-minY)) - 0.04*float64(s.H)
	cx = float64(s.W)/2 + (rng.Float64()*2-1)*math.Max(0, roomX)/2 - k*(minX+maxX)/2
	cy = float64(s.H)/2 + (rng.Float64()*2-1)*math.Max(0, roomY)/2 - k*(minY+maxY)/2
	for i := range dst {
		dst[i] = persp.Point{X: cx + k*dst[i].X, Y: cy + k*dst[i].Y}
	}
	if s.Edge != 0 {
		dst = toEdge(dst, s.W, s.H, s.Edge, s.Cut)
	}
	src := [4]persp.Point{{X: margin, Y: margin}, {X: margin + fs, Y: margin}, {X: margin + fs, Y: margin + fs}, {X: margin, Y: margin + fs}}
	h, ok := persp.FromTo(dst, src)
	if !ok {
		return nil, dst, edge, fmt.Errorf("degenerate outline")
	}
	paper := 175 + rng.Float64()*75
	photo := image.NewGray(image.Rect(0, 0, s.W, s.H))
	page := image.NewGray(photo.Rect)
	draw.Draw(page, page.Rect, image.NewUniform(color.Gray{255}), image.Point{}, draw.Src)
	if s.Clutter {
		clutter(rng, page, f, dst)
	}
	// Shadow: a soft edge across the photo at a random angle.
	sa := rng.Float64() * 2 * math.Pi
	sx, sy := math.Cos(sa), math.Sin(sa)
	off := (rng.Float64()*2 - 1) * float64(s.W) / 3
	soft := 20 + rng.Float64()*80
	gx, gy := (rng.Float64()*2-1)*0.25/float64(s.W), (rng.Float64()*2-1)*0.25/float64(s.H)
	if s.HardShadow > 0 {
		soft = s.HardShadow
	}
	if s.ShadowThrough {
		// Through the grid: the edge's offset from the grid's middle.
		var gx, gy float64
		for _, p := range dst {
			gx, gy = gx+p.X/4, gy+p.Y/4
		}
		gside := math.Hypot(dst[1].X-dst[0].X, dst[1].Y-dst[0].Y)
		off = (gx-float64(s.W)/2)*sx + (gy-float64(s.H)/2)*sy + (rng.Float64()*2-1)*gside/4
	}
	edge = ShadowEdge{MidX: float64(s.W) / 2, MidY: float64(s.H) / 2, NX: sx, NY: sy, Off: off, Width: soft, Depth: s.Shadow}
	if s.Gradient > 0 {
		// The light falls by s.Gradient across the photo's diagonal.
		ga := rng.Float64() * 2 * math.Pi
		d := math.Hypot(float64(s.W), float64(s.H))
		gx, gy = s.Gradient*math.Cos(ga)/d, s.Gradient*math.Sin(ga)/d
	}
	var crumple [2]waves
	if s.Crumple > 0 {
		crumple = [2]waves{newWaves(rng, s.Crumple, 1, 3), newWaves(rng, s.Crumple, 1, 3)}
	}
	var mottle, grain waves
	if s.Texture > 0 {
		// Mottle over a few cells and grain over a few pixels, in the
		// photo's pixels; each wave set sums to at most its amplitude.
		mottle = newWaves(rng, 0.08*s.Texture, 1.5, 6)
		grain = newWaves(rng, 0.04*s.Texture, 25, 60)
	}
	var back *image.Gray
	if s.ShowThrough > 0 {
		back = showThrough(rng, s.W, s.H, f)
	}
	for y := 0; y < s.H; y++ {
		for x := 0; x < s.W; x++ {
			u, v := h.Apply(float64(x)+0.5, float64(y)+0.5)
			if s.Crumple > 0 {
				gu, gv := (u-margin)/fs, (v-margin)/fs
				u, v = u+crumple[0].at(gu, gv), v+crumple[1].at(gu, gv)
			}
			if s.Bow != 0 {
				// The page bows: each line of the grid curves, its ends stay.
				gu, gv := (u-margin)/fs, (v-margin)/fs
				v -= s.Bow * fs * 4 * gu * (1 - gu)
				u -= s.Bow / 2 * fs * 4 * gv * (1 - gv)
			}
			ink := float64(page.Pix[y*page.Stride+x]) / 255
			if u >= 0 && v >= 0 && u < es && v < es {
				ink *= bilinear(flat, u-0.5, v-0.5) / 255
			}
			d := (float64(x)-float64(s.W)/2)*sx + (float64(y)-float64(s.H)/2)*sy - off
			light := 1 - s.Shadow/(1+math.Exp(-d/soft))
			light *= 1 + gx*(float64(x)-float64(s.W)/2) + gy*(float64(y)-float64(s.H)/2)
			if s.Texture > 0 {
				px, py := float64(x)/float64(s.W), float64(y)/float64(s.W)
				light *= 1 + mottle.at(px, py) + grain.at(px, py)
			}
			if back != nil {
				ink *= 1 - s.ShowThrough*(1-float64(back.Pix[y*back.Stride+x])/255)
			}
			photo.Pix[y*photo.Stride+x] = clamp(paper * ink * light)
		}
	}
	if s.Blur > 0 {
		boxBlur(photo, s.Blur)
		boxBlur(photo, s.Blur)
	}
	if s.Noise > 0 {
		for i, p := range photo.Pix {
			photo.Pix[i] = clamp(float64(p) + rng.NormFloat64()*s.Noise)
		}
	}
	var out image.Image = photo
	if s.JPEG > 0 {
		var buf bytes.Buffer
		if err := jpeg.Encode(&buf, photo, &jpeg.Options{Quality: s.JPEG}); err != nil {
			return nil, dst, edge, err
		}
		if out, err = jpeg.Decode(&buf); err != nil {
			return nil, dst, edge, err
		}
	}
	return out, dst, edge, nil
}

// toEdge moves the grid's corners q so that its outline's outermost point
// on each side of edge (1 top, 2 left, 4 bottom, 8 right) lies cut cells
// past the w x h frame's edge (a cell: a ninth of the outline's mean side).
func toEdge(q [4]persp.Point, w, h, edge int, cut float64) [4]persp.Point {
	side := 0.0
	for i := range q {
		j := (i + 1) % 4
		side += math.Hypot(q[j].X-q[i].X, q[j].Y-q[i].Y) / 4
	}
	d := cut * side / 9
	minX, minY, maxX, maxY := q[0].X, q[0].Y, q[0].X, q[0].Y
	for _, p := range q {
		minX, maxX = math.Min(minX, p.X), math.Max(maxX, p.X)
		minY, maxY = math.Min(minY, p.Y), math.Max(maxY, p.Y)
	}
	var dx, dy float64
	switch {
	case edge&1 != 0:
		dy = -d - minY
	case edge&4 != 0:
		dy = float64(h) + d - maxY
	}
	switch {
	case edge&2 != 0:
		dx = -d - minX
	case edge&8 != 0:
		dx = float64(w) + d - maxX
	}
	for i := range q {
		q[i].X += dx
		q[i].Y += dy
	}
	return q
}

func clamp(v float64) uint8 {
	if v < 0 {
		return 0
	}
	if v > 255 {
		return 255
	}
	return uint8(v + 0.5)
}

func bilinear(m *image.Gray, x, y float64) float64 {
	w, h := m.Rect.Dx(), m.Rect.Dy()
	x = math.Max(0, math.Min(x, float64(w-1)))
	y = math.Max(0, math.Min(y, float64(h-1)))
	x0, y0 := int(x), int(y)
	x1, y1 := min(x0+1, w-1), min(y0+1, h-1)
	fx, fy := x-float64(x0), y-float64(y0)
	p := func(x, y int) float64 { return float64(m.Pix[y*m.Stride+x]) }
	return (p(x0, y0)*(1-fx)+p(x1, y0)*fx)*(1-fy) + (p(x0, y1)*(1-fx)+p(x1, y1)*fx)*fy
}

// boxBlur blurs m in place with a box of radius r (fractional radii mix
// two boxes).
func boxBlur(m *image.Gray, r float64) {
	w, h := m.Rect.Dx(), m.Rect.Dy()
	ri := int(r)
	fr := r - float64(ri)
	tmp := make([]float64, w*h)
	pass := func(get func(i, k int) float64, set func(i, k int, v float64), n, lines int) {
		for l := 0; l < lines; l++ {
			for i := 0; i < n; i++ {
				s, wt := 0.0, 0.0
				for k := -ri - 1; k <= ri+1; k++ {
					j := i + k
					if j < 0 || j >= n {
						continue
					}
					f := 1.0
					if k < -ri || k > ri {
						f = fr
					}
					s += get(l, j) * f
					wt += f
				}
				set(l, i, s/wt)
			}
		}
	}
	pass(func(y, x int) float64 { return float64(m.Pix[y*m.Stride+x]) }, func(y, x int, v float64) { tmp[y*w+x] = v }, w, h)
	pass(func(x, y int) float64 { return tmp[y*w+x] }, func(x, y int, v float64) { m.Pix[y*m.Stride+x] = clamp(v) }, h, w)
}

// flatGrid draws the grid upright: thin cell lines, thick box lines and
// outline, each digit centred in its cell with a little jitter, its
// strokes made bolder or thinner by stroke, and thinned by thinner of a
// pixel a side at any size (a blend with the digits thinned by a pixel).
func flatGrid(rng *rand.Rand, g solver.Grid, f Font, stroke int, thinner float64, noDigits bool) (*image.Gray, error) {
	thin := 1 + rng.IntN(3)
	thick := thin + 1 + rng.IntN(4)
	outer := thick + rng.IntN(3)
	n := 9*cellPx + outer
	m := image.NewGray(image.Rect(0, 0, n, n))
	draw.Draw(m, m.Rect, image.NewUniform(color.Gray{255}), image.Point{}, draw.Src)
	lineInk := color.Gray{uint8(rng.IntN(90))}
	for i := 0; i <= 9; i++ {
		wd := thin
		if i%3 == 0 {
			wd = thick
		}
		if i == 0 || i == 9 {
			wd = outer
		}
		p := i*cellPx + outer/2 - wd/2
		draw.Draw(m, image.Rect(p, 0, p+wd, n), image.NewUniform(lineInk), image.Point{}, draw.Src)
		draw.Draw(m, image.Rect(0, p, n, p+wd), image.NewUniform(lineInk), image.Point{}, draw.Src)
	}
	size := float64(cellPx) * (0.5 + 0.3*rng.Float64())
	face, err := opentype.NewFace(f.f, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		return nil, err
	}
	defer face.Close()
	digitInk := image.NewUniform(color.Gray{uint8(rng.IntN(110))})
	digits := image.NewGray(m.Rect) // drawn apart, for the stroke width
	draw.Draw(digits, digits.Rect, image.NewUniform(color.Gray{255}), image.Point{}, draw.Src)
	for c, d := range g {
		if d == 0 {
			continue
		}
		s := string(rune('0' + d))
		dr := &font.Drawer{Dst: digits, Src: digitInk, Face: face}
		b, _ := dr.BoundString(s)
		bw := (b.Max.X - b.Min.X).Ceil()
		bh := (b.Max.Y - b.Min.Y).Ceil()
		jit := func() int { return int((rng.Float64()*2 - 1) * 0.06 * cellPx) }
		x := (c%9)*cellPx + outer/2 + (cellPx-bw)/2 - b.Min.X.Floor() + jit()
		y := (c/9)*cellPx + outer/2 + (cellPx-bh)/2 - b.Min.Y.Floor() + jit()
		dr.Dot = fixed.P(x, y)
		dr.DrawString(s)
	}
	// Stroke width; small digits would lose their strokes if thinner.
	switch {
	case stroke > 0:
		morph(digits, true)
	case stroke < 0 && size >= 34:
		morph(digits, false)
	}
	if thinner > 0 {
		thinned := image.NewGray(digits.Rect)
		copy(thinned.Pix, digits.Pix)
		morph(thinned, false)
		for i, v := range digits.Pix {
			digits.Pix[i] = uint8(float64(v)*(1-thinner) + float64(thinned.Pix[i])*thinner + 0.5)
		}
	}
	if noDigits {
		return m, nil
	}
	for i, v := range digits.Pix {
		m.Pix[i] = min(m.Pix[i], v)
	}
	return m, nil
}

// shade darkens the flat grid as a stain or a fold does, without print:
// smudges soft blobs (a Gaussian 2-7 pixels wide, 15-40% darker at its
// middle, round or drawn out) each near the middle of an empty cell of g,
// and folds soft lines (2-6 pixels wide, 10-30% darker) across the grid,
// each through the middle of a row or a column of cells, a little tilted.
func shade(rng *rand.Rand, m *image.Gray, g solver.Grid, smudges, folds int) {
	n := m.Rect.Dx()
	dark := make([]float64, n*n) // the share of light left, per pixel
	for i := range dark {
		dark[i] = 1
	}
	var empty []int
	for c, d := range g {
		if d == 0 {
			empty = append(empty, c)
		}
	}
	for k := 0; k < smudges && len(empty) > 0; k++ {
		c := empty[rng.IntN(len(empty))]
		cx := (float64(c%9) + 0.5 + 0.3*(rng.Float64()*2-1)) * cellPx
		cy := (float64(c/9) + 0.5 + 0.3*(rng.Float64()*2-1)) * cellPx
		sx := 2 + 5*rng.Float64()
		sy := sx * (0.5 + rng.Float64())
		depth := 0.15 + 0.25*rng.Float64()
		for y := max(int(cy-3*sy), 0); y < min(int(cy+3*sy)+1, n); y++ {
			for x := max(int(cx-3*sx), 0); x < min(int(cx+3*sx)+1, n); x++ {
				dx, dy := (float64(x)-cx)/sx, (float64(y)-cy)/sy
				dark[y*n+x] *= 1 - depth*math.Exp(-(dx*dx+dy*dy)/2)
			}
		}
	}
	for k := 0; k < folds; k++ {
		across := rng.IntN(2) == 0 // along a row of cells, or down a column
		at := (float64(rng.IntN(9)) + 0.5 + 0.25*(rng.Float64()*2-1)) * cellPx
		tilt := (rng.Float64()*2 - 1) * 0.02
		wd := 1 + 2*rng.Float64()
		depth := 0.1 + 0.2*rng.Float64()
		for y := 0; y < n; y++ {
			for x := 0; x < n; x++ {
				u, v := float64(x), float64(y)
				if !across {
					u, v = v, u
				}
				d := (v - at - tilt*(u-float64(n)/2)) / wd
				if d > -4 && d < 4 {
					dark[y*n+x] *= 1 - depth*math.Exp(-d*d/2)
				}
			}
		}
	}
	for i, f := range dark {
		m.Pix[i] = uint8(float64(m.Pix[i])*f + 0.5)
	}
}

// touching returns the flat grid on a larger page with print that
// touches its outline, each at random: a title above, a frame around at
// a few pixels, text beside it, a dark bar above; and the page's margin
// around the grid.
func touching(rng *rand.Rand, grid *image.Gray, f Font) (*image.Gray, float64) {
	fs := grid.Rect.Dx()
	m := fs / 5
	page := image.NewGray(image.Rect(0, 0, fs+2*m, fs+2*m))
	draw.Draw(page, page.Rect, image.NewUniform(color.Gray{255}), image.Point{}, draw.Src)
	draw.Draw(page, image.Rect(m, m, m+fs, m+fs), grid, image.Point{}, draw.Src)
	ink := image.NewUniform(color.Gray{uint8(rng.IntN(80))})
	text := func(size float64, s string, x, bottom int, right bool) {
		face, err := opentype.NewFace(f.f, &opentype.FaceOptions{Size: size, DPI: 72})
		if err != nil {
			return
		}
		defer face.Close()
		dr := &font.Drawer{Dst: page, Src: ink, Face: face}
		b, _ := dr.BoundString(s)
		if right {
			x -= (b.Max.X - b.Min.X).Ceil()
		}
		dr.Dot = fixed.P(x-b.Min.X.Floor(), bottom-b.Max.Y.Ceil())
		dr.DrawString(s)
	}
	if rng.IntN(2) == 0 { // a title whose letters sit on the outline
		text(18+14*rng.Float64(), "SUDOKU 4127 difficile", m+rng.IntN(fs/3), m+1-rng.IntN(3), false)
	}
	if rng.IntN(2) == 0 { // a frame around the grid
		d, wd := 3+rng.IntN(10), 1+rng.IntN(3)
		for _, r := range []image.Rectangle{
			image.Rect(m-d-wd, m-d-wd, m+fs+d+wd, m-d), image.Rect(m-d-wd, m+fs+d, m+fs+d+wd, m+fs+d+wd),
			image.Rect(m-d-wd, m-d, m-d, m+fs+d), image.Rect(m+fs+d, m-d, m+fs+d+wd, m+fs+d),
		} {
			draw.Draw(page, r, ink, image.Point{}, draw.Src)
		}
	}
	if rng.IntN(2) == 0 { // text beside the grid, up to its outline
		size := 12 + 8*rng.Float64()
		for y := m + rng.IntN(fs/4); y < m+fs; y += int(size * 1.3) {
			text(size, "ligne colonne 1 a 9", m+1-rng.IntN(3), y, true)
		}
	}
	if rng.IntN(3) == 0 { // a dark bar on the outline
		h := 15 + rng.IntN(25)
		draw.Draw(page, image.Rect(m, m-h, m+fs, m+1), ink, image.Point{}, draw.Src)
	}
	return page, float64(m)
}

// rule returns the flat grid (at margin pixels on page) on a page with a
// thick dark rule beside it, as newspapers print above or between
// columns: 6-30 pixels thick, longer than the grid's side, 0-6 pixels
// from its outline on the side given (1 above, 2 left, 3 below, 4 right),
// and the grid's margin on the new page.
func rule(rng *rand.Rand, grid *image.Gray, margin float64, side int) (*image.Gray, float64) {
	fs := grid.Rect.Dx() - 2*int(margin)
	m := int(margin)
	if m < fs/5 {
		m = fs / 5
	}
	page := image.NewGray(image.Rect(0, 0, fs+2*m, fs+2*m))
	draw.Draw(page, page.Rect, image.NewUniform(color.Gray{255}), image.Point{}, draw.Src)
	off := m - int(margin)
	draw.Draw(page, grid.Rect.Add(image.Point{X: off, Y: off}), grid, image.Point{}, draw.Src)
	thick, gap := 6+rng.IntN(25), rng.IntN(7)
	lo, hi := m-rng.IntN(m/2+1), m+fs+rng.IntN(m/2+1)
	var r image.Rectangle
	switch side {
	case 1:
		r = image.Rect(lo, m-gap-thick, hi, m-gap)
	case 2:
		r = image.Rect(m-gap-thick, lo, m-gap, hi)
	case 3:
		r = image.Rect(lo, m+fs+gap, hi, m+fs+gap+thick)
	default:
		r = image.Rect(m+fs+gap, lo, m+fs+gap+thick, hi)
	}
	draw.Draw(page, r, image.NewUniform(color.Gray{uint8(rng.IntN(80))}), image.Point{}, draw.Src)
	return page, float64(m)
}

// morph spreads the ink of m by a pixel (bolder), or the paper (thinner),
// with a 3x3 minimum or maximum filter.
func morph(m *image.Gray, bolder bool) {
	w, h := m.Rect.Dx(), m.Rect.Dy()
	src := append([]uint8(nil), m.Pix...)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			v := src[y*m.Stride+x]
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					xx, yy := x+dx, y+dy
					if xx < 0 || yy < 0 || xx >= w || yy >= h {
						continue
					}
					u := src[yy*m.Stride+xx]
					if bolder == (u < v) {
						v = u
					}
				}
			}
			m.Pix[y*m.Stride+x] = v
		}
	}
}

// clutter prints lines of text on the page, outside the grid's outline.
func clutter(rng *rand.Rand, page *image.Gray, f Font, q [4]persp.Point) {
	face, err := opentype.NewFace(f.f, &opentype.FaceOptions{Size: 10 + 8*rng.Float64(), DPI: 72})
	if err != nil {
		return
	}
	defer face.Close()
	minX, minY, maxX, maxY := q[0].X, q[0].Y, q[0].X, q[0].Y
	for _, p := range q {
		minX, maxX = math.Min(minX, p.X), math.Max(maxX, p.X)
		minY, maxY = math.Min(minY, p.Y), math.Max(maxY, p.Y)
	}
	const words = "sudoku grille chiffres 1 a 9 ligne colonne carre solution 42 jeudi"
	w, h := page.Rect.Dx(), page.Rect.Dy()
	for k := 0; k < 30; k++ {
		x, y := rng.IntN(w), 10+rng.IntN(h)
		i := rng.IntN(len(words) - 20)
		dr := &font.Drawer{Dst: page, Src: image.NewUniform(color.Gray{uint8(rng.IntN(80))}), Face: face, Dot: fixed.P(x, y)}
		b, _ := dr.BoundString(words[i : i+20])
		// Print keeps clear of the grid, as on a page.
		const gap = 6
		if float64(b.Max.X.Ceil()) > minX-gap && float64(b.Min.X.Floor()) < maxX+gap && float64(b.Max.Y.Ceil()) > minY-gap && float64(b.Min.Y.Floor()) < maxY+gap {
			continue
		}
		dr.DrawString(words[i : i+20])
	}
}

// HeaderOnlyPNG returns the first 33 bytes of a PNG that claims w x h
// pixels (signature and IHDR chunk, correct CRC) and holds none: a
// picture whose size must be refused before decoding.
func HeaderOnlyPNG(w, h int) []byte {
	b := []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR")
	b = binary.BigEndian.AppendUint32(b, uint32(w))
	b = binary.BigEndian.AppendUint32(b, uint32(h))
	b = append(b, 8, 0, 0, 0, 0) // 8-bit greyscale, no interlace
	return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(b[12:]))
}

// PNG encodes img as PNG.
func PNG(img image.Image) []byte {
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		panic(err) // an in-memory picture always encodes
	}
	return buf.Bytes()
}
