package web

import (
	"strconv"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"sudoku/solver"
	"sudoku/solver/trace"
	"sudoku/web/worker"
)

// watchPanel is "Watch the solver": it takes the board's place while open,
// has the engine's worker record a traced solve of the clues it is given,
// and replays it on a read-only board (the board component, with the
// replay's cells) with Play/Pause, Step, Step back, Restart, a speed and an
// engine.
// Unlike the board it keeps state (the recorded trace and the replay's
// position), which is not the game's: closing it leaves the game untouched.
// Its timer repaints only the panel.
type watchPanel struct {
	app.Compo

	Clues   solver.Grid
	Variant *solver.Variant
	Custom  *solver.Rules // a variant puzzle's own rules, or nil
	OnClose func(ctx app.Context)
	Engine  func(ctx app.Context) *worker.Client // the engine's worker, which records

	m         *watchModel
	forClues  solver.Grid     // the clues of the trace shown or being recorded
	forRules  *solver.Variant // and their variant
	forCustom *solver.Rules   // or their own rules
	recording bool
	problem   string        // why nothing could be recorded
	announce  string        // the polite live region: the event, after a step only
	halt      chan struct{} // closed to stop the playback goroutine
	rows      int           // the grid's rows mounted so far (mountRows)

	// shown is the grid's cells as last drawn (gridCells), for shownAt:
	// a render that moves nothing in the replay (a row mounted, the
	// trace's answer, a button) computes no cell and gives the board the
	// same pointer, which go-app's comparison then skips.
	shown   *[81]cellView
	shownAt watchAt
}

// watchAt is what the replay grid's cells follow: the model, its trace,
// and the position in it (the replay at a position is always the same).
type watchAt struct {
	m          *watchModel
	trace      *trace.Trace
	pos, total int
}

// gridCells returns the cells of the replay at the model's position: the
// cells drawn last while the position is the same, or when the cells are.
func (p *watchPanel) gridCells() *[81]cellView {
	at := watchAt{p.m, p.m.trace, p.m.pos, p.m.total()}
	if p.shown != nil && at == p.shownAt {
		return p.shown
	}
	p.shownAt = at
	if cv := p.cells(); p.shown == nil || cv != *p.shown {
		p.shown = &cv
	}
	return p.shown
}

// watchRows is how many rows of the replay grid mount in one task: its 81
// cells, each with its candidates, mounted at once held the page's thread
// 80-100 ms (a CPU profile of make measure's Watch, at a load of 7); three
// rows a task still made tasks over 50 ms (make profile, 2026-11-26).
const watchRows = 1

// mountRows mounts the grid's next rows after a pause, so that the page
// paints and takes keys in between, until every row is mounted.
func (p *watchPanel) mountRows(ctx app.Context) {
	if p.rows >= 9 {
		return
	}
	ctx.Defer(func(ctx app.Context) {
		ctx.Async(func() {
			time.Sleep(listPause)
			ctx.Dispatch(func(ctx app.Context) {
				p.rows += watchRows
				p.mountRows(ctx)
			})
		})
	})
}

// OnMount records the trace with the propagation engine. Reduced motion is
// read from the browser once, here.
func (p *watchPanel) OnMount(ctx app.Context) {
	p.m = newWatchModel(p.Clues, p.Variant, p.Custom, watchEngines[0].name)
	if app.IsClient {
		p.m.reduced = app.Window().Call("matchMedia", "(prefers-reduced-motion: reduce)").Get("matches").Bool()
	}
	p.rows = watchRows
	p.mountRows(ctx)
	p.startRecording(ctx, p.m.engine)
	focusSoon("watch-title")
}

// OnUpdate records again when the page's clues or rules changed while the
// panel is open (a puzzle pasted anywhere): the replay is always of the
// game's puzzle.
func (p *watchPanel) OnUpdate(ctx app.Context) {
	if p.m == nil || (p.Clues == p.forClues && p.Variant == p.forRules && sameRules(p.Custom, p.forCustom)) {
		return
	}
	p.startRecording(ctx, p.m.engine)
}

