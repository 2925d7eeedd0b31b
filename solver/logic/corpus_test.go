package logic

import (
	"errors"
	"io/fs"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"sync"
	"testing"
	"time"

	"sudoku/internal/corpus"
	"sudoku/solver"
)

// dataDir is the shared corpora, beside the project.
const dataDir = "../../../shared/data"

// testdataDir holds the package's own test positions.
const testdataDir = "../../testdata/logic"

// readCorpus returns the puzzles of a corpus file (read by corpus.Read),
// or skips the test when the file is absent.
func readCorpus(tb testing.TB, path string) []solver.Grid {
	tb.Helper()
	cs := readCases(tb, path, "")
	out := make([]solver.Grid, len(cs))
	for i, c := range cs {
		out[i] = c.Clues
	}
	return out
}

// readCases returns the cases of a corpus file, or skips the test when the
// file is absent.
func readCases(tb testing.TB, path, defaultWant string) []corpus.Case {
	tb.Helper()
	cs, err := corpus.Read(path, defaultWant)
	if errors.Is(err, fs.ErrNotExist) {
		tb.Skipf("corpus absent: %v", err)
	}
	if err != nil {
		tb.Fatal(err)
	}
	return cs
}

// corpusStats sums up explanations of a corpus.
type corpusStats struct {
	n, noContra int
	levels      [5]int
	times       []time.Duration
}

// explainAll explains every puzzle on all cores, checks every step against
// the solution (verifyExplanation) and that the steps reach it, and returns
// the explanations in the puzzles' order (nil where one failed) with their
// statistics.
func explainAll(t *testing.T, puzzles []solver.Grid, v *solver.Variant) ([]*Explanation, corpusStats) {
	var mu sync.Mutex
	var st corpusStats
	out := make([]*Explanation, len(puzzles))
	work := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				start := time.Now()
				ex, err := Explain(solver.Position{Clues: puzzles[i], Variant: v}, Options{})
				el := time.Since(start)
				if err == nil && ex.Solved {
					err = verifyExplanation(ex)
				}
				mu.Lock()
				if err != nil {
					t.Errorf("puzzle %d %s: %v", i, puzzles[i], err)
				} else if !ex.Solved {
					t.Errorf("puzzle %d %s: not solved", i, puzzles[i])
				} else {
					out[i] = ex
					st.n++
					st.levels[ex.Level]++
					if !ex.NeedsContradiction {
						st.noContra++
					}
					st.times = append(st.times, el)
				}
				mu.Unlock()
			}
		}()
	}
	for i := range puzzles {
		work <- i
	}
	close(work)
	wg.Wait()
	return out, st
}

func (st corpusStats) report(t *testing.T, name string) {
	sort.Slice(st.times, func(i, j int) bool { return st.times[i] < st.times[j] })
	if st.n == 0 {
		return
	}
	lv := ""
	for l, k := range st.levels {
		lv += " " + Level(l).String() + "=" + strconv.Itoa(k)
	}
	t.Logf("%s: %d puzzles, %.1f%% without contradiction,%s; wall time per explanation (parallel) median %v p95 %v",
		name, st.n, 100*float64(st.noContra)/float64(st.n), lv, st.times[st.n/2], st.times[st.n*95/100])
}

// skipLong skips the shared-corpus tests in -short mode and under
// WebAssembly (the same code runs natively; TestGolden covers wasm).
func skipLong(t *testing.T) {
	if testing.Short() || runtime.GOOS == "js" {
		t.Skip("long corpus test: skipped in -short mode and under WebAssembly")
	}
}

// TestCorpora explains every puzzle with a unique solution of the shared
// corpora (49,158 17-clue puzzles, 1,465 magictour, the unique ones of
// special.txt) and checks every step against the solution; puzzles with no
// or several solutions must be refused. About a minute on two cores.
func TestCorpora(t *testing.T) {
	skipLong(t)
	for _, name := range []string{"puzzles3_magictour_top1465", "puzzles2_17_clue"} {
		t.Run(name, func(t *testing.T) {
			ps := readCorpus(t, filepath.Join(dataDir, name))
			_, st := explainAll(t, ps, solver.Standard)
			if st.n != len(ps) {
				t.Errorf("%d of %d explained", st.n, len(ps))
			}
			st.report(t, name)
		})
	}
	t.Run("special", func(t *testing.T) {
		for _, c := range readCases(t, filepath.Join(dataDir, "special.txt"), "") {
			if c.Want == "" {
				t.Fatalf("special.txt:%d: no count in the note", c.Line)
			}
			ex, err := Explain(solver.Position{Clues: c.Clues, Variant: c.Variant}, Options{})
			switch c.Want {
			case "0":
				if !errors.Is(err, ErrNoSolution) {
					t.Errorf("line %d: %v, want ErrNoSolution", c.Line, err)
				}
			case "1":
				if err != nil || !ex.Solved {
					t.Errorf("line %d: %v", c.Line, err)
					continue
				}
				if err := verifyExplanation(ex); err != nil {
					t.Error(err)
				}
			default:
				if !errors.Is(err, ErrMultipleSolutions) {
					t.Errorf("line %d: %v, want ErrMultipleSolutions", c.Line, err)
				}
			}
		}
	})
	t.Run("serg", func(t *testing.T) {
		ps := readCorpus(t, filepath.Join(dataDir, "puzzles7_serg_benchmark"))
		for i, p := range ps {
			if _, err := Explain(solver.Position{Clues: p, Variant: solver.Standard}, Options{}); !errors.Is(err, ErrMultipleSolutions) {
				t.Fatalf("puzzle %d %s: %v, want ErrMultipleSolutions", i, p, err)
			}
		}
	})
}
