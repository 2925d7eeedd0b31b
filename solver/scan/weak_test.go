package scan

import (
	"image"
	"math/rand/v2"
	"testing"

	"sudoku/internal/scansynth"
	"sudoku/solver"
)

// TestNoDigitFromWeakMark reads three photos in which the seventeenth
// pass's reader invented a digit from a mark far lighter than the print
// (markStat.weak, dropFaintMarks), each in a cell that is not faint:
// a grey box's screen filling the inner box (a photo drawn for this test,
// seed 7119/135, newsprint and grey boxes: a 3 at 0.82 in r1c7), a fleck
// at 0.40 of the print's contrast (the unseen set's tuning draw,
// "everything" 29: an 8 at 0.53 in r6c8) and noise in a deep shadow (the
// finder set, "a shadow's edge through digits" 30: a 9 at 0.88 in r9c2).
// None may hold a digit in an empty cell; the first two must be read
// exactly (the third reads digits in the shadow wrong, as it did before).
func TestNoDigitFromWeakMark(t *testing.T) {
	fonts, err := systemFonts(stressFonts)
	if err != nil {
		fontsMissing(t, "no DejaVu or Liberation fonts (apt-get install fonts-dejavu-core fonts-dejavu-extra fonts-liberation)")
	}
	grey := func(t *testing.T) (solver.Grid, image.Image) {
		rng := rand.New(rand.NewPCG(7119, 135))
		s := scansynth.Random(rng)
		newsprint(rng, &s)
		s.ShadeBoxes = 0.1 + 0.3*rng.Float64()
		want := mustGrid(t, puzzle)
		img, _, err := scansynth.Render(rng, want, fonts[3], s)
		if err != nil {
			t.Fatal(err)
		}
		return want, img
	}
	fleck := func(t *testing.T) (solver.Grid, image.Image) {
		want, _, img, _, _ := unseenShadow(t, fonts, 6000, caseIndex(t, unseenCases, "everything"), 29)
		return want, img
	}
	shadow := func(t *testing.T) (solver.Grid, image.Image) {
		img, _, _, _ := finderShadow(t, caseIndex(t, finderCases, "a shadow's edge through digits"), 30)
		return mustGrid(t, puzzle), img
	}
	for _, c := range []struct {
		name  string
		photo func(*testing.T) (solver.Grid, image.Image)
		exact bool
	}{{"grey box's screen", grey, true}, {"fleck", fleck, true}, {"noise in a deep shadow", shadow, false}} {
		t.Run(c.name, func(t *testing.T) {
			want, img := c.photo(t)
			rd, err := ReadImage(img, Options{})
			if err != nil {
				t.Fatal(err)
			}
			for cell, d := range want {
				switch got := rd.Digits[cell]; {
				case d == 0 && got != 0:
					t.Errorf("%s: read %d at %.2f in an empty cell", solver.CellName(cell), got, rd.Confidence[cell])
				case c.exact && got != d:
					t.Errorf("%s: read %d, want %d", solver.CellName(cell), got, d)
				}
			}
		})
	}
}
