package scan

import (
	"fmt"
	"image"
	"math/rand/v2"
	"os"
	"testing"

	"sudoku/internal/persp"
	"sudoku/internal/scansynth"
	"sudoku/solver"
)

// stressFonts are fonts the classifier never trained on (Debian's DejaVu
// and Liberation), in several weights and widths.
var stressFonts = []string{
	"dejavu/DejaVuSans.ttf", "dejavu/DejaVuSans-Bold.ttf", "dejavu/DejaVuSerif.ttf",
	"dejavu/DejaVuSansCondensed-Bold.ttf", "liberation/LiberationSans-Regular.ttf",
	"liberation/LiberationSans-Bold.ttf", "liberation/LiberationSerif-Regular.ttf",
	"liberation/LiberationSerif-Bold.ttf", "liberation/LiberationSansNarrow-Regular.ttf",
}

// stressCases are the troubles the stress set draws, each on top of the
// random style of training (rotation, perspective, blur, noise, shadow,
// JPEG, line widths); "all" draws touching print, a bowed page and faint
// print at once. "faint print in a shadow", then "stains and folds in
// empty cells" came last (2026-11-26), so that the cases before them draw
// the same photos as before.
var stressCases = []struct {
	name string
	set  func(rng *rand.Rand, s *scansynth.Style)
}{
	{"plain", func(*rand.Rand, *scansynth.Style) {}},
	{"touching print", func(_ *rand.Rand, s *scansynth.Style) { s.Touch = true }},
	{"bowed page", func(rng *rand.Rand, s *scansynth.Style) { s.Bow = (rng.Float64()*2 - 1) * 0.03 }},
	{"faint print", func(rng *rand.Rand, s *scansynth.Style) { s.Faint = 0.4 + 0.3*rng.Float64() }},
	{"all", func(rng *rand.Rand, s *scansynth.Style) {
		s.Touch = true
		s.Bow = (rng.Float64()*2 - 1) * 0.03
		s.Faint = 0.5 * rng.Float64()
	}},
	{"faint print in a shadow", func(rng *rand.Rand, s *scansynth.Style) {
		s.Faint = 0.4 + 0.3*rng.Float64()
		s.Shadow = 0.5 + 0.3*rng.Float64()
	}},
	{"stains and folds in empty cells", func(rng *rand.Rand, s *scansynth.Style) {
		s.Smudges = 2 + rng.IntN(7)
		s.Folds = rng.IntN(2)
	}},
}

// stressPuzzles are the puzzles the stress set prints, in turn.
var stressPuzzles = []string{puzzle,
	"..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
	"52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
}

// systemFonts loads the fonts of Debian's packages named by their paths
// under /usr/share/fonts/truetype; the first that fails ends it.
func systemFonts(names []string) ([]scansynth.Font, error) {
	fonts := make([]scansynth.Font, 0, len(names))
	for _, p := range names {
		f, err := scansynth.LoadFont("/usr/share/fonts/truetype/" + p)
		if err != nil {
			return nil, err
		}
		fonts = append(fonts, f)
	}
	return fonts, nil
}

// TestMeasureStress reads synthetic photos of puzzles in fonts the
// classifier never trained on, with the troubles of stressCases, and
// prints per case the photos read exactly and the cells right
// (SUDOKU_MEASURE=1, `make measure-scan`; SUDOKU_STRESS=N photos a case,
// default 60; SUDOKU_NET=FILE reads with other weights).
func TestMeasureStress(t *testing.T) {
	if os.Getenv("SUDOKU_MEASURE") == "" {
		t.Skip("SUDOKU_MEASURE not set")
	}
	fonts, err := systemFonts(stressFonts)
	if err != nil {
		t.Skipf("%v (apt-get install fonts-dejavu-core fonts-liberation)", err)
	}
	opt := measureOptions(t)
	n := 60
	if v := os.Getenv("SUDOKU_STRESS"); v != "" {
		fmt.Sscan(v, &n)
	}
	var all photoTally
	for ci, c := range stressCases {
		var tl photoTally
		for i := 0; i < n; i++ {
			want, s, img := stressPhoto(t, fonts, ci, i)
			rd, err := ReadImage(img, opt)
			if err != nil {
				tl.Add(want, nil)
				continue
			}
			tl.Add(want, &rd.Digits)
			if dir := os.Getenv("SUDOKU_STRESS_DIR"); dir != "" && rd.Digits != want {
				var bad []string
				for k := range want {
					if rd.Digits[k] != want[k] {
						bad = append(bad, fmt.Sprintf("%d>%d", want[k], rd.Digits[k]))
					}
				}
				name := fmt.Sprintf("%s/%d-%03d.png", dir, ci, i)
				t.Logf("%s (%s, %+v): %v", name, fonts[i%len(fonts)].Name, s, bad)
				os.WriteFile(name, scansynth.PNG(img), 0o644)
			}
		}
		t.Logf("stress, %s: %v", c.name, tl.Tally)
		all.Merge(tl.Tally)
	}
	t.Logf("stress, every case: %v", all.Tally)
}

// measureOptions returns the options a measurement reads with: the
// weights of the file SUDOKU_NET names, or the shipped ones.
func measureOptions(t *testing.T) Options {
	var opt Options
	if p := os.Getenv("SUDOKU_NET"); p != "" {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		opt.Net = new(Net)
		if err := opt.Net.UnmarshalBinary(b); err != nil {
			t.Fatal(err)
		}
	}
	return opt
}

// stressPhoto draws photo i of stress case ci as TestMeasureStress does.
func stressPhoto(tb testing.TB, fonts []scansynth.Font, ci, i int) (solver.Grid, scansynth.Style, image.Image) {
	tb.Helper()
	want, s, img, _ := stressCorners(tb, fonts, ci, i)
	return want, s, img
}

// stressCorners is stressPhoto that also returns the grid's true corners.
func stressCorners(tb testing.TB, fonts []scansynth.Font, ci, i int) (solver.Grid, scansynth.Style, image.Image, [4]persp.Point) {
	tb.Helper()
	rng := rand.New(rand.NewPCG(uint64(1000+ci), uint64(i)))
	want := mustGrid(tb, stressPuzzles[i%len(stressPuzzles)])
	s := scansynth.Random(rng)
	stressCases[ci].set(rng, &s)
	img, q, err := scansynth.Render(rng, want, fonts[i%len(fonts)], s)
	if err != nil {
		tb.Fatal(err)
	}
	return want, s, img, q
}
