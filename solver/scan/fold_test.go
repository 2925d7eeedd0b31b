package scan

import (
	"math/rand/v2"
	"testing"

	"sudoku/internal/scansynth"
	"sudoku/solver"
)

// TestFoldThroughEmptyCell reads a synthetic photo whose soft fold runs
// down a column of cells, through empty cells, the grid's digits clear
// (DejaVu Sans, a little blur and noise; found among 240 such photos,
// 2026-11-27). The fold's band in an empty cell was read as a 1: a faint
// mark, read surely, of the grid's digits' height. It is a fold's crease
// (foldThrough): the same band runs on through the cells above and below.
// The photo must be read exactly, no digit invented.
func TestFoldThroughEmptyCell(t *testing.T) {
	fonts, err := systemFonts(stressFonts[:1])
	if err != nil {
		fontsMissing(t, "no DejaVu fonts (apt-get install fonts-dejavu-core)")
	}
	want := mustGrid(t, puzzle)
	rng := rand.New(rand.NewPCG(7002, 234))
	s := scansynth.Style{Fill: 0.45 + 0.2*rng.Float64(), Rotate: 0.2, Perspective: 0.02, Blur: 0.4 + 0.4*rng.Float64(), Noise: 1.5, Shadow: 0.4, JPEG: 70, Folds: 1}
	img, _, err := scansynth.Render(rng, want, fonts[0], s)
	if err != nil {
		t.Fatal(err)
	}
	rd, err := ReadImage(img, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for c, d := range want {
		if rd.Digits[c] != d {
			t.Errorf("%s: read %d at %.2f, want %d", solver.CellName(c), rd.Digits[c], rd.Confidence[c], d)
		}
	}
}
