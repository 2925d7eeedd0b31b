package worker

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"sudoku/solver"
)

// An Op names a job.
type Op string

// The jobs.
const (
	// OpCount counts the solutions of Position's clues up to Limit and
	// returns the first (Response.Count).
	OpCount Op = "count"
	// OpExplain explains Position step by step (Response.Explain).
	OpExplain Op = "explain"
	// OpHint checks Position and finds its next step (Response.Hint).
	OpHint Op = "hint"
	// OpGenerate makes a puzzle (Request.Generate; Response.Puzzle).
	OpGenerate Op = "generate"
	// OpTrace records a bounded trace of a solve of Position's clues
	// (Request.Engine, MaxEvents; Response.Trace, with the solve's result).
	OpTrace Op = "trace"
	// OpScan reads a puzzle from a picture (Response.Scan). The picture
	// does not travel in the JSON: the page posts it beside the request
	// (Client.DoPicture), and the worker decodes and shrinks it.
	OpScan Op = "scan"
	// OpTrueCandidates finds, for every cell, the digits that appear there
	// in some solution of Position's clues and placed digits together
	// (Response.Candidates), within MaxNodes over all its solves.
	OpTrueCandidates Op = "true-candidates"
)

// Handle runs one job in this process and returns its answer. Package
// sudoku/web/worker/jobs sets it: the worker's binary and the native tests
// link the engine through it, the page does not (nil there: the page's
// Client posts its jobs to the Web Worker instead).
var Handle func(Request) Response

// A Request is one job for the worker.
type Request struct {
	ID       int      `json:"id"`
	Op       Op       `json:"op"`
	Position Position `json:"position"`

	// Limit is OpCount's limit (0 means 1); MaxNodes bounds the solves of
	// OpCount and OpTrace (0: no node budget).
	Limit    int   `json:"limit,omitempty"`
	MaxNodes int64 `json:"max_nodes,omitempty"`
	// Millis bounds the job's time in the worker, in milliseconds (0: none).
	Millis int `json:"millis,omitempty"`

	// Solution is the clues' solution when the page knows it (it proved it
	// unique): OpExplain and OpHint then need not solve again.
	Solution *solver.Grid `json:"solution,omitempty"`

	Generate *GenerateRequest `json:"generate,omitempty"`

	Engine    string `json:"engine,omitempty"`     // OpTrace: "prop" or "dlx"
	MaxEvents int    `json:"max_events,omitempty"` // OpTrace

	// Rules, on OpCount, OpHint, OpExplain, OpTrace and OpTrueCandidates, are a variant
	// puzzle's own rules (solver.Rules as JSON): the Position's grids then
	// hold its Size² cells first (r*Size+c), and so does Solution; the count
	// is Rules.Solve's, the hint and the explanation logic.Position's, their
	// cells numbered as the Position's (r*Size+c), and the trace
	// Rules.TraceSolve's (Engine is ignored; Trace.Size is set, its cells
	// r*Size+c).
	Rules json.RawMessage `json:"rules,omitempty"`

	Read *ReadRequest   `json:"read,omitempty"` // OpRead (read.go)
	Link *VariantPuzzle `json:"link,omitempty"` // OpLink
}

// A GenerateRequest says what puzzle OpGenerate makes: the daily puzzle of
// Daily ("2006-01-02"), or else a puzzle of Variant at Level, or with
// Technique as its hardest step when HasTechnique is set, with Symmetry
// (a generate.ParseSymmetry name, or SymmetryAuto), from Seed, within
// MaxAttempts.
type GenerateRequest struct {
	Daily        string    `json:"daily,omitempty"`
	Variant      string    `json:"variant,omitempty"`
	Level        Level     `json:"level"`
	Technique    Technique `json:"technique"`
	HasTechnique bool      `json:"has_technique,omitempty"`
	Symmetry     string    `json:"symmetry,omitempty"`
	Seed         uint64    `json:"seed"`
	MaxAttempts  int       `json:"max_attempts,omitempty"`
}

// SymmetryAuto asks for rotational symmetry when the variant's rules keep
// their regions under it, and none otherwise (the page's New puzzle).
const SymmetryAuto = "auto"

