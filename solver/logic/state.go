package logic

import (
	"fmt"

	"sudoku/solver"
)

// A State is a position of play: the clues, the digits placed since, and the
// candidates left in every empty cell. A State is a plain value: copying it
// copies the position. One State must not be used by two goroutines at
// once; copies may.
type State struct {
	t     *tables
	given [81]bool
	val   [81]uint8     // 0 for an empty cell
	cand  [81]digitMask // candidates of the empty cells; 0 for filled cells
	own   bool          // the candidates are the player's (NewState of a position with HasCands)

	an *analysis // set while NextStep runs: derived sets, computed once
}

// analysis holds sets derived from a position that many techniques read.
type analysis struct {
	planes [10]cellSet     // empty cells with candidate d
	where  [32][10]cellSet // planes[d] within unit u

	als     []als // the almost locked sets, once collected
	alsDone bool
	// The restricted common digits between the sets, once collected.
	alsLinks     [][]alsLink
	alsLinksDone bool
}

// analyze fills a from s.
func (s *State) analyze(a *analysis) {
	a.planes = [10]cellSet{}
	a.als, a.alsDone = a.als[:0], false
	a.alsLinks, a.alsLinksDone = nil, false
	for c := 0; c < 81; c++ {
		for m := s.cand[c]; m != 0; m &= m - 1 {
			a.planes[m.lowest()].add(c)
		}
	}
	for u := 0; u < s.t.nu; u++ {
		for d := 1; d <= 9; d++ {
			a.where[u][d] = a.planes[d].and(s.t.unitSet[u])
		}
	}
}

// NewState returns the state of a position under its variant (nil means
// solver.Standard): its clues, the digits placed, and its candidates, the
// player's own when p.HasCands is set (candidates that a filled peer rules
// out are kept, so that a hint can point them out; an empty cell without
// candidates is allowed, and the position then has no solution), else
// every candidate no filled cell rules out. Digits that break a rule give
// the *solver.ConflictError of Variant.Check; a placed digit over a
// different clue an error wrapping solver.ErrMismatch; a variant of more
// than 32 units one wrapping ErrVariant.
func NewState(p solver.Position) (*State, error) {
	s, err := newState(p.Clues, p.Placed, variantOf(&p))
	if err != nil || !p.HasCands {
		return s, err
	}
	for c := 0; c < 81; c++ {
		if s.val[c] == 0 {
			s.cand[c] = digitMask(p.Cands[c]) & allDigits
		}
	}
	s.own = true
	return s, nil
}

// variantOf returns the position's rules: the package's one place where a
// nil variant means solver.Standard.
func variantOf(p *solver.Position) *solver.Variant {
	if p.Variant == nil {
		return solver.Standard
	}
	return p.Variant
}

// newState returns the state of puzzle with the digits placed (0 elsewhere;
// a cell may repeat its clue), candidates from the filled cells.
func newState(puzzle, placed solver.Grid, v *solver.Variant) (*State, error) {
	if v.NumUnits() > 32 {
		return nil, fmt.Errorf("variant %s has %d units; the logic engine handles at most 32: %w", v.Name, v.NumUnits(), ErrVariant)
	}
	var all solver.Grid
	for c := 0; c < 81; c++ {
		if puzzle[c] > 9 || placed[c] > 9 {
			return nil, fmt.Errorf("%s: not a digit: %w", solver.CellName(c), solver.ErrSyntax)
		}
		if puzzle[c] != 0 && placed[c] != 0 && puzzle[c] != placed[c] {
			return nil, fmt.Errorf("%s is the clue %d but holds %d: %w", solver.CellName(c), puzzle[c], placed[c], solver.ErrMismatch)
		}
		all[c] = puzzle[c] | placed[c]
	}
	if err := v.Check(all); err != nil {
		return nil, err
	}
	s := &State{t: tablesFor(v)}
	for c := 0; c < 81; c++ {
		s.cand[c] = allDigits
	}
	for c := 0; c < 81; c++ {
		if all[c] != 0 {
			s.given[c] = puzzle[c] != 0
			s.place(c, int(all[c]))
		}
	}
	return s, nil
}

// Variant returns the variant the state is played under; nil for a state
// of a Position under rules that are not classic (see Rules).
func (s *State) Variant() *solver.Variant { return s.t.v }

