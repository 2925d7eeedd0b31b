package web

import (
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"sudoku/solver"
)

// label returns the accessible name of a cell as rendered.
func (h *harness) label(i int) string {
	h.t.Helper()
	return h.attr(cellID(i), "aria-label")
}

// TestPencilMarksByKeys plays SudokuPad's keys: Shift+digit a corner mark,
// Ctrl+digit a centre mark, X/C/Z the modes; the cell's name says the marks
// and a placed digit removes them from its peers.
func TestPencilMarksByKeys(t *testing.T) {
	h := open(t, "/?p="+unique, nil)
	h.keys("ArrowRight", "Shift+1", "Shift+2", "Shift+7", "Ctrl+5")
	if got, want := h.label(1), "row 1, column 2, empty, candidates 1 2 7, centre marks 5"; got != want {
		t.Errorf("label %q, want %q", got, want)
	}
	if got, want := h.text("announce"), "row 1, column 2, empty, candidates 1 2 7, centre marks 5"; got != want {
		t.Errorf("live region says %q, want %q", got, want)
	}
	html := h.html()
	for _, want := range []string{`class="m m1"`, `class="m m2"`, `class="m m7"`, `class="centre"`} {
		if !strings.Contains(html, want) {
			t.Errorf("r1c2 lacks %s", want)
		}
	}
	// The corner mode makes plain digits corner marks; Z goes back.
	h.keys("ArrowRight", "x", "9", "1")
	if got := h.game().Corner[2]; got != markOf(1)|markOf(9) {
		t.Errorf("corner mode: r1c3 marks %v", got.Digits())
	}
	h.keys("z", "Shift+1") // Shift still makes a corner mark in normal mode
	if got := h.game().Corner[2]; got != markOf(9) {
		t.Errorf("Shift+1 did not toggle 1 off: %v", got.Digits())
	}
	h.keys("c", "3", "z")
	if got := h.game().Centre[2]; got != markOf(3) {
		t.Errorf("centre mode: r1c3 centre marks %v", got.Digits())
	}
	// Placing 1 in r1c2 removes 1 from the marks of r1c3? No: r1c3's 1 is
	// already gone; place 9 in r1c2 instead and 9 leaves r1c3's corner.
	h.keys("ArrowLeft", "9")
	if g := h.game(); g.Corner[2] != 0 || g.Corner[1] != 0 || g.Centre[1] != 0 {
		t.Errorf("after placing 9 in r1c2: r1c2 marks %v/%v, r1c3 corner %v", g.Corner[1].Digits(), g.Centre[1].Digits(), g.Corner[2].Digits())
	}
	if got := h.label(1); got != "row 1, column 2, 9" {
		t.Errorf("label %q after placing", got)
	}
	// Colour mode.
	h.keys("ArrowRight", "v", "4", "z")
	if class, _ := h.cell(2); !hasClass(class, "colour-4") {
		t.Errorf("colour mode: class %q", class)
	}
}

// TestUndoRedoKeysAndButtons undoes and redoes by Ctrl+Z, Ctrl+Shift+Z,
// Ctrl+Y and the buttons, and the status says what changed.
func TestUndoRedoKeysAndButtons(t *testing.T) {
	h := open(t, "/?p="+unique, nil)
	if !strings.Contains(h.tag("undo"), " disabled") {
		t.Error("Undo is not disabled on a fresh page")
	}
	h.keys("ArrowRight", "6", "ArrowRight", "Shift+2")
	h.keys("Ctrl+z")
	if g := h.game(); g.Corner[2] != 0 || g.Entries[1] != 6 {
		t.Errorf("after one undo: %v / %d", g.Corner[2].Digits(), g.Entries[1])
	}
	if msg := h.text("message"); msg != "Undone: corner mark 2 in r1c3." {
		t.Errorf("message %q", msg)
	}
	h.do(h.root.undo)
	if g := h.game(); g.Entries[1] != 0 {
		t.Error("the Undo button did not undo")
	}
	h.keys("Ctrl+z")
	if msg := h.text("message"); msg != txtNothingUndo {
		t.Errorf("undo past the start: %q", msg)
	}
	h.keys("Ctrl+Shift+Z")
	if g := h.game(); g.Entries[1] != 6 {
		t.Error("Ctrl+Shift+Z did not redo")
	}
	h.keys("Ctrl+y")
	if g := h.game(); g.Corner[2] != markOf(2) {
		t.Error("Ctrl+Y did not redo")
	}
	h.do(h.root.redo)
	if msg := h.text("message"); msg != txtNothingRedo {
		t.Errorf("redo past the end: %q", msg)
	}
	// The address bar follows undo.
	h.keys("Ctrl+z", "Ctrl+z")
	if e := h.query().Get("e"); e != "" {
		t.Errorf("address bar e=%q after undoing every digit", e)
	}
}

