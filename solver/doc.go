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
// # Formats
//
// One reader reads every format, from one table (formats.go) that names
// each format's reader and writer. ParsePosition reads a text that holds
// one puzzle or a player's position (a pasted text, an argument); a Reader
// reads a file of many, one Entry at a time, with the file and line on
// every error. Both return a Position: the clues, the digits a player
// placed and the candidates, where the format has them, and the Variant a
// note names ("puzzle:1:diagonal"). The formats:
//
//   - line: 81 characters, '.' or '0' for an empty cell, an optional note
//     after it (.sdm and the benchmark files);
//   - grid: 9 lines of 9 cells with any of ' ', '|', '-', '+' between them
//     (.sdk, Pretty's output);
//   - CSV: Kaggle-style "quizzes,solutions", the solution checked;
//   - s9b, board: sudokuwiki.org's "S9B" form and 162-character board
//     string (also inside a "?bd=" link), with placed digits and candidates;
//   - candidates: 729 characters, nine per cell;
//   - pencil marks: HoDoKu's printed grid of candidate groups (read only);
//   - NumPy: .npy arrays of shape (9, 9) or (N, 9, 9) (files only).
//
// Position.Text writes the line, grid, s9b, board and candidates forms;
// Grid.String and Grid.Pretty write a grid; NPYHeader starts a NumPy file.
// Parse is ParsePosition for a puzzle alone: it returns the clues. Errors
// are *ParseError values giving the input's name, line and column, and
// wrap one of the sentinel errors (ErrSyntax, ErrLength, ErrMismatch).
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
//
// # Tracing
//
// TraceSolve records a solve of "prop" or "dlx" event by event (each digit
// placed and why, each candidate removed, each guess, backtrack and
// contradiction) as a trace.Trace of package sudoku/solver/trace, which also
// replays one; the CLI's -trace and -gif and the page's Watch the solver
// read them. Rules.TraceSolve records the rules engine's solve of a
// variant puzzle in the same form (Trace.Size set; an elimination by a
// constraint names it).
//
// # Variant puzzles
//
// Rules describe puzzles a Variant cannot: sizes 4x4 to 9x9 (boxes of the
// usual shapes), irregular regions that must tile the grid, extra regions,
// and Constraints, each a value with a check, a propagation step and a
// sentence, listed by ConstraintKinds (one table: killer, littlekiller,
// arrow, sandwich, thermometer, whispers, renban, palindrome, between,
// clone, difference, ratio, xv and their negative rules, antiknight,
// antiking, nonconsecutive, odd, even, minimum, maximum, quadruple, and
// row, column and box indexers).
// Cells are numbered r*Size+c; grids are []uint8 of Size*Size digits.
// NewRules checks rules (errors wrap ErrRules; an unknown kind in JSON
// wraps ErrUnsupported), Rules.Solve counts solutions with the same
// Options, budgets and errors as Engine.Solve (classic and diagonal rules
// go to "fast", others to the rules engine in rulesolve.go), and
// Rules.TrueCandidates lists every digit of every solution per cell.
// Rules.Verify is the checker of their solutions.
//
// ParseFPuzzles reads a Puzzle (rules, givens, the setter's solution)
// from f-puzzles JSON, its lz-string form or an f-puzzles or SudokuPad
// link; Puzzle.FPuzzlesJSON writes it back. A constraint it does not know
// is an error naming it, never ignored.
//
//	p, err := solver.ParseFPuzzles(link, "arg 1")
//	if err != nil { ... }
//	res, err := p.Rules.Solve(p.Givens, solver.Options{Limit: 2})
package solver
