// Package persp computes plane perspective transforms (homographies): the
// one map from a square to any convex quadrilateral that the photo reader
// (solver/scan) uses to rectify a grid and its synthetic test grids use to
// tilt one.
package persp

import "math"

// Point is a point of the plane, in pixels.
type Point struct{ X, Y float64 }

// H is a homography: (x, y) maps to ((h0 x + h1 y + h2) / w, (h3 x + h4 y
// + h5) / w) with w = h6 x + h7 y + 1.
type H [8]float64

// Apply maps p through h.
func (h *H) Apply(x, y float64) (float64, float64) {
	w := h[6]*x + h[7]*y + 1
	return (h[0]*x + h[1]*y + h[2]) / w, (h[3]*x + h[4]*y + h[5]) / w
}

// FromTo returns the homography that maps src[i] to dst[i] for the four
// pairs, and false when the points are degenerate (three on a line). It
// solves the 8x8 linear system by Gaussian elimination with partial
// pivoting.
func FromTo(src, dst [4]Point) (H, bool) {
	var a [8][9]float64
	for i := 0; i < 4; i++ {
		x, y, u, v := src[i].X, src[i].Y, dst[i].X, dst[i].Y
		a[2*i] = [9]float64{x, y, 1, 0, 0, 0, -u * x, -u * y, u}
		a[2*i+1] = [9]float64{0, 0, 0, x, y, 1, -v * x, -v * y, v}
	}
	for col := 0; col < 8; col++ {
		p := col
		for r := col + 1; r < 8; r++ {
			if math.Abs(a[r][col]) > math.Abs(a[p][col]) {
				p = r
			}
		}
		if math.Abs(a[p][col]) < 1e-12 {
			return H{}, false
		}
		a[col], a[p] = a[p], a[col]
		for r := 0; r < 8; r++ {
			if r == col {
				continue
			}
			f := a[r][col] / a[col][col]
			for k := col; k < 9; k++ {
				a[r][k] -= f * a[col][k]
			}
		}
	}
	var h H
	for i := 0; i < 8; i++ {
		h[i] = a[i][8] / a[i][i]
	}
	return h, true
}
