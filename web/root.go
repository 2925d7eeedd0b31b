package web

import (
	"errors"
	"fmt"
	"net/url"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"sudoku/solver"
)

// Register routes the page to the root component. cmd/app calls it before
// app.RunWhenOnBrowser.
func Register() { app.Route("/", &Root{}) }

// Kinds of message, also their CSS classes.
const (
	msgInfo  = "info"
	msgOK    = "ok"
	msgError = "error"
)

// Root is the page. It holds the Game and is the only place that changes it:
// every handler ends in changed (derive, save, update the address bar) or in
// a message.
type Root struct {
	app.Compo

	game     Game
	editing  bool // typed digits become clues
	selected int  // the cell with keyboard focus

	// Derived from game by refresh.
	conflicts [81]bool
	count     Count
	countErr  string
	entryErr  string // the first clash the player's own digits make, when the clues are fine

	wrong       [81]bool // set by Check and Hint, cleared by any change
	hintCells   [81]bool // the pattern of the last hint, cleared by any change
	hintTargets [81]bool // the cells the last hint's step changes
	solved      bool     // the entries are the solver's
	msg         string
	msgKind     string
	withDigits  bool // share links include the entries
	link        string
	pasteText   string

	loaded      bool
	lastQuery   string
	saveBlocked bool   // saved data could not be read: never overwrite it
	storeMsg    string // the last storage error, shown until a save works
	update      bool   // a new version is installed and waits for a reload
	ready       bool   // mounted in a browser: the board takes input
	removePaste func()
}

// OnMount makes the board take input and listens for pastes anywhere.
func (r *Root) OnMount(ctx app.Context) {
	r.withDigits = true
	r.ready = true
	if app.IsClient {
		r.removePaste = app.Window().AddEventListener("paste", r.onWindowPaste)
		// Once the board is rendered, note when it became interactive
		// (milliseconds since navigation start), for the measurements.
		ctx.Defer(func(app.Context) {
			w := app.Window()
			w.Set("sudokuReadyAt", w.Get("performance").Call("now"))
		})
	}
}

// OnDismount stops listening for pastes.
func (r *Root) OnDismount() {
	if r.removePaste != nil {
		r.removePaste()
	}
}

// OnNav loads the game from the link, or else from saved work. It runs on
// the first load and when the user edits the address bar's fragment; the
// page's own address bar updates (ReplaceURL) do not trigger it.
func (r *Root) OnNav(ctx app.Context) {
	u := ctx.Page().URL()
	if r.loaded && u.RawQuery == r.lastQuery {
		return
	}
	r.loaded = true
	r.load(ctx, u)
}

// OnAppUpdate shows that a new version is ready. go-app calls it once the
// new service worker has installed the new version; the page keeps running
// the old one until the user clicks Update (a reload).
func (r *Root) OnAppUpdate(ctx app.Context) {
	r.update = true
}

// load sets the game from the link in u, or from local storage when the link
// holds no game. A bad link gives an empty board and a message; nothing is
// saved until the user changes something.
func (r *Root) load(ctx app.Context, u *url.URL) {
	g, err := gameFromQuery(u.Query())
	switch {
	case err == nil:
		r.setGame(g)
		r.say(msgInfo, "Opened the puzzle from the link.")
	case errors.Is(err, errNoLink):
		r.setGame(r.loadSaved(ctx))
	default:
		r.setGame(Game{})
		r.say(msgError, "This link cannot be opened: "+err.Error()+". Here is an empty board.")
	}
	r.editing = r.game.Clues.Clues() == 0
	r.updateURL(ctx)
}

// loadSaved reads saved work. Unreadable data is left in place, and saving
// stays off until the user chooses to start again.
func (r *Root) loadSaved(ctx app.Context) Game {
	var s saved
	err := ctx.LocalStorage().Get(storageKey, &s)
	if err == nil && s == (saved{}) {
		return Game{} // nothing saved yet
	}
	var g Game
	if err == nil {
		g, err = fromSaved(s)
	}
	if err != nil {
		r.saveBlocked = true
		r.storeMsg = "Your saved work could not be read, so it was left untouched and saving is paused."
		return Game{}
	}
	return g
}

