package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"time"

	"sudoku/solver"
	"sudoku/web/worker"
)

// storageKey is where the page keeps the player's session in local storage.
const storageKey = "sudoku.save"

// saveVersion is the format version written. Versions 1 (a game without
// marks or history, the variant as a boolean), 2 (a classic game with its
// history) and 3 (version 2 with a variant puzzle's own rules: the
// starting game's "rules" and the load actions' "r") are read; any other
// is not read and not overwritten.
const saveVersion = 3

// saved is the stored form of a session. Version 1 used only Clues, Entries
// and Diagonal; version 2 uses the rest.
type saved struct {
	Version int `json:"version"`

	// Version 1.
	Clues    string `json:"clues,omitempty"`
	Entries  string `json:"entries,omitempty"`
	Diagonal bool   `json:"diagonal,omitempty"`

	// Version 2: the history's starting point, the actions, how many are
	// applied, and the state of the page around the game.
	Base     *savedGame `json:"base,omitempty"`
	Actions  []action   `json:"actions,omitempty"`
	Pos      int        `json:"pos,omitempty"`
	Elapsed  int64      `json:"elapsed_ms,omitempty"` // time played, in milliseconds
	Paused   bool       `json:"paused,omitempty"`
	Editing  bool       `json:"editing,omitempty"`
	Mistakes bool       `json:"mistake_check,omitempty"`
	Info     *gameInfo  `json:"info,omitempty"` // the game's level and the help taken
	// Link (version 3) is the query the address bar held when the session
	// was saved. The page writes the bar at most every urlEvery, so for a
	// moment after a change the bar may hold an earlier position: a reload
	// then opens that query, and the session it was saved with wins.
	Link string `json:"link,omitempty"`
}

// savedGame is the stored form of a Game: grids as 81 characters ('.' for
// empty), marks as 81 numbers (bit d-1 for digit d), the variant by name.
type savedGame struct {
	Clues   string   `json:"clues"`
	Entries string   `json:"entries"`
	Corner  []uint16 `json:"corner,omitempty"`
	Centre  []uint16 `json:"centre,omitempty"`
	Colour  []uint8  `json:"colour,omitempty"`
	Variant string   `json:"variant"`
	// Rules (version 3) are a variant puzzle's own rules
	// (solver.Rules.MarshalJSON); the grids then hold its Size² cells first.
	Rules  json.RawMessage `json:"rules,omitempty"`
	Title  string          `json:"title,omitempty"`  // version 3: a variant puzzle's title
	Author string          `json:"author,omitempty"` // and setter
	// Solution (version 3) is a variant puzzle's setter's solution, in
	// Grid's form ("" for none).
	Solution string `json:"solution,omitempty"`
}

// session is what a saved copy restores: the store and the page state.
type session struct {
	store    *store
	elapsed  int64
	paused   bool
	editing  bool
	mistakes bool
	info     gameInfo
	link     string // the address bar's query when it was saved
}

func toSavedGame(g game) *savedGame {
	s := &savedGame{Clues: g.Clues.String(), Entries: g.Entries.String(), Variant: g.Rules().Name}
	if g.Custom != nil {
		s.Rules = json.RawMessage(rulesJSON(g.Custom))
		s.Title, s.Author, s.Solution = g.Title, g.Author, solutionText(&g)
	}
	if g.HasMarks() {
		s.Corner, s.Centre, s.Colour = make([]uint16, 81), make([]uint16, 81), make([]uint8, 81)
		for i := range 81 {
			s.Corner[i], s.Centre[i], s.Colour[i] = uint16(g.Corner[i]), uint16(g.Centre[i]), g.Colour[i]
		}
	}
	return s
}

// toSaved returns the stored form of a session.
func toSaved(ss session) saved {
	base, actions, pos := ss.store.History()
	return saved{
		Version: saveVersion, Base: toSavedGame(base), Actions: actions, Pos: pos,
		Elapsed: ss.elapsed, Paused: ss.paused, Editing: ss.editing, Mistakes: ss.mistakes, Info: &ss.info,
		Link: ss.link,
	}
}

var errSaveVersion = errors.New("saved by another version of the app")

// maxPlayedMs is the longest time played, in milliseconds, that the page's
// clock (a time.Duration) holds; saved work with a time played outside 0 to
// maxPlayedMs (its own, or an action's) is refused.
const maxPlayedMs = math.MaxInt64 / int64(time.Millisecond)

