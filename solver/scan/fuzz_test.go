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

// FuzzReadPixels: ReadPixels never panics whatever size and bytes it is
// given, and fails only with one of its sentinel errors.
func FuzzReadPixels(f *testing.F) {
	f.Add(64, 64, make([]byte, 64*64*4))
	f.Add(3, 2, []byte("abc"))
	f.Add(-1, 5, []byte{})
	f.Add(1<<20, 1<<20, []byte{})
	f.Fuzz(func(t *testing.T, w, h int, pix []byte) {
		if w > 0 && h > 0 && w <= 256 && h <= 256 && len(pix) > 0 && len(pix) != 4*w*h {
			// Stretch the bytes to the size, so most inputs reach the reader.
			full := make([]byte, 4*w*h)
			for i := range full {
				full[i] = pix[i%len(pix)]
			}
			pix = full
		}
		rd, err := ReadPixels(w, h, pix, Options{})
		if err != nil {
			if !errors.Is(err, ErrNotImage) && !errors.Is(err, ErrTooLarge) && !errors.Is(err, ErrNoGrid) {
				t.Fatalf("ReadPixels(%d, %d, %d bytes): %v, not a sentinel error", w, h, len(pix), err)
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
