package scan

import (
	"math"
	"slices"
)

// The stroke view of a cell (issue 18). A digit printed in hairlines on
// newsprint may be no darker, pixel by pixel, than the paper's grain: a
// threshold on grey levels finds the grain with it (the whole inner box is
// ink) or nothing at all. A stroke, though, is dark along its length,
// where grain is dark in specks. The stroke view halves the cell (each
// pixel the mean of 2x2), so that a hairline a pixel wide is still a line
// and the grain's specks are averaged down, and gives each pixel the
// darkest mean of five half pixels in a line through it (eight
// directions) under the mean of the half pixels around it
// (strokeSurround): high along a stroke of a digit's width, whichever way
// it runs, and low on flat paper, in grain and on an isolated speck (a
// fifth of its depth).

const (
	// strokeSurround is the half side of the window, in half-resolution
	// pixels, whose mean is the paper around a pixel: 7 x 7 of them, 14
	// pixels of the 36 of a cell, wider than any stroke.
	strokeSurround = 3
	// strokeLen is the half length of the line through a pixel whose
	// mean is the stroke's: 2*strokeLen+1 half pixels.
	strokeLen = 2
	// strokeNoise: a half pixel is a stroke's when its response is over
	// the cell's median response by strokeNoise times the median
	// deviation from it (the grain's spread), and by strokeFloor of the
	// paper's level at least (flat paper, where the spread is nil); or,
	// joined to such a one, over it by strokeJoin times the deviation and
	// half the floor (hysteresis: a hairline's weaker stretches).
	strokeNoise = 4.0
	strokeJoin  = 2.5
	strokeFloor = 0.03
)

// strokeLines are the lines through a pixel, as offsets from it: eight
// directions, 22.5 degrees apart, each 2*strokeLen+1 half pixels long.
var strokeLines = func() (ls [8][2*strokeLen + 1][2]int8) {
	for a := range ls {
		sin, cos := math.Sincos(float64(a) * math.Pi / 8)
		for k := -strokeLen; k <= strokeLen; k++ {
			ls[a][k+strokeLen] = [2]int8{int8(math.Round(float64(k) * cos)), int8(math.Round(float64(k) * sin))}
		}
	}
	return ls
}()

// strokeResponse returns the stroke view of the w x h pixels at (x0, y0)
// of rg at half resolution (hw x hh pixels, hw = w/2, hh = h/2), in
// twentieths of a grey level (a line of five half pixels holds twenty
// pixels), and the mean level of each half pixel's surround, in the same
// units.
func strokeResponse(rg *gray, x0, y0, w, h int) (resp, bg []int32, hw, hh int) {
	hw, hh = w/2, h/2
	if hw < 3 || hh < 3 {
		return nil, nil, hw, hh
	}
	half := make([]int32, hw*hh) // sums of 2x2: four times the level
	for y := 0; y < hh; y++ {
		r0 := rg.pix[(y0+2*y)*gridSide+x0:]
		r1 := rg.pix[(y0+2*y+1)*gridSide+x0:]
		for x := 0; x < hw; x++ {
			half[y*hw+x] = int32(r0[2*x]) + int32(r0[2*x+1]) + int32(r1[2*x]) + int32(r1[2*x+1])
		}
	}
	// The surround's mean by a summed-area table.
	sat := make([]int32, (hw+1)*(hh+1))
	for y := 0; y < hh; y++ {
		var row int32
		for x := 0; x < hw; x++ {
			row += half[y*hw+x]
			sat[(y+1)*(hw+1)+x+1] = sat[y*(hw+1)+x+1] + row
		}
	}
	resp = make([]int32, hw*hh)
	bg = make([]int32, hw*hh)
	at := func(x, y int) int32 { // a half pixel, the edge's beyond the box
		return half[min(max(y, 0), hh-1)*hw+min(max(x, 0), hw-1)]
	}
	for y := 0; y < hh; y++ {
		ya, yb := max(y-strokeSurround, 0), min(y+strokeSurround+1, hh)
		for x := 0; x < hw; x++ {
			xa, xb := max(x-strokeSurround, 0), min(x+strokeSurround+1, hw)
			s := sat[yb*(hw+1)+xb] - sat[ya*(hw+1)+xb] - sat[yb*(hw+1)+xa] + sat[ya*(hw+1)+xa]
			b := (2*strokeLen + 1) * s / int32((xb-xa)*(yb-ya))
			line := int32(math.MaxInt32)
			for _, d := range strokeLines {
				var l int32
				for _, o := range d {
					l += at(x+int(o[0]), y+int(o[1]))
				}
				line = min(line, l)
			}
			resp[y*hw+x] = b - line
			bg[y*hw+x] = b
		}
	}
	return resp, bg, hw, hh
}

