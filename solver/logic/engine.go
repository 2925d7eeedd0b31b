package logic

import (
	"errors"
	"fmt"
	"sync"

	"sudoku/solver"
)

// Errors of Explain and Hint, beside the solver's parse and conflict errors.
var (
	// ErrNoSolution: the clues admit no solution.
	ErrNoSolution = errors.New("puzzle has no solution")
	// ErrMultipleSolutions: the clues admit more than one solution.
	ErrMultipleSolutions = errors.New("puzzle has more than one solution")
	// ErrStuck: no allowed technique finds a step.
	ErrStuck = errors.New("no step found with the allowed techniques")
	// ErrVariant: a variant the logic engine cannot handle (more than 32 units).
	ErrVariant = errors.New("variant not supported")
)

// Options shape the search for steps. The zero value allows every technique.
type Options struct {
	// Techniques are the techniques allowed; the zero set allows all.
	Techniques TechniqueSet
	// Solution, when the caller knows it (it solved the clues and proved
	// the solution unique, as the page does once per change of the clues),
	// spares Explain and Hint solving the clues again. It must be a solution
	// of the clues under the position's variant, or the error wraps
	// solver.ErrMismatch; uniqueness is the caller's word (given one
	// solution of a puzzle with several, the steps are about that one). It
	// also lets the contradiction steps skip candidates that cannot break;
	// it never changes which other steps are found.
	Solution *solver.Grid

	cache *refutationCache // set by Explain
}

// analysisPool recycles the derived sets of NextStep (5 KB each).
var analysisPool = sync.Pool{New: func() any { return new(analysis) }}

// NextStep returns the easiest step the allowed techniques find in the
// position, trying them in the order of Techniques; ok is false when none
// applies or the grid is full. The cost is small for singles and grows to a
// few milliseconds for chains and contradictions; every search is bounded.
func (s *State) NextStep(opt Options) (st Step, ok bool) {
	an := analysisPool.Get().(*analysis)
	s.analyze(an)
	s.an = an
	defer func() {
		s.an = nil
		analysisPool.Put(an)
	}()
	for t := Technique(0); t < numTechniques; t++ {
		if !opt.Techniques.Has(t) || s.t.skip&(1<<t) != 0 {
			continue
		}
		if st, ok = s.find(t, &opt); ok {
			if st.Rating == 0 {
				st.Rating = t.Rating()
			}
			return st, true
		}
	}
	return Step{}, false
}

// An Explanation is a puzzle, or a player's position, solved step by step.
type Explanation struct {
	Puzzle  solver.Grid
	Variant *solver.Variant // nil for a Position under rules that are not classic
	// Rules are the rules of a Position (nil for Explain of a
	// solver.Position); Puzzle, Solution and the steps' cells are then in
	// the frame (see Position).
	Rules    *solver.Rules
	Solution solver.Grid
	// Mistakes are the position's differences from the solution, as Hint
	// finds them. A position with mistakes is not explained: Steps is
	// empty, Start the zero State and Solved false.
	Mistakes []Mistake
	Steps    []Step
	// Start is the position the first step is found in: the clues'
	// candidates for a puzzle, the player's position for a game.
	Start State
	// Solved reports whether the steps reach the solution; it is false
	// when Options.Techniques left the engine stuck, and for mistakes.
	Solved bool
	// Level is the grade of the hardest step; Score its rating (the Sudoku
	// Explainer way); Total the sum of all ratings.
	Level        Level
	Score, Total float64
	// NeedsContradiction reports whether a Contradiction or Trial and Error
	// step was needed.
	NeedsContradiction bool
}

// solve finds the solution of puzzle and proves it unique, returning
// ErrNoSolution or ErrMultipleSolutions otherwise (and the solver's errors
// for clues that break a rule).
func solve(puzzle solver.Grid, v *solver.Variant) (solver.Grid, error) {
	res, err := solver.Solve(puzzle, solver.Options{Variant: v, Limit: 2})
	if err != nil {
		return solver.Grid{}, err
	}
	switch res.Count {
	case 0:
		return solver.Grid{}, ErrNoSolution
	case 1:
		return res.Solution, nil
	}
	return solver.Grid{}, ErrMultipleSolutions
}

