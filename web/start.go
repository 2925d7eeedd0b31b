package web

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// startPanel is the start sheet: continue the game (when there is one), a new puzzle by level
// (or with a technique to practise), the daily puzzle, the rules, and a
// puzzle typed or pasted. It holds no state; the root gets every choice as
// a uiEvent.
type startPanel struct {
	app.Compo

	Open     bool
	Level    string // the chosen level's name
	Practice string // the chosen technique's short name, or ""
	Busy     bool   // a puzzle is being generated
	Rules    string // the game's variant, by name
	Custom   bool   // the game is a variant puzzle with its own rules
	Editing  bool
	Continue bool // there is a game to go back to (a first visit's empty board is none)
	On       uiHandler
}

func (p *startPanel) Render() app.UI {
	renders.add("start")
	return panelBox(panelStart, "New game", p.Open, p.On,
		// Hidden rather than left out: the sheet's elements keep their places,
		// so the first game's arrival changes one attribute instead of
		// replacing (and mounting again) every control after this one.
		app.Button().ID("continue").Class("btn").Hidden(!p.Continue).Text("Continue this game").OnClick(send(p.On, "close")),
		app.Div().ID("generate").Class("generate").Role("group").Aria("label", "New puzzle").Aria("busy", p.Busy).Body(
			app.H3().Text("New puzzle"),
			app.Div().Class("row-controls").Body(
				app.Span().Class("pair").Body(
					app.Label().For("gen-level").Text("Level: "),
					app.Select().ID("gen-level").Class("select").OnChange(sendValue(p.On, "level")).Body(
						app.Range(genLevels).Slice(func(i int) app.UI {
							name := genLevels[i].String()
							return app.Option().Value(name).Text(name).Selected(name == p.Level)
						}),
					),
				),
				app.Span().Class("pair").Body(
					app.Label().For("gen-practice").Text("Practise: "),
					app.Select().ID("gen-practice").Class("select").OnChange(sendValue(p.On, "practice")).Body(
						app.Option().Value("").Text("any technique").Selected(p.Practice == ""),
						app.Range(practiceTechniques).Slice(func(i int) app.UI {
							t := practiceTechniques[i]
							return app.Option().Value(t.ShortName()).Text(t.String() + " (" + t.Level().String() + ")").
								Selected(t.ShortName() == p.Practice)
						}),
					),
				),
			),
			app.Div().Class("row-controls").Body(
				app.Button().ID("new-puzzle").Class("btn primary").Text("New puzzle").Disabled(p.Busy).
					Title("Make a new puzzle at this level, with these rules, in your browser").OnClick(send(p.On, "new")),
				app.Button().ID("daily").Class("btn").Text("Daily puzzle").Disabled(p.Busy).
					Title("Today's puzzle: the same for everyone, standard rules").OnClick(send(p.On, "daily")),
			),
		),
		app.Div().Class("row-controls").Body(
			app.Label().For("variant").Text("Rules: "),
			app.Select().ID("variant").Class("select").OnChange(sendValue(p.On, "variant")).Body(
				app.If(p.Custom, app.Option().Value("").Text("This puzzle's own").Disabled(true).Selected(true)),
				app.Range(pageVariants).Slice(func(i int) app.UI {
					v := pageVariants[i]
					return app.Option().Value(v.Name).Text(variantLabel(v)).Title(v.Rule).Selected(v.Name == p.Rules && !p.Custom)
				}),
			),
		),
		app.H3().Text("Scan a puzzle"),
		app.P().Class("hint-text").ID("scan-help").Text("A photo of a printed puzzle or a screenshot: take or choose one, paste it (Ctrl+V) or drop it on the board. It is read on this device."),
		app.Label().For("scan-file").Text("Photo or screenshot: "),
		app.Input().ID("scan-file").Class("file-input").Type("file").Accept("image/*").Attr("capture", "environment").
			Aria("describedby", "scan-help").OnClick(send(p.On, "scan-warm")).OnChange(p.onScanFile),
		app.H3().Text("Enter or paste a puzzle"),
		app.Label().For("paste").Text("Puzzle text (81 characters, or a 9-line grid; . or 0 for empty), or an f-puzzles or SudokuPad link:"),
		// The box's text is the player's: the page reads it (Load, and
		// "paste" as it changes) and never writes it, so that no redraw can
		// put an older text back over what the player pasted since.
		app.Textarea().ID("paste").Class("paste").Rows(3).Spellcheck(false).
			Placeholder("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......").
			OnChange(sendValue(p.On, "paste")),
		app.Div().Class("row-controls").Body(
			app.Button().ID("load").Class("btn").Text("Load puzzle").OnClick(send(p.On, "load")),
			app.Button().ID("edit").Class("btn").Text(editLabel(p.Editing)).Aria("pressed", p.Editing).
				Title("Type the clues yourself").OnClick(send(p.On, "edit")),
			app.Button().ID("reset").Class("btn").Text("Empty board").Title("Empty the whole board (undo brings it back)").
				OnClick(send(p.On, "reset")),
		),
	)
}

func editLabel(editing bool) string {
	if editing {
		return "Done editing"
	}
	return "Edit clues"
}

// onScanFile sends the chosen picture as "scan".
func (p *startPanel) onScanFile(ctx app.Context, e app.Event) {
	files := ctx.JSSrc().Get("files")
	if !files.Truthy() || files.Length() == 0 || p.On == nil {
		return
	}
	f := files.Index(0)
	ctx.JSSrc().Set("value", "") // the same picture can be chosen again
	ui(ctx, p.On, uiEvent{name: "scan", file: f})
}
