package scan

import (
	"testing"

	"sudoku/internal/persp"
	"sudoku/solver"
)

// TestMovedGrid: the grid squared with its outline moved shortShift
// pixels past a side (movedGrid) is the squared grid shifted by as much,
// pixel for pixel, and its lines move with it.
func TestMovedGrid(t *testing.T) {
	img, _, _ := finderPhoto(t, caseIndex(t, finderCases, "thick rule and touching print"), 0)
	g, _ := toGray(img)
	rg, gl, q, straight, ok := findGridFrom(g, nil)
	if !ok || !straight {
		t.Fatalf("no straight grid (found %v, straight %v)", ok, straight)
	}
	cl := gl.cellLines(threshold(rg, cellSide/2, 0.05))
	sq := [4]persp.Point{{X: 0, Y: 0}, {X: gridSide, Y: 0}, {X: gridSide, Y: gridSide}, {X: 0, Y: gridSide}}
	h, ok := persp.FromTo(sq, q)
	if !ok {
		t.Fatal("no homography")
	}
	for side, d := range [4][2]int{{-shortShift, 0}, {shortShift, 0}, {0, -shortShift}, {0, shortShift}} {
		p, m, ok := movedGrid(g, &h, cl, side)
		if !ok {
			t.Fatalf("side %d: not squared", side)
		}
		off := 0
		for y := 0; y < gridSide; y++ {
			for x := 0; x < gridSide; x++ {
				sx, sy := x+d[0], y+d[1]
				if sx < 0 || sy < 0 || sx >= gridSide || sy >= gridSide {
					continue
				}
				if v := int(p.pix[y*gridSide+x]) - int(rg.pix[sy*gridSide+sx]); v > 1 || v < -1 {
					off++
				}
			}
		}
		if off > 0 {
			t.Errorf("side %d: %d pixels differ from the squared grid's shifted by %v", side, off, d)
		}
		if m.x[4][3] != cl.x[4][3]-d[0] || m.y[4][3] != cl.y[4][3]-d[1] {
			t.Errorf("side %d: lines (%d, %d) moved to (%d, %d), want shifted by %v", side, cl.x[4][3], cl.y[4][3], m.x[4][3], m.y[4][3], d)
		}
	}
}

// TestLineNear: a line down the whole span is found where it is among
// digit's strokes beside it that run along half the span; strokes alone
// are no line.
func TestLineNear(t *testing.T) {
	draw := func(lineX, lineLen int) []uint8 {
		ink := make([]uint8, gridSide*gridSide)
		for y := 100; y < 100+lineLen; y++ {
			for x := lineX; x < lineX+3; x++ {
				ink[y*gridSide+x] = 1
			}
		}
		for y := 110; y < 128; y++ {
			for x := 20; x < 24; x++ {
				ink[y*gridSide+x] = 1
			}
		}
		return ink
	}
	if got := lineNear(draw(8, 36), 100, 136, 1, 30, false); got != 9 {
		t.Errorf("line at 8-10 beside strokes: found at %d, want 9", got)
	}
	if got := lineNear(draw(8, 12), 100, 136, 1, 30, false); got != -1 {
		t.Errorf("a third of a line beside strokes: found at %d, want none", got)
	}
	// Across: the picture turned, the line along a row.
	ink := draw(8, 36)
	turned := make([]uint8, len(ink))
	for y := 0; y < gridSide; y++ {
		for x := 0; x < gridSide; x++ {
			turned[x*gridSide+y] = ink[y*gridSide+x]
		}
	}
	if got := lineNear(turned, 100, 136, 1, 30, true); got != 9 {
		t.Errorf("line across at 8-10: found at %d, want 9", got)
	}
}