// TestAddressBarWaits: within urlEvery of its last write the address bar
// keeps the earlier position, and the position is written once that time
// is over; a reload meanwhile opens the bar's query and restores the latest
// position with its history, not the bar's.
func TestAddressBarWaits(t *testing.T) {
	defer func(d time.Duration) { urlEvery = d }(urlEvery)
	urlEvery = time.Hour // no write after the first within the test
	h := open(t, "/?p="+unique, nil)
	h.keys("ArrowRight", "6") // the first change is written at once
	if e := h.query().Get("e"); !strings.HasPrefix(e, ".6") {
		t.Fatalf("the first change is not in the address bar: e=%q", e)
	}
	h.keys("ArrowRight", "Shift+2", "2") // within urlEvery of that write: it waits
	if e, m := h.query().Get("e"), h.query().Get("m"); !strings.HasPrefix(e, ".6.") || m != "" {
		t.Fatalf("the address bar was written again within urlEvery: e=%q m=%q", e, m)
	}
	if h.root.nav.pending == "" || h.root.nav.flush == nil {
		t.Fatal("no write of the address bar waits")
	}
	var s saved
	h.disp.Context().LocalStorage().Get(storageKey, &s)
	if s.Link != h.disp.Context().Page().URL().RawQuery {
		t.Errorf("saved link %q, the bar holds %q", s.Link, h.disp.Context().Page().URL().RawQuery)
	}
	h2 := open(t, "/?"+h.disp.Context().Page().URL().RawQuery, func(ctx app.Context) { ctx.LocalStorage().Set(storageKey, s) })
	if g, want := h2.game(), h.game(); !g.Equal(&want) {
		t.Fatalf("reload before the bar's write: entries %v, want %v", g.Entries, want.Entries)
	}
	if !h2.root.store.CanUndo() {
		t.Error("reload before the bar's write lost the history")
	}
	// The timer's write: the bar holds the latest position, saved with it.
	h.do(h.root.flushURL)
	if e := h.query().Get("e"); !strings.HasPrefix(e, ".62") {
		t.Errorf("after the wait the bar holds e=%q, want the two digits", e)
	}
	h.disp.Context().LocalStorage().Get(storageKey, &s)
	if s.Link != h.disp.Context().Page().URL().RawQuery || h.root.nav.pending != "" {
		t.Errorf("after the write: saved link %q, bar %q, pending %q", s.Link, h.disp.Context().Page().URL().RawQuery, h.root.nav.pending)
	}
	// Another link of the same puzzle, not the bar's, is still a position of its own.
	h3 := open(t, "/?p="+unique+"&e=..5"+empty[3:], func(ctx app.Context) { ctx.LocalStorage().Set(storageKey, s) })
	if g := h3.game(); g.Entries[2] != 5 || g.Entries[1] != 0 || h3.root.store.CanUndo() {
		t.Errorf("another link of the puzzle: entries %v, history kept %v", g.Entries, h3.root.store.CanUndo())
	}
}

