package sudokutest

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"sudoku/solver"
)

// MustParse returns the puzzle of s, a literal of the test; it panics when
// s does not parse, like regexp.MustCompile, so that tables of test cases
// can use it.
func MustParse(s string) solver.Grid {
	g, err := solver.Parse(s)
	if err != nil {
		panic(fmt.Sprintf("sudokutest.MustParse(%q): %v", s, err))
	}
	return g
}

// SharedData returns the path of the shared corpora, ../shared/data beside
// the repository (found as the nearest directory above the test's own that
// holds go.mod), or skips the test when it is absent (a clone on its own)
// or when -short is given.
func SharedData(tb testing.TB) string {
	tb.Helper()
	dir, err := os.Getwd()
	for err == nil {
		if _, e := os.Stat(filepath.Join(dir, "go.mod")); e == nil {
			break
		}
		if parent := filepath.Dir(dir); parent != dir {
			dir = parent
		} else {
			err = os.ErrNotExist
		}
	}
	if err != nil {
		tb.Skipf("shared corpora: no go.mod above the test (%v); skipping", err)
	}
	data := filepath.Join(filepath.Dir(dir), "shared", "data")
	if _, err := os.Stat(data); err != nil {
		tb.Skipf("shared corpora not found at %s; skipping", data)
	}
	if testing.Short() {
		tb.Skip("shared corpora skipped in -short mode")
	}
	return data
}

// Windoku adds four 3x3 windows (rows and columns 2-4 and 6-8, 1-based) to
// the standard units. It exists only in tests: making it needs no change to
// any engine or technique, which is the point of variants as data.
var Windoku = func() *solver.Variant {
	var names []string
	var units [][9]uint8
	for _, r0 := range []int{1, 5} {
		for _, c0 := range []int{1, 5} {
			var u [9]uint8
			for k := range u {
				u[k] = uint8((r0+k/3)*9 + c0 + k%3)
			}
			units = append(units, u)
			names = append(names, "window r"+strconv.Itoa(r0+1)+"c"+strconv.Itoa(c0+1))
		}
	}
	return solver.NewVariant("windoku", "Rows, columns, boxes and four windows hold 1 to 9 once.", names, units)
}()
