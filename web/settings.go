package web

import (
	"errors"
	"fmt"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// settingsKey is where the page keeps the player's settings in local storage.
const settingsKey = "sudoku.settings"

// settings are the player's choices of how the page plays, saved apart from
// the game. The zero value is the default (the booleans say what is turned
// off), so that a missing key reads as the defaults.
type settings struct {
	Version       int    `json:"version"`
	KeepMarks     bool   `json:"keep_marks,omitempty"`     // placing a digit leaves the peers' marks alone
	NoHighlight   bool   `json:"no_highlight,omitempty"`   // no shading of the peers and of the same digit
	MistakeCheck  bool   `json:"mistake_check,omitempty"`  // a digit that differs from the solution is struck through at once
	HideRemaining bool   `json:"hide_remaining,omitempty"` // the keypad does not say how many of a digit are left
	Theme         string `json:"theme,omitempty"`          // "" (the system's), "light" or "dark"
}

// settingsVersion is the settings format written and read.
const settingsVersion = 1

// themes are the theme choices: value and label.
var themes = []struct{ value, label string }{{"", "System"}, {"light", "Light"}, {"dark", "Dark"}}

var errSettings = errors.New("not the page's settings")

// check reports why s cannot be the page's settings, or nil.
func (s settings) check() error {
	if s.Version != settingsVersion {
		return fmt.Errorf("%w: version %d", errSettings, s.Version)
	}
	for _, t := range themes {
		if s.Theme == t.value {
			return nil
		}
	}
	return fmt.Errorf("%w: theme %q", errSettings, s.Theme)
}

// set changes the setting name to on (or, for the theme, value) and
// reports whether name is a setting.
func (s *settings) set(name, value string, on bool) bool {
	switch name {
	case "remove-marks":
		s.KeepMarks = !on
	case "highlight":
		s.NoHighlight = !on
	case "mistake-check":
		s.MistakeCheck = on
	case "remaining":
		s.HideRemaining = !on
	case "theme":
		s.Theme = value
	default:
		return false
	}
	return true
}

// applyTheme puts the theme's class on the document's root element, where
// the style sheet reads it (no class: the system's scheme).
func applyTheme(theme string) {
	if !app.IsClient {
		return
	}
	cl := app.Window().Get("document").Get("documentElement").Get("classList")
	cl.Call("remove", "theme-light", "theme-dark")
	if theme != "" {
		cl.Call("add", "theme-"+theme)
	}
}

// settingsPanel shows the settings and the export and import of everything
// the page saves.
type settingsPanel struct {
	app.Compo

	Open     bool
	Settings settings
	Export   string // an object URL of the last export, "" before one
	On       uiHandler
}

func (p *settingsPanel) Render() app.UI {
	renders.add("settings")
	s := p.Settings
	return panelBox(panelSettings, "Settings", p.Open, p.On,
		app.Div().Class("settings").Role("group").Aria("label", "Play").Body(
			p.toggle("remove-marks", "Remove a placed digit from the marks of its row, column and box", !s.KeepMarks),
			p.toggle("highlight", "Highlight the selected cell's row, column and box, and the same digit", !s.NoHighlight),
			p.toggle("mistake-check", "Show mistakes at once", s.MistakeCheck),
			p.toggle("remaining", "Show how many of each digit are left", !s.HideRemaining),
			app.Div().Class("row-controls").Body(
				app.Label().For("setting-theme").Text("Theme: "),
				app.Select().ID("setting-theme").Class("select").OnChange(sendValue(p.On, "theme")).Body(
					app.Range(themes).Slice(func(i int) app.UI {
						return app.Option().Value(themes[i].value).Text(themes[i].label).Selected(themes[i].value == s.Theme)
					}),
				),
			),
		),
		app.H3().Text("Your data"),
		app.P().Class("note").Text("The game, its history, the settings and the statistics stay in this browser. Save them as one file, or load such a file here (it replaces them all)."),
		app.Div().Class("row-controls").Body(
			app.Button().ID("export").Class("btn").Text("Export as a file").OnClick(send(p.On, "export")),
			app.If(p.Export != "", app.A().ID("export-link").Class("btn").Href(p.Export).Attr("download", "sudoku.json").Text("Download sudoku.json")),
		),
		app.Label().For("import").Text("Import a file: "),
		app.Input().ID("import").Type("file").Accept("application/json,.json").OnChange(p.onImport),
	)
}

func (p *settingsPanel) toggle(id, label string, on bool) app.UI {
	return app.Label().Class("toggle setting").Body(
		app.Input().ID("setting-"+id).Type("checkbox").Checked(on).OnChange(sendValue(p.On, id)),
		app.Span().Text(" "+label),
	)
}

// onImport reads the chosen file's text and sends it as "import".
func (p *settingsPanel) onImport(ctx app.Context, e app.Event) {
	files := ctx.JSSrc().Get("files")
	if !files.Truthy() || files.Length() == 0 {
		return
	}
	f := files.Index(0)
	if f.Get("size").Int() > maxImportBytes {
		p.send(ctx, uiEvent{name: "import-error", value: txtImportTooBig})
		return
	}
	var done, fail app.Func
	done = app.FuncOf(func(this app.Value, args []app.Value) any {
		text := args[0].String()
		ctx.Dispatch(func(ctx app.Context) { p.send(ctx, uiEvent{name: "import", value: text}) })
		done.Release()
		fail.Release()
		return nil
	})
	fail = app.FuncOf(func(this app.Value, args []app.Value) any {
		ctx.Dispatch(func(ctx app.Context) { p.send(ctx, uiEvent{name: "import-error", value: txtImportUnreadable}) })
		done.Release()
		fail.Release()
		return nil
	})
	f.Call("text").Call("then", done, fail)
	ctx.JSSrc().Set("value", "") // the same file can be chosen again
}

func (p *settingsPanel) send(ctx app.Context, e uiEvent) {
	ui(ctx, p.On, e)
}
