package web

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"sudoku/solver"
)

// A variant puzzle's rules drawn over the board (an SVG layer, one unit per
// cell, that ignores the pointer): region borders, killer cages with their
// sums, thermometers, arrows, dots, XV, lines, odd/even and min/max cells,
// quadruples, and the little killer and sandwich clues outside the grid.
// It also says each cell's constraints in words for its accessible name
// (cellNotes) and the rules as sentences (the Rules panel).
//
// The SVG elements are styled by data-k (their kind) in the style sheet:
// go-app sets a class through the className property, which SVG elements
// do not take, and the CSP forbids style attributes.

// rulesOverlay is the SVG layer of a variant puzzle's rules. Its only field
// is the rules, so go-app renders it again only when they change.
type rulesOverlay struct {
	app.Compo

	Rules *solver.Rules
}

// shape is one SVG element of the drawing: its tag, its kind (data-k) and
// its attributes; text for <text>.
type shape struct {
	tag, kind string
	attrs     [][2]string
	text      string
}

func (o *rulesOverlay) Render() app.UI {
	if o.Rules == nil {
		return app.Elem("svg").XMLNS(svgNS).ID("rules-overlay").Aria("hidden", true)
	}
	shapes := rulesShapes(o.Rules)
	n := strconv.Itoa(o.Rules.Size)
	return app.Elem("svg").XMLNS(svgNS).ID("rules-overlay").Attr("viewBox", "0 0 "+n+" "+n).
		Attr("preserveAspectRatio", "none").Aria("hidden", true).Body(
		app.Range(shapes).Slice(func(i int) app.UI {
			s := shapes[i]
			el := app.Elem(s.tag).XMLNS(svgNS).DataSet("k", s.kind)
			for _, a := range s.attrs {
				el = el.Attr(a[0], a[1])
			}
			if s.text != "" {
				el = el.Text(s.text)
			}
			return el
		}),
	)
}

// num writes a coordinate for an SVG attribute.
func num(x float64) string { return strconv.FormatFloat(x, 'f', 3, 64) }

// centre returns the centre of cell c on an n x n grid, in cells.
func centre(n, c int) (x, y float64) { return float64(c%n) + 0.5, float64(c/n) + 0.5 }

// points writes the centres of cells as an SVG points list.
func points(n int, cells []int) string {
	var b strings.Builder
	for i, c := range cells {
		x, y := centre(n, c)
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(num(x) + "," + num(y))
	}
	return b.String()
}

func line(kind string, x1, y1, x2, y2 float64) shape {
	return shape{tag: "line", kind: kind, attrs: [][2]string{{"x1", num(x1)}, {"y1", num(y1)}, {"x2", num(x2)}, {"y2", num(y2)}}}
}

func circle(kind string, x, y, r float64) shape {
	return shape{tag: "circle", kind: kind, attrs: [][2]string{{"cx", num(x)}, {"cy", num(y)}, {"r", num(r)}}}
}

func rect(kind string, x, y, w, h, rx float64) shape {
	return shape{tag: "rect", kind: kind, attrs: [][2]string{{"x", num(x)}, {"y", num(y)}, {"width", num(w)}, {"height", num(h)}, {"rx", num(rx)}}}
}

func polyline(kind string, n int, cells []int) shape {
	return shape{tag: "polyline", kind: kind, attrs: [][2]string{{"points", points(n, cells)}}}
}

func label(kind string, x, y float64, text string) shape {
	return shape{tag: "text", kind: kind, attrs: [][2]string{{"x", num(x)}, {"y", num(y)}}, text: text}
}

// regionOf returns, for each cell, the index of its box or region: units
// 2n to 3n-1 of the rules (rows and columns come first).
func regionOf(r *solver.Rules) []int {
	n := r.Size
	out := make([]int, n*n)
	for k := 0; k < n; k++ {
		for _, c := range r.Unit(2*n + k) {
			out[c] = k
		}
	}
	return out
}

