package web

import (
	"errors"
	"fmt"
	"net/url"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"sudoku/solver"
	"sudoku/web/worker"
)

// Register routes the page to the root component. cmd/app calls it before
// app.RunWhenOnBrowser.
func Register() { app.Route("/", &root{}) }

// root is the page. It owns the store (the game and its history) and the
// state of the page around it (selection, mode, timer, messages). Every
// change of the game is an Action sent to do, undo or redo, which then call
// changed: derive what the page shows, save, put the game in the address bar.
// The components (board, keypad, modeSwitch, toolbar, clock) hold no state:
// Render passes them views and callbacks.
type root struct {
	app.Compo

	calls *rootCallbacks // made once, so that the components' fields compare equal (callback)

	store     *store
	editing   bool // typed digits become clues
	selected  int  // the cell with keyboard focus
	mode      mode
	highlight uint8 // the digit shown everywhere, 0 for none
	mistakes  bool  // the optional mistake check is on
	clock     clock

	view    derived       // what the page shows of the game, from derive
	shown   *[81]cellView // the board's cells at the last render (boardCells)
	persist persistState  // the session and the address bar waiting to be written (persist.go)

	solved  bool      // the entries are the solver's (Solve)
	marks   hintMarks // what the last Check or Hint marked, cleared by any change
	status  statusLine
	share   shareState
	storage storageState
	nav     navState
	gen     genState
	explain explainState // the Explain panel (explain.go)
	jobs    engine       // the engine's Web Worker and its jobs (engine.go)

	update      bool // a new version is installed and waits for a reload
	ready       bool // mounted in a browser: the board takes input
	removePaste func()
	ticking     bool
	// redoPlayed holds, by history position, the time played on a game
	// whose ActLoad or ActClear was undone, for its redo.
	redoPlayed map[int]time.Duration

	// Watch the solver (watch_view.go): the panel takes the board's place.
	watching bool
	// The review of a scanned picture (scan.go), in the board's place too.
	scan scanState

	panel       string   // the open panel (panel.go), "" for none
	menu        bool     // the menu is shown (a phone; a desktop always shows it)
	profile     profile  // the settings and the statistics, saved apart from the game, and the export (profile.go)
	info        gameInfo // the game's level and the help taken (summary.go)
	summaryOpen bool     // the completion summary is shown
}

// statusLine is what the page says.
type statusLine struct {
	msg      string
	kind     string // msgInfo, msgOK or msgError
	announce string // what the last action's cell holds, for screen readers
}

// storageState is the state of saving to local storage.
type storageState struct {
	blocked bool   // saved data could not be read: never overwrite it
	msg     string // the last storage error, shown until a save works
}

// genState is the New puzzle control (the generator's job is the
// engine's: engine.generate).
type genState struct {
	level    string // the level select's value, a level's name
	practice string // the practice select's value: a technique's short name, or ""
}

// navState tells the page's own address bar updates from the user's.
type navState struct {
	loaded bool // the first navigation has run
	// reloaded is true from the first navigation of a reloaded page
	// until its link is loaded (load): the saved session then wins over
	// a link of the same puzzle, which may be the bar's earlier position.
	reloaded  bool
	lastQuery string // the query the page last wrote: what the address bar holds
	// pending is the query waiting to be written (the bar was written less
	// than urlEvery ago), "" for none; wrote is when the bar was last
	// written, and flush the timer that writes pending.
	pending string
	wrote   time.Time
	flush   *time.Timer
	// opening is the query of a link whose puzzle the engine's worker is
	// reading: until it answers the page saves nothing and leaves the
	// address bar alone, so that neither saved work nor the link is lost.
	opening string
	texts   texts // the worker's readings and writings (texts.go)
}

