package jobs

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sudoku/web/worker"
	"testing"

	"sudoku/internal/sudokutest"
	"sudoku/solver"
	"sudoku/solver/generate"
	"sudoku/solver/logic"
)

const (
	easy    = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
	hard    = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	hardSol = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
	// impossible has no solution.
	impossible = ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4........."
	// deep takes the default engine about 60 nodes to count to two
	// (solver/testdata/hardmagictour.txt).
	deep    = "...6....5.7.....9..4..3....1.52.........7.98...6........2.....1....4..3......8..."
	twoSols = "8.........95.......76.........426798...571243...893165......916....3.487....1.532" // serg: several solutions
)

// conflict has two 1s in row 1.
var conflict = "11" + strings.Repeat(".", 79)

// roundTrip sends req through JSON as the worker does and decodes the answer.
func roundTrip(t *testing.T, req worker.Request) worker.Response {
	t.Helper()
	b, err := json.Marshal(req)
	if err != nil {
		t.Fatal(err)
	}
	var resp worker.Response
	if err := json.Unmarshal([]byte(HandleJSON(string(b))), &resp); err != nil {
		t.Fatal(err)
	}
	if resp.ID != req.ID || resp.Op != req.Op {
		t.Fatalf("%v: answer for %d %q", req, resp.ID, resp.Op)
	}
	return resp
}

func puzzle(s string) worker.Position {
	return worker.FromPosition(solver.Position{Clues: sudokutest.MustParse(s)})
}

func TestCount(t *testing.T) {
	for _, tt := range []struct {
		name, puzzle string
		count        int
		err          error
	}{
		{"unique", hard, 1, nil},
		{"several", twoSols, 2, nil},
		{"none", impossible, 0, nil},
		{"conflict", conflict, 0, solver.ErrConflict},
	} {
		resp := roundTrip(t, worker.Request{ID: 7, Op: worker.OpCount, Position: puzzle(tt.puzzle), Limit: 2})
		err := resp.Err.Err()
		if tt.err != nil {
			if !errors.Is(err, tt.err) || resp.Count != nil {
				t.Errorf("%s: %v, %+v; want an error matching %v", tt.name, err, resp.Count, tt.err)
			}
			continue
		}
		want, _ := solver.Solve(sudokutest.MustParse(tt.puzzle), solver.Options{Limit: 2})
		if err != nil || resp.Count == nil || *resp.Count != want {
			t.Errorf("%s: %v, %+v; want %+v", tt.name, err, resp.Count, want)
		}
	}
	// A node budget too small ends the job with ErrBudget.
	resp := roundTrip(t, worker.Request{ID: 1, Op: worker.OpCount, Position: puzzle(deep), Limit: 2, MaxNodes: 5})
	if err := resp.Err.Err(); !errors.Is(err, solver.ErrBudget) {
		t.Errorf("budget of 5 nodes: %v, want ErrBudget", err)
	}
}

