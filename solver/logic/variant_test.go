package logic

import (
	"math/rand"
	"strconv"
	"testing"

	"sudoku/solver"
)

// windoku adds four 3x3 windows (rows and columns 2-4 and 6-8, 1-based): a
// variant the engine was not written for, defined only here.
var windoku = func() *solver.Variant {
	var names []string
	var units [][9]uint8
	for _, r0 := range []int{1, 5} {
		for _, c0 := range []int{1, 5} {
			var u [9]uint8
			for k := range u {
				u[k] = uint8((r0+k/3)*9 + c0 + k%3)
			}
			units = append(units, u)
			names = append(names, "window r"+strconv.Itoa(r0+1)+"c"+strconv.Itoa(c0+1))
		}
	}
	return solver.NewVariant("windoku", "Rows, columns, boxes and four windows hold 1 to 9 once.", names, units)
}()

// TestOtherVariant explains puzzles of a variant defined in the test: the
// techniques read the variant's units, so every step must still agree with
// the solution.
func TestOtherVariant(t *testing.T) {
	n := 20
	if testing.Short() {
		n = 5
	}
	ps := genPuzzles(rand.New(rand.NewSource(31)), windoku, n)
	st := explainAll(t, ps, windoku)
	if st.n != len(ps) {
		t.Errorf("%d of %d explained", st.n, len(ps))
	}
	st.report(t, "windoku")
}
