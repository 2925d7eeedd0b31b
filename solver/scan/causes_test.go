package scan

import (
	"fmt"
	"image"
	"image/png"
	"os"
	"slices"
	"sort"
	"strings"
	"testing"

	"sudoku/internal/scandata"
	"sudoku/internal/scansynth"
	"sudoku/solver"
)

// The stages that decide a cell read wrong (causeOf).
const (
	causeInvented = "invented"       // a digit where the photo shows none
	causeWrong    = "wrong digit"    // a digit read as another
	causeNoMark   = "no mark"        // under half the least contrast, or not cut as a mark
	causeDropped  = "faint vs print" // dropFaintMarks: much fainter than the grid's print, or soft
	causeNet0     = "read no digit"  // the classifier's best is no digit
	causeFaint    = "faint, unsure"  // a faint mark read under faintProb, or faintSureProb and faintRel
	causeShape    = "shape"          // not of the grid's digits' height or place
	causeSolver   = "solver"         // dropped by the solver's corrections or dropDoubtful
)

// causes reads img as ReadImage does and returns, for each cell read
// wrong against want, the stage that decided it, the squared grid and
// its cell lines (for pictures of the cells).
func causes(img image.Image, want solver.Grid) (map[int]string, *gray, *cellLines, *Reading, error) {
	g, _ := toGray(img)
	rg, gl, _, ok := findGrid(g, nil)
	if !ok {
		return nil, nil, nil, nil, ErrNoGrid
	}
	// As extract, keeping the features before dropFaintMarks.
	ex := &Extraction{}
	cl, pre := ex.cutCells(rg, gl)
	rd, err := ex.Read(Options{})
	if err != nil {
		return nil, nil, nil, nil, err
	}
	raw, _ := ex.Read(Options{NoCorrect: true})
	// The classifier's probabilities, as Read votes them.
	net, _ := DefaultNet()
	probs := ex.probabilities(net, true)
	ref, sure := digitShape(ex, &probs)
	out := map[int]string{}
	for c := 0; c < 81; c++ {
		if rd.Digits[c] == want[c] {
			continue
		}
		best := likeliest(&probs[c])
		switch {
		case want[c] == 0:
			out[c] = causeInvented
		case rd.Digits[c] != 0:
			out[c] = causeWrong
		case pre[c] == nil:
			out[c] = causeNoMark
		case ex.Features[c] == nil:
			out[c] = causeDropped
		case best == 0:
			out[c] = causeNet0
		case ex.marks[c].faint && !faintKept(ex.marks[c], uint8(best), float64(probs[c][best]), sure):
			out[c] = causeFaint
		case sure && !ref.fits(ex.Features[c]):
			out[c] = causeShape
		case raw.Digits[c] != 0:
			out[c] = causeSolver
		default:
			out[c] = "?"
		}
	}
	return out, rg, cl, rd, nil
}

