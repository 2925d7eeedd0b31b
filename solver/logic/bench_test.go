package logic

import (
	"path/filepath"
	"runtime"
	"sort"
	"testing"
	"time"

	"sudoku/solver"
)

// BenchmarkExplain measures one full explanation per puzzle of a corpus,
// the puzzles taken in file order (the first 1000 of each).
func BenchmarkExplain(b *testing.B) {
	for _, c := range []struct {
		name, path string
		v          *solver.Variant
	}{
		{"magictour", filepath.Join(dataDir, "puzzles3_magictour_top1465"), solver.Standard},
		{"17clue", filepath.Join(dataDir, "puzzles2_17_clue"), solver.Standard},
		{"diagonal", filepath.Join(testdataDir, "diagonal.txt"), solver.Diagonal},
	} {
		b.Run(c.name, func(b *testing.B) {
			ps := readCorpus(b, c.path)
			if len(ps) > 1000 {
				ps = ps[:1000]
			}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, err := Explain(solver.Position{Clues: ps[i%len(ps)], Variant: c.v}, Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkExplainVariants measures one full explanation of each puzzle of
// testdata/variants under its rules (ms per explanation: sec/op), with the
// thread's CPU time (cpu-ms/op, which a busy machine inflates less), the
// steps and the steps left to the fallbacks (Contradiction and Trial and
// Error).
func BenchmarkExplainVariants(b *testing.B) {
	ps := variantFiles(b)
	names := make([]string, 0, len(ps))
	for name := range ps {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		p := ps[name]
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			steps, fallback := 0, 0
			var cpu time.Duration
			for i := 0; i < b.N; i++ {
				cpu0, _ := threadCPU()
				ex, err := Position{Rules: p.Rules, Givens: p.Givens}.Explain(Options{})
				cpu1, _ := threadCPU()
				cpu += cpu1 - cpu0
				if err != nil || !ex.Solved {
					b.Fatal(name, err)
				}
				steps, fallback = len(ex.Steps), 0
				for _, st := range ex.Steps {
					if st.Technique == Contradiction || st.Technique == TrialAndError {
						fallback++
					}
				}
			}
			b.ReportMetric(float64(steps), "steps")
			b.ReportMetric(float64(fallback), "fallback-steps")
			b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/op")
		})
	}
}
