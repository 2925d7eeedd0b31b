// Command sudoku solves, checks and times Sudoku puzzles from the command line.
//
// Usage:
//
//	sudoku solve [-variant NAME] [-engine NAME] [-limit N] [-format line|grid] [-j N] [-o FILE] [-f FILE]...
//	             [-trace [-json] [-trace-max N]] [-gif FILE [-gif-frames N]] [PUZZLE...]
//	sudoku solve [-limit N] [-format line|grid] [-o FILE] [-true-candidates | -trace [-json] [-trace-max N]]
//	             F-PUZZLES-FILE|JSON|LINK   (or -f FILE, or stdin)
//	sudoku bench [-variant NAME] [-engine NAME] [-limit N] [-j N] [-t SECONDS] [-json] FILE...
//	sudoku explain [-variant NAME] [-json] [-techniques LIST] [-gif FILE [-gif-frames N]] [PUZZLE]
//	sudoku explain [-json] [-techniques LIST] F-PUZZLES-FILE|JSON|LINK   (or -f FILE)
//	sudoku hint [-variant NAME] [-json] [-puzzle CLUES] [-techniques LIST] [STATE]
//	sudoku hint [-json] [-techniques LIST] [-placed DIGITS] F-PUZZLES-FILE|JSON|LINK   (or -f FILE)
//	sudoku grade [-variant NAME] [-json] [-j N] [FILE|LINK...]
//	sudoku generate [-variant NAME] [-level L | -technique T | -uses T | -score MIN-MAX] [-symmetry S] [-seed N] [-n N] [-j N] [-o FILE] [-json]
//	sudoku scan [-json] [-debug DIR] FILE...
//	sudoku help
//
// # solve
//
// Solve reads puzzles from its arguments (each one puzzle: an 81-character
// line, '.' or '0' for an empty cell, a grid over several lines, or any
// position form hint reads), from files given with -f (repeatable; "-" is
// standard input), or, when neither is given, from standard input. A file
// may hold one puzzle a line (with an optional note after it, such as
// ":1"), Kaggle-style CSV with a "quizzes,solutions" header (the given
// solution is checked), .sdm, .sdk and other 9-line grids, sudokuwiki's S9B
// lines and 162-character board strings, 729-character candidate grids, or
// a NumPy array (below); '#' lines are comments. Every command reads its
// input the same way (package solver's one reader); of a player's position
// solve and grade take the clues.
//
// Every puzzle read gives exactly one result, in input order whatever -j is:
// the solution (one 81-character line, or with -format grid a grid followed
// by a blank line), or an error naming the file and line:
//
//	puzzles.txt:4: no solution
//	puzzles.txt:7: multiple solutions
//	puzzles.txt:9:12: bad character 'x'
//	puzzles.txt:11: digit 5 appears twice in row 3: r3c2 and r3c7
//
// Every command takes -variant NAME for the rules (standard, the default, or
// diagonal, where both main diagonals also hold 1 to 9); -diagonal is short
// for -variant diagonal. A "puzzle:count:variant" note on a line overrides it.
//
// A bad puzzle never stops the batch. "multiple solutions" needs -limit 2 or
// more; with the default -limit 1 the first solution found is printed. The
// exit status is 0 when every puzzle was solved, 1 when any failed, and 2 for
// a usage error or an unreadable file (reported before anything is solved).
// A progress bar appears on standard error for large files when it is a
// terminal. With -o the results go to FILE, written whole or not at all.
//
// # Variant puzzles
//
// Solve also reads one variant puzzle in f-puzzles' format: a file holding
// its JSON (the argument, or -f FILE), the JSON itself as the argument, its
// lz-string form, an f-puzzles link ("https://f-puzzles.com/?load=...") or
// a SudokuPad link that carries f-puzzles data ("?puzzleid=fpuzzles..."),
// or any of these on standard input. Sizes 4x4 to 9x9, irregular regions,
// extra regions and the constraints of solver.ConstraintKinds are read; a
// constraint not supported is an error naming it (exit 1), never ignored.
// The solution prints as one line of N*N digits, row by row (-format grid:
// N lines); with -limit 2 a puzzle with several solutions prints
// "SRC: multiple solutions", one with none "SRC: no solution" (exit 1). A
// solution in the file is checked against the rules when it is read, and
// with -limit 2 against the one found. -true-candidates prints, for the one
// puzzle (variant or classic), every digit that appears in some solution
// of each cell, one line a row:
//
//	$ sudoku solve -limit 2 -f testdata/variants/thermo-6x6-wsc2022.json
//	123456456321561234234165345612612543
//	$ sudoku solve -true-candidates 'https://f-puzzles.com/?load=N4Ig...'
//	1 23456789 23456789 456789 456789 ...
//
// -trace (and -trace -json) prints the rules engine's events, cells named
// in the puzzle's own grid, before the result. -gif and -o take classic
// puzzles only.
//
// # NumPy arrays
//
// A file given with -f (or standard input) that starts with the .npy magic
// "\x93NUMPY", or whose name ends in .npy, is read as a NumPy array of
// shape (9, 9) or (N, 9, 9) in C order, 0 for an empty cell, of dtype |u1,
// |i1, <u2, <i2, <u4, <i4, <u8 or <i8 (or the same big-endian); versions
// 1.0, 2.0 and 3.0 of the format are read. Puzzle i (from 1) is reported as
// FILE:i. Any other dtype or shape, Fortran order, or a file whose size
// does not match its header is a usage error naming the file (exit 2); a
// value outside 0-9 fails that puzzle only:
//
//	grids.npy: .npy dtype "<f8": want small integers, one of |u1, |i1, ...
//	grids.npy: .npy shape (9, 8): want (9, 9) or (N, 9, 9)
//	grids.npy:7: r2c3 holds 12: want 0 (empty) to 9
//
// With -o FILE.npy the solutions are written as one array of shape
// (N, 9, 9), dtype |u1 (N is the number of puzzles read, even when it is
// 1), in input order. A puzzle that fails is written as a grid of zeros (a
// solution never holds 0) and its error line goes to standard error; the
// exit status is then 1. -trace and -format grid cannot go into a .npy
// file.
//
// # Traces and pictures
//
// Solve -trace prints, before each puzzle's result, every event of its
// solve, one a line, numbered and indented by the search depth:
//
//	arg 1: prop trace, 971 events
//	     1  assign r1c1=4 (clue)
//	    40  eliminate r9c7=1 (r9c1 holds 1)
//	   310    guess r7c2=8 (fewest candidates, 2 options)
//	   319      assign r7c3=9 (naked single)
//	   547              backtrack to depth 6
//
// An event places a digit (by clue, naked single, hidden single or guess),
// removes a candidate (naming the placed peer), backtracks to a depth,
// reports a contradiction or a solution; with -engine dlx it also names the
// exact-cover column chosen ("row 3 has a 5") and counts the columns and
// rows left. Only the prop engine (the default with -trace) and dlx trace.
// -trace-max bounds the events kept per puzzle (default 100000; a
// truncated trace says so). With -json every event is one JSON object a
// line, {"src", "seq", "name", "kind", "rule", "cell" (0-80), "digit",
// "depth", "unit" (-1: none), "from" (-1: none), "size", "column",
// "columns", "rows", "text"}, and each puzzle ends with {"src", "kind":
// "result", "engine", "events", "truncated", "count", "solution" or "error"}.
//
// Solve -gif FILE draws the solve of the first puzzle as an animated GIF:
// the puzzle, then one frame per move (eliminations shown in red on the
// move that causes them), clues black, placed digits blue, guesses orange;
// explain -gif FILE draws one frame per step, its pattern shaded and its
// eliminations red. -gif-frames bounds the frames (default 300) by keeping
// evenly spaced moves, the last always among them.
//
// # bench
//
// Bench solves every puzzle of each file and prints, per file, the number of
// puzzles, microseconds per puzzle (wall time over the whole file; with -j N,
// the throughput of N goroutines), puzzles per second, guesses per puzzle, the
// share solved without guessing, the counts of puzzles with 0, 1 and 2+
// solutions, and how many solutions were verified. Every solution is checked
// against the rules and the clues, and against the given solution of a CSV
// file; "invalid" counts those that failed and must be 0. With -t the file is
// solved repeatedly for at least that many seconds. With -json it prints one
// JSON object per file per line, with the keys file, puzzles, limit, engine,
// threads, us_per_puzzle, puzzles_per_sec, guesses_per_puzzle, no_guess_pct,
// counts ({"0","1","2+"}), verified, invalid and errors (puzzles that could not be
// read or whose clues conflict; the first ten are named on standard error).
// A file of f-puzzles data (a variant puzzle, see solve) is one puzzle, timed
// on one thread under its own rules (engine "rules": Rules.Solve), its
// solution checked against the rules and the setter's solution.
//
// # explain, hint, grade
//
// Explain solves a puzzle (an argument, a file holding one puzzle, or
// standard input; a player's position in any form hint reads is explained
// from there, once it has no mistakes) the way a person does and prints
// the numbered steps, each
// a named technique and one sentence ("In box 4, 5 can only go in r5c3 and
// r6c3, both in column 3, so 5 is removed from the rest of column 3: r1c3,
// r2c3 and r3c3."), then the puzzle's level (Easy to Extreme) and score; -json
// prints one object {"puzzle", "variant", "solution", "level", "score",
// "steps"}. -techniques limits the techniques used. Hint reads a player's
// position (any puzzle form, a 729-character candidate grid, a pencil-mark
// grid, or sudokuwiki's "S9B" form; -puzzle gives the clues when the state
// cannot tell them), lists the placed digits and removed candidates that
// contradict the solution ("r2c3 is not 5"), then prints the next step from
// the player's own candidates. Grade grades every puzzle of the files and
// prints a line each and a summary: how many per level and the share solved
// without the contradiction step. Puzzles without exactly one solution are
// reported, not graded. The techniques and the rating table are described in
// the documentation of package sudoku/solver/logic.
//
// The three read variant puzzles as solve does (an f-puzzles file as the
// argument or with -f, its JSON, or an f-puzzles or SudokuPad link; grade
// takes any number of such files and links beside classic files, and
// grades them after those). Explain prints the rules, one sentence each,
// then the steps; its -json object holds "size", "rules" and, for each
// step that reasons from constraints, their sentences in "rules". Hint
// takes the player's digits with -placed: one character per cell, row by
// row, '.' or '0' for an empty one:
//
//	$ sudoku hint -placed "$(cat mine.txt)" testdata/variants/killer-ksonline.json
//	Mistakes (1):
//	  r1c6 is not 9 (9 was placed there)
//	Next step, once they are put right: Constraint: The cage r1c6, r1c7 and r1c8 sums to 14 without repeats; ...
//
// # generate
//
// Generate makes new puzzles, each with one solution and minimal (no clue
// can go), graded as grade grades them: -level easy to extreme, -technique
// T (the hardest step uses T), -uses T (some step uses T), -score MIN-MAX,
// or any level by default.
// -symmetry gives the clue pattern (none, rotational, mirror, diagonal). It
// writes one puzzle a line with its level and score as a note
// ("PUZZLE:Hard:4.2", which solve and grade read back; give them the same
// -variant), or with -json one object a line. Puzzle i comes from the seed
// -seed and i alone, so a seed gives the same output whatever -j is;
// without -seed one is taken from the clock and reported. A puzzle not
// found within -attempts tries (or -timeout) is reported and the exit
// status is 1; with -o the file is then not written.
//
// # scan
//
// Scan reads the Sudoku grid in each picture file (JPEG, PNG, GIF or
// WebP; "-" is standard input) with package sudoku/solver/scan and prints
// one line per file, in input order: the 81-character puzzle, '.' for an
// empty cell, so that
//
//	sudoku scan photo.jpg | sudoku solve
//
// solves a puzzle photographed on paper. The size a picture claims is
// checked before it is decoded. A file that cannot be read prints no line;
// its error goes to standard error and the other files are still read:
//
//	photo.jpg: no grid found
//	notes.txt: not an image
//	huge.png: image too large: 30000x30000
//
// When the best reading breaks a rule, or has no solution or several,
// the solver tries the classifier's other choices for the least certain
// digits and keeps the most probable reading with one solution; -json
// lists the cells it changed. Digits read clearly are never changed and
// an empty cell never gets a digit, so a clash that is really printed is
// printed as read and reported on standard error ("photo.jpg: digit 5
// appears twice in row 3: r3c2 and r3c7 (as read)"). The exit status is 1
// when any file could not be read or its digits clash, 2 for a usage
// error.
//
// With -json each file is one object a line: "file", "puzzle",
// "confidence" (81 probabilities, row by row; 0 for a cell whose digit
// the photo's edge cuts off, read empty), "corners" (the grid's
// top-left, top-right, bottom-right and bottom-left corner in the
// picture's pixels), "corrections" ({"cell", "read", "digit", "prob"}),
// "conflict", "solutions" (0, 1 or 2 for two or more; -1 when the bounded
// count gave up) and "ms"; or "file", "error" and "ms". -debug DIR writes
// N-NAME-STAGE.png for each file (N its place among the arguments): gray,
// ink (the adaptive threshold), outline (the outlines found, the largest
// in red), rectified (the grid squared, the lines found drawn) and cells
// (each cell's mark as the classifier sees it).
//
// # Example
//
//	$ sudoku solve '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......'
//	417369825632158947958724316825437169791586432346912758289643571573291684164875293
//	$ sudoku bench -limit 2 -j 1 testdata/magictour.txt
//	testdata/magictour.txt: 293 puzzles, 15.62 µs/puzzle, 64011 puzzles/s, 18.33 guesses/puzzle, 4.8% without guessing, counts 0:0 1:293 2+:0, verified 293, invalid 0
package main

