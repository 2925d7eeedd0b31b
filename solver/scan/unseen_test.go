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
	"sudoku/solver/generate"
)

// unseenFonts are fonts that neither the classifier's training nor any
// tuning of the reader used (Debian's fonts-freefont-ttf,
// fonts-crosextra-carlito and -caladea, fonts-lato, fonts-open-sans):
// newspaper-like sans and serif faces, regular and bold.
var unseenFonts = []string{
	"freefont/FreeSans.ttf", "freefont/FreeSansBold.ttf", "freefont/FreeSerif.ttf", "freefont/FreeSerifBold.ttf",
	"crosextra/Carlito-Regular.ttf", "crosextra/Carlito-Bold.ttf", "crosextra/Caladea-Regular.ttf", "crosextra/Caladea-Bold.ttf",
	"lato/Lato-Regular.ttf", "lato/Lato-Bold.ttf", "open-sans/OpenSans-Regular.ttf", "open-sans/OpenSans-Bold.ttf",
}

// unseenPackages are the Debian packages of unseenFonts.
const unseenPackages = "fonts-freefont-ttf fonts-crosextra-carlito fonts-crosextra-caladea fonts-lato fonts-open-sans"

// newsprint is the page every unseen photo is printed on, over the
// training's random style: newsprint's texture and, half the time, the
// other side's print showing through.
func newsprint(rng *rand.Rand, s *scansynth.Style) {
	s.Texture = 0.3 + 0.7*rng.Float64()
	if rng.IntN(2) == 0 {
		s.ShowThrough = 0.04 + 0.12*rng.Float64()
	}
}

// unseenCases are the troubles of the unseen set, each on newsprint.
var unseenCases = []synthCase{
	{"newsprint", func(*rand.Rand, *scansynth.Style) {}},
	{"specks and flecks in empty cells", func(rng *rand.Rand, s *scansynth.Style) { s.Specks = 2 + rng.IntN(7) }},
	{"bits of line in empty cells", func(rng *rand.Rand, s *scansynth.Style) { s.LineBits = 2 + rng.IntN(5) }},
	{"grey boxes", func(rng *rand.Rand, s *scansynth.Style) { s.ShadeBoxes = 0.1 + 0.3*rng.Float64() }},
	{"crumpled page", func(rng *rand.Rand, s *scansynth.Style) { s.Crumple = 1.5 + 3.5*rng.Float64() }},
	{"thin strokes", func(rng *rand.Rand, s *scansynth.Style) {
		s.Thin = 0.4 + 0.6*rng.Float64()
		s.Stroke = -rng.IntN(2)
	}},
	{"hard shadow", func(rng *rand.Rand, s *scansynth.Style) {
		s.Shadow = 0.5 + 0.3*rng.Float64()
		s.HardShadow = 1 + 8*rng.Float64()
	}},
	{"bowed page", func(rng *rand.Rand, s *scansynth.Style) {
		s.Bow = (0.01 + 0.03*rng.Float64()) * float64(1-2*rng.IntN(2))
	}},
	{"everything", func(rng *rand.Rand, s *scansynth.Style) {
		s.Specks = rng.IntN(4)
		s.LineBits = rng.IntN(3)
		s.ShadeBoxes = 0.3 * rng.Float64() * float64(rng.IntN(2))
		s.Crumple = 3 * rng.Float64()
		s.Thin = 0.6 * rng.Float64()
		s.Bow = (rng.Float64()*2 - 1) * 0.025
		s.Faint = 0.3 * rng.Float64()
	}},
}

// unseenPhoto draws photo i of unseen case ci from seed base (the same
// numbers give the same photo): a puzzle of the generator (one solution,
// symmetric clues, as papers print), in font i%len(fonts).
func unseenPhoto(tb testing.TB, fonts []scansynth.Font, base uint64, ci, i int) (solver.Grid, scansynth.Style, image.Image) {
	tb.Helper()
	want, s, img, _, _ := unseenShadow(tb, fonts, base, ci, i)
	return want, s, img
}

// unseenShadow is unseenPhoto that also returns the grid's true corners
// and where the photo's shadow's edge runs.
func unseenShadow(tb testing.TB, fonts []scansynth.Font, base uint64, ci, i int) (solver.Grid, scansynth.Style, image.Image, [4]persp.Point, scansynth.ShadowEdge) {
	tb.Helper()
	return unseenRender(tb, fonts, base, ci, i, nil)
}

