package worker

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"sudoku/solver"
	"sudoku/solver/generate"
	"sudoku/solver/logic"
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
)

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

	// Rules, on OpCount, OpHint, OpExplain and OpTrace, are a variant
	// puzzle's own rules (rules.go): the Position's grids then hold its
	// Size² cells first (r*Size+c), and so does Solution; the count is
	// Rules.Solve's, the hint and the explanation logic.Position's, their
	// cells in the logic package's frame (r*9+c), and the trace
	// Rules.TraceSolve's (Engine is ignored; Trace.Size is set and its
	// cells are r*Size+c).
	Rules json.RawMessage `json:"rules,omitempty"`
}

// A GenerateRequest says what puzzle OpGenerate makes: the daily puzzle of
// Daily ("2006-01-02"), or else a puzzle of Variant at Level, or with
// Technique as its hardest step when HasTechnique is set, with Symmetry
// (a generate.ParseSymmetry name), from Seed, within MaxAttempts.
type GenerateRequest struct {
	Daily        string          `json:"daily,omitempty"`
	Variant      string          `json:"variant,omitempty"`
	Level        logic.Level     `json:"level"`
	Technique    logic.Technique `json:"technique"`
	HasTechnique bool            `json:"has_technique,omitempty"`
	Symmetry     string          `json:"symmetry,omitempty"`
	Seed         uint64          `json:"seed"`
	MaxAttempts  int             `json:"max_attempts,omitempty"`
}

// Options returns the generator's options q stands for, without a
// context: the daily puzzle's are generate.DailyOptions of the date. An
// unreadable date or an unknown variant or symmetry is an error.
func (q GenerateRequest) Options() (generate.Options, error) {
	var opt generate.Options
	if q.Daily != "" {
		date, err := time.Parse(time.DateOnly, q.Daily)
		if err != nil {
			return opt, fmt.Errorf("%w: daily date %q: %v", ErrRequest, q.Daily, err)
		}
		opt = generate.DailyOptions(date)
	} else {
		v, sym, err := rulesOf(q.Variant, q.Symmetry)
		if err != nil {
			return opt, err
		}
		opt = generate.Options{Variant: v, Symmetry: sym, Target: generate.AtLevel(q.Level), Seed: q.Seed}
		if q.HasTechnique {
			opt.Target = generate.HardestTechnique(q.Technique)
		}
	}
	opt.MaxAttempts = q.MaxAttempts
	return opt, nil
}

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

// grid reads a grid of the wire, written by Grid.String, with solver.Parse.
func grid(what, s string) (solver.Grid, error) {
	g, err := solver.Parse(s)
	if err != nil {
		return g, fmt.Errorf("%s: %w", what, err)
	}
	return g, nil
}

// An Explanation is a logic.Explanation on the wire: the variant by name,
// the start position (none for a position with mistakes) instead of a
// logic.State, the rest as it is.
type Explanation struct {
	Puzzle             solver.Grid     `json:"puzzle"`
	Variant            string          `json:"variant,omitempty"`
	Solution           solver.Grid     `json:"solution"`
	Mistakes           []logic.Mistake `json:"mistakes,omitempty"`
	Steps              []logic.Step    `json:"steps,omitempty"`
	Start              *Position       `json:"start,omitempty"`
	Solved             bool            `json:"solved"`
	Level              logic.Level     `json:"level"`
	Score              float64         `json:"score"`
	Total              float64         `json:"total"`
	NeedsContradiction bool            `json:"needs_contradiction,omitempty"`
}

// fromExplanation returns ex on the wire.
func fromExplanation(ex *logic.Explanation) *Explanation {
	w := &Explanation{Puzzle: ex.Puzzle, Variant: ex.Variant.Name, Solution: ex.Solution, Mistakes: ex.Mistakes, Steps: ex.Steps,
		Solved: ex.Solved, Level: ex.Level, Score: ex.Score, Total: ex.Total, NeedsContradiction: ex.NeedsContradiction}
	if len(ex.Mistakes) == 0 {
		p := FromPosition(ex.Start.Position())
		w.Start = &p
	}
	return w
}

// Logic returns the logic.Explanation w stands for, its Start rebuilt
// from the start position (cheap: no step is searched for again).
func (w *Explanation) Logic() (*logic.Explanation, error) {
	v, err := solver.LookupVariant(w.Variant)
	if err != nil {
		return nil, err
	}
	ex := &logic.Explanation{Puzzle: w.Puzzle, Variant: v, Solution: w.Solution, Mistakes: w.Mistakes,
		Steps: w.Steps, Solved: w.Solved, Level: w.Level, Score: w.Score, Total: w.Total, NeedsContradiction: w.NeedsContradiction}
	if w.Start != nil {
		p, err := w.Start.Solver()
		if err != nil {
			return nil, err
		}
		s, err := logic.NewState(p)
		if err != nil {
			return nil, err
		}
		ex.Start = *s
	}
	return ex, nil
}