// OnMount makes the board take input, listens for pastes anywhere and
// starts the clock's display.
func (r *root) OnMount(ctx app.Context) {
	r.share.withProgress = true
	r.ready = true
	if app.IsClient {
		r.removePaste = app.Window().AddEventListener("paste", r.onWindowPaste)
		exposeRenders() // renders.go: for the measurements
		// Once the board is rendered, note when it became interactive
		// (milliseconds since navigation start), for the measurements.
		ctx.Defer(func(app.Context) {
			w := app.Window()
			w.Set("sudokuReadyAt", w.Get("performance").Call("now"))
		})
		// The engine's worker starts once the page is idle after its first
		// screen: compiling worker.wasm took the browser's threads from the
		// page for the first job when it started with it (the long task
		// of the first live count, make measure, 2026-11-26).
		onIdle(0, engineStartWait, func() {
			ctx.Dispatcher().Dispatch(app.Dispatch{Mode: app.Next, Source: r, Function: func(ctx app.Context) { r.jobs.worker(ctx).Start() }})
		})
		r.startTicking(ctx)
	}
}

// engineStartWait is the longest the engine's worker waits for the page to
// be idle after it became interactive before it starts (OnMount).
const engineStartWait = 2 * time.Second

// OnDismount stops listening for pastes.
func (r *root) OnDismount() {
	if r.removePaste != nil {
		r.removePaste()
	}
	r.ticking = false
	if r.nav.flush != nil {
		r.nav.flush.Stop()
	}
}

// saveEvery is how often, in seconds of play, the clock saves the session.
const saveEvery = 10

// startTicking repaints the clock every second while it runs.
func (r *root) startTicking(ctx app.Context) {
	r.ticking = true
	ctx.Async(func() {
		for {
			time.Sleep(time.Second)
			done := make(chan bool, 1)
			ctx.Dispatch(func(ctx app.Context) {
				if r.clock.running() {
					r.clock.tick(time.Now())
					if r.clock.shown/time.Second%saveEvery == 0 {
						r.save(ctx) // the time played survives a reload between actions
					}
				}
				done <- !r.ticking
			})
			if <-done {
				return
			}
		}
	})
}

// OnNav loads the game from the link, or else from saved work. It runs on
// the first load and when the user edits the address bar's fragment; the
// page's own address bar updates (ReplaceURL) do not trigger it.
func (r *root) OnNav(ctx app.Context) {
	u := ctx.Page().URL()
	if r.nav.loaded && u.RawQuery == r.nav.lastQuery {
		return
	}
	r.nav.reloaded = !r.nav.loaded && pageReloaded()
	r.nav.loaded = true
	r.load(ctx, u)
}

// OnAppUpdate shows that a new version is ready. go-app calls it once the
// new service worker has installed the new version; the page keeps running
// the old one until the user clicks Update (a reload).
func (r *root) OnAppUpdate(ctx app.Context) { r.update = true }

// load sets the game from the link in u, or from local storage when the link
// holds no game. Saved work whose game is the link's (a reload) is kept with
// its marks, history and time. A bad link gives an empty board and a
// message; nothing is saved until the user changes something.
func (r *root) load(ctx app.Context, u *url.URL) {
	// The bar holds u now: a query that waited for its turn (updateURL)
	// belongs to the game being replaced.
	r.nav.lastQuery, r.nav.pending = u.RawQuery, ""
	if r.nav.flush != nil {
		r.nav.flush.Stop()
		r.nav.flush = nil
	}
	g, err := gameFromLink(u.Query(), &r.nav.texts)
	if errors.Is(err, errPending) {
		r.openLink(ctx, u)
		return
	}
	r.nav.opening = ""
	reloaded := r.nav.reloaded
	r.nav.reloaded = false
	ss, saveErr := r.loadSaved(ctx)
	r.profile.load(ctx.LocalStorage())
	applyTheme(r.profile.prefs.Theme)
	switch {
	case err == nil && saveErr == nil && ss.store != nil && (sameGame(ss.store.Game(), g) || ss.link != "" && ss.link == u.RawQuery ||
		reloaded && samePuzzle(ss.store.Game(), g)):
		// A reload of the page: the address bar holds its game, or the
		// position it held when the session was saved (updateURL), or,
		// the page being reloaded, any position of its puzzle: a reload
		// that begins while the page writes the bar opens the address
		// the bar had before (the browser takes the address when the
		// reload begins: in Chromium it lagged up to 25 writes behind
		// a page writing it every few milliseconds), an earlier position
		// than the session's.
		r.restore(ss)
	case err == nil:
		r.start(newStore(g))
		r.say(msgInfo, txtFromLink)
	case errors.Is(err, errNoLink) && saveErr != nil:
		r.start(newStore(game{}))
		r.storage.blocked = true
		r.storage.msg = txtUnreadable
	case errors.Is(err, errNoLink) && ss.store != nil:
		r.restore(ss)
	case errors.Is(err, errNoLink):
		r.start(newStore(game{}))
		r.panel = panelStart // a first visit: what to play?
	default:
		r.start(newStore(game{}))
		r.say(msgError, txtBadLink(err))
	}
	if r.profile.prefsSaved {
		r.mistakes = r.profile.prefs.MistakeCheck
	} else {
		r.profile.prefs.MistakeCheck = r.mistakes
	}
	r.derive(ctx)
	r.updateURL(ctx)
}

