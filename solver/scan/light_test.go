package scan

import (
	"math/rand/v2"
	"testing"
)

// TestEvenLight: paper under a shadow's edge (200 falling to 90 across 60
// pixels, 45% as bright) comes out even within 10% (55% without), and a 2-pixel stroke
// printed at 45% of the paper's level keeps most of that contrast on
// either side of the edge and on it.
func TestEvenLight(t *testing.T) {
	const n = gridSide
	g := newGray(n, n)
	paper := func(x int) float64 {
		switch {
		case x < 130:
			return 200
		case x >= 190:
			return 90
		}
		return 200 - 110*float64(x-130)/60
	}
	stroke := func(x, y int) bool { return (y == 100 || y == 101) && (x%40) < 30 }
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			v := paper(x)
			if stroke(x, y) {
				v *= 0.45
			}
			g.pix[y*n+x] = uint8(v + 0.5)
		}
	}
	e := evenLight(g)
	for y := 20; y < n-20; y++ {
		for x := 20; x < n-20; x++ {
			v := float64(e.pix[y*n+x])
			switch {
			case stroke(x, y) && (x%40) > 3 && (x%40) < 27:
				if v > 0.55*240 {
					t.Fatalf("stroke at (%d, %d) reads %v, want at most %v", x, y, v, 0.55*240)
				}
			case y < 90 || y > 111:
				if v < 0.9*240 || v > 1.1*240 {
					t.Fatalf("paper at (%d, %d) reads %v, want 240 within 10%%", x, y, v)
				}
			}
		}
	}
}

// TestSquareMax: squareMax gives the maximum over each pixel's square, as
// computed pixel by pixel, on random pictures of several sizes.
func TestSquareMax(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, sz := range [][2]int{{1, 1}, {3, 7}, {9, 9}, {10, 4}, {37, 29}, {gridSide, gridSide}} {
		w, h := sz[0], sz[1]
		g := newGray(w, h)
		for i := range g.pix {
			g.pix[i] = uint8(rng.IntN(256))
		}
		got := squareMax(g)
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				m := uint8(0)
				for yy := max(y-paperR, 0); yy <= min(y+paperR, h-1); yy++ {
					for xx := max(x-paperR, 0); xx <= min(x+paperR, w-1); xx++ {
						m = max(m, g.pix[yy*w+xx])
					}
				}
				if got.pix[y*w+x] != m {
					t.Fatalf("%dx%d: (%d, %d) is %d, want %d", w, h, x, y, got.pix[y*w+x], m)
				}
			}
		}
	}
}
