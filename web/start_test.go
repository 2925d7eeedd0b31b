package web

import (
	"regexp"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// panelHidden reports whether the panel's section carries the hidden attribute.
func (h *harness) panelHidden(name string) bool {
	h.t.Helper()
	m := regexp.MustCompile(`<section[^>]*id="panel-` + name + `"[^>]*>`).FindString(h.html())
	if m == "" {
		h.t.Fatalf("panel %s not rendered", name)
	}
	return regexp.MustCompile(`\shidden(\s|>|="true")`).MatchString(m) // HTMLString writes hidden="false" when shown
}

// continueOffered reports whether the start sheet's Continue button is
// shown: it is always rendered, hidden when there is no game to go back to.
func continueOffered(t *testing.T, html string) bool {
	t.Helper()
	m := regexp.MustCompile(`<button[^>]*id="continue"[^>]*>`).FindString(html)
	if m == "" {
		t.Fatal("the start sheet has no Continue button")
	}
	return !regexp.MustCompile(`\shidden(\s|>|="true")`).MatchString(m)
}

// A first visit opens the start sheet; a link opens the game alone.
func TestFirstVisitOpensTheStartSheet(t *testing.T) {
	h := open(t, "/", nil)
	if h.root.panel != panelStart || h.panelHidden(panelStart) {
		t.Errorf("first visit: panel %q", h.root.panel)
	}
	for _, p := range panelMenu[1:] {
		if !h.panelHidden(p.name) {
			t.Errorf("first visit: panel %s shown too", p.name)
		}
	}
	if continueOffered(t, h.html()) {
		t.Error("a first visit offers to continue the empty board")
	}
	l := open(t, "/?p="+unique, nil)
	if l.root.panel != "" {
		t.Errorf("a link opens the panel %q", l.root.panel)
	}
	l.do(func(ctx app.Context) { l.root.onUI(ctx, uiEvent{name: "open:" + panelStart}) })
	if !continueOffered(t, l.html()) {
		t.Error("the start sheet over a game does not offer to continue it")
	}
}

// The menu opens one panel at a time, its entry pressed; Close closes it.
// Loading a pasted puzzle from the start sheet goes back to the game.
func TestMenuOpensOnePanelAtATime(t *testing.T) {
	h := open(t, "/", nil)
	for _, p := range panelMenu {
		h.do(func(ctx app.Context) { h.root.onUI(ctx, uiEvent{name: "open:" + p.name}) })
		for _, q := range panelMenu {
			if h.panelHidden(q.name) != (q.name != p.name) {
				t.Errorf("with %s open, %s hidden = %v", p.name, q.name, h.panelHidden(q.name))
			}
		}
		tag := regexp.MustCompile(`<button[^>]*id="open-` + p.name + `"[^>]*>`).FindString(h.html())
		if !regexp.MustCompile(`aria-pressed(\s|>|="true")`).MatchString(tag) {
			t.Errorf("the menu entry of %s is not pressed", p.name)
		}
	}
	h.do(func(ctx app.Context) { h.root.onUI(ctx, uiEvent{name: "close"}) })
	if h.root.panel != "" || h.root.menu {
		t.Errorf("after Close: panel %q, menu %v", h.root.panel, h.root.menu)
	}
	h.do(func(ctx app.Context) { h.root.onUI(ctx, uiEvent{name: "open:" + panelStart}) })
	h.do(func(ctx app.Context) { h.root.onUI(ctx, uiEvent{name: "paste", value: unique}) })
	h.do(func(ctx app.Context) { h.root.onUI(ctx, uiEvent{name: "load"}) })
	if h.game().Clues.String() != unique || h.root.panel != "" {
		t.Errorf("after Load: clues %s, panel %q", h.game().Clues, h.root.panel)
	}
	if n := h.root.profile.stats.Levels[ownLevel].Played; n != 1 {
		t.Errorf("a loaded puzzle counted %d times as played", n)
	}
	// Leaving the solver panel closes the explanation drawn on the board.
	h.do(func(ctx app.Context) { h.root.onUI(ctx, uiEvent{name: "open:" + panelSolver}) })
	h.do(func(ctx app.Context) { h.root.onUI(ctx, uiEvent{name: "explain"}) })
	if !h.root.explain.open {
		t.Fatal("Explain did not open")
	}
	h.do(func(ctx app.Context) { h.root.onUI(ctx, uiEvent{name: "open:" + panelShare}) })
	if h.root.explain.open {
		t.Error("the explanation stays open behind the share panel")
	}
}

// The panels say what they hold: the solver panel the live count, the
// share panel the link, the statistics panel that nothing is counted yet,
// the help panel the keys.
func TestPanelsShowTheirContent(t *testing.T) {
	h := open(t, "/?p="+unique, nil)
	html := h.html()
	// go-app writes an element's attributes in no fixed order.
	if count := regexp.MustCompile(`<[^>]*\bid="count"[^>]*>`).FindString(html); !strings.Contains(count, `class="count unique"`) {
		t.Errorf("the live count is %q, want the unique count's class", count)
	}
	for _, want := range []string{
		`id="solve"`, `id="explain-toggle"`, `id="watch"`,
		`id="copy-link"`, `id="keys-help"`, `id="new-puzzle"`, `id="daily"`, `id="paste"`,
		`id="setting-theme"`, `id="export"`, `id="import"`,
	} {
		if !strings.Contains(html, want) {
			t.Errorf("the page lacks %s", want)
		}
	}
	if !strings.Contains(h.root.share.link, "p="+unique) {
		t.Errorf("the share link %q does not hold the puzzle", h.root.share.link)
	}
	// The statistics' content is made when their panel opens.
	if strings.Contains(html, `id="stats-empty"`) || strings.Contains(html, `id="streak"`) {
		t.Error("the closed statistics panel holds its content")
	}
	h.do(func(ctx app.Context) { h.root.openPanel(ctx, panelStats) })
	if html := h.html(); !strings.Contains(html, `id="stats-empty"`) || !strings.Contains(html, `id="streak"`) {
		t.Error("the open statistics panel lacks its content")
	}
}