// TestHistorySurvivesReload reloads in the middle of a game: marks, the
// undo history (undone actions too) and the time played come back.
func TestHistorySurvivesReload(t *testing.T) {
	h := open(t, "/?p="+unique, nil)
	h.keys("ArrowRight", "6", "ArrowRight", "Shift+2", "Shift+3", "Ctrl+z")
	var s saved
	h.disp.Context().LocalStorage().Get(storageKey, &s)
	// The reload opens the address bar's link: the saved session is the
	// same game, so it is kept with its marks and history.
	link := "/?" + h.disp.Context().Page().URL().RawQuery
	h2 := open(t, link, func(ctx app.Context) { ctx.LocalStorage().Set(storageKey, s) })
	if g, want := h2.game(), h.game(); !g.Equal(&want) {
		t.Fatalf("reloaded game differs: corner %v", g.Corner[2].Digits())
	}
	h2.keys("Ctrl+y")
	if g := h2.game(); g.Corner[2] != markOf(2)|markOf(3) {
		t.Errorf("redo after reload: r1c3 %v, want 2 3", g.Corner[2].Digits())
	}
	h2.keys("Ctrl+z", "Ctrl+z", "Ctrl+z")
	if g := h2.game(); g.Entries[1] != 0 {
		t.Error("undo after reload does not reach the start")
	}
	// A link with the same digits but other marks is someone else's
	// position: its marks win, with a fresh history.
	h4 := open(t, "/?p="+unique+"&e=.6"+empty[2:]+"&m=0200100", func(ctx app.Context) { ctx.LocalStorage().Set(storageKey, s) })
	if g := h4.game(); g.Corner[2] != 0 || g.Centre[2] != markOf(6) || h4.root.store.CanUndo() {
		t.Errorf("a link with other marks: r1c3 corner %v centre %v, history kept %v", g.Corner[2].Digits(), g.Centre[2].Digits(), h4.root.store.CanUndo())
	}
	// A link to another puzzle starts afresh.
	h3 := open(t, "/?p="+magic, func(ctx app.Context) { ctx.LocalStorage().Set(storageKey, s) })
	if h3.root.store.CanUndo() || h3.game().Clues.String() != magic {
		t.Error("a link to another puzzle kept the saved history")
	}
}

// TestShowCandidatesAndHighlight fills the candidates, then highlights a
// digit: the cells holding it, and the cells where it is still a candidate.
func TestShowCandidatesAndHighlight(t *testing.T) {
	h := open(t, "/?p="+unique, nil)
	h.do(h.root.showCandidates)
	g := h.game()
	want := g.Candidates()
	for i := range 81 {
		if g.Corner[i] != want[i] {
			t.Fatalf("%s: candidates %v, want %v", solver.CellName(i), g.Corner[i].Digits(), want[i].Digits())
		}
	}
	if got := h.label(1); !strings.HasPrefix(got, "row 1, column 2, empty, candidates ") {
		t.Errorf("label %q", got)
	}
	// Clicking the clue 4 highlights every 4 and every cell that may hold one.
	h.do(func(ctx app.Context) { h.root.onSelect(ctx, 0) })
	same, open := h.shaded("same"), h.shaded("open")
	if len(same) != 3 { // 4 is a clue at r1c1, r5c7 and r9c3
		t.Errorf("cells holding 4: %v", same)
	}
	for _, c := range open {
		if !g.Corner[c].Has(4) {
			t.Errorf("%s marked open for 4 but lacks the candidate", solver.CellName(c))
		}
	}
	for i := range 81 {
		if g.Board()[i] == 0 && g.Corner[i].Has(4) && !slices.Contains(open, i) {
			t.Errorf("%s has the candidate 4 but is not marked open", solver.CellName(i))
		}
	}
	if peers := h.shaded("peer"); len(peers) != 20 {
		t.Errorf("r1c1's peers shaded: %v, want its 20", peers)
	}
	if len(open) == 0 || !strings.Contains(boardClass(t, h.html()), " md4") {
		t.Errorf("no cell open for 4 (%v) or no highlighted mark", open)
	}
	// The keypad shows what is left: three 4s placed, six to go.
	if !strings.Contains(h.html(), `aria-label="4, 6 left"`) {
		t.Error("keypad does not say six 4s are left")
	}
	// Editing a candidate: Shift+digit removes it again.
	c := open[0]
	h.do(func(ctx app.Context) { h.root.onSelect(ctx, c) })
	h.keys("Shift+4")
	if h.game().Corner[c].Has(4) {
		t.Error("Shift+4 did not remove the candidate 4")
	}
}

