package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"sudoku/internal/lzstring"
	"sudoku/solver"
	"sudoku/web/worker"
)

// variantFiles returns every f-puzzles file of testdata/variants by name.
func variantFiles(t *testing.T) map[string]string {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join("..", "testdata", "variants", "*.json"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no variant files: %v", err)
	}
	out := map[string]string{}
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		out[filepath.Base(p)] = string(b)
	}
	return out
}

// openVariant opens the classic puzzle, then pastes a variant file into
// the page; it returns the harness, the classic game it replaced and the
// puzzle as the solver reads it.
func openVariant(t *testing.T, text string) (*harness, game, *solver.Puzzle) {
	t.Helper()
	p, err := solver.ParseFPuzzles(text, "")
	if err != nil {
		t.Fatal(err)
	}
	h := open(t, "/?p="+unique, nil)
	before := h.game()
	var ok bool
	h.do(func(ctx app.Context) { h.root.loadText(ctx, text, func(app.Context) { ok = true }) })
	if !ok {
		t.Fatalf("loadText refused the file: %s", h.text("message"))
	}
	return h, before, p
}

// TestVariantFilesRoundTrip opens every puzzle of testdata/variants in the
// page, solves it under its rules, plays a few digits and marks, and
// checks that the share link, the f-puzzles link, the saved work and undo
// each give the same game back.
func TestVariantFilesRoundTrip(t *testing.T) {
	for name, text := range variantFiles(t) {
		t.Run(name, func(t *testing.T) {
			h, before, p := openVariant(t, text)
			g := h.game()
			if g.Custom == nil || g.size() != p.Rules.Size {
				t.Fatalf("loaded as size %d, custom %v; want %d", g.size(), g.Custom != nil, p.Rules.Size)
			}
			if !sameRules(g.Custom, p.Rules) {
				t.Error("the game's rules differ from the file's")
			}
			for c := range 81 {
				want := uint8(0)
				if c < len(p.Givens) {
					want = p.Givens[c]
				}
				if g.Clues[c] != want {
					t.Fatalf("clue %d = %d, want %d", c, g.Clues[c], want)
				}
			}
			if h.root.editing {
				t.Error("an opened variant puzzle is in clue editing")
			}
			if g.Title != p.Title || g.Author != p.Author || (p.Title != "" && !strings.Contains(h.html(), p.Title)) {
				t.Errorf("title %q by %q, want %q by %q, shown", g.Title, g.Author, p.Title, p.Author)
			}
			// The game's rules and givens solve to the setter's solution
			// (unbounded here), and the page's solution, from the engine's
			// worker within the Solve budget, agrees unless that budget ran
			// out (a wall-clock limit: on a loaded machine the hardest file
			// may pass it, and the page then says so).
			rr, err := g.Custom.Solve(g.Clues[:g.cells()], solver.Options{Limit: 2})
			if err != nil || rr.Count != 1 {
				t.Fatalf("solve: count %d, %v", rr.Count, err)
			}
			if p.Solution != nil && string(rr.Solution) != string(p.Solution) {
				t.Errorf("solution %v, want the setter's %v", rr.Solution, p.Solution)
			}
			var res solver.Result
			copy(res.Solution[:], rr.Solution)
			h.do(func(ctx app.Context) { h.root.whenSolved(ctx, func(app.Context) {}) })
			switch s := h.root.view.sol; {
			case errors.Is(s.err, solver.ErrBudget):
				t.Logf("the page's solve ran out of its budget: %v", s.err)
			case s.err != nil || s.res.Count != 1 || s.res.Solution != res.Solution:
				t.Errorf("the page's solve: count %d, %v", s.res.Count, s.err)
			}
			// Play: three right digits, a corner mark, a centre mark, a colour.
			var empties []int
			for c := range g.cells() {
				if g.Clues[c] == 0 {
					empties = append(empties, c)
				}
			}
			for _, c := range empties[:3] {
				h.do(func(ctx app.Context) {
					h.root.do(ctx, action{Kind: actPlace, Cell: c, Digit: res.Solution[c], Keep: true})
				})
			}
			last := empties[len(empties)-1]
			for _, a := range []action{{Kind: actCorner, Cell: last, Digit: 1}, {Kind: actCentre, Cell: last, Digit: 2}, {Kind: actColour, Cell: last, Digit: 9}} {
				h.do(func(ctx app.Context) { h.root.do(ctx, a) })
			}
			g = h.game()
			if g.Entries.Clues() != 3 || !g.HasMarks() {
				t.Fatalf("play did not take: %d entries, marks %v", g.Entries.Clues(), g.HasMarks())
			}

			// The share link, with progress and without.
			for _, progress := range []bool{true, false} {
				q := linkQuery(g, progress)
				if !strings.HasPrefix(q, "load=") {
					t.Fatalf("link query %q does not start with load=", q)
				}
				vals, err := url.ParseQuery(q)
				if err != nil {
					t.Fatal(err)
				}
				back, err := gameFromQuery(vals)
				if err != nil {
					t.Fatalf("gameFromQuery(%q): %v", q, err)
				}
				want := g
				if !progress {
					want = game{Clues: g.Clues, Custom: g.Custom, Title: g.Title, Author: g.Author, Solution: g.Solution}
				}
				if !back.Equal(&want) {
					t.Errorf("link (progress %v) gave another game", progress)
				}
			}
			// The address bar holds the game: a fresh page opens it.
			h2 := open(t, "/?"+h.query().Encode(), nil)
			if g2 := h2.game(); !g2.Equal(&g) {
				t.Errorf("a fresh page on the address bar's link has another game")
			}
			// The same data on f-puzzles' host, as f-puzzles and SudokuPad take it.
			fp, err := solver.ParseFPuzzles("https://f-puzzles.com/?"+linkQuery(g, false), "")
			if err != nil {
				t.Fatalf("the link on f-puzzles' host: %v", err)
			}
			if !sameRules(fp.Rules, g.Custom) || string(fp.Givens) != string(g.Clues[:g.cells()]) || fp.Title != p.Title || fp.Author != p.Author {
				t.Error("the link on f-puzzles' host reads as another puzzle")
			}

			// Saved work, through JSON, as local storage keeps it.
			b, err := json.Marshal(toSaved(session{store: h.root.store}))
			if err != nil {
				t.Fatal(err)
			}
			var s saved
			if err := json.Unmarshal(b, &s); err != nil {
				t.Fatal(err)
			}
			if s.Version != 3 {
				t.Errorf("saved as version %d", s.Version)
			}
			ss, err := fromSaved(s)
			if err != nil {
				t.Fatalf("fromSaved: %v", err)
			}
			if g2 := ss.store.Game(); !g2.Equal(&g) {
				t.Error("saved work reads back as another game")
			}
			// Its history undoes to the classic game the load replaced.
			for ss.store.Undo() {
			}
			if g2 := ss.store.Game(); !g2.Equal(&before) {
				t.Error("the saved history does not undo to the game before the load")
			}
			// And in the page: undo everything, then redo it all.
			for h.root.store.CanUndo() {
				h.do(h.root.undo)
			}
			if g2 := h.game(); !g2.Equal(&before) || g2.Custom != nil {
				t.Error("undo does not give the classic game back")
			}
			for h.root.store.CanRedo() {
				h.do(h.root.redo)
			}
			if g2 := h.game(); !g2.Equal(&g) {
				t.Error("redo does not give the variant game back")
			}
		})
	}
}

