package web

import (
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"sudoku/solver"
)

// Render lays out the page from the state derive prepared. It only reads.
func (r *Root) Render() app.UI {
	mainClass := "app"
	if r.ready {
		mainClass += " ready"
	}
	if r.store == nil { // before the first navigation
		return app.Main().Class(mainClass).ID("app")
	}
	g := &r.view.game
	return app.Main().Class(mainClass).ID("app").Body(
		app.Header().Class("top").Body(
			app.H1().Class("title").Text("Sudoku"),
			app.P().Class("tagline").Text(txtTagline),
		),
		app.If(r.update,
			app.Div().Class("banner").Role("status").Body(
				app.Span().Text("A new version of the app is ready."),
				app.Button().ID("update").Class("btn primary").Text("Update now").OnClick(r.onUpdateClick),
			),
		),
		app.If(r.watching, &watchPanel{Clues: g.Clues, Variant: g.Rules(), OnClose: r.closeWatch}),
		app.Div().Class("play").Hidden(r.watching).Body(
			app.Div().Class("board-wrap").Body(
				&board{
					Cells:     r.cellViews(),
					Selected:  r.selected,
					Diagonal:  extraUnitCells(g.Rules()),
					Editing:   r.editing,
					Highlight: r.highlight,
					Links:     r.explain.links(),
					OnSelect:  r.onSelect,
					OnCommand: r.onCommand,
				},
			),
			app.Div().Class("side").Body(
				&modeSwitch{Mode: r.mode, OnChange: r.setMode},
				&keypad{Remaining: r.view.remaining, Highlight: r.highlight, OnDigit: r.onKeypad},
				app.Div().Class("status-row").Body(
					app.P().ID("count").Class("count "+r.countClass()).Role("status").Text(r.countText()),
					&clockView{
						Shown:   formatClock(r.clock.shown),
						Paused:  r.clock.paused,
						Running: r.clock.running(),
						OnPause: r.togglePause,
					},
				),
				&toolbar{ID: "history", Label: "History", Buttons: []toolButton{
					{ID: "undo", Text: "Undo", Title: "Undo (Ctrl+Z)", Disabled: !r.store.CanUndo(), OnClick: r.undo},
					{ID: "redo", Text: "Redo", Title: "Redo (Ctrl+Shift+Z or Ctrl+Y)", Disabled: !r.store.CanRedo(), OnClick: r.redo},
					{ID: "candidates", Text: "Show candidates", Title: "Fill every empty cell with the digits the rules allow", OnClick: r.showCandidates},
				}},
				&toolbar{ID: "actions", Label: "Puzzle", Buttons: []toolButton{
					{ID: "solve", Text: "Solve", Title: "Fill in the solution", Primary: true, OnClick: r.solve},
					{ID: "check", Text: "Check", Title: "Do my digits agree with the solution?", OnClick: r.check},
					{ID: "hint", Text: "Hint", Title: "Explain the next step, or point out a mistake", OnClick: r.hint},
					{ID: "watch", Text: "Watch the solver", Title: "Replay the solver's search on these clues", OnClick: r.openWatch},
					{ID: "clear", Text: "Clear", Title: "Remove my digits and marks, keep the clues", OnClick: r.clear},
					{ID: "reset", Text: "Reset", Title: "Empty the whole board", OnClick: r.reset},
					{ID: "edit", Text: r.editLabel(), Pressed: pressed(r.editing), OnClick: r.toggleEditing},
				}},
				r.renderNewPuzzle(),
				r.renderExplain(),
				app.Div().Class("options").Body(
					app.Label().Class("toggle").Body(
						app.Input().ID("mistake-check").Type("checkbox").Checked(r.mistakes).OnChange(r.onMistakesChange),
						app.Span().Text(" Show mistakes at once"),
					),
					app.Label().Class("toggle").For("variant").Text("Rules: "),
					app.Select().ID("variant").Class("select").OnChange(r.onVariantChange).Body(
						app.Range(variantNames).Slice(func(i int) app.UI {
							return app.Option().Value(variantNames[i]).Text(variantLabel(variantNames[i])).
								Selected(variantNames[i] == g.Rules().Name)
						}),
					),
				),
				app.P().ID("announce").Class("sr-only").Aria("live", "polite").Text(r.status.announce),
				app.If(r.status.msg != "",
					app.P().ID("message").Class("message "+r.status.kind).Role(r.msgRole()).Text(r.status.msg),
				),
				app.If(r.storage.msg != "",
					app.Div().ID("storage").Class("message error").Role("alert").Body(
						app.Span().Text(r.storage.msg+" "),
						app.If(r.storage.blocked,
							app.Button().ID("resume-saving").Class("btn").Text("Save from now on").OnClick(r.onResumeClick),
						),
					),
				),
			),
		),
		app.Section().Class("share").Body(
			app.H2().Text("Paste or share"),
			app.Label().For("paste").Text("Puzzle text (81 characters, or a 9-line grid; . or 0 for empty):"),
			app.Textarea().ID("paste").Class("paste").Rows(3).Spellcheck(false).
				Placeholder("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......").
				Text(r.share.paste).OnChange(r.onPasteChange),
			app.Div().Class("row-controls").Body(
				app.Button().ID("load").Class("btn").Text("Load puzzle").OnClick(r.onLoadClick),
				app.Button().ID("copy-link").Class("btn").Text("Copy link").OnClick(r.onCopyClick),
				app.Label().Class("toggle").Body(
					app.Input().ID("with-digits").Type("checkbox").Checked(r.share.withProgress).OnChange(r.onWithDigitsChange),
					app.Span().Text(" include my digits and marks"),
				),
			),
			app.Input().ID("link").Class("link").Type("text").ReadOnly(true).Value(r.share.link).
				Aria("label", "Share link"),
			app.If(r.share.tooLong,
				app.P().ID("link-note").Class("message info").Role("status").Text(txtLinkTooLong),
			),
		),
		app.Section().Class("keys-help").Body(
			app.H2().Text("Keys"),
			app.P().Text("Arrows, Home, End, Ctrl+Home and Ctrl+End move. A digit places it; Shift+digit toggles a corner mark (a candidate), Ctrl+digit a centre mark. Z, X, C and V switch between Normal, Corner, Centre and Colour. Ctrl+Z undoes; Ctrl+Shift+Z or Ctrl+Y redoes. Backspace erases."),
		),
		app.Footer().Class("foot").Body(
			app.Span().ID("version").Text("Version "+app.Getenv("GOAPP_VERSION")),
		),
	)
}

