package jobs

import (
	"context"
	"encoding/json"
	"fmt"

	"sudoku/solver"
	"sudoku/solver/logic"
	"sudoku/web/worker"
)

// A variant puzzle's own rules on the wire: the count job of a puzzle
// opened from f-puzzles data carries its solver.Rules as JSON, and the
// worker counts its solutions with Rules.Solve under the same budgets as a
// classic count.

// readRules reads a request's rules; an error wraps worker.ErrRequest.
func readRules(req worker.Request) (*solver.Rules, error) {
	var r solver.Rules
	if err := json.Unmarshal(req.Rules, &r); err != nil {
		return nil, fmt.Errorf("%w: the rules: %v", worker.ErrRequest, err)
	}
	return &r, nil
}

// RulesPosition is the player's position pos (its grids hold the Size²
// cells first, r*Size+c) under r as the logic engine reads it. Digits
// outside the grid are a bad request.
func RulesPosition(r *solver.Rules, pos solver.Position) (logic.Position, error) {
	n := r.Cells()
	for c := n; c < 81; c++ {
		if pos.Clues[c] != 0 || pos.Placed[c] != 0 {
			return logic.Position{}, fmt.Errorf("%w: a digit outside the %dx%d grid", worker.ErrRequest, r.Size, r.Size)
		}
	}
	lp := logic.Position{Rules: r, Givens: append([]uint8(nil), pos.Clues[:n]...)}
	if pos.Placed != (solver.Grid{}) {
		lp.Placed = append([]uint8(nil), pos.Placed[:n]...)
	}
	if pos.HasCands {
		lp.Cands = append([]uint16(nil), pos.Cands[:n]...)
	}
	return lp, nil
}

// rulesPosition reads the request's rules and is RulesPosition of them, with the page's solution
// (Size² cells first) as a grid of the logic package's frame.
func rulesPosition(req worker.Request, pos solver.Position) (logic.Position, logic.Options, error) {
	r, err := readRules(req)
	if err != nil {
		return logic.Position{}, logic.Options{}, err
	}
	lp, err := RulesPosition(r, pos)
	if err != nil {
		return lp, logic.Options{}, err
	}
	var opt logic.Options
	if req.Solution != nil {
		var frame solver.Grid
		for c := range r.Cells() {
			frame[logic.FrameCell(r.Size, c)] = req.Solution[c]
		}
		opt.Solution = &frame
	}
	return lp, opt, nil
}

// hintRules is OpHint under req.Rules: logic.Position.Hint, its cells
// renumbered to the page's.
func hintRules(req worker.Request, pos solver.Position, resp *worker.Response) error {
	lp, opt, err := rulesPosition(req, pos)
	if err != nil {
		return err
	}
	h, err := lp.Hint(opt)
	if h != nil {
		resp.Hint = fromHint(h, frame(lp.Rules.Size))
	}
	return err
}

// explainRules is OpExplain under req.Rules: logic.Position.Explain, its
// cells renumbered to the page's.
func explainRules(req worker.Request, pos solver.Position, resp *worker.Response) error {
	lp, opt, err := rulesPosition(req, pos)
	if err != nil {
		return err
	}
	ex, err := lp.Explain(opt)
	if ex != nil && (err == nil || len(ex.Mistakes) > 0) {
		resp.Explain, err = fromExplanation(ex, err, frame(lp.Rules.Size))
	}
	return err
}

// countRules is OpCount under req.Rules: the first Size² clues of pos are
// the givens; the answer's grid holds the solution in its first Size²
// cells. Rules that cannot be read are an error wrapping worker.ErrRequest.
func countRules(ctx context.Context, req worker.Request, pos solver.Position, resp *worker.Response) error {
	r, err := readRules(req)
	if err != nil {
		return err
	}
	n := r.Cells()
	for c := n; c < len(pos.Clues); c++ {
		if pos.Clues[c] != 0 {
			return fmt.Errorf("%w: a clue outside the %dx%d grid", worker.ErrRequest, r.Size, r.Size)
		}
	}
	res, err := r.Solve(pos.Clues[:n], solver.Options{Limit: max(req.Limit, 1), MaxNodes: req.MaxNodes, Context: ctx})
	out := solver.Result{Count: res.Count, Stats: res.Stats}
	copy(out.Solution[:], res.Solution)
	if err != nil {
		return err
	}
	resp.Count = &out
	return nil
}

// traceRules records a trace of a variant puzzle's solve (OpTrace with
// Rules): the rules engine's (Rules.TraceSolve), whatever Request.Engine
// says, bounded like a classic trace.
func traceRules(ctx context.Context, req worker.Request, pos solver.Position, resp *worker.Response) error {
	lp, _, err := rulesPosition(req, pos)
	if err != nil {
		return err
	}
	rr, tr, err := lp.Rules.TraceSolve(lp.Givens, solver.Options{Limit: 1, MaxNodes: req.MaxNodes, Context: ctx}, req.MaxEvents)
	if tr != nil {
		var res solver.Result
		res.Count, res.Stats = rr.Count, rr.Stats
		copy(res.Solution[:], rr.Solution)
		resp.Trace = worker.FromTrace(tr, res) // a budget error keeps the trace so far
	}
	return err
}

// trueCandidatesRules is OpTrueCandidates under req.Rules: Rules.TrueCandidates
// of the givens and the placed digits together, the answer's cells
// numbered as the Position's (r*Size+c).
func trueCandidatesRules(ctx context.Context, req worker.Request, pos solver.Position, resp *worker.Response) error {
	lp, _, err := rulesPosition(req, pos)
	if err != nil {
		return err
	}
	for c, d := range lp.Placed {
		if d != 0 && lp.Givens[c] == 0 {
			lp.Givens[c] = d
		}
	}
	cands, err := lp.Rules.TrueCandidates(lp.Givens, solver.Options{MaxNodes: req.MaxNodes, Context: ctx})
	if err != nil {
		return err
	}
	resp.Candidates = cands
	return nil
}
