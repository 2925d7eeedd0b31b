package web

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// shareState is the Share panel's state: the link and how it is made.
type shareState struct {
	withProgress bool   // share links include the entries and marks
	link         string // the link Copy link gives
	tooLong      bool   // the link with progress was too long: link holds the puzzle alone
	paste        string // the paste box's text as the page last read it (the box's own is the player's)
}

// sharePanel gives the game as a link: Copy link, with or without the
// player's digits and marks, and the link itself for copying by hand.
type sharePanel struct {
	app.Compo

	Open         bool
	Link         string
	WithProgress bool
	TooLong      bool // the link holds the puzzle alone: with progress it was too long
	On           uiHandler
}

func (p *sharePanel) Render() app.UI {
	renders.add("share")
	return panelBox(panelShare, "Share", p.Open, p.On,
		app.Div().Class("row-controls").Body(
			app.Button().ID("copy-link").Class("btn primary").Text("Copy link").OnClick(send(p.On, "copy")),
			app.Label().Class("toggle").Body(
				app.Input().ID("with-digits").Type("checkbox").Checked(p.WithProgress).OnChange(sendValue(p.On, "with-digits")),
				app.Span().Text(" include my digits and marks"),
			),
		),
		app.Input().ID("link").Class("link").Type("text").ReadOnly(true).Value(p.Link).Aria("label", "Share link"),
		app.If(p.TooLong, app.P().ID("link-note").Class("message info").Role("status").Text(txtLinkTooLong)),
	)
}

// linkFor is the link the Copy link control gives for g on the page at
// ctx's address. A link with the player's progress longer than
// maxLinkBytes is replaced by the puzzle alone, and the panel says so
// (tooLong). A variant puzzle's link is "" until the engine's worker has
// written it into t (updateURL asks for it).
func (s *shareState) linkFor(ctx app.Context, g game, t *texts) string {
	q, err := queryOf(g, s.withProgress, t)
	if err != nil {
		return ""
	}
	u := *ctx.Page().URL()
	u.RawQuery = q
	u.Fragment = ""
	s.tooLong = false
	if l := u.String(); len(l) > maxLinkBytes && s.withProgress {
		s.tooLong = true
		u.RawQuery, _ = queryOf(g, false, t) // the same load= value, or none
		return u.String()
	}
	return u.String()
}

// refresh makes the share link g's as it is now. The idle task that writes
// the address bar (persist.go) renews it too, up to persistDelay+idleWait
// after a change: too late for a panel that shows it. While texts are
// still being made for a variant's link, the link waits for them
// (updateURL asks for them).
func (s *shareState) refresh(ctx app.Context, g game, t *texts) {
	if l := s.linkFor(ctx, g, t); l != "" {
		s.link = l
	}
}
