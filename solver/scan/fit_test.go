package scan

import (
	"math"
	"testing"
)

// TestFitLines: ten evenly spaced lines are found among other ink (a
// frame's line outside them, digits between them), whatever their pitch
// within the bounds fitGrid tries, to within a pixel or two.
func TestFitLines(t *testing.T) {
	for _, c := range []struct{ start, pitch float64 }{
		{0.5, 35.8}, {20, 0.9 * cellSide}, {9, 33.92}, {3, 0.75 * cellSide}, {40, 0.86 * cellSide},
	} {
		prof := make([]int, gridSide)
		for i := 0; i <= 9; i++ {
			p := int(c.start + float64(i)*c.pitch + 0.5)
			prof[p] += 300
			if i%3 == 0 && p+1 < gridSide {
				prof[p+1] += 300 // box lines are thicker
			}
		}
		if c.start >= 6 {
			prof[int(c.start)-5] += 320 // a frame a few pixels outside the grid
		}
		for x := range prof {
			prof[x] += 20 + (x*7)%40 // digits and speckle
		}
		start, pitch, _ := fitLines(prof)
		// Within a pixel or two: a line counts a pixel either side (lines
		// are that wide), and the banded line search that follows snaps.
		if math.Abs(start-c.start) > 1 || math.Abs(start+9*pitch-c.start-9*c.pitch) > 2 {
			t.Errorf("lines from %.1f every %.2f: found from %.1f every %.2f", c.start, c.pitch, start, pitch)
		}
	}
}
