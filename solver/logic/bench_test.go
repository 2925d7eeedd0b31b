package logic

import (
	"path/filepath"
	"testing"

	"sudoku/solver"
)

// BenchmarkExplain measures one full explanation per puzzle of a corpus,
// the puzzles taken in file order.
func BenchmarkExplain(b *testing.B) {
	for _, name := range []string{"puzzles3_magictour_top1465", "puzzles2_17_clue"} {
		b.Run(name, func(b *testing.B) {
			ps := readCorpus(b, filepath.Join(dataDir, name))
			if len(ps) > 1000 {
				ps = ps[:1000]
			}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, err := Explain(ps[i%len(ps)], solver.Standard, Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