// TestKeypadModesAndCounts uses the on-screen controls only.
func TestKeypadModesAndCounts(t *testing.T) {
	h := open(t, "/?p="+unique, nil)
	h.do(func(ctx app.Context) { h.root.onSelect(ctx, 1) })
	h.do(func(ctx app.Context) { h.root.setMode(ctx, modeCorner) })
	h.do(func(ctx app.Context) { h.root.onKeypad(ctx, 2) })
	h.do(func(ctx app.Context) { h.root.setMode(ctx, modeCentre) })
	h.do(func(ctx app.Context) { h.root.onKeypad(ctx, 3) })
	if g := h.game(); g.Corner[1] != markOf(2) || g.Centre[1] != markOf(3) {
		t.Errorf("keypad marks %v / %v", g.Corner[1].Digits(), g.Centre[1].Digits())
	}
	if h.attr("mode-c", "aria-pressed") != "true" || h.attr("mode-x", "aria-pressed") != "false" {
		t.Error("the Centre mode button is not shown pressed")
	}
	h.do(func(ctx app.Context) { h.root.setMode(ctx, modeNormal) })
	h.do(func(ctx app.Context) { h.root.onKeypad(ctx, 9) })
	if !strings.Contains(h.html(), `aria-label="9, 8 left"`) {
		t.Error("keypad count of 9 did not drop to 8")
	}
	h.do(func(ctx app.Context) { h.root.onKeypad(ctx, 0) })
	if h.game().Entries[1] != 0 {
		t.Error("keypad erase did not erase")
	}
}

// TestPlayToCompletion plays the whole solution in: the clock stops and the
// page says the puzzle is complete. The mistake check, when on, strikes a
// wrong digit at once.
func TestPlayToCompletion(t *testing.T) {
	h := open(t, "/?p="+unique, nil)
	sol, _ := solveFull(h.game())
	h.do(func(ctx app.Context) { h.root.setMistakeCheck(ctx, true) })
	h.do(func(ctx app.Context) { h.root.onSelect(ctx, 1) })
	h.keys(strconv.Itoa(int(sol.Solution[1]%9 + 1)))
	if class, _ := h.cell(1); !hasClass(class, "wrong") {
		t.Errorf("mistake check on: a wrong digit has class %q", class)
	}
	if !h.root.clock.running() {
		t.Error("the clock does not run while playing")
	}
	for i, d := range sol.Solution {
		if h.game().Clues[i] == 0 {
			h.do(func(ctx app.Context) { h.root.onSelect(ctx, i) })
			h.keys(strconv.Itoa(int(d)))
		}
	}
	if msg := h.text("message"); !strings.HasPrefix(msg, "Well done: the puzzle is complete") {
		t.Errorf("message %q, want the completion", msg)
	}
	if h.root.clock.running() {
		t.Error("the clock runs on after completion")
	}
	if got := h.marked("wrong"); len(got) != 0 {
		t.Errorf("cells marked wrong on a solved board: %v", got)
	}
}

