//go:build ignore

// Mkicons draws the PNG app icons (icon-192.png, icon-512.png) in the
// current directory, the same picture as icon.svg: a board with three filled
// cells on a rounded blue square. Run it from static/: go run mkicons.go
package main

import (
	"image"
	"image/color"
	"image/png"
	"log"
	"os"
	"strconv"
)

var (
	blue   = color.RGBA{0x2f, 0x5d, 0x8a, 0xff}
	white  = color.RGBA{0xff, 0xff, 0xff, 0xff}
	orange = color.RGBA{0xf2, 0x9d, 0x00, 0xff}
	ink    = color.RGBA{0x1d, 0x23, 0x2b, 0xff}
)

// rrect reports whether (x, y) lies in the rectangle [x0,x1)x[y0,y1) with
// corners rounded by radius r (all in units of a 512 canvas).
func rrect(x, y, x0, y0, x1, y1, r float64) bool {
	if x < x0 || x >= x1 || y < y0 || y >= y1 {
		return false
	}
	cx, cy := x, y
	switch {
	case x < x0+r:
		cx = x0 + r
	case x > x1-r:
		cx = x1 - r
	}
	switch {
	case y < y0+r:
		cy = y0 + r
	case y > y1-r:
		cy = y1 - r
	}
	dx, dy := x-cx, y-cy
	return dx*dx+dy*dy <= r*r
}

func colourAt(x, y float64) color.Color {
	switch {
	case !rrect(x, y, 0, 0, 512, 512, 96):
		return color.Transparent
	case rrect(x, y, 120, 120, 180, 180, 8), rrect(x, y, 332, 332, 392, 392, 8):
		return orange
	case rrect(x, y, 226, 226, 286, 286, 8):
		return ink
	case !rrect(x, y, 96, 96, 416, 416, 12):
		return blue
	}
	for _, l := range []float64{202.7, 309.3} {
		if (x >= l-6 && x < l+6) || (y >= l-6 && y < l+6) {
			return blue
		}
	}
	return white
}

func draw(size int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	const ss = 4 // supersampling per axis, for smooth edges
	for py := 0; py < size; py++ {
		for px := 0; px < size; px++ {
			var r, g, b, a uint32
			for sy := 0; sy < ss; sy++ {
				for sx := 0; sx < ss; sx++ {
					x := (float64(px) + (float64(sx)+0.5)/ss) * 512 / float64(size)
					y := (float64(py) + (float64(sy)+0.5)/ss) * 512 / float64(size)
					cr, cg, cb, ca := colourAt(x, y).RGBA()
					r, g, b, a = r+cr, g+cg, b+cb, a+ca
				}
			}
			n := uint32(ss * ss)
			if a == 0 {
				continue
			}
			// Average premultiplied colour, then un-premultiply.
			img.SetNRGBA(px, py, color.NRGBA{
				R: uint8(r * 0xff / a), G: uint8(g * 0xff / a), B: uint8(b * 0xff / a),
				A: uint8(a / n >> 8),
			})
		}
	}
	return img
}

func main() {
	for _, size := range []int{192, 512} {
		name := "icon-" + strconv.Itoa(size) + ".png"
		f, err := os.Create(name)
		if err != nil {
			log.Fatal(err)
		}
		if err := png.Encode(f, draw(size)); err != nil {
			log.Fatal(err)
		}
		if err := f.Close(); err != nil {
			log.Fatal(err)
		}
	}
}
