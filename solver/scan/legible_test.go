package scan

import (
	"fmt"
	"image"
	"math"
	"os"
	"sort"
	"testing"

	"sudoku/internal/persp"
	"sudoku/internal/scansynth"
	"sudoku/solver"
)

// digitContrast returns, for each cell of unseen photo i of case ci, how
// much its digit darkens the photo: the most any pixel of the cell is
// darker in the photo drawn with its digits than in the same photo drawn
// without them, both without noise and JPEG artefacts (0 for an empty
// cell), in grey levels; and the photo's paper level (the median of the
// photo without digits inside the grid). The cell of a pixel comes from the
// grid's outline alone, so on a bowed or crumpled page a digit's strokes
// may be counted in the cell beside it.
func digitContrast(tb testing.TB, fonts []scansynth.Font, base uint64, ci, i int) (c [81]float64, paper float64) {
	tb.Helper()
	clean := func(s *scansynth.Style) { s.Noise, s.JPEG = 0, 0 }
	_, _, with, q, _ := unseenRender(tb, fonts, base, ci, i, clean)
	_, _, without, _, _ := unseenRender(tb, fonts, base, ci, i, func(s *scansynth.Style) { clean(s); s.NoDigits = true })
	h, ok := persp.FromTo(q, [4]persp.Point{{X: 0, Y: 0}, {X: 9, Y: 0}, {X: 9, Y: 9}, {X: 0, Y: 9}})
	if !ok {
		tb.Fatalf("case %d photo %d: degenerate outline", ci, i)
	}
	a, b := with.(*image.Gray), without.(*image.Gray)
	var levels []int
	for y := 0; y < a.Rect.Dy(); y++ {
		for x := 0; x < a.Rect.Dx(); x++ {
			u, v := h.Apply(float64(x)+0.5, float64(y)+0.5)
			if u < 0 || v < 0 || u >= 9 || v >= 9 {
				continue
			}
			k := int(v)*9 + int(u)
			d := float64(b.Pix[y*b.Stride+x]) - float64(a.Pix[y*a.Stride+x])
			c[k] = math.Max(c[k], d)
			levels = append(levels, int(b.Pix[y*b.Stride+x]))
		}
	}
	sort.Ints(levels)
	if len(levels) > 0 {
		paper = float64(levels[len(levels)/2])
	}
	return c, paper
}

// TestDigitContrast checks digitContrast on a photo of the unseen
// set's tuning draw: every digit darkens its cell by 30 grey levels or
// more, and no empty cell is darkened (its neighbours' digits are centred
// far from it, and nothing else differs between the two drawings).
func TestDigitContrast(t *testing.T) {
	fonts, err := systemFonts(stressFonts)
	if err != nil {
		t.Skipf("%v (apt-get install fonts-dejavu-core fonts-liberation)", err)
	}
	ci := caseIndex(t, unseenCases, "newsprint")
	want, _, _ := unseenPhoto(t, fonts, 6000, ci, 1)
	c, paper := digitContrast(t, fonts, 6000, ci, 1)
	if paper < 100 {
		t.Errorf("paper level %.0f, want the paper's light grey", paper)
	}
	for k, d := range want {
		switch {
		case d != 0 && c[k] < 30:
			t.Errorf("%s: digit %d darkens it by %.0f", solver.CellName(k), d, c[k])
		case d == 0 && c[k] > 0:
			t.Errorf("%s: empty, darkened by %.0f", solver.CellName(k), c[k])
		}
	}
}

// TestMeasureLegibility prints, for the unseen set's tuning draw (or the
// unseen set with SUDOKU_LEGIBLE_BASE=5000), how visible the digits are
// (digitContrast) beside what the reader made of them: per photo read
// wrong, its style's noise, blur and JPEG quality, its faintest digit and
// the digits lost; over every digit, how many were read right by
// darkening.
func TestMeasureLegibility(t *testing.T) {
	if os.Getenv("SUDOKU_MEASURE") == "" {
		t.Skip("SUDOKU_MEASURE not set")
	}
	names, base := stressFonts, uint64(6000)
	if seed, ok := unseenSeed(t, "SUDOKU_LEGIBLE_BASE"); ok {
		base, names = seed, unseenFonts
	}
	fonts, err := systemFonts(names)
	if err != nil {
		t.Fatal(err)
	}
	n := 40
	if v := os.Getenv("SUDOKU_UNSEEN"); v != "" {
		fmt.Sscan(v, &n)
	}
	opt := measureOptions(t)
	bins := []float64{5, 10, 15, 20, 30, 45, 70, 1000}
	var right, all [8]int
	// Photos, those read exactly, and those with a digit that darkens its
	// cell by less than faint grey levels (none of which was read right
	// on the tuning draw: a digit no eye finds either).
	const faint = 10
	var photos, exact, unseeable, exactSeen int
	for ci, cs := range unseenCases {
		for i := 0; i < n; i++ {
			want, s, img := unseenPhoto(t, fonts, base, ci, i)
			c, paper := digitContrast(t, fonts, base, ci, i)
			rd, err := ReadImage(img, opt)
			faintest := math.Inf(1)
			var lost []string
			for k, d := range want {
				if d == 0 {
					continue
				}
				faintest = math.Min(faintest, c[k])
				ok := err == nil && rd.Digits[k] == d
				b := sort.SearchFloat64s(bins, c[k])
				all[b]++
				if ok {
					right[b]++
				} else {
					lost = append(lost, fmt.Sprintf("%s %.0f", solver.CellName(k), c[k]))
				}
			}
			photos++
			if faintest < faint {
				unseeable++
			}
			if err == nil && rd.Digits == want {
				exact++
				if faintest >= faint {
					exactSeen++
				}
			}
			if err != nil || rd.Digits != want {
				t.Logf("%s %d: paper %.0f noise %.1f blur %.2f jpeg %d thin %.2f stroke %d; faintest digit %.0f; wrong %v (err %v)",
					cs.name, i, paper, s.Noise, s.Blur, s.JPEG, s.Thin, s.Stroke, faintest, lost, err)
			}
		}
	}
	t.Logf("%d photos, %d read exactly (%.1f%%); %d with a digit darkening its cell by less than %d grey levels; of the others, %d of %d read exactly (%.1f%%)",
		photos, exact, 100*float64(exact)/float64(photos), unseeable, faint, exactSeen, photos-unseeable, 100*float64(exactSeen)/float64(photos-unseeable))
	lo := 0.0
	for b, hi := range bins {
		if all[b] > 0 {
			t.Logf("digits darkening their cell by %.0f-%.0f grey levels: %d, read right %d (%.1f%%)", lo, hi, all[b], right[b], 100*float64(right[b])/float64(all[b]))
		}
		lo = hi
	}
}
