package logic

import (
	"fmt"

	"sudoku/solver"
)

// Explain solves a player's position step by step under variant v (nil:
// Standard), from the digits placed and, when HasCands is true, the
// player's candidates. The clues must have exactly one solution
// (ErrNoSolution or ErrMultipleSolutions otherwise). A position that
// disagrees with the solution is not explained: the mistakes come back
// (as Hint finds them) with a nil Explanation, so the player fixes them
// first. Otherwise the Explanation starts at the position (its Start) and
// its Level and Score grade the steps still to make. The cost is that of
// Explain: up to some hundred milliseconds for the hardest puzzles.
func (p Position) Explain(v *solver.Variant, opt Options) (*Explanation, []Mistake, error) {
	if v == nil {
		v = solver.Standard
	}
	sol, err := Solve(p.Puzzle, v)
	if err != nil {
		return nil, nil, err
	}
	return p.explain(v, sol, opt)
}

// ExplainWithSolution is Explain for a caller that has already solved the
// clues and proved the solution unique, as HintWithSolution is for Hint.
// sol must be a solution of p.Puzzle under v; otherwise the error wraps
// solver.ErrMismatch.
func (p Position) ExplainWithSolution(v *solver.Variant, sol solver.Grid, opt Options) (*Explanation, []Mistake, error) {
	if v == nil {
		v = solver.Standard
	}
	if err := v.Verify(p.Puzzle, sol); err != nil {
		return nil, nil, err
	}
	return p.explain(v, sol, opt)
}

func (p Position) explain(v *solver.Variant, sol solver.Grid, opt Options) (*Explanation, []Mistake, error) {
	mistakes, s, err := p.fix(v, sol)
	if err != nil {
		return nil, nil, err
	}
	if len(mistakes) > 0 {
		return nil, mistakes, nil
	}
	ex := &Explanation{Puzzle: p.Puzzle, Variant: v, Solution: sol, Start: *s}
	if err := ex.run(s, opt); err != nil {
		return ex, nil, err
	}
	return ex, nil, nil
}

// Positions returns the position before each step and, last, the position
// after them all: len(ex.Steps)+1 states, replayed from ex.Start. It fails
// only when a step does not fit the position it follows (an Explanation
// built by hand).
func (ex *Explanation) Positions() ([]State, error) {
	out := make([]State, 0, len(ex.Steps)+1)
	s := ex.Start
	if s.t == nil {
		return nil, fmt.Errorf("explanation has no start position")
	}
	out = append(out, s)
	for i, st := range ex.Steps {
		if err := s.Apply(st); err != nil {
			return nil, fmt.Errorf("step %d (%v): %w", i+1, st.Technique, err)
		}
		out = append(out, s)
	}
	return out, nil
}