// A Hint is a logic.HintResult on the wire: the fixed position instead of
// a logic.State.
type Hint struct {
	Mistakes []logic.Mistake `json:"mistakes,omitempty"`
	Step     logic.Step      `json:"step"`
	HasStep  bool            `json:"has_step"`
	Fixed    *Position       `json:"fixed,omitempty"`
	Solution solver.Grid     `json:"solution"`
}

// fromHint returns h on the wire.
func fromHint(h *logic.HintResult) *Hint {
	w := &Hint{Mistakes: h.Mistakes, Step: h.Step, HasStep: h.HasStep, Solution: h.Solution}
	if h.Fixed != nil {
		p := FromPosition(h.Fixed.Position())
		w.Fixed = &p
	}
	return w
}

// Logic returns the logic.HintResult w stands for.
func (w *Hint) Logic() (*logic.HintResult, error) {
	h := &logic.HintResult{Mistakes: w.Mistakes, Step: w.Step, HasStep: w.HasStep, Solution: w.Solution}
	if w.Fixed != nil {
		p, err := w.Fixed.Solver()
		if err != nil {
			return nil, err
		}
		if h.Fixed, err = logic.NewState(p); err != nil {
			return nil, err
		}
	}
	return h, nil
}

// A Puzzle is a generate.Puzzle on the wire: the variant and the symmetry
// by name.
type Puzzle struct {
	Grid     solver.Grid     `json:"grid"`
	Solution solver.Grid     `json:"solution"`
	Variant  string          `json:"variant"`
	Symmetry string          `json:"symmetry"`
	Level    logic.Level     `json:"level"`
	Score    float64         `json:"score"`
	Hardest  logic.Technique `json:"hardest"`
	Seed     uint64          `json:"seed"`
	Attempts int             `json:"attempts"`
}

// Generate returns the generate.Puzzle w stands for.
func (w *Puzzle) Generate() (*generate.Puzzle, error) {
	v, sym, err := rulesOf(w.Variant, w.Symmetry)
	if err != nil {
		return nil, err
	}
	return &generate.Puzzle{Grid: w.Grid, Solution: w.Solution, Variant: v, Symmetry: sym, Level: w.Level,
		Score: w.Score, Hardest: w.Hardest, Seed: w.Seed, Attempts: w.Attempts}, nil
}

// rulesOf looks up a variant and a symmetry by their names.
func rulesOf(variant, symmetry string) (*solver.Variant, generate.Symmetry, error) {
	v, err := solver.LookupVariant(variant)
	if err != nil {
		return nil, 0, err
	}
	sym, err := generate.ParseSymmetry(symmetry)
	return v, sym, err
}

// Explanation returns the explanation a OpExplain job answered (rebuilt by
// Explanation.Logic), with the job's error: a position with mistakes comes
// with them and no error.
func (r Response) Explanation() (*logic.Explanation, error) {
	return result(r.Err, r.Explain, (*Explanation).Logic)
}

// HintResult returns the hint a OpHint job answered (rebuilt by Hint.Logic),
// with the job's error: logic.ErrStuck comes with the mistakes.
func (r Response) HintResult() (*logic.HintResult, error) {
	return result(r.Err, r.Hint, (*Hint).Logic)
}

// GeneratedPuzzle returns the puzzle a OpGenerate job made, or its error.
func (r Response) GeneratedPuzzle() (*generate.Puzzle, error) {
	return result(r.Err, r.Puzzle, (*Puzzle).Generate)
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

// sentinels are the errors a job's error is matched against, by name.
var sentinels = []struct {
	name string
	err  error
}{
	{"syntax", solver.ErrSyntax},
	{"length", solver.ErrLength},
	{"conflict", solver.ErrConflict},
	{"budget", solver.ErrBudget},
	{"mismatch", solver.ErrMismatch},
	{"unknown", solver.ErrUnknown},
	{"no-trace", solver.ErrNoTrace},
	{"no-solution", logic.ErrNoSolution},
	{"multiple-solutions", logic.ErrMultipleSolutions},
	{"stuck", logic.ErrStuck},
	{"logic-variant", logic.ErrVariant},
	{"generate-budget", generate.ErrBudget},
	{"generate-options", generate.ErrOptions},
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

// wireError returns err on the wire; nil for nil.
func wireError(err error) *Error {
	if err == nil {
		return nil
	}
	w := &Error{Msg: err.Error()}
	for _, s := range sentinels {
		if errors.Is(err, s.err) {
			w.Sentinels = append(w.Sentinels, s.name)
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
			if s.name == name {
				e.is = append(e.is, s.err)
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
