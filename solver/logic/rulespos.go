package logic

import (
	"fmt"
	"sort"

	"sudoku/solver"
)

// A Position is a puzzle, or a player's game in progress, under
// solver.Rules of any size from 4x4 to 9x9 (irregular regions, extra
// regions, killer cages, thermometers, dots, ...): the form the variant
// page and the command line hand to Explain and Hint. Slices are
// Size*Size long, cells numbered r*Size+c as in the rules.
//
// The steps, states and grids that come back number cells in this
// package's frame, r*9+c, whatever the size (FrameCell and RulesCell
// convert), so that each cell's name ("r2c3") reads the same in every
// size; for a 9x9 grid the two numberings agree.
type Position struct {
	Rules  *solver.Rules
	Givens []uint8 // the clues, 0 for an empty cell
	// Placed holds the digits the player placed (0 elsewhere, and on the
	// clues, which it may repeat); nil for none.
	Placed []uint8
	// Cands holds the player's candidates of the empty cells (bit d-1 for
	// digit d); nil: every digit the filled peers allow.
	Cands []uint16
}

// classicOf returns the variant that rules are (the classic game, or the
// Diagonal variant: 9x9, boxes, no constraint, no extra region or both
// diagonals), nil for any other rules. Such positions go through
// Explain and Hint, exactly as before rules existed.
func classicOf(r *solver.Rules) *solver.Variant {
	if r.Size != 9 || r.Regions != nil || len(r.Constraints) > 0 {
		return nil
	}
	switch len(r.Extra) {
	case 0:
		return solver.Standard
	case 2:
		want := map[string]bool{}
		for _, u := range []int{27, 28} {
			cells := solver.Diagonal.Unit(u)
			want[cellKey(cells[:])] = true
		}
		for _, e := range r.Extra {
			cs := make([]uint8, len(e.Cells))
			for i, c := range e.Cells {
				cs[i] = uint8(c)
			}
			if !want[cellKey(cs)] {
				return nil
			}
			delete(want, cellKey(cs))
		}
		return solver.Diagonal
	}
	return nil
}