// OnDismount stops the playback timer.
func (p *watchPanel) OnDismount() { p.pause() }

// startRecording has the engine's worker record the trace for engine once
// the page shows "Recording…"; the solve is bounded (watchBudget,
// watchTime, watchMaxEvents), and the page's thread stays free meanwhile.
// An answer for clues that changed in between is dropped.
func (p *watchPanel) startRecording(ctx app.Context, engine string) {
	p.pause()
	p.recording, p.problem, p.announce = true, "", ""
	p.forClues, p.forRules, p.forCustom = p.Clues, p.Variant, p.Custom
	old := p.m
	p.m = newWatchModel(p.Clues, p.Variant, p.Custom, engine) // an empty grid while recording
	p.m.reduced, p.m.speed = old.reduced, old.speed
	clues, rules, custom := p.Clues, p.Variant, p.Custom
	m := newWatchModel(clues, rules, custom, old.engine)
	m.reduced, m.speed = old.reduced, old.speed
	if err := m.setEngine(engine); err != nil {
		p.recording, p.problem = false, "Nothing to watch: "+err.Error()+"."
		return
	}
	req := m.traceRequest()
	ctx.Defer(func(ctx app.Context) {
		ctx.Async(func() {
			time.Sleep(genFirstPaint)
			ctx.Dispatch(func(ctx app.Context) {
				if p.forClues != clues || p.forRules != rules || p.forCustom != custom || p.Engine == nil {
					return // the clues changed meanwhile: a newer recording is under way
				}
				p.Engine(ctx).Do(req, func(resp worker.Response) {
					ctx.Dispatch(func(ctx app.Context) {
						if p.forClues != clues || p.forRules != rules || p.forCustom != custom {
							return
						}
						err := m.take(resp)
						p.recording = false
						p.m = m
						if err != nil {
							p.problem = "Nothing to watch: " + err.Error() + "."
						}
					})
				})
			})
		})
	})
}

// pause stops playback and its timer.
func (p *watchPanel) pause() {
	if p.halt != nil {
		close(p.halt)
		p.halt = nil
	}
	if p.m != nil {
		p.m.stop()
	}
}

// play starts the playback timer: every tick it applies a batch of events
// and repaints the panel; it waits for each repaint before the next tick, so
// the page is never flooded, and stops at the end, on Pause or on close.
func (p *watchPanel) play(ctx app.Context) {
	p.pause()
	if p.recording || !p.m.play() {
		return
	}
	p.announce = ""
	halt := make(chan struct{})
	p.halt = halt
	every, batch := p.m.tick()
	ctx.Async(func() {
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-halt:
				return
			case <-t.C:
			}
			more := make(chan bool, 1)
			ctx.Dispatch(func(ctx app.Context) {
				if p.halt != halt {
					more <- false
					return
				}
				p.m.advance(batch)
				if !p.m.playing {
					p.pause()
				}
				more <- p.m.playing
			})
			select {
			case ok := <-more:
				if !ok {
					return
				}
			case <-halt:
				return
			}
		}
	})
}

func (p *watchPanel) onPlay(ctx app.Context, e app.Event) {
	if p.m.playing {
		p.pause()
		return
	}
	p.play(ctx)
}

func (p *watchPanel) onStep(ctx app.Context, e app.Event) {
	p.pause()
	if p.m.step() {
		p.announceEvent()
	}
}

func (p *watchPanel) onBack(ctx app.Context, e app.Event) {
	if p.m.back() {
		p.announceEvent()
	}
}

func (p *watchPanel) onRestart(ctx app.Context, e app.Event) {
	p.m.restart()
	p.pause()
	p.announce = "Back to the start."
}

func (p *watchPanel) onSpeed(ctx app.Context, e app.Event) {
	n, err := strconv.Atoi(ctx.JSSrc().Get("value").String())
	if err != nil {
		return
	}
	p.m.setSpeed(n)
	if p.m.playing {
		p.play(ctx) // the timer at the new speed
	}
}

