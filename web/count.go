package web

import (
	"errors"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"sudoku/solver"
	"sudoku/web/worker"
)

// The live count and the full solve run in the engine's worker: after a
// change of the clues or the rules the page asks for a count within the
// live count's budget and says "Counting…" until it comes; Solve, Check,
// Hint and Explain wait for an answer within the Solve budget (the same
// one when the count's sufficed). One count job is out at a time: an answer
// for clues that have changed meanwhile is dropped and the current clues
// are asked for next, so typing clues never queues stale jobs. A job with
// the Solve budget for clues that are gone is cancelled (it may run for
// seconds); a live count's is not (it ends within countTime).

// countJob is the count job out in the worker and what waits for an answer.
type countJob struct {
	id      int // the job's ID, 0 when none is out
	clues   solver.Grid
	variant *solver.Variant
	custom  *solver.Rules // a variant puzzle's own rules, or nil
	wide    bool          // with the Solve budget

	// then are what Solve, Check, Hint and Explain do once the current
	// clues' solution is settled; a change of the clues drops them (follow).
	then []func(ctx app.Context)
}

// whenSolved calls fn once the solution of the game's clues is settled: at
// once when it is, else when the worker's answer comes, unless the clues
// change first.
func (e *engine) whenSolved(ctx app.Context, fn func(ctx app.Context)) {
	if e.sol.settled() {
		fn(ctx)
		return
	}
	e.count.then = append(e.count.then, fn)
	e.requestCount(ctx)
}

// requestCount asks the worker for what the page is missing of the current
// clues' solution: the live count, or the Solve budget's answer when some
// action waits for it; and runs the waiting actions once it is settled.
func (e *engine) requestCount(ctx app.Context) {
	s := e.sol
	if s.settled() || (s.valid && len(e.count.then) == 0) {
		then := e.count.then
		e.count.then = nil
		for _, fn := range then {
			fn(ctx)
		}
		return
	}
	if e.count.id != 0 {
		return // the answer of the job out comes first; its handler asks again
	}
	wide := s.valid // the live count ran out of budget and an action waits
	req := worker.Request{Op: worker.OpCount, Position: worker.FromPosition(solver.Position{Clues: s.clues, Variant: s.variant}),
		Limit: 2, MaxNodes: countBudget, Millis: int(countTime / time.Millisecond), Rules: worker.RulesOf(s.custom)}
	if wide {
		req.MaxNodes, req.Millis = solveBudget, int(solveTime/time.Millisecond)
	}
	clues, variant, custom := s.clues, s.variant, s.custom
	// The answer is dispatched, so it is handled after the job's ID is
	// noted, even when the client answers at once (natively).
	id := e.do(ctx, req, func(ctx app.Context, resp worker.Response) { e.counted(ctx, resp, clues, variant, custom, wide) })
	e.count.id, e.count.clues, e.count.variant, e.count.custom, e.count.wide = id, clues, variant, custom, wide
}

// counted takes the worker's answer to a count job: kept when it is for
// the current clues, then the next job is asked for if one is missing.
func (e *engine) counted(ctx app.Context, resp worker.Response, clues solver.Grid, variant *solver.Variant, custom *solver.Rules, wide bool) {
	if resp.ID != e.count.id {
		return // cancelled and replaced
	}
	e.count.id = 0
	err := resp.Err.Err()
	s := e.sol
	if s.clues == clues && s.variant == variant && sameRules(s.custom, custom) && !errors.Is(err, worker.ErrCancelled) {
		s.valid, s.wide, s.err = true, wide, err
		s.res = solver.Result{}
		if resp.Count != nil {
			s.res = *resp.Count
		}
		s.took = time.Duration(resp.Millis * float64(time.Millisecond))
	}
	e.requestCount(ctx)
}