func pressed(on bool) int {
	if on {
		return 2
	}
	return 1
}

// variantNames are the variants the page offers, by name.
var variantNames = func() []string {
	var names []string
	for _, v := range solver.Variants() {
		names = append(names, v.Name)
	}
	return names
}()

func variantLabel(name string) string {
	switch name {
	case "standard":
		return "Standard"
	case "diagonal":
		return "Diagonal (shaded diagonals hold 1–9 once)"
	}
	return name
}

// extraUnitCells marks the cells of the variant's units beyond rows,
// columns and boxes (the diagonals), for shading; nil for the standard game.
func extraUnitCells(v *solver.Variant) []bool {
	if v.NumUnits() <= 27 {
		return nil
	}
	cells := make([]bool, 81)
	for u := 27; u < v.NumUnits(); u++ {
		for _, c := range v.Unit(u) {
			cells[c] = true
		}
	}
	return cells
}

// cellViews is what the board shows of each cell.
func (r *Root) cellViews() [81]cellView {
	var cv [81]cellView
	g := &r.view.game
	var sol solver.Grid
	checkLive := false
	if r.mistakes {
		sol, checkLive = r.view.sol.unique()
	}
	hl := r.highlight
	for i := range cv {
		c := &cv[i]
		if d := g.Clues[i]; d != 0 {
			c.Digit, c.Clue = d, true
		} else {
			c.Digit = g.Entries[i]
			c.Solved = r.solved && c.Digit != 0
			c.Wrong = checkLive && c.Digit != 0 && c.Digit != sol[i]
		}
		c.Conflict = r.view.conflicts[i]
		c.Wrong = c.Wrong || r.marks.wrong[i]
		c.Corner, c.Centre, c.Colour = g.Corner[i], g.Centre[i], g.Colour[i]
		r.marks.paint(c, i)
		if hl != 0 {
			c.Same = c.Digit == hl
			if c.Digit == 0 {
				if c.Corner != 0 || c.Centre != 0 {
					c.Open = (c.Corner | c.Centre).Has(hl)
				} else {
					c.Open = r.view.candidates[i].Has(hl)
				}
			}
		}
	}
	r.explain.draw(&cv) // the Explain panel's step, when one is shown
	return cv
}

func (r *Root) countText() string {
	if r.view.countErr != "" {
		return "The clues conflict: " + r.view.countErr + "."
	}
	text := r.view.sol.count().Describe(r.view.game.Clues.Clues())
	if r.view.entryErr != "" {
		text += " Your digits clash: " + r.view.entryErr + "."
	}
	return text
}

func (r *Root) countClass() string {
	if r.view.entryErr != "" {
		return "bad" // the clues may be fine, but the player's digits clash
	}
	switch r.view.sol.count() {
	case CountUnique:
		return "unique"
	case CountConflict, CountNone:
		return "bad"
	}
	return "open"
}

func (r *Root) editLabel() string {
	if r.editing {
		return "Done editing"
	}
	return "Edit clues"
}

