package web

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"sudoku/solver"
)

// serg is a puzzle of serg's benchmark with several solutions.
const serg = "8.........95.......76.........426798...571243...893165......916....3.487....1.532"

// TestTrueCandidatesFillCornerMarks: True candidates puts in every empty
// cell's corner marks the digits of its solutions, as one action that undo
// takes back and that the saved history keeps; the player's digits narrow
// them; asking again changes nothing.
func TestTrueCandidatesFillCornerMarks(t *testing.T) {
	h := open(t, "/?p="+serg, nil)
	h.do(h.root.trueCandidates)
	want, err := solver.TrueCandidates(h.game().Clues, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	two := -1
	g := h.game()
	for i := range 81 {
		w := marks(want[i])
		if g.Clues[i] != 0 {
			w = 0
		}
		if g.Corner[i] != w {
			t.Fatalf("%s: corner marks %v, want the true candidates %v", solver.CellName(i), g.Corner[i].Digits(), w.Digits())
		}
		if w.Len() == 2 && two < 0 {
			two = i
		}
	}
	if msg := h.text("message"); !strings.HasPrefix(msg, "True candidates shown") {
		t.Errorf("message %q", msg)
	}
	if two < 0 {
		t.Fatal("no cell with two true candidates: the puzzle has several solutions")
	}
	h.do(h.root.trueCandidates)
	if msg := h.text("message"); !strings.Contains(msg, "already") {
		t.Errorf("asked twice: message %q", msg)
	}

	// The player's digit in a cell with two: the others follow it.
	d := g.Corner[two].Digits()[0]
	h.do(func(ctx app.Context) { h.root.onSelect(ctx, two) })
	h.keys(string('0' + d))
	h.do(h.root.trueCandidates)
	narrowed := h.game().Clues
	narrowed[two] = d
	wantPlaced, _ := solver.TrueCandidates(narrowed, solver.Options{})
	changed := false
	for i := range 81 {
		if narrowed[i] == 0 {
			if got := h.game().Corner[i]; got != marks(wantPlaced[i]) {
				t.Fatalf("after %d at %s: %s has %v, want %v", d, solver.CellName(two), solver.CellName(i), got.Digits(), marks(wantPlaced[i]).Digits())
			}
			changed = changed || wantPlaced[i] != want[i]
		}
	}
	if !changed {
		t.Errorf("the digit %d at %s narrowed no other cell", d, solver.CellName(two))
	}

	// Undo takes the marks back (then the digit, then the first marks),
	// and the saved history keeps the actions.
	h.keys("Ctrl+z", "Ctrl+z")
	if got := h.game().Corner[0+1]; got != marks(want[1]) {
		t.Errorf("undo: r1c2 %v, want the first marks %v", got.Digits(), marks(want[1]).Digits())
	}
	h.keys("Ctrl+y", "Ctrl+y")
	var s saved
	h.disp.Context().LocalStorage().Get(storageKey, &s)
	h2 := open(t, "/?"+h.disp.Context().Page().URL().RawQuery, func(ctx app.Context) { ctx.LocalStorage().Set(storageKey, s) })
	if g2, g := h2.game(), h.game(); !g2.Equal(&g) {
		t.Fatal("reloaded game differs")
	}
	h2.keys("Ctrl+z", "Ctrl+z")
	if got := h2.game().Corner[1]; got != marks(want[1]) {
		t.Errorf("undo after reload: r1c2 %v, want %v", got.Digits(), marks(want[1]).Digits())
	}
}

// TestTrueCandidatesExplainNone: no marks change when the player's digits
// leave no solution, the clues clash (with or without the player's digits
// on the board), there is no solution, or the board is full; the message
// says which.
func TestTrueCandidatesExplainNone(t *testing.T) {
	for _, c := range []struct {
		name, puzzle string
		keys         []string
		want         string
	}{
		{"a wrong digit", unique, []string{"ArrowRight", "9"}, "your digits"}, // r1c2 is 1
		{"clashing clues", conflicting, nil, "the clues clash: "},
		// The player's digit in r1c3 is fine: the message names the clues.
		{"clashing clues and a digit", conflicting, []string{"ArrowRight", "ArrowRight", "1"}, "the clues clash: digit 5 appears twice in row 1: r1c1 and r1c2."},
		{"no solution", noSolution, nil, "no solution"},
	} {
		h := open(t, "/?p="+c.puzzle, nil)
		h.keys(c.keys...)
		before := h.game()
		h.do(h.root.trueCandidates)
		if msg := h.text("message"); !strings.Contains(msg, c.want) || !strings.HasPrefix(msg, "No true candidates") {
			t.Errorf("%s: message %q, want %q", c.name, msg, c.want)
		}
		if g := h.game(); !g.Equal(&before) {
			t.Errorf("%s: the game changed", c.name)
		}
	}
	h := open(t, "/?p="+unique, nil)
	h.do(h.root.solve)
	h.do(h.root.trueCandidates)
	if msg := h.text("message"); msg != txtNoCandidates {
		t.Errorf("full board: message %q", msg)
	}
}

// TestTrueCandidatesVariant: a 6x6 thermometer puzzle without its givens, under its own rules: the marks are the rules engine's true
// candidates, cell by cell of the 6x6 grid.
func TestTrueCandidatesVariant(t *testing.T) {
	p, err := solver.ParseFPuzzles(variantFiles(t)["thermo-6x6-wsc2022.json"], "")
	if err != nil {
		t.Fatal(err)
	}
	p.Givens = make([]uint8, len(p.Givens))
	p.Solution = nil
	js, err := p.FPuzzlesJSON()
	if err != nil {
		t.Fatal(err)
	}
	h, _, _ := openVariant(t, string(js))
	want, err := p.Rules.TrueCandidates(p.Givens, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// Thermometers make a puzzle without clues: no "Empty board" here.
	if got := h.text("count"); got != "Several solutions." {
		t.Errorf("count %q for thermometers without givens, want several solutions", got)
	}
	h.do(h.root.trueCandidates)
	several := false
	for i, w := range want {
		if got := h.game().Corner[i]; got != marks(w) {
			t.Fatalf("%s: %v, want %v (%s)", p.Rules.CellName(i), got.Digits(), marks(w).Digits(), h.text("message"))
		}
		several = several || marks(w).Len() > 1
	}
	if !several {
		t.Error("without givens every cell has one true candidate: the test shows nothing")
	}
	for i := len(want); i < 81; i++ {
		if h.game().Corner[i] != 0 {
			t.Fatalf("a mark outside the 6x6 grid at %d", i)
		}
	}
}