// Rules returns the rules of a state made from a Position; nil for one
// made by NewState.
func (s *State) Rules() *solver.Rules { return s.t.rules }

// Size returns the grid's size: 9, or the size of the rules. Cells are
// numbered r*9+c whatever the size (see Position).
func (s *State) Size() int { return s.t.size }

// Digit returns the digit in cell c, 0 when it is empty or out of range
// (or of the frame but outside a smaller grid).
func (s *State) Digit(c int) int {
	if c < 0 || c >= 81 || s.t.dead.has(c) {
		return 0
	}
	return int(s.val[c])
}

// Given reports whether cell c holds a clue of the puzzle.
func (s *State) Given(c int) bool { return c >= 0 && c < 81 && s.given[c] && !s.t.dead.has(c) }

// Candidates returns the candidates of cell c as a bit set (bit d-1 for
// digit d); 0 for a filled cell or one out of range.
func (s *State) Candidates(c int) uint16 {
	if c < 0 || c >= 81 {
		return 0
	}
	return uint16(s.cand[c])
}

// HasCandidate reports whether digit d is a candidate of the empty cell c;
// false for a cell or digit out of range.
func (s *State) HasCandidate(c, d int) bool {
	return c >= 0 && c < 81 && d >= 1 && d <= 9 && s.cand[c].has(d)
}

// Grid returns the filled cells, clues and placed digits alike.
func (s *State) Grid() solver.Grid {
	var g solver.Grid
	copy(g[:], s.val[:])
	for _, c := range s.t.dead.cells() {
		g[c] = 0
	}
	return g
}

// Puzzle returns the clues alone.
func (s *State) Puzzle() solver.Grid {
	var g solver.Grid
	for c := 0; c < 81; c++ {
		if s.given[c] && !s.t.dead.has(c) {
			g[c] = s.val[c]
		}
	}
	return g
}

// Solved reports whether every cell is filled.
func (s *State) Solved() bool {
	for c := 0; c < 81; c++ {
		if s.val[c] == 0 {
			return false
		}
	}
	return true
}

// place fills cell c with d and removes d from the candidates of its peers.
func (s *State) place(c, d int) {
	s.val[c] = uint8(d)
	s.cand[c] = 0
	b := bit(d)
	p := s.t.peers[c]
	for w := 0; w < 2; w++ {
		for x := p[w]; x != 0; x &= x - 1 {
			s.cand[w*64+trailing(x)] &^= b
		}
	}
}

// Apply plays a step: its placements, then its eliminations. It returns an
// error, and changes nothing, when the step does not fit the state: a
// placement in a filled cell or of a digit that is not a candidate, or a
// cell or digit out of range. Eliminating a candidate already gone is no
// error.
func (s *State) Apply(st Step) error {
	for _, p := range st.Placements {
		if p.Cell < 0 || p.Cell >= 81 || s.val[p.Cell] != 0 || !s.cand[p.Cell].has(p.Digit) {
			return fmt.Errorf("cannot place %d in %s", p.Digit, p)
		}
	}
	for _, e := range st.Eliminations {
		if e.Cell < 0 || e.Cell >= 81 || e.Digit < 1 || e.Digit > 9 {
			return fmt.Errorf("bad elimination %s", e)
		}
	}
	for _, p := range st.Placements {
		s.place(p.Cell, p.Digit)
	}
	for _, e := range st.Eliminations {
		s.cand[e.Cell] &^= bit(e.Digit)
	}
	return nil
}

// unitDigitCells returns the empty cells of unit u that have candidate d.
func (s *State) unitDigitCells(u, d int) (cs cellSet) {
	if s.an != nil {
		return s.an.where[u][d]
	}
	b := bit(d)
	for _, c := range s.t.units[u] {
		if s.cand[c]&b != 0 {
			cs.add(int(c))
		}
	}
	return cs
}

// digitCells returns the empty cells with candidate d.
func (s *State) digitCells(d int) (cs cellSet) {
	if s.an != nil {
		return s.an.planes[d]
	}
	b := bit(d)
	for c := 0; c < 81; c++ {
		if s.cand[c]&b != 0 {
			cs.add(c)
		}
	}
	return cs
}
