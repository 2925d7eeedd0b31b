package web

import (
	"errors"
	"regexp"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// Each setting changes what it says, is saved at once, and a new page reads
// it back.
func TestSettingsAreSavedAndReadBack(t *testing.T) {
	h := open(t, "/?p="+unique, nil)
	for _, e := range []uiEvent{
		{name: "remove-marks", on: false},
		{name: "highlight", on: false},
		{name: "mistake-check", on: true},
		{name: "remaining", on: false},
		{name: "theme", value: "dark"},
	} {
		h.do(func(ctx app.Context) { h.root.onUI(ctx, e) })
	}
	want := settings{Version: settingsVersion, KeepMarks: true, NoHighlight: true, MistakeCheck: true, HideRemaining: true, Theme: "dark"}
	var got settings
	if err := h.disp.Context().LocalStorage().Get(settingsKey, &got); err != nil || got != want {
		t.Fatalf("saved settings %+v, %v; want %+v", got, err, want)
	}
	var sv saved
	h.disp.Context().LocalStorage().Get(storageKey, &sv)
	h2 := open(t, "/", func(ctx app.Context) {
		ctx.LocalStorage().Set(settingsKey, got)
		ctx.LocalStorage().Set(storageKey, sv)
	})
	if h2.root.profile.prefs != want || !h2.root.mistakes {
		t.Errorf("a new page reads %+v (mistake check %v), want %+v", h2.root.profile.prefs, h2.root.mistakes, want)
	}
	if !strings.Contains(h2.html(), `id="setting-remove-marks"`) {
		t.Error("the settings panel is not rendered")
	}
}

// With "remove marks on placement" off, a placed digit leaves its peers'
// marks; on (the default), it removes them. The action says which, so undo
// and a reload replay it the same way.
func TestPlacingKeepsOrRemovesPeerMarks(t *testing.T) {
	for _, keep := range []bool{false, true} {
		h := open(t, "/?p="+unique, nil)
		h.do(func(ctx app.Context) { h.root.onUI(ctx, uiEvent{name: "remove-marks", on: !keep}) })
		h.keys("ArrowRight", "Shift+9", "ArrowRight", "9") // r1c2: corner 9; r1c3: place 9
		g := h.game()
		if has := g.Corner[1].Has(9); has != keep {
			t.Errorf("keep %v: r1c2 still has its corner 9: %v", keep, has)
		}
		_, actions, _ := h.root.store.History()
		if last := actions[len(actions)-1]; last.Keep != keep {
			t.Errorf("keep %v: the action is %+v", keep, last)
		}
	}
}

// Highlighting shades the selected cell's peers and the same digit; off, it
// shades neither. The shading is the board's classes (boardShade) over the
// cells' own (their row, column, box and digit): the selection's row 1,
// column 1, box 1 and the digit 4 of r1c1. The remaining counts go from
// the keypad when off.
func TestHighlightAndRemainingSettings(t *testing.T) {
	h := open(t, "/?p="+unique, nil) // r1c1 holds the clue 4
	h.do(func(ctx app.Context) { h.root.selectCell(0) })
	if got := boardClass(t, h.html()); got != "board pr0 pc0 pb0 sd4 md4" {
		t.Errorf("highlight on: the board's class is %q", got)
	}
	if class, _ := h.cell(0); !strings.Contains(class, " r0 c0 b0 d4") {
		t.Errorf("r1c1's class %q lacks its row, column, box and digit", class)
	}
	if class, _ := h.cell(80); !strings.Contains(class, " r8 c8 b8") {
		t.Errorf("r9c9's class %q lacks its row, column and box", class)
	}
	for i, c := range h.root.cellViews() {
		if c.Peer { // the standard rules have no peers outside the row, column and box
			t.Errorf("cell %d is flagged as a peer of r1c1 beyond its units", i)
		}
	}
	if !strings.Contains(h.html(), `class="key-left"`) {
		t.Error("the keypad does not say how many are left")
	}
	h.do(func(ctx app.Context) { h.root.onUI(ctx, uiEvent{name: "highlight", on: false}) })
	h.do(func(ctx app.Context) { h.root.onUI(ctx, uiEvent{name: "remaining", on: false}) })
	if got := boardClass(t, h.html()); got != "board md4" { // the digit's corner marks stand out still
		t.Errorf("highlight off: the board's class is %q", got)
	}
	for i, c := range h.root.cellViews() {
		if c.Peer {
			t.Fatalf("highlight off: cell %d shaded %+v", i, c)
		}
	}
	if strings.Contains(h.html(), `class="key-left"`) {
		t.Error("remaining counts off, the keypad still shows them")
	}
}

// On the diagonal variant a diagonal's cells are peers the grid's row,
// column and box classes do not cover: the cell view flags them.
func TestHighlightDiagonalPeers(t *testing.T) {
	h := open(t, "/?p="+unique+"&v=diagonal", nil)
	h.do(func(ctx app.Context) { h.root.selectCell(10) }) // r2c2, on the main diagonal
	cv := h.root.cellViews()
	for i, c := range cv {
		want := i%10 == 0 && i/9 >= 3 // r4c4 to r9c9: the diagonal beyond box 1
		if c.Peer != want {
			t.Errorf("cell %d: peer %v, want %v", i, c.Peer, want)
		}
	}
	if got := boardClass(t, h.html()); !strings.HasPrefix(got, "board pr1 pc1 pb0") {
		t.Errorf("the board's class is %q", got)
	}
}

// boardClass is the class of the board's grid element in the page's HTML.
func boardClass(t *testing.T, html string) string {
	t.Helper()
	m := regexp.MustCompile(`<div[^>]*id="board"[^>]*>`).FindString(html)
	c := regexp.MustCompile(`class="([^"]*)"`).FindStringSubmatch(m)
	if c == nil {
		t.Fatalf("no board in the page: %.200s", html)
	}
	return c[1]
}

var badSettings = []settings{
	{Version: 0},
	{Version: 2},
	{Version: settingsVersion, Theme: "purple"},
}

func TestSettingsCheck(t *testing.T) {
	for _, s := range badSettings {
		if err := s.check(); !errors.Is(err, errSettings) {
			t.Errorf("check(%+v) = %v, want errSettings", s, err)
		}
	}
	for _, th := range themes {
		if err := (settings{Version: settingsVersion, Theme: th.value}).check(); err != nil {
			t.Errorf("theme %q: %v", th.value, err)
		}
	}
	// Unreadable settings are not used, and not overwritten until a change.
	h := open(t, "/", func(ctx app.Context) {
		ctx.LocalStorage().Set(settingsKey, settings{Version: settingsVersion, Theme: "purple"})
	})
	if h.root.profile.prefs != (settings{}) {
		t.Errorf("unreadable settings used: %+v", h.root.profile.prefs)
	}
}
