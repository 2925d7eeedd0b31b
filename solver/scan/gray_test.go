package scan

import "testing"

// TestRidgeThreshold: on paper with a hard shadow's edge across it and a
// printed line in the light, threshold marks a band along the edge's dark
// side and ridgeThreshold marks the line alone.
func TestRidgeThreshold(t *testing.T) {
	const w, h = 120, 80
	g := newGray(w, h)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			v := uint8(220) // paper
			if x >= 60 {
				v = 70 // in the shadow
			}
			if x == 30 || x == 31 {
				v = 40 // a printed line
			}
			g.pix[y*w+x] = v
		}
	}
	count := func(ink []uint8, x0, x1 int) int {
		n := 0
		for y := 0; y < h; y++ {
			for x := x0; x < x1; x++ {
				n += int(ink[y*w+x])
			}
		}
		return n
	}
	std, ridge := threshold(g, 10, 0.12), ridgeThreshold(g, 10, 0.12)
	if n := count(std, 60, 70); n == 0 {
		t.Errorf("threshold: no ink along the shadow's edge; the test shows nothing")
	}
	if n := count(ridge, 40, w); n != 0 {
		t.Errorf("ridgeThreshold: %d pixels of ink in the shadow or along its edge, want 0", n)
	}
	if n := count(ridge, 30, 32); n != 2*h {
		t.Errorf("ridgeThreshold: %d pixels of the line marked, want %d", n, 2*h)
	}
	if n := count(ridge, 0, 30) + count(ridge, 32, 40); n != 0 {
		t.Errorf("ridgeThreshold: %d pixels of paper marked, want 0", n)
	}
}

// TestThinInk: a solid bar goes, a line two pixels wide that touches it
// stays, whole.
func TestThinInk(t *testing.T) {
	const w, h = 60, 50
	m := make([]uint8, w*h)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			if (y >= 5 && y < 17 && x >= 5 && x < 55) || (x >= 29 && x < 31 && y >= 17) {
				m[y*w+x] = 1 // a bar 12 pixels thick, a line down from it
			}
		}
	}
	out := thinInk(m, w, h, 2)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			line := x >= 29 && x < 31 && y >= 17
			if got := out[y*w+x] == 1; got != line {
				t.Fatalf("pixel (%d, %d): ink %v, want %v", x, y, got, line)
			}
		}
	}
}
