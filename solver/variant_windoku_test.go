package solver_test

import (
	"math/rand"
	"testing"

	"sudoku/internal/corpus"
	"sudoku/internal/sudokutest"
	"sudoku/solver"
)

// TestNewVariantNeedsNoEngineChange solves with every engine a variant made
// only for tests (sudokutest.Windoku: four windows more): no engine knows
// it, which is the point of variants as data.
func TestNewVariantNeedsNoEngineChange(t *testing.T) {
	w := sudokutest.Windoku
	if w.NumUnits() != 31 || len(w.UnitsOf(10)) != 4 {
		t.Fatalf("windoku: %d units, r2c2 in %d; want 31 and 4", w.NumUnits(), len(w.UnitsOf(10)))
	}
	rng := rand.New(rand.NewSource(7))
	for _, v := range []*solver.Variant{w, solver.Diagonal} {
		for _, e := range solver.Engines() {
			full, err := e.Solve(solver.Grid{}, solver.Options{Variant: v})
			if err != nil || full.Count != 1 || v.Verify(solver.Grid{}, full.Solution) != nil {
				t.Fatalf("%s on an empty %s grid: %+v, %v", e.Name(), v, full, err)
			}
			// Blank random cells of the solution: the solution stays a
			// solution, and every engine agrees on whether it is unique.
			for trial := 0; trial < 20; trial++ {
				g := full.Solution
				for _, c := range rng.Perm(81)[:45+rng.Intn(20)] {
					g[c] = 0
				}
				var counts []int
				for _, e2 := range solver.Engines() {
					res, err := e2.Solve(g, solver.Options{Variant: v, Limit: 2})
					if err == nil {
						err = corpus.Case{Clues: g, Variant: v}.Check(res, 2)
					}
					if err != nil {
						t.Fatalf("%s puzzle %s: %s: %+v, %v", v, g, e2.Name(), res, err)
					}
					counts = append(counts, res.Count)
				}
				for _, n := range counts[1:] {
					if n != counts[0] {
						t.Fatalf("%s puzzle %s: engines disagree: %v", v, g, counts)
					}
				}
			}
		}
	}
	var g solver.Grid
	g[10], g[30] = 4, 4 // r2c2 and r4c4 share only the first window
	if err := w.Check(g); err == nil || err.Error() != "digit 4 appears twice in window r2c2: r2c2 and r4c4" {
		t.Errorf("windoku.Check = %v, want the window conflict", err)
	}
}