func cellKey(cells []uint8) string {
	s := append([]uint8(nil), cells...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return string(s)
}

// check reports a position that does not fit its rules: no rules, slices
// of the wrong length, a digit out of range, a placed digit over a
// different clue. Errors wrap solver.ErrRules, solver.ErrLength,
// solver.ErrSyntax or solver.ErrMismatch.
func (p *Position) check() error {
	if p.Rules == nil {
		return fmt.Errorf("position without rules: %w", solver.ErrRules)
	}
	n := p.Rules.Cells()
	if len(p.Givens) != n || (p.Placed != nil && len(p.Placed) != n) || (p.Cands != nil && len(p.Cands) != n) {
		return fmt.Errorf("a %dx%d position needs %d cells (givens %d, placed %d, candidates %d): %w",
			p.Rules.Size, p.Rules.Size, n, len(p.Givens), len(p.Placed), len(p.Cands), solver.ErrLength)
	}
	for c := 0; c < n; c++ {
		g, d := p.Givens[c], p.placed(c)
		if int(g) > p.Rules.Size || int(d) > p.Rules.Size {
			return fmt.Errorf("%s: not a digit of 1 to %d: %w", p.Rules.CellName(c), p.Rules.Size, solver.ErrSyntax)
		}
		if g != 0 && d != 0 && g != d {
			return fmt.Errorf("%s is the clue %d but holds %d: %w", p.Rules.CellName(c), g, d, solver.ErrMismatch)
		}
	}
	return nil
}

func (p *Position) placed(c int) uint8 {
	if p.Placed == nil {
		return 0
	}
	return p.Placed[c]
}

// classic returns the position in the classic form, for rules that
// classicOf names.
func (p *Position) classic(v *solver.Variant) solver.Position {
	sp := solver.Position{GivensKnown: true, Variant: v, HasCands: p.Cands != nil}
	for c := 0; c < 81; c++ {
		sp.Clues[c] = p.Givens[c]
		if p.Givens[c] == 0 {
			sp.Placed[c] = p.placed(c)
		}
		if p.Cands != nil {
			sp.Cands[c] = p.Cands[c]
		}
	}
	return sp
}

// frameGrid returns Size*Size digits (rules' numbering) as a grid of the
// frame.
func frameGrid(n int, g []uint8) solver.Grid {
	var out solver.Grid
	for c, d := range g {
		out[FrameCell(n, c)] = d
	}
	return out
}

// rulesGrid returns the cells of a frame grid that a Size x Size grid has.
func rulesGrid(n int, g *solver.Grid) []uint8 {
	out := make([]uint8, n*n)
	for c := range out {
		out[c] = g[FrameCell(n, c)]
	}
	return out
}

// solution returns the solution of the givens (frame): opt.Solution (a
// frame grid), checked, or solved and proved unique.
func (p *Position) solution(opt *Options) (solver.Grid, error) {
	r := p.Rules
	if opt.Solution != nil {
		sol := rulesGrid(r.Size, opt.Solution)
		if err := r.Verify(p.Givens, sol); err != nil {
			return solver.Grid{}, err
		}
		return frameGrid(r.Size, sol), nil
	}
	res, err := r.Solve(p.Givens, solver.Options{Limit: 2})
	if err != nil {
		return solver.Grid{}, err
	}
	switch res.Count {
	case 0:
		return solver.Grid{}, ErrNoSolution
	case 1:
		return frameGrid(r.Size, res.Solution), nil
	}
	return solver.Grid{}, ErrMultipleSolutions
}

// State returns the position's state: its clues, placed digits and
// candidates (the player's, or those the filled peers allow). Placed
// digits that clash with a clue or each other give the rules'
// *solver.ConflictError.
func (p Position) State() (*State, error) {
	if err := p.check(); err != nil {
		return nil, err
	}
	if v := classicOf(p.Rules); v != nil {
		return NewState(p.classic(v))
	}
	n := p.Rules.Cells()
	all := make([]uint8, n)
	for c := range all {
		all[c] = p.Givens[c] | p.placed(c)
	}
	if err := p.Rules.Check(all); err != nil {
		return nil, err
	}
	t := tablesForRules(p.Rules)
	s := newRulesState(t, p.Givens, p.Placed)
	if p.Cands != nil {
		for c := 0; c < n; c++ {
			if f := FrameCell(p.Rules.Size, c); s.val[f] == 0 {
				s.cand[f] = digitMask(p.Cands[c]) & t.all
			}
		}
		s.own = true
	}
	return s, nil
}

// newRulesState returns the state of givens with the digits placed (nil
// or 0: none), candidates from the filled cells. The digits must not
// clash (the caller checked them). The frame's dead cells hold 1, never a
// peer of any cell, so no technique sees them.
func newRulesState(t *tables, givens, placed []uint8) *State {
	n := t.size
	s := &State{t: t}
	for c := 0; c < 81; c++ {
		if t.dead.has(c) {
			s.val[c], s.given[c] = 1, true
		} else {
			s.cand[c] = t.all
		}
	}
	for c, g := range givens {
		d := g
		if d == 0 && placed != nil {
			d = placed[c]
		}
		if d != 0 {
			f := FrameCell(n, c)
			s.given[f] = g != 0
			s.place(f, int(d))
		}
	}
	return s
}

// Explain solves the position step by step and grades the steps, as the
// package's Explain does for classic positions (which the classic and
// Diagonal rules go through unchanged): the givens must have exactly one
// solution (ErrNoSolution, ErrMultipleSolutions); a position that
// disagrees with it gives its Mistakes and no steps; otherwise the steps
// reach the solution, each checked against it. Options.Solution, when
// set, is a grid of the frame. The constraints of the rules take part
// through the Constraint technique and the peers they add; a position
// that logic cannot finish ends, as classic ones do, in Contradiction or
// Trial and Error steps.
func (p Position) Explain(opt Options) (*Explanation, error) {
	if err := p.check(); err != nil {
		return nil, err
	}
	if v := classicOf(p.Rules); v != nil {
		ex, err := Explain(p.classic(v), opt)
		if ex != nil {
			ex.Rules = p.Rules
		}
		return ex, err
	}
	sol, err := p.solution(&opt)
	if err != nil {
		return nil, err
	}
	mistakes, s, err := p.fix(sol)
	if err != nil {
		return nil, err
	}
	ex := &Explanation{Puzzle: frameGrid(p.Rules.Size, p.Givens), Rules: p.Rules, Solution: sol, Mistakes: mistakes}
	if len(mistakes) > 0 {
		return ex, nil
	}
	ex.Start = *s
	return ex, ex.run(s, opt)
}

// Hint checks the position against the solution of its givens and finds
// the next step, as the package's Hint does for classic positions (which
// the classic and Diagonal rules go through unchanged). Mistakes and the
// step name cells of the frame.
func (p Position) Hint(opt Options) (*HintResult, error) {
	if err := p.check(); err != nil {
		return nil, err
	}
	if v := classicOf(p.Rules); v != nil {
		return Hint(p.classic(v), opt)
	}
	sol, err := p.solution(&opt)
	if err != nil {
		return nil, err
	}
	h := &HintResult{Solution: sol}
	if h.Mistakes, h.Fixed, err = p.fix(sol); err != nil {
		return nil, err
	}
	return h.next(opt)
}

// fix compares the position with sol (frame), the solution of its givens,
// and returns the mistakes and the position with them put right, as fix
// does for classic positions.
func (p *Position) fix(sol solver.Grid) ([]Mistake, *State, error) {
	r := p.Rules
	n := r.Size
	t := tablesForRules(r)
	var mistakes []Mistake
	placed := make([]uint8, r.Cells())
	var wrong [81]bool
	for c := range placed {
		f := FrameCell(n, c)
		if d := p.placed(c); d != 0 && p.Givens[c] == 0 {
			if d != sol[f] {
				mistakes = append(mistakes, Mistake{f, int(d), true})
				wrong[f] = true
			} else {
				placed[c] = d
			}
		}
	}
	s := newRulesState(t, p.Givens, placed)
	if p.Cands != nil {
		for c := range placed {
			f := FrameCell(n, c)
			if s.val[f] != 0 {
				continue
			}
			m := digitMask(p.Cands[c]) & t.all
			if wrong[f] {
				m = s.cand[f] // every candidate the filled peers allow
			} else if !m.has(int(sol[f])) {
				mistakes = append(mistakes, Mistake{f, int(sol[f]), false})
				m |= bit(int(sol[f]))
			}
			s.cand[f] = m
		}
		s.own = true
	}
	return mistakes, s, nil
}

// trialNodes bounds the search of one rules trial, in solver nodes.
const trialNodes = 200000

// findRulesTrial is Trial and Error under rules with constraints: a
// candidate whose placement leaves the rules no solution within the
// candidates of the position (the rules engine's search, bounded, from
// those candidates, which logic has narrowed). With a known solution it
// tries candidates outside it, in the cells with the fewest candidates
// first.
func (s *State) findRulesTrial(sol *solver.Grid) (Step, bool) {
	r := s.t.rules
	n := r.Size
	cands := make([]uint16, n*n)
	for c := range cands {
		cands[c] = uint16(s.digitsOf(FrameCell(n, c)))
	}
	for _, x := range s.trials(sol) {
		c, d := x.Cell, x.Digit
		rc := RulesCell(n, c)
		keep := cands[rc]
		cands[rc] = uint16(bit(d))
		res, err := r.SolveCandidates(cands, solver.Options{Limit: 1, MaxNodes: trialNodes})
		cands[rc] = keep
		if err != nil || res.Count > 0 {
			continue
		}
		return Step{
			Technique:    TrialAndError,
			Pattern:      []Candidate{{c, d}},
			Eliminations: []Candidate{{c, d}},
			Explanation: fmt.Sprintf("If %s were %d, no way of filling the other cells with their candidates would keep every rule (%s searched); so %s is not %d.",
				solver.CellName(c), d, plural(int(max(res.Nodes, 1)), "position"), solver.CellName(c), d),
			Rating: TrialAndError.Rating(),
		}, true
	}
	return Step{}, false
}

// plural writes "1 position" or "5 positions".
func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// UnitName returns a player's name of unit u of the state's rules ("row
// 3", "region 4", "main diagonal"), as the steps' Units number them; ""
// for a unit out of range.
func (s *State) UnitName(u int) string {
	if u < 0 || u >= s.t.nu {
		return ""
	}
	return s.t.names[u]
}

// UnitCells returns the cells of unit u (frame numbering), nil for a unit
// out of range.
func (s *State) UnitCells(u int) []int {
	if u < 0 || u >= s.t.nu {
		return nil
	}
	out := make([]int, len(s.t.units[u]))
	for i, c := range s.t.units[u] {
		out[i] = int(c)
	}
	return out
}