// unseenRender is unseenShadow with the style changed by tweak, when not
// nil, after it is drawn (a tweak that draws nothing from the rng, such as
// NoDigits, or Noise and JPEG set to 0, which draw last, gives the same
// photo but for what it changes).
func unseenRender(tb testing.TB, fonts []scansynth.Font, base uint64, ci, i int, tweak func(*scansynth.Style)) (solver.Grid, scansynth.Style, image.Image, [4]persp.Point, scansynth.ShadowEdge) {
	tb.Helper()
	rng := rand.New(rand.NewPCG(base+uint64(ci), uint64(i)))
	p, err := generate.Generate(generate.Options{Symmetry: generate.Rotational, Seed: base<<20 + uint64(ci)<<12 + uint64(i)})
	if err != nil {
		tb.Fatal(err)
	}
	s := scansynth.Random(rng)
	newsprint(rng, &s)
	unseenCases[ci].set(rng, &s)
	if tweak != nil {
		tweak(&s)
	}
	img, corners, edge, err := scansynth.RenderShadow(rng, p.Grid, fonts[i%len(fonts)], s)
	if err != nil {
		tb.Fatal(err)
	}
	return p.Grid, s, img, corners, edge
}

// unseenSeed returns the seed of an unseen set that the environment
// variable name gives, if set: a number outside the tuning draw's seeds
// (6000 on, one a case), since an unseen set drawn from those would be
// the tuning draw in other fonts.
func unseenSeed(t *testing.T, name string) (uint64, bool) {
	v := os.Getenv(name)
	if v == "" {
		return 0, false
	}
	var seed uint64
	if _, err := fmt.Sscan(v, &seed); err != nil || seed >= 6000 && seed < 6000+uint64(len(unseenCases)) {
		t.Fatalf("%s=%q: want a number outside the tuning draw's 6000-%d", name, v, 6000+len(unseenCases)-1)
	}
	return seed, true
}

// TestMeasureUnseen reads the unseen set: synthetic photos nothing was
// trained or tuned on (fonts of unseenFonts, seeds from 5000), each on
// newsprint with one of unseenCases' troubles, and prints per case the
// photos read exactly, the cells right and the digits invented
// (SUDOKU_MEASURE=1, `make measure-scan-unseen`; SUDOKU_UNSEEN=N photos a
// case, default 40; SUDOKU_NET=FILE reads with other weights). With
// SUDOKU_UNSEEN_TUNE=1 it draws a set to tune on instead: the same cases
// in the stress set's fonts (DejaVu, Liberation), seeds from 6000.
// SUDOKU_UNSEEN_SEED=N draws the unseen set from seed N instead of 5000: a
// fresh draw of the same cases and fonts, for a check that no earlier
// reading of the set can have shaped (the set from 5000 has been read
// at the end of many passes).
func TestMeasureUnseen(t *testing.T) {
	if os.Getenv("SUDOKU_MEASURE") == "" {
		t.Skip("SUDOKU_MEASURE not set")
	}
	names, base, pkgs := unseenFonts, uint64(5000), unseenPackages
	if os.Getenv("SUDOKU_UNSEEN_TUNE") != "" {
		names, base, pkgs = stressFonts, 6000, "fonts-dejavu-core fonts-liberation"
	}
	fonts, err := systemFonts(names)
	if err != nil {
		t.Fatalf("%v (apt-get install %s)", err, pkgs)
	}
	if seed, ok := unseenSeed(t, "SUDOKU_UNSEEN_SEED"); ok {
		if os.Getenv("SUDOKU_UNSEEN_TUNE") != "" {
			t.Fatal("SUDOKU_UNSEEN_SEED is for the unseen set, not its tuning draw")
		}
		base = seed
	}
	t.Logf("unseen set drawn from seed %d", base)
	opt := measureOptions(t)
	n := 40
	if v := os.Getenv("SUDOKU_UNSEEN"); v != "" {
		fmt.Sscan(v, &n)
	}
	dir := os.Getenv("SUDOKU_UNSEEN_DIR")
	var all photoTally
	for ci, c := range unseenCases {
		var tl photoTally
		for i := 0; i < n; i++ {
			want, s, img := unseenPhoto(t, fonts, base, ci, i)
			rd, err := ReadImage(img, opt)
			if err != nil {
				tl.Add(want, nil)
				if dir != "" {
					t.Logf("%d-%03d (%s, %+v): %v", ci, i, fonts[i%len(fonts)].Name, s, err)
					os.WriteFile(fmt.Sprintf("%s/%d-%03d.png", dir, ci, i), scansynth.PNG(img), 0o644)
				}
				continue
			}
			tl.Add(want, &rd.Digits)
			if dir != "" && rd.Digits != want {
				var bad []string
				for k := range want {
					if rd.Digits[k] != want[k] {
						bad = append(bad, fmt.Sprintf("%s %d>%d", solver.CellName(k), want[k], rd.Digits[k]))
					}
				}
				t.Logf("%d-%03d (%s, %+v): %v", ci, i, fonts[i%len(fonts)].Name, s, bad)
				os.WriteFile(fmt.Sprintf("%s/%d-%03d.png", dir, ci, i), scansynth.PNG(img), 0o644)
			}
		}
		t.Logf("unseen, %s: %v", c.name, tl.Tally)
		all.Merge(tl.Tally)
	}
	t.Logf("unseen, every case: %v", all.Tally)
}
