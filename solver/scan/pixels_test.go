package scan

import (
	"errors"
	"image"
	"image/color"
	"image/draw"
	"math/rand/v2"
	"strings"
	"testing"

	"sudoku/internal/scansynth"
)

// TestReadPixels reads a synthetic photo from raw RGBA bytes, as the
// page hands them over, and gets what ReadImage gets from the picture:
// opaque, and with the paper around the grid fully transparent.
func TestReadPixels(t *testing.T) {
	want := mustGrid(t, puzzle)
	rng := rand.New(rand.NewPCG(21, 22))
	img, corners, err := scansynth.Render(rng, want, scansynth.GoFonts()[0], scansynth.Style{Rotate: 9, Noise: 3, JPEG: 80})
	if err != nil {
		t.Fatal(err)
	}
	b := img.Bounds()
	m := image.NewNRGBA(b)
	draw.Draw(m, b, img, b.Min, draw.Src)
	rd, err := ReadPixels(b.Dx(), b.Dy(), m.Pix, Options{})
	if err != nil {
		t.Fatal(err)
	}
	checkReading(t, rd, want, corners)
	// Light paper made transparent (alpha 0, colour black) reads as white.
	for i := 0; i < len(m.Pix); i += 4 {
		if m.Pix[i] > 200 {
			copy(m.Pix[i:i+4], []byte{0, 0, 0, 0})
		}
	}
	rd, err = ReadPixels(b.Dx(), b.Dy(), m.Pix, Options{})
	if err != nil {
		t.Fatal(err)
	}
	checkReading(t, rd, want, corners)
}

// TestReadPixelsBad: a wrong length or size gets its sentinel and says why.
func TestReadPixelsBad(t *testing.T) {
	cases := []struct {
		w, h int
		n    int
		want error
		msg  string
	}{
		{0, 10, 0, ErrNotImage, "not an image: no pixels: 0x10"},
		{-3, 10, 0, ErrNotImage, "not an image: no pixels: -3x10"},
		{100, 100, 100 * 100 * 3, ErrNotImage, "not an image: 30000 bytes of pixels for 100x100, want 40000 (4 a pixel)"},
		{100, 100, 0, ErrNotImage, "not an image: 0 bytes of pixels"},
		{30000, 30000, 0, ErrTooLarge, "image too large: 30000x30000"},
		{16000, 9000, 0, ErrTooLarge, "image too large: 16000x9000"},
		{64, 64, 64 * 64 * 4, ErrNoGrid, "no grid found"},
	}
	for _, c := range cases {
		rd, err := ReadPixels(c.w, c.h, make([]byte, c.n), Options{})
		if !errors.Is(err, c.want) || err == nil || !strings.HasPrefix(err.Error(), c.msg) {
			t.Errorf("ReadPixels(%d, %d, %d bytes) = %v, %v; want an error wrapping %v starting %q", c.w, c.h, c.n, rd, err, c.want, c.msg)
		}
	}
}

// TestLuma: the greyscale of RGBA and NRGBA pictures, computed row by
// row, is within 2 levels of what color.GrayModel gives pixel by pixel
// for the picture drawn over white.
func TestLuma(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	const w, h = 37, 5
	n := image.NewNRGBA(image.Rect(3, 2, 3+w, 2+h))
	for i := range n.Pix {
		n.Pix[i] = uint8(rng.IntN(256))
	}
	r := image.NewRGBA(n.Rect)
	draw.Draw(r, r.Rect, n, n.Rect.Min, draw.Src)
	white := image.NewRGBA(n.Rect)
	draw.Draw(white, white.Rect, image.White, image.Point{}, draw.Src)
	draw.Draw(white, white.Rect, n, n.Rect.Min, draw.Over) // n over white paper
	for _, img := range []image.Image{n, r} {
		g, f := toGray(img)
		if f != 1 || g.w != w || g.h != h {
			t.Fatalf("%T: %dx%d shrunk by %d, want %dx%d by 1", img, g.w, g.h, f, w, h)
		}
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				want := color.GrayModel.Convert(white.At(n.Rect.Min.X+x, n.Rect.Min.Y+y)).(color.Gray).Y
				if d := int(g.at(x, y)) - int(want); d < -2 || d > 2 { // rounding: the channels are blended one by one there
					t.Fatalf("%T: pixel (%d, %d) grey %d, want %d", img, x, y, g.at(x, y), want)
				}
			}
		}
	}
}
