package scan

import (
	"math"
	"math/rand/v2"
	"testing"

	"sudoku/internal/scansynth"
	"sudoku/solver"
)

// TestPageMarksReadEmpty reads photos whose empty cells hold what a real
// page adds (scansynth's Specks, LineBits, ShadeBoxes, on newsprint with
// the other side showing through), in a trained font and untrained ones,
// without the solver's corrections: no empty cell may get a digit, and
// the digits must be read.
func TestPageMarksReadEmpty(t *testing.T) {
	readSixEmpty(t, 31, true, func(i int) scansynth.Style {
		return scansynth.Style{Rotate: float64(4 - 2*i), Noise: 3, JPEG: 80, Texture: 0.6, ShowThrough: 0.08,
			Specks: 6, LineBits: 3, ShadeBoxes: 0.25 * float64(i%2)}
	})
}

// features returns a mark's features with only its shape set: height,
// and offset of its centre from the cell's (as shares of the cell).
func features(h, dx, dy float32) []float32 {
	f := make([]float32, FeatureLen)
	n := featSide * featSide
	f[n], f[n+2], f[n+3] = h, dx, dy
	return f
}

// TestDigitShape: a grid's digits are alike in height and place; a
// speck, a bit of line or a mark off the cell's middle is not one of them.
func TestDigitShape(t *testing.T) {
	ex := &Extraction{}
	var probs [81][Classes]float32
	for c := 0; c < refDigits; c++ {
		ex.Features[c] = features(0.5+0.01*float32(c), 0.02, -0.01)
		probs[c][1+c] = 0.95
	}
	ex.Features[40] = features(0.3, 0, 0.2) // a fleck read as 7, unsure
	probs[40][7] = 0.8
	if _, ok := digitShape(ex, &probs); !ok {
		t.Fatalf("%d sure digits: no shape", refDigits)
	}
	probs[0][1] = 0.5
	if s, ok := digitShape(ex, &probs); ok {
		t.Fatalf("%d sure digits and an unsure mark: shape %+v, want none", refDigits-1, s)
	}
	probs[0][1] = 0.95
	s, _ := digitShape(ex, &probs)
	if math.Abs(s.h-0.52) > 1e-6 || math.Abs(s.dx-0.02) > 1e-6 || math.Abs(s.dy+0.01) > 1e-6 {
		t.Errorf("shape %+v, want the medians h 0.52, dx 0.02, dy -0.01", s)
	}
	cases := []struct {
		name      string
		h, dx, dy float32
		fits      bool
	}{
		{"a digit", 0.5, 0.05, 0.03, true},
		{"a digit a little taller", 0.6, -0.05, 0, true},
		{"a fleck", 0.3, 0, 0.1, false},
		{"a bit of line across the cell", 0.9, 0, 0, false},
		{"a mark low in the cell", 0.45, 0, 0.2, false},
		{"a mark by the cell's side", 0.5, 0.25, 0, false},
	}
	for _, c := range cases {
		if got := s.fits(features(c.h, c.dx, c.dy)); got != c.fits {
			t.Errorf("%s (h %.2f, dx %.2f, dy %.2f): fits %v, want %v", c.name, c.h, c.dx, c.dy, got, c.fits)
		}
	}
}

// TestEven: a halftone screen inks the inner box evenly; a digit with a
// bit of line along the box's side inks its middle far more.
func TestEven(t *testing.T) {
	const w, h = 25, 25
	screen := make([]uint8, w*h)
	digit := make([]uint8, w*h)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			if (x+y)%3 == 0 {
				screen[y*w+x] = 1
			}
			// A ring 12 pixels across in the middle, and a line along the left side.
			r := math.Hypot(float64(x)-12, float64(y)-12)
			if r > 4 && r < 6.5 || x < 2 {
				digit[y*w+x] = 1
			}
		}
	}
	if !even(screen, w, h) {
		t.Error("a screen: not even")
	}
	if even(digit, w, h) {
		t.Error("a digit with a line beside it: even")
	}
}

// TestBrokenStrokesJoined: a thin digit whose stroke the camera broke in
// three pieces, a few pixels apart, is cut whole, not by its longest
// piece alone.
func TestBrokenStrokesJoined(t *testing.T) {
	rg := newGray(gridSide, gridSide)
	for i := range rg.pix {
		rg.pix[i] = 200
	}
	// Cell (4, 4) spans 144-180 both ways; a bar 2 pixels wide from 150
	// to 174, with gaps of 3 pixels at 157-159 and 166-168.
	for y := 150; y < 174; y++ {
		if y >= 157 && y < 160 || y >= 166 && y < 169 {
			continue
		}
		rg.pix[y*gridSide+161] = 40
		rg.pix[y*gridSide+162] = 40
	}
	var cl cellLines
	for k := 0; k < 9; k++ {
		for i := 0; i <= 9; i++ {
			cl.x[k][i], cl.y[k][i] = i*cellSide, i*cellSide
		}
	}
	f, _, _, _ := cellFeatures(rg, paperLevel(rg), &cl, 4, 4, minContrast, nil)
	if f == nil {
		t.Fatal("no mark")
	}
	// The inner box is 26 pixels tall (150-175): the bar takes 24 of
	// them, its longest piece 7.
	if h := f[featSide*featSide]; h < 0.6 {
		t.Errorf("mark %.2f of the cell tall, want the whole bar (0.67 and more)", h)
	}
}

// TestThinStrokesOnNewsprint: thinned serif digits, blurred, on newsprint
// at its roughest with the other side's print showing through, read
// without the solver's corrections. Most marks fall under the grid's
// least contrast. Judged against the print's marks and read at 0.6 with
// half their contrast, the faint digits are kept: the first photo loses
// at most 2 (7 when faint marks had to be read at 0.9); the letters
// showing through in empty cells, as sharp but fainter, stay empty: the
// second photo is read exactly (without the contrast floor, 2 letters were
// read as digits).
func TestThinStrokesOnNewsprint(t *testing.T) {
	f, err := scansynth.LoadFont("/usr/share/fonts/truetype/liberation/LiberationSerif-Regular.ttf")
	if err != nil {
		fontsMissing(t, "no Liberation fonts (apt-get install fonts-liberation)")
	}
	want := mustGrid(t, puzzle)
	for _, c := range []struct {
		seed         uint64
		rotate, thin float64
		maxLost      int
	}{{29, -2, 0.8, 2}, {17, 0, 0.6, 0}} {
		s := scansynth.Style{Rotate: c.rotate, Noise: 3, JPEG: 80, Blur: 1, Texture: 1, ShowThrough: 0.12, Thin: c.thin}
		img, _, err := scansynth.Render(rand.New(rand.NewPCG(c.seed, 77)), want, f, s)
		if err != nil {
			t.Fatal(err)
		}
		rd, err := ReadImage(img, Options{NoCorrect: true})
		if err != nil {
			t.Fatalf("photo %d: %v", c.seed, err)
		}
		lost := 0
		for k, d := range rd.Digits {
			switch {
			case want[k] == 0 && d != 0:
				t.Errorf("photo %d: %s read %d, want empty", c.seed, solver.CellName(k), d)
			case want[k] != 0 && d == 0:
				lost++
			case d != want[k] && c.maxLost == 0:
				t.Errorf("photo %d: %s read %d, want %d", c.seed, solver.CellName(k), d, want[k])
			}
		}
		if lost > c.maxLost {
			t.Errorf("photo %d: %d digits read empty, want at most %d", c.seed, lost, c.maxLost)
		}
	}
}
