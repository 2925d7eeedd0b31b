// Package solver reads, checks and solves Sudoku puzzles. It uses only the
// standard library and builds for every target Go supports, WebAssembly
// included.
//
// # Vocabulary
//
// A Grid has 81 cells in 9 rows and 9 columns; a cell holds a digit 1-9 or is
// empty. A unit is nine cells that must hold every digit once: each row,
// column and 3x3 box, plus any extra units of the Variant (Diagonal adds both
// main diagonals). Two cells that share a unit are peers. A clue is a digit
// given by the puzzle; a candidate is a digit a cell may still hold. Cells
// are written rXcY, 1-based ("r3c5").
//
// # Text formats
//
// Parse reads one puzzle: an 81-character line ('.' or '0' for empty) or a
// grid over 9 lines with '|', '-', '+' and spaces. A Reader reads files of
// many puzzles: one a line (.sdm and the benchmark files, with an optional
// note after the puzzle), Kaggle-style CSV with a "quizzes,solutions" header,
// and 9-line grids (.sdk). Errors give the line and column and wrap one of
// the sentinel errors (ErrSyntax, ErrLength, ErrMismatch). Grid.String and
// Grid.Pretty format a grid; Parse reads both back.
//
// # Solving
//
// Solve and the Engine values count solutions up to Options.Limit and return
// the first one. They are deterministic, safe for concurrent use, and can be
// bounded by Options.MaxNodes or Options.Context, in which case they return
// quickly with an error wrapping ErrBudget. Clues that break a rule give a
// *ConflictError; a puzzle without solution gives Count 0 and no error.
// Variant.Verify is the one solution checker.
//
// Three engines exist: "fast", the default, bitboards per digit and band
// with table-driven propagation for the standard and diagonal rules (other
// variants go to "prop"), allocating nothing; "prop", constraint
// propagation (naked and hidden singles) with depth-first search on the
// smallest choice; and "dlx", Algorithm X with dancing links on the
// exact-cover matrix. Both of the latter read only a variant's unit tables.
//
//	g, err := solver.Parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
//	if err != nil { ... }
//	res, err := solver.Solve(g, solver.Options{Limit: 2})
//	// res.Count == 1: the puzzle is valid; res.Solution holds it.
package solver
