package web

import (
	"encoding/json"
	"errors"
	"strings"
	"sudoku/internal/sudokutest"
	"testing"

	"sudoku/solver"
)

// verifyGame checks the invariants every game the store holds keeps: no
// entry on a clue, marks and colours only on empty cells, digits in range.
func verifyGame(t *testing.T, what string, g game) {
	t.Helper()
	b := g.Board()
	for i := range 81 {
		if g.Clues[i] != 0 && g.Entries[i] != 0 {
			t.Errorf("%s: entry %d on the clue at %s", what, g.Entries[i], solver.CellName(i))
		}
		if b[i] != 0 && (g.Corner[i] != 0 || g.Centre[i] != 0 || g.Colour[i] != 0) {
			t.Errorf("%s: marks on the filled cell %s", what, solver.CellName(i))
		}
		if g.Corner[i]&^allMarks != 0 || g.Centre[i]&^allMarks != 0 || g.Colour[i] > 9 {
			t.Errorf("%s: marks out of range at %s", what, solver.CellName(i))
		}
		// A variant puzzle: nothing outside its grid, no digit or mark above its size.
		if i >= g.cells() && (b[i] != 0 || g.Corner[i] != 0 || g.Centre[i] != 0 || g.Colour[i] != 0) {
			t.Errorf("%s: something in cell %d, outside the %dx%d grid", what, i, g.size(), g.size())
		}
		if int(b[i]) > g.size() || (g.Corner[i]|g.Centre[i])&^g.digitMarks() != 0 {
			t.Errorf("%s: a digit or mark above %d at cell %d", what, g.size(), i)
		}
	}
}

