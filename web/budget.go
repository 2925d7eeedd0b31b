package web

import "time"

// Budgets of the engine's jobs the page asks for. They run in the engine's
// Web Worker, off the page's thread, but the worker runs one job at a time
// and Go on wasm is never preempted, so each is bounded all the same: by a
// node count and by a wall-clock limit (worker.Within; a search node costs
// about 5-10 µs in the browser). Variables so that tests can make them tiny.
var (
	countBudget int64 = 200_000 // live solution count, after every change of a clue
	countTime         = 300 * time.Millisecond
	solveBudget int64 = 2_000_000 // Solve, Check, Hint and the mistake check
	solveTime         = 3 * time.Second

	// New puzzle and Daily puzzle run in the engine's worker, within
	// genTime and genAttempts.
	genTime     = 10 * time.Second
	genAttempts = 5000
	// genFirstPaint is the pause before a job goes to the engine's worker,
	// for the page to paint "Generating…" or "Working…" first.
	genFirstPaint = 20 * time.Millisecond
)

// maxHistory is how many actions the undo history keeps; older ones are
// folded into the history's starting point.
const maxHistory = 2000

// maxPasteBytes is the longest text taken as a puzzle: f-puzzles' own
// JSON writes every cell's empty mark lists, tens of kilobytes for a 9x9.
const maxPasteBytes = 100_000