// solutionOf returns the solution of p's clues: opt.Solution, checked, or
// solved and proved unique.
func solutionOf(p *solver.Position, v *solver.Variant, opt *Options) (solver.Grid, error) {
	if opt.Solution == nil {
		return solve(p.Clues, v)
	}
	if err := v.Verify(p.Clues, *opt.Solution); err != nil {
		return solver.Grid{}, err
	}
	return *opt.Solution, nil
}

// Explain solves a position step by step with the techniques of opt and
// grades the steps: a puzzle (a position of clues alone, such as
// solver.Parse gives) from its clues, or a player's game from the digits
// placed and, when p.HasCands is set, the player's candidates, under
// p.Variant (nil: solver.Standard). The clues must have exactly one
// solution (ErrNoSolution or ErrMultipleSolutions otherwise; they are not
// graded). A position that disagrees with the solution is not explained:
// its Mistakes come back instead, so the player fixes them first.
// Otherwise Level and Score grade the steps still to make. With every
// technique allowed the steps always reach the solution; with fewer,
// Solved may be false and the steps stop where the engine got stuck. Every
// step is checked against the solution; a step that disagrees (a bug)
// gives an error rather than a wrong explanation. The cost is up to some
// hundred milliseconds for the hardest puzzles.
func Explain(p solver.Position, opt Options) (*Explanation, error) {
	v := variantOf(&p)
	sol, err := solutionOf(&p, v, &opt)
	if err != nil {
		return nil, err
	}
	mistakes, s, err := fix(&p, v, sol)
	if err != nil {
		return nil, err
	}
	ex := &Explanation{Puzzle: p.Clues, Variant: v, Solution: sol, Mistakes: mistakes}
	if len(mistakes) > 0 {
		return ex, nil
	}
	ex.Start = *s
	return ex, ex.run(s, opt)
}

// run adds the steps that solve s, found with the techniques of opt, to ex,
// whose Solution must be the solution of s. It stops where the engine gets
// stuck (Solved false) and checks every step against the solution.
func (ex *Explanation) run(s *State, opt Options) error {
	sol := ex.Solution
	opt.Solution = &sol
	opt.cache = &refutationCache{}
	for len(ex.Steps) < 81*9 && !s.Solved() {
		st, ok := s.NextStep(opt)
		if !ok {
			return nil
		}
		if err := checkStep(st, &sol); err != nil {
			return err
		}
		if err := s.Apply(st); err != nil {
			return fmt.Errorf("%v: %s: %w", st.Technique, st.Explanation, err)
		}
		ex.add(st)
	}
	ex.Solved = s.Solved()
	return nil
}

func (ex *Explanation) add(st Step) {
	ex.Steps = append(ex.Steps, st)
	ex.Total += st.Rating
	if st.Rating > ex.Score {
		ex.Score = st.Rating
	}
	if l := st.Technique.Level(); l > ex.Level {
		ex.Level = l
	}
	if st.Technique == Contradiction || st.Technique == TrialAndError {
		ex.NeedsContradiction = true
	}
}

// checkStep reports a step that disagrees with the solution, or that does
// nothing.
func checkStep(st Step, sol *solver.Grid) error {
	if len(st.Placements)+len(st.Eliminations) == 0 {
		return fmt.Errorf("internal error: %v step changes nothing", st.Technique)
	}
	for _, p := range st.Placements {
		if int(sol[p.Cell]) != p.Digit {
			return fmt.Errorf("internal error: %v places %d in %s but the solution has %d", st.Technique, p.Digit, solver.CellName(p.Cell), sol[p.Cell])
		}
	}
	for _, e := range st.Eliminations {
		if int(sol[e.Cell]) == e.Digit {
			return fmt.Errorf("internal error: %v removes %d from %s, the solution's digit", st.Technique, e.Digit, solver.CellName(e.Cell))
		}
	}
	return nil
}

// A Mistake is a difference between a player's position and the solution:
// a placed digit that is wrong, or a candidate removed that the cell needs.
type Mistake struct {
	Cell, Digit int
	Placed      bool // true: Digit was placed in Cell but is wrong; false: Digit was removed but is right
}

