package scan

import (
	"math"
	"sort"

	"sudoku/internal/persp"
)

// component is one 8-connected blob of ink.
type component struct {
	id     int32
	n      int // pixels
	x0, y0 int // bounding box, inclusive
	x1, y1 int
}

func (c *component) boxArea() int { return (c.x1 - c.x0 + 1) * (c.y1 - c.y0 + 1) }

// label gives every ink pixel the number (from 1) of its 8-connected
// component and returns the components; lab is reused when large enough.
func label(ink []uint8, w, h int, lab []int32) ([]int32, []component) {
	if cap(lab) < w*h {
		lab = make([]int32, w*h)
	}
	lab = lab[:w*h]
	clear(lab)
	var comps []component
	var stack []int32
	for start := range ink {
		if ink[start] == 0 || lab[start] != 0 {
			continue
		}
		id := int32(len(comps) + 1)
		c := component{id: id, x0: w, y0: h, x1: -1, y1: -1}
		lab[start] = id
		stack = append(stack[:0], int32(start))
		for len(stack) > 0 {
			p := int(stack[len(stack)-1])
			stack = stack[:len(stack)-1]
			x, y := p%w, p/w
			c.n++
			c.x0, c.x1 = min(c.x0, x), max(c.x1, x)
			c.y0, c.y1 = min(c.y0, y), max(c.y1, y)
			for dy := -1; dy <= 1; dy++ {
				yy := y + dy
				if yy < 0 || yy >= h {
					continue
				}
				for dx := -1; dx <= 1; dx++ {
					xx := x + dx
					if xx < 0 || xx >= w {
						continue
					}
					q := yy*w + xx
					if ink[q] != 0 && lab[q] == 0 {
						lab[q] = id
						stack = append(stack, int32(q))
					}
				}
			}
		}
		comps = append(comps, c)
	}
	return lab, comps
}

// hull returns the convex hull of a component (counter-clockwise in a
// y-up frame), from the leftmost and rightmost pixel of each of its rows.
func hull(lab []int32, w int, c component) []persp.Point {
	var pts []persp.Point
	for y := c.y0; y <= c.y1; y++ {
		row := lab[y*w:]
		l, r := -1, -1
		for x := c.x0; x <= c.x1; x++ {
			if row[x] == c.id {
				if l < 0 {
					l = x
				}
				r = x
			}
		}
		if l >= 0 {
			pts = append(pts, persp.Point{X: float64(l), Y: float64(y)}, persp.Point{X: float64(r) + 1, Y: float64(y)})
			if y == c.y1 || y == c.y0 {
				pts = append(pts, persp.Point{X: float64(l), Y: float64(y) + 1}, persp.Point{X: float64(r) + 1, Y: float64(y) + 1})
			}
		}
	}
	return convexHull(pts)
}

func cross(o, a, b persp.Point) float64 {
	return (a.X-o.X)*(b.Y-o.Y) - (a.Y-o.Y)*(b.X-o.X)
}

// convexHull is Andrew's monotone chain.
func convexHull(p []persp.Point) []persp.Point {
	if len(p) < 3 {
		return p
	}
	sort.Slice(p, func(i, j int) bool {
		if p[i].X != p[j].X {
			return p[i].X < p[j].X
		}
		return p[i].Y < p[j].Y
	})
	h := make([]persp.Point, 0, 2*len(p))
	for _, q := range p {
		for len(h) >= 2 && cross(h[len(h)-2], h[len(h)-1], q) <= 0 {
			h = h[:len(h)-1]
		}
		h = append(h, q)
	}
	lo := len(h) + 1
	for i := len(p) - 2; i >= 0; i-- {
		q := p[i]
		for len(h) >= lo && cross(h[len(h)-2], h[len(h)-1], q) <= 0 {
			h = h[:len(h)-1]
		}
		h = append(h, q)
	}
	return h[:len(h)-1]
}

func polyArea(p []persp.Point) float64 {
	a := 0.0
	for i := range p {
		j := (i + 1) % len(p)
		a += p[i].X*p[j].Y - p[j].X*p[i].Y
	}
	return math.Abs(a) / 2
}