// openLink waits for the engine's worker to read the puzzle of the link
// in u, on an empty board that nothing saves, then loads it. Another
// navigation meanwhile drops the answer.
func (r *root) openLink(ctx app.Context, u *url.URL) {
	if r.store == nil {
		r.start(newStore(game{}))
	}
	r.nav.opening = u.RawQuery
	r.say(msgInfo, txtOpening)
	r.jobs.askTexts(ctx, &r.nav.texts, func(ctx app.Context) {
		if r.nav.opening == u.RawQuery {
			r.load(ctx, u)
		}
	})
}

// sameGame reports whether a saved game is the one a link describes: same
// clues, variant and entries, and the same marks when the link has any (a
// link shared without marks matches on the digits).
func sameGame(saved, link game) bool {
	if link.HasMarks() {
		return saved.Equal(&link)
	}
	return saved.Entries == link.Entries && samePuzzle(saved, link)
}

// samePuzzle reports whether two games are of one puzzle: the same clues
// and rules, whatever the entries and marks.
func samePuzzle(a, b game) bool {
	return a.Clues == b.Clues && a.Rules() == b.Rules() && sameRules(a.Custom, b.Custom)
}

// pageReloaded reports whether the browser reloaded the page (the
// Navigation Timing entry's type), false outside a browser and where the
// browser does not say.
func pageReloaded() bool {
	if !app.IsClient {
		return false
	}
	perf := app.Window().Get("performance")
	if !perf.Truthy() || !perf.Get("getEntriesByType").Truthy() {
		return false
	}
	entries := perf.Call("getEntriesByType", "navigation")
	return entries.Length() > 0 && entries.Index(0).Get("type").String() == "reload"
}

// start puts a new store in place with a fresh page state.
func (r *root) start(s *store) {
	r.store = s
	r.clock = clock{}
	r.solved = false
	g := s.Game()
	r.editing = g.Clues.Clues() == 0 && g.Custom == nil // a variant puzzle may have no givens
	r.clearMarks()
	r.explain.dropSteps()
}

// restore puts a saved session in place.
func (r *root) restore(ss session) {
	r.start(ss.store)
	r.summaryOpen = false
	r.clock = clock{banked: time.Duration(ss.elapsed) * time.Millisecond, paused: ss.paused}
	r.editing = ss.editing
	r.mistakes = ss.mistakes
	r.info = ss.info
}

// loadSaved reads saved work: no store when nothing is saved, an error when
// the data cannot be read (it is then left in place).
func (r *root) loadSaved(ctx app.Context) (session, error) {
	var s saved
	if err := ctx.LocalStorage().Get(storageKey, &s); err != nil {
		return session{}, err
	}
	if s.Version == 0 && s.Clues == "" && s.Base == nil {
		return session{}, nil // nothing saved yet
	}
	return fromSaved(s)
}

// do applies an action from the player and reports whether it was taken.
// An action that changes nothing is dropped; one that writes over a clue
// says so.
func (r *root) do(ctx app.Context, a action) bool { return r.doAs(ctx, a, false) }

