package web

import (
	"context"
	"time"
)

// Budgets of the solver calls made by the page. Go on wasm runs on one
// thread and is never preempted, so every call must end quickly: each is
// bounded by a node count and by a wall-clock limit (a search node costs
// about 5-10 µs in the browser, so the node count alone could block the page
// for seconds). Variables so that tests can make them tiny.
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

// wallClock is a Context whose Err reports the deadline by reading the clock.
// A context.WithTimeout cannot be used: its timer needs the Go scheduler,
// which never runs while the solver computes on wasm's single thread. The
// solver polls Err every 1024 nodes.
type wallClock struct {
	context.Context
	deadline time.Time
}

func within(d time.Duration) wallClock {
	return wallClock{Context: context.Background(), deadline: time.Now().Add(d)}
}

func (w wallClock) Deadline() (time.Time, bool) { return w.deadline, true }

func (w wallClock) Err() error {
	if time.Now().After(w.deadline) {
		return context.DeadlineExceeded
	}
	return nil
}