func (p *watchPanel) onEngine(ctx app.Context, e app.Event) {
	p.startRecording(ctx, ctx.JSSrc().Get("value").String())
}

func (p *watchPanel) onClose(ctx app.Context, e app.Event) { p.close(ctx) }

func (p *watchPanel) close(ctx app.Context) {
	p.pause()
	if p.OnClose != nil {
		ctx.Emit(func() { p.OnClose(ctx) })
	}
}

// onKeyDown closes the panel on Escape.
func (p *watchPanel) onKeyDown(ctx app.Context, e app.Event) {
	if e.Get("key").String() == "Escape" {
		e.PreventDefault()
		p.close(ctx)
	}
}

// announceEvent puts the current event in the polite live region (steps
// only: while playing the region stays quiet).
func (p *watchPanel) announceEvent() {
	if ev, ok := p.m.current(); ok {
		p.announce = "Event " + strconv.Itoa(p.m.pos) + ": " + ev.Text(p.m.units())
	} else {
		p.announce = "Back to the start."
	}
}

func (p *watchPanel) Render() app.UI {
	m := p.m
	if m == nil { // before OnMount
		return app.Section().ID("watch-panel").Class("play watch").Aria("label", "Watch the solver")
	}
	busy := p.recording || m.trace == nil
	playLabel := "Play"
	if m.playing {
		playLabel = "Pause"
	}
	playTitle := "Play the solve (Space on the button)"
	if m.reduced {
		playTitle = "Your system asks for reduced motion: use Step"
	}
	ev, hasEv := m.current()
	eventText := "Before the first event: every cell open, every candidate in place."
	if busy {
		eventText = "Recording the solve…"
	} else if hasEv {
		eventText = ev.Text(m.units())
	}
	return app.Section().ID("watch-panel").Class("play watch").Aria("label", "Watch the solver").
		DataSet("events", m.total()).DataSet("took-us", m.took.Microseconds()).DataSet("engine", m.engine).
		DataSet("recording", p.recording).DataSet("mounted", p.rows >= 9). // every row of the grid mounted

		OnKeyDown(p.onKeyDown).Body(
		app.Div().Class("board-wrap").Body(
			&board{ID: "watch-grid", Class: "watch-board", Label: "The solver's grid", CellID: "watch-cell-", ReadOnly: true,
				Selected: -1, Cells: p.gridCells(), Diagonal: p.shaded(), Rules: m.custom, Rows: p.rows},
			app.P().ID("watch-event").Class("watch-event").Text(eventText),
		),
		app.Div().Class("side watch-side open").Body( // open: a sheet below the board on a phone, as the menu's panels
			app.H2().ID("watch-title").TabIndex(-1).Text("Watch the solver"),
			app.Div().Class("row-controls").Body(
				app.Label().For("watch-engine").Text("Engine: "),
				app.Select().ID("watch-engine").Class("select").Disabled(p.recording || m.custom != nil).OnChange(p.onEngine).Body(
					app.Range(p.engines()).Slice(func(i int) app.UI {
						e := p.engines()[i]
						return app.Option().Value(e.name).Text(e.label).Selected(e.name == m.engine)
					}),
				),
			),
			app.Div().ID("watch-controls").Class("controls").Role("group").Aria("label", "Replay").Body(
				app.Button().ID("watch-play").Class("btn primary").Text(playLabel).Title(playTitle).
					Aria("pressed", m.playing).Disabled(busy || !m.canPlay() && !m.playing).OnClick(p.onPlay),
				app.Button().ID("watch-step").Class("btn").Text("Step").Title("Show the next event").
					Disabled(busy || m.done()).OnClick(p.onStep),
				app.Button().ID("watch-back").Class("btn").Text("Step back").Title("Show the previous event").
					Disabled(busy || m.pos == 0).OnClick(p.onBack),
				app.Button().ID("watch-restart").Class("btn").Text("Restart").Title("Back to the first event").
					Disabled(busy || m.pos == 0).OnClick(p.onRestart),
				app.Button().ID("watch-close").Class("btn").Text("Close").Title("Back to your board (Escape)").OnClick(p.onClose),
			),
			app.Div().Class("row-controls").Body(
				app.Label().For("watch-speed").Text("Speed: "),
				app.Select().ID("watch-speed").Class("select").Disabled(m.reduced).OnChange(p.onSpeed).Body(
					app.Range(watchSpeeds).Slice(func(i int) app.UI {
						s := watchSpeeds[i]
						return app.Option().Value(s).Text(strconv.Itoa(s) + " events/s").Selected(s == m.speed)
					}),
				),
			),
			app.If(m.reduced,
				app.P().ID("watch-reduced").Class("message info").Text("Reduced motion is on: the replay moves only when you press Step."),
			),
			app.Dl().ID("watch-counters").Class("watch-counters").Body(
				app.Dt().Text("Events"), app.Dd().ID("watch-events").Text(strconv.Itoa(m.pos)+" / "+strconv.Itoa(m.total())),
				app.Dt().Text("Nodes"), app.Dd().ID("watch-nodes").Text(strconv.Itoa(m.counts.Nodes)),
				app.Dt().Text("Guesses"), app.Dd().ID("watch-guesses").Text(strconv.Itoa(m.counts.Guesses)),
				app.Dt().Text("Backtracks"), app.Dd().ID("watch-backtracks").Text(strconv.Itoa(m.counts.Backtracks)),
				app.Dt().Text("Depth"), app.Dd().ID("watch-depth").Text(strconv.Itoa(m.rep.Depth)),
			),
			app.Ul().Class("watch-legend").Aria("label", "Colours").Body(
				app.Li().Body(app.Span().Class("swatch clue").Aria("hidden", true).Text("5"), app.Text(" clue")),
				app.Li().Body(app.Span().Class("swatch w-naked").Aria("hidden", true).Text("5"), app.Text(" naked single (eliminations left one)")),
				app.Li().Body(app.Span().Class("swatch w-hidden").Aria("hidden", true).Text("5"), app.Text(" hidden single (only place in a unit)")),
				app.Li().Body(app.Span().Class("swatch w-guess").Aria("hidden", true).Text("5"), app.Text(" guess")),
				app.Li().Body(app.Span().Class("swatch w-undone").Aria("hidden", true).Text("5"), app.Text(" undone by a backtrack")),
			),
			app.If(m.engine == "dlx" && !busy, p.renderCover()),
			app.P().ID("watch-note").Class("message info").Role("status").Text(p.noteText()),
			app.P().ID("watch-announce").Class("sr-only").Aria("live", "polite").Text(p.announce),
		),
	)
}