// sameStep reports how wire differs from st, the logic engine's step on a
// classic grid, with before the position it applies to (nil for a hint's):
// "" when it says the same.
func sameStep(wire worker.Step, st *logic.Step, before *logic.State) string {
	cands := func(what, s string, want []logic.Candidate) string {
		got, err := worker.DecodeCandidates(s)
		if err != nil || len(got) != len(want) {
			return fmt.Sprintf("%s: %v %v, want %v", what, got, err, want)
		}
		for i := range got {
			if got[i] != worker.Candidate(want[i]) {
				return fmt.Sprintf("%s: %v, want %v", what, got, want)
			}
		}
		return ""
	}
	if wire.Technique != worker.Technique(st.Technique) || wire.Text != st.Explanation {
		return fmt.Sprintf("technique %v %q, want %v %q", wire.Technique, wire.Text, st.Technique, st.Explanation)
	}
	for _, d := range []string{cands("pattern", wire.Pattern, st.Pattern), cands("placements", wire.Placements, st.Placements),
		cands("eliminations", wire.Eliminations, st.Eliminations)} {
		if d != "" {
			return d
		}
	}
	links, err := worker.DecodeLinks(wire.Links)
	if err != nil || len(links) != len(st.Links) {
		return fmt.Sprintf("links %v %v, want %v", links, err, st.Links)
	}
	for i, l := range st.Links {
		if links[i] != (worker.Link{From: worker.Candidate(l.From), To: worker.Candidate(l.To), Strong: l.Strong}) {
			return fmt.Sprintf("link %d: %v, want %v", i, links[i], l)
		}
	}
	if before == nil {
		if wire.Before != "" || wire.Units != "" {
			return "a hint's step carries a position"
		}
		return ""
	}
	b, err := worker.DecodeBoard(wire.Before)
	if err != nil || len(b.Digits) != 81 {
		return fmt.Sprintf("position before: %v", err)
	}
	for c := range 81 {
		if int(b.Digits[c]) != before.Digit(c) || (b.Digits[c] == 0 && b.Cands[c] != before.Candidates(c)) {
			return fmt.Sprintf("position before, %s: %d %09b, want %d %09b", solver.CellName(c), b.Digits[c], b.Cands[c],
				before.Digit(c), before.Candidates(c))
		}
	}
	units, err := worker.DecodeCells(wire.Units)
	want := map[int]bool{}
	for _, u := range st.Units {
		for _, c := range before.UnitCells(u) {
			want[c] = true
		}
	}
	if err != nil || len(units) != len(want) {
		return fmt.Sprintf("unit cells %v %v, want %v", units, err, want)
	}
	for _, c := range units {
		if !want[c] {
			return fmt.Sprintf("unit cell %d not in the step's units", c)
		}
	}
	return ""
}

// TestExplainRoundTrip: an explanation on the wire says what the logic
// engine's does, step by step, with the position before each step.
func TestExplainRoundTrip(t *testing.T) {
	for _, v := range []*solver.Variant{solver.Standard, solver.Diagonal} {
		var p solver.Position
		if v == solver.Standard {
			p = solver.Position{Clues: sudokutest.MustParse(hard), Variant: v}
		} else {
			gp, err := generate.Generate(generate.Options{Variant: v, Seed: 3})
			if err != nil {
				t.Fatal(err)
			}
			p = solver.Position{Clues: gp.Grid, Variant: v}
		}
		resp := roundTrip(t, worker.Request{ID: 2, Op: worker.OpExplain, Position: worker.FromPosition(p)})
		got, err := resp.Explanation()
		if err != nil || got == nil {
			t.Fatalf("%s: %v", v, err)
		}
		want, err := logic.Explain(p, logic.Options{})
		if err != nil {
			t.Fatal(err)
		}
		before, err := want.Positions()
		if err != nil {
			t.Fatal(err)
		}
		if len(got.Steps) != len(want.Steps) || got.Level != worker.Level(want.Level) || got.Score != want.Score ||
			got.Solved != want.Solved || !got.FromClues || len(got.Mistakes) != 0 {
			t.Fatalf("%s: the explanation changed on the wire: %d steps, %v, %v", v, len(got.Steps), got.Level, got.Score)
		}
		for i := range want.Steps {
			if d := sameStep(got.Steps[i], &want.Steps[i], &before[i]); d != "" {
				t.Fatalf("%s: step %d: %s", v, i+1, d)
			}
		}
	}
	// Several solutions keep their sentinel across the wire.
	resp := roundTrip(t, worker.Request{ID: 3, Op: worker.OpExplain, Position: puzzle(twoSols)})
	if _, err := resp.Explanation(); !errors.Is(err, worker.ErrMultipleSolutions) || resp.Explain != nil {
		t.Errorf("two solutions: %v, want ErrMultipleSolutions and no explanation", err)
	}
}

