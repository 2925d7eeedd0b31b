package logic

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"sudoku/solver"
)

// TestTiming measures full explanations one at a time on one goroutine and
// reports, per corpus, the share solved without contradiction, the levels,
// and the median and 95th percentile time per explanation. It runs only
// with LOGIC_TIMING set (a number limits the puzzles per corpus):
//
//	LOGIC_TIMING=1 go test -run TestTiming -v ./solver/logic
func TestTiming(t *testing.T) {
	env := os.Getenv("LOGIC_TIMING")
	if env == "" {
		t.Skip("set LOGIC_TIMING=1 (or a number of puzzles per corpus) to measure")
	}
	limit, _ := strconv.Atoi(env)
	if limit <= 1 {
		limit = 1 << 30
	}
	for _, c := range []struct {
		name string
		path string
		v    *solver.Variant
		pick func(tb testing.TB, ps []solver.Grid) []solver.Grid
	}{
		{"magictour_top1465", filepath.Join(dataDir, "puzzles3_magictour_top1465"), solver.Standard, nil},
		{"17_clue", filepath.Join(dataDir, "puzzles2_17_clue"), solver.Standard, nil},
		{"17_clue hardest 1000 (most solver guesses)", filepath.Join(dataDir, "puzzles2_17_clue"), solver.Standard, mostGuesses(1000)},
		{"diagonal (testdata)", filepath.Join(testdataDir, "diagonal.txt"), solver.Diagonal, nil},
	} {
		ps := readCorpus(t, c.path)
		if c.pick != nil {
			ps = c.pick(t, ps)
		}
		ps = ps[:min(limit, len(ps))]
		var times, cpus []time.Duration
		var levels [5]int
		noContra := 0
		var puzzlesUsing, steps [numTechniques]int
		runtime.LockOSThread()
		for _, p := range ps {
			start := time.Now()
			cpu0, okCPU := threadCPU()
			ex, err := Explain(solver.Position{Clues: p, Variant: c.v}, Options{})
			times = append(times, time.Since(start))
			if cpu1, ok := threadCPU(); ok && okCPU {
				cpus = append(cpus, cpu1-cpu0)
			}
			if err != nil || !ex.Solved {
				t.Fatalf("%s: %v", p, err)
			}
			levels[ex.Level]++
			var used [numTechniques]bool
			for _, st := range ex.Steps {
				steps[st.Technique]++
				used[st.Technique] = true
			}
			for k, u := range used {
				if u {
					puzzlesUsing[k]++
				}
			}
			if !ex.NeedsContradiction {
				noContra++
			}
		}
		runtime.UnlockOSThread()
		sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
		sort.Slice(cpus, func(i, j int) bool { return cpus[i] < cpus[j] })
		lv := ""
		for l, k := range levels {
			lv += " " + Level(l).String() + "=" + strconv.Itoa(k)
		}
		t.Logf("%s: %d puzzles, %d (%.1f%%) without contradiction,%s; per explanation: wall median %v p95 %v max %v",
			c.name, len(ps), noContra, 100*float64(noContra)/float64(len(ps)), lv,
			times[len(times)/2].Round(10*time.Microsecond), times[len(times)*95/100].Round(10*time.Microsecond), times[len(times)-1].Round(time.Millisecond))
		var freq []string
		for k := range steps {
			if steps[k] > 0 {
				freq = append(freq, fmt.Sprintf("%v %d/%d", Technique(k), puzzlesUsing[k], steps[k]))
			}
		}
		t.Logf("%s: techniques (puzzles using it/steps): %s", c.name, strings.Join(freq, "; "))
		if len(cpus) == len(ps) {
			t.Logf("%s: thread CPU time per explanation: median %v p95 %v max %v (the collector's background work not counted)",
				c.name, cpus[len(cpus)/2].Round(10*time.Microsecond), cpus[len(cpus)*95/100].Round(10*time.Microsecond), cpus[len(cpus)-1].Round(time.Millisecond))
		}
	}
}

// mostGuesses picks the n puzzles on which the default solver guesses most
// (a hard set built from a corpus), hardest first.
func mostGuesses(n int) func(tb testing.TB, ps []solver.Grid) []solver.Grid {
	return func(tb testing.TB, ps []solver.Grid) []solver.Grid {
		type g struct {
			p       solver.Grid
			guesses int64
		}
		gs := make([]g, len(ps))
		for i, p := range ps {
			res, err := solver.Solve(p, solver.Options{Limit: 2})
			if err != nil {
				tb.Fatal(err)
			}
			gs[i] = g{p, res.Stats.Guesses}
		}
		sort.SliceStable(gs, func(i, j int) bool { return gs[i].guesses > gs[j].guesses })
		out := make([]solver.Grid, 0, n)
		for _, x := range gs[:min(n, len(gs))] {
			out = append(out, x.p)
		}
		return out
	}
}