func (p *watchPanel) noteText() string {
	switch {
	case p.recording:
		return "Recording the solve with " + watchEngineLabel(p.m.engine) + "…"
	case p.problem != "":
		return p.problem
	}
	return p.m.note()
}

// engines are the engines offered: the rules engine alone on a variant
// puzzle with its own rules.
func (p *watchPanel) engines() []struct{ name, label string } {
	if p.m != nil && p.m.custom != nil {
		return []struct{ name, label string }{watchRulesEngine}
	}
	return watchEngines
}

// shaded are the cells of the classic variant's extra units, which the
// board shades; a variant puzzle's rules are drawn by the board itself.
func (p *watchPanel) shaded() []bool {
	if p.m.custom != nil {
		return nil
	}
	return extraUnitCells(p.m.variant)
}

func watchEngineLabel(name string) string {
	if name == watchRulesEngine.name {
		return watchRulesEngine.label
	}
	for _, e := range watchEngines {
		if e.name == name {
			return e.label
		}
	}
	return name
}

// cells is what the replay grid shows at the model's position, drawn by
// the board component: the digits placed (classed by the rule that placed
// them), the open cells' candidates, the current event's cell and the
// candidate it removes, the cells a backtrack emptied.
func (p *watchPanel) cells() [81]cellView {
	var cv [81]cellView
	m := p.m
	ev, hasEv := m.current()
	n := m.size()
	var sums []bool
	if m.custom != nil {
		sums = cageSumCells(m.custom)
	}
	for i := range n * n {
		c := &cv[i]
		if m.custom != nil {
			c.Size = n
			if sums[i] {
				c.Mark = "cage-sum" // its corner marks make room for the sum
			}
		}
		c.Digit = m.rep.Grid[i]
		if c.Digit != 0 {
			c.Placed = watchRuleClass(m.rep.By[i])
		} else {
			c.Corner = marks(m.rep.Cand[i])
		}
		c.Undone = m.undone[i]
	}
	if hasEv && ev.Cell >= 0 && ev.Cell < n*n {
		cv[ev.Cell].Current = true
		if ev.Kind == trace.KindEliminate && ev.Digit >= 1 && ev.Digit <= n {
			cv[ev.Cell].HintElim = markOf(uint8(ev.Digit))
			cv[ev.Cell].HintMarks = cv[ev.Cell].HintElim
		}
	}
	for i := range n * n {
		cv[i].Label = watchCellLabel(m.cellName(i), cv[i])
	}
	return cv
}

