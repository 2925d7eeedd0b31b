package web

import (
	"errors"
	"time"

	"sudoku/solver"
)

// derived is what the page shows of the game, computed by root.derive after
// every change and read by Render.
type derived struct {
	game       game
	conflicts  [81]bool
	candidates [81]marks // the rules' candidates of each empty cell
	remaining  [10]int   // how many of each digit are still to place
	complete   bool
	sol        solution
	countErr   string        // the clues conflict: the cells, named
	entryErr   string        // the first clash the player's own digits make, when the clues are fine
	notes      []string      // a variant puzzle's constraints in words, per cell (rules_view.go)
	notesOf    *solver.Rules // the rules notes were made for
}

// solution is the solver's answer for one set of clues and a variant,
// computed once per change of either and shared by the live count, Solve,
// Check, Hint and the mistake check.
type solution struct {
	clues   solver.Grid
	variant *solver.Variant
	custom  *solver.Rules // a variant puzzle's rules, nil for a classic game
	valid   bool          // computed for clues and variant
	wide    bool          // computed with the Solve budget, not only the count's
	res     solver.Result
	err     error
	took    time.Duration
}

// update solves g's clues with the live count's budget, unless the answer
// for them is already known.
func (s *solution) update(g *game) {
	if s.valid && s.clues == g.Clues && s.variant == g.Rules() && sameRules(s.custom, g.Custom) {
		return
	}
	start := time.Now()
	res, err := solveClues(g, countBudget, within(countTime))
	*s = solution{clues: g.Clues, variant: g.Rules(), custom: g.Custom, valid: true, res: res, err: err, took: time.Since(start)}
}

// full returns the answer with the Solve budget: the known one, unless the
// live count ran out of budget, in which case it solves again with more.
func (s *solution) full(g *game) (solver.Result, error) {
	s.update(g)
	if errors.Is(s.err, solver.ErrBudget) && !s.wide {
		start := time.Now()
		s.res, s.err = solveClues(g, solveBudget, within(solveTime))
		s.wide, s.took = true, time.Since(start)
		return s.res, s.err
	}
	return s.res, s.err
}

// count is the live count the page shows.
func (s *solution) count() count {
	if errors.Is(s.err, solver.ErrBudget) && !s.wide {
		return countUnknown
	}
	return countOf(s.res, s.err)
}

// unique returns the solution when the clues have exactly one.
func (s *solution) unique() (solver.Grid, bool) {
	if s.err != nil || s.res.Count != 1 {
		return solver.Grid{}, false
	}
	return s.res.Solution, true
}

// clock is the time played: banked time plus the run since since (zero
// when stopped). paused is the player's choice and keeps it stopped.
type clock struct {
	banked time.Duration
	since  time.Time
	paused bool
	shown  time.Duration // what the display shows, updated by tick
}

func (c *clock) running() bool { return !c.since.IsZero() }

func (c *clock) start(now time.Time) {
	if !c.running() {
		c.since = now
	}
}

func (c *clock) stop(now time.Time) {
	if c.running() {
		c.banked += now.Sub(c.since)
		c.since = time.Time{}
	}
	c.shown = c.banked
}

func (c *clock) played(now time.Time) time.Duration {
	if c.running() {
		return c.banked + now.Sub(c.since)
	}
	return c.banked
}

func (c *clock) tick(now time.Time) { c.shown = c.played(now) }
