package web

import (
	"errors"
	"fmt"
	"math/bits"
	"strings"

	"sudoku/solver"
)

// marks is a set of digits written small in a cell: bit d-1 for digit d.
type marks uint16

// allMarks holds the digits 1 to 9.
const allMarks marks = 1<<9 - 1

// Has reports whether d is in the set.
func (m marks) Has(d uint8) bool { return d >= 1 && d <= 9 && m&(1<<(d-1)) != 0 }

// Digits lists the digits of the set in increasing order.
func (m marks) Digits() []uint8 {
	var ds []uint8
	for d := uint8(1); d <= 9; d++ {
		if m.Has(d) {
			ds = append(ds, d)
		}
	}
	return ds
}

// Len is the number of digits in the set.
func (m marks) Len() int { return bits.OnesCount16(uint16(m)) }

func markOf(d uint8) marks { return 1 << (d - 1) }

// game is everything the player works on: the clues, the player's own digits
// (never on a clue), the pencil marks (corner marks, which the page also
// calls candidates, and centre marks), cell colours (0 for none, else 1-9)
// and the variant. Marks and colours are kept only on empty cells.
type game struct {
	Clues   solver.Grid
	Entries solver.Grid
	Corner  [81]marks
	Centre  [81]marks
	Colour  [81]uint8
	Variant *solver.Variant // nil means solver.Standard
	// Custom, when set, are a variant puzzle's own rules (size, regions,
	// constraints; see rules_game.go): they replace Variant, and only the
	// first Custom.Size² cells of the grids are in play.
	Custom *solver.Rules
	// Title and Author name a variant puzzle as its f-puzzles data does
	// ("" when it does not); links and saves carry them.
	Title, Author string
	// Solution is a variant puzzle's solution as its setter gave it (its
	// f-puzzles "solution", checked against the rules; Size² cells first),
	// all zero when the data had none. Links and saves carry it, and the
	// mistake check uses it until the engine's count is in.
	Solution solver.Grid
}

// Rules returns the game's variant, solver.Standard when none is set.
func (g game) Rules() *solver.Variant {
	if g.Variant == nil {
		return solver.Standard
	}
	return g.Variant
}

// Board returns the clues and the entries together.
func (g game) Board() solver.Grid {
	b := g.Clues
	for i, d := range g.Entries {
		if b[i] == 0 {
			b[i] = d
		}
	}
	return b
}

// Empty reports whether the game has no clue, entry or mark (a variant
// puzzle, whose rules may be its only clues, is never empty).
func (g game) Empty() bool {
	return g.Clues.Clues() == 0 && g.Entries.Clues() == 0 && !g.HasMarks() && g.Custom == nil
}

// HasMarks reports whether any cell holds a pencil mark or a colour.
func (g game) HasMarks() bool {
	for i := range g.Corner {
		if g.Corner[i] != 0 || g.Centre[i] != 0 || g.Colour[i] != 0 {
			return true
		}
	}
	return false
}

// Equal reports whether two games hold the same state.
func (g *game) Equal(h *game) bool {
	return g.Clues == h.Clues && g.Entries == h.Entries && g.Corner == h.Corner &&
		g.Centre == h.Centre && g.Colour == h.Colour && g.Rules() == h.Rules() && sameRules(g.Custom, h.Custom) &&
		g.Title == h.Title && g.Author == h.Author && g.Solution == h.Solution
}

// Candidates returns, for each empty cell, the digits that no filled peer
// rules out (the rules' candidates, not the player's); filled cells get none.
func (g game) Candidates() [81]marks {
	var out [81]marks
	b := g.Board()
	all := g.digitMarks()
	for c := range g.cells() {
		if b[c] != 0 {
			continue
		}
		m := all
		for _, p := range g.peers(c) {
			if d := b[p]; d != 0 {
				m &^= markOf(d)
			}
		}
		out[c] = m
	}
	return out
}

// Remaining returns, for each digit 1 to the grid's size (index 1-9), how
// many more times it must be placed: the size minus its count on the board,
// never below 0; digits above the size get 0.
func (g game) Remaining() [10]int {
	var n [10]int
	for d := 1; d <= g.size(); d++ {
		n[d] = g.size()
	}
	for _, d := range g.Board() {
		if d != 0 && n[d] > 0 {
			n[d]--
		}
	}
	return n
}

// Conflicts marks every cell whose digit also appears in a peer cell (a cell
// sharing a unit of the variant).
func (g game) Conflicts() [81]bool {
	var bad [81]bool
	b := g.Board()
	for _, unit := range g.units() {
		var first [10]int
		for i := range first {
			first[i] = -1
		}
		for _, c := range unit {
			d := b[c]
			if d == 0 {
				continue
			}
			if f := first[d]; f >= 0 {
				bad[f], bad[c] = true, true
			} else {
				first[d] = c
			}
		}
	}
	return bad
}

// Complete reports whether every cell is filled and no rule is broken.
func (g game) Complete() bool {
	return g.solved(g.Board())
}

// count is the live solution count of the clues.
type count int

const (
	countUnknown  count = iota // budget exhausted before an answer
	countConflict              // the clues conflict
	countNone                  // no solution
	countUnique                // exactly one
	countSeveral               // two or more
	countPending               // the engine's worker has not answered yet
)

// countOf turns a solver outcome into a Count.
func countOf(res solver.Result, err error) count {
	switch {
	case errors.Is(err, solver.ErrConflict):
		return countConflict
	case err != nil:
		return countUnknown
	case res.Count == 0:
		return countNone
	case res.Count == 1:
		return countUnique
	}
	return countSeveral
}

// wrongCells compares the entries with a solution and returns the cells whose
// digit differs.
func (g game) wrongCells(sol solver.Grid) []int {
	var wrong []int
	for i, d := range g.Entries {
		if d != 0 && g.Clues[i] == 0 && d != sol[i] {
			wrong = append(wrong, i)
		}
	}
	return wrong
}

// cellList names cells of the 9x9 grid for a message, at most max of them.
func cellList(cells []int, max int) string { return namedCellList(cells, max, solver.CellName) }

// namedCellList names cells for a message, at most max of them, each by name.
func namedCellList(cells []int, max int, name func(int) string) string {
	var names []string
	for i, c := range cells {
		if i == max {
			names = append(names, fmt.Sprintf("and %d more", len(cells)-max))
			break
		}
		names = append(names, name(c))
	}
	return strings.Join(names, ", ")
}