// String says it as a player reads it: "r2c3 is not 5 (5 was placed there)"
// or "r2c3 can be 5 (the candidate was removed)".
func (m Mistake) String() string {
	if m.Placed {
		return fmt.Sprintf("%s is not %d (%d was placed there)", solver.CellName(m.Cell), m.Digit, m.Digit)
	}
	return fmt.Sprintf("%s can be %d (the candidate was removed)", solver.CellName(m.Cell), m.Digit)
}

// A HintResult is what Hint found in a player's position.
type HintResult struct {
	Mistakes []Mistake
	// Step is the next step, found in the position with the mistakes put
	// right (wrong digits taken out, needed candidates put back) and the
	// player's other candidates kept; HasStep is false when the grid is
	// full.
	Step    Step
	HasStep bool
	// Fixed is the position the step was found in.
	Fixed    *State
	Solution solver.Grid
}

// Hint checks a player's position against the solution of its clues and
// finds the next step from it, under p.Variant (nil: solver.Standard).
// Removed candidates are checked only when the candidates are the
// player's own (p.HasCands). Placed digits that clash with a clue or with
// each other are mistakes like any other wrong digit, so they are reported
// rather than refused; only the clues must agree (a *solver.ConflictError
// otherwise) and have exactly one solution (ErrNoSolution,
// ErrMultipleSolutions otherwise; Options.Solution spares solving them).
// ErrStuck comes with the mistakes when the allowed techniques find no
// step.
func Hint(p solver.Position, opt Options) (*HintResult, error) {
	v := variantOf(&p)
	sol, err := solutionOf(&p, v, &opt)
	if err != nil {
		return nil, err
	}
	h := &HintResult{Solution: sol}
	if h.Mistakes, h.Fixed, err = fix(&p, v, sol); err != nil {
		return nil, err
	}
	return h.next(opt)
}

// next finds the step after h.Fixed, the position with the mistakes put
// right, knowing its solution h.Solution; ErrStuck when no technique
// finds one.
func (h *HintResult) next(opt Options) (*HintResult, error) {
	if h.Fixed.Solved() {
		return h, nil
	}
	opt.Solution = &h.Solution
	st, ok := h.Fixed.NextStep(opt)
	if !ok {
		return h, ErrStuck
	}
	h.Step, h.HasStep = st, true
	return h, nil
}

// fix compares the position with sol, the solution of its clues, and
// returns the mistakes and the position with them put right: wrong digits
// taken out (their cells get every candidate their filled peers allow) and
// needed candidates put back, the player's other candidates kept.
func fix(p *solver.Position, v *solver.Variant, sol solver.Grid) ([]Mistake, *State, error) {
	var mistakes []Mistake
	var err error
	var placed solver.Grid
	var wrong [81]bool
	for c := 0; c < 81; c++ {
		if d := p.Placed[c]; d != 0 && p.Clues[c] == 0 {
			if d != sol[c] {
				mistakes = append(mistakes, Mistake{c, int(d), true})
				wrong[c] = true
			} else {
				placed[c] = d
			}
		}
	}
	var fixed *State
	if p.HasCands {
		var cands [81]uint16
		for c := 0; c < 81; c++ {
			cands[c] = p.Cands[c]
			if p.Clues[c] == 0 && p.Placed[c] == 0 && cands[c]&(1<<(sol[c]-1)) == 0 {
				mistakes = append(mistakes, Mistake{c, int(sol[c]), false})
				cands[c] |= 1 << (sol[c] - 1)
			}
		}
		if fixed, err = NewState(solver.Position{Clues: p.Clues, Placed: placed, Cands: cands, HasCands: true, Variant: v}); err != nil {
			return nil, nil, err
		}
		// A wrong digit taken out leaves every candidate its filled peers allow.
		for c := 0; c < 81; c++ {
			if wrong[c] {
				m := allDigits
				for _, q := range v.Peers(c) {
					m &^= bit(int(fixed.val[q]))
				}
				fixed.cand[c] = m
			}
		}
	} else if fixed, err = newState(p.Clues, placed, v); err != nil {
		return nil, nil, err
	}
	return mistakes, fixed, nil
}
