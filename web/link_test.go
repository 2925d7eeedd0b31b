package web

import (
	"errors"
	"net/url"
	"strings"
	"sudoku/internal/sudokutest"
	"testing"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"sudoku/solver"
)

// roundTrip writes g as a link and reads it back.
func roundTrip(t *testing.T, g game) (string, game) {
	t.Helper()
	raw := linkQuery(g, true)
	q, err := url.ParseQuery(raw)
	if err != nil {
		t.Fatalf("ParseQuery(%s): %v", raw, err)
	}
	back, err := gameFromQuery(q)
	if err != nil {
		t.Fatalf("gameFromQuery(%s): %v", raw, err)
	}
	return raw, back
}

// Links with marks: sudokuwiki's board string when it can say them, the
// m= form otherwise; both read back to the same game.
func TestLinkWithMarks(t *testing.T) {
	s := newStore(game{Clues: sudokutest.MustParse(unique)})
	s.Do(action{Kind: actPlace, Cell: 1, Digit: 6})
	s.Do(action{Kind: actCandidates})
	s.Do(action{Kind: actCorner, Cell: 2, Digit: 1}) // edited candidates
	g := s.Game()
	if !wikiFits(g) {
		for i := range g.Corner {
			if g.Corner[i].Len() == 1 {
				s.Do(action{Kind: actPlace, Cell: i, Digit: g.Corner[i].Digits()[0]})
			}
		}
		g = s.Game()
	}
	raw, back := roundTrip(t, g)
	if !strings.HasPrefix(raw, "bd=") || len(raw) != 3+162 {
		t.Errorf("candidates only: link %s, want sudokuwiki's 162-character board", raw)
	}
	if !back.Equal(&g) {
		t.Errorf("board-string round trip differs")
	}
	// A centre mark, a colour, a single corner mark and the diagonal rule
	// need the m= form.
	s.Do(action{Kind: actVariant, Name: "diagonal"})
	s.Do(action{Kind: actErase, Cell: 3})
	s.Do(action{Kind: actCorner, Cell: 3, Digit: 9})
	s.Do(action{Kind: actCentre, Cell: 4, Digit: 2})
	s.Do(action{Kind: actColour, Cell: 5, Digit: 7})
	g = s.Game()
	raw, back = roundTrip(t, g)
	if !strings.HasPrefix(raw, "p="+unique+"&v=diagonal&e=") || !strings.Contains(raw, "&m=") {
		t.Errorf("link %s, want p, v, e and m", raw)
	}
	if !back.Equal(&g) {
		t.Errorf("m= round trip differs")
	}
	// Without progress: the puzzle alone.
	if raw := linkQuery(g, false); raw != "p="+unique+"&v=diagonal" {
		t.Errorf("link without progress %s", raw)
	}
}

var badMarks = []struct{ m, want string }{
	{"0", "wrong length"},
	{"99000000", "wrong length"},
	{"8100000", "bad cell"},
	{"xx00000", "bad cell"},
	{"0200000" + "0100000", "bad cell"}, // not increasing
	{"01zz000", "bad marks"},
	{"01g0000", "bad marks"}, // 512: beyond 9 digits
	{"01000a", "wrong length"},
	{"010000x", "bad marks"},
	{"0010000", "filled cell r1c1"},
}

func TestBadMarksInLinks(t *testing.T) {
	for _, c := range badMarks {
		q := url.Values{"p": {unique}, "m": {c.m}}
		if _, err := gameFromQuery(q); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("m=%s: %v, want %q", c.m, err, c.want)
		}
	}
	// A sudokuwiki board string with a bad value.
	if _, err := gameFromQuery(url.Values{"bd": {strings.Repeat("v", 162)}}); err == nil {
		t.Error("bd= with values out of range accepted")
	}
}

