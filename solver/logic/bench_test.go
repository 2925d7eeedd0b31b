package logic

import (
	"path/filepath"
	"sort"
	"testing"

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
// testdata/variants under its rules (ms per explanation: sec/op).
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
			steps := 0
			for i := 0; i < b.N; i++ {
				ex, err := Position{Rules: p.Rules, Givens: p.Givens}.Explain(Options{})
				if err != nil || !ex.Solved {
					b.Fatal(name, err)
				}
				steps = len(ex.Steps)
			}
			b.ReportMetric(float64(steps), "steps")
		})
	}
}