// doAs is do; bySolver says that the action is the solver's (Solve's
// fill): the entries are then the solver's, and a completion it brings is
// not the player's (no summary, no statistics).
func (r *root) doAs(ctx app.Context, a action, bySolver bool) bool {
	err := r.store.Do(a)
	switch {
	case errors.Is(err, errNoChange):
		return false
	case errors.Is(err, errOnClue):
		g := r.store.Game()
		r.say(msgInfo, txtIsClue(g.cellName(a.Cell)))
		return false
	case err != nil:
		r.say(msgError, "That change cannot be made: "+err.Error()+".")
		return false
	}
	r.redoPlayed = nil // the undone actions are gone
	r.status.msg = ""
	r.solved = bySolver
	r.changed(ctx)
	r.announceCell(a)
	return true
}

// doNewGame applies an action that starts a game afresh (ActLoad,
// ActClear): it keeps the time played so far in the action, for undo, and
// starts the clock from zero. It reports whether the action was taken.
func (r *root) doNewGame(ctx app.Context, a action) bool {
	a.Played = r.clock.played(time.Now()).Milliseconds()
	if !r.do(ctx, a) {
		return false
	}
	r.clock = clock{}
	r.derive(ctx)
	return true
}

// clockOnUndo gives back the time played on the game an undone ActLoad or
// ActClear replaced, and keeps the newer game's time for a redo.
func (r *root) clockOnUndo(a action, pos int) {
	if a.Kind != actLoad && a.Kind != actClear {
		return
	}
	if r.redoPlayed == nil {
		r.redoPlayed = map[int]time.Duration{}
	}
	r.redoPlayed[pos] = r.clock.played(time.Now())
	r.clock = clock{banked: time.Duration(a.Played) * time.Millisecond}
}

// clockOnRedo gives a redone ActLoad or ActClear the time its game had
// when it was undone (zero after a reload: that time is not saved).
func (r *root) clockOnRedo(a action, pos int) {
	if a.Kind != actLoad && a.Kind != actClear {
		return
	}
	r.clock = clock{banked: r.redoPlayed[pos]}
}

// announceCell puts what an action's cell now holds in the page's polite
// live region, so that a screen reader says a new mark or digit at once
// (the active cell's changed name alone is not re-read).
func (r *root) announceCell(a action) {
	switch a.Kind {
	case actPlace, actClue, actCorner, actCentre, actColour, actErase:
		r.status.announce = cellLabel(a.Cell, r.cellViews()[a.Cell])
	default:
		r.status.announce = ""
	}
}

// undo steps back one action and says which.
func (r *root) undo(ctx app.Context) {
	_, actions, pos := r.store.History()
	if !r.store.Undo() {
		r.say(msgInfo, txtNothingUndo)
		return
	}
	r.clockOnUndo(actions[pos-1], pos-1)
	r.solved = false
	if g := r.store.Game(); !r.changed(ctx) {
		r.say(msgInfo, txtUndid(actions[pos-1], &g))
	}
}

// redo applies the next undone action again and says which.
func (r *root) redo(ctx app.Context) {
	_, actions, pos := r.store.History()
	if !r.store.Redo() {
		r.say(msgInfo, txtNothingRedo)
		return
	}
	r.clockOnRedo(actions[pos], pos)
	r.solved = actions[pos].Kind == actFill // Solve's digits, drawn as such
	if g := r.store.Game(); !r.changed(ctx) {
		r.say(msgInfo, txtRedid(actions[pos], &g))
	}
}

// changed is called after every change of the game: it derives what the
// page shows, saves and puts the game in the address bar. It reports
// whether the change completed the puzzle (the page then says so).
func (r *root) changed(ctx app.Context) bool {
	r.clearMarks()
	r.explain.dropSteps()              // they explain a position that is gone
	r.jobs.cancelStale(r.store.Game()) // the engine's work on a position that is gone
	wasComplete := r.view.complete
	r.derive(ctx)
	// The player's completion: not Solve's, nor one that Solve's fill,
	// undone and redone or followed by the player's changes, brought.
	done := r.view.complete && !wasComplete && !r.solved && !r.editing && !r.store.FilledBySolver()
	if !r.view.complete {
		r.summaryOpen = false // an undo past the last digit: back to play
	}
	if done {
		r.clock.stop(time.Now())
		r.say(msgOK, txtComplete(r.clock.played(time.Now())))
		r.gameCompleted(ctx)
	}
	r.persistChange(ctx)
	return done
}

