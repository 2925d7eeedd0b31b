package web

import "fmt"

// store holds the game and its history of actions. Every change of the game
// goes through Do; Undo and Redo move along the history. The game is always
// the history's starting point (base) with the first pos actions applied.
// A store knows nothing of the page: the root component derives what it
// shows, saves and links from Game after each call.
type store struct {
	base    game
	history []action
	pos     int
	game    game
}

// newStore returns a store holding g with an empty history.
func newStore(g game) *store { return &store{base: g, game: g} }

// Game returns the current game (a copy).
func (s *store) Game() game { return s.game }

// Do applies a and records it, dropping the actions that were undone. It
// returns apply's error (errNoChange, errOnClue, errBadAction) and then
// changes nothing. The history keeps at most maxHistory actions; older ones
// are folded into the starting point.
func (s *store) Do(a action) error {
	if err := apply(&s.game, a); err != nil {
		return err
	}
	s.history = append(s.history[:s.pos], a)
	s.pos++
	if len(s.history) > maxHistory {
		drop := len(s.history) - maxHistory
		for _, old := range s.history[:drop] {
			apply(&s.base, old) // applied once already: cannot fail
		}
		s.history = append([]action(nil), s.history[drop:]...)
		s.pos -= drop
	}
	return nil
}

// CanUndo reports whether there is an action to undo.
func (s *store) CanUndo() bool { return s.pos > 0 }

// CanRedo reports whether there is an undone action to redo.
func (s *store) CanRedo() bool { return s.pos < len(s.history) }

// Undo steps back one action and reports whether there was one. The game is
// rebuilt from the starting point: O(actions), each O(81).
func (s *store) Undo() bool {
	if !s.CanUndo() {
		return false
	}
	s.pos--
	s.game = s.base
	for _, a := range s.history[:s.pos] {
		apply(&s.game, a)
	}
	return true
}

// Redo applies the next undone action again and reports whether there was one.
func (s *store) Redo() bool {
	if !s.CanRedo() {
		return false
	}
	apply(&s.game, s.history[s.pos])
	s.pos++
	return true
}

// FilledBySolver reports whether Solve's fill (actFill) is among the
// applied actions since the game last started afresh (actLoad, actClear):
// the entries are then the solver's, in part at least, whatever the player
// did after it. A fill older than maxHistory actions, folded into the
// starting point, is not seen.
func (s *store) FilledBySolver() bool {
	for i := s.pos - 1; i >= 0; i-- {
		switch s.history[i].Kind {
		case actFill:
			return true
		case actLoad, actClear:
			return false
		}
	}
	return false
}

// History returns the starting point, the actions and how many of them are
// applied, for saving.
func (s *store) History() (base game, actions []action, pos int) {
	return s.base, append([]action(nil), s.history...), s.pos
}

// restoreStore rebuilds a store from saved history. It fails, naming the
// action, when an action cannot be applied to the position before it (saved
// work edited by hand or damaged) or pos is out of range.
func restoreStore(base game, actions []action, pos int) (*store, error) {
	if pos < 0 || pos > len(actions) {
		return nil, fmt.Errorf("the history position %d is out of range", pos)
	}
	s := &store{base: base, history: actions, game: base}
	g := base
	for i, a := range actions {
		err := apply(&g, a)
		if err != nil && err != errNoChange {
			return nil, fmt.Errorf("action %d (%s): %v", i+1, a.Kind, err)
		}
		if i < pos {
			s.game = g
		}
	}
	s.pos = pos
	return s, nil
}