// saveCell writes cell c of the squared grid rg, half a cell around it,
// four times larger, as a PNG.
func saveCell(path string, rg *gray, cl *cellLines, c int) error {
	x0, y0, x1, y1 := cl.cellBox(c/9, c%9)
	m := cellSide / 2
	x0, y0, x1, y1 = max(x0-m, 0), max(y0-m, 0), min(x1+m, gridSide), min(y1+m, gridSide)
	const k = 4
	img := image.NewGray(image.Rect(0, 0, (x1-x0)*k, (y1-y0)*k))
	for y := 0; y < (y1-y0)*k; y++ {
		for x := 0; x < (x1-x0)*k; x++ {
			img.Pix[y*img.Stride+x] = rg.pix[(y0+y/k)*gridSide+x0+x/k]
		}
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer f.Close()
	return png.Encode(f, img)
}

// TestMeasureCauses reads the sets one may tune on and prints, per set
// and per case, how many cells went wrong at each stage (causes): the
// unseen set and its tuning draw (unseen, tune), the finder set
// (finder), the stress set (stress) and the training photos with the
// shipped weights (train; the held-out fifth is never read here), and a
// line for each digit invented (SUDOKU_MEASURE=1, `make
// measure-scan-causes`; SUDOKU_CAUSES=set,... picks the sets, default
// unseen,finder,stress; SUDOKU_CAUSES_DIR=DIR saves each invented digit's
// cell as DIR/SET-CASE-PHOTO-CELL.png, and each digit read as another or
// invented across a hard shadow's edge as DIR/SET-CASE-PHOTO-CELL-edge.png;
// SUDOKU_CAUSES_CASE=TEXT reads only the cases whose name holds TEXT).
func TestMeasureCauses(t *testing.T) {
	if os.Getenv("SUDOKU_MEASURE") == "" {
		t.Skip("SUDOKU_MEASURE not set")
	}
	sets := strings.Split(os.Getenv("SUDOKU_CAUSES"), ",")
	if sets[0] == "" {
		sets = []string{"unseen", "finder", "stress"}
	}
	dir := os.Getenv("SUDOKU_CAUSES_DIR")
	only := os.Getenv("SUDOKU_CAUSES_CASE") // read only the cases whose name holds it
	load := func(names []string) []scansynth.Font {
		fs, err := systemFonts(names)
		if err != nil {
			t.Fatalf("%v (see unseenPackages, stressFonts)", err)
		}
		return fs
	}
	count := map[string]int{}
	// crossed marks the cells whose digit box a hard shadow's edge
	// crosses (shadowCrossed): their digits are counted, and each of them
	// read wrong is listed.
	read := func(set, cname string, ci, i int, want solver.Grid, img image.Image, crossed *[81]bool) {
		count[set+": photos"]++
		cells, rg, cl, rd, err := causes(img, want)
		if err != nil {
			count[set+": no grid"]++
			count[set+", "+cname+": no grid"]++
			return
		}
		if len(cells) == 0 {
			count[set+": read exactly"]++
		}
		keys := make([]int, 0, len(cells))
		for c := range cells {
			keys = append(keys, c)
		}
		sort.Ints(keys)
		for c := range crossed {
			if crossed[c] && want[c] != 0 {
				count[set+": digits across a shadow's edge"]++
				count[set+", "+cname+": digits across a shadow's edge"]++
			}
		}
		for _, c := range keys {
			cause := cells[c]
			count[set+": "+cause]++
			count[set+", "+cname+": "+cause]++
			if crossed[c] {
				count[set+": "+cause+", across a shadow's edge"]++
				count[set+", "+cname+": "+cause+", across a shadow's edge"]++
				t.Logf("%s, %s, photo %d: %s, %d read %d at %.3f, %s across a shadow's edge", set, cname, i, solver.CellName(c), want[c], rd.Digits[c], rd.Confidence[c], cause)
				if dir != "" && rd.Digits[c] != 0 {
					if err := saveCell(fmt.Sprintf("%s/%s-%d-%03d-%s-edge.png", dir, set, ci, i, solver.CellName(c)), rg, cl, c); err != nil {
						t.Fatal(err)
					}
				}
			}
			if cause == causeInvented {
				t.Logf("%s, %s, photo %d: %s read where the photo shows none", set, cname, i, solver.CellName(c))
				if dir != "" {
					if err := saveCell(fmt.Sprintf("%s/%s-%d-%03d-%s.png", dir, set, ci, i, solver.CellName(c)), rg, cl, c); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
	}
	for _, set := range sets {
		switch set {
		case "unseen", "tune":
			fonts, base := load(unseenFonts), uint64(5000)
			if set == "tune" {
				fonts, base = load(stressFonts), 6000
			}
			for ci, c := range unseenCases {
				if !strings.Contains(c.name, only) {
					continue
				}
				for i := 0; i < 40; i++ {
					want, s, img, q, e := unseenShadow(t, fonts, base, ci, i)
					crossed := shadowCrossed(s, q, e)
					read(set, c.name, ci, i, want, img, &crossed)
				}
			}
		case "finder":
			want := mustGrid(t, puzzle)
			for ci, c := range finderCases {
				if !strings.Contains(c.name, only) {
					continue
				}
				for i := 0; i < 50; i++ {
					img, s, q, e := finderShadow(t, ci, i)
					crossed := shadowCrossed(s, q, e)
					read(set, c.name, ci, i, want, img, &crossed)
				}
			}
		case "stress":
			fonts := load(stressFonts)
			for ci, c := range stressCases {
				if !strings.Contains(c.name, only) {
					continue
				}
				for i := 0; i < 60; i++ {
					want, _, img := stressPhoto(t, fonts, ci, i)
					read(set, c.name, ci, i, want, img, &[81]bool{}) // no hard shadow
				}
			}
		case "train":
			ps, err := scandata.List(photoDir)
			if err != nil {
				t.Skipf("no photos: %v", err)
			}
			for i, p := range ps {
				if p.HeldOut {
					continue
				}
				f, err := os.Open(p.Path)
				if err != nil {
					t.Fatal(err)
				}
				img, err := Decode(f)
				f.Close()
				if err != nil {
					t.Fatalf("%s: %v", p.Name, err)
				}
				read(set, "training photos", 0, i, p.Truth, img, &[81]bool{})
			}
		default:
			t.Fatalf("SUDOKU_CAUSES: no set %q (unseen, tune, finder, stress, train)", set)
		}
	}
	keys := make([]string, 0, len(count))
	for k := range count {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		t.Logf("%s %d", k, count[k])
	}
}
