package worker

import (
	"fmt"

	"sudoku/solver"
)

// Reading what the player pastes or opens, and writing a variant puzzle's
// link, are jobs too: the readers of every text format (solver.ParsePosition)
// and of f-puzzles data (solver.ParseFPuzzles, lz-string), and f-puzzles'
// writer, are large, and the page's first screen needs none of them. The
// page reads by itself only the grids it writes (ParseGrid, and
// solver.ParseS9B for a pasted position kept in its history); it asks the
// worker for the rest.

// The reading and writing jobs.
const (
	// OpRead reads a text (Request.Read; Response.Read).
	OpRead Op = "read"
	// OpLink writes a variant puzzle as its link's load= value
	// (Request.Link; Response.Link).
	OpLink Op = "link"
)

// ReadAs says how OpRead reads its text.
type ReadAs string

// The ways to read a text.
const (
	// ReadGrid reads a puzzle's clues with solver.Parse (Read.Position's
	// Clues).
	ReadGrid ReadAs = "grid"
	// ReadPosition reads a puzzle or a player's position with
	// solver.ParsePosition, under the variant named by ReadRequest.Variant
	// unless the text names one (Read.Position).
	ReadPosition ReadAs = "position"
	// ReadFPuzzles reads a variant puzzle from f-puzzles data: an f-puzzles
	// or SudokuPad link, the lz-string or the JSON (Read.Puzzle). The
	// error names, in a sentence the page shows, the rules the page does
	// not support.
	ReadFPuzzles ReadAs = "fpuzzles"
)

// A ReadRequest is the text OpRead reads and how.
type ReadRequest struct {
	As      ReadAs `json:"as"`
	Text    string `json:"text"`
	Variant string `json:"variant,omitempty"` // ReadPosition: the rules of a text that names none
}

// A Read is what OpRead read: a classic puzzle or position, or a variant
// puzzle.
type Read struct {
	Position *Position      `json:"position,omitempty"`
	Puzzle   *VariantPuzzle `json:"puzzle,omitempty"`
}

// A VariantPuzzle is a puzzle under its own rules (solver.Puzzle) on the
// wire, in the form the page's load action carries it: the rules as JSON
// (solver.Rules.MarshalJSON), the givens and the setter's solution ("" for
// none) as 81-cell grids (Grid.String) holding the Size² cells first,
// r*Size+c.
type VariantPuzzle struct {
	Title    string `json:"title,omitempty"`
	Author   string `json:"author,omitempty"`
	Rules    string `json:"rules"`
	Givens   string `json:"givens"`
	Solution string `json:"solution,omitempty"`
}

// ParseGrid reads a grid in the one form Grid.String writes: 81
// characters, '1' to '9' for a digit and '.' or '0' for an empty cell.
// Errors are *solver.ParseError values wrapping solver.ErrLength or
// solver.ErrSyntax. Any other form is read by the worker (OpRead,
// ReadGrid).
func ParseGrid(s string) (solver.Grid, error) {
	var g solver.Grid
	if len(s) != 81 {
		return g, &solver.ParseError{Msg: fmt.Sprintf("a grid of %d characters, want 81", len(s)), Err: solver.ErrLength}
	}
	for i := range 81 {
		switch ch := s[i]; {
		case ch >= '1' && ch <= '9':
			g[i] = ch - '0'
		case ch != '.' && ch != '0':
			return solver.Grid{}, &solver.ParseError{Line: 1, Col: i + 1, Msg: fmt.Sprintf("bad character %q", ch), Err: solver.ErrSyntax}
		}
	}
	return g, nil
}
