package scan

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"testing"

	"sudoku/internal/scansynth"
)

// FuzzRead: Read never panics, and fails only with one of its sentinel
// errors (or ErrWeights, which the shipped weights never give).
func FuzzRead(f *testing.F) {
	rng := rand.New(rand.NewPCG(1, 1))
	img, _, err := scansynth.Render(rng, mustGrid(f, puzzle), scansynth.GoFonts()[0], scansynth.Style{W: 200, H: 160, Rotate: 10})
	if err != nil {
		f.Fatal(err)
	}
	f.Add(scansynth.PNG(img))
	f.Add(scansynth.HeaderOnlyPNG(30000, 30000))
	f.Add(scansynth.HeaderOnlyPNG(100, 100))
	f.Add([]byte("GIF89a"))
	f.Add([]byte(puzzle))
	f.Fuzz(func(t *testing.T, data []byte) {
		rd, err := Read(bytes.NewReader(data), Options{})
		if err != nil {
			if !errors.Is(err, ErrNotImage) && !errors.Is(err, ErrTooLarge) && !errors.Is(err, ErrNoGrid) {
				t.Fatalf("Read: %v, not a sentinel error", err)
			}
			return
		}
		for c, d := range rd.Digits {
			if d > 9 || rd.Confidence[c] <= 0 || rd.Confidence[c] > 1 {
				t.Fatalf("cell %d: digit %d, confidence %v", c, d, rd.Confidence[c])
			}
		}
	})
}
