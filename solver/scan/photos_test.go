package scan

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"sudoku/internal/scandata"
)

// photoDir is the shared photos folder seen from this package.
var photoDir = filepath.Join("..", "..", scandata.Dir)

// photoTally counts how a set of photos was read, and what the solver's
// corrections did.
type photoTally struct {
	scandata.Tally
	corrected, correctedRight int // cells the solver changed, and of those now right
	conflicts                 int // photos left with a clash
}

func (t photoTally) String() string {
	return fmt.Sprintf("%v; solver corrected %d cells (%d now right), %d photos left with a clash",
		t.Tally, t.corrected, t.correctedRight, t.conflicts)
}

// add reads one photo and counts the result against its truth; a photo
// whose grid is not found counts its 81 cells wrong.
func (t *photoTally) add(tb testing.TB, p scandata.Photo, opt Options) {
	tb.Helper()
	f, err := os.Open(p.Path)
	if err != nil {
		tb.Fatal(err)
	}
	rd, err := Read(f, opt)
	f.Close()
	if err != nil {
		if err != ErrNoGrid {
			tb.Fatalf("%s: %v", p.Name, err)
		}
		t.Add(p.Truth, nil)
		return
	}
	t.Add(p.Truth, &rd.Digits)
	for _, c := range rd.Corrections {
		t.corrected++
		if rd.Digits[c.Cell] == p.Truth[c.Cell] {
			t.correctedRight++
		}
	}
	if rd.Conflict != nil {
		t.conflicts++
	}
}

// readPhotos reads every photo and tallies the training photos and the
// held-out fifth apart.
func readPhotos(tb testing.TB, opt Options) (train, held photoTally) {
	ps, err := scandata.List(photoDir)
	if err != nil {
		tb.Skipf("no photos: %v", err)
	}
	for _, p := range ps {
		if p.HeldOut {
			held.add(tb, p, opt)
		} else {
			train.add(tb, p, opt)
		}
	}
	return train, held
}

// TestPhotos reads the newspaper photos of ../shared/data/scan (skipped
// without them) and holds the reader to floors set just under what it
// measured when the weights were trained, and to no digit read in an
// empty cell of a training photo; -short skips it.
func TestPhotos(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	train, held := readPhotos(t, Options{})
	t.Logf("training photos: %v", train)
	t.Logf("held-out photos: %v", held)
	floors := []struct {
		name        string
		t           photoTally
		cell, exact float64
	}{
		{"training", train, photoFloors.trainCells, photoFloors.trainExact},
		{"held-out", held, photoFloors.heldCells, photoFloors.heldExact},
	}
	// The rule: never a digit where the photo shows none.
	if train.Invented > 0 {
		t.Errorf("training photos: %d digits read in empty cells, want none", train.Invented)
	}
	for _, f := range floors {
		cell := float64(f.t.Right) / float64(f.t.Cells)
		exact := float64(f.t.Exact) / float64(f.t.Photos)
		if cell < f.cell || exact < f.exact {
			t.Errorf("%s photos: %.4f of cells and %.3f of photos read right, want at least %.4f and %.3f", f.name, cell, exact, f.cell, f.exact)
		}
	}
}

// TestMeasurePhotos prints the figures of the README (SUDOKU_MEASURE=1,
// `make measure-scan`): the photos read with and without the solver's
// corrections.
func TestMeasurePhotos(t *testing.T) {
	if os.Getenv("SUDOKU_MEASURE") == "" {
		t.Skip("SUDOKU_MEASURE not set")
	}
	train, held := readPhotos(t, Options{})
	t.Logf("training photos: %v", train)
	t.Logf("held-out photos: %v", held)
	train, held = readPhotos(t, Options{NoCorrect: true})
	t.Logf("training photos, no corrections: %v", train)
	t.Logf("held-out photos, no corrections: %v", held)
}