// setGame replaces the game and refreshes what derives from it.
func (r *Root) setGame(g Game) {
	r.game = g
	r.solved = false
	r.clearMarks()
	r.refresh()
}

// refresh derives conflicts and the live count from the game.
func (r *Root) refresh() {
	r.conflicts = r.game.Conflicts()
	r.count, r.countErr, r.entryErr = CountUnknown, "", ""
	c, err := r.game.CountSolutions()
	r.count = c
	var ce *solver.ConflictError
	if errors.As(err, &ce) {
		r.countErr = ce.Error()
	} else if errors.As(r.game.Variant().Check(r.game.Board()), &ce) {
		r.entryErr = ce.Error()
	}
}

// changed is called after every change the user makes: it refreshes, saves
// and puts the game in the address bar.
func (r *Root) changed(ctx app.Context) {
	r.clearMarks()
	r.refresh()
	r.save(ctx)
	r.updateURL(ctx)
}

// clearMarks removes what Check and Hint marked on the board.
func (r *Root) clearMarks() {
	r.wrong, r.hintCells, r.hintTargets = [81]bool{}, [81]bool{}, [81]bool{}
}

func (r *Root) save(ctx app.Context) {
	if r.saveBlocked {
		return
	}
	if err := ctx.LocalStorage().Set(storageKey, toSaved(r.game)); err != nil {
		r.storeMsg = "Your work could not be saved in this browser (storage full or blocked)."
		return
	}
	r.storeMsg = ""
}

// updateURL writes the game into the address bar without a reload or a new
// history entry.
func (r *Root) updateURL(ctx app.Context) {
	u := *ctx.Page().URL()
	u.RawQuery = linkQuery(r.game, true)
	r.lastQuery = u.RawQuery
	ctx.Page().ReplaceURL(&u)
	r.link = r.shareLink(ctx)
}

// shareLink is the link the Copy link control gives.
func (r *Root) shareLink(ctx app.Context) string {
	u := *ctx.Page().URL()
	u.RawQuery = linkQuery(r.game, r.withDigits)
	u.Fragment = ""
	return u.String()
}

func (r *Root) say(kind, msg string) { r.msgKind, r.msg = kind, msg }

// setDigit puts d (0 to erase) in cell: a clue while editing, else an entry.
func (r *Root) setDigit(ctx app.Context, cell int, d uint8) {
	if cell < 0 || cell >= 81 || d > 9 {
		return
	}
	r.selected = cell
	g := &r.game
	if r.editing {
		g.Clues[cell], g.Entries[cell] = d, 0
	} else {
		if g.Clues[cell] != 0 {
			r.say(msgInfo, fmt.Sprintf("%s is a clue. Press “Edit clues” to change the puzzle.", solver.CellName(cell)))
			return
		}
		g.Entries[cell] = d
	}
	r.solved = false
	r.msg = ""
	r.changed(ctx)
}

// onKey handles a key pressed on the board (one of boardKeys).
func (r *Root) onKey(ctx app.Context, key string) {
	switch key {
	case "1", "2", "3", "4", "5", "6", "7", "8", "9":
		r.setDigit(ctx, r.selected, key[0]-'0')
	case "0", ".", " ", "Backspace", "Delete":
		r.setDigit(ctx, r.selected, 0)
	case "ArrowUp":
		r.selected = (r.selected + 72) % 81
	case "ArrowDown":
		r.selected = (r.selected + 9) % 81
	case "ArrowLeft":
		r.selected = r.selected/9*9 + (r.selected+8)%9
	case "ArrowRight":
		r.selected = r.selected/9*9 + (r.selected+1)%9
	case "Home":
		r.selected = r.selected / 9 * 9
	case "End":
		r.selected = r.selected/9*9 + 8
	}
}

func (r *Root) onSelect(ctx app.Context, cell int) {
	if cell >= 0 && cell < 81 {
		r.selected = cell
	}
}

func (r *Root) onKeypad(ctx app.Context, d uint8) { r.setDigit(ctx, r.selected, d) }

