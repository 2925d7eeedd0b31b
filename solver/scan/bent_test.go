package scan

import (
	"math"
	"testing"
)

// TestSmoothLine: a traced line that strayed for a few stations (along a
// digit's stroke) is put back on the parabola the rest of it follows.
func TestSmoothLine(t *testing.T) {
	var l [traceN]float64
	want := func(k int) float64 {
		u := float64(k) / (traceN - 1)
		return 36 + 15*4*u*(1-u) // bowing by 15 pixels in the middle
	}
	for k := range l {
		l[k] = want(k)
		if k >= 30 && k < 38 {
			l[k] += 9 // strayed
		}
	}
	smoothLine(&l)
	for k := range l {
		if d := math.Abs(l[k] - want(k)); d > 0.01 {
			t.Fatalf("station %d at %.2f, want %.2f", k, l[k], want(k))
		}
	}
}

// TestTraceLine follows a thin line that bows by 20 pixels, a cell below
// a thick box line that bows as much and comes within reach in the
// middle: the thin line's path, not the thick line's ink, which would
// outweigh it if it counted more than a thin line's.
func TestTraceLine(t *testing.T) {
	const n = gridSide + 2*bowPad
	want := bowPad + 4*cellSide
	prof := make([][]int, traceN)
	at := func(k int) float64 {
		u := float64(k) / (traceN - 1)
		return float64(want) + 20*4*u*(1-u)
	}
	for k := range prof {
		prof[k] = make([]int, n)
		prof[k][int(at(k))] = 9 // the thin line: a pixel wide
		for y := int(at(k)) - cellSide - 3; y <= int(at(k))-cellSide+3; y++ {
			prof[k][y] = 9 // the thick one, a cell above
		}
	}
	var out [traceN]float64
	traceLine(prof, want, &out)
	for k := range out {
		line := float64(int(at(k)))
		if d := math.Abs(out[k] + bowPad - 0.5 - line); d > 0.75 {
			t.Fatalf("station %d at %.1f, want %.0f", k, out[k]+bowPad-0.5, line)
		}
	}
}