// renderCover is the dlx side panel: the columns and rows left in the
// exact-cover matrix, the column chosen at each depth of the current path,
// and a map of the constraint columns, met or open.
func (p *watchPanel) renderCover() app.UI {
	m := p.m
	v := m.variant
	maxCols, maxRows := 81+9*v.NumUnits(), 729
	cols, rows := maxCols, maxRows
	for i := m.pos - 1; i >= 0; i-- {
		if e := m.trace.Events[i]; e.Columns > 0 || e.Rows > 0 {
			cols, rows = e.Columns, e.Rows
			break
		}
	}
	cv := watchCover{NumUnits: v.NumUnits()}
	for c := range 81 {
		if d := m.rep.Grid[c]; d != 0 {
			cv.Cells[c] = true
			for _, u := range v.UnitsOf(c) {
				cv.Units[u] |= 1 << (d - 1)
			}
		}
	}
	path := m.path
	skip := max(0, len(path)-6)
	return app.Div().ID("watch-cover").Class("watch-cover").Role("group").Aria("label", "Exact cover").Body(
		app.H3().Text("Exact cover"),
		app.Div().Class("cover-bar").Body(
			app.Label().For("watch-cols").Text("Columns left: "),
			app.Meter().ID("watch-cols").Min(0).Max(maxCols).Value(cols),
			app.Span().ID("watch-cols-n").Text(" "+strconv.Itoa(cols)+" of "+strconv.Itoa(maxCols)),
		),
		app.Div().Class("cover-bar").Body(
			app.Label().For("watch-rows").Text("Rows left: "),
			app.Meter().ID("watch-rows").Min(0).Max(maxRows).Value(rows),
			app.Span().ID("watch-rows-n").Text(" "+strconv.Itoa(rows)+" of "+strconv.Itoa(maxRows)),
		),
		&cv,
		app.If(len(path) == 0, app.P().Class("cover-path").Text("No branch yet.")).
			Else(app.Ol().ID("watch-path").Class("cover-path").Aria("label", "Columns branched on, by depth").Body(
				app.Range(path[skip:]).Slice(func(i int) app.UI {
					e := path[skip+i]
					return app.Li().Text("depth " + strconv.Itoa(e.Depth) + ": " + e.Column + " (" + plural(e.Size, "row") + ")")
				}),
			)),
	)
}