// A Response is the answer to the Request of the same ID: Err when the job
// failed, else the field of its Op.
type Response struct {
	ID     int     `json:"id"`
	Op     Op      `json:"op"`
	Millis float64 `json:"millis"` // the job's time in the worker
	Err    *Error  `json:"err,omitempty"`

	Count   *solver.Result `json:"count,omitempty"`
	Explain *Explanation   `json:"explain,omitempty"`
	Hint    *Hint          `json:"hint,omitempty"`
	Puzzle  *Puzzle        `json:"puzzle,omitempty"`
	Trace   *Trace         `json:"trace,omitempty"`
	Scan    *Scan          `json:"scan,omitempty"`
	Read    *Read          `json:"read,omitempty"`
	Link    string         `json:"link,omitempty"`
	// Candidates are OpTrueCandidates' answer: a cell's digits as bits (bit
	// d-1 for digit d), a cell for each of the grid's Size² cells
	// (r*Size+c), a clue's or a placed digit's cell holding that digit
	// alone; all zero when there is no solution.
	Candidates []uint16 `json:"candidates,omitempty"`
}

// A Position is a solver.Position on the wire: grids as Grid.String writes
// them (81 characters, '.' for an empty cell), the candidates of every cell when HasCands, the variant
// by name.
type Position struct {
	Clues       string   `json:"clues"`
	Placed      string   `json:"placed,omitempty"`
	Cands       []uint16 `json:"cands,omitempty"`
	GivensKnown bool     `json:"givens_known,omitempty"`
	Variant     string   `json:"variant,omitempty"`
}

// FromPosition returns p on the wire. The variant must be one
// solver.LookupVariant knows by its name (the page's variants are).
func FromPosition(p solver.Position) Position {
	w := Position{Clues: p.Clues.String(), GivensKnown: p.GivensKnown}
	if p.Placed != (solver.Grid{}) {
		w.Placed = p.Placed.String()
	}
	if p.HasCands {
		w.Cands = append([]uint16(nil), p.Cands[:]...)
	}
	if p.Variant != nil && p.Variant != solver.Standard {
		w.Variant = p.Variant.Name
	}
	return w
}

// Solver returns the solver.Position w stands for; a malformed one is an
// error wrapping solver.ErrSyntax, ErrLength or ErrUnknown.
func (w Position) Solver() (solver.Position, error) {
	var p solver.Position
	var err error
	if p.Clues, err = grid("clues", w.Clues); err != nil {
		return p, err
	}
	if w.Placed != "" {
		if p.Placed, err = grid("placed", w.Placed); err != nil {
			return p, err
		}
	}
	switch len(w.Cands) {
	case 0:
	case 81:
		p.HasCands = true
		for i, m := range w.Cands {
			if m >= 1<<9 {
				return p, fmt.Errorf("candidates of %s: %#x: %w", solver.CellName(i), m, solver.ErrSyntax)
			}
			p.Cands[i] = m
		}
	default:
		return p, fmt.Errorf("%d cells of candidates, want 81: %w", len(w.Cands), solver.ErrLength)
	}
	p.GivensKnown = w.GivensKnown
	if p.Variant, err = solver.LookupVariant(w.Variant); err != nil {
		return p, err
	}
	return p, nil
}

// grid reads a grid of the wire, written by Grid.String, with ParseGrid.
func grid(what, s string) (solver.Grid, error) {
	g, err := ParseGrid(s)
	if err != nil {
		return g, fmt.Errorf("%s: %w", what, err)
	}
	return g, nil
}

// A Puzzle is a generated puzzle (generate.Puzzle) on the wire: the
// variant and the symmetry by name.
type Puzzle struct {
	Grid     solver.Grid `json:"grid"`
	Solution solver.Grid `json:"solution"`
	Variant  string      `json:"variant"`
	Symmetry string      `json:"symmetry"`
	Level    Level       `json:"level"`
	Score    float64     `json:"score"`
	Hardest  Technique   `json:"hardest"`
	Seed     uint64      `json:"seed"`
	Attempts int         `json:"attempts"`
}

// Rules returns the puzzle's variant; an unknown name is an error wrapping
// solver.ErrUnknown.
func (w *Puzzle) Rules() (*solver.Variant, error) { return solver.LookupVariant(w.Variant) }

// Explanation returns the explanation a OpExplain job answered, with the
// job's error: a position with mistakes comes with them and no error.
func (r Response) Explanation() (*Explanation, error) {
	return result(r.Err, r.Explain, func(w *Explanation) (*Explanation, error) { return w, nil })
}

// HintResult returns the hint a OpHint job answered, with the job's error:
// ErrStuck comes with the mistakes.
func (r Response) HintResult() (*Hint, error) {
	return result(r.Err, r.Hint, func(w *Hint) (*Hint, error) { return w, nil })
}

