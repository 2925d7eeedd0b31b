package web

import (
	"testing"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"sudoku/internal/sudokutest"
	"sudoku/web/worker"
)

// enginePage is a page for the engine's own tests: the component whose
// updates the engine's answers are.
type enginePage struct{ app.Compo }

func (p *enginePage) Render() app.UI { return app.Div() }

// engineTester is an engine on a page of its own, the worker run natively
// (worker.Handle answers at once; the engine dispatches the answer).
type engineTester struct {
	e    engine
	page *enginePage
	disp app.ClientDispatcher
	sol  solution
}

func newEngineTester(t *testing.T, g game) *engineTester {
	et := &engineTester{page: &enginePage{}}
	et.disp = app.NewClientTester(et.page)
	t.Cleanup(et.disp.Close)
	et.do(func(app.Context) { et.e.follow(et.page, g, &et.sol) })
	return et
}

// do runs fn as an update of the page, then lets the page run what it
// dispatched (the engine's answers).
func (et *engineTester) do(fn func(ctx app.Context)) {
	et.disp.Dispatch(app.Dispatch{Mode: app.Update, Source: et.page, Function: fn})
	et.disp.Consume()
}

func engineGame(clues string) game { return game{Clues: sudokutest.MustParse(clues)} }

// TestEngineDropsAnswersForAGameThatIsGone: an answer is handed to the page
// when the page still holds the game it was asked for, and to stale when
// the game changed in between (the change comes before the answer is
// dispatched).
func TestEngineDropsAnswersForAGameThatIsGone(t *testing.T) {
	g := engineGame(unique)
	et := newEngineTester(t, g)
	req := worker.Request{Op: worker.OpCount, Position: worker.FromPosition(playerPosition(&g)), Limit: 2, MaxNodes: countBudget}

	var done, stale int
	et.do(func(ctx app.Context) {
		et.e.askFor(ctx, g, req, func(app.Context, worker.Response) { done++ }, func(app.Context, worker.Response) { stale++ })
	})
	if done != 1 || stale != 0 {
		t.Fatalf("same game: done %d, stale %d; want 1, 0", done, stale)
	}

	moved := g
	moved.Entries[1] = 1
	et.do(func(ctx app.Context) {
		et.e.askFor(ctx, g, req, func(app.Context, worker.Response) { done++ }, func(app.Context, worker.Response) { stale++ })
		et.e.follow(et.page, moved, &et.sol) // the player changes the game before the answer is applied
	})
	if done != 1 || stale != 1 {
		t.Fatalf("changed game: done %d, stale %d; want 1, 1", done, stale)
	}
	if !et.e.holds(&moved) || et.e.holds(&g) {
		t.Fatal("holds does not follow the page's game")
	}
}

// TestEngineCountFollowsTheClues: what waits for the solution runs once the
// count of the current clues comes; a change of the clues before drops it,
// and the solution is then the new clues'.
func TestEngineCountFollowsTheClues(t *testing.T) {
	et := newEngineTester(t, engineGame(unique))
	ran := 0
	et.do(func(ctx app.Context) {
		et.e.whenSolved(ctx, func(app.Context) { ran++ })
		// The clues change before the count's answer is applied: what
		// waited is dropped with them.
		et.e.follow(et.page, engineGame(noSolution), &et.sol)
	})
	if ran != 0 {
		t.Fatalf("an action waiting for other clues ran %d times", ran)
	}
	if !et.sol.valid || et.sol.clues != sudokutest.MustParse(noSolution) || et.sol.res.Count != 0 {
		t.Fatalf("solution after the change: valid %v, count %d, for %s", et.sol.valid, et.sol.res.Count, et.sol.clues)
	}
	et.do(func(ctx app.Context) { et.e.whenSolved(ctx, func(app.Context) { ran++ }) })
	if ran != 1 {
		t.Fatalf("with the solution settled: ran %d times, want 1", ran)
	}
	if et.e.count.id != 0 || len(et.e.count.then) != 0 {
		t.Fatalf("a count still out (%d) or waiting (%d)", et.e.count.id, len(et.e.count.then))
	}
}

// TestEngineGeneratesOnePuzzleAtATime: a second request while a puzzle is
// being generated is refused; the answer comes once and frees the engine.
func TestEngineGeneratesOnePuzzleAtATime(t *testing.T) {
	et := newEngineTester(t, engineGame(empty))
	q := dailyRequest(time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC))
	var got []*worker.Puzzle
	done := func(_ app.Context, _ genRequest, p *worker.Puzzle, err error) {
		if err != nil {
			t.Errorf("generate: %v", err)
		}
		got = append(got, p)
	}
	var first, second bool
	et.do(func(ctx app.Context) {
		first = et.e.generate(ctx, q, done)
		second = et.e.generate(ctx, q, done)
	})
	if !first || second {
		t.Fatalf("generate taken: first %v, second %v; want true, false", first, second)
	}
	for deadline := time.Now().Add(time.Minute); et.e.generating && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
		et.disp.Consume()
	}
	if et.e.generating || len(got) != 1 || got[0] == nil || got[0].Grid.Clues() == 0 {
		t.Fatalf("after the answer: generating %v, %d answers", et.e.generating, len(got))
	}
}
