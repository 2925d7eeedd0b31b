package logic

import "sudoku/solver"

// Position returns the state as a solver.Position (variant included) that
// NewState reads back and solver.Position.Text writes in any format: its
// clues, placed digits and the candidates of every empty cell, as they are
// now (HasCands is always set and GivensKnown true). For a state of rules
// that are not classic the grid is the frame's (see Position) and the
// Variant nil: the rules do not fit a solver.Position.
func (s *State) Position() solver.Position {
	p := solver.Position{HasCands: true, GivensKnown: true, Variant: s.t.v}
	for c := 0; c < 81; c++ {
		switch {
		case s.t.dead.has(c):
		case s.given[c]:
			p.Clues[c] = s.val[c]
		case s.val[c] != 0:
			p.Placed[c] = s.val[c]
		default:
			p.Cands[c] = uint16(s.cand[c])
		}
	}
	return p
}