// rulesShapes draws the rules: shadings and lines first, borders, cages,
// dots and numbers over them.
func rulesShapes(r *solver.Rules) []shape {
	n := r.Size
	var under, over []shape
	// Region borders: every inner edge between two regions, thick.
	reg := regionOf(r)
	for c := 0; c < n*n; c++ {
		x, y := float64(c%n), float64(c/n)
		if c%n+1 < n && reg[c] != reg[c+1] {
			over = append(over, line("region", x+1, y, x+1, y+1))
		}
		if c/n+1 < n && reg[c] != reg[c+n] {
			over = append(over, line("region", x, y+1, x+1, y+1))
		}
	}
	// Extra regions (diagonals, windoku, disjoint groups): shaded cells.
	// Each is outlined, or a diagonal run drawn as a line through it.
	for _, e := range r.Extra {
		for _, c := range e.Cells {
			under = append(under, rect("extra", float64(c%n), float64(c/n), 1, 1, 0))
		}
		if diagonalRun(n, e.Cells) {
			under = append(under, polyline("extra-line", n, e.Cells))
		} else {
			over = append(over, outline("extra-edge", n, e.Cells, 0.04)...)
		}
	}
	for _, con := range r.Constraints {
		switch k := con.(type) {
		case *solver.Killer:
			over = append(over, cageShapes(n, k.Cells)...)
			if k.Sum > 0 {
				first := k.Cells[0]
				for _, c := range k.Cells {
					if c < first {
						first = c
					}
				}
				x, y := float64(first%n), float64(first/n)
				over = append(over, label("cage-sum", x+0.05, y+0.24, strconv.Itoa(k.Sum)))
			}
		case *solver.RowIndexer:
			under = append(under, cellShades("row-indexer", n, k.Cells)...)
		case *solver.ColumnIndexer:
			under = append(under, cellShades("column-indexer", n, k.Cells)...)
		case *solver.BoxIndexer:
			under = append(under, cellShades("box-indexer", n, k.Cells)...)
		case *solver.Thermometer:
			x, y := centre(n, k.Cells[0])
			under = append(under, circle("thermo", x, y, 0.36), polyline("thermo", n, k.Cells))
		case *solver.Arrow:
			under = append(under, arrowShapes(n, k)...)
		case *solver.Whispers:
			under = append(under, polyline("whispers", n, k.Cells))
		case *solver.Renban:
			under = append(under, polyline("renban", n, k.Cells))
		case *solver.Palindrome:
			under = append(under, polyline("palindrome", n, k.Cells))
		case *solver.Between:
			under = append(under, polyline("between", n, k.Cells))
			for _, c := range []int{k.Cells[0], k.Cells[len(k.Cells)-1]} {
				x, y := centre(n, c)
				under = append(under, circle("between-end", x, y, 0.38))
			}
		case *solver.Clone:
			for _, c := range append(append([]int(nil), k.Cells...), k.Clones...) {
				under = append(under, rect("clone", float64(c%n), float64(c/n), 1, 1, 0))
			}
		case *solver.Difference:
			x, y := edgeMid(n, k.Cells)
			over = append(over, circle("white-dot", x, y, 0.12))
			if k.Diff > 1 {
				over = append(over, label("dot-value", x, y+0.06, strconv.Itoa(k.Diff)))
			}
		case *solver.Ratio:
			x, y := edgeMid(n, k.Cells)
			over = append(over, circle("black-dot", x, y, 0.12))
			if k.Ratio > 2 {
				over = append(over, label("dot-value-dark", x, y+0.06, strconv.Itoa(k.Ratio)))
			}
		case *solver.XV:
			x, y := edgeMid(n, k.Cells)
			letter := "X"
			if k.Sum == 5 {
				letter = "V"
			} else if k.Sum != 10 {
				letter = strconv.Itoa(k.Sum)
			}
			over = append(over, circle("xv-back", x, y, 0.15), label("xv", x, y+0.1, letter))
		case *solver.Odd:
			x, y := centre(n, k.Cell)
			under = append(under, circle("odd", x, y, 0.34))
		case *solver.Even:
			x, y := float64(k.Cell%n), float64(k.Cell/n)
			under = append(under, rect("even", x+0.17, y+0.17, 0.66, 0.66, 0))
		case *solver.Minimum:
			under = append(under, extremumShapes(n, k.Cell, true)...)
		case *solver.Maximum:
			under = append(under, extremumShapes(n, k.Cell, false)...)
		case *solver.Quadruple:
			x, y := n, n
			for _, c := range k.Cells {
				x, y = min(x, c%n), min(y, c/n)
			}
			var ds []string
			for _, d := range k.Digits {
				ds = append(ds, strconv.Itoa(d))
			}
			over = append(over, circle("quad", float64(x+1), float64(y+1), 0.26))
			text := strings.Join(ds, "")
			if len(ds) > 2 {
				text = strings.Join(ds[:2], "") + " " + strings.Join(ds[2:], "")
				over = append(over, label("quad-digits", float64(x+1), float64(y+1)-0.02, strings.Join(ds[:2], "")),
					label("quad-digits", float64(x+1), float64(y+1)+0.17, strings.Join(ds[2:], "")))
			} else {
				over = append(over, label("quad-digits", float64(x+1), float64(y+1)+0.07, text))
			}
		case *solver.LittleKiller:
			over = append(over, littleKillerShapes(n, k)...)
		case *solver.Sandwich:
			if k.Column {
				over = append(over, label("outside", float64(k.Index)+0.5, -0.22, strconv.Itoa(k.Sum)))
			} else {
				over = append(over, label("outside", -0.35, float64(k.Index)+0.62, strconv.Itoa(k.Sum)))
			}
		}
	}
	return append(under, over...)
}

