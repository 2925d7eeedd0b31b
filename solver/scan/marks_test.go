package scan

import (
	"math"
	"testing"
)

// markOf draws a cell of the rectified grid with paper at 200 and the
// given darkening per pixel (0: paper, 1: black), cuts it as the reader
// does and returns its mark's statistics, or false when it finds no mark.
func markOf(t *testing.T, dark func(x, y float64) float64) (markStat, bool) {
	t.Helper()
	rg := newGray(gridSide, gridSide)
	for i := range rg.pix {
		rg.pix[i] = 200
	}
	// Cell (4, 4) spans 144-180 both ways; its middle is at 162.
	for y := 144; y < 180; y++ {
		for x := 144; x < 180; x++ {
			rg.pix[y*gridSide+x] = uint8(200*(1-dark(float64(x)+0.5-162, float64(y)+0.5-162)) + 0.5)
		}
	}
	var cl cellLines
	for k := 0; k < 9; k++ {
		for i := 0; i <= 9; i++ {
			cl.x[k][i], cl.y[k][i] = i*cellSide, i*cellSide
		}
	}
	f, _, st, _ := cellFeatures(rg, paperLevel(rg), &cl, 4, 4, minContrast, nil)
	return st, f != nil
}

// TestMarkSharpness: printed strokes have sharp edges, a stain fades.
func TestMarkSharpness(t *testing.T) {
	// A printed "1": a bar 3 pixels wide and 18 tall, 80% dark.
	bar := func(x, y float64) float64 {
		if math.Abs(x) < 1.5 && math.Abs(y) < 9 {
			return 0.8
		}
		return 0
	}
	// A stain: a soft blob, 35% darker at its middle, 5 by 7 pixels (sd).
	stain := func(x, y float64) float64 {
		return 0.35 * math.Exp(-(x*x/25+y*y/49)/2)
	}
	b, ok := markOf(t, bar)
	if !ok {
		t.Fatal("the bar was not taken for a mark")
	}
	s, ok := markOf(t, stain)
	if !ok {
		t.Fatal("the stain was not taken for a mark (the mark test proper should refuse it, not the cut)")
	}
	t.Logf("bar %+v, stain %+v", b, s)
	if b.sharp < 0.4 || s.sharp > minSharp {
		t.Errorf("sharpness: bar %.2f, want >= 0.4; stain %.2f, want < %.2f", b.sharp, s.sharp, minSharp)
	}
	if b.contrast < 0.7 || s.contrast > 0.35 {
		t.Errorf("contrast: bar %.2f, want >= 0.7; stain %.2f, want <= 0.35", b.contrast, s.contrast)
	}
}

// TestDropFaintMarks keeps the marks as dark as the grid's median, and
// fainter ones only when they are sharp; a mark filling its inner box
// under half the median's contrast in a cell that is not faint (a grey
// box's screen) goes, sharp or not.
func TestDropFaintMarks(t *testing.T) {
	var feat [81][]float32
	var st [81]markStat
	for c := 0; c < 9; c++ { // nine digits; with the marks below (one faint) the median is 0.725
		feat[c] = []float32{1}
		st[c] = markStat{contrast: 0.7 + 0.025*float64(c), sharp: 0.4}
	}
	cases := []struct {
		cell int
		st   markStat
		keep bool
	}{
		{20, markStat{contrast: 0.5, sharp: 0.4}, true},                            // faint print, sharp
		{21, markStat{contrast: 0.5, sharp: 0.15}, false},                          // a stain as dark, soft
		{22, markStat{contrast: 0.6, sharp: 0.15}, true},                           // nearly as dark as print
		{23, markStat{contrast: 0.2, sharp: 0.9}, false},                           // far fainter than print
		{24, markStat{contrast: 0.33, sharp: 0.4, fills: true}, false},             // a screen, 0.46 of print
		{25, markStat{contrast: 0.33, sharp: 0.4, fills: true, faint: true}, true}, // a faint cell's mark (faintKept judges it)
		{26, markStat{contrast: 0.33, sharp: 0.4}, true},                           // a weak mark (faintKept judges it)
		{27, markStat{contrast: 0.4, sharp: 0.4, fills: true}, true},               // 0.55 of print
	}
	for _, c := range cases {
		feat[c.cell] = []float32{1}
		st[c.cell] = c.st
	}
	dropFaintMarks(&feat, &st)
	for c := 0; c < 9; c++ {
		if feat[c] == nil {
			t.Errorf("digit %d dropped", c)
		}
	}
	for _, c := range cases {
		if (feat[c.cell] != nil) != c.keep {
			t.Errorf("%+v: kept %v, want %v", c.st, feat[c.cell] != nil, c.keep)
		}
	}
}

