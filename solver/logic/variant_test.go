package logic

import (
	"math/rand"
	"testing"

	"sudoku/internal/sudokutest"
)

// windoku is a variant the engine was not written for, defined only for
// tests: four 3x3 windows more.
var windoku = sudokutest.Windoku

// TestOtherVariant explains puzzles of a variant defined in the test: the
// techniques read the variant's units, so every step must still agree with
// the solution.
func TestOtherVariant(t *testing.T) {
	n := 20
	if testing.Short() {
		n = 5
	}
	ps := genPuzzles(rand.New(rand.NewSource(31)), windoku, n)
	_, st := explainAll(t, ps, windoku)
	if st.n != len(ps) {
		t.Errorf("%d of %d explained", st.n, len(ps))
	}
	st.report(t, "windoku")
}
