package worker

import (
	"context"
	"encoding/json"
	"fmt"

	"sudoku/solver"
)

// A variant puzzle's own rules on the wire: the count job of a puzzle
// opened from f-puzzles data carries its solver.Rules as JSON, and the
// worker counts its solutions with Rules.Solve under the same budgets as a
// classic count.

// RulesOf returns rules as a Request's Rules: nil for none (a classic game).
func RulesOf(r *solver.Rules) json.RawMessage {
	if r == nil {
		return nil
	}
	b, err := r.MarshalJSON()
	if err != nil {
		return nil // rules built by solver.NewRules always marshal
	}
	return b
}

// countRules is OpCount under req.Rules: the first Size² clues of pos are
// the givens; the answer's grid holds the solution in its first Size²
// cells. Rules that cannot be read are an error wrapping ErrRequest.
func countRules(ctx context.Context, req Request, pos solver.Position, resp *Response) error {
	var r solver.Rules
	if err := json.Unmarshal(req.Rules, &r); err != nil {
		return fmt.Errorf("%w: the rules: %v", ErrRequest, err)
	}
	n := r.Cells()
	for c := n; c < len(pos.Clues); c++ {
		if pos.Clues[c] != 0 {
			return fmt.Errorf("%w: a clue outside the %dx%d grid", ErrRequest, r.Size, r.Size)
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
