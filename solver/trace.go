package solver

import (
	"fmt"

	"sudoku/solver/trace"
)

// tracer is an engine that can record a trace.
type tracer interface {
	solve(g Grid, opt Options, tr *trace.Trace) (Result, error)
}

// CanTrace reports whether TraceSolve can trace engine e ("prop" and "dlx").
func CanTrace(e Engine) bool {
	_, ok := e.(tracer)
	return ok
}

// TraceSolve solves g with e, as e.Solve does, and records the solve as a
// trace.Trace of at most maxEvents events (0 means trace.DefaultMaxEvents). Only the
// "prop" and "dlx" engines trace; any other gives an error wrapping
// ErrNoTrace. It costs the solve plus one allocation per few hundred events;
// Engine.Solve itself records nothing and allocates nothing more.
//
// The trace is returned with the result and error of the solve; it is nil
// only for ErrNoTrace and for clues that break a rule (*ConflictError).
func TraceSolve(e Engine, g Grid, opt Options, maxEvents int) (Result, *trace.Trace, error) {
	t, ok := e.(tracer)
	if !ok {
		return Result{}, nil, fmt.Errorf("engine %q: %w (use prop or dlx)", e.Name(), ErrNoTrace)
	}
	if maxEvents <= 0 {
		maxEvents = trace.DefaultMaxEvents
	}
	if err := opt.prepare(&g); err != nil {
		return Result{}, nil, err
	}
	tr := &trace.Trace{Engine: e.Name(), Variant: opt.Variant.Name, Puzzle: g, Max: maxEvents}
	res, err := t.solve(g, opt, tr)
	if tr.Events == nil {
		tr.Events = []trace.Event{}
	}
	return res, tr, err
}
