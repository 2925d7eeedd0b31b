package scan

import (
	"fmt"
	"image"
	"image/png"
	"math"
	"os"
	"slices"
	"sort"
	"strings"
	"testing"

	"sudoku/internal/persp"
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
	causeFold     = "fold"           // a faint mark taken for a fold's crease (foldThrough)
	causeNet0     = "read no digit"  // the classifier's best is no digit
	causeFaint    = "faint, unsure"  // a weak mark (markStat.weak) read under faintProb, or faintSureProb and faintRel
	causeShape    = "shape"          // not of the grid's digits' height or place
	causeSolver   = "solver"         // dropped by the solver's corrections or dropDoubtful
)

// causes reads img as ReadImage does and returns, for each cell read
// wrong against want, the stage that decided it, the squared grid and
// its cell lines (for pictures of the cells), and the cells whose mark
// was taken for a fold (foldThrough), read wrong or not.
func causes(img image.Image, want solver.Grid) (map[int]string, *gray, *cellLines, *Reading, *[81]bool, error) {
	g, f := toGray(img)
	rg, gl, q, straight, ok := findGridFrom(g, nil)
	if !ok {
		return nil, nil, nil, nil, nil, ErrNoGrid
	}
	// As extract, keeping the features before dropFaintMarks.
	ex := &Extraction{}
	if straight {
		ex.from = &outline{g: g, q: q}
	}
	cl, pre := ex.cutCells(rg, gl)
	rd, err := ex.Read(Options{})
	if err != nil {
		return nil, nil, nil, nil, nil, err
	}
	for i, p := range q {
		rd.Corners[i] = Point{X: p.X * float64(f), Y: p.Y * float64(f)}
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
		case ex.fold[c]:
			out[c] = causeFold
		case ex.Features[c] == nil:
			out[c] = causeDropped
		case best == 0:
			out[c] = causeNet0
		case ex.marks[c].weak() && !faintKept(ex.marks[c], uint8(best), float64(probs[c][best]), sure):
			out[c] = causeFaint
		case sure && !ref.fits(ex.Features[c]):
			out[c] = causeShape
		case raw.Digits[c] != 0:
			out[c] = causeSolver
		default:
			out[c] = "?"
		}
	}
	return out, rg, cl, rd, &ex.fold, nil
}

// offByCell is the range, in cells, of the largest distance of a found
// side from the true one (sidesOff) that TestMeasureCauses counts as an
// outline off by about a cell.
var offByCell = [2]float64{0.5, 1.5}

