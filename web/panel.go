package web

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// The page's panels, by name: each has its own component and file, a button
// in the menu (id "open-"+name) and a section (data-panel=name) beside the
// board on a desktop, or a sheet over the keypad on a phone.
const (
	panelStart    = "start"    // start.go: new puzzle, daily, practise, paste, scan
	panelSolver   = "solver"   // solver_panel.go: solve, check, explain, watch, the count
	panelShare    = "share"    // share.go: the link
	panelSettings = "settings" // settings.go: the saved settings, export and import
	panelStats    = "stats"    // stats.go: statistics per level, the daily streak
	panelHelp     = "help"     // help.go: the keys
)

// panelMenu is the menu's order and wording.
var panelMenu = []struct{ name, label string }{
	{panelStart, "New game"},
	{panelSolver, "Solver"},
	{panelShare, "Share"},
	{panelSettings, "Settings"},
	{panelStats, "Statistics"},
	{panelHelp, "Help"},
}

// uiEvent is what a panel asks of the page: a name, and the value of the
// control that sent it. The root turns each into one change (onUI), so that
// every change goes the same way: apply or set, derive, save, address bar.
type uiEvent struct {
	name  string
	value string
	on    bool
	file  app.Value // a file input's chosen file (Scan), or nil
}

// A callback is a component's callback to the root, made once per page
// (root.callbacks). go-app renders a child component again whenever one of
// its fields differs from the last render's, and two func values never
// compare equal (reflect.DeepEqual): func fields, a new method value at
// each render, rendered every panel, the keypad, the bar and the board
// again on every key. A pointer made once compares equal, so a component
// is rendered again only when what it shows changed.
type callback[F any] struct{ fn F }

// uiHandler is a panel's one callback to the page.
type uiHandler = *callback[func(ctx app.Context, e uiEvent)]

// call runs the callback later (ctx.Emit), unless it is nil.
func (c *callback[F]) call(ctx app.Context, run func(f F)) {
	if c != nil {
		ctx.Emit(func() { run(c.fn) })
	}
}

// ui sends e to on.
func ui(ctx app.Context, on uiHandler, e uiEvent) {
	on.call(ctx, func(f func(app.Context, uiEvent)) { f(ctx, e) })
}

// send returns a click handler sending the event name to on.
func send(on uiHandler, name string) app.EventHandler {
	return func(ctx app.Context, e app.Event) { ui(ctx, on, uiEvent{name: name}) }
}

// sendValue returns a change handler sending the control's value (and
// checked state) under name.
func sendValue(on uiHandler, name string) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		src := ctx.JSSrc()
		ui(ctx, on, uiEvent{name: name, value: src.Get("value").String(), on: src.Get("checked").Truthy()})
	}
}

// panelBox is the frame every panel shares: its section, hidden unless
// open, a heading and a Close button; Escape inside it closes it too.
func panelBox(name, title string, open bool, on uiHandler, body ...app.UI) app.UI {
	return app.Section().ID("panel-"+name).Class("panel").DataSet("panel", name).Hidden(!open).
		Aria("labelledby", "panel-"+name+"-title").OnKeyDown(escapeCloses(on)).Body(
		app.Div().Class("panel-head").Body(
			app.H2().ID("panel-"+name+"-title").TabIndex(-1).Text(title), // takes the focus when the panel opens
			app.Button().ID("close-"+name).Class("btn small").Text("Close").OnClick(send(on, "close")),
		),
		app.Div().Class("panel-body").Body(body...),
	)
}

// escapeCloses returns a key handler sending "close" on Escape.
func escapeCloses(on uiHandler) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		if e.Get("key").String() == "Escape" {
			ui(ctx, on, uiEvent{name: "close"})
		}
	}
}

// menu lists the panels; the open one's button is pressed.
type menu struct {
	app.Compo

	Open string // the open panel, "" for none
	On   uiHandler
}

func (m *menu) Render() app.UI {
	renders.add("menu")
	return app.Nav().ID("menu-list").Class("menu").Aria("label", "Menu").Body(
		app.Range(panelMenu).Slice(func(i int) app.UI {
			p := panelMenu[i]
			return app.Button().ID("open-"+p.name).Class("btn menu-item").
				Aria("pressed", m.Open == p.name).Aria("controls", "panel-"+p.name).
				Text(p.label).OnClick(send(m.On, "open:"+p.name))
		}),
	)
}