func triArea(a, b, c persp.Point) float64 { return math.Abs(cross(a, b, c)) / 2 }

// maxQuad returns the quadrilateral of largest area with its corners on
// the convex polygon h, in O(len(h)^2): for opposite corners i and k the
// best third and fourth corners only move forward as k does.
func maxQuad(h []persp.Point) ([4]persp.Point, float64) {
	n := len(h)
	var best [4]persp.Point
	bestA := -1.0
	if n < 4 {
		return best, 0
	}
	at := func(i int) persp.Point { return h[i%n] }
	for i := 0; i < n; i++ {
		j := i + 1
		l := i + 3
		for k := i + 2; k < i+n-1; k++ {
			if j >= k {
				j = k - 1
			}
			for j+1 < k && triArea(at(i), at(j+1), at(k)) >= triArea(at(i), at(j), at(k)) {
				j++
			}
			if l <= k {
				l = k + 1
			}
			for l+1 < i+n && triArea(at(k), at(l+1), at(i)) >= triArea(at(k), at(l), at(i)) {
				l++
			}
			a := triArea(at(i), at(j), at(k)) + triArea(at(k), at(l), at(i))
			if a > bestA {
				bestA = a
				best = [4]persp.Point{at(i), at(j), at(k), at(l)}
			}
		}
	}
	return best, bestA
}

// orderCorners puts the corners in the order top-left, top-right,
// bottom-right, bottom-left (the top-left has the least x+y).
func orderCorners(q [4]persp.Point) [4]persp.Point {
	// Clockwise on screen (y down) means a positive shoelace sum.
	s := 0.0
	for i := range q {
		j := (i + 1) % 4
		s += q[i].X*q[j].Y - q[j].X*q[i].Y
	}
	if s < 0 {
		q[1], q[3] = q[3], q[1]
	}
	first := 0
	for i := 1; i < 4; i++ {
		if q[i].X+q[i].Y < q[first].X+q[first].Y {
			first = i
		}
	}
	var out [4]persp.Point
	for i := range out {
		out[i] = q[(first+i)%4]
	}
	return out
}

// quadCandidate is a component's largest inscribed quadrilateral.
type quadCandidate struct {
	corners [4]persp.Point // ordered, in working-picture pixels
	area    float64
	bent    *bentGrid // the grid's lines followed, when they bow (else nil)
}

// findQuads returns the plausible grid outlines among the largest
// components, largest first: a quadrilateral that covers at least
// 1.5% of the picture, nearly fills the component's hull (a grid's
// outline is convex and four-sided) and is mostly paper, not ink.
func findQuads(ink []uint8, w, h int) []quadCandidate {
	lab, comps := label(ink, w, h, nil)
	sort.Slice(comps, func(i, j int) bool { return comps[i].boxArea() > comps[j].boxArea() })
	var out []quadCandidate
	minArea := 0.015 * float64(w*h)
	for i := 0; i < len(comps) && i < 8; i++ {
		c := comps[i]
		if float64(c.boxArea()) < minArea {
			break
		}
		// A component that touches two edges of the picture that meet
		// is tried with the corner between them too (frameCorners).
		hl := hull(lab, w, c)
		for k, hk := range [2][]persp.Point{hl, frameCorners(hl, lab, c, w, h)} {
			if k == 1 && len(hk) == 0 {
				break
			}
			q, a := maxQuad(hk)
			if a < minArea {
				continue
			}
			ha := polyArea(hk)
			if ha > 1.3*a {
				continue
			}
			if fill := float64(c.n) / a; fill < 0.02 || fill > 0.6 {
				continue
			}
			q = orderCorners(q)
			if !squarish(q) {
				continue
			}
			out = append(out, quadCandidate{corners: q, area: a})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].area > out[j].area })
	return out
}