// Each command is one file (solve.go, bench.go, explain.go, hint.go,
// grade.go, generate.go) and one line of the commands table below; input.go
// is the one input path they share, steps.go what the logic commands share.

import (
	"fmt"
	"io"
	"os"
)

// A command runs one subcommand and returns the exit status.
type command func(args []string, stdin io.Reader, stdout, stderr io.Writer) int

var commands = map[string]command{
	"solve":    runSolve,
	"bench":    runBench,
	"explain":  runExplain,
	"hint":     runHint,
	"grade":    runGrade,
	"generate": runGenerate,
	"scan":     runScan,
}

const usageText = `usage:
  sudoku solve [-variant NAME] [-engine NAME] [-limit N] [-format line|grid] [-j N] [-o FILE] [-f FILE]...
               [-trace [-json] [-trace-max N]] [-gif FILE [-gif-frames N]] [PUZZLE...]
  sudoku solve [-limit N] [-format line|grid] [-o FILE] [-true-candidates | -trace [-json] [-trace-max N]] F-PUZZLES-FILE|JSON|LINK
  sudoku bench [-variant NAME] [-engine NAME] [-limit N] [-j N] [-t SECONDS] [-json] FILE...
  sudoku explain [-variant NAME] [-json] [-techniques LIST] [-gif FILE [-gif-frames N]] [PUZZLE]
  sudoku explain [-json] [-techniques LIST] F-PUZZLES-FILE|JSON|LINK   (or -f FILE)
  sudoku hint [-variant NAME] [-json] [-puzzle CLUES] [-techniques LIST] [STATE]
  sudoku hint [-json] [-techniques LIST] [-placed DIGITS] F-PUZZLES-FILE|JSON|LINK   (or -f FILE)
  sudoku grade [-variant NAME] [-json] [-j N] [FILE|LINK...]
  sudoku generate [-variant NAME] [-level L | -technique T | -uses T | -score MIN-MAX] [-symmetry S] [-seed N] [-n N] [-j N] [-o FILE] [-json]
  sudoku scan [-json] [-debug DIR] FILE...
Run 'sudoku COMMAND -h' for the flags of a command.
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usageText)
		return 2
	}
	switch args[0] {
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usageText)
		return 0
	}
	cmd, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "sudoku: unknown command %q\n%s", args[0], usageText)
		return 2
	}
	return cmd(args[1:], stdin, stdout, stderr)
}