// sidesOff returns how far, in cells of the true grid, each side (top,
// right, bottom, left) of the found outline lies from the true one
// (the farther of its two ends, across the side), taking the found
// corners into the true grid's square; false when that cannot be done.
func sidesOff(found [4]Point, truth [4]persp.Point) (off [4]float64, ok bool) {
	sq := [4]persp.Point{{X: 0, Y: 0}, {X: 9, Y: 0}, {X: 9, Y: 9}, {X: 0, Y: 9}}
	m, ok := persp.FromTo(truth, sq)
	if !ok {
		return off, false
	}
	var c [4][2]float64
	for i, p := range found {
		c[i][0], c[i][1] = m.Apply(p.X, p.Y)
	}
	off[0] = max(math.Abs(c[0][1]), math.Abs(c[1][1]))
	off[1] = max(math.Abs(c[1][0]-9), math.Abs(c[2][0]-9))
	off[2] = max(math.Abs(c[2][1]-9), math.Abs(c[3][1]-9))
	off[3] = max(math.Abs(c[0][0]), math.Abs(c[3][0]))
	return off, true
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
// Outlines found off by about a cell (offByCell, sidesOff) or more are
// counted and listed with their digits invented.
func TestMeasureCauses(t *testing.T) {
	if os.Getenv("SUDOKU_MEASURE") == "" {
		t.Skip("SUDOKU_MEASURE not set")
	}
	sets := strings.Split(os.Getenv("SUDOKU_CAUSES"), ",")
	if sets[0] == "" {
		sets = []string{"unseen", "finder", "stress"}
	}
	dir := os.Getenv("SUDOKU_CAUSES_DIR")
	only := os.Getenv("SUDOKU_CAUSES_CASE")           // read only the cases whose name holds it
	cellLog := os.Getenv("SUDOKU_CAUSES_CELLS") != "" // log every cell read wrong with its cause
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
	// truth is the grid's true outline (nil for the training photos):
	// an outline found off by 0.5-1.5 cells (offByCell) is counted and
	// listed with its digits invented.
	read := func(set, cname string, ci, i int, want solver.Grid, img image.Image, crossed *[81]bool, truth *[4]persp.Point) {
		count[set+": photos"]++
		cells, rg, cl, rd, fold, err := causes(img, want)
		if err != nil {
			count[set+": no grid"]++
			count[set+", "+cname+": no grid"]++
			return
		}
		// Every faint mark taken for a fold, a digit's or an empty
		// cell's, whether the cell is read right or not.
		for c, f := range fold {
			if f {
				what := "fold refused, empty cell"
				if want[c] != 0 {
					what = "fold refused, digit"
					t.Logf("%s, %s, photo %d: %s, %d taken for a fold, read %d", set, cname, i, solver.CellName(c), want[c], rd.Digits[c])
				}
				count[set+": "+what]++
				count[set+", "+cname+": "+what]++
			}
		}
		if len(cells) == 0 {
			count[set+": read exactly"]++
		}
		if truth != nil {
			if sides, ok := sidesOff(rd.Corners, *truth); ok {
				off := max(sides[0], sides[1], sides[2], sides[3])
				band := ""
				switch {
				case off >= offByCell[0] && off <= offByCell[1]:
					band = "outline off by a cell"
				case off > offByCell[1]:
					band = "outline off by more than a cell"
				}
				if band != "" {
					inv := 0
					for _, cause := range cells {
						if cause == causeInvented {
							inv++
						}
					}
					count[set+": "+band]++
					count[set+", "+cname+": "+band]++
					count[set+": digits invented, "+band] += inv
					t.Logf("%s, %s, photo %d: %s, sides (top, right, bottom, left) off by %.2f, %.2f, %.2f, %.2f cells, %d cells wrong, %d digits invented", set, cname, i, band, sides[0], sides[1], sides[2], sides[3], len(cells), inv)
				}
			}
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
		// The photos each cause loses: every photo with a cell of that
		// cause, and apart those whose every cell read wrong has that cause
		// alone (mending it would read them exactly).
		seen := map[string]bool{}
		for _, cause := range cells {
			seen[cause] = true
		}
		for cause := range seen {
			count[set+": photos with "+cause]++
			count[set+", "+cname+": photos with "+cause]++
			if len(seen) == 1 {
				count[set+": photos with "+cause+" alone"]++
				count[set+", "+cname+": photos with "+cause+" alone"]++
			}
		}
		for _, c := range keys {
			cause := cells[c]
			if cellLog {
				t.Logf("%s, %s, photo %d: %s, %d read %d at %.3f: %s", set, cname, i, solver.CellName(c), want[c], rd.Digits[c], rd.Confidence[c], cause)
			}
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
					read(set, c.name, ci, i, want, img, &crossed, &q)
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
					read(set, c.name, ci, i, want, img, &crossed, &q)
				}
			}
		case "stress":
			fonts := load(stressFonts)
			for ci, c := range stressCases {
				if !strings.Contains(c.name, only) {
					continue
				}
				for i := 0; i < 60; i++ {
					want, _, img, q := stressCorners(t, fonts, ci, i)
					read(set, c.name, ci, i, want, img, &[81]bool{}, &q) // no hard shadow
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
				read(set, "training photos", 0, i, p.Truth, img, &[81]bool{}, nil)
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

// TestSidesOff checks sidesOff on outlines drawn in a tilted true grid's
// square: the left side a cell out, and a corner moved half a cell out
// along the top side (the top side stays, the right one is off).
func TestSidesOff(t *testing.T) {
	truth := [4]persp.Point{{X: 50, Y: 68}, {X: 409, Y: 55}, {X: 425, Y: 414}, {X: 59, Y: 409}}
	sq := [4]persp.Point{{X: 0, Y: 0}, {X: 9, Y: 0}, {X: 9, Y: 9}, {X: 0, Y: 9}}
	m, ok := persp.FromTo(sq, truth)
	if !ok {
		t.Fatal("no map")
	}
	at := func(c [4][2]float64) (q [4]Point) {
		for i, p := range c {
			q[i].X, q[i].Y = m.Apply(p[0], p[1])
		}
		return q
	}
	for _, c := range []struct {
		in   [4][2]float64
		want [4]float64
	}{
		{[4][2]float64{{0, 0}, {9, 0}, {9, 9}, {0, 9}}, [4]float64{0, 0, 0, 0}},
		{[4][2]float64{{-1, 0}, {9, 0}, {9, 9}, {-1, 9}}, [4]float64{0, 0, 0, 1}},
		{[4][2]float64{{0, 0}, {9.5, 0}, {9, 9}, {0, 9}}, [4]float64{0, 0.5, 0, 0}},
		{[4][2]float64{{0, 0}, {9, 0}, {9, 9}, {0.3, 10.2}}, [4]float64{0, 0, 1.2, 0.3}},
	} {
		got, ok := sidesOff(at(c.in), truth)
		if !ok {
			t.Fatalf("%v: no map", c.in)
		}
		for i := range got {
			if math.Abs(got[i]-c.want[i]) > 1e-6 {
				t.Errorf("%v: sides off %v, want %v", c.in, got, c.want)
				break
			}
		}
	}
}
