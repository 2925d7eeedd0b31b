package web

import (
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"sudoku/web/worker"
)

// engine is the page's one owner of the engine's Web Worker: it holds the
// worker's client, posts every job, drops an answer for a game that is gone
// and cancels the jobs whose game is gone, keeps the live count's job
// (count.go) and the generator's. It never changes the game: what a job
// finds comes back to the page as a value, through a callback run as an
// update of the page, which applies it its own way (an action through do,
// a message, marks).
//
// It knows the game through follow, which the page calls with every
// derive: the page (the component whose update an answer is), the game it
// holds now and the derived view's solution of the clues, which the count
// job keeps.
type engine struct {
	client *worker.Client
	page   app.Composer // the page: answers are dispatched as its updates
	game   game         // the game the page holds, as of its last derive
	sol    *solution    // the derived view's solution of game's clues (count.go)
	count  countJob
	// generating: a puzzle is being generated (one at a time; it is never
	// cancelled: the player asked for it).
	generating bool
}

// worker returns the client of the engine's Web Worker, started once the
// page is idle after its first screen (root.OnMount), or else with its
// first job (see package sudoku/web/worker).
func (e *engine) worker(ctx app.Context) *worker.Client {
	if e.client == nil {
		e.client = worker.NewClient(ctx.ResolveStaticResource("/web/worker.js"))
	}
	return e.client
}

// follow notes the game the page holds after a change and the derived
// view's solution s of its clues: s follows the clues (derived.go), and
// what waited for the solution of clues that are gone is dropped.
func (e *engine) follow(page app.Composer, g game, s *solution) {
	e.page, e.game, e.sol = page, g, s
	if s.follow(&g) {
		e.count.then = nil // they were for clues that are gone
	}
}

// dispatch runs fn on the UI goroutine as an update of the page, whatever
// component's context ctx is (dispatchTo).
func (e *engine) dispatch(ctx app.Context, fn func(app.Context)) { dispatchTo(ctx, e.page, fn) }

// dispatchTo runs fn on the UI goroutine as an update of page, whatever
// component's context ctx is. The events the panels send come with the
// panel's context, whose Dispatch would update that panel alone: the rest of
// the page (the message, the board) would wait for the root's next update,
// the clock's, up to a second later.
func dispatchTo(ctx app.Context, page app.Composer, fn func(app.Context)) {
	ctx.Dispatcher().Dispatch(app.Dispatch{Mode: app.Update, Source: page, Function: fn})
}

// afterPaint calls f as an update of the page once the page has had time
// to paint the current one (genFirstPaint).
func (e *engine) afterPaint(ctx app.Context, f func(ctx app.Context)) {
	ctx.Defer(func(ctx app.Context) {
		ctx.Async(func() {
			time.Sleep(genFirstPaint)
			e.dispatch(ctx, f)
		})
	})
}

// do posts req and calls done with the answer as an update of the page.
func (e *engine) do(ctx app.Context, req worker.Request, done func(ctx app.Context, resp worker.Response)) int {
	return e.worker(ctx).Do(req, func(resp worker.Response) {
		e.dispatch(ctx, func(ctx app.Context) { done(ctx, resp) })
	})
}

// askFor posts req, a job about game g (the game the page holds), and
// calls done with the answer as an update of the page when the page still
// holds g; else stale, when not nil: the answer is for a position that is
// gone.
func (e *engine) askFor(ctx app.Context, g game, req worker.Request, done, stale func(ctx app.Context, resp worker.Response)) {
	e.do(ctx, req, func(ctx app.Context, resp worker.Response) {
		switch {
		case e.game.Equal(&g):
			done(ctx, resp)
		case stale != nil:
			stale(ctx, resp)
		}
	})
}

// holds reports whether the page still holds game g.
func (e *engine) holds(g *game) bool { return e.game.Equal(g) }

// generate runs the generator in the engine's worker for q, within
// genTime, once the page has painted what it says meanwhile, and calls
// done with the puzzle or the error as an update of the page. It reports
// false, and asks nothing, while another puzzle is being generated.
func (e *engine) generate(ctx app.Context, q genRequest, done func(ctx app.Context, q genRequest, p *worker.Puzzle, err error)) bool {
	if e.generating {
		return false
	}
	e.generating = true
	req := worker.Request{Op: worker.OpGenerate, Millis: int(genTime / time.Millisecond), Generate: q.request()}
	// Post it once the page has painted "Generating…": an answer quicker
	// than a frame would otherwise replace the words before they are shown.
	e.afterPaint(ctx, func(ctx app.Context) {
		e.do(ctx, req, func(ctx app.Context, resp worker.Response) {
			e.generating = false
			p, err := resp.GeneratedPuzzle()
			done(ctx, q, p, err)
		})
	})
	return true
}

// cancelStale stops the engine's jobs for a position that is gone (the page
// calls it on every change of the game, with the game it holds now): an
// explanation, a hint, a trace or true candidates, or a count with the
// Solve budget for other clues (a live count ends soon; its answer is
// dropped). A puzzle being generated is never stopped: the player asked
// for it.
func (e *engine) cancelStale(g game) {
	if e.client == nil || e.generating {
		return
	}
	c := &e.count
	stale := e.client.Pending(worker.OpExplain, worker.OpHint, worker.OpTrace, worker.OpTrueCandidates) > 0 ||
		(c.id != 0 && c.wide && (c.clues != g.Clues || c.variant != g.Rules() || !sameRules(c.custom, g.Custom)))
	if stale {
		e.client.Cancel()
		c.id = 0
	}
}

// askTexts asks the engine's worker for the texts t misses and calls then
// with each answer (then runs again what needed them).
func (e *engine) askTexts(ctx app.Context, t *texts, then func(ctx app.Context)) {
	for _, req := range t.take() {
		e.do(ctx, req, func(ctx app.Context, resp worker.Response) {
			t.answer(req, resp)
			then(ctx)
		})
	}
}