// TestHintRoundTrip: a hint on the wire says what the logic engine's does.
func TestHintRoundTrip(t *testing.T) {
	// A player's game: one right digit, one wrong, candidates of their own.
	p := solver.Position{Clues: sudokutest.MustParse(hard), GivensKnown: true}
	p.Placed[1], p.Placed[2] = 1, 9 // r1c2 = 1 is right, r1c3 = 9 is wrong (7)
	resp := roundTrip(t, worker.Request{ID: 4, Op: worker.OpHint, Position: worker.FromPosition(p), Solution: ptr(sudokutest.MustParse(hardSol))})
	got, err := resp.HintResult()
	if err != nil || got == nil {
		t.Fatal(err)
	}
	want, err := logic.Hint(p, logic.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Mistakes) != 1 || got.Mistakes[0] != (worker.Mistake{Cell: 2, Digit: 9, Placed: true}) ||
		len(want.Mistakes) != 1 || want.Mistakes[0] != (logic.Mistake{Cell: 2, Digit: 9, Placed: true}) || got.HasStep != want.HasStep {
		t.Fatalf("hint changed on the wire: %+v, want %+v", got, want)
	}
	if d := sameStep(got.Step, &want.Step, nil); got.HasStep && d != "" {
		t.Fatal(d)
	}
	// A position without mistakes: its next step.
	p.Placed[2] = 0
	resp = roundTrip(t, worker.Request{ID: 5, Op: worker.OpHint, Position: worker.FromPosition(p)})
	got, err = resp.HintResult()
	if want, werr := logic.Hint(p, logic.Options{}); err != nil || werr != nil || !got.HasStep || !want.HasStep || len(got.Mistakes) != 0 {
		t.Fatalf("%v %v %+v", err, werr, got)
	} else if d := sameStep(got.Step, &want.Step, nil); d != "" {
		t.Fatal(d)
	}
}

func TestGenerate(t *testing.T) {
	// The page asks for SymmetryAuto: rotational under the standard rules.
	q := worker.GenerateRequest{Level: worker.Medium, Symmetry: worker.SymmetryAuto, Seed: 42}
	resp := roundTrip(t, worker.Request{ID: 5, Op: worker.OpGenerate, Generate: &q})
	got, err := resp.GeneratedPuzzle()
	if err != nil {
		t.Fatal(err)
	}
	want, err := generate.Generate(generate.Options{Symmetry: generate.Rotational, Target: generate.AtLevel(logic.Medium), Seed: 42})
	if err != nil {
		t.Fatal(err)
	}
	if *got != *FromPuzzle(want) || got.Level != worker.Medium || got.Symmetry != "rotational" {
		t.Fatalf("generated %+v, want %+v", got, FromPuzzle(want))
	}
	// An unknown level or technique is the generator's options error.
	for _, q := range []worker.GenerateRequest{{Level: 9}, {Technique: 99, HasTechnique: true}} {
		resp := roundTrip(t, worker.Request{ID: 7, Op: worker.OpGenerate, Generate: &q})
		if _, err := resp.GeneratedPuzzle(); !errors.Is(err, worker.ErrGenerateOptions) {
			t.Errorf("generate %+v: %v, want ErrGenerateOptions", q, err)
		}
	}
	daily := roundTrip(t, worker.Request{ID: 6, Op: worker.OpGenerate, Generate: &worker.GenerateRequest{Daily: "2026-11-25"}})
	if err := daily.Err.Err(); err != nil || daily.Puzzle == nil || solver.Standard.Verify(daily.Puzzle.Grid, daily.Puzzle.Solution) != nil {
		t.Fatalf("daily: %v %+v", err, daily.Puzzle)
	}
	for _, q := range []worker.GenerateRequest{{Daily: "25/11/2026"}, {Variant: "windoku"}, {Symmetry: "spiral"}} {
		resp := roundTrip(t, worker.Request{ID: 8, Op: worker.OpGenerate, Generate: &q})
		if resp.Err == nil || resp.Puzzle != nil {
			t.Errorf("generate %+v: no error", q)
		}
	}
}

