package web

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

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