// frameCorners returns the hull hl of component c (labelled in lab, w x
// h) with the corners of the picture between two edges that c runs
// along (minContact of its extent, each), or nil where there are none: a
// grid cut by two edges of the photo covers the corner between them,
// though its lines near that corner (outside the photo, or thin and
// broken) may not join its other ink there, which would cut the
// outline's corner off. (A shadow's edge that joins the grid's ink to
// two edges only crosses them.)
func frameCorners(hl []persp.Point, lab []int32, c component, w, h int) []persp.Point {
	// How far c runs along each edge: top, right, bottom, left.
	var along [4]bool
	span := func(n int, at func(i int) int32, extent int) bool {
		lo, hi := -1, -1
		for i := 0; i < n; i++ {
			if at(i) == c.id {
				if lo < 0 {
					lo = i
				}
				hi = i
			}
		}
		return lo >= 0 && float64(hi-lo+1) >= minContact*float64(extent+1)
	}
	along[0] = c.y0 == 0 && span(w, func(i int) int32 { return lab[i] }, c.x1-c.x0)
	along[1] = c.x1 == w-1 && span(h, func(i int) int32 { return lab[i*w+w-1] }, c.y1-c.y0)
	along[2] = c.y1 == h-1 && span(w, func(i int) int32 { return lab[(h-1)*w+i] }, c.x1-c.x0)
	along[3] = c.x0 == 0 && span(h, func(i int) int32 { return lab[i*w] }, c.y1-c.y0)
	n := len(hl)
	hl = hl[:n:n] // appending copies: the caller's hull stays as it is
	fw, fh := float64(w), float64(h)
	for i, p := range [4]persp.Point{{}, {X: fw}, {X: fw, Y: fh}, {Y: fh}} {
		// Corner i lies between edges i-1 and i (top-left: left and top).
		if along[(i+3)%4] && along[i] && chamfer(hl[:n], p) > 1 {
			hl = append(hl, p)
		}
	}
	if len(hl) == n {
		return nil
	}
	return convexHull(hl)
}

// minContact is the least share of a component's extent along an edge
// of the picture that it must touch for frameCorners.
const minContact = 0.25

// chamfer returns the distance from p to the convex polygon hl's nearest
// side (p outside it).
func chamfer(hl []persp.Point, p persp.Point) float64 {
	best := math.Inf(1)
	for i := range hl {
		a, b := hl[i], hl[(i+1)%len(hl)]
		dx, dy := b.X-a.X, b.Y-a.Y
		t := 0.0
		if l := dx*dx + dy*dy; l > 0 {
			t = math.Max(0, math.Min(1, ((p.X-a.X)*dx+(p.Y-a.Y)*dy)/l))
		}
		best = math.Min(best, math.Hypot(a.X+t*dx-p.X, a.Y+t*dy-p.Y))
	}
	return best
}

// squarish rejects outlines whose opposite sides differ by more than
// 2.5 times or whose sides meet at less than 35 degrees: a grid seen
// within the perspective and rotation Read accepts is neither.
func squarish(q [4]persp.Point) bool {
	side := func(a, b persp.Point) float64 { return math.Hypot(b.X-a.X, b.Y-a.Y) }
	s := [4]float64{side(q[0], q[1]), side(q[1], q[2]), side(q[2], q[3]), side(q[3], q[0])}
	for i := 0; i < 4; i++ {
		if s[i] < 40 {
			return false
		}
	}
	for _, p := range [][2]int{{0, 2}, {1, 3}, {0, 1}} {
		r := s[p[0]] / s[p[1]]
		if r > 2.5 || r < 1/2.5 {
			return false
		}
	}
	for i := 0; i < 4; i++ {
		a, b, c := q[(i+3)%4], q[i], q[(i+1)%4]
		v1x, v1y, v2x, v2y := a.X-b.X, a.Y-b.Y, c.X-b.X, c.Y-b.Y
		cos := (v1x*v2x + v1y*v2y) / (math.Hypot(v1x, v1y) * math.Hypot(v2x, v2y))
		if math.Abs(cos) > math.Cos(35*math.Pi/180) {
			return false
		}
	}
	return true
}