// commit is changed for a page option (a setting, editing the clues, the
// clock's pause) once it is set: the same derive, address bar and save, so
// that no option has a way of its own (root_ui.go's commitPrefs,
// toggleEditing, togglePause).
func (r *root) commit(ctx app.Context) {
	r.derive(ctx)
	r.persistChange(ctx)
}

// persistChange is how every change ends: the address bar (and an open
// Share panel's link) follow the page, and the session is saved, in the
// idle task (persist.go).
func (r *root) persistChange(ctx app.Context) {
	r.persist.url = true // first: the session saved says what the bar holds
	if r.panel == panelShare {
		r.share.refresh(ctx, r.store.Game(), &r.nav.texts) // an open Share panel shows the game's link at once
	}
	r.save(ctx)
}

// clearMarks removes what Check and Hint marked on the board.
func (r *root) clearMarks() {
	r.marks = hintMarks{}
}

// derive computes what the page shows from the game: conflicts,
// completion, the clock; and asks the engine's worker for the live count
// when the clues or the variant changed (one count per change, shared
// with Solve, Check, Hint, Explain and the mistake check; count.go).
func (r *root) derive(ctx app.Context) {
	g := r.store.Game()
	d := &r.view
	d.game = g
	d.conflicts = g.Conflicts()
	d.candidates = g.Candidates()
	d.remaining = g.Remaining()
	d.complete = g.Complete()
	if g.Custom != nil && d.notesOf != g.Custom {
		d.notes, d.sumCells, d.notesOf = cellNotes(g.Custom), cageSumCells(g.Custom), g.Custom
	}
	if r.selected >= g.cells() {
		r.selected = 0 // a smaller grid than the last one
	}
	r.jobs.follow(r, g, &d.sol) // the solution follows the clues (count.go)
	d.countErr, d.entryErr = "", ""
	var ce *solver.ConflictError
	if errors.As(g.check(g.Clues), &ce) {
		d.countErr = ce.Error()
	} else if errors.As(g.check(g.Board()), &ce) {
		d.entryErr = ce.Error()
	}
	now := time.Now()
	if r.editing || (g.Clues.Clues() == 0 && g.Custom == nil) || d.complete {
		r.clock.stop(now)
	} else if !r.clock.paused {
		r.clock.start(now)
	}
	r.jobs.requestCount(ctx)
}

// saveNow writes the session to local storage (see save).
func (r *root) saveNow(ctx app.Context) {
	if r.storage.blocked || r.nav.opening != "" {
		return
	}
	ss := session{store: r.store, elapsed: r.clock.played(time.Now()).Milliseconds(), paused: r.clock.paused, editing: r.editing, mistakes: r.mistakes, info: r.info,
		link: r.nav.lastQuery}
	if err := ctx.LocalStorage().Set(storageKey, toSaved(ss)); err != nil {
		r.storage.msg = txtSaveFailed
		return
	}
	r.storage.msg = ""
}

// urlEvery is the shortest time between two writes of the address bar.
// Writing it (history.replaceState) took about a tenth of the page's time
// per key (make profile, 2026-11-26): a burst of keys writes the first
// change in the idle task that follows it (persist.go) and the last one
// urlEvery after the bar's last write.
// Nothing waits on the bar meanwhile: Copy link makes its link from the
// game, and the session saved holds the query the bar holds (saved.Link),
// so that a reload in between restores the latest position. The tests set
// it to 0 (every change written at once) unless they test the wait.
var urlEvery = 300 * time.Millisecond