func (r *Root) msgRole() string {
	if r.status.kind == msgError {
		return "alert"
	}
	return "status"
}

func (r *Root) setMode(ctx app.Context, m Mode) { r.mode = m }

func (r *Root) onUpdateClick(ctx app.Context, e app.Event) { ctx.Reload() }
func (r *Root) onResumeClick(ctx app.Context, e app.Event) { r.resumeSaving(ctx) }

func (r *Root) onVariantChange(ctx app.Context, e app.Event) {
	r.setVariant(ctx, ctx.JSSrc().Get("value").String())
}

func (r *Root) onMistakesChange(ctx app.Context, e app.Event) {
	r.setMistakeCheck(ctx, ctx.JSSrc().Get("checked").Bool())
}

func (r *Root) onWithDigitsChange(ctx app.Context, e app.Event) {
	r.share.withProgress = ctx.JSSrc().Get("checked").Bool()
	r.share.link = r.shareLink(ctx)
}

func (r *Root) onPasteChange(ctx app.Context, e app.Event) {
	r.share.paste = ctx.JSSrc().Get("value").String()
}

func (r *Root) onLoadClick(ctx app.Context, e app.Event) {
	if app.IsClient {
		r.share.paste = app.Window().GetElementByID("paste").Get("value").String()
	}
	r.loadText(ctx, r.share.paste)
}

// onWindowPaste loads a puzzle pasted anywhere but in a text field.
func (r *Root) onWindowPaste(ctx app.Context, e app.Event) {
	tag := strings.ToLower(e.Get("target").Get("tagName").String())
	if tag == "textarea" || tag == "input" {
		return
	}
	data := e.Get("clipboardData")
	if !data.Truthy() {
		return
	}
	e.PreventDefault()
	r.loadText(ctx, data.Call("getData", "text").String())
}

// onCopyClick copies the share link to the clipboard; the link also stays
// visible in the field below for copying by hand.
func (r *Root) onCopyClick(ctx app.Context, e app.Event) {
	r.share.link = r.shareLink(ctx)
	if !app.IsClient {
		return
	}
	clip := app.Window().Get("navigator").Get("clipboard")
	if !clip.Truthy() {
		r.say(msgInfo, txtCopyByHand)
		return
	}
	p := clip.Call("writeText", r.share.link)
	ok := app.FuncOf(func(this app.Value, args []app.Value) any {
		ctx.Dispatch(func(ctx app.Context) { r.say(msgOK, txtCopied) })
		return nil
	})
	fail := app.FuncOf(func(this app.Value, args []app.Value) any {
		ctx.Dispatch(func(ctx app.Context) { r.say(msgInfo, txtCopyByHand) })
		return nil
	})
	p.Call("then", ok, fail)
}

// renderNewPuzzle is the New puzzle control: a level, optionally a
// technique to practise, and the New puzzle and Daily puzzle buttons.
func (r *Root) renderNewPuzzle() app.UI {
	level := r.genLevel()
	return app.Div().ID("generate").Class("generate").Role("group").Aria("label", "New puzzle").
		Aria("busy", r.gen.busy).Body(
		app.Div().Class("row-controls").Body(
			app.Span().Class("pair").Body(
				app.Label().For("gen-level").Text("Level: "),
				app.Select().ID("gen-level").Class("select").OnChange(r.onGenLevelChange).Body(
					app.Range(genLevels).Slice(func(i int) app.UI {
						name := genLevels[i].String()
						return app.Option().Value(name).Text(name).Selected(name == level)
					}),
				),
			),
			app.Span().Class("pair").Body(
				app.Label().For("gen-practice").Text("Practise: "),
				app.Select().ID("gen-practice").Class("select").OnChange(r.onPracticeChange).Body(
					app.Option().Value("").Text("any technique").Selected(r.gen.practice == ""),
					app.Range(practiceTechniques).Slice(func(i int) app.UI {
						t := practiceTechniques[i]
						return app.Option().Value(t.ShortName()).Text(t.String() + " (" + t.Level().String() + ")").
							Selected(t.ShortName() == r.gen.practice)
					}),
				),
			),
		),
		app.Div().Class("row-controls").Body(
			app.Button().ID("new-puzzle").Class("btn primary").Text("New puzzle").Disabled(r.gen.busy).
				Title("Make a new puzzle at this level, with these rules, in your browser").OnClick(r.onNewPuzzleClick),
			app.Button().ID("daily").Class("btn").Text("Daily puzzle").Disabled(r.gen.busy).
				Title("Today's puzzle: the same for everyone, standard rules").OnClick(r.onDailyClick),
		),
	)
}

func (r *Root) onNewPuzzleClick(ctx app.Context, e app.Event) { r.onNewPuzzle(ctx) }
func (r *Root) onDailyClick(ctx app.Context, e app.Event)     { r.onDaily(ctx) }
