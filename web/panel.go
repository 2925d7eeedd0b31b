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

// uiHandler is a panel's one callback to the page.
type uiHandler func(ctx app.Context, e uiEvent)

// send returns a click handler sending the event name to on.
func send(on uiHandler, name string) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		if on != nil {
			ctx.Emit(func() { on(ctx, uiEvent{name: name}) })
		}
	}
}

// sendValue returns a change handler sending the control's value (and
// checked state) under name.
func sendValue(on uiHandler, name string) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		src := ctx.JSSrc()
		ev := uiEvent{name: name, value: src.Get("value").String(), on: src.Get("checked").Truthy()}
		if on != nil {
			ctx.Emit(func() { on(ctx, ev) })
		}
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
		if e.Get("key").String() == "Escape" && on != nil {
			ctx.Emit(func() { on(ctx, uiEvent{name: "close"}) })
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
	return app.Nav().ID("menu-list").Class("menu").Aria("label", "Menu").Body(
		app.Range(panelMenu).Slice(func(i int) app.UI {
			p := panelMenu[i]
			return app.Button().ID("open-"+p.name).Class("btn menu-item").
				Aria("pressed", m.Open == p.name).Aria("controls", "panel-"+p.name).
				Text(p.label).OnClick(send(m.On, "open:"+p.name))
		}),
	)
}