// updateURL writes the game into the address bar without a reload or a new
// history entry, or, when the bar was written less than urlEvery ago, once
// that time is over (flushURL). While saving is paused the bar is the only
// copy of the game, and is written at once.
// A variant puzzle's link waits for the engine's worker to write its
// load= value (once per puzzle); the address bar keeps the last link
// until then.
func (r *root) updateURL(ctx app.Context) {
	if r.nav.opening != "" {
		return // the address bar holds the link being opened
	}
	q, err := queryOf(r.store.Game(), true, &r.nav.texts)
	if errors.Is(err, errPending) {
		r.jobs.askTexts(ctx, &r.nav.texts, r.updateURL)
		return
	}
	r.share.link = r.share.linkFor(ctx, r.store.Game(), &r.nav.texts)
	wait := urlEvery - time.Since(r.nav.wrote)
	switch {
	case q == r.nav.lastQuery:
		r.nav.pending = ""
	case wait <= 0 || r.storage.blocked:
		r.nav.pending = ""
		r.writeURL(ctx, q)
	default:
		r.nav.pending = q
		if r.nav.flush == nil {
			r.nav.flush = time.AfterFunc(wait, func() {
				ctx.Dispatcher().Dispatch(app.Dispatch{Mode: app.Next, Source: r, Function: r.flushURL})
			})
		}
	}
}

// flushURL writes the query that waited for urlEvery, and saves the
// session again with it.
func (r *root) flushURL(ctx app.Context) {
	r.nav.flush = nil
	if r.nav.pending == "" || r.nav.opening != "" {
		return
	}
	r.writeURL(ctx, r.nav.pending)
	r.nav.pending = ""
	msg := r.storage.msg
	r.saveNow(ctx)
	if r.storage.msg != msg {
		r.Update() // the page says that saving failed, or works again
	}
}

// writeURL puts query q in the address bar.
func (r *root) writeURL(ctx app.Context, q string) {
	u := *ctx.Page().URL()
	u.RawQuery = q
	r.nav.lastQuery = u.RawQuery
	r.nav.wrote = time.Now()
	ctx.Page().ReplaceURL(&u)
}

func (r *root) say(kind, msg string) { r.status.kind, r.status.msg = kind, msg }

// onCommand carries out a command from the board's keys.
func (r *root) onCommand(ctx app.Context, c command) {
	switch c.kind {
	case cmdDigit:
		r.enter(ctx, c.digit, c.mode)
	case cmdErase:
		if r.editing {
			r.do(ctx, action{Kind: actClue, Cell: r.selected})
		} else {
			r.do(ctx, action{Kind: actErase, Cell: r.selected})
		}
	case cmdMove:
		g := r.store.Game()
		r.selectCell(moveIn(g.size(), r.selected, c.dr, c.dc))
	case cmdJump:
		g := r.store.Game()
		r.selectCell(jumpIn(g.size(), r.selected, c.to))
	case cmdUndo:
		r.undo(ctx)
	case cmdRedo:
		r.redo(ctx)
	case cmdMode:
		r.mode = c.mode
	}
}

// onKey handles a key pressed on the board, by its KeyboardEvent.key (tests
// and simple callers).
func (r *root) onKey(ctx app.Context, k keyPress) {
	if c, ok := keyCommand(k); ok {
		r.onCommand(ctx, c)
	}
}

// enter acts on digit d in the selected cell in mode m: a clue while
// editing, else the entry or a mark.
func (r *root) enter(ctx app.Context, d uint8, m mode) {
	a := action{Cell: r.selected, Digit: d}
	if g := r.store.Game(); int(d) > g.size() && m != modeColour && !(m == modeCurrent && r.mode == modeColour) {
		r.say(msgInfo, fmt.Sprintf("This puzzle uses the digits 1 to %d.", g.size()))
		return
	}
	if m == modeCurrent {
		m = r.mode
	}
	switch {
	case r.editing:
		a.Kind = actClue
	case m == modeCorner:
		a.Kind = actCorner
	case m == modeCentre:
		a.Kind = actCentre
	case m == modeColour:
		a.Kind = actColour
	default:
		a.Kind = actPlace
		r.highlight = d
	}
	if a.Kind == actPlace || a.Kind == actClue {
		a.Keep = r.profile.prefs.KeepMarks
	}
	wrong := false
	if sol, ok := r.view.sol.unique(); ok && a.Kind == actPlace {
		wrong = sol[a.Cell] != d
	}
	if r.do(ctx, a) && wrong {
		r.info.Mistakes++
		r.save(ctx)
	}
}