// strokeInk returns the ink of the w x h pixels at (x0, y0) of rg as the
// stroke view finds it: the half pixels whose response stands over the
// grain's (strokeThreshold), each as its 2x2 pixels (blocks: a hairline
// stays joined, to find the mark), and the pixels among them darker than
// their surround (dark: the ink whose level the mark's contrast is
// measured by); nil when none is.
func strokeInk(rg *gray, x0, y0, w, h int) (blocks, dark []uint8) {
	resp, bg, hw, hh := strokeResponse(rg, x0, y0, w, h)
	if resp == nil {
		return nil, nil
	}
	t, lo, ok := strokeThreshold(resp, bg)
	if !ok {
		return nil, nil
	}
	// Hysteresis: a half pixel over lo belongs to a stroke when joined
	// (8-connected, over lo) to one over t.
	on := make([]bool, hw*hh)
	var stack []int
	for i, v := range resp {
		if v > t {
			on[i] = true
			stack = append(stack, i)
		}
	}
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		x, y := i%hw, i/hw
		for yy := max(y-1, 0); yy <= min(y+1, hh-1); yy++ {
			for xx := max(x-1, 0); xx <= min(x+1, hw-1); xx++ {
				if j := yy*hw + xx; !on[j] && resp[j] > lo {
					on[j] = true
					stack = append(stack, j)
				}
			}
		}
	}
	blocks = make([]uint8, w*h)
	dark = make([]uint8, w*h)
	any := false
	for y := 0; y < h; y++ {
		hy := min(y/2, hh-1)
		for x := 0; x < w; x++ {
			hx := min(x/2, hw-1)
			i := hy*hw + hx
			if !on[i] {
				continue
			}
			blocks[y*w+x] = 1
			// The pixel under its surround's mean (in the same units).
			if 4*(2*strokeLen+1)*int32(rg.pix[(y0+y)*gridSide+x0+x]) < bg[i] {
				dark[y*w+x] = 1
				any = true
			}
		}
	}
	if !any {
		return nil, nil
	}
	return blocks, dark
}

// strokeThreshold returns the responses over which a half pixel is a
// stroke's, alone and joined to one (strokeNoise, strokeJoin,
// strokeFloor; the paper's level is the median surround's); false when
// the cell is so dark that no paper shows.
func strokeThreshold(resp, bg []int32) (int32, int32, bool) {
	r := slices.Clone(resp)
	slices.Sort(r)
	med := r[len(r)/2]
	for i, v := range r {
		if v < med {
			r[i] = med - v
		} else {
			r[i] = v - med
		}
	}
	slices.Sort(r)
	dev := r[len(r)/2]
	b := slices.Clone(bg)
	slices.Sort(b)
	paper := b[len(b)/2]
	if paper <= 0 {
		return 0, 0, false
	}
	floor := med + int32(strokeFloor*float64(paper))
	return max(med+int32(strokeNoise*float64(dev)), floor), max(med+int32(strokeJoin*float64(dev)), (med+floor)/2), true
}

// strokeMark looks for a digit in the stroke view (strokeInk) of the inner
// box (bx0, by0, w x h) of the cell (x0, y0)-(x1, y1) with digitComponent's
// tests (on the blocks), and returns the dark ink, the labels, the
// components and the mark's index, or -1 when none could be a digit or it
// runs across the box.
func strokeMark(rg *gray, bx0, by0, w, h, x0, y0, x1, y1, outer int, lab []int32) ([]uint8, []int32, []component, int) {
	ink, dark := strokeInk(rg, bx0, by0, w, h)
	if ink == nil {
		return nil, lab, nil, -1
	}
	lab, comps, best := digitComponent(ink, w, h, float64(x0+x1)/2-float64(bx0), float64(y0+y1)/2-float64(by0), x1-x0, y1-y0, outer, lab)
	if best < 0 || spans(comps[best], w, h) {
		return nil, lab, nil, -1
	}
	return dark, lab, comps, best
}