// TestUndoNewGameGivesTheClockBack: loading a puzzle or clearing the board
// starts the clock from zero; undoing it gives back the time played on the
// game before, also after a reload (the action keeps it), and a redo gives
// the newer game its time again. Clearing a board with nothing to clear
// leaves the clock alone.
func TestUndoNewGameGivesTheClockBack(t *testing.T) {
	const before, later = 7 * time.Minute, 2 * time.Minute
	h := open(t, "/?p="+unique, nil)
	played := func() time.Duration { return h.root.clock.played(time.Now()) }
	near := func(what string, got, want time.Duration) {
		t.Helper()
		if got < want || got > want+30*time.Second {
			t.Errorf("%s: played %v, want %v", what, got, want)
		}
	}
	h.keys("ArrowRight", "6")
	h.root.clock.banked += before // as if seven minutes had gone by
	h.do(h.root.clear)
	near("after Clear", played(), 0)
	h.do(h.root.clear) // nothing left to clear: no action, the clock goes on
	if len(h.root.store.history) != 2 {
		t.Errorf("history %v, want the digit and one clear", h.root.store.history)
	}
	h.do(func(ctx app.Context) { h.root.loadText(ctx, magic, nil) })
	near("after loading a puzzle", played(), 0)
	h.root.clock.banked += later
	h.do(h.root.undo) // back to the cleared board
	near("after undoing the load", played(), 0)
	h.do(h.root.undo) // back to the digit
	near("after undoing the clear", played(), before)
	if h.game().Entries[1] != 6 {
		t.Errorf("undo did not bring the digit back: %v", h.game().Entries)
	}
	if !h.root.clock.running() {
		t.Error("the clock does not run on the game given back")
	}
	h.do(h.root.redo)
	near("after redoing the clear", played(), 0)
	h.do(h.root.redo)
	near("after redoing the load", played(), later)

	// A reload keeps each action's time: undo gives it back there too.
	var s saved
	if err := h.disp.Context().LocalStorage().Get(storageKey, &s); err != nil {
		t.Fatal(err)
	}
	h2 := open(t, "/", func(ctx app.Context) { ctx.LocalStorage().Set(storageKey, s) })
	h2.do(h2.root.undo)
	h2.do(h2.root.undo)
	near("after a reload and two undos", h2.root.clock.played(time.Now()), before)
}

// TestPauseStopsTheClock pauses and resumes, and the saved time is kept.
func TestPauseStopsTheClock(t *testing.T) {
	h := open(t, "/?p="+unique, nil)
	h.do(h.root.togglePause)
	if h.root.clock.running() || !h.root.clock.paused {
		t.Error("Pause did not stop the clock")
	}
	if !strings.Contains(h.html(), ">Resume<") {
		t.Error("the pause button does not offer Resume")
	}
	h.do(h.root.togglePause)
	if !h.root.clock.running() {
		t.Error("Resume did not start the clock")
	}
}

// TestHintHighlightsCandidates: a hint from the player's candidates marks
// the step's candidates inside the cells, and a right candidate the player
// removed is a mistake.
func TestHintHighlightsCandidates(t *testing.T) {
	h := open(t, "/?p="+unique, nil)
	h.do(h.root.showCandidates)
	h.do(h.root.hint)
	msg := h.text("message")
	if !strings.HasPrefix(msg, "Hint (") {
		t.Fatalf("hint %q", msg)
	}
	if !strings.Contains(h.html(), "hint-place") && !strings.Contains(h.html(), "hint-elim") {
		t.Error("the hint marks no candidate inside a cell")
	}
	// Remove the right digit of a cell from its candidates: the hint says so.
	sol, _ := solveFull(h.game())
	h.do(func(ctx app.Context) { h.root.onSelect(ctx, 1) })
	h.keys("Shift+" + strconv.Itoa(int(sol.Solution[1])))
	h.do(h.root.hint)
	if msg := h.text("message"); !strings.Contains(msg, "r1c2 can be "+strconv.Itoa(int(sol.Solution[1]))) {
		t.Errorf("hint on a removed right candidate: %q", msg)
	}
	if !strings.Contains(h.html(), "hint-place hint-only") {
		t.Error("the removed candidate is not shown in its cell")
	}
}

