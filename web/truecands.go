package web

import (
	"errors"
	"slices"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"sudoku/solver"
	"sudoku/web/worker"
)

// trueCandidates sets every empty cell's corner marks to its true
// candidates: the digits that appear in that cell in some solution of the
// clues and the player's digits, what a setter looks at to see where a
// puzzle with several solutions needs a clue. The engine's worker finds
// them (OpTrueCandidates); an answer for a position the player has since
// changed is dropped, and the marks are one action, which undo takes back.
func (r *root) trueCandidates(ctx app.Context) {
	g := r.store.Game()
	if g.Board().Clues() == g.cells() {
		r.say(msgInfo, txtNoCandidates)
		return
	}
	r.editing = false
	p := playerPosition(&g)
	p.HasCands = false // the rules' and the clues' alone: the player's marks play no part
	req := worker.Request{Op: worker.OpTrueCandidates, Position: worker.FromPosition(p), Rules: worker.RulesOf(g.Custom),
		MaxNodes: solveBudget, Millis: int(solveTime.Milliseconds())}
	r.say(msgInfo, txtFindingTrue)
	r.jobs.askFor(ctx, g, req, func(ctx app.Context, resp worker.Response) {
		marks, problem := trueCandidatesOf(&g, resp)
		switch {
		case problem != "":
			r.say(msgError, problem)
		case marks == nil: // cancelled: the position is gone
		case r.do(ctx, action{Kind: actTrueCands, Marks: marks}):
			r.say(msgInfo, txtTrueCandidates)
		default:
			r.say(msgInfo, "The corner marks already show the true candidates.")
		}
	}, nil)
}

// trueCandidatesOf reads the worker's true candidates for g, the game they
// were asked for: the corner marks to set, or why there are none (neither
// when the job was cancelled).
func trueCandidatesOf(g *game, resp worker.Response) (marks []uint16, problem string) {
	err := resp.Err.Err()
	entries := g.Board().Clues() > g.Clues.Clues()
	none := !slices.ContainsFunc(resp.Candidates, func(m uint16) bool { return m != 0 })
	switch {
	case errors.Is(err, worker.ErrCancelled):
		return nil, ""
	case errors.Is(err, solver.ErrConflict) && g.check(g.Clues) != nil:
		return nil, "No true candidates: the clues clash: " + g.check(g.Clues).Error() + "."
	case errors.Is(err, solver.ErrConflict):
		return nil, "No true candidates: your digits clash: " + err.Error() + "."
	case errors.Is(err, solver.ErrBudget):
		return nil, "No true candidates: the search took longer than the page allows."
	case err != nil:
		return nil, "No true candidates: " + err.Error() + "."
	case len(resp.Candidates) != g.cells():
		return nil, "No true candidates: the engine's answer does not fit the board."
	case none && entries:
		return nil, txtNoTrueWithEntries
	case none:
		return nil, "No true candidates: this puzzle has no solution."
	}
	return resp.Candidates, ""
}