// GeneratedPuzzle returns the puzzle a OpGenerate job made, or its error;
// a puzzle of an unknown variant is an error.
func (r Response) GeneratedPuzzle() (*Puzzle, error) {
	return result(r.Err, r.Puzzle, func(w *Puzzle) (*Puzzle, error) {
		_, err := w.Rules()
		return w, err
	})
}

// result rebuilds a job's result w with conv, keeping the job's error e; a
// missing result is e, or ErrRequest without e.
func result[W, T any](e *Error, w *W, conv func(*W) (T, error)) (T, error) {
	err := e.Err()
	if w == nil {
		var zero T
		if err == nil {
			err = fmt.Errorf("%w: the answer holds no result", ErrRequest)
		}
		return zero, err
	}
	v, cerr := conv(w)
	if cerr != nil {
		return v, cerr
	}
	return v, err
}

// An Error is a job's error on the wire: its text, and the names of the
// sentinel errors it matched, so that errors.Is still works on the page's
// side (Err).
type Error struct {
	Msg       string   `json:"msg"`
	Sentinels []string `json:"sentinels,omitempty"`
}

// A Sentinel is an error a job's error is matched against, by its name on
// the wire.
type Sentinel struct {
	Name string
	Err  error
}

// sentinels are the errors a job's error is matched against on both sides
// of the wire; the engine's own (package logic's and generate's, which the
// page does not link) are matched by the worker (package jobs) and arrive
// as this package's errors of the same names.
var sentinels = []Sentinel{
	{"syntax", solver.ErrSyntax},
	{"length", solver.ErrLength},
	{"conflict", solver.ErrConflict},
	{"budget", solver.ErrBudget},
	{"mismatch", solver.ErrMismatch},
	{"unknown", solver.ErrUnknown},
	{"no-trace", solver.ErrNoTrace},
	{"no-solution", ErrNoSolution},
	{"multiple-solutions", ErrMultipleSolutions},
	{"stuck", ErrStuck},
	{"logic-variant", ErrVariant},
	{"generate-budget", ErrGenerateBudget},
	{"generate-options", ErrGenerateOptions},
	{"deadline", context.DeadlineExceeded},
	{"canceled", context.Canceled},
	{"cancelled-job", ErrCancelled},
	{"bad-request", ErrRequest},
}

// ErrCancelled: the job was cancelled before it answered (Client.Cancel, or
// a later request that replaced it).
var ErrCancelled = errors.New("job cancelled")

// ErrRequest: a request the worker cannot read, or for an unknown job.
var ErrRequest = errors.New("bad request")

// The engine's errors as the page receives them: each stands for the error
// of package logic or generate of the same meaning, matched by the worker.
var (
	ErrNoSolution        = errors.New("the puzzle has no solution")       // logic.ErrNoSolution
	ErrMultipleSolutions = errors.New("the puzzle has several solutions") // logic.ErrMultipleSolutions
	ErrStuck             = errors.New("no technique applies")             // logic.ErrStuck
	ErrVariant           = errors.New("variant not supported by logic")   // logic.ErrVariant
	ErrGenerateBudget    = errors.New("no puzzle within the budget")      // generate.ErrBudget
	ErrGenerateOptions   = errors.New("invalid generator options")        // generate.ErrOptions
)

// WireError returns err on the wire, the names of the sentinels it
// matches with it: this package's and more (the engine's own, which the
// worker matches); nil for nil.
func WireError(err error, more ...Sentinel) *Error {
	if err == nil {
		return nil
	}
	w := &Error{Msg: err.Error()}
	for _, list := range [][]Sentinel{sentinels, more} {
		for _, s := range list {
			if errors.Is(err, s.Err) && !slices.Contains(w.Sentinels, s.Name) {
				w.Sentinels = append(w.Sentinels, s.Name)
			}
		}
	}
	return w
}

// Err returns the error w stands for: its text, matching with errors.Is
// the sentinels the worker's error matched. nil for nil.
func (w *Error) Err() error {
	if w == nil {
		return nil
	}
	e := &remoteError{msg: w.Msg}
	for _, name := range w.Sentinels {
		for _, s := range sentinels {
			if s.Name == name {
				e.is = append(e.is, s.Err)
			}
		}
	}
	return e
}

// A remoteError is a job's error received from the worker.
type remoteError struct {
	msg string
	is  []error
}

func (e *remoteError) Error() string   { return e.msg }
func (e *remoteError) Unwrap() []error { return e.is }

// String describes the request for logs and messages: "explain #3".
func (r Request) String() string {
	return strings.TrimSpace(fmt.Sprintf("%s #%d", r.Op, r.ID))
}

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
