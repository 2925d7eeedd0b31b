package solver

import "fmt"

// Check reports the first pair of clues that break a rule of the variant: nil,
// or a *ConflictError naming the digit, the unit and both cells (units and
// cells are visited in increasing order, so the result is deterministic).
// A grid that passes Check may still have no solution.
func (v *Variant) Check(g Grid) error {
	for u, cells := range v.units {
		var at [10]int8 // position+1 of the first cell holding each digit
		for k, c := range cells {
			d := g[c]
			if d == 0 {
				continue
			}
			if d > 9 {
				return &ParseError{Msg: fmt.Sprintf("%s holds %d, not a digit", CellName(int(c)), d), Err: ErrSyntax}
			}
			if at[d] != 0 {
				a, b := int(cells[at[d]-1]), int(c)
				if a > b {
					a, b = b, a
				}
				return &ConflictError{Digit: int(d), Unit: u, UnitName: v.unitNames[u], Cells: [2]int{a, b}}
			}
			at[d] = int8(k + 1)
		}
	}
	return nil
}

// Verify reports whether sol is a solution of puzzle under the variant's
// rules: every cell filled, every unit holding 1 to 9 once, every clue of
// puzzle kept. It returns nil or an error wrapping ErrMismatch that says what
// is wrong. It is the single solution checker used by the tests, the CLI and
// the benchmarks.
func (v *Variant) Verify(puzzle, sol Grid) error {
	for c := 0; c < 81; c++ {
		if sol[c] < 1 || sol[c] > 9 {
			return fmt.Errorf("%s is empty: %w", CellName(c), ErrMismatch)
		}
		if puzzle[c] != 0 && puzzle[c] != sol[c] {
			return fmt.Errorf("%s holds %d but the clue is %d: %w", CellName(c), sol[c], puzzle[c], ErrMismatch)
		}
	}
	for u, cells := range v.units {
		var seen uint16
		for _, c := range cells {
			seen |= 1 << sol[c]
		}
		if seen != 0x3fe {
			return fmt.Errorf("%s does not hold every digit once: %w", v.unitNames[u], ErrMismatch)
		}
	}
	return nil
}
