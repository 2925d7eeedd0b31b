package scan

import (
	"fmt"
	"testing"
)

// TestBrokenBars reads photos of the finder set whose 7s and 2s, thin in
// the Go font where the bar meets the slant, were cut at that join
// (2026-11-27): the mark kept was the slant alone, about half the
// digit's height and a sixth of a cell off its centre, and it was left
// empty as unlike the grid's digits ("shape"). A bar broken off over or
// under the mark (a 7's top, a 2's foot) is now taken in (cellFeatures).
// Each photo's 7s and 2s must read right, and no digit be read as another
// or invented: steep light 2, rotated 20-30 in perspective 14 and the grid
// at the photo's edge 43 (4, 3 and 4 of them left empty before).
func TestBrokenBars(t *testing.T) {
	want := mustGrid(t, puzzle)
	for _, c := range []struct {
		name string
		i    int
	}{{"steep light", 2}, {"rotated 20-30 in perspective", 14}, {"grid at the photo's edge", 43}} {
		t.Run(fmt.Sprintf("%s %d", c.name, c.i), func(t *testing.T) {
			rd := readFinder(t, c.name, c.i)
			checkChosenDigits(t, rd, want, "a 7 or a 2", func(_ int, d uint8) bool { return d == 7 || d == 2 })
		})
	}
}
