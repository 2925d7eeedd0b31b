package worker

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"sudoku/solver"
	"sudoku/solver/generate"
	"sudoku/solver/logic"
)

// Handle runs one job and returns its answer; it never panics on a bad
// request (the answer's Err says what was wrong). The job is bounded by
// req.Millis, req.MaxNodes and, for generating, MaxAttempts.
func Handle(req Request) Response {
	start := time.Now()
	resp := Response{ID: req.ID, Op: req.Op}
	var ctx context.Context = context.Background()
	if req.Millis > 0 {
		ctx = Within(time.Duration(req.Millis) * time.Millisecond)
	}
	resp.Err = wireError(run(ctx, req, &resp))
	resp.Millis = float64(time.Since(start).Microseconds()) / 1000
	return resp
}

// HandleJSON is Handle on JSON texts, as the worker receives and posts
// them. A request that is not JSON is answered with ErrRequest, ID 0.
func HandleJSON(text string) string {
	var req Request
	var resp Response
	if err := json.Unmarshal([]byte(text), &req); err != nil {
		resp = Response{Err: wireError(fmt.Errorf("%w: %v", ErrRequest, err))}
	} else {
		resp = Handle(req)
	}
	b, err := json.Marshal(resp)
	if err != nil { // only numbers, strings and slices of them: cannot happen
		b, _ = json.Marshal(Response{ID: req.ID, Op: req.Op, Err: wireError(fmt.Errorf("%w: %v", ErrRequest, err))})
	}
	return string(b)
}

// run does the job of req, filling its field of resp.
func run(ctx context.Context, req Request, resp *Response) error {
	if req.Op == OpGenerate {
		if req.Generate == nil {
			return fmt.Errorf("%w: generate without its options", ErrRequest)
		}
		p, err := generatePuzzle(ctx, *req.Generate)
		if err != nil {
			return err
		}
		resp.Puzzle = &Puzzle{Grid: p.Grid, Solution: p.Solution, Variant: p.Variant.Name, Symmetry: p.Symmetry.String(),
			Level: p.Level, Score: p.Score, Hardest: p.Hardest, Seed: p.Seed, Attempts: p.Attempts}
		return nil
	}
	pos, err := req.Position.Solver()
	if err != nil {
		return err
	}
	opt := logic.Options{Solution: req.Solution}
	switch req.Op {
	case OpCount:
		if len(req.Rules) > 0 {
			return countRules(ctx, req, pos, resp) // rules.go
		}
		limit := max(req.Limit, 1)
		res, err := solver.Solve(pos.Clues, solver.Options{Variant: pos.Variant, Limit: limit, MaxNodes: req.MaxNodes, Context: ctx})
		if err != nil {
			return err
		}
		resp.Count = &res
	case OpExplain:
		if len(req.Rules) > 0 {
			return explainRules(req, pos, resp) // rules.go
		}
		ex, err := logic.Explain(pos, opt)
		if ex != nil && (err == nil || len(ex.Mistakes) > 0) {
			resp.Explain = fromExplanation(ex)
		}
		return err
	case OpHint:
		if len(req.Rules) > 0 {
			return hintRules(req, pos, resp) // rules.go
		}
		h, err := logic.Hint(pos, opt)
		if h != nil {
			resp.Hint = fromHint(h) // ErrStuck comes with the mistakes
		}
		return err
	case OpTrace:
		if len(req.Rules) > 0 {
			return traceRules(ctx, req, pos, resp) // trace.go
		}
		e, err := solver.LookupEngine(req.Engine)
		if err != nil {
			return err
		}
		res, tr, err := solver.TraceSolve(e, pos.Clues, solver.Options{Variant: pos.Variant, Limit: 1, MaxNodes: req.MaxNodes, Context: ctx}, req.MaxEvents)
		if tr != nil {
			resp.Trace = fromTrace(tr, res) // a budget error keeps the trace so far
		}
		return err
	case OpScan:
		return fmt.Errorf("%w: a scan job comes with its picture (HandlePixels)", ErrRequest)
	default:
		return fmt.Errorf("%w: unknown job %q", ErrRequest, req.Op)
	}
	return nil
}

// generatePuzzle makes the puzzle q asks for, within ctx.
func generatePuzzle(ctx context.Context, q GenerateRequest) (*generate.Puzzle, error) {
	opt, err := q.Options()
	if err != nil {
		return nil, err
	}
	opt.Context = ctx
	return generate.Generate(opt)
}

// WallClock is a Context whose Err reports its deadline by reading the
// clock. A context.WithTimeout cannot bound a job on WebAssembly: its timer
// needs the Go scheduler, which never runs while the engine computes on
// wasm's single thread. The solver and the generator poll Err every few
// hundred nodes.
type WallClock struct {
	context.Context
	deadline time.Time
}

// Within returns a WallClock whose deadline is d from now.
func Within(d time.Duration) WallClock {
	return WallClock{Context: context.Background(), deadline: time.Now().Add(d)}
}

// Deadline returns the deadline.
func (w WallClock) Deadline() (time.Time, bool) { return w.deadline, true }

// Err is context.DeadlineExceeded once the deadline has passed, else nil.
func (w WallClock) Err() error {
	if time.Now().After(w.deadline) {
		return context.DeadlineExceeded
	}
	return nil
}