// badVariants are f-puzzles inputs the page must refuse, each with a word
// of the message it must show.
var badVariants = []struct{ name, text, want string }{
	{"malformed JSON", `{"size": 9, "grid": [[{"value": 1}`, "malformed JSON"},
	{"bad lz-string", "https://f-puzzles.com/?load=N4Ig@@@@", "bad character"},
	{"bad lz-string end", "?load=N4IgzglgXgpiBcBOANCA", "cannot be opened"},
	{"bad escape", "https://f-puzzles.com/?load=N4Ig%zz", "bad link"},
	{"unknown constraints", "", "xsum"},
	{"regions that do not tile", "", "region 1 has 8 cells"},
	{"impossible cage", "", "cage"},
	{"cell outside", "", "outside"},
	{"SudokuPad's own format", "https://sudokupad.app/scl/abcdef", "own format (scl): export the puzzle to f-puzzles"},
}

// badVariantText builds the bad inputs that start from a good file.
func badVariantText(t *testing.T, name string) string {
	t.Helper()
	var base map[string]any
	if err := json.Unmarshal([]byte(variantFiles(t)["killer-uk2022.json"]), &base); err != nil {
		t.Fatal(err)
	}
	switch name {
	case "unknown constraints":
		base["xsum"] = []any{map[string]any{"cell": "R0C1", "value": "12"}}
		base["clock"] = []any{map[string]any{"cells": []any{"R1C1"}}}
	case "regions that do not tile":
		grid := base["grid"].([]any)
		grid[0].([]any)[0].(map[string]any)["region"] = 4
	case "impossible cage":
		cages := base["killercage"].([]any)
		cages[0].(map[string]any)["value"] = "2"
	case "cell outside":
		cages := base["killercage"].([]any)
		cages[0].(map[string]any)["cells"] = []any{"R1C1", "R10C1"}
	}
	b, err := json.Marshal(base)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestVariantBadInputKeepsTheGame pastes bad f-puzzles data: the page says
// what is wrong (naming unsupported rules) and the game, its history and
// the address bar stay as they were.
func TestVariantBadInputKeepsTheGame(t *testing.T) {
	for _, c := range badVariants {
		t.Run(c.name, func(t *testing.T) {
			text := c.text
			if text == "" {
				text = badVariantText(t, c.name)
			}
			h := open(t, "/?p="+unique, nil)
			h.keys("ArrowRight", "6") // some work to lose
			before, q := h.game(), h.query().Encode()
			_, actions, _ := h.root.store.History()
			var ok bool
			h.do(func(ctx app.Context) { h.root.loadText(ctx, text, func(app.Context) { ok = true }) })
			if ok {
				t.Fatal("the bad input was taken")
			}
			msg := h.text("message")
			if !strings.Contains(msg, c.want) || !strings.Contains(msg, "Your game is unchanged") {
				t.Errorf("message %q, want it to say %q and that the game is unchanged", msg, c.want)
			}
			_, after, _ := h.root.store.History()
			if g := h.game(); !g.Equal(&before) || len(after) != len(actions) || h.query().Encode() != q {
				t.Error("the bad input changed the game, its history or the link")
			}
		})
	}
	t.Run("unsupported named", func(t *testing.T) {
		h := open(t, "/", nil)
		h.do(func(ctx app.Context) { h.root.loadText(ctx, badVariantText(t, "unknown constraints"), nil) })
		if msg := h.text("message"); !strings.Contains(msg, "clock") || !strings.Contains(msg, "xsum") || !strings.Contains(msg, "does not support") {
			t.Errorf("message %q does not name both unsupported rules", msg)
		}
	})
}

// TestVariantBadLinks opens broken ?load= links: an empty board and a
// message, and saved work is not overwritten.
func TestVariantBadLinks(t *testing.T) {
	for _, q := range []string{
		"load=N4Ig@@@@",
		"load=" + url.QueryEscape(lzstring.CompressToBase64(`{"size":9,"grid":`)),
		"load=" + url.QueryEscape(lzstring.CompressToBase64(badVariantText(t, "unknown constraints"))),
		"load=" + url.QueryEscape(lzstring.CompressToBase64(variantFiles(t)["thermo-6x6-wsc2022.json"])) + "&e=7" + strings.Repeat(".", 35),
		"load=" + url.QueryEscape(lzstring.CompressToBase64(variantFiles(t)["thermo-6x6-wsc2022.json"])) + "&e=" + strings.Repeat(".", 81),
		"load=" + url.QueryEscape(lzstring.CompressToBase64(variantFiles(t)["thermo-6x6-wsc2022.json"])) + "&m=3610000",
		"load=" + strings.Repeat("A", maxLoadBytes+1),
	} {
		h := open(t, "/?"+q, nil)
		if g := h.game(); g.Custom != nil || g.Clues.Clues() != 0 {
			t.Errorf("%.60s: a game was loaded", q)
		}
		if msg := h.text("message"); !strings.Contains(msg, "cannot be opened") {
			t.Errorf("%.60s: message %q", q, msg)
		}
	}
}

// TestVariantSavesRefuseDamage: saved work whose rules cannot be read, or
// with digits outside its grid, is refused whole.
func TestVariantSavesRefuseDamage(t *testing.T) {
	h, _, _ := openVariant(t, variantFiles(t)["thermo-6x6-wsc2022.json"])
	good := toSaved(session{store: h.root.store})
	b, _ := json.Marshal(good)
	for name, edit := range map[string]func(s *saved){
		"rules unreadable": func(s *saved) { s.Base.Rules = json.RawMessage(`{"size":3}`) },
		"unknown kind":     func(s *saved) { s.Base.Rules = json.RawMessage(`{"size":6,"constraints":[{"kind":"xsum"}]}`) },
		"clue outside": func(s *saved) {
			s.Base.Rules = json.RawMessage(`{"size":6}`)
			s.Base.Clues = "." + strings.Repeat(".", 78) + "12"
		},
		"rules in version 2": func(s *saved) {
			s.Version = 2
			s.Base.Rules = json.RawMessage(`{"size":6}`)
		},
		"bad load action": func(s *saved) { s.Actions[len(s.Actions)-1].Rules = `{"size":6,"regions":[[0]]}` },
	} {
		var s saved
		if err := json.Unmarshal(b, &s); err != nil {
			t.Fatal(err)
		}
		if s.Base.Rules == nil {
			s.Base.Rules = json.RawMessage(`{"size":6}`)
		}
		edit(&s)
		if _, err := fromSaved(s); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

// TestVariantCellNames: each cell's accessible name says its row and
// column on the puzzle's own grid and the constraints it is part of.
func TestVariantCellNames(t *testing.T) {
	files := variantFiles(t)
	for _, c := range []struct {
		file string
		cell int
		want string
	}{
		{"thermo-6x6-wsc2022.json", 0, "row 1, column 1, empty, the bulb of a thermometer of 6"},
		{"thermo-6x6-wsc2022.json", 2, "row 1, column 3, empty, on a thermometer, third from the bulb"},
		{"thermo-6x6-wsc2022.json", 6, "row 2, column 1, 4"},
		{"killer-uk2022.json", 11, "row 2, column 3, empty, in a cage of 3 summing to 22"},
		{"arrow-gp2023r7-ib.json", 0, "row 1, column 1, empty, in an arrow's circle: the sum of r1c3, r1c4"},
		{"arrow-gp2023r7-ib.json", 3, "row 1, column 4, empty, on an arrow, second from the circle"},
		{"irregular-kropki-6x6-wsc2022.json", 0, "row 1, column 1, empty, region 1; a white dot with r1c2"},
		{"indexer159-between-lm0007IX.json", 13, "row 2, column 5, empty, a column indexer: its digit is the column of row 2 that holds 5"},
		{"gen-rowindexer.json", 38, "row 5, column 3, empty, a row indexer: its digit is the row of column 3 that holds 5"},
		{"gen-boxindexer-6x6.json", 15, "row 3, column 4, empty, a box indexer: its digit is the place in its box, in reading order, that holds 1"},
	} {
		h, _, _ := openVariant(t, files[c.file])
		if got := h.label(c.cell); got != c.want {
			t.Errorf("%s cell %d: name %q, want %q", c.file, c.cell, got, c.want)
		}
	}
}

// TestVariantPlayToTheEnd plays a 6x6 thermo by keys to the end with hints
// on the way: digits above 6 are refused with a sentence, a wrong digit is
// pointed out, the logic engine's step (a thermometer's) is marked without
// changing the game, the fallback reveals a digit from the solution and
// says so (undo takes it back), and the last digit completes the puzzle.
func TestVariantPlayToTheEnd(t *testing.T) {
	h, _, p := openVariant(t, variantFiles(t)["thermo-6x6-wsc2022.json"])
	if n := len(regexp.MustCompile(`id="key-[0-9]"`).FindAllString(h.html(), -1)); n != 7 { // 1-6 and erase
		t.Errorf("%d keypad keys, want 7", n)
	}
	if !strings.Contains(h.html(), `id="rules-overlay"`) || !strings.Contains(h.html(), `data-k="thermo"`) {
		t.Error("the thermometers are not drawn")
	}
	if !strings.Contains(h.text("message"), "6x6 variant puzzle") {
		t.Errorf("open message %q", h.text("message"))
	}
	h.keys("7")
	if msg := h.text("message"); !strings.Contains(msg, "digits 1 to 6") {
		t.Errorf("digit 7: message %q", msg)
	}
	// A wrong digit first: the hint points it out.
	wrongDigit := p.Solution[0]%6 + 1
	h.keys(string('0' + wrongDigit))
	h.do(h.root.hint)
	if msg, want := h.text("message"), fmt.Sprintf("r1c1 is not %d", wrongDigit); !strings.Contains(msg, want) {
		t.Errorf("hint on a wrong digit: %q, want %q", msg, want)
	}
	h.keys("Backspace")
	// The logic engine's next step, marked on the board.
	before := h.game()
	h.do(h.root.hint)
	if msg := h.text("message"); !strings.HasPrefix(msg, "Hint (Constraint): ") || !strings.Contains(msg, "thermometer") {
		t.Errorf("hint: message %q", msg)
	}
	if !strings.Contains(h.html(), "hint-target") {
		t.Error("the hint's cells are not marked")
	}
	if g := h.game(); !g.Equal(&before) {
		t.Error("a logical hint changed the game")
	}
	// The fallback when logic finds nothing: a digit revealed, said so.
	h.keys("ArrowRight")
	h.do(func(ctx app.Context) { g := h.game(); h.root.variantHint(ctx, &g) })
	if g := h.game(); g.Entries[1] != p.Solution[1] || !strings.Contains(h.text("message"), "revealed from the solution") {
		t.Errorf("fallback hint: r1c2 = %d (want %d), message %q", g.Entries[1], p.Solution[1], h.text("message"))
	}
	h.keys("Ctrl+z")
	if g := h.game(); g.Entries[1] != 0 {
		t.Error("undo does not take the revealed digit back")
	}
	h.keys("Ctrl+Home")
	// Type the rest, cell by cell with the arrow keys.
	h.keys("Ctrl+Home")
	for r := range 6 {
		h.keys("Home")
		for c := range 6 {
			i := r*6 + c
			if h.root.selected != i {
				t.Fatalf("selection at %d, want %d", h.root.selected, i)
			}
			if p.Givens[i] == 0 && h.game().Entries[i] == 0 {
				h.keys(string('0' + p.Solution[i]))
			}
			if c < 5 {
				h.keys("ArrowRight")
			}
		}
		h.keys("ArrowDown")
	}
	if !h.root.view.complete || !strings.Contains(h.text("message"), "the puzzle is complete") {
		t.Errorf("not complete: %q", h.text("message"))
	}
}

// TestVariantRulesInWords lists the rules under the board, one sentence each.
func TestVariantRulesInWords(t *testing.T) {
	h, _, p := openVariant(t, variantFiles(t)["killer-uk2022.json"])
	html := h.html()
	for _, s := range p.Rules.Describe() {
		if !strings.Contains(html, "<li>"+s+"</li>") {
			t.Errorf("rule %q not listed", s)
		}
	}
	before := h.game()
	// Choosing the standard rules drops the puzzle's own (undoable).
	h.do(func(ctx app.Context) { h.root.onUI(ctx, uiEvent{name: "variant", value: "standard"}) })
	if g := h.game(); g.Custom != nil {
		t.Error("the standard rules did not replace the puzzle's")
	}
	h.do(h.root.undo)
	if g := h.game(); !g.Equal(&before) {
		t.Error("undo does not give the puzzle's rules back")
	}
}

// TestVariantExplain explains a 6x6 thermo from its clues and from a
// position with digits: every step applied in turn on the game's cells
// reaches the setter's solution, the steps name the thermometers, the
// grade is the puzzle's, and each step drawn shows the position before it
// on the game's cells (the clues, the step's placements and removals).
func TestVariantExplain(t *testing.T) {
	h, _, p := openVariant(t, variantFiles(t)["thermo-6x6-wsc2022.json"])
	before := h.game()
	h.explainNow(false)
	ex := &h.root.explain
	if len(ex.steps) == 0 {
		t.Fatalf("no steps: %q", ex.msg)
	}
	if !strings.Contains(ex.grade, "steps from the clues") {
		t.Errorf("grade %q", ex.grade)
	}
	thermo := false
	var board [36]uint8
	copy(board[:], p.Givens)
	for i, st := range ex.steps {
		thermo = thermo || strings.Contains(st.Text, "thermometer")
		placements, err1 := worker.DecodeCandidates(st.Placements)
		eliminations, err2 := worker.DecodeCandidates(st.Eliminations)
		if err1 != nil || err2 != nil {
			t.Fatalf("step %d: %v, %v", i+1, err1, err2)
		}
		for _, c := range placements {
			if c.Cell < 0 || c.Cell >= 36 || uint8(c.Digit) != p.Solution[c.Cell] {
				t.Fatalf("step %d places %d in cell %d: the solution has %d", i+1, c.Digit, c.Cell, p.Solution[c.Cell])
			}
			board[c.Cell] = uint8(c.Digit)
		}
		for _, c := range eliminations {
			if c.Cell < 0 || c.Cell >= 36 || uint8(c.Digit) == p.Solution[c.Cell] {
				t.Fatalf("step %d removes %d from cell %d, the solution's digit", i+1, c.Digit, c.Cell)
			}
		}
		// Drawn: the step's cells on the board, the position before it.
		h.do(func(ctx app.Context) { h.root.explain.selectStep(ctx, i) })
		cv := h.root.cellViews()
		for _, c := range placements {
			if !cv[c.Cell].HintPlace.Has(uint8(c.Digit)) {
				t.Fatalf("step %d: placement %v not drawn", i+1, c)
			}
		}
		for c := range 36 {
			if p.Givens[c] != 0 && cv[c].Digit != p.Givens[c] {
				t.Fatalf("step %d: clue %d drawn as %d", i+1, c, cv[c].Digit)
			}
		}
	}
	if string(board[:]) != string(p.Solution) {
		t.Errorf("the steps reach %v, want %v", board, p.Solution)
	}
	if !thermo {
		t.Error("no step names a thermometer")
	}
	if g := h.game(); !g.Equal(&before) {
		t.Error("Explain changed the game")
	}
	// From a position with digits (three right, then one wrong).
	h.do(func(ctx app.Context) { h.root.onUI(ctx, uiEvent{name: "explain"}) }) // close
	empties := 0
	for c := 0; c < 36 && empties < 3; c++ {
		if p.Givens[c] == 0 {
			h.do(func(ctx app.Context) { h.root.do(ctx, action{Kind: actPlace, Cell: c, Digit: p.Solution[c]}) })
			empties++
		}
	}
	h.explainNow(false)
	if len(ex.steps) == 0 || ex.grade == "" {
		t.Fatalf("from a position: %d steps, grade %q, %q", len(ex.steps), ex.grade, ex.msg)
	}
	h.do(func(ctx app.Context) { h.root.onUI(ctx, uiEvent{name: "explain"}) })
	last := 35
	for p.Givens[last] != 0 {
		last--
	}
	h.do(func(ctx app.Context) {
		h.root.do(ctx, action{Kind: actPlace, Cell: last, Digit: p.Solution[last]%6 + 1})
	})
	h.explainNow(false)
	if len(ex.steps) != 0 || !strings.Contains(ex.msg, "mistakes") || !h.root.marks.wrong[last] {
		t.Errorf("a wrong digit: %d steps, %q, marked %v", len(ex.steps), ex.msg, h.root.marks.wrong[last])
	}
}

// TestVariantLinkCarriesSolution: a variant puzzle opened with its
// setter's solution shares it: the link's f-puzzles JSON holds the
// "solution", the receiver's game has it, and the mistake check uses it
// before the engine's count is in (not once the clues no longer fit it). A
// saved game with a solution that breaks the rules is refused.
func TestVariantLinkCarriesSolution(t *testing.T) {
	h, _, p := openVariant(t, variantFiles(t)["killer-uk2022.json"])
	g := h.game()
	n := g.cells()
	if string(g.Solution[:n]) != string(p.Solution) {
		t.Fatalf("the game's solution %v, the file's %v", g.Solution[:n], p.Solution)
	}
	q, err := url.ParseQuery(linkQuery(g, true))
	if err != nil {
		t.Fatal(err)
	}
	js, err := lzstring.DecompressFromBase64(q.Get(paramLoad))
	if err != nil {
		t.Fatal(err)
	}
	var data struct {
		Solution []int `json:"solution"`
	}
	if err := json.Unmarshal([]byte(js), &data); err != nil || len(data.Solution) != n {
		t.Fatalf("the link's JSON has %d solution digits (%v), want %d", len(data.Solution), err, n)
	}
	back, err := gameFromQuery(q)
	if err != nil || back.Solution != g.Solution {
		t.Fatalf("the receiver's game: %v, solution %v", err, back.Solution)
	}
	var s solution
	s.follow(&back)
	if sol, ok := s.unique(); !ok || sol != g.Solution {
		t.Errorf("before the count, the mistake check's solution is %v, %v; want the setter's", sol, ok)
	}
	edited := back
	for c := range n {
		if edited.Clues[c] == 0 {
			edited.Clues[c] = p.Solution[c]%uint8(n) + 1 // a clue the setter's solution does not have
			break
		}
	}
	s.follow(&edited)
	if _, ok := s.unique(); ok {
		t.Error("the setter's solution is used for clues it does not solve")
	}
	saved := toSavedGame(g)
	if saved.Solution == "" {
		t.Fatal("the save does not carry the solution")
	}
	if back, err := fromSavedGame(*saved); err != nil || back.Solution != g.Solution {
		t.Errorf("the save reads back as %v, %v", back.Solution, err)
	}
	bad := []byte(saved.Solution)
	bad[0], bad[1] = bad[1], bad[0]
	saved.Solution = string(bad)
	if _, err := fromSavedGame(*saved); err == nil || !strings.Contains(err.Error(), "setter's solution") {
		t.Errorf("a save with a wrong solution: %v", err)
	}
}
