package scan

import (
	"image"
	"image/color"
	"image/draw"
)

// The pictures of each stage that Options.Debug receives.

func inkImage(ink []uint8, w, h int) image.Image {
	m := image.NewGray(image.Rect(0, 0, w, h))
	for i, v := range ink {
		m.Pix[i] = 255 - 255*v
	}
	return m
}

var (
	red   = color.RGBA{220, 30, 30, 255}
	green = color.RGBA{20, 160, 60, 255}
	blue  = color.RGBA{30, 80, 220, 255}
)

func toRGBA(g *gray) *image.RGBA {
	m := image.NewRGBA(image.Rect(0, 0, g.w, g.h))
	draw.Draw(m, m.Bounds(), g.image(), image.Point{}, draw.Src)
	return m
}

// line draws a segment of width 2.
func line(m *image.RGBA, x0, y0, x1, y1 float64, c color.RGBA) {
	n := int(max(abs(x1-x0), abs(y1-y0))) + 1
	for i := 0; i <= n; i++ {
		t := float64(i) / float64(n)
		x, y := int(x0+(x1-x0)*t), int(y0+(y1-y0)*t)
		for _, d := range [][2]int{{0, 0}, {1, 0}, {0, 1}, {1, 1}} {
			m.Set(x+d[0], y+d[1], c)
		}
	}
}

func abs(v float64) float64 {
	if v < 0 {
		return -v
	}
	return v
}

// outlineImage draws every plausible outline, the largest in red.
func outlineImage(g *gray, quads []quadCandidate) image.Image {
	m := toRGBA(g)
	for i := len(quads) - 1; i >= 0; i-- {
		c := blue
		if i == 0 {
			c = red
		}
		q := quads[i].corners
		for k := 0; k < 4; k++ {
			a, b := q[k], q[(k+1)%4]
			line(m, a.X, a.Y, b.X, b.Y, c)
		}
	}
	return m
}

// linesImage draws the grid lines found near each cell on the rectified grid.
func linesImage(rg *gray, cl *cellLines) image.Image {
	m := toRGBA(rg)
	for k := 0; k < 9; k++ {
		a0, a1 := float64(k*cellSide), float64((k+1)*cellSide-1)
		for i := 0; i <= 9; i++ {
			line(m, float64(cl.x[k][i]), a0, float64(cl.x[k][i]), a1, green)
			line(m, a0, float64(cl.y[k][i]), a1, float64(cl.y[k][i]), red)
		}
	}
	return m
}

// cellsImage tiles the 81 cells' normalised digits, 9 x 9.
func cellsImage(f *[81][]float32) image.Image {
	s := featSide + 2
	m := image.NewGray(image.Rect(0, 0, 9*s, 9*s))
	for i := range m.Pix {
		m.Pix[i] = 128
	}
	for c, v := range f {
		ox, oy := c%9*s+1, c/9*s+1
		for y := 0; y < featSide; y++ {
			for x := 0; x < featSide; x++ {
				p := uint8(255)
				if v != nil {
					p = uint8(255 - 255*v[y*featSide+x])
				}
				m.Pix[(oy+y)*m.Stride+ox+x] = p
			}
		}
	}
	return m
}
