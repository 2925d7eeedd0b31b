package scan

import (
	"testing"

	"sudoku/solver"
)

// bowedInk draws the ink of a squared grid whose lines across, in each
// column of cells k, lie off[k][i] pixels under line i's even place (two
// pixels thick, across the column alone), with straight lines down.
func bowedInk(off *[9][10]int) []uint8 {
	ink := make([]uint8, gridSide*gridSide)
	for k := 0; k < 9; k++ {
		for i := 1; i <= 8; i++ {
			y := i*cellSide + off[k][i]
			for x := k * cellSide; x < (k+1)*cellSide; x++ {
				ink[y*gridSide+x], ink[(y+1)*gridSide+x] = 1, 1
			}
		}
	}
	for i := 1; i <= 8; i++ {
		for y := 0; y < gridSide; y++ {
			ink[y*gridSide+i*cellSide], ink[y*gridSide+i*cellSide+1] = 1, 1
		}
	}
	return ink
}

// TestAlongLines: a page bowing down at the grid's bottom-left puts
// column 1's lines across 9 and 10 pixels under their band's place at
// lines 7 and 8 (the columns beside less): farther than cellLines looks
// (a sixth of a cell), it keeps the band's place, where there is no line;
// alongLines puts them where the lines of columns 2 and 3 lead. A line
// where it is stays, however its neighbours lie, and a place with no
// line near where they lead stays too.
func TestAlongLines(t *testing.T) {
	var gl gridLines
	for b := 0; b < 3; b++ {
		for i := 0; i <= 9; i++ {
			gl.x[b][i], gl.y[b][i] = i*cellSide, i*cellSide
		}
	}
	var off [9][10]int
	// Column 1 bows down to 10 pixels at line 8; columns 2 and 3 less.
	off[0] = [10]int{0, 0, 1, 2, 3, 4, 5, 9, 10, 0}
	off[1] = [10]int{0, 0, 1, 1, 2, 3, 3, 5, 6, 0}
	off[2] = [10]int{0, 0, 0, 1, 1, 2, 2, 3, 3, 0}
	cl := gl.cellLines(bowedInk(&off))
	for i := 1; i <= 8; i++ {
		if got, want := cl.y[0][i], i*cellSide+off[0][i]; got < want-1 || got > want+2 {
			t.Errorf("column 1, line %d: at %d, want %d (the line's ink %d-%d)", i, got, want, want, want+1)
		}
	}
	// Column 5's line 4 lies 5 pixels under its neighbours' (a line
	// printed so): it stays where its ink is.
	off = [9][10]int{}
	off[4][4] = 5
	cl = gl.cellLines(bowedInk(&off))
	if got := cl.y[4][4]; got != 4*cellSide+5 && got != 4*cellSide+6 {
		t.Errorf("column 5, line 4: at %d, want %d (its ink)", got, 4*cellSide+5)
	}
	// Column 1's line 7 missing (no ink), its neighbours bowed: nothing
	// near where they lead, and the band's place lies more than gapRows
	// from there, no line either: it is put where they lead (a faint
	// line's ink lost, finder "strongly bowed page" 46).
	off[0] = [10]int{0, 0, 1, 2, 3, 4, 5, 9, 10, 0}
	off[1] = [10]int{0, 0, 1, 1, 2, 3, 3, 5, 6, 0}
	off[2] = [10]int{0, 0, 0, 1, 1, 2, 2, 3, 3, 0}
	ink := bowedInk(&off)
	erase := func(k, i int) {
		for x := k * cellSide; x < (k+1)*cellSide; x++ {
			y := i*cellSide + off[k][i]
			ink[y*gridSide+x], ink[(y+1)*gridSide+x] = 0, 0
		}
	}
	erase(0, 7)
	cl = gl.cellLines(ink)
	if got, want := cl.y[0][7], 2*(7*cellSide+off[1][7])-(7*cellSide+off[2][7]); got != want {
		t.Errorf("column 1, line 7 missing: at %d, want %d, where columns 2 and 3 lead", got, want)
	}
	// Column 5's line 4 missing, its neighbours' 5 pixels under the
	// band's place: within gapRows of where they lead, it stays.
	off = [9][10]int{}
	off[3][4], off[5][4] = 5, 5
	ink = bowedInk(&off)
	erase(4, 4)
	cl = gl.cellLines(ink)
	if got := cl.y[4][4]; got != 4*cellSide {
		t.Errorf("column 5, line 4 missing: at %d, want the band's place %d", got, 4*cellSide)
	}
}

