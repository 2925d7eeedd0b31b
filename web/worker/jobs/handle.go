// Package jobs runs the engine's jobs of the page's Web Worker (package
// sudoku/web/worker's protocol): counting, explaining, hints, generating,
// traces, reading a photo, and reading and writing puzzles' texts. The worker's binary (cmd/worker) serves them
// in the browser (Serve); native tests run them through worker.Handle,
// which this package sets. The page does not import it: it links none of
// the engine's logic, generator and photo reader.
//
// # Files
//
// handle.go (Handle and the jobs), wire.go (the logic engine's and the
// generator's results in the protocol's types), rules.go (jobs under a
// variant puzzle's own rules), scan.go (the photo's job), read.go (pasted
// texts and links read, a variant puzzle's link written), serve_js.go (the
// worker's side in the browser).
package jobs

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"sudoku/solver"
	"sudoku/solver/generate"
	"sudoku/solver/logic"
	"sudoku/web/worker"
)

func init() { worker.Handle = Handle }

// Handle runs one job and returns its answer; it never panics on a bad
// request (the answer's Err says what was wrong). The job is bounded by
// req.Millis, req.MaxNodes and, for generating, MaxAttempts.
func Handle(req worker.Request) worker.Response {
	start := time.Now()
	resp := worker.Response{ID: req.ID, Op: req.Op}
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
func HandleJSON(text string) string { return encode(handleText(text)) }

// HandleSplit is HandleJSON with a trace's events apart from the text, as
// the worker posts them in the browser (worker.Response.SplitEvents): the
// JSON answer without them, and the events (nil when the answer holds
// none), which the page joins again (worker.JoinEvents).
func HandleSplit(text string) (string, []byte) {
	resp, events := handleText(text).SplitEvents()
	return encode(resp), events
}

// handleText answers the JSON request text; one that is not JSON is
// answered with ErrRequest, ID 0.
func handleText(text string) worker.Response {
	var req worker.Request
	if err := json.Unmarshal([]byte(text), &req); err != nil {
		return worker.Response{Err: wireError(fmt.Errorf("%w: %v", worker.ErrRequest, err))}
	}
	return Handle(req)
}

// engineSentinels are the engine's errors the page tells apart, by the
// names under which package worker has its own.
var engineSentinels = []worker.Sentinel{
	{Name: "no-solution", Err: logic.ErrNoSolution},
	{Name: "multiple-solutions", Err: logic.ErrMultipleSolutions},
	{Name: "stuck", Err: logic.ErrStuck},
	{Name: "logic-variant", Err: logic.ErrVariant},
	{Name: "generate-budget", Err: generate.ErrBudget},
	{Name: "generate-options", Err: generate.ErrOptions},
}

// wireError is err on the wire, the engine's sentinels included.
func wireError(err error) *worker.Error { return worker.WireError(err, engineSentinels...) }

// run does the job of req, filling its field of resp.
func run(ctx context.Context, req worker.Request, resp *worker.Response) error {
	switch req.Op {
	case worker.OpRead:
		return read(req.Read, resp) // read.go
	case worker.OpLink:
		return link(req.Link, resp)
	}
	if req.Op == worker.OpGenerate {
		if req.Generate == nil {
			return fmt.Errorf("%w: generate without its options", worker.ErrRequest)
		}
		p, err := generatePuzzle(ctx, *req.Generate)
		if err != nil {
			return err
		}
		resp.Puzzle = FromPuzzle(p)
		return nil
	}
	pos, err := req.Position.Solver()
	if err != nil {
		return err
	}
	opt := logic.Options{Solution: req.Solution}
	switch req.Op {
	case worker.OpCount:
		if len(req.Rules) > 0 {
			return countRules(ctx, req, pos, resp) // rules.go
		}
		limit := max(req.Limit, 1)
		res, err := solver.Solve(pos.Clues, solver.Options{Variant: pos.Variant, Limit: limit, MaxNodes: req.MaxNodes, Context: ctx})
		if err != nil {
			return err
		}
		resp.Count = &res
	case worker.OpExplain:
		if len(req.Rules) > 0 {
			return explainRules(req, pos, resp) // rules.go
		}
		ex, err := logic.Explain(pos, opt)
		if ex != nil && (err == nil || len(ex.Mistakes) > 0) {
			resp.Explain, err = fromExplanation(ex, err, classicFrame)
		}
		return err
	case worker.OpHint:
		if len(req.Rules) > 0 {
			return hintRules(req, pos, resp) // rules.go
		}
		h, err := logic.Hint(pos, opt)
		if h != nil {
			resp.Hint = fromHint(h, classicFrame) // ErrStuck comes with the mistakes
		}
		return err
	case worker.OpTrace:
		if len(req.Rules) > 0 {
			return traceRules(ctx, req, pos, resp) // rules.go
		}
		e, err := solver.LookupEngine(req.Engine)
		if err != nil {
			return err
		}
		res, tr, err := solver.TraceSolve(e, pos.Clues, solver.Options{Variant: pos.Variant, Limit: 1, MaxNodes: req.MaxNodes, Context: ctx}, req.MaxEvents)
		if tr != nil {
			resp.Trace = worker.FromTrace(tr, res) // a budget error keeps the trace so far
		}
		return err
	case worker.OpTrueCandidates:
		if len(req.Rules) > 0 {
			return trueCandidatesRules(ctx, req, pos, resp) // rules.go
		}
		board := pos.Clues
		for c, d := range pos.Placed {
			if d != 0 && board[c] == 0 {
				board[c] = d
			}
		}
		cands, err := solver.TrueCandidates(board, solver.Options{Variant: pos.Variant, MaxNodes: req.MaxNodes, Context: ctx})
		if err != nil {
			return err
		}
		resp.Candidates = cands[:]
	case worker.OpScan:
		return fmt.Errorf("%w: a scan job comes with its picture (HandlePixels)", worker.ErrRequest)
	default:
		return fmt.Errorf("%w: unknown job %q", worker.ErrRequest, req.Op)
	}
	return nil
}

// generatePuzzle makes the puzzle q asks for, within ctx.
func generatePuzzle(ctx context.Context, q worker.GenerateRequest) (*generate.Puzzle, error) {
	opt, err := Options(q)
	if err != nil {
		return nil, err
	}
	opt.Context = ctx
	return generate.Generate(opt)
}

// Options returns the generator's options q stands for, without a
// context: the daily puzzle's are generate.DailyOptions of the date; a
// worker.SymmetryAuto symmetry is rotational when the variant's regions
// keep under it, else none. An unreadable date or an unknown variant or
// symmetry is an error.
func Options(q worker.GenerateRequest) (generate.Options, error) {
	var opt generate.Options
	if q.Daily != "" {
		date, err := time.Parse(time.DateOnly, q.Daily)
		if err != nil {
			return opt, fmt.Errorf("%w: daily date %q: %v", worker.ErrRequest, q.Daily, err)
		}
		opt = generate.DailyOptions(date)
	} else {
		v, err := solver.LookupVariant(q.Variant)
		if err != nil {
			return opt, err
		}
		sym := generate.None
		if q.Symmetry == worker.SymmetryAuto {
			if generate.Rotational.Preserves(v) {
				sym = generate.Rotational
			}
		} else if sym, err = generate.ParseSymmetry(q.Symmetry); err != nil {
			return opt, err
		}
		opt = generate.Options{Variant: v, Symmetry: sym, Target: generate.AtLevel(logic.Level(q.Level)), Seed: q.Seed}
		if q.HasTechnique {
			opt.Target = generate.HardestTechnique(logic.Technique(q.Technique))
		}
	}
	opt.MaxAttempts = q.MaxAttempts
	return opt, nil
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
