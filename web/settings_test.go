package web

import (
	"errors"
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
	if h2.root.prefs != want || !h2.root.mistakes {
		t.Errorf("a new page reads %+v (mistake check %v), want %+v", h2.root.prefs, h2.root.mistakes, want)
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
// shades neither. The remaining counts go from the keypad when off.
func TestHighlightAndRemainingSettings(t *testing.T) {
	h := open(t, "/?p="+unique, nil) // r1c1 holds the clue 4
	h.do(func(ctx app.Context) { h.root.selectCell(0) })
	cv := h.root.cellViews()
	if !cv[1].Peer || !cv[9].Peer || cv[40].Peer || !cv[0].Same {
		t.Errorf("highlight on: peer r1c2 %v, r2c1 %v, r5c5 %v, same r1c1 %v", cv[1].Peer, cv[9].Peer, cv[40].Peer, cv[0].Same)
	}
	if !strings.Contains(h.html(), `class="key-left"`) {
		t.Error("the keypad does not say how many are left")
	}
	h.do(func(ctx app.Context) { h.root.onUI(ctx, uiEvent{name: "highlight", on: false}) })
	h.do(func(ctx app.Context) { h.root.onUI(ctx, uiEvent{name: "remaining", on: false}) })
	for i, c := range h.root.cellViews() {
		if c.Peer || c.Same || c.Open {
			t.Fatalf("highlight off: cell %d shaded %+v", i, c)
		}
	}
	if strings.Contains(h.html(), `class="key-left"`) {
		t.Error("remaining counts off, the keypad still shows them")
	}
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
	if h.root.prefs != (settings{}) {
		t.Errorf("unreadable settings used: %+v", h.root.prefs)
	}
}
