package web

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// helpPanel says the rules and the keys.
type helpPanel struct {
	app.Compo

	Open bool
	On   uiHandler
}

func (p *helpPanel) Render() app.UI {
	renders.add("help")
	return panelBox(panelHelp, "Help", p.Open, p.On,
		app.P().Text("Place 1 to 9 once in every row, column and 3×3 box (and on both shaded diagonals in the diagonal variant)."),
		app.H3().Text("Keys"),
		app.Ul().ID("keys-help").Class("keys-help").Body(
			app.Li().Text("Arrows, Home, End, Ctrl+Home and Ctrl+End move."),
			app.Li().Text("A digit places it; Shift+digit toggles a corner mark (a candidate), Ctrl+digit a centre mark."),
			app.Li().Text("Z, X, C and V switch between Normal, Corner, Centre and Colour."),
			app.Li().Text("Ctrl+Z undoes; Ctrl+Shift+Z or Ctrl+Y redoes. Backspace erases."),
			app.Li().Text("Paste a puzzle anywhere on the page to load it."),
		),
	)
}
