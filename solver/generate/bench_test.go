package generate

import (
	"testing"

	"sudoku/solver"
	"sudoku/solver/logic"
)

// BenchmarkGenerate makes one puzzle per iteration at each level, standard
// and diagonal, from the seeds SeedAt(1, i); every puzzle is checked
// (outside the timer) by verify, the checker of the tests.
func BenchmarkGenerate(b *testing.B) {
	for _, v := range []*solver.Variant{solver.Standard, solver.Diagonal} {
		for l := logic.Easy; l <= logic.Extreme; l++ {
			b.Run(v.Name+"/"+l.String(), func(b *testing.B) {
				attempts, clues := 0, 0
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					opt := Options{Variant: v, Target: AtLevel(l), Seed: SeedAt(1, i)}
					p, err := Generate(opt)
					if err != nil {
						b.Fatal(err)
					}
					b.StopTimer()
					verify(b, p, opt)
					b.StartTimer()
					attempts += p.Attempts
					clues += p.Clues()
				}
				b.ReportMetric(float64(attempts)/float64(b.N), "attempts/puzzle")
				b.ReportMetric(float64(clues)/float64(b.N), "clues/puzzle")
				b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
			})
		}
	}
}
