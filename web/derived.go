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
	sumCells   []bool        // the cells that carry a cage's sum in their corner (rules_view.go)
}

// solution is the solver's answer for one set of clues and a variant,
// computed once per change of either in the engine's worker (count.go) and
// shared by the live count, Solve, Check, Hint, Explain and the mistake
// check. Until the answer comes it is not valid and the count says so.
type solution struct {
	clues   solver.Grid
	variant *solver.Variant
	custom  *solver.Rules // a variant puzzle's rules, nil for a classic game
	valid   bool          // the answer for clues and variant came
	wide    bool          // computed with the Solve budget, not only the count's
	res     solver.Result
	err     error
	took    time.Duration // the solve's time in the worker
	setter  solver.Grid   // a variant puzzle's solution as its setter gave it (checked), or zero
}

// follow makes s the solution of g's clues and rules: unchanged when it
// is already theirs, else not yet known. It reports whether s changed.
func (s *solution) follow(g *game) bool {
	if s.clues == g.Clues && s.variant == g.Rules() && sameRules(s.custom, g.Custom) {
		return false
	}
	*s = solution{clues: g.Clues, variant: g.Rules(), custom: g.Custom}
	if n := g.cells(); g.Custom != nil && g.Solution != (solver.Grid{}) && g.Custom.Verify(g.Clues[:n], g.Solution[:n]) == nil {
		s.setter = g.Solution // still the clues' (they may have been edited since)
	}
	return true
}

// settled reports whether the answer is one Solve, Check, Hint and Explain
// can act on: known, and not only the live count's running out of budget.
func (s *solution) settled() bool {
	return s.valid && (s.wide || !errors.Is(s.err, solver.ErrBudget))
}

// count is the live count the page shows.
func (s *solution) count() count {
	switch {
	case !s.valid:
		return countPending
	case errors.Is(s.err, solver.ErrBudget) && !s.wide:
		return countUnknown
	}
	return countOf(s.res, s.err)
}

// unique returns the solution when the clues have exactly one, and before
// the engine's answer (or when it ran out of budget) the setter's solution
// of a variant puzzle that came with one.
func (s *solution) unique() (solver.Grid, bool) {
	if !s.valid || s.err != nil || s.res.Count != 1 {
		if s.setter != (solver.Grid{}) && (!s.valid || errors.Is(s.err, solver.ErrBudget)) {
			return s.setter, true
		}
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