// TestShortEndsPhoto: in finder "strongly bowed page" 38 the page bows
// out above the outline's top side, so the grid's top line lies past
// the squared picture's edge at r1c1 and the top of its 4 is cut off:
// cut there, the 4 is lost and the photo is not read exactly. Re-cut
// past the edge (shortEnds), the 4 is read in its cell and the photo
// exactly.
func TestShortEndsPhoto(t *testing.T) {
	want := mustGrid(t, puzzle)
	img, _, _ := finderPhoto(t, caseIndex(t, finderCases, "strongly bowed page"), 38)
	g, _ := toGray(img)
	rg, gl, q, straight, ok := findGridFrom(g, nil)
	if !ok || !straight {
		t.Fatalf("no straight grid (found %v, straight %v)", ok, straight)
	}
	const cell = 0
	before := &Extraction{}
	before.cutCells(rg, gl)
	rd, err := before.Read(Options{})
	if err != nil {
		t.Fatal(err)
	}
	if rd.Digits == want {
		t.Errorf("cut at the picture's edge: read exactly, want %s lost", solver.CellName(cell))
	}
	after := &Extraction{from: &outline{g: g, q: q}}
	after.cutCells(rg, gl)
	rd, err = after.Read(Options{})
	if err != nil {
		t.Fatal(err)
	}
	if rd.Digits != want || rd.Solutions != 1 {
		t.Errorf("re-cut: read %s (%d solutions), want %s", rd.Digits, rd.Solutions, want)
	}
	if rd.Digits[cell] != want[cell] || rd.Confidence[cell] < refProb {
		t.Errorf("re-cut: %s read %d at %.2f, want %d at %.2f or more", solver.CellName(cell), rd.Digits[cell], rd.Confidence[cell], want[cell], refProb)
	}
	for _, k := range rd.Corrections {
		if k.Cell == cell {
			t.Errorf("re-cut: %s corrected %+v, want it read in its cell", solver.CellName(cell), k)
		}
	}
	ex, err := Extract(img)
	if err != nil {
		t.Fatal(err)
	}
	if rd, _ := ex.Read(Options{}); rd.Digits != want {
		t.Errorf("Extract: read %s, want %s", rd.Digits, want)
	}
}

// TestShortEndsSlantPhoto: in finder "strongly bowed page" 17 the page
// bows down past the squared picture's bottom edge at r9c1, whose 9 is
// cut off there. The first cut's mark took in a piece of the line above,
// slanting across the cell, and is as tall as the whole 9 re-cut past
// the edge, so the re-cut was not taken (its digit is no larger across
// the side) and the 9 was lost; it is taken when its digit reaches
// further out and no longer to its outer side, and the 9 is read in its
// cell. In stress "bowed page" 51, r1c1's 4 and r8c1's 5 touch their
// cells' outer sides and are found where they were in the re-cut, in a
// larger cell: not re-cut, they are read (re-cut, both were lost).
func TestShortEndsSlantPhoto(t *testing.T) {
	const cell = 72
	want := mustGrid(t, puzzle)
	rd := readFinder(t, "strongly bowed page", 17)
	if rd.Digits != want || rd.Solutions != 1 {
		t.Errorf("read %s (%d solutions), want %s", rd.Digits, rd.Solutions, want)
	}
	if rd.Digits[cell] != want[cell] || rd.Confidence[cell] < refProb {
		t.Errorf("%s read %d at %.2f, want %d at %.2f or more", solver.CellName(cell), rd.Digits[cell], rd.Confidence[cell], want[cell], refProb)
	}
	for _, k := range rd.Corrections {
		if k.Cell == cell {
			t.Errorf("%s corrected %+v, want it read in its cell", solver.CellName(cell), k)
		}
	}
	fonts, err := systemFonts(stressFonts)
	if err != nil {
		fontsMissing(t, "no DejaVu or Liberation fonts (apt-get install fonts-dejavu-core fonts-dejavu-extra fonts-liberation)")
	}
	ci := -1
	for i, c := range stressCases {
		if c.name == "bowed page" {
			ci = i
		}
	}
	if ci < 0 {
		t.Fatal("no stress case \"bowed page\"")
	}
	sw, _, img, _ := stressCorners(t, fonts, ci, 51)
	srd, err := ReadImage(img, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []int{0, 63} {
		if srd.Digits[c] != sw[c] {
			t.Errorf("stress 51: %s read %d at %.2f, want %d", solver.CellName(c), srd.Digits[c], srd.Confidence[c], sw[c])
		}
	}
}

// TestShortEndsNearPhoto: in finder "strongly bowed page" 28 the page
// bows down past the squared picture's bottom edge at r9c1, and its
// faint 9, cut off there, was marked to a pixel short of the inner
// box's bottom: taken as not cut off, it was not re-cut and was lost
// (and the photo with it). Taken as reaching the side (reachesOuter) it
// is re-cut, read in its cell, and the photo reads exactly.
func TestShortEndsNearPhoto(t *testing.T) {
	const cell = 72
	want := mustGrid(t, puzzle)
	rd := readFinder(t, "strongly bowed page", 28)
	if rd.Digits != want || rd.Solutions != 1 {
		t.Errorf("read %s (%d solutions), want %s", rd.Digits, rd.Solutions, want)
	}
	if rd.Digits[cell] != want[cell] {
		t.Errorf("%s read %d at %.2f, want %d", solver.CellName(cell), rd.Digits[cell], rd.Confidence[cell], want[cell])
	}
	for _, k := range rd.Corrections {
		if k.Cell == cell {
			t.Errorf("%s corrected %+v, want it read in its cell", solver.CellName(cell), k)
		}
	}
}
