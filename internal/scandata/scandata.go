// Package scandata lists the newspaper photos of ../shared/data/scan
// (NAME.jpg beside NAME.dat: the camera, the size, then 9 rows of 9
// digits, 0 for empty) and splits them once for everyone: the trainer,
// the tests and the measurements of solver/scan.
//
// The split: sorted by name (as strings), every 5th photo (the 5th, 10th,
// ...; index%5 == 4) is held out. Held-out photos are never trained or
// tuned on; the figures report them apart.
package scandata

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"sudoku/solver"
)

// Dir is where the photos are, from the repository root.
const Dir = "../shared/data/scan"

// Photo is one photo and its truth.
type Photo struct {
	Name    string // NAME, without .jpg
	Path    string // the .jpg
	Camera  string
	Truth   solver.Grid
	HeldOut bool
}

// List reads every NAME.dat of dir that has a NAME.jpg, sorted by name.
func List(dir string) ([]Photo, error) {
	dats, err := filepath.Glob(filepath.Join(dir, "*.dat"))
	if err != nil {
		return nil, err
	}
	sort.Strings(dats)
	var out []Photo
	for _, d := range dats {
		jpg := strings.TrimSuffix(d, ".dat") + ".jpg"
		if _, err := os.Stat(jpg); err != nil {
			continue
		}
		p, err := readDat(d)
		if err != nil {
			return nil, err
		}
		p.Path = jpg
		p.Name = strings.TrimSuffix(filepath.Base(d), ".dat")
		p.HeldOut = len(out)%5 == 4
		out = append(out, p)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no photos", dir)
	}
	return out, nil
}

func readDat(path string) (Photo, error) {
	f, err := os.Open(path)
	if err != nil {
		return Photo{}, err
	}
	defer f.Close()
	var p Photo
	sc := bufio.NewScanner(f)
	line, cell := 0, 0
	for sc.Scan() {
		line++
		switch {
		case line == 1:
			p.Camera = strings.TrimSpace(sc.Text())
		case line == 2:
		default:
			for _, fld := range strings.Fields(sc.Text()) {
				if len(fld) != 1 || fld[0] < '0' || fld[0] > '9' || cell >= 81 {
					return p, fmt.Errorf("%s:%d: bad cell %q", path, line, fld)
				}
				p.Truth[cell] = fld[0] - '0'
				cell++
			}
		}
	}
	if err := sc.Err(); err != nil {
		return p, err
	}
	if cell != 81 {
		return p, fmt.Errorf("%s: %d cells, want 81", path, cell)
	}
	return p, nil
}

// Tally counts how a set of photos was read against their truth.
type Tally struct {
	Photos, Exact int // photos, and those read exactly (all 81 cells)
	Cells, Right  int // cells, and those read right
	// Failures by cause: photos whose grid was not found (their 81 cells
	// count wrong), cells read empty that hold a digit or the other way
	// round, cells read as another digit.
	NoGrid, EmptyDigit, Wrong int
	// Invented counts the cells of EmptyDigit read as a digit where the
	// photo shows none: the worse fault.
	Invented int
}

// Add counts one photo: got is what was read, or nil when no grid was found.
func (t *Tally) Add(truth solver.Grid, got *solver.Grid) {
	t.Photos++
	t.Cells += 81
	if got == nil {
		t.NoGrid++
		return
	}
	bad := 0
	for c, want := range truth {
		switch g := got[c]; {
		case g == want:
			t.Right++
		case g == 0 || want == 0:
			t.EmptyDigit++
			if want == 0 {
				t.Invented++
			}
			bad++
		default:
			t.Wrong++
			bad++
		}
	}
	if bad == 0 {
		t.Exact++
	}
}

// Merge adds the counts of u to t.
func (t *Tally) Merge(u Tally) {
	t.Photos += u.Photos
	t.Exact += u.Exact
	t.Cells += u.Cells
	t.Right += u.Right
	t.NoGrid += u.NoGrid
	t.EmptyDigit += u.EmptyDigit
	t.Wrong += u.Wrong
	t.Invented += u.Invented
}

func (t Tally) String() string {
	pc := func(a, b int) float64 {
		if b == 0 {
			return 0
		}
		return 100 * float64(a) / float64(b)
	}
	return fmt.Sprintf("%d photos, %d read exactly (%.1f%%), cells %d/%d right (%.2f%%); grid not found %d, empty-vs-digit %d cells (%d digits invented), wrong digit %d cells",
		t.Photos, t.Exact, pc(t.Exact, t.Photos), t.Right, t.Cells, pc(t.Right, t.Cells), t.NoGrid, t.EmptyDigit, t.Invented, t.Wrong)
}
