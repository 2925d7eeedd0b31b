package web

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// toolbar holds the buttons acting on the whole game. Each button is a
// label, a title and a callback; the root decides what they do.
type toolbar struct {
	app.Compo

	ID      string
	Label   string
	Buttons []toolButton
}

// toolButton is one button of a toolbar.
type toolButton struct {
	ID, Text, Title string
	Primary         bool
	Pressed         int // 0: not a toggle; 1: off; 2: on
	Disabled        bool
	OnClick         *callback[func(ctx app.Context)]
}

func (t *toolbar) Render() app.UI {
	renders.add("toolbar")
	return app.Div().ID(t.ID).Class("controls").Role("group").Aria("label", t.Label).Body(
		app.Range(t.Buttons).Slice(func(i int) app.UI {
			b := t.Buttons[i]
			class := "btn"
			if b.Primary {
				class += " primary"
			}
			el := app.Button().ID(b.ID).Class(class).Text(b.Text).Disabled(b.Disabled).OnClick(t.onClick(i))
			if b.Title != "" {
				el = el.Title(b.Title)
			}
			if b.Pressed != 0 {
				el = el.Aria("pressed", b.Pressed == 2)
			}
			return el
		}),
	)
}

func (t *toolbar) onClick(i int) app.EventHandler {
	c := t.Buttons[i].OnClick
	return func(ctx app.Context, e app.Event) { c.call(ctx, func(f func(app.Context)) { f(ctx) }) }
}

// clockView shows the time played and the pause button.
type clockView struct {
	app.Compo

	Shown   string
	Paused  bool
	Running bool
	OnPause *callback[func(ctx app.Context)]
}

func (c *clockView) Render() app.UI {
	renders.add("clock")
	label := "Pause"
	if c.Paused {
		label = "Resume"
	}
	return app.Div().Class("clock").Body(
		app.Span().ID("timer").Class("time").Role("timer").Aria("label", "Time played").Text(c.Shown),
		app.Button().ID("pause").Class("btn small").Text(label).
			Aria("pressed", c.Paused).Disabled(!c.Running && !c.Paused).OnClick(c.onClick),
	)
}

func (c *clockView) onClick(ctx app.Context, e app.Event) {
	c.OnPause.call(ctx, func(f func(app.Context)) { f(ctx) })
}
