package scan

import (
	"bytes"
	"image"
	"image/jpeg"
	"math/rand/v2"
	"os"
	"testing"

	"golang.org/x/image/draw"

	"sudoku/internal/scandata"
	"sudoku/internal/scansynth"
)

// benchPhoto returns the bytes of the first 640x480 newspaper photo by name,
// or a synthetic 640x480 JPEG without ../shared.
func benchPhoto(b *testing.B) ([]byte, string) {
	if ps, err := scandata.List(photoDir); err == nil {
		for _, p := range ps {
			data, err := os.ReadFile(p.Path)
			if err != nil {
				b.Fatal(err)
			}
			if cfg, _, err := image.DecodeConfig(bytes.NewReader(data)); err == nil && cfg.Width == 640 && cfg.Height == 480 {
				return data, p.Name
			}
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	img, _, err := scansynth.Render(rng, mustGrid(b, puzzle), scansynth.GoFonts()[0], scansynth.Style{Rotate: 7, Noise: 4, Blur: 0.6, JPEG: 85})
	if err != nil {
		b.Fatal(err)
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 90}); err != nil {
		b.Fatal(err)
	}
	return buf.Bytes(), "synthetic"
}

// BenchmarkRead times Read (decoding included) on a 640x480 photo and on
// the same photo upscaled to 4000x3000 (12 MP, JPEG quality 90),
// ReadImage alone on the decoded pictures, and ReadPixels on the photo
// upscaled to 1024x768 raw RGBA pixels (what the page hands over). Run it with -cpu 1 for the
// time on one core (`make measure-scan`).
func BenchmarkRead(b *testing.B) {
	small, name := benchPhoto(b)
	b.Logf("photo: %s", name)
	img, err := Decode(bytes.NewReader(small))
	if err != nil {
		b.Fatal(err)
	}
	big := image.NewRGBA(image.Rect(0, 0, 4000, 3000))
	draw.BiLinear.Scale(big, big.Rect, img, img.Bounds(), draw.Src, nil)
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, big, &jpeg.Options{Quality: 90}); err != nil {
		b.Fatal(err)
	}
	large := buf.Bytes()
	bigImg, err := Decode(bytes.NewReader(large))
	if err != nil {
		b.Fatal(err)
	}
	px := image.NewNRGBA(image.Rect(0, 0, 1024, 768))
	draw.BiLinear.Scale(px, px.Rect, img, img.Bounds(), draw.Src, nil)
	b.Run("pixels/1024x768", func(b *testing.B) {
		for b.Loop() {
			if _, err := ReadPixels(1024, 768, px.Pix, Options{}); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N), "ms/photo")
	})
	for _, c := range []struct {
		name string
		data []byte
		img  image.Image
	}{{"640x480", small, img}, {"12MP", large, bigImg}} {
		b.Run("decode+read/"+c.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := Read(bytes.NewReader(c.data), Options{}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N), "ms/photo")
		})
		b.Run("read/"+c.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := ReadImage(c.img, Options{}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N), "ms/photo")
		})
	}
}