func TestTrace(t *testing.T) {
	clues := sudokutest.MustParse(hard)
	for _, engine := range []string{"prop", "dlx"} {
		resp := roundTrip(t, worker.Request{ID: 9, Op: worker.OpTrace, Position: puzzle(hard), Engine: engine, MaxEvents: 300})
		got, res, err := resp.TraceResult(clues)
		if err != nil || got == nil {
			t.Fatalf("%s: %v", engine, err)
		}
		e, _ := solver.LookupEngine(engine)
		wantRes, want, _ := solver.TraceSolve(e, clues, solver.Options{Limit: 1}, 300)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: the trace changed on the wire", engine)
		}
		if res != wantRes || res.Count != 1 {
			t.Errorf("%s: result %+v on the wire, want %+v", engine, res, wantRes)
		}
		if !want.Truncated && engine == "prop" {
			t.Errorf("%s: %d events, not truncated: the test wants a trace cut at its Max", engine, len(want.Events))
		}
		// A byte short, the events are refused, never half read.
		resp.Trace.Events = resp.Trace.Events[:len(resp.Trace.Events)-1]
		if _, _, err := resp.TraceResult(clues); !errors.Is(err, solver.ErrSyntax) {
			t.Errorf("%s: truncated events: %v, want ErrSyntax", engine, err)
		}
	}
	// A name index out of range is refused.
	bad := &worker.Trace{Names: []string{""}, Count: 1, Events: []byte{2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}}
	if _, err := bad.Trace(clues); !errors.Is(err, solver.ErrSyntax) {
		t.Errorf("name index 1 of 1: %v, want ErrSyntax", err)
	}
	resp := roundTrip(t, worker.Request{ID: 10, Op: worker.OpTrace, Position: puzzle(easy), Engine: "fast"})
	if err := resp.Err.Err(); !errors.Is(err, solver.ErrNoTrace) {
		t.Errorf("trace with fast: %v, want ErrNoTrace", err)
	}
}

// The worker's answer in the browser, its JSON text and the trace's events
// apart (HandleSplit), joined on the page (worker.JoinEvents), is the
// answer HandleJSON writes whole: the same trace, its events out of the
// text; an answer without a trace comes whole, with no events apart.
func TestTraceEventsApart(t *testing.T) {
	clues := sudokutest.MustParse(hard)
	req := worker.Request{ID: 11, Op: worker.OpTrace, Position: puzzle(hard), Engine: "prop", MaxEvents: 20_000}
	b, _ := json.Marshal(req)
	text, events := HandleSplit(string(b))
	if len(events) == 0 || strings.Contains(text, `"events"`) {
		t.Fatalf("%d bytes of events apart; the text holds events: %v", len(events), strings.Contains(text, `"events"`))
	}
	resp, err := worker.JoinEvents(text, events)
	if err != nil {
		t.Fatal(err)
	}
	got, res, err := resp.TraceResult(clues)
	if err != nil {
		t.Fatal(err)
	}
	whole := roundTrip(t, req)
	want, wantRes, _ := whole.TraceResult(clues)
	if !reflect.DeepEqual(got, want) || res != wantRes || len(got.Events) == 0 {
		t.Errorf("the trace apart (%d events, %+v) differs from the trace whole (%d events, %+v)", len(got.Events), res, len(want.Events), wantRes)
	}
	b, _ = json.Marshal(worker.Request{ID: 12, Op: worker.OpCount, Position: puzzle(hard), Limit: 2})
	text, events = HandleSplit(string(b))
	if events != nil {
		t.Errorf("a count came with %d bytes apart", len(events))
	}
	if resp, err := worker.JoinEvents(text, nil); err != nil || resp.ID != 12 || resp.Count == nil {
		t.Errorf("the count's answer: %+v, %v", resp, err)
	}
}

// A job's deadline holds inside one long computation, where no timer can
// fire on WebAssembly: counting a million solutions of the empty board
// takes far more than 5 ms.
func TestDeadline(t *testing.T) {
	resp := roundTrip(t, worker.Request{ID: 12, Op: worker.OpCount, Position: puzzle(strings.Repeat(".", 81)), Limit: 1_000_000, Millis: 5})
	if err := resp.Err.Err(); !errors.Is(err, context.DeadlineExceeded) || resp.Millis > 1000 {
		t.Errorf("5 ms for a million solutions: %v after %.0f ms, want DeadlineExceeded", err, resp.Millis)
	}
}

