package logic

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"sync"
	"testing"
	"time"

	"sudoku/solver"
)

// dataDir is the shared corpora, beside the project.
const dataDir = "../../../shared/data"

// testdataDir holds the package's own test positions.
const testdataDir = "../../testdata/logic"

// readCorpus returns the puzzles of a file, or skips the test when it is
// absent.
func readCorpus(tb testing.TB, path string) []solver.Grid {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Skipf("corpus absent: %v", err)
	}
	defer f.Close()
	r := solver.NewReader(f, solver.ReadOptions{})
	var out []solver.Grid
	for {
		e, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			tb.Fatal(err)
		}
		if e.Err != nil {
			tb.Fatalf("%s: %v", path, e.Err)
		}
		out = append(out, e.Clues)
	}
	return out
}

// corpusStats sums up explanations of a corpus.
type corpusStats struct {
	n, noContra int
	levels      [5]int
	times       []time.Duration
}

// explainAll explains every puzzle on all cores, checking each step against
// the solution (Explain does) and that the steps reach it.
func explainAll(t *testing.T, puzzles []solver.Grid, v *solver.Variant) corpusStats {
	var mu sync.Mutex
	var st corpusStats
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
	return st
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
// WebAssembly (the same code runs natively; TestTestdataCorpora covers wasm).
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
			st := explainAll(t, ps, solver.Standard)
			if st.n != len(ps) {
				t.Errorf("%d of %d explained", st.n, len(ps))
			}
			st.report(t, name)
		})
	}
	t.Run("special", func(t *testing.T) {
		f, err := os.Open(filepath.Join(dataDir, "special.txt"))
		if err != nil {
			t.Skipf("corpus absent: %v", err)
		}
		defer f.Close()
		r := solver.NewReader(f, solver.ReadOptions{})
		for {
			e, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil || e.Err != nil {
				t.Fatal(err, e.Err)
			}
			count, v, ok := e.Expect()
			if !ok {
				t.Fatalf("line %d: note %q", e.Line, e.Note)
			}
			if v == nil {
				v = solver.Standard
			}
			ex, err := Explain(solver.Position{Clues: e.Clues, Variant: v}, Options{})
			switch count {
			case "0":
				if !errors.Is(err, ErrNoSolution) {
					t.Errorf("line %d: %v, want ErrNoSolution", e.Line, err)
				}
			case "1":
				if err != nil || !ex.Solved {
					t.Errorf("line %d: %v", e.Line, err)
					continue
				}
				if err := verifyExplanation(ex); err != nil {
					t.Error(err)
				}
			default:
				if !errors.Is(err, ErrMultipleSolutions) {
					t.Errorf("line %d: %v, want ErrMultipleSolutions", e.Line, err)
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