// solve fills in the solution and says how long it took.
func (r *Root) solve(ctx app.Context) {
	start := time.Now()
	res, err := r.game.solveClues()
	took := time.Since(start)
	if m := explainSolveError(res, err); m != "" {
		r.say(msgError, m)
		return
	}
	for i := range r.game.Entries {
		if r.game.Clues[i] == 0 {
			r.game.Entries[i] = res.Solution[i]
		} else {
			r.game.Entries[i] = 0
		}
	}
	r.editing = false
	r.changed(ctx)
	r.solved = true
	r.say(msgOK, fmt.Sprintf("Solved in %s (%d search nodes).", formatDuration(took), res.Nodes))
}

// check says whether the entries so far agree with the solution and marks
// those that do not.
func (r *Root) check(ctx app.Context) {
	res, err := r.game.solveClues()
	if m := explainSolveError(res, err); m != "" {
		r.say(msgError, "Cannot check: "+m)
		return
	}
	n := 0
	for i, d := range r.game.Entries {
		if d != 0 && r.game.Clues[i] == 0 {
			n++
		}
	}
	wrong := r.game.wrongCells(res.Solution)
	r.clearMarks()
	for _, c := range wrong {
		r.wrong[c] = true
	}
	switch {
	case n == 0:
		r.say(msgInfo, "You have not entered any digit yet.")
	case len(wrong) == 0 && r.game.Board().Clues() == 81:
		r.say(msgOK, "Solved! Every digit is right.")
	case len(wrong) == 0:
		r.say(msgOK, fmt.Sprintf("So far so good: all %d of your digits agree with the solution.", n))
	case len(wrong) == 1:
		r.say(msgError, "1 digit is wrong: "+cellList(wrong, 8)+".")
	default:
		r.say(msgError, fmt.Sprintf("%d digits are wrong: %s.", len(wrong), cellList(wrong, 8)))
	}
}

// clear removes the user's digits and keeps the clues.
func (r *Root) clear(ctx app.Context) {
	r.game.Entries = solver.Grid{}
	r.solved = false
	r.changed(ctx)
	r.say(msgInfo, "Your digits were removed; the clues stay.")
}

// reset empties the whole board for a new puzzle.
func (r *Root) reset(ctx app.Context) {
	r.game = Game{Diagonal: r.game.Diagonal}
	r.editing = true
	r.selected = 0
	r.solved = false
	r.changed(ctx)
	r.say(msgInfo, "Empty board: type the clues, or paste a puzzle.")
}

func (r *Root) toggleEditing(ctx app.Context) {
	r.editing = !r.editing
	if r.editing {
		r.say(msgInfo, "Editing the clues: digits you type are clues.")
	} else {
		r.say(msgInfo, "Playing: digits you type are yours; clues are locked.")
	}
}

func (r *Root) setDiagonal(ctx app.Context, on bool) {
	r.game.Diagonal = on
	r.solved = false
	r.changed(ctx)
	if on {
		r.say(msgInfo, "Diagonal rule on: each shaded diagonal holds 1 to 9 once.")
	} else {
		r.say(msgInfo, "Diagonal rule off.")
	}
}

// loadText loads a puzzle in any format the solver parses, as clues.
func (r *Root) loadText(ctx app.Context, text string) {
	if len(text) > 10_000 {
		r.say(msgError, "The pasted text is too long to be a puzzle.")
		return
	}
	g, err := solver.Parse(text)
	if err != nil {
		r.say(msgError, fmt.Sprintf("The pasted text is not a puzzle (%v).", err))
		return
	}
	r.game = Game{Clues: g, Diagonal: r.game.Diagonal}
	r.editing = false
	r.solved = false
	r.selected = 0
	r.changed(ctx)
	r.say(msgInfo, fmt.Sprintf("Puzzle loaded: %d clues.", g.Clues()))
}

// resumeSaving lets the page overwrite unreadable saved data.
func (r *Root) resumeSaving(ctx app.Context) {
	r.saveBlocked = false
	r.save(ctx)
	if r.storeMsg == "" {
		r.say(msgInfo, "Your work is saved in this browser from now on.")
	}
}

func formatDuration(d time.Duration) string {
	switch {
	case d < time.Millisecond:
		return fmt.Sprintf("%d µs", d.Microseconds())
	case d < time.Second:
		return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000)
	}
	return fmt.Sprintf("%.2f s", d.Seconds())
}