// selectCell moves the selection; a cell holding a digit highlights it.
func (r *root) selectCell(cell int) {
	if g := r.store.Game(); cell < 0 || cell >= g.cells() {
		return
	}
	r.selected = cell
	if d := r.store.Game().Board()[cell]; d != 0 {
		r.highlight = d
	}
}

// onSelect selects a cell the player tapped or clicked. On a phone the open
// menu or panel is a sheet over the keypad: playing on the board puts it
// away, so the keypad is there for the next digit (unless the explanation is
// shown: its steps are drawn on the board and read beside it).
func (r *root) onSelect(ctx app.Context, cell int) {
	r.selectCell(cell)
	if (r.menu || r.panel != "") && !r.explain.shown() && phoneLayout() {
		r.openPanel(ctx, "")
	}
}

// phoneLayout reports whether the page is laid out for a phone (the style
// sheet's narrow layout: the panels are a sheet over the keypad).
func phoneLayout() bool {
	return app.IsClient && app.Window().Call("matchMedia", "(max-width: 48rem)").Get("matches").Bool()
}

// onKeypad acts on a keypad digit (0 erases) in the current mode and
// highlights the digit.
func (r *root) onKeypad(ctx app.Context, d uint8) {
	if r.scan.open {
		r.scan.setDigit(d) // the keypad types into the scanned puzzle's review
		return
	}
	if d == 0 {
		r.onCommand(ctx, command{kind: cmdErase})
		return
	}
	r.highlight = d
	r.enter(ctx, d, r.mode)
}

// whenSolved calls fn once the solution of the game's clues is settled
// (engine.whenSolved), and says meanwhile that the page works on it: what
// waited says what it found, if anything.
func (r *root) whenSolved(ctx app.Context, fn func(ctx app.Context)) {
	if r.view.sol.settled() {
		fn(ctx)
		return
	}
	r.say(msgInfo, txtSolving)
	r.jobs.whenSolved(ctx, func(ctx app.Context) {
		if r.status.msg == txtSolving {
			r.status.msg = ""
		}
		fn(ctx)
	})
}

// solve fills in the solution and says how long it took, once the engine's
// worker has it (solvedFill, solve.go); the fill is the solver's.
func (r *root) solve(ctx app.Context) {
	r.whenSolved(ctx, func(ctx app.Context) {
		a, said, problem := solvedFill(&r.view.sol)
		if problem != "" {
			r.say(msgError, problem)
			return
		}
		r.editing = false
		r.doAs(ctx, a, true)
		r.solved = true // also when the board was already the solution (nothing to fill)
		r.say(msgOK, said)
	})
}

// check says whether the entries so far agree with the solution and marks
// those that do not, once the engine's worker has the solution
// (checkedEntries, solve.go); a check that could be made counts as help
// taken.
func (r *root) check(ctx app.Context) {
	r.whenSolved(ctx, func(ctx app.Context) {
		g := r.store.Game()
		wrong, kind, msg, ok := checkedEntries(&g, &r.view.sol)
		if !ok {
			r.say(kind, msg)
			return
		}
		r.info.Checks++
		r.save(ctx)
		r.clearMarks()
		for _, c := range wrong {
			r.marks.wrong[c] = true
		}
		r.say(kind, msg)
	})
}

// showCandidates fills every empty cell's corner marks from the rules.
func (r *root) showCandidates(ctx app.Context) {
	if g := r.store.Game(); g.Board().Clues() == g.cells() {
		r.say(msgInfo, txtNoCandidates)
		return
	}
	r.editing = false
	r.do(ctx, action{Kind: actCandidates})
	r.say(msgInfo, txtCandidates)
}

// clear removes the player's digits and marks and keeps the clues.
func (r *root) clear(ctx app.Context) {
	r.doNewGame(ctx, action{Kind: actClear})
	r.say(msgInfo, txtCleared)
}