// TestAlongLinesPhoto: in finder "strongly bowed page" 14 the grid bows
// down at its bottom-left, and column 1's lines across rows 8 and 9 lie
// about 10 pixels under stack 1's: cut at stack 1's places, r8c1 was cut
// 10 pixels high (its 5 lost) and r9c1 through its 9 (read 6). With
// alongLines they are cut on their lines and the photo reads exactly,
// both digits read in their cells.
func TestAlongLinesPhoto(t *testing.T) {
	want := mustGrid(t, puzzle)
	img, _, _ := finderPhoto(t, caseIndex(t, finderCases, "strongly bowed page"), 14)
	g, _ := toGray(img)
	rg, gl, _, ok := findGrid(g, nil)
	if !ok {
		t.Fatal("no grid")
	}
	cl := gl.cellLines(threshold(rg, cellSide/2, 0.05))
	for _, i := range []int{7, 8} {
		if d := cl.y[0][i] - gl.y[0][i]; d < 6 {
			t.Errorf("column 1, line %d: at %d, %d pixels under stack 1's (%d), want 6 or more", i, cl.y[0][i], d, gl.y[0][i])
		}
	}
	rd, err := ReadImage(img, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if rd.Digits != want {
		t.Errorf("read %s, want %s", rd.Digits, want)
	}
	for _, c := range rd.Corrections {
		if c.Cell == 63 || c.Cell == 72 {
			t.Errorf("%s corrected %+v, want it read in its cell", solver.CellName(c.Cell), c)
		}
	}
}

// TestAlongLinesFaintPhoto: in finder "strongly bowed page" 46 the line
// across column 7 between rows 1 and 2 is faint, under the ink's
// threshold, and lies about 30 pixels down (columns 6 and 8: 27 and 32);
// stack 3's place (37) lies near the top of r2c7's 8, and cellLines put
// the line on it, at 41: the 8, cut short, was read 5. Put where the
// lines beside lead, the 8 is read and the photo exactly.
func TestAlongLinesFaintPhoto(t *testing.T) {
	want := mustGrid(t, puzzle)
	img, _, _ := finderPhoto(t, caseIndex(t, finderCases, "strongly bowed page"), 46)
	g, _ := toGray(img)
	rg, gl, _, ok := findGrid(g, nil)
	if !ok {
		t.Fatal("no grid")
	}
	cl := gl.cellLines(threshold(rg, cellSide/2, 0.05))
	if got := cl.y[6][1]; got < 27 || got > 33 {
		t.Errorf("column 7, line 1: at %d, want 27-33", got)
	}
	rd, err := ReadImage(img, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if rd.Digits != want {
		t.Errorf("read %s, want %s", rd.Digits, want)
	}
}

// TestAcrossBands: a hard shadow's edge runs down the grid's first band
// of rows 12 pixels left of line 5 (its dark side a band of ink three
// pixels wide), and findLines put band 1's line 5 on it: cellLines,
// looking a sixth of a cell about the band's place, cut rows 1-3 on the
// edge. The other two bands put line 5 at 180, and a line runs there
// through band 1 too: acrossBands puts band 1's there, and the rows are
// cut on it. A band whose line lies elsewhere because the page bows, no
// line where the others put it, keeps its own.
func TestAcrossBands(t *testing.T) {
	var gl gridLines
	for b := 0; b < 3; b++ {
		for i := 0; i <= 9; i++ {
			gl.x[b][i], gl.y[b][i] = i*cellSide, i*cellSide
		}
	}
	ink := make([]uint8, gridSide*gridSide)
	down := func(x, y0, y1 int) {
		for y := y0; y < y1; y++ {
			ink[y*gridSide+x] = 1
		}
	}
	for i := 1; i <= 8; i++ {
		for y := 0; y < gridSide; y++ {
			ink[i*cellSide*gridSide+y], ink[(i*cellSide+1)*gridSide+y] = 1, 1 // lines across
		}
		if i != 5 {
			down(i*cellSide, 0, gridSide)
			down(i*cellSide+1, 0, gridSide)
		}
	}
	down(180, 0, gridSide) // line 5, a pixel wide
	for x := 167; x < 170; x++ {
		down(x, 0, 3*cellSide) // the shadow's edge through band 1
	}
	gl.x[0][5] = 168
	cl := gl.cellLines(ink)
	for r := 0; r < 3; r++ {
		if got := cl.x[r][5]; got < 179 || got > 181 {
			t.Errorf("row %d, line 5: at %d, want 180 (the line, not the shadow's edge at 167-169)", r+1, got)
		}
	}
	if gl.x[0][5] != 168 {
		t.Errorf("cellLines changed the band's line: %d, want 168", gl.x[0][5])
	}
	// Band 2's line 5 at 172 (a bow), its ink there: it stays.
	clear(ink)
	for i := 1; i <= 8; i++ {
		for y := 0; y < gridSide; y++ {
			ink[i*cellSide*gridSide+y], ink[(i*cellSide+1)*gridSide+y] = 1, 1
		}
	}
	down(180, 0, 3*cellSide)
	down(172, 3*cellSide, 6*cellSide)
	down(180, 6*cellSide, gridSide)
	gl.x[0][5], gl.x[1][5] = 180, 172
	cl = gl.cellLines(ink)
	for r := 3; r < 6; r++ {
		if got := cl.x[r][5]; got < 171 || got > 173 {
			t.Errorf("bowed band, row %d, line 5: at %d, want 172", r+1, got)
		}
	}
}

// TestAcrossBandsPhotos: in finder "hard shadow" 28 findLines put stack
// 1's line 8 on a shadow's edge (299; stacks 2 and 3: 287), and r9c1
// was cut 19 pixels tall, through its 9; in the tuning draw's "hard
// shadow" 0 band 1's line 5 lay on one (168; bands 2 and 3: 180), and
// r3c5 was cut 18 pixels wide, through its 6. Each digit was lost, and
// its photo. With acrossBands both read exactly.
func TestAcrossBandsPhotos(t *testing.T) {
	if rd := readFinder(t, "hard shadow", 28); rd.Digits != mustGrid(t, puzzle) {
		t.Errorf("finder \"hard shadow\" 28: read %s, want %s", rd.Digits, puzzle)
	}
	fonts, err := systemFonts(stressFonts)
	if err != nil {
		fontsMissing(t, "no DejaVu or Liberation fonts (apt-get install fonts-dejavu-core fonts-dejavu-extra fonts-liberation)")
	}
	want, _, img, _, _ := unseenShadow(t, fonts, 6000, caseIndex(t, unseenCases, "hard shadow"), 0)
	rd, err := ReadImage(img, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if rd.Digits != want {
		t.Errorf("tuning draw \"hard shadow\" 0: read %s, want %s", rd.Digits, want)
	}
}
