package worker

import (
	"errors"
	"strings"
	"testing"

	"sudoku/solver"
)

// ParseGrid reads what Grid.String writes and refuses every other form
// with the solver's sentinels.
func TestParseGrid(t *testing.T) {
	const hard = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	g, err := ParseGrid(hard)
	if err != nil || g.String() != hard {
		t.Fatalf("ParseGrid(%q) = %v, %v", hard, g, err)
	}
	if z, err := ParseGrid(strings.ReplaceAll(hard, ".", "0")); err != nil || z != g {
		t.Errorf("zeros for empty cells: %v, %v", z, err)
	}
	for _, c := range []struct {
		s    string
		want error
	}{
		{hard[:80], solver.ErrLength},
		{hard + ".", solver.ErrLength},
		{"x" + hard[1:], solver.ErrSyntax},
		{hard[:80] + "\x00", solver.ErrSyntax},
		{g.Pretty(), solver.ErrLength},
	} {
		if _, err := ParseGrid(c.s); !errors.Is(err, c.want) {
			t.Errorf("ParseGrid(%.30q…) = %v, want %v", c.s, err, c.want)
		}
	}
}
