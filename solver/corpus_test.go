package solver

import (
	"os"
	"path/filepath"
	"testing"
)

// A corpusCase is one puzzle with its known solution count.
type corpusCase struct {
	file    string
	line    int
	grid    Grid
	want    string // "0", "1" or "2+" (limit 2); "any" to check only the solution
	variant *Variant
}

// loadCorpus reads a puzzle file. The count comes from each line's note
// ("puzzle:count[:variant]", as in testdata/ and special.txt) or, for the
// shared benchmark files that carry none, from defaultWant.
func loadCorpus(t testing.TB, path, defaultWant string) []corpusCase {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := NewReader(f, ReadOptions{})
	var cs []corpusCase
	for {
		e, err := r.Next()
		if err != nil {
			break
		}
		if e.Err != nil {
			t.Fatalf("%s:%d: %v", path, e.Line, e.Err)
		}
		c := corpusCase{file: filepath.Base(path), line: e.Line, grid: e.Clues, want: defaultWant, variant: Standard}
		if count, v, ok := e.Expect(); ok {
			c.want = count
			if v != nil {
				c.variant = v
			}
		} else if e.Note != "" || c.want == "" {
			t.Fatalf("%s:%d: note %q: want count[:variant]", path, e.Line, e.Note)
		}
		cs = append(cs, c)
	}
	if len(cs) == 0 {
		t.Fatalf("%s: no puzzles", path)
	}
	return cs
}

// sharedData returns the path of ../shared/data, or skips the test when it
// is absent (a clone on its own) or when -short is given.
func sharedData(t testing.TB) string {
	t.Helper()
	dir := filepath.Join("..", "..", "shared", "data")
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("shared corpora not found at %s; skipping", dir)
	}
	if testing.Short() {
		t.Skip("shared corpora skipped in -short mode")
	}
	return dir
}

// checkSolve solves c with e (limit 2) and checks the count and, with
// Variant.Verify, the solution. It returns the result.
func checkSolve(t testing.TB, e Engine, c corpusCase) Result {
	t.Helper()
	res, err := e.Solve(c.grid, Options{Variant: c.variant, Limit: 2})
	if err != nil {
		t.Fatalf("%s:%d: %s: Solve error %v", c.file, c.line, e.Name(), err)
	}
	if got := res.CountString(2); got != c.want && c.want != "any" {
		t.Errorf("%s:%d: %s: %d solutions (%s), want %s", c.file, c.line, e.Name(), res.Count, got, c.want)
	}
	if res.Count > 0 {
		if err := c.variant.Verify(c.grid, res.Solution); err != nil {
			t.Errorf("%s:%d: %s: solution %s: %v", c.file, c.line, e.Name(), res.Solution, err)
		}
	} else if res.Solution != (Grid{}) {
		t.Errorf("%s:%d: %s: no solution but Solution = %s", c.file, c.line, e.Name(), res.Solution)
	}
	return res
}

// testCorpus runs every engine over cases and checks that unique solutions agree.
func testCorpus(t *testing.T, cases []corpusCase) {
	for _, c := range cases {
		var first Result
		for i, e := range Engines() {
			res := checkSolve(t, e, c)
			if i == 0 {
				first = res
			} else if res.Count == 1 && first.Count == 1 && res.Solution != first.Solution {
				t.Errorf("%s:%d: %s and %s disagree on the unique solution", c.file, c.line, Engines()[0].Name(), e.Name())
			}
		}
	}
}

func TestTestdataCorpora(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "testdata", "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata corpora: %v", err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) { testCorpus(t, loadCorpus(t, f, "")) })
	}
}

func TestSharedCorpora(t *testing.T) {
	dir := sharedData(t)
	for _, f := range []struct{ name, want string }{
		{"special.txt", ""},
		{"puzzles3_magictour_top1465", "1"},
		{"puzzles7_serg_benchmark", "2+"},
		{"puzzles2_17_clue", "1"},
	} {
		t.Run(f.name, func(t *testing.T) { testCorpus(t, loadCorpus(t, filepath.Join(dir, f.name), f.want)) })
	}
}