func TestBadRequests(t *testing.T) {
	for _, tt := range []struct {
		name string
		req  worker.Request
		err  error
	}{
		{"unknown job", worker.Request{ID: 1, Op: "telepathy", Position: puzzle(easy)}, worker.ErrRequest},
		{"short clues", worker.Request{ID: 1, Op: worker.OpCount, Position: worker.Position{Clues: "123"}}, solver.ErrLength},
		{"letters", worker.Request{ID: 1, Op: worker.OpCount, Position: worker.Position{Clues: strings.Repeat("x", 81)}}, solver.ErrSyntax},
		{"candidates", worker.Request{ID: 1, Op: worker.OpHint, Position: worker.Position{Clues: strings.Repeat("0", 81), Cands: []uint16{1}}}, solver.ErrLength},
		{"big candidates", worker.Request{ID: 1, Op: worker.OpHint, Position: worker.Position{Clues: strings.Repeat("0", 81), Cands: make([]uint16, 80)}}, solver.ErrLength},
		{"variant", worker.Request{ID: 1, Op: worker.OpCount, Position: worker.Position{Clues: strings.Repeat("0", 81), Variant: "windoku"}}, solver.ErrUnknown},
		{"wrong solution", worker.Request{ID: 1, Op: worker.OpExplain, Position: puzzle(hard), Solution: ptr(sudokutest.MustParse(easy))}, solver.ErrMismatch},
		{"generate without options", worker.Request{ID: 1, Op: worker.OpGenerate}, worker.ErrRequest},
	} {
		resp := roundTrip(t, tt.req)
		if err := resp.Err.Err(); !errors.Is(err, tt.err) {
			t.Errorf("%s: %v, want %v", tt.name, err, tt.err)
		}
	}
	var resp worker.Response
	if err := json.Unmarshal([]byte(HandleJSON("{not json")), &resp); err != nil || !errors.Is(resp.Err.Err(), worker.ErrRequest) {
		t.Errorf("not JSON: %v, %+v", err, resp.Err)
	}
}

func TestPositionRoundTrip(t *testing.T) {
	want := solver.Position{Clues: sudokutest.MustParse(hard), GivensKnown: true, HasCands: true, Variant: solver.Diagonal}
	want.Placed[1] = 1
	for i := range want.Cands {
		want.Cands[i] = uint16(i*7) & 0x1ff
	}
	got, err := worker.FromPosition(want).Solver()
	if err != nil || got != want {
		t.Fatalf("worker.FromPosition(p).Solver() = %+v, %v; want %+v", got, err, want)
	}
}

func ptr(g solver.Grid) *solver.Grid { return &g }

// A position with a wrong digit is not explained: its mistakes come back,
// across the wire too.
func TestExplainMistakes(t *testing.T) {
	p := solver.Position{Clues: sudokutest.MustParse(hard), GivensKnown: true}
	p.Placed[2] = 9 // r1c3 is 7
	resp := roundTrip(t, worker.Request{ID: 11, Op: worker.OpExplain, Position: worker.FromPosition(p)})
	ex, err := resp.Explanation()
	if err != nil || ex == nil || len(ex.Mistakes) != 1 || ex.Mistakes[0] != (worker.Mistake{Cell: 2, Digit: 9, Placed: true}) || len(ex.Steps) != 0 {
		t.Fatalf("%+v, %v; want the one mistake r1c3=9 and no step", ex, err)
	}
}

// TestTechniqueNames: the page's names, short names and levels of the
// techniques and levels (package worker's) are the logic engine's.
func TestTechniqueNames(t *testing.T) {
	all := logic.Techniques()
	if len(worker.Techniques()) != len(all) {
		t.Fatalf("%d techniques on the wire, the engine has %d", len(worker.Techniques()), len(all))
	}
	for _, lt := range all {
		wt := worker.Technique(lt)
		if wt.String() != lt.String() || wt.ShortName() != lt.ShortName() || wt.Level() != worker.Level(lt.Level()) {
			t.Errorf("technique %d: %q %q %v on the wire, the engine's %q %q %v", lt, wt, wt.ShortName(), wt.Level(),
				lt, lt.ShortName(), lt.Level())
		}
	}
	for l := logic.Easy; l <= logic.Extreme+1; l++ {
		if worker.Level(l).String() != l.String() {
			t.Errorf("level %d: %q on the wire, the engine's %q", l, worker.Level(l), l)
		}
	}
}