// cellShades shades whole cells, as f-puzzles shows indexer cells.
func cellShades(kind string, n int, cells []int) []shape {
	out := make([]shape, len(cells))
	for i, c := range cells {
		out[i] = rect(kind, float64(c%n), float64(c/n), 1, 1, 0)
	}
	return out
}

// cageSumCells reports, for each cell, whether it carries a killer cage's
// sum (the cage's first cell in reading order, where rulesShapes writes
// it): the board moves that cell's corner marks below the sum.
func cageSumCells(r *solver.Rules) []bool {
	out := make([]bool, r.Cells())
	for _, con := range r.Constraints {
		if k, ok := con.(*solver.Killer); ok && k.Sum > 0 {
			out[slices.Min(k.Cells)] = true
		}
	}
	return out
}

// outsideClues reports whether the rules have clues outside the grid (little
// killers, sandwich sums): the board then leaves room around it.
func outsideClues(r *solver.Rules) bool {
	if r == nil {
		return false
	}
	for _, c := range r.Constraints {
		switch c.(type) {
		case *solver.LittleKiller, *solver.Sandwich:
			return true
		}
	}
	return false
}

// edgeMid is the middle of the edge between two adjacent cells.
func edgeMid(n int, cells [2]int) (x, y float64) {
	x1, y1 := centre(n, cells[0])
	x2, y2 := centre(n, cells[1])
	return (x1 + x2) / 2, (y1 + y2) / 2
}

// diagonalRun reports whether cells, in order, step diagonally one cell at
// a time (a diagonal of the grid).
func diagonalRun(n int, cells []int) bool {
	if len(cells) < 2 {
		return false
	}
	for i := 1; i < len(cells); i++ {
		if abs(cells[i]/n-cells[i-1]/n) != 1 || abs(cells[i]%n-cells[i-1]%n) != 1 {
			return false
		}
	}
	return true
}

// cageShapes outlines a cage with dashed lines just inside its cells.
func cageShapes(n int, cells []int) []shape { return outline("cage", n, cells, 0.09) }

// outline draws the border of a group of cells just inside them, inset by
// d: each edge of a cell that the group does not cross, meeting its
// neighbours at the corners.
func outline(kind string, n int, cells []int, d float64) []shape {
	in := map[[2]int]bool{}
	for _, c := range cells {
		in[[2]int{c / n, c % n}] = true
	}
	has := func(r, c int) bool { return in[[2]int{r, c}] }
	var out []shape
	// end is where an open edge stops along its direction: inset when the
	// next cell along is not in the cage, past the corner when the cell
	// diagonally beyond (on the open side) is, at the corner otherwise.
	end := func(next, beyond bool) float64 {
		switch {
		case !next:
			return d
		case beyond:
			return -d
		}
		return 0
	}
	for key := range in {
		r, c := key[0], key[1]
		x, y := float64(c), float64(r)
		if !has(r-1, c) { // top
			a, b := end(has(r, c-1), has(r-1, c-1)), end(has(r, c+1), has(r-1, c+1))
			out = append(out, line(kind, x+a, y+d, x+1-b, y+d))
		}
		if !has(r+1, c) { // bottom
			a, b := end(has(r, c-1), has(r+1, c-1)), end(has(r, c+1), has(r+1, c+1))
			out = append(out, line(kind, x+a, y+1-d, x+1-b, y+1-d))
		}
		if !has(r, c-1) { // left
			a, b := end(has(r-1, c), has(r-1, c-1)), end(has(r+1, c), has(r+1, c-1))
			out = append(out, line(kind, x+d, y+a, x+d, y+1-b))
		}
		if !has(r, c+1) { // right
			a, b := end(has(r-1, c), has(r-1, c+1)), end(has(r+1, c), has(r+1, c+1))
			out = append(out, line(kind, x+1-d, y+a, x+1-d, y+1-b))
		}
	}
	// Map order varies: sort for a stable drawing (and stable tests).
	sortShapes(out)
	return out
}