// reset empties the whole board for a new puzzle (undo brings it back).
func (r *root) reset(ctx app.Context) {
	r.editing = true
	r.selected = 0
	r.doNewGame(ctx, action{Kind: actLoad, Grid: solver.Grid{}.String()})
	r.say(msgInfo, txtEmptyBoard)
}

func (r *root) toggleEditing(ctx app.Context) {
	r.editing = !r.editing
	r.commit(ctx)
	if r.editing {
		r.say(msgInfo, txtEditing)
	} else {
		r.say(msgInfo, txtPlaying)
	}
}

// setVariant switches the rules to the variant named name.
func (r *root) setVariant(ctx app.Context, name string) {
	r.do(ctx, action{Kind: actVariant, Name: name})
	r.say(msgInfo, txtVariant(r.store.Game().Rules()))
}

// setMistakeCheck turns the live mistake check on or off.
func (r *root) setMistakeCheck(ctx app.Context, on bool) {
	r.profile.prefs.MistakeCheck = on
	r.commitPrefs(ctx, "mistake-check")
}

// togglePause pauses or resumes the clock.
func (r *root) togglePause(ctx app.Context) {
	now := time.Now()
	if r.clock.paused {
		r.clock.paused = false
		r.status.msg = ""
	} else {
		r.clock.stop(now)
		r.clock.paused = true
		r.say(msgInfo, txtPaused)
	}
	r.commit(ctx) // derive starts the clock again, or leaves it stopped
}

// loadText loads a pasted text as a new game (undo brings the old one
// back) once it is read (readText, paste.go), or says why it is no
// puzzle. opened, when not nil, runs once the game is loaded.
func (r *root) loadText(ctx app.Context, text string, opened func(ctx app.Context)) {
	readText(ctx, &r.jobs, text, r.store.Game().Rules(), func(ctx app.Context, p pasted) {
		if p.again {
			r.loadText(ctx, text, opened) // under the page's rules now
			return
		}
		if p.refused != "" {
			r.say(msgError, p.refused)
			return
		}
		r.editing = false
		r.selected = 0
		if r.doNewGame(ctx, p.load) {
			r.gameStarted(ctx, "", "")
		}
		r.say(msgInfo, p.said)
		if opened != nil {
			opened(ctx)
		}
	})
}

// resumeSaving lets the page overwrite unreadable saved data.
func (r *root) resumeSaving(ctx app.Context) {
	r.storage.blocked = false
	r.save(ctx)
	if r.storage.msg == "" {
		r.say(msgInfo, txtSaving)
	}
}

// generate has the engine's worker generate the puzzle q asks for
// (engine.generate), or says why q cannot be made; meanwhile the page says
// so and the start sheet's buttons wait.
func (r *root) generate(ctx app.Context, q genRequest, err error) {
	if err != nil {
		r.say(msgError, "Cannot make that puzzle: "+err.Error()+".")
		return
	}
	if r.jobs.generate(ctx, q, r.generated) {
		r.say(msgInfo, txtGenerating(q))
	}
}

// generated loads a generated puzzle as a new game (undo brings the old one
// back), or says why there is none.
func (r *root) generated(ctx app.Context, q genRequest, p *worker.Puzzle, err error) {
	if err != nil {
		r.say(msgError, txtGenFailed(q, err))
		return
	}
	g := r.store.Game()
	if q.daily && g.Clues == p.Grid && g.Rules().Name == p.Variant {
		r.say(msgInfo, "This is already "+q.what()+". "+txtGenerated(q, p))
		return
	}
	r.editing = false
	r.selected = 0
	if r.doNewGame(ctx, loadAction(p)) {
		daily := ""
		if q.daily {
			daily = q.date.Format(time.DateOnly)
		}
		r.gameStarted(ctx, p.Level.String(), daily) // the puzzle's level: a daily or practice puzzle asks none
		r.save(ctx)
		r.openPanel(ctx, "")
		focusSoon("board") // play at once, by keys too
	}
	r.say(msgOK, txtGenerated(q, p))
}
