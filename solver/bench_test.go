package solver

import (
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkSolve times every engine on every corpus with limit 2 (solve and
// prove uniqueness), one puzzle per op: ns/op is the time per puzzle.
// Run one engine with -bench 'Solve/fast/'.
func BenchmarkSolve(b *testing.B) {
	for _, e := range engines {
		for _, c := range fastCorpora {
			name := strings.TrimSuffix(filepath.Base(c.path), ".txt")
			b.Run(e.Name()+"/"+name, func(b *testing.B) {
				gs := loadGrids(b, c.path)
				opt := Options{Limit: 2}
				var guesses int64
				b.ReportAllocs()
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					res, err := e.Solve(gs[i%len(gs)], opt)
					if err != nil || res.Count == 0 {
						b.Fatalf("%s: count %d, error %v", gs[i%len(gs)], res.Count, err)
					}
					guesses += res.Guesses
				}
				b.ReportMetric(float64(guesses)/float64(b.N), "guesses/op")
			})
		}
	}
}