// actionCases apply one action to a game holding the puzzle unique and check
// the result.
var actionCases = []struct {
	name  string
	setup []action // applied first
	a     action
	check func(g game) string // "" when right
	err   error               // wanted error of the action itself
}{
	{"place", nil, action{Kind: actPlace, Cell: 1, Digit: 6}, func(g game) string {
		return want(g.Entries[1] == 6, "r1c2 holds 6")
	}, nil},
	{"place erases", []action{{Kind: actPlace, Cell: 1, Digit: 6}}, action{Kind: actPlace, Cell: 1}, func(g game) string {
		return want(g.Entries[1] == 0, "r1c2 is empty")
	}, nil},
	{"place on a clue", nil, action{Kind: actPlace, Cell: 0, Digit: 6}, nil, errOnClue},
	{"place the same digit twice", []action{{Kind: actPlace, Cell: 1, Digit: 6}}, action{Kind: actPlace, Cell: 1, Digit: 6}, nil, errNoChange},
	{"place removes the digit from the peers' marks", []action{
		{Kind: actCorner, Cell: 2, Digit: 6}, {Kind: actCentre, Cell: 11, Digit: 6}, {Kind: actCorner, Cell: 80, Digit: 6},
		{Kind: actCorner, Cell: 2, Digit: 7},
	}, action{Kind: actPlace, Cell: 1, Digit: 6}, func(g game) string {
		return want(g.Corner[2] == markOf(7) && g.Centre[11] == 0 && g.Corner[80] == markOf(6),
			"6 gone from r1c3 and r2c3 (peers), kept in r9c9 and 7 kept in r1c3")
	}, nil},
	{"place clears the cell's own marks", []action{{Kind: actCorner, Cell: 1, Digit: 2}, {Kind: actColour, Cell: 1, Digit: 3}},
		action{Kind: actPlace, Cell: 1, Digit: 6}, func(g game) string {
			return want(g.Corner[1] == 0 && g.Colour[1] == 0, "no marks on the filled r1c2")
		}, nil},
	{"clue", nil, action{Kind: actClue, Cell: 1, Digit: 9}, func(g game) string {
		return want(g.Clues[1] == 9, "r1c2 is the clue 9")
	}, nil},
	{"clue replaces an entry", []action{{Kind: actPlace, Cell: 1, Digit: 6}}, action{Kind: actClue, Cell: 1, Digit: 9}, func(g game) string {
		return want(g.Clues[1] == 9 && g.Entries[1] == 0, "r1c2 is the clue 9 and no entry")
	}, nil},
	{"clue erased", nil, action{Kind: actClue, Cell: 0}, func(g game) string {
		return want(g.Clues[0] == 0, "r1c1 is empty")
	}, nil},
	{"corner toggles on", nil, action{Kind: actCorner, Cell: 1, Digit: 2}, func(g game) string {
		return want(g.Corner[1] == markOf(2), "corner mark 2 in r1c2")
	}, nil},
	{"corner toggles off", []action{{Kind: actCorner, Cell: 1, Digit: 2}}, action{Kind: actCorner, Cell: 1, Digit: 2}, func(g game) string {
		return want(g.Corner[1] == 0, "no corner mark in r1c2")
	}, nil},
	{"corner on a clue", nil, action{Kind: actCorner, Cell: 0, Digit: 2}, nil, errOnClue},
	{"corner on an entry", []action{{Kind: actPlace, Cell: 1, Digit: 6}}, action{Kind: actCorner, Cell: 1, Digit: 2}, nil, errNoChange},
	{"centre", []action{{Kind: actCentre, Cell: 1, Digit: 9}}, action{Kind: actCentre, Cell: 1, Digit: 2}, func(g game) string {
		return want(g.Centre[1] == markOf(2)|markOf(9) && g.Corner[1] == 0, "centre marks 2 9 in r1c2, no corner mark")
	}, nil},
	{"colour", nil, action{Kind: actColour, Cell: 1, Digit: 4}, func(g game) string {
		return want(g.Colour[1] == 4, "colour 4 in r1c2")
	}, nil},
	{"colour replaced", []action{{Kind: actColour, Cell: 1, Digit: 4}}, action{Kind: actColour, Cell: 1, Digit: 5}, func(g game) string {
		return want(g.Colour[1] == 5, "colour 5 in r1c2")
	}, nil},
	{"colour toggled off", []action{{Kind: actColour, Cell: 1, Digit: 4}}, action{Kind: actColour, Cell: 1, Digit: 4}, func(g game) string {
		return want(g.Colour[1] == 0, "no colour in r1c2")
	}, nil},
	{"erase an entry keeps nothing else to erase", []action{{Kind: actPlace, Cell: 1, Digit: 6}}, action{Kind: actErase, Cell: 1}, func(g game) string {
		return want(g.Entries[1] == 0, "r1c2 empty")
	}, nil},
	{"erase marks", []action{{Kind: actCorner, Cell: 1, Digit: 2}, {Kind: actCentre, Cell: 1, Digit: 3}, {Kind: actColour, Cell: 1, Digit: 4}},
		action{Kind: actErase, Cell: 1}, func(g game) string {
			return want(g.Corner[1] == 0 && g.Centre[1] == 0 && g.Colour[1] == 0, "r1c2 without marks")
		}, nil},
	{"erase a clue", nil, action{Kind: actErase, Cell: 0}, nil, errOnClue},
	{"erase an empty cell", nil, action{Kind: actErase, Cell: 1}, nil, errNoChange},
	{"candidates", []action{{Kind: actPlace, Cell: 1, Digit: 6}}, action{Kind: actCandidates}, func(g game) string {
		// r1c3 sees 4, 8, 5 and 6 in row 1 and 3 in its box; column 3 has 4 (r9c3).
		return want(g.Corner[2] == allMarks&^(markOf(3)|markOf(4)|markOf(5)|markOf(6)|markOf(8)) && g.Corner[0] == 0,
			"r1c3 holds 1 2 7 9, the clue r1c1 nothing")
	}, nil},
	{"candidates twice", []action{{Kind: actCandidates}}, action{Kind: actCandidates}, nil, errNoChange},
	{"fill", nil, action{Kind: actFill, Grid: strings.Repeat("1", 81)}, func(g game) string {
		return want(g.Entries[1] == 1 && g.Entries[0] == 0 && g.Clues[0] == 4, "entries filled around the clues")
	}, nil},
	{"fill with a short grid", nil, action{Kind: actFill, Grid: "123"}, nil, errBadAction},
	{"clear", []action{{Kind: actPlace, Cell: 1, Digit: 6}, {Kind: actCorner, Cell: 2, Digit: 1}, {Kind: actVariant, Name: "diagonal"}},
		action{Kind: actClear}, func(g game) string {
			return want(g.Entries.Clues() == 0 && !g.HasMarks() && g.Clues.Clues() == 17 && g.Rules() == solver.Diagonal,
				"clues and variant only")
		}, nil},
	{"load", []action{{Kind: actPlace, Cell: 1, Digit: 6}}, action{Kind: actLoad, Grid: magic}, func(g game) string {
		return want(g.Clues.String() == magic && g.Entries.Clues() == 0, "the new puzzle alone")
	}, nil},
	{"load garbage", nil, action{Kind: actLoad, Grid: strings.Repeat("x", 81)}, nil, errBadAction},
	{"variant", nil, action{Kind: actVariant, Name: "Diagonal"}, func(g game) string {
		return want(g.Rules() == solver.Diagonal, "diagonal rules")
	}, nil},
	{"unknown variant", nil, action{Kind: actVariant, Name: "hexagonal"}, nil, errBadAction},
	{"cell out of range", nil, action{Kind: actPlace, Cell: 81, Digit: 1}, nil, errBadAction},
	{"negative cell", nil, action{Kind: actCorner, Cell: -1, Digit: 1}, nil, errBadAction},
	{"digit out of range", nil, action{Kind: actPlace, Cell: 1, Digit: 10}, nil, errBadAction},
	{"mark without a digit", nil, action{Kind: actCorner, Cell: 1}, nil, errBadAction},
	{"unknown kind", nil, action{Kind: "teleport"}, nil, errBadAction},
}

