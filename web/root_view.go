package web

import (
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// Render lays out the page. It only reads the state prepared by the handlers.
func (r *Root) Render() app.UI {
	mainClass := "app"
	if r.ready {
		mainClass += " ready"
	}
	return app.Main().Class(mainClass).ID("app").Body(
		app.Header().Class("top").Body(
			app.H1().Class("title").Text("Sudoku"),
			app.P().Class("tagline").Text("Type or paste a puzzle; the solver runs in your browser, offline too."),
		),
		app.If(r.update,
			app.Div().Class("banner").Role("status").Body(
				app.Span().Text("A new version of the app is ready."),
				app.Button().ID("update").Class("btn primary").Text("Update now").OnClick(r.onUpdateClick),
			),
		),
		app.Div().Class("play").Body(
			&board{
				Cells:    r.cellViews(),
				Selected: r.selected,
				Diagonal: r.game.Diagonal,
				Editing:  r.editing,
				OnSelect: r.onSelect,
				OnKey:    r.onKey,
			},
			app.Div().Class("side").Body(
				app.P().ID("count").Class("count "+r.countClass()).Role("status").Text(r.countText()),
				&keypad{OnDigit: r.onKeypad},
				app.Div().Class("controls").Body(
					app.Button().ID("solve").Class("btn primary").Text("Solve").
						Title("Fill in the solution").OnClick(r.onSolveClick),
					app.Button().ID("check").Class("btn").Text("Check").
						Title("Do my digits agree with the solution?").OnClick(r.onCheckClick),
					app.Button().ID("hint").Class("btn").Text("Hint").
						Title("Explain the next step, or point out a wrong digit").OnClick(r.onHintClick),
					app.Button().ID("clear").Class("btn").Text("Clear").
						Title("Remove my digits, keep the clues").OnClick(r.onClearClick),
					app.Button().ID("reset").Class("btn").Text("Reset").
						Title("Empty the whole board").OnClick(r.onResetClick),
					app.Button().ID("edit").Class("btn").Text(r.editLabel()).
						Aria("pressed", r.editing).OnClick(r.onEditClick),
				),
				app.Label().Class("toggle").Body(
					app.Input().ID("diagonal").Type("checkbox").Checked(r.game.Diagonal).OnChange(r.onDiagonalChange),
					app.Span().Text(" Diagonal sudoku (shaded diagonals hold 1–9 once)"),
				),
				app.If(r.msg != "",
					app.P().ID("message").Class("message "+r.msgKind).Role(r.msgRole()).Text(r.msg),
				),
				app.If(r.storeMsg != "",
					app.Div().ID("storage").Class("message error").Role("alert").Body(
						app.Span().Text(r.storeMsg+" "),
						app.If(r.saveBlocked,
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
				Text(r.pasteText).OnChange(r.onPasteChange),
			app.Div().Class("row-controls").Body(
				app.Button().ID("load").Class("btn").Text("Load puzzle").OnClick(r.onLoadClick),
				app.Button().ID("copy-link").Class("btn").Text("Copy link").OnClick(r.onCopyClick),
				app.Label().Class("toggle").Body(
					app.Input().ID("with-digits").Type("checkbox").Checked(r.withDigits).OnChange(r.onWithDigitsChange),
					app.Span().Text(" include my digits"),
				),
			),
			app.Input().ID("link").Class("link").Type("text").ReadOnly(true).Value(r.link).
				Aria("label", "Share link"),
		),
		app.Footer().Class("foot").Body(
			app.Span().ID("version").Text("Version "+app.Getenv("GOAPP_VERSION")),
		),
	)
}

// cellViews is what the board shows of each cell.
func (r *Root) cellViews() [81]cellView {
	var cv [81]cellView
	for i := range cv {
		c := &cv[i]
		if d := r.game.Clues[i]; d != 0 {
			c.Digit, c.Clue = d, true
		} else {
			c.Digit = r.game.Entries[i]
			c.Solved = r.solved && c.Digit != 0
		}
		c.Conflict = r.conflicts[i]
		c.Wrong = r.wrong[i]
		c.Hint = r.hintCells[i]
		c.HintTarget = r.hintTargets[i]
	}
	return cv
}

func (r *Root) countText() string {
	if r.countErr != "" {
		return "The clues conflict: " + r.countErr + "."
	}
	text := r.count.Describe(r.game.Clues.Clues())
	if r.entryErr != "" {
		text += " Your digits clash: " + r.entryErr + "."
	}
	return text
}

func (r *Root) countClass() string {
	if r.entryErr != "" {
		return "bad" // the clues may be fine, but the player's digits clash
	}
	switch r.count {
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
	if r.msgKind == msgError {
		return "alert"
	}
	return "status"
}

func (r *Root) onSolveClick(ctx app.Context, e app.Event) { r.solve(ctx) }
func (r *Root) onCheckClick(ctx app.Context, e app.Event) { r.check(ctx) }
func (r *Root) onHintClick(ctx app.Context, e app.Event)  { r.hint(ctx) }
func (r *Root) onClearClick(ctx app.Context, e app.Event) { r.clear(ctx) }
func (r *Root) onResetClick(ctx app.Context, e app.Event) { r.reset(ctx) }
func (r *Root) onEditClick(ctx app.Context, e app.Event)  { r.toggleEditing(ctx) }
func (r *Root) onUpdateClick(ctx app.Context, e app.Event) {
	ctx.Reload()
}
func (r *Root) onResumeClick(ctx app.Context, e app.Event) { r.resumeSaving(ctx) }

func (r *Root) onDiagonalChange(ctx app.Context, e app.Event) {
	r.setDiagonal(ctx, ctx.JSSrc().Get("checked").Bool())
}

func (r *Root) onWithDigitsChange(ctx app.Context, e app.Event) {
	r.withDigits = ctx.JSSrc().Get("checked").Bool()
	r.link = r.shareLink(ctx)
}

func (r *Root) onPasteChange(ctx app.Context, e app.Event) {
	r.pasteText = ctx.JSSrc().Get("value").String()
}

func (r *Root) onLoadClick(ctx app.Context, e app.Event) {
	if app.IsClient {
		r.pasteText = app.Window().GetElementByID("paste").Get("value").String()
	}
	r.loadText(ctx, r.pasteText)
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
	r.link = r.shareLink(ctx)
	if !app.IsClient {
		return
	}
	clip := app.Window().Get("navigator").Get("clipboard")
	if !clip.Truthy() {
		r.say(msgInfo, "Copy the link from the field below.")
		return
	}
	p := clip.Call("writeText", r.link)
	ok := app.FuncOf(func(this app.Value, args []app.Value) any {
		ctx.Dispatch(func(ctx app.Context) { r.say(msgOK, "Link copied.") })
		return nil
	})
	fail := app.FuncOf(func(this app.Value, args []app.Value) any {
		ctx.Dispatch(func(ctx app.Context) { r.say(msgInfo, "Copy the link from the field below.") })
		return nil
	})
	p.Call("then", ok, fail)
}

// cellLabel is what a screen reader says for a cell.
func cellLabel(i int, d uint8) string {
	v := "empty"
	if d != 0 {
		v = string(rune('0' + d))
	}
	return "row " + string(rune('1'+i/9)) + ", column " + string(rune('1'+i%9)) + ", " + v
}