// fromSaved checks and converts saved work of any version read.
func fromSaved(s saved) (session, error) {
	switch s.Version {
	case 1:
		g, err := gameFromStrings(s.Clues, s.Entries)
		if err != nil {
			return session{}, err
		}
		if s.Diagonal {
			g.Variant = solver.Diagonal
		}
		return session{store: newStore(g)}, nil
	case 2, 3:
		if s.Version == 2 && s.Base != nil && s.Base.Rules != nil {
			return session{}, errors.New("rules in saved work of version 2")
		}
		for i, a := range s.Actions {
			if s.Version == 2 && a.Rules != "" {
				return session{}, fmt.Errorf("action %d (%s): rules in saved work of version 2", i+1, a.Kind)
			}
		}
		if s.Base == nil {
			return session{}, errors.New("no game")
		}
		g, err := fromSavedGame(*s.Base)
		if err != nil {
			return session{}, err
		}
		if len(s.Actions) > maxHistory { // more than a store keeps: not saved by the page
			return session{}, fmt.Errorf("a history of %d actions, more than %d", len(s.Actions), maxHistory)
		}
		st, err := restoreStore(g, s.Actions, s.Pos)
		if err != nil {
			return session{}, err
		}
		if s.Elapsed < 0 || s.Elapsed > maxPlayedMs {
			return session{}, fmt.Errorf("a time played of %d ms", s.Elapsed)
		}
		for i, a := range s.Actions {
			if a.Played < 0 || a.Played > maxPlayedMs {
				return session{}, fmt.Errorf("action %d (%s): a time played of %d ms", i+1, a.Kind, a.Played)
			}
		}
		ss := session{store: st, elapsed: s.Elapsed, paused: s.Paused, editing: s.Editing, mistakes: s.Mistakes}
		if s.Info != nil {
			if s.Info.Hints < 0 || s.Info.Checks < 0 || s.Info.Mistakes < 0 {
				return session{}, errors.New("a negative count of hints, checks or mistakes")
			}
			ss.info = *s.Info
		}
		ss.link = s.Link
		return ss, nil
	}
	return session{}, errSaveVersion
}

func fromSavedGame(s savedGame) (game, error) {
	g, err := gameFromStrings(s.Clues, s.Entries)
	if err != nil {
		return game{}, err
	}
	if g.Variant, err = solver.LookupVariant(s.Variant); err != nil {
		return game{}, err
	}
	if s.Rules != nil {
		g.Title, g.Author = s.Title, s.Author
		if g.Custom, err = rulesFromJSON(string(s.Rules)); err != nil {
			return game{}, err
		}
		n := g.Custom.Cells()
		for i := n; i < 81; i++ {
			if g.Clues[i] != 0 || g.Entries[i] != 0 {
				return game{}, fmt.Errorf("a digit outside the %dx%d grid", g.Custom.Size, g.Custom.Size)
			}
		}
		for i := range n {
			if int(g.Clues[i]) > g.Custom.Size || int(g.Entries[i]) > g.Custom.Size {
				return game{}, fmt.Errorf("a digit above %d at %s", g.Custom.Size, g.cellName(i))
			}
		}
		if err := setterSolution(&g, s.Solution); err != nil {
			return game{}, err
		}
	}
	for _, l := range []int{len(s.Corner), len(s.Centre), len(s.Colour)} {
		if l != 0 && l != 81 {
			return game{}, fmt.Errorf("marks for %d cells, want 81", l)
		}
	}
	for i := range s.Corner {
		g.Corner[i] = marks(s.Corner[i]) & g.digitMarks()
	}
	for i := range s.Centre {
		g.Centre[i] = marks(s.Centre[i]) & g.digitMarks()
	}
	for i, c := range s.Colour {
		if c > 9 {
			return game{}, fmt.Errorf("colour %d at %s", c, solver.CellName(i))
		}
		g.Colour[i] = c
	}
	for i := g.cells(); i < 81; i++ {
		if g.Corner[i] != 0 || g.Centre[i] != 0 || g.Colour[i] != 0 {
			return game{}, fmt.Errorf("marks outside the %dx%d grid", g.size(), g.size())
		}
	}
	// A filled cell holds no marks in a game the store keeps: marks saved
	// on one (a hand-edited save; FuzzSave's find) are dropped, as marks
	// above the grid's size are, and the game loads.
	for i, d := range g.Board() {
		if d != 0 {
			g.Corner[i], g.Centre[i], g.Colour[i] = 0, 0, 0
		}
	}
	return g, nil
}

// gameFromStrings reads clues and entries, refusing an entry on a clue.
func gameFromStrings(clueText, entryText string) (game, error) {
	clues, err := worker.ParseGrid(clueText)
	if err != nil {
		return game{}, fmt.Errorf("clues: %w", err)
	}
	entries, err := worker.ParseGrid(entryText)
	if err != nil {
		return game{}, fmt.Errorf("entries: %w", err)
	}
	for i, d := range entries {
		if d != 0 && clues[i] != 0 {
			return game{}, fmt.Errorf("an entry on the clue %s", solver.CellName(i))
		}
	}
	return game{Clues: clues, Entries: entries}, nil
}