// TestDropFaintMarksShowThrough: newsprint's texture and the other side's
// print showing through make faint marks (under the grid's least
// contrast) in most empty cells; they are judged against the print's
// marks, not against a median they pull down to their own level. With
// fewer than refDigits marks at the least contrast, the median of every
// mark stays the reference (a grid printed faint throughout).
func TestDropFaintMarksShowThrough(t *testing.T) {
	var feat [81][]float32
	var st [81]markStat
	for c := 0; c < 25; c++ { // the print
		feat[c] = []float32{1}
		st[c] = markStat{contrast: 0.45 + 0.002*float64(c), sharp: 0.45}
	}
	for c := 25; c < 81; c++ { // show-through in the empty cells: faint, sharp letters
		feat[c] = []float32{1}
		st[c] = markStat{contrast: 0.06 + 0.0005*float64(c), sharp: 0.4, faint: true}
	}
	dropFaintMarks(&feat, &st)
	for c := 0; c < 81; c++ {
		if want := c < 25; (feat[c] != nil) != want {
			t.Errorf("cell %d (%+v): kept %v, want %v", c, st[c], feat[c] != nil, want)
		}
	}

	// A grid printed faint throughout: four marks at the least contrast,
	// the digits under it; the faint digits stay.
	var feat2 [81][]float32
	var st2 [81]markStat
	for c := 0; c < 24; c++ {
		feat2[c] = []float32{1}
		st2[c] = markStat{contrast: 0.08, sharp: 0.4, faint: c >= refDigits-1}
	}
	dropFaintMarks(&feat2, &st2)
	for c := 0; c < 24; c++ {
		if feat2[c] == nil {
			t.Errorf("faint grid: mark %d dropped", c)
		}
	}
}

// TestFeaturesEvenLight: a digit's stroke beside a hard shadow's edge
// across its cell. Sampled against the paper's level around each pixel
// (paperLevel), the shadowed paper in the digit's square reads as paper;
// against the cell's one paper level it reads as ink, and the digit as a
// block (the classifier read such 7s as no digit).
func TestFeaturesEvenLight(t *testing.T) {
	rg := newGray(gridSide, gridSide)
	for y := 0; y < gridSide; y++ {
		for x := 0; x < gridSide; x++ {
			v := 200.0
			if x < 160 {
				v = 90 // the shadow, over the cell's left third and beyond
			}
			// Cell (4, 4) spans 144-180 both ways: a bar 3 pixels wide
			// and 18 tall in its middle, right of the shadow's edge.
			if x >= 162 && x < 165 && y >= 153 && y < 171 {
				v = 40
			}
			rg.pix[y*gridSide+x] = uint8(v)
		}
	}
	var cl cellLines
	for k := 0; k < 9; k++ {
		for i := 0; i <= 9; i++ {
			cl.x[k][i], cl.y[k][i] = i*cellSide, i*cellSide
		}
	}
	inked := func(pm *gray) float64 {
		f, _, _, _ := cellFeatures(rg, pm, &cl, 4, 4, minContrast, nil)
		if f == nil {
			t.Fatal("no mark")
		}
		n := 0
		for _, v := range f[:featSide*featSide] {
			if v >= 0.5 {
				n++
			}
		}
		return float64(n) / (featSide * featSide)
	}
	even, flat := inked(paperLevel(rg)), inked(nil)
	t.Logf("share of the digit's square read as ink: %.2f with the light made even, %.2f without", even, flat)
	if even > 0.3 {
		t.Errorf("with the light made even, %.2f of the square reads as ink, want <= 0.3 (the bar is about 0.17)", even)
	}
	if flat < 0.4 {
		t.Errorf("without, %.2f reads as ink: the test's shadow does not reach the digit's square", flat)
	}
}