// watchCellLabel names a replay cell, called name, for screen readers.
func watchCellLabel(name string, c cellView) string {
	if c.Digit != 0 {
		how := map[string]string{"clue": "clue", "w-naked": "naked single", "w-hidden": "hidden single", "w-guess": "guess"}[c.Placed]
		if how == "" {
			how = "placed"
		}
		return name + ": " + strconv.Itoa(int(c.Digit)) + ", " + how
	}
	s := name + ": open"
	if c.Corner != 0 {
		s += ", candidates " + digitsText(c.Corner)
	}
	if c.Undone {
		s += ", just undone"
	}
	return s
}

// watchCover is the map of the exact-cover columns: one line per kind of
// constraint (cell; row, column, box and the variant's extra units, each
// with a digit), a square per column, shaded when a placed digit meets it.
// The numbers beside it say the same for screen readers.
type watchCover struct {
	app.Compo

	NumUnits int
	Cells    [81]bool
	Units    [29]uint16 // digits placed in each unit, bit d-1 for d
}

func (w *watchCover) Render() app.UI {
	type line struct {
		name  string
		on    []bool
		count int
	}
	cells := line{name: "cell"}
	for _, on := range w.Cells {
		cells.on = append(cells.on, on)
		if on {
			cells.count++
		}
	}
	lines := []line{cells}
	groups := []struct {
		name     string
		from, to int
	}{{"row-digit", 0, 9}, {"column-digit", 9, 18}, {"box-digit", 18, 27}, {"diagonal-digit", 27, w.NumUnits}}
	for _, g := range groups {
		if g.to <= g.from {
			continue
		}
		l := line{name: g.name}
		for u := g.from; u < g.to && u < len(w.Units); u++ {
			for d := range 9 {
				on := w.Units[u]&(1<<d) != 0
				l.on = append(l.on, on)
				if on {
					l.count++
				}
			}
		}
		lines = append(lines, l)
	}
	return app.Div().ID("watch-cover-map").Class("cover-map").Body(
		app.Range(lines).Slice(func(i int) app.UI {
			l := lines[i]
			return app.Div().Class("cover-line").Body(
				app.Span().Class("cover-name").Text(l.name+" "+strconv.Itoa(l.count)+"/"+strconv.Itoa(len(l.on))),
				app.Div().Class("cover-cols cover-"+strconv.Itoa(len(l.on))).Aria("hidden", true).Body(
					app.Range(l.on).Slice(func(k int) app.UI {
						if l.on[k] {
							return app.Span().Class("col met")
						}
						return app.Span().Class("col")
					}),
				),
			)
		}),
	)
}

// openWatch shows the Watch panel in the board's place; the panel takes
// the focus when it mounts.
func (r *root) openWatch(ctx app.Context) {
	r.watching = true
}

// closeWatch gives the board back, as the player left it, and the focus to
// the Watch button.
func (r *root) closeWatch(ctx app.Context) {
	r.watching = false
	focusSoon("watch")
}

// focusSoon focuses the element with the given id once the page shows it:
// go-app updates the page after the handler, so it tries again every 20 ms,
// up to 5 seconds (a busy phone may take more than one to draw the change).
// It never takes the focus from where the player has put it meanwhile: it
// gives up once the focus is on another element than at the call (the
// page's body, where a hidden element leaves it, does not count).
func focusSoon(id string) {
	if !app.IsClient {
		return
	}
	doc := app.Window().Get("document")
	was := doc.Get("activeElement")
	tries := 0
	var f app.Func
	f = app.FuncOf(func(this app.Value, args []app.Value) any {
		el := app.Window().GetElementByID(id)
		now := doc.Get("activeElement")
		moved := now.Truthy() && !now.Equal(was) && !now.Equal(doc.Get("body")) && !now.Equal(el)
		if moved {
			// the player chose where the focus goes
		} else if el.Truthy() && el.Get("offsetParent").Truthy() {
			el.Call("focus")
		} else if tries++; tries < 250 {
			app.Window().Call("setTimeout", f, 20)
			return nil
		}
		f.Release()
		return nil
	})
	app.Window().Call("setTimeout", f, 0)
}

// plural is "1 row", "2 rows".
func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}
