package solver_test

import (
	"path/filepath"
	"testing"

	"sudoku/internal/corpus"
	"sudoku/internal/sudokutest"
	"sudoku/solver"
)

// readCorpus returns the cases of a corpus file (see corpus.Read).
func readCorpus(t testing.TB, path, defaultWant string) []corpus.Case {
	t.Helper()
	cs, err := corpus.Read(path, defaultWant)
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

// testCorpus solves every case with every engine (limit 2), checks each
// result with corpus.Case.Check and that the engines agree on a unique
// solution.
func testCorpus(t *testing.T, cases []corpus.Case) {
	engines := solver.Engines()
	for _, c := range cases {
		var first solver.Result
		for i, e := range engines {
			res, err := e.Solve(c.Clues, solver.Options{Variant: c.Variant, Limit: 2})
			if err == nil {
				err = c.Check(res, 2)
			}
			if err != nil {
				t.Errorf("%s:%d: %s: %v", c.File, c.Line, e.Name(), err)
				continue
			}
			if i == 0 {
				first = res
			} else if res.Count == 1 && first.Count == 1 && res.Solution != first.Solution {
				t.Errorf("%s:%d: %s and %s disagree on the unique solution", c.File, c.Line, engines[0].Name(), e.Name())
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
		t.Run(filepath.Base(f), func(t *testing.T) { testCorpus(t, readCorpus(t, f, "")) })
	}
}

func TestSharedCorpora(t *testing.T) {
	dir := sudokutest.SharedData(t)
	for _, f := range []struct{ name, want string }{
		{"special.txt", ""},
		{"puzzles3_magictour_top1465", "1"},
		{"puzzles7_serg_benchmark", "2+"},
		{"puzzles2_17_clue", "1"},
	} {
		t.Run(f.name, func(t *testing.T) { testCorpus(t, readCorpus(t, filepath.Join(dir, f.name), f.want)) })
	}
}
