// Package generate makes Sudoku puzzles: a unique solution, minimal, with a
// symmetric clue pattern if asked, at the difficulty asked. It uses only
// the standard library and builds for WebAssembly like the solver package,
// so a page can make puzzles offline.
//
// # How
//
// Each attempt fills a grid at random (a few random clues solved by the
// fast engine, then the digits relabelled), takes clues away in random
// order while the fast engine still finds exactly one solution (Limit 2),
// and grades the minimal puzzle left as logic.Explain does. Grading stops
// as soon as the puzzle proves harder than asked; a puzzle of the wrong
// difficulty is dropped and the next attempt starts.
//
// A Target asks for a level (AtLevel), a score range (ScoreBetween), a
// hardest technique (HardestTechnique) or a technique used on the way
// (UsingTechnique); the zero Target takes any puzzle.
// A Symmetry shapes the clue pattern (None, Rotational, Mirror, Diagonal);
// with one, the clues go in symmetric groups and the puzzle is minimal
// among symmetric puzzles: taking any group away leaves several solutions.
// Any solver.Variant works, the standard and diagonal rules or one given by
// its units, as long as the symmetry maps its units onto units.
//
// # Guarantees
//
// Generate is deterministic: the same Options (Seed included) give the same
// puzzle on every platform and Go release, natively and in WebAssembly;
// SeedAt derives the seeds of a run of many puzzles, and Daily derives one
// from a date alone. It is bounded: by Options.MaxAttempts and by
// Options.Context, whose deadline is checked against the clock between
// steps (in a browser nothing else would interrupt the work); running out
// gives an error wrapping ErrBudget and the context's error. Options no
// puzzle can meet give ErrOptions at once.
//
// Natively, on one core, a standard Easy puzzle takes about half a
// millisecond, a Medium, Hard or Expert one a few, an Extreme one about
// fifty (it is one minimal puzzle in fifty or so); WebAssembly in Node takes
// up to four times as long. Minimal diagonal puzzles are mostly Extreme, so
// its easier levels take tens of milliseconds.
//
//	p, err := generate.Generate(generate.Options{Target: generate.AtLevel(logic.Hard), Seed: 7})
//	if err != nil { ... }
//	fmt.Println(p.Grid, p.Level, p.Score)
package generate