// A link too long to share is reported, and the page offers the puzzle
// alone instead.
func TestTooLongLinkIsReported(t *testing.T) {
	defer func(n int) { maxLinkBytes = n }(maxLinkBytes)
	maxLinkBytes = 110
	h := open(t, "/?p="+unique, nil)
	h.keys("ArrowRight", "Ctrl+5")                                                // a centre mark: the m= form, 116 bytes, over 110
	h.do(func(ctx app.Context) { h.root.onUI(ctx, uiEvent{name: "open:share"}) }) // the note is the Share panel's
	h.do(func(ctx app.Context) { h.root.onUI(ctx, uiEvent{name: "copy"}) })
	if !strings.Contains(h.html(), txtLinkTooLong) {
		t.Error("no note about the link being too long")
	}
	if l := h.root.share.link; strings.Contains(l, "m=") || !strings.Contains(l, "p="+unique) {
		t.Errorf("link %s, want the puzzle alone", l)
	}
}

// TestPastePosition: a pasted player's position (any form the one reader
// reads: here S9B and a candidate grid) loads its clues, the player's
// digits and candidates as corner marks, as one undoable action; a note
// naming a variant sets the rules.
func TestPastePosition(t *testing.T) {
	clues := sudokutest.MustParse(unique)
	sol, err := solver.Solve(clues, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	p := solver.Position{Clues: clues, GivensKnown: true, HasCands: true}
	empty := -1
	for c := range 81 {
		if clues[c] == 0 && empty < 0 {
			empty = c
			continue
		}
		if clues[c] == 0 && p.Placed == (solver.Grid{}) {
			p.Placed[c] = sol.Solution[c]
		}
	}
	p.Cands[empty] = 1<<(sol.Solution[empty]-1) | 1<<(sol.Solution[empty]%9)
	h := open(t, "/", nil)
	h.do(func(ctx app.Context) { h.root.loadText(ctx, p.Text(solver.FormatS9B), nil) })
	g := h.game()
	want := game{Clues: clues, Entries: p.Placed}
	want.Corner[empty] = marks(p.Cands[empty])
	if !g.Equal(&want) || g.Rules() != solver.Standard {
		t.Fatalf("pasted S9B loaded clues %s entries %s, r?c? marks %v; want %s %s %v",
			g.Clues, g.Entries, g.Corner[empty], want.Clues, want.Entries, want.Corner[empty])
	}
	if !h.root.store.CanUndo() {
		t.Error("the paste cannot be undone")
	}
	// A candidate grid of the same position: the digits become clues.
	h.do(func(ctx app.Context) { h.root.loadText(ctx, p.Text(solver.FormatCandidates), nil) })
	if g := h.game(); g.Clues != p.Filled() || g.Corner[empty] != marks(p.Cands[empty]) {
		t.Errorf("pasted candidate grid: clues %s, marks %v", g.Clues, g.Corner[empty])
	}
	// A corpus line whose note names the variant.
	h.do(func(ctx app.Context) { h.root.loadText(ctx, unique+":1:diagonal", nil) })
	if g := h.game(); g.Clues != clues || g.Rules() != solver.Diagonal {
		t.Errorf("pasted %s:1:diagonal: clues %s, rules %s", unique, g.Clues, g.Rules().Name)
	}
	// A digit on a clue (which no text form can say) is refused.
	bad := p
	for c := range 81 {
		if clues[c] != 0 {
			bad.Placed[c] = clues[c]%9 + 1
			break
		}
	}
	if _, err := gameFromPosition(bad); err == nil || !strings.Contains(err.Error(), "a digit on the clue") {
		t.Errorf("gameFromPosition with a digit on a clue: %v", err)
	}
}

// TestLoadActionText: the text a loading action carries reads back to the
// game it describes; anything else is a bad action.
func TestLoadActionText(t *testing.T) {
	p := solver.Position{Clues: sudokutest.MustParse(unique), GivensKnown: true}
	if got := positionText(p); got != unique {
		t.Errorf("positionText(puzzle) = %q, want the 81 clues", got)
	}
	p.HasCands = true
	p.Cands[1] = 0b101
	g, err := gameFromText(positionText(p))
	if err != nil || g.Clues != p.Clues || g.Corner[1] != marks(0b101) {
		t.Errorf("gameFromText(S9B) = %+v, %v", g, err)
	}
	for _, s := range []string{"", unique[:80], "S9B12", "hello"} {
		if _, err := gameFromText(s); !errors.Is(err, errBadAction) {
			t.Errorf("gameFromText(%q) = %v, want errBadAction", s, err)
		}
	}
}
