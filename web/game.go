package web

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"sudoku/solver"
)

// Budgets of the solver calls made by the page. Go on wasm runs on one
// thread and is never preempted, so every call must end quickly: each is
// bounded by a node count and by a wall-clock limit (a search node costs
// about 5-10 µs in the browser, so the node count alone could block the page
// for seconds). Variables so that tests can make them tiny.
var (
	countBudget int64 = 200_000 // live solution count, after every change of a clue
	countTime         = 300 * time.Millisecond
	solveBudget int64 = 2_000_000 // Solve and Check
	solveTime         = 3 * time.Second
)

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

// Game is everything the user works on: the clues, the user's own digits
// (never on a clue), and the variant.
type Game struct {
	Clues    solver.Grid
	Entries  solver.Grid
	Diagonal bool
}

// Variant returns the solver variant of the game.
func (g Game) Variant() *solver.Variant {
	if g.Diagonal {
		return solver.Diagonal
	}
	return solver.Standard
}

// Board returns the clues and the entries together.
func (g Game) Board() solver.Grid {
	b := g.Clues
	for i, d := range g.Entries {
		if b[i] == 0 {
			b[i] = d
		}
	}
	return b
}

// Empty reports whether the game has no clue and no entry.
func (g Game) Empty() bool { return g.Clues.Clues() == 0 && g.Entries.Clues() == 0 }

// Conflicts marks every cell whose digit also appears in a peer cell (a cell
// sharing a row, column, box or, in the diagonal variant, a diagonal).
func (g Game) Conflicts() [81]bool {
	var bad [81]bool
	b := g.Board()
	v := g.Variant()
	for u := 0; u < v.NumUnits(); u++ {
		var first [10]int
		for i := range first {
			first[i] = -1
		}
		for _, c := range v.Unit(u) {
			d := b[c]
			if d == 0 {
				continue
			}
			if f := first[d]; f >= 0 {
				bad[f], bad[c] = true, true
			} else {
				first[d] = int(c)
			}
		}
	}
	return bad
}

// Count is the live solution count of the clues.
type Count int

const (
	CountUnknown  Count = iota // budget exhausted before an answer
	CountConflict              // the clues conflict
	CountNone                  // no solution
	CountUnique                // exactly one
	CountSeveral               // two or more
)

// CountSolutions counts the solutions of the clues up to two, within the live
// budget. For conflicting clues it returns the solver's error naming the cells.
func (g Game) CountSolutions() (Count, error) {
	res, err := solver.Solve(g.Clues, solver.Options{Variant: g.Variant(), Limit: 2, MaxNodes: countBudget, Context: within(countTime)})
	switch {
	case errors.Is(err, solver.ErrConflict):
		return CountConflict, err
	case errors.Is(err, solver.ErrBudget):
		return CountUnknown, nil
	case err != nil:
		return CountUnknown, err
	case res.Count == 0:
		return CountNone, nil
	case res.Count == 1:
		return CountUnique, nil
	}
	return CountSeveral, nil
}

// Describe is the sentence the page shows for a count.
func (c Count) Describe(clues int) string {
	switch c {
	case CountConflict:
		return "The clues conflict."
	case CountNone:
		return "No solution."
	case CountUnique:
		return "Unique solution."
	case CountSeveral:
		if clues == 0 {
			return "Empty board: type or paste a puzzle."
		}
		return "Several solutions."
	}
	return "Too hard to count quickly; Solve will tell."
}

// solveClues solves the clues with the Solve budget, asking for two solutions
// so that a puzzle with several is reported as such.
func (g Game) solveClues() (solver.Result, error) {
	return solver.Solve(g.Clues, solver.Options{Variant: g.Variant(), Limit: 2, MaxNodes: solveBudget, Context: within(solveTime)})
}

// explainSolveError turns a solver outcome that is not a unique solution into
// a message for the user.
func explainSolveError(res solver.Result, err error) string {
	var ce *solver.ConflictError
	switch {
	case errors.As(err, &ce):
		return "The clues conflict: " + ce.Error() + "."
	case errors.Is(err, solver.ErrConflict):
		return "The clues conflict."
	case errors.Is(err, solver.ErrBudget):
		return "This puzzle is too hard to solve within the page's budget."
	case err != nil:
		return "The solver failed on this puzzle."
	case res.Count == 0:
		return "This puzzle has no solution."
	case res.Count > 1:
		return "This puzzle has several solutions; add clues to make it unique."
	}
	return ""
}

// wrongCells compares the entries with a solution and returns the cells whose
// digit differs.
func (g Game) wrongCells(sol solver.Grid) []int {
	var wrong []int
	for i, d := range g.Entries {
		if d != 0 && g.Clues[i] == 0 && d != sol[i] {
			wrong = append(wrong, i)
		}
	}
	return wrong
}

// cellList names cells for a message, at most max of them.
func cellList(cells []int, max int) string {
	var names []string
	for i, c := range cells {
		if i == max {
			names = append(names, fmt.Sprintf("and %d more", len(cells)-max))
			break
		}
		names = append(names, solver.CellName(c))
	}
	return strings.Join(names, ", ")
}
