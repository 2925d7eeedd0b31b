package web

import (
	"errors"
	"fmt"

	"sudoku/solver"
	"sudoku/web/worker"
)

// actionKind names what an action does. The names are stored in saved work:
// never rename one.
type actionKind string

// The actions. Each is applied by apply, the one place that changes a Game.
const (
	actPlace      actionKind = "place"      // Digit in Cell as the player's entry (0 erases it)
	actClue       actionKind = "clue"       // Digit in Cell as a clue (0 erases it)
	actCorner     actionKind = "corner"     // toggles the corner mark Digit in Cell
	actCentre     actionKind = "centre"     // toggles the centre mark Digit in Cell
	actColour     actionKind = "colour"     // toggles the colour Digit of Cell
	actErase      actionKind = "erase"      // Cell: the entry, or else the marks and colour
	actCandidates actionKind = "candidates" // every empty cell's corner marks from the rules
	actTrueCands  actionKind = "true"       // every empty cell's corner marks from Marks, the true candidates the engine found
	actFill       actionKind = "fill"       // Grid (81 chars) as the entries of the non-clue cells
	actClear      actionKind = "clear"      // every entry, mark and colour removed; the clues stay
	actLoad       actionKind = "load"       // a new puzzle: Grid as the clues, or a position's S9B form (clues, entries, corner marks); Name, if set, as the variant; Rules, if set, as the puzzle's own rules (Grid then holds its givens); all else cleared
	actVariant    actionKind = "variant"    // Name is the new variant
)

// An action is one change the player makes, as a value: the page applies
// it, the undo history is a list of them and saved work stores them.
type action struct {
	Kind  actionKind `json:"k"`
	Cell  int        `json:"c,omitempty"`
	Digit uint8      `json:"d,omitempty"`
	Grid  string     `json:"g,omitempty"`
	Name  string     `json:"v,omitempty"`
	// Rules, on actLoad, are a variant puzzle's own rules as JSON
	// (solver.Rules.MarshalJSON): its size, regions and constraints.
	Rules string `json:"r,omitempty"`
	// Title and Author, on actLoad with Rules, name the puzzle and its setter.
	Title  string `json:"ti,omitempty"`
	Author string `json:"au,omitempty"`
	// Solution, on actLoad with Rules, is the setter's solution (the
	// game's Solution) in Grid's form, "" for none.
	Solution string `json:"so,omitempty"`
	// Played, on ActLoad and ActClear, is the time played (milliseconds)
	// on the game the action replaced, so that undoing it gives the clock
	// back. The game ignores it.
	Played int64 `json:"t,omitempty"`
	// Marks, on actTrueCands, are every cell's corner marks (bit d-1 for
	// digit d, a cell for each of the grid's cells); the page's cells that
	// hold a digit keep none.
	Marks []uint16 `json:"m,omitempty"`
	// Keep, on actPlace and actClue, leaves the peers' marks alone (the
	// setting "remove a placed digit from the marks" turned off).
	Keep bool `json:"keep,omitempty"`
}

// Errors of apply. Each is a sentence fragment the page can show.
var (
	errOnClue    = errors.New("that cell holds a clue")
	errNoChange  = errors.New("nothing to change")
	errBadAction = errors.New("not a valid action")
)

// apply performs a on g. It returns errNoChange when a leaves g as it was
// (such an action is not recorded), errOnClue when a tries to write over a
// clue while playing, and an error wrapping errBadAction for an action that
// no page makes (a cell or digit out of range, an unknown kind, a bad grid).
// On error g is unchanged.
func apply(g *game, a action) error {
	next := *g
	if err := applyTo(&next, a); err != nil {
		return err
	}
	if next.Equal(g) {
		return errNoChange
	}
	*g = next
	return nil
}

