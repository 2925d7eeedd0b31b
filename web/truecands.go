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
	r.engine(ctx).Do(req, func(resp worker.Response) {
		r.dispatch(ctx, func(ctx app.Context) {
			if now := r.store.Game(); now.Equal(&g) {
				r.trueCandidatesFound(ctx, &g, resp)
			}
		})
	})
}

// trueCandidatesFound puts the worker's true candidates in the corner
// marks of g, the game they were asked for, or says why there are none.
func (r *root) trueCandidatesFound(ctx app.Context, g *game, resp worker.Response) {
	err := resp.Err.Err()
	entries := g.Board().Clues() > g.Clues.Clues()
	none := !slices.ContainsFunc(resp.Candidates, func(m uint16) bool { return m != 0 })
	switch {
	case errors.Is(err, worker.ErrCancelled):
	case errors.Is(err, solver.ErrConflict) && g.check(g.Clues) != nil:
		r.say(msgError, "No true candidates: the clues clash: "+g.check(g.Clues).Error()+".")
	case errors.Is(err, solver.ErrConflict):
		r.say(msgError, "No true candidates: your digits clash: "+err.Error()+".")
	case errors.Is(err, solver.ErrBudget):
		r.say(msgError, "No true candidates: the search took longer than the page allows.")
	case err != nil:
		r.say(msgError, "No true candidates: "+err.Error()+".")
	case len(resp.Candidates) != g.cells():
		r.say(msgError, "No true candidates: the engine's answer does not fit the board.")
	case none && entries:
		r.say(msgError, txtNoTrueWithEntries)
	case none:
		r.say(msgError, "No true candidates: this puzzle has no solution.")
	case r.do(ctx, action{Kind: actTrueCands, Marks: resp.Candidates}):
		r.say(msgInfo, txtTrueCandidates)
	default:
		r.say(msgInfo, "The corner marks already show the true candidates.")
	}
}