func sortShapes(s []shape) {
	key := func(x shape) string { return fmt.Sprint(x.attrs) }
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && key(s[j]) < key(s[j-1]); j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

// arrowShapes draws an arrow: its circle (a pill for two or three cells),
// its line from the circle's edge and a head at the end.
func arrowShapes(n int, a *solver.Arrow) []shape {
	var out []shape
	if len(a.Circle) == 1 {
		x, y := centre(n, a.Circle[0])
		out = append(out, circle("arrow-circle", x, y, 0.4))
	} else {
		x0, y0, x1, y1 := float64(n), float64(n), 0.0, 0.0
		for _, c := range a.Circle {
			x0, y0 = min(x0, float64(c%n)), min(y0, float64(c/n))
			x1, y1 = max(x1, float64(c%n+1)), max(y1, float64(c/n+1))
		}
		out = append(out, rect("arrow-circle", x0+0.1, y0+0.1, x1-x0-0.2, y1-y0-0.2, 0.4))
	}
	if len(a.Line) == 0 {
		return out
	}
	// The line starts at the circle cell next to its first cell.
	start := a.Circle[0]
	for _, c := range a.Circle {
		if dist(n, c, a.Line[0]) < dist(n, start, a.Line[0]) {
			start = c
		}
	}
	sx, sy := centre(n, start)
	fx, fy := centre(n, a.Line[0])
	dx, dy := fx-sx, fy-sy
	l := hyp(dx, dy)
	sx, sy = sx+dx/l*0.4, sy+dy/l*0.4 // from the circle's edge
	pts := num(sx) + "," + num(sy) + " " + points(n, a.Line)
	out = append(out, shape{tag: "polyline", kind: "arrow", attrs: [][2]string{{"points", pts}}})
	// The head: two strokes back from the last cell's centre.
	ex, ey := centre(n, a.Line[len(a.Line)-1])
	px, py := sx, sy
	if len(a.Line) > 1 {
		px, py = centre(n, a.Line[len(a.Line)-2])
	}
	dx, dy = ex-px, ey-py
	l = hyp(dx, dy)
	ux, uy := dx/l, dy/l
	const back, wide = 0.28, 0.2
	out = append(out,
		line("arrow", ex, ey, ex-ux*back-uy*wide, ey-uy*back+ux*wide),
		line("arrow", ex, ey, ex-ux*back+uy*wide, ey-uy*back-ux*wide))
	return out
}

func dist(n, a, b int) int { return abs(a/n-b/n) + abs(a%n-b%n) }

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func hyp(x, y float64) float64 { return math.Hypot(x, y) }

// extremumShapes draws a minimum (chevrons pointing in: smaller than its
// neighbours) or maximum (chevrons pointing out) cell, lightly shaded.
func extremumShapes(n, c int, minimum bool) []shape {
	x, y := float64(c%n), float64(c/n)
	out := []shape{rect("extremum", x, y, 1, 1, 0)}
	tip, base := 0.1, 0.24 // distance from the edge of the chevron's tip and its arms
	if !minimum {
		tip, base = base, tip
	}
	const w = 0.14
	out = append(out,
		shape{tag: "polyline", kind: "chevron", attrs: [][2]string{{"points", fmt.Sprintf("%s,%s %s,%s %s,%s", num(x+0.5-w), num(y+tip), num(x+0.5), num(y+base), num(x+0.5+w), num(y+tip))}}},
		shape{tag: "polyline", kind: "chevron", attrs: [][2]string{{"points", fmt.Sprintf("%s,%s %s,%s %s,%s", num(x+0.5-w), num(y+1-tip), num(x+0.5), num(y+1-base), num(x+0.5+w), num(y+1-tip))}}},
		shape{tag: "polyline", kind: "chevron", attrs: [][2]string{{"points", fmt.Sprintf("%s,%s %s,%s %s,%s", num(x+tip), num(y+0.5-w), num(x+base), num(y+0.5), num(x+tip), num(y+0.5+w))}}},
		shape{tag: "polyline", kind: "chevron", attrs: [][2]string{{"points", fmt.Sprintf("%s,%s %s,%s %s,%s", num(x+1-tip), num(y+0.5-w), num(x+1-base), num(y+0.5), num(x+1-tip), num(y+0.5+w))}}},
	)
	return out
}

// littleKillerShapes draws a little killer clue outside the grid, one step
// before its diagonal's first cell, with a small arrow along the diagonal.
func littleKillerShapes(n int, k *solver.LittleKiller) []shape {
	first := k.Cells[0]
	dr, dc := 1, 1
	if len(k.Cells) > 1 {
		dr, dc = k.Cells[1]/n-first/n, k.Cells[1]%n-first%n
	} else { // a corner cell: the clue sits outside that corner
		if first/n == n-1 {
			dr = -1
		}
		if first%n == n-1 {
			dc = -1
		}
	}
	cx, cy := centre(n, first)
	x, y := cx-float64(dc)*0.8, cy-float64(dr)*0.8
	ax, ay := x+float64(dc)*0.25, y+float64(dr)*0.25
	return []shape{
		label("outside", x-float64(dc)*0.08, y-float64(dr)*0.02+0.08, strconv.Itoa(k.Sum)),
		line("lk-arrow", ax, ay, ax+float64(dc)*0.2, ay+float64(dr)*0.2),
	}
}

// ordinal writes 1 as "first", 2 as "second" ... up to 9, then "10th".
func ordinal(i int) string {
	words := []string{"first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth"}
	if i >= 1 && i <= len(words) {
		return words[i-1]
	}
	return strconv.Itoa(i) + "th"
}

// boxPositions returns each cell's place in its box or region, 1 to N in
// reading order (what a box indexer's digit counts).
func boxPositions(r *solver.Rules) []int {
	n := r.Size
	out := make([]int, n*n)
	for k := 0; k < n; k++ {
		cells := slices.Sorted(slices.Values(r.Unit(2*n + k)))
		for p, c := range cells {
			out[c] = p + 1
		}
	}
	return out
}

// cellNotes says, for each cell, the constraints it is part of, for its
// accessible name: "in a cage of 3 summing to 12; on a thermometer, third
// from the bulb".
func cellNotes(r *solver.Rules) []string {
	n := r.Size
	notes := make([][]string, n*n)
	add := func(c int, s string) { notes[c] = append(notes[c], s) }
	if r.Regions != nil {
		for k, reg := range r.Regions {
			for _, c := range reg {
				add(c, "region "+strconv.Itoa(k+1))
			}
		}
	}
	for _, e := range r.Extra {
		for _, c := range e.Cells {
			add(c, "in the "+e.Name)
		}
	}
	name := r.CellName
	others := func(cells []int, c int) string {
		var s []string
		for _, o := range cells {
			if o != c {
				s = append(s, name(o))
			}
		}
		return strings.Join(s, ", ")
	}
	for _, con := range r.Constraints {
		switch k := con.(type) {
		case *solver.Killer:
			for _, c := range k.Cells {
				if k.Sum > 0 {
					add(c, fmt.Sprintf("in a cage of %d summing to %d", len(k.Cells), k.Sum))
				} else {
					add(c, fmt.Sprintf("in a cage of %d without repeats", len(k.Cells)))
				}
			}
		case *solver.Thermometer:
			for i, c := range k.Cells {
				if i == 0 {
					add(c, fmt.Sprintf("the bulb of a thermometer of %d", len(k.Cells)))
				} else {
					add(c, fmt.Sprintf("on a thermometer, %s from the bulb", ordinal(i+1)))
				}
			}
		case *solver.Arrow:
			for _, c := range k.Circle {
				add(c, fmt.Sprintf("in an arrow's circle: the sum of %s", others(k.Line, -1)))
			}
			for i, c := range k.Line {
				add(c, fmt.Sprintf("on an arrow, %s from the circle", ordinal(i+1)))
			}
		case *solver.LittleKiller:
			for _, c := range k.Cells {
				add(c, fmt.Sprintf("on a little killer diagonal summing to %d", k.Sum))
			}
		case *solver.Whispers:
			for _, c := range k.Cells {
				add(c, "on a German whispers line")
			}
		case *solver.RowIndexer:
			for _, c := range k.Cells {
				add(c, fmt.Sprintf("a row indexer: its digit is the row of column %d that holds %d", c%n+1, c/n+1))
			}
		case *solver.ColumnIndexer:
			for _, c := range k.Cells {
				add(c, fmt.Sprintf("a column indexer: its digit is the column of row %d that holds %d", c/n+1, c%n+1))
			}
		case *solver.BoxIndexer:
			pos := boxPositions(r)
			for _, c := range k.Cells {
				add(c, fmt.Sprintf("a box indexer: its digit is the place in its box, in reading order, that holds %d", pos[c]))
			}
		case *solver.Renban:
			for _, c := range k.Cells {
				add(c, fmt.Sprintf("on a renban line of %d", len(k.Cells)))
			}
		case *solver.Palindrome:
			for i, c := range k.Cells {
				add(c, fmt.Sprintf("on a palindrome line, mirrors %s", name(k.Cells[len(k.Cells)-1-i])))
			}
		case *solver.Between:
			for i, c := range k.Cells {
				if i == 0 || i == len(k.Cells)-1 {
					add(c, "an end of a between line")
				} else {
					add(c, "on a between line")
				}
			}
		case *solver.Clone:
			for i, c := range k.Cells {
				add(c, "cloned with "+name(k.Clones[i]))
				add(k.Clones[i], "cloned with "+name(c))
			}
		case *solver.Difference:
			what := "a white dot"
			if k.Diff > 1 {
				what += " of " + strconv.Itoa(k.Diff)
			}
			add(k.Cells[0], what+" with "+name(k.Cells[1]))
			add(k.Cells[1], what+" with "+name(k.Cells[0]))
		case *solver.Ratio:
			what := "a black dot"
			if k.Ratio > 2 {
				what += " of ratio " + strconv.Itoa(k.Ratio)
			}
			add(k.Cells[0], what+" with "+name(k.Cells[1]))
			add(k.Cells[1], what+" with "+name(k.Cells[0]))
		case *solver.XV:
			what := fmt.Sprintf("sums to %d", k.Sum)
			switch k.Sum {
			case 10:
				what = "an X (sum 10)"
			case 5:
				what = "a V (sum 5)"
			}
			add(k.Cells[0], what+" with "+name(k.Cells[1]))
			add(k.Cells[1], what+" with "+name(k.Cells[0]))
		case *solver.Odd:
			add(k.Cell, "odd")
		case *solver.Even:
			add(k.Cell, "even")
		case *solver.Minimum:
			add(k.Cell, "a minimum: smaller than its neighbours")
		case *solver.Maximum:
			add(k.Cell, "a maximum: larger than its neighbours")
		case *solver.Quadruple:
			var ds []string
			for _, d := range k.Digits {
				ds = append(ds, strconv.Itoa(d))
			}
			for _, c := range k.Cells {
				add(c, "by a quadruple of "+strings.Join(ds, ", "))
			}
		}
	}
	out := make([]string, n*n)
	for c, ns := range notes {
		out[c] = strings.Join(ns, "; ")
	}
	return out
}

// shadedCells marks the cells the board shades for the classic game's
// variant (the diagonals); a variant puzzle's extra regions are shaded by
// its rules' drawing instead.
func shadedCells(g *game) []bool {
	if g.Custom != nil {
		return nil
	}
	return extraUnitCells(g.Rules())
}

// rulesText lists a variant puzzle's rules in words, one sentence each
// (solver.Rules.Describe), in a disclosure under the board.
type rulesText struct {
	app.Compo

	Rules         *solver.Rules
	Title, Author string // the puzzle's, when its data names them
}

func (t *rulesText) Render() app.UI {
	lines := t.Rules.Describe()
	head := fmt.Sprintf("Rules (%d)", len(lines))
	if t.Title != "" {
		head = "“" + t.Title + "”"
		if t.Author != "" {
			head += " by " + t.Author
		}
		head += fmt.Sprintf(": rules (%d)", len(lines))
	}
	return app.Details().ID("rules").Class("rules").Open(true).Body(
		app.Summary().Text(head),
		app.Ul().Class("rules-list").Body(
			app.Range(lines).Slice(func(i int) app.UI { return app.Li().Text(lines[i]) }),
		),
	)
}