func applyTo(g *game, a action) error {
	switch a.Kind {
	case actPlace, actClue, actCorner, actCentre, actColour, actErase:
		if a.Cell < 0 || a.Cell >= g.cells() {
			return fmt.Errorf("cell %d: %w", a.Cell, errBadAction)
		}
		top := uint8(g.size()) // colours are 1-9 whatever the size
		if a.Kind == actColour {
			top = 9
		}
		if a.Digit > top || (a.Digit == 0 && a.Kind != actPlace && a.Kind != actClue && a.Kind != actErase) {
			return fmt.Errorf("digit %d: %w", a.Digit, errBadAction)
		}
	}
	c, d := a.Cell, a.Digit
	switch a.Kind {
	case actPlace:
		if g.Clues[c] != 0 {
			return errOnClue
		}
		g.Entries[c] = d
		if d != 0 {
			g.clearCell(c)
			if !a.Keep {
				g.removeFromPeers(c, d)
			}
		}
	case actClue:
		g.Clues[c], g.Entries[c] = d, 0
		if d != 0 {
			g.clearCell(c)
			if !a.Keep {
				g.removeFromPeers(c, d)
			}
		}
	case actCorner, actCentre, actColour:
		if g.Board()[c] != 0 {
			if g.Clues[c] != 0 {
				return errOnClue
			}
			return errNoChange // marks go on empty cells only
		}
		switch a.Kind {
		case actCorner:
			g.Corner[c] ^= markOf(d)
		case actCentre:
			g.Centre[c] ^= markOf(d)
		default:
			if g.Colour[c] == d {
				g.Colour[c] = 0
			} else {
				g.Colour[c] = d
			}
		}
	case actErase:
		switch {
		case g.Clues[c] != 0:
			return errOnClue
		case g.Entries[c] != 0:
			g.Entries[c] = 0
		default:
			g.clearCell(c)
		}
	case actCandidates:
		cands, b := g.Candidates(), g.Board()
		for i := range g.Corner {
			if b[i] == 0 {
				g.Corner[i] = cands[i]
			}
		}
	case actTrueCands:
		if len(a.Marks) != g.cells() {
			return fmt.Errorf("marks for %d cells of %d: %w", len(a.Marks), g.cells(), errBadAction)
		}
		b := g.Board()
		for i, m := range a.Marks {
			if marks(m)&^g.digitMarks() != 0 {
				return fmt.Errorf("marks %#x of cell %d: %w", m, i, errBadAction)
			}
			if b[i] == 0 {
				g.Corner[i] = marks(m)
			}
		}
	case actFill:
		sol, err := parseGrid(a.Grid)
		if err != nil {
			return err
		}
		for i := range g.cells() {
			if g.Clues[i] == 0 && sol[i] != 0 && int(sol[i]) <= g.size() {
				g.Entries[i] = sol[i]
				g.clearCell(i)
			}
		}
	case actClear:
		*g = game{Clues: g.Clues, Variant: g.Variant, Custom: g.Custom, Title: g.Title, Author: g.Author, Solution: g.Solution}
	case actLoad:
		if a.Rules != "" {
			loaded, err := customGame(a.Rules, a.Grid)
			if err != nil {
				return fmt.Errorf("%v: %w", err, errBadAction)
			}
			loaded.Variant = g.Variant
			loaded.Title, loaded.Author = a.Title, a.Author
			if err := setterSolution(&loaded, a.Solution); err != nil {
				return fmt.Errorf("%v: %w", err, errBadAction)
			}
			*g = loaded
			return nil
		}
		loaded, err := gameFromText(a.Grid)
		if err != nil {
			return err
		}
		loaded.Variant = g.Variant
		if a.Name != "" {
			if loaded.Variant, err = solver.LookupVariant(a.Name); err != nil {
				return fmt.Errorf("%v: %w", err, errBadAction)
			}
		}
		*g = loaded
	case actVariant:
		v, err := solver.LookupVariant(a.Name)
		if err != nil {
			return fmt.Errorf("%v: %w", err, errBadAction)
		}
		g.Variant = v
		if g.Custom != nil { // the puzzle's own rules give way to the named variant's
			if g.Custom.Size != 9 {
				*g = game{} // its cells do not fit a 9x9 grid: a new empty board (undo brings it back)
			}
			g.Variant, g.Custom, g.Title, g.Author, g.Solution = v, nil, "", "", solver.Grid{}
		}
	default:
		return fmt.Errorf("kind %q: %w", a.Kind, errBadAction)
	}
	return nil
}

// parseGrid reads the 81-character grid of an action.
func parseGrid(s string) (solver.Grid, error) {
	if len(s) != 81 {
		return solver.Grid{}, fmt.Errorf("a grid of %d characters: %w", len(s), errBadAction)
	}
	g, err := worker.ParseGrid(s)
	if err != nil {
		return solver.Grid{}, fmt.Errorf("%v: %w", err, errBadAction)
	}
	return g, nil
}

// clearCell removes the marks and the colour of cell c.
func (g *game) clearCell(c int) {
	g.Corner[c], g.Centre[c], g.Colour[c] = 0, 0, 0
}

// removeFromPeers removes d from the marks of every peer of c: a placed
// digit rules it out there.
func (g *game) removeFromPeers(c int, d uint8) {
	for _, p := range g.peers(c) {
		g.Corner[p] &^= markOf(d)
		g.Centre[p] &^= markOf(d)
	}
}