func want(ok bool, what string) string {
	if ok {
		return ""
	}
	return "want " + what
}

// TestActions applies every kind of action, then undoes it and redoes it:
// undo gives back the game before, redo the game after.
func TestActions(t *testing.T) {
	for _, c := range actionCases {
		s := newStore(game{Clues: sudokutest.MustParse(unique)})
		for _, a := range c.setup {
			if err := s.Do(a); err != nil {
				t.Fatalf("%s: setup %+v: %v", c.name, a, err)
			}
		}
		before := s.Game()
		err := s.Do(c.a)
		after := s.Game()
		if c.err != nil {
			if !errors.Is(err, c.err) {
				t.Errorf("%s: Do(%+v) = %v, want %v", c.name, c.a, err, c.err)
			}
			if !after.Equal(&before) {
				t.Errorf("%s: a refused action changed the game", c.name)
			}
			if _, actions, _ := s.History(); len(actions) != len(c.setup) {
				t.Errorf("%s: a refused action was recorded", c.name)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: Do(%+v): %v", c.name, c.a, err)
			continue
		}
		if msg := c.check(after); msg != "" {
			t.Errorf("%s: %s", c.name, msg)
		}
		verifyGame(t, c.name, after)
		if !s.Undo() {
			t.Fatalf("%s: nothing to undo", c.name)
		}
		if g := s.Game(); !g.Equal(&before) {
			t.Errorf("%s: undo does not give back the game before", c.name)
		}
		if !s.Redo() {
			t.Fatalf("%s: nothing to redo", c.name)
		}
		if g := s.Game(); !g.Equal(&after) {
			t.Errorf("%s: redo does not give the game after", c.name)
		}
	}
}

// scriptedGame is a game of every kind of action, in order.
var scriptedGame = []action{
	{Kind: actCandidates},
	{Kind: actCorner, Cell: 2, Digit: 1},
	{Kind: actCentre, Cell: 3, Digit: 2},
	{Kind: actColour, Cell: 4, Digit: 3},
	{Kind: actPlace, Cell: 1, Digit: 6},
	{Kind: actPlace, Cell: 11, Digit: 9},
	{Kind: actErase, Cell: 11},
	{Kind: actVariant, Name: "diagonal"},
	{Kind: actClue, Cell: 5, Digit: 1},
	{Kind: actErase, Cell: 4},
	{Kind: actVariant, Name: "standard"},
	{Kind: actClear},
	{Kind: actPlace, Cell: 1, Digit: 6},
	{Kind: actLoad, Grid: magic},
	{Kind: actPlace, Cell: 1, Digit: 2},
}

// TestUndoRedoRoundTrip plays a scripted game, then undoes all of it and
// redoes all of it: each step back and forth gives the same games.
func TestUndoRedoRoundTrip(t *testing.T) {
	s := newStore(game{Clues: sudokutest.MustParse(unique)})
	games := []game{s.Game()}
	for _, a := range scriptedGame {
		if err := s.Do(a); err != nil {
			t.Fatalf("Do(%+v): %v", a, err)
		}
		games = append(games, s.Game())
		verifyGame(t, string(a.Kind), s.Game())
	}
	for i := len(games) - 2; i >= 0; i-- {
		if !s.Undo() {
			t.Fatalf("undo %d refused", i)
		}
		if g := s.Game(); !g.Equal(&games[i]) {
			t.Errorf("after undoing to step %d: game differs", i)
		}
	}
	if s.Undo() || s.CanUndo() {
		t.Error("undo past the start")
	}
	for i := 1; i < len(games); i++ {
		if !s.Redo() {
			t.Fatalf("redo %d refused", i)
		}
		if g := s.Game(); !g.Equal(&games[i]) {
			t.Errorf("after redoing to step %d: game differs", i)
		}
	}
	if s.Redo() || s.CanRedo() {
		t.Error("redo past the end")
	}
	// A new action after undo drops the undone ones.
	s.Undo()
	s.Undo()
	if err := s.Do(action{Kind: actPlace, Cell: 2, Digit: 5}); err != nil {
		t.Fatal(err)
	}
	if s.CanRedo() {
		t.Error("redo possible after a new action")
	}
	if _, actions, pos := s.History(); pos != len(scriptedGame)-1 || len(actions) != pos {
		t.Errorf("history %d actions at %d, want %d", len(actions), pos, len(scriptedGame)-1)
	}
}

// The history keeps maxHistory actions; older ones fold into the start, and
// undo stops there.
func TestHistoryIsBounded(t *testing.T) {
	s := newStore(game{Clues: sudokutest.MustParse(unique)})
	for i := range maxHistory + 10 {
		if err := s.Do(action{Kind: actCorner, Cell: 1 + i%2, Digit: uint8(1 + i%9)}); err != nil {
			t.Fatal(err)
		}
	}
	want := s.Game()
	base, actions, pos := s.History()
	if len(actions) != maxHistory || pos != maxHistory {
		t.Fatalf("history of %d at %d, want %d", len(actions), pos, maxHistory)
	}
	n := 0
	for s.Undo() {
		n++
	}
	if g := s.Game(); n != maxHistory || !g.Equal(&base) {
		t.Errorf("undid %d actions to a game equal to the start: %v", n, g.Equal(&base))
	}
	for s.Redo() {
	}
	if g := s.Game(); !g.Equal(&want) {
		t.Error("redo all does not come back")
	}
}

// TestSaveRoundTrip saves a session in the middle of its history (some
// actions undone) through JSON and reads it back: the same game, the same
// history, the same page state.
func TestSaveRoundTrip(t *testing.T) {
	base := game{Clues: sudokutest.MustParse(unique)}
	base.Corner[2] = markOf(7) // marks in the starting point too
	s := newStore(base)
	for _, a := range scriptedGame {
		if err := s.Do(a); err != nil {
			t.Fatal(err)
		}
	}
	s.Undo()
	s.Undo()
	ss := session{store: s, elapsed: 61_500, paused: true, mistakes: true}
	data, err := json.Marshal(toSaved(ss))
	if err != nil {
		t.Fatal(err)
	}
	var back saved
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	got, err := fromSaved(back)
	if err != nil {
		t.Fatalf("fromSaved: %v\n%s", err, data)
	}
	if g, w := got.store.Game(), s.Game(); !g.Equal(&w) {
		t.Error("saved game differs")
	}
	gb, ga, gp := got.store.History()
	_, wa, wp := s.History()
	if gp != wp || len(ga) != len(wa) || !gb.Equal(&base) {
		t.Errorf("history %d actions at %d, want %d at %d", len(ga), gp, len(wa), wp)
	}
	if got.elapsed != 61_500 || !got.paused || !got.mistakes || got.editing {
		t.Errorf("page state %+v", got)
	}
	// The undone actions can still be redone after the reload.
	got.store.Redo()
	got.store.Redo()
	s.Redo()
	s.Redo()
	if g, w := got.store.Game(), s.Game(); !g.Equal(&w) {
		t.Error("redo after reload gives another game")
	}
}

// Saved work of version 1 (before marks and history) still opens.
func TestSaveVersion1Opens(t *testing.T) {
	raw := `{"version":1,"clues":"` + unique + `","entries":".6` + empty[2:] + `","diagonal":true}`
	var s saved
	if err := json.Unmarshal([]byte(raw), &s); err != nil {
		t.Fatal(err)
	}
	ss, err := fromSaved(s)
	if err != nil {
		t.Fatalf("fromSaved(v1): %v", err)
	}
	g := ss.store.Game()
	if g.Clues.String() != unique || g.Entries[1] != 6 || g.Rules() != solver.Diagonal || ss.store.CanUndo() {
		t.Errorf("v1 save read as %+v", g)
	}
}

var badSaves = []string{
	`{"version":2,"clues":"` + unique + `"}`,                                    // v2 without a game
	`{"version":4,"base":{"clues":"` + unique + `","entries":"` + empty + `"}}`, // unknown version
	`{"version":1,"clues":"zzz","entries":"` + empty + `"}`,                     // bad clues
	`{"version":1,"clues":"` + unique + `","entries":"4` + empty[1:] + `"}`,     // entry on a clue
	`{"version":2,"base":{"clues":"` + unique + `","entries":"` + empty + `","variant":"hex"}}`,
	`{"version":2,"base":{"clues":"` + unique + `","entries":"` + empty + `","variant":"standard","corner":[1,2]}}`,
	`{"version":2,"base":{"clues":"` + unique + `","entries":"` + empty + `","variant":"standard"},"actions":[{"k":"place","c":0,"d":5}],"pos":1}`,
	`{"version":2,"base":{"clues":"` + unique + `","entries":"` + empty + `","variant":"standard"},"actions":[{"k":"place","c":1,"d":5}],"pos":2}`,
	`{"version":2,"base":{"clues":"` + unique + `","entries":"` + empty + `","variant":"standard"},"actions":[{"k":"warp"}],"pos":1}`,
	`{"version":2,"base":{"clues":"` + unique + `","entries":"` + empty + `","variant":"standard"},"elapsed_ms":-5}`,
}

func TestBadSavesAreRefused(t *testing.T) {
	for _, raw := range badSaves {
		var s saved
		if err := json.Unmarshal([]byte(raw), &s); err != nil {
			continue // refused already by the JSON decoder
		}
		if ss, err := fromSaved(s); err == nil {
			t.Errorf("fromSaved(%.80s) accepted: %+v", raw, ss.store.Game())
		}
	}
}

func TestMarks(t *testing.T) {
	m := markOf(1) | markOf(7) | markOf(9)
	if !m.Has(7) || m.Has(2) || m.Has(0) || m.Has(10) || m.Len() != 3 || digitsText(m) != "1 7 9" {
		t.Errorf("Marks %09b: Has/Len/digitsText wrong (%q)", m, digitsText(m))
	}
}

func TestCellLabelSaysTheMarks(t *testing.T) {
	for _, c := range []struct {
		cell int
		v    cellView
		want string
	}{
		{1, cellView{Corner: markOf(1) | markOf(2) | markOf(7)}, "row 1, column 2, empty, candidates 1 2 7"},
		{1, cellView{Centre: markOf(4) | markOf(5)}, "row 1, column 2, empty, centre marks 4 5"},
		{9, cellView{Corner: markOf(3), Centre: markOf(8), Colour: 2}, "row 2, column 1, empty, candidates 3, centre marks 8, colour 2"},
	} {
		if got := cellLabel(c.cell, c.v); got != c.want {
			t.Errorf("cellLabel(%d, %+v) = %q, want %q", c.cell, c.v, got, c.want)
		}
	}
}