// Old links name the variant as v=diagonal and still open; so does a
// variant named in any case.
func TestVariantByNameInLinks(t *testing.T) {
	for _, q := range []string{"v=diagonal", "v=Diagonal"} {
		h := open(t, "/?p="+unique+"&"+q, nil)
		if h.game().Rules() != solver.Diagonal {
			t.Errorf("?%s: rules %s", q, h.game().Rules().Name)
		}
		if h.query().Get("v") != "diagonal" {
			t.Errorf("?%s: address bar v=%q", q, h.query().Get("v"))
		}
	}
	h := open(t, "/?p="+unique, nil)
	h.do(func(ctx app.Context) { h.root.setVariant(ctx, "diagonal") })
	h.keys("Ctrl+z")
	if h.game().Rules() != solver.Standard || h.query().Get("v") != "" {
		t.Error("undo does not switch the variant back")
	}
}

// Undoing the last digit of a complete board and redoing it completes the
// puzzle again, and the page says so rather than "Redone".
func TestRedoIntoCompletionSaysSo(t *testing.T) {
	h := open(t, "/?p="+unique, nil)
	sol, _ := solveFull(h.game())
	for i, d := range sol.Solution {
		if h.game().Clues[i] == 0 {
			h.do(func(ctx app.Context) { h.root.onSelect(ctx, i) })
			h.keys(strconv.Itoa(int(d)))
		}
	}
	h.keys("Ctrl+z")
	if msg := h.text("message"); !strings.HasPrefix(msg, "Undone: ") || !h.root.clock.running() {
		t.Errorf("after undoing the last digit: %q, clock running %v", msg, h.root.clock.running())
	}
	h.keys("Ctrl+y")
	if msg := h.text("message"); !strings.HasPrefix(msg, "Well done") || h.root.clock.running() {
		t.Errorf("after redoing it: %q, clock running %v", msg, h.root.clock.running())
	}
}

// TestKeyRendersOnlyWhatChanged: a key press renders again only the
// components whose fields changed (go-app skips the others): moving the
// selection renders the board and the rows it changes, never a panel, the
// menu, the bar or the keypad; placing a digit renders the keypad too (its
// counts change) and the toolbar (Undo becomes possible), still no panel.
func TestKeyRendersOnlyWhatChanged(t *testing.T) {
	h := open(t, "/?p="+unique, nil)
	h.do(func(ctx app.Context) { h.root.profile.prefs.NoHighlight = true }) // the selection then changes two cells
	h.keys("Home")
	calm := []string{"menu", "start", "solver", "explain", "share", "settings", "stats", "help", "summary", "scan", "clock"}
	step := func(what string, keys ...string) map[string]int {
		t.Helper()
		before := renders.of()
		h.keys(keys...)
		diff := map[string]int{}
		for k, v := range renders.of() {
			if n := v - before[k]; n != 0 {
				diff[k] = n
			}
		}
		for _, name := range calm {
			if diff[name] != 0 {
				t.Errorf("%s rendered the %s %d times: %v", what, name, diff[name], diff)
			}
		}
		if diff["root"] == 0 || diff["board"] == 0 {
			t.Errorf("%s: the board was not rendered again: %v", what, diff)
		}
		return diff
	}
	if d := step("ArrowRight", "ArrowRight"); d["row"] > 1 || d["cell"] > 2 || d["keypad"] != 0 || d["toolbar"] != 0 || d["modes"] != 0 {
		t.Errorf("moving within a row rendered %v; want one row, its two cells, no keypad, bar or mode switch", d)
	}
	g := h.game()
	cell := h.root.selected
	if g.Clues[cell] != 0 {
		t.Fatalf("r1c2 of the test puzzle is a clue")
	}
	if d := step("a digit", "1"); d["row"] == 0 || d["keypad"] != 1 || d["modes"] != 0 {
		t.Errorf("a digit rendered %v; want its rows and the keypad, no mode switch", d)
	}
}
