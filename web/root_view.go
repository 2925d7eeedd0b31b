package web

import (
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"sudoku/solver"
)

// Render lays out the page from the state derive prepared. It only reads.
// The play screen is the board, the mode switch and keypad, and one slim
// bar (undo, redo, hint, the clock, the menu); the menu opens the panels
// (panel.go), beside the board on a desktop and as a sheet over the keypad
// on a phone.
func (r *root) Render() app.UI {
	renders.add("root")
	mainClass := "app"
	if r.ready && r.nav.opening == "" { // a link's puzzle read by the worker is on the board
		mainClass += " ready"
	}
	if r.store == nil { // before the first navigation
		return app.Main().Class(mainClass).ID("app")
	}
	g := &r.view.game
	c := r.callbacks()
	sideClass, playClass := "side", "play"
	if r.menu || r.panel != "" {
		sideClass += " open"
	}
	if r.watching {
		playClass += " watching" // the replay takes the width; the menu waits
	}
	return app.Main().Class(mainClass).ID("app").Body(
		app.Header().Class("top").Body(
			app.H1().Class("title").Text("Sudoku"),
		),
		app.If(r.update,
			app.Div().Class("banner").Role("status").Body(
				app.Span().Text("A new version of the app is ready."),
				app.Button().ID("update").Class("btn primary").Text("Update now").OnClick(r.onUpdateClick),
			),
		),
		app.Div().Class(playClass).Body(
			app.Div().Class("game").Body(
				// Watch and the scan review take the board's place. Each has a
				// hidden stand-in while closed: an element that came and went
				// before the board would make go-app mount the board (and its
				// 81 cells) again after it, which was most of the task that
				// opens Watch (make profile, 2026-11-26).
				app.If(r.watching, &watchPanel{Clues: g.Clues, Variant: g.Rules(), Custom: g.Custom, OnClose: r.closeWatch, Engine: r.jobs.worker}).
					Else(app.Div().Hidden(true)),
				r.scanView(c),
				app.Div().Class("board-wrap").Hidden(r.watching || r.scan.open).OnDragEnter(r.onDragEnter).OnDragOver(onDragOver).OnDrop(r.onDrop).Body(
					&board{
						Cells:     r.boardCells(),
						Selected:  r.selected,
						Diagonal:  shadedCells(g),
						Rules:     g.Custom,
						Editing:   r.editing,
						Shade:     r.shade(),
						Links:     r.explain.links(),
						OnSelect:  c.selectCell,
						OnCommand: c.command,
					},
				),
				app.P().ID("announce").Class("sr-only").Aria("live", "polite").Text(r.status.announce),
				&summary{Open: r.summaryOpen, Played: r.summaryPlayed(), Info: r.summaryInfo(), On: c.ui},
				app.Div().Class("pad").Hidden(r.watching || r.summaryOpen).Body(
					app.If(!r.scan.open, &modeSwitch{Mode: r.mode, OnChange: c.mode}),
					&keypad{Remaining: r.keypadLeft(), Max: r.keypadMax(), Highlight: r.highlight, HideLeft: r.profile.prefs.HideRemaining, OnDigit: c.digit},
				),
				app.Div().Class("bar").Hidden(r.scan.open).Body(
					&toolbar{ID: "history", Label: "Play", Buttons: []toolButton{
						{ID: "undo", Text: "Undo", Title: "Undo (Ctrl+Z)", Disabled: !r.store.CanUndo(), OnClick: c.undo},
						{ID: "redo", Text: "Redo", Title: "Redo (Ctrl+Shift+Z or Ctrl+Y)", Disabled: !r.store.CanRedo(), OnClick: c.redo},
						{ID: "hint", Text: "Hint", Title: "Explain the next step, or point out a mistake", OnClick: c.hint},
						{ID: "menu", Text: "Menu", Title: "New game, solver, share, settings, statistics, help", Pressed: pressed(r.menu || r.panel != ""), OnClick: c.menu},
					}},
					&clockView{
						Shown:   formatClock(r.clock.shown),
						Paused:  r.clock.paused,
						Running: r.clock.running(),
						OnPause: c.pause,
					},
				),
				// Always in the page, hidden when empty: an element that came and
				// went would make go-app mount its siblings again, and a live region
				// is heard best when it waits. Below the bar, so that a message that
				// comes or goes (one line or three) never moves the keypad or the
				// bar under the player's finger.
				app.P().ID("message").Class("message "+r.status.kind).Role(r.msgRole()).
					Hidden(r.status.msg == "" || r.scan.open).Text(r.status.msg),
				// A variant puzzle's rules in words, below the play controls so
				// that a phone keeps the board, keypad and bar in view.
				app.If(g.Custom != nil && !r.watching, &rulesText{Rules: g.Custom, Title: g.Title, Author: g.Author}),
			),
			app.Aside().ID("side").Class(sideClass).Hidden(r.watching).Aria("label", "Menu and panels").Body(
				&menu{Open: r.panel, On: c.ui},
				&startPanel{Open: r.panel == panelStart, Level: r.gen.levelName(), Practice: r.gen.practice, Busy: r.jobs.generating,
					Rules: g.Rules().Name, Custom: g.Custom != nil, Editing: r.editing, On: c.ui,
					Continue: g.Board().Clues() > 0 || g.Custom != nil},
				&solverPanel{Open: r.panel == panelSolver, Count: r.countText(), CountClass: r.countClass(), Explain: r.explain, On: c.ui},
				r.sharePanel(c.ui),
				&settingsPanel{Open: r.panel == panelSettings, Settings: r.profile.prefs, Export: r.profile.exportURL, On: c.ui},
				r.statsPanel(c.ui),
				&helpPanel{Open: r.panel == panelHelp, On: c.ui},
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
		app.Footer().Class("foot").Body(
			app.Span().ID("version").Text("Version "+app.Getenv("GOAPP_VERSION")),
		),
	)
}

// scanView is the scan review while it is open, else its hidden stand-in;
// the review's cells are made only while it is open.
func (r *root) scanView(c *rootCallbacks) app.UI {
	if !r.scan.open {
		return app.Div().Hidden(true)
	}
	return &scanPanel{Photo: r.scan.photo, Busy: r.scan.busy, Failed: r.scan.failed, Msg: r.scan.msg,
		Reading: r.scan.reading, Cells: r.scan.cells(), Selected: r.scan.selected,
		OnSelect: c.scanSelect, OnKey: c.scanCommand, On: c.ui}
}

// rootCallbacks are the root's callbacks to its components, made once
// (see callback).
type rootCallbacks struct {
	ui                     uiHandler
	selectCell, scanSelect *callback[func(app.Context, int)]
	command, scanCommand   *callback[func(app.Context, command)]
	mode                   *callback[func(app.Context, mode)]
	digit                  *callback[func(app.Context, uint8)]
	undo, redo, hint, menu *callback[func(app.Context)]
	pause                  *callback[func(app.Context)]
}

// callbacks returns the root's callbacks, made at the first render.
func (r *root) callbacks() *rootCallbacks {
	if r.calls == nil {
		r.calls = &rootCallbacks{
			ui:          &callback[func(app.Context, uiEvent)]{r.onUI},
			selectCell:  &callback[func(app.Context, int)]{r.onSelect},
			scanSelect:  &callback[func(app.Context, int)]{r.scan.onSelect},
			command:     &callback[func(app.Context, command)]{r.onCommand},
			scanCommand: &callback[func(app.Context, command)]{r.scan.onCommand},
			mode:        &callback[func(app.Context, mode)]{r.setMode},
			digit:       &callback[func(app.Context, uint8)]{r.onKeypad},
			undo:        &callback[func(app.Context)]{r.undo},
			redo:        &callback[func(app.Context)]{r.redo},
			hint:        &callback[func(app.Context)]{r.hint},
			menu:        &callback[func(app.Context)]{r.toggleMenu},
			pause:       &callback[func(app.Context)]{r.togglePause},
		}
	}
	return r.calls
}

// sharePanel is the Share panel; closed, it holds no link, so that it is
// not rendered again at every change of the game.
// statsPanel is the statistics panel: its table only while it is open, so
// that a key or a game's start computes and renders no table in a closed
// panel (the first table was a part of the task that loads a puzzle).
func (r *root) statsPanel(on uiHandler) *statsPanel {
	if r.panel != panelStats {
		return &statsPanel{On: on}
	}
	return &statsPanel{Open: true, Rows: r.profile.stats.rows(), Daily: r.profile.stats.Daily, Today: time.Now().Format(time.DateOnly), On: on}
}

func (r *root) sharePanel(on uiHandler) *sharePanel {
	if r.panel != panelShare {
		return &sharePanel{On: on}
	}
	return &sharePanel{Open: true, Link: r.share.link, WithProgress: r.share.withProgress, TooLong: r.share.tooLong, On: on}
}

// summaryInfo is the game the completion summary tells of: none while it
// is closed (see summaryPlayed).
func (r *root) summaryInfo() gameInfo {
	if !r.summaryOpen {
		return gameInfo{}
	}
	return r.info
}

// summaryPlayed is the time the completion summary shows: none while it is
// closed, so that the closed summary is not rendered again at every key.
func (r *root) summaryPlayed() time.Duration {
	if !r.summaryOpen {
		return 0
	}
	return r.clock.played(time.Now())
}

func pressed(on bool) int {
	if on {
		return 2
	}
	return 1
}

// pageVariants are the variants the page offers: the solver's known ones.
var pageVariants = solver.Variants()

// variantLabel is a variant's name as the rules select shows it
// ("Diagonal"); the option's title gives its rule sentence.
func variantLabel(v *solver.Variant) string {
	return strings.ToUpper(v.Name[:1]) + v.Name[1:]
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

// cellViews is what the board shows of each cell. The shading around the
// selection and of the highlighted digit is the board's (boardShade, from
// shade): a cell says only what can still go in it and, when highlighting,
// whether it is a peer of the selected cell outside its row, column and
// box (a diagonal's cells), which the grid's classes do not cover.
func (r *root) cellViews() [81]cellView {
	var cv [81]cellView
	g := &r.view.game
	var sol solver.Grid
	checkLive := false
	if r.mistakes {
		sol, checkLive = r.view.sol.unique()
	}
	if !r.profile.prefs.NoHighlight && r.selected < g.cells() {
		n, sel := g.size(), r.selected
		boxes := cellBoxes(g.Custom)
		for _, p := range g.peers(sel) {
			if p/n != sel/n && p%n != sel%n && (boxes[p] < 0 || boxes[p] != boxes[sel]) {
				cv[p].Peer = true
			}
		}
	}
	var notes []string
	if g.Custom != nil {
		notes = r.view.notes
	}
	for i := range g.cells() {
		c := &cv[i]
		if g.Custom != nil {
			c.Size, c.Notes = g.size(), notes[i]
			if r.view.sumCells[i] {
				c.Mark = "cage-sum" // its corner marks make room for the sum
			}
		}
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
		if c.Digit == 0 {
			if c.Corner != 0 || c.Centre != 0 {
				c.Could = c.Corner | c.Centre
			} else {
				c.Could = r.view.candidates[i]
			}
		}
	}
	r.explain.draw(&cv) // the Explain panel's step, when one is shown
	return cv
}

// boardCells is the board's cells (cellViews): the same array as at the
// last render while no cell changed, so that go-app, comparing the board's
// fields, compares two pointers instead of 81 cells field by field.
func (r *root) boardCells() *[81]cellView {
	cv := r.cellViews()
	if r.shown == nil || *r.shown != cv {
		r.shown = &cv
	}
	return r.shown
}

// shade is what the board shades around the selection: with the highlight
// setting on, the selected cell's row, column and box and the highlighted
// digit's cells (and where it can still go); the highlighted digit's
// corner marks in any case.
func (r *root) shade() boardShade {
	s := boardShade{Marks: r.highlight}
	if !r.profile.prefs.NoHighlight {
		s.Peers, s.Same = true, r.highlight
	}
	return s
}

func (r *root) countText() string {
	if r.view.countErr != "" {
		return "The clues conflict: " + r.view.countErr + "."
	}
	g := &r.view.game
	blank := g.Clues.Clues() == 0 && (g.Custom == nil || len(g.Custom.Constraints) == 0)
	text := r.view.sol.count().Describe(blank)
	if r.view.entryErr != "" {
		text += " Your digits clash: " + r.view.entryErr + "."
	}
	return text
}

func (r *root) countClass() string {
	if r.view.entryErr != "" {
		return "bad" // the clues may be fine, but the player's digits clash
	}
	switch r.view.sol.count() {
	case countUnique:
		return "unique"
	case countConflict, countNone:
		return "bad"
	}
	return "open"
}

func (r *root) msgRole() string {
	if r.status.kind == msgError {
		return "alert"
	}
	return "status"
}

func (r *root) setMode(ctx app.Context, m mode) { r.mode = m }

func (r *root) onUpdateClick(ctx app.Context, e app.Event) { ctx.Reload() }
func (r *root) onResumeClick(ctx app.Context, e app.Event) { r.resumeSaving(ctx) }

// onWindowPaste loads a puzzle pasted anywhere but in a text field.
func (r *root) onWindowPaste(ctx app.Context, e app.Event) {
	tag := strings.ToLower(e.Get("target").Get("tagName").String())
	if tag == "textarea" || tag == "input" {
		return
	}
	data := e.Get("clipboardData")
	if !data.Truthy() {
		return
	}
	e.PreventDefault()
	if f := pictureFile(data); f != nil {
		r.scanPicture(ctx, f) // a screenshot or a photo pasted: read it
		return
	}
	r.loadText(ctx, data.Call("getData", "text").String(), nil)
}

// onCopyClick copies the share link to the clipboard; the link also stays
// visible in the field below for copying by hand.
func (r *root) copyLink(ctx app.Context) {
	r.share.link = r.share.linkFor(ctx, r.store.Game(), &r.nav.texts)
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
		dispatchTo(ctx, r, func(ctx app.Context) { r.say(msgOK, txtCopied) })
		return nil
	})
	fail := app.FuncOf(func(this app.Value, args []app.Value) any {
		dispatchTo(ctx, r, func(ctx app.Context) { r.say(msgInfo, txtCopyByHand) })
		return nil
	})
	p.Call("then", ok, fail)
}

// onDragEnter readies the photo reader when something is dragged over the
// board: it may be a picture to drop.
func (r *root) onDragEnter(ctx app.Context, e app.Event) { r.jobs.worker(ctx).Warm() }

// onDragOver lets a picture be dropped on the board.
func onDragOver(ctx app.Context, e app.Event) { e.PreventDefault() }

// onDrop reads a picture dropped on the board.
func (r *root) onDrop(ctx app.Context, e app.Event) {
	e.PreventDefault()
	if f := pictureFile(e.Get("dataTransfer")); f != nil {
		r.scanPicture(ctx, f)
	} else {
		r.say(msgError, "Drop a photo or a screenshot of a puzzle on the board to read it.")
	}
}

// keypadLeft is how many of each digit the keypad says are left: of the
// game, or of the scanned puzzle under review.
func (r *root) keypadLeft() [10]int {
	if !r.scan.open {
		return r.view.remaining
	}
	var n [10]int
	for d := 1; d <= 9; d++ {
		n[d] = 9
	}
	for _, d := range r.scan.digits {
		if d != 0 && n[d] > 0 {
			n[d]--
		}
	}
	return n
}

// keypadMax is the largest digit the keypad offers: the game's size, or 9
// for a scanned puzzle under review.
func (r *root) keypadMax() uint8 {
	if r.scan.open {
		return 9
	}
	return uint8(r.view.game.size())
}
