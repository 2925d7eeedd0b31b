package worker

import (
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
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
	// deep needs search from every engine (fast: 63 nodes with limit 2):
	// the first puzzle of solver/testdata/hardmagictour.txt.
	deep    = ".9....2.3........8..751........5..7...4....6..8...3.....6.4....1.............2..9"
	twoSols = "8.........95.......76.........426798...571243...893165......916....3.487....1.532" // serg: several solutions
)

// conflict has two 1s in row 1.
var conflict = "11" + strings.Repeat(".", 79)

// roundTrip sends req through JSON as the worker does and decodes the answer.
func roundTrip(t *testing.T, req Request) Response {
	t.Helper()
	b, err := json.Marshal(req)
	if err != nil {
		t.Fatal(err)
	}
	var resp Response
	if err := json.Unmarshal([]byte(HandleJSON(string(b))), &resp); err != nil {
		t.Fatal(err)
	}
	if resp.ID != req.ID || resp.Op != req.Op {
		t.Fatalf("%v: answer for %d %q", req, resp.ID, resp.Op)
	}
	return resp
}

func puzzle(s string) Position {
	return FromPosition(solver.Position{Clues: sudokutest.MustParse(s)})
}

func TestCount(t *testing.T) {
	for _, tt := range []struct {
		name, puzzle string
		count        int
		err          error
	}{
		{"unique", hard, 1, nil},
		{"several", twoSols, 2, nil},
		{"conflict", conflict, 0, solver.ErrConflict},
	} {
		resp := roundTrip(t, Request{ID: 7, Op: OpCount, Position: puzzle(tt.puzzle), Limit: 2})
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
	resp := roundTrip(t, Request{ID: 1, Op: OpCount, Position: puzzle(deep), Limit: 2, MaxNodes: 5})
	if err := resp.Err.Err(); !errors.Is(err, solver.ErrBudget) {
		t.Errorf("budget of 5 nodes: %v, want ErrBudget", err)
	}
}

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
		resp := roundTrip(t, Request{ID: 2, Op: OpExplain, Position: FromPosition(p)})
		if err := resp.Err.Err(); err != nil || resp.Explain == nil {
			t.Fatalf("%s: %v", v, err)
		}
		got, err := resp.Explain.Logic()
		if err != nil {
			t.Fatal(err)
		}
		want, err := logic.Explain(p, logic.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got.Steps, want.Steps) || got.Level != want.Level || got.Score != want.Score ||
			got.Solved != want.Solved || got.Solution != want.Solution || got.Variant != v {
			t.Fatalf("%s: the explanation changed on the wire", v)
		}
		gotPos, err1 := got.Positions()
		wantPos, err2 := want.Positions()
		if err1 != nil || err2 != nil || len(gotPos) != len(wantPos) {
			t.Fatalf("%s: positions %v %v", v, err1, err2)
		}
		for i := range gotPos {
			if gotPos[i].Position() != wantPos[i].Position() {
				t.Fatalf("%s: position before step %d differs", v, i+1)
			}
		}
	}
	// Several solutions keep their sentinel across the wire.
	resp := roundTrip(t, Request{ID: 3, Op: OpExplain, Position: puzzle(twoSols)})
	if err := resp.Err.Err(); !errors.Is(err, logic.ErrMultipleSolutions) || resp.Explain != nil {
		t.Errorf("two solutions: %v, want ErrMultipleSolutions and no explanation", err)
	}
}

func TestHintRoundTrip(t *testing.T) {
	// A player's game: one right digit, one wrong, candidates of their own.
	p := solver.Position{Clues: sudokutest.MustParse(hard), GivensKnown: true}
	p.Placed[1], p.Placed[2] = 1, 9 // r1c2 = 1 is right, r1c3 = 9 is wrong (7)
	resp := roundTrip(t, Request{ID: 4, Op: OpHint, Position: FromPosition(p), Solution: ptr(sudokutest.MustParse(hardSol))})
	if err := resp.Err.Err(); err != nil || resp.Hint == nil {
		t.Fatal(err)
	}
	got, err := resp.Hint.Logic()
	if err != nil {
		t.Fatal(err)
	}
	want, err := logic.Hint(p, logic.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.Mistakes, want.Mistakes) || len(got.Mistakes) != 1 || got.HasStep != want.HasStep ||
		!reflect.DeepEqual(got.Step, want.Step) || got.Solution != want.Solution {
		t.Fatalf("hint changed on the wire: %+v, want %+v", got, want)
	}
	if (got.Fixed == nil) != (want.Fixed == nil) || (got.Fixed != nil && got.Fixed.Position() != want.Fixed.Position()) {
		t.Fatal("the fixed position changed on the wire")
	}
}

func TestGenerate(t *testing.T) {
	q := GenerateRequest{Level: logic.Medium, Symmetry: "rotational", Seed: 42}
	resp := roundTrip(t, Request{ID: 5, Op: OpGenerate, Generate: &q})
	if err := resp.Err.Err(); err != nil || resp.Puzzle == nil {
		t.Fatal(err)
	}
	got, err := resp.Puzzle.Generate()
	if err != nil {
		t.Fatal(err)
	}
	want, err := generate.Generate(generate.Options{Symmetry: generate.Rotational, Target: generate.AtLevel(logic.Medium), Seed: 42})
	if err != nil {
		t.Fatal(err)
	}
	if *got != *want {
		t.Fatalf("generated %+v, want %+v", got, want)
	}
	daily := roundTrip(t, Request{ID: 6, Op: OpGenerate, Generate: &GenerateRequest{Daily: "2026-11-25"}})
	if err := daily.Err.Err(); err != nil || daily.Puzzle == nil || solver.Standard.Verify(daily.Puzzle.Grid, daily.Puzzle.Solution) != nil {
		t.Fatalf("daily: %v %+v", err, daily.Puzzle)
	}
	for _, q := range []GenerateRequest{{Daily: "25/11/2026"}, {Variant: "windoku"}, {Symmetry: "spiral"}} {
		resp := roundTrip(t, Request{ID: 8, Op: OpGenerate, Generate: &q})
		if resp.Err == nil || resp.Puzzle != nil {
			t.Errorf("generate %+v: no error", q)
		}
	}
}

func TestTrace(t *testing.T) {
	clues := sudokutest.MustParse(hard)
	for _, engine := range []string{"prop", "dlx"} {
		resp := roundTrip(t, Request{ID: 9, Op: OpTrace, Position: puzzle(hard), Engine: engine, MaxEvents: 300})
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
	bad := &Trace{Names: []string{""}, Events: []byte{2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}}
	if _, err := bad.Trace(clues); !errors.Is(err, solver.ErrSyntax) {
		t.Errorf("name index 1 of 1: %v, want ErrSyntax", err)
	}
	resp := roundTrip(t, Request{ID: 10, Op: OpTrace, Position: puzzle(easy), Engine: "fast"})
	if err := resp.Err.Err(); !errors.Is(err, solver.ErrNoTrace) {
		t.Errorf("trace with fast: %v, want ErrNoTrace", err)
	}
}

// A job's deadline holds inside one long computation, where no timer can
// fire on WebAssembly: counting a million solutions of the empty board
// takes far more than 5 ms.
func TestDeadline(t *testing.T) {
	resp := roundTrip(t, Request{ID: 12, Op: OpCount, Position: puzzle(strings.Repeat(".", 81)), Limit: 1_000_000, Millis: 5})
	if err := resp.Err.Err(); !errors.Is(err, context.DeadlineExceeded) || resp.Millis > 1000 {
		t.Errorf("5 ms for a million solutions: %v after %.0f ms, want DeadlineExceeded", err, resp.Millis)
	}
}

func TestBadRequests(t *testing.T) {
	for _, tt := range []struct {
		name string
		req  Request
		err  error
	}{
		{"unknown job", Request{ID: 1, Op: "telepathy", Position: puzzle(easy)}, ErrRequest},
		{"short clues", Request{ID: 1, Op: OpCount, Position: Position{Clues: "123"}}, solver.ErrLength},
		{"letters", Request{ID: 1, Op: OpCount, Position: Position{Clues: strings.Repeat("x", 81)}}, solver.ErrSyntax},
		{"candidates", Request{ID: 1, Op: OpHint, Position: Position{Clues: strings.Repeat("0", 81), Cands: []uint16{1}}}, solver.ErrLength},
		{"big candidates", Request{ID: 1, Op: OpHint, Position: Position{Clues: strings.Repeat("0", 81), Cands: make([]uint16, 80)}}, solver.ErrLength},
		{"variant", Request{ID: 1, Op: OpCount, Position: Position{Clues: strings.Repeat("0", 81), Variant: "windoku"}}, solver.ErrUnknown},
		{"wrong solution", Request{ID: 1, Op: OpExplain, Position: puzzle(hard), Solution: ptr(sudokutest.MustParse(easy))}, solver.ErrMismatch},
		{"generate without options", Request{ID: 1, Op: OpGenerate}, ErrRequest},
	} {
		resp := roundTrip(t, tt.req)
		if err := resp.Err.Err(); !errors.Is(err, tt.err) {
			t.Errorf("%s: %v, want %v", tt.name, err, tt.err)
		}
	}
	var resp Response
	if err := json.Unmarshal([]byte(HandleJSON("{not json")), &resp); err != nil || !errors.Is(resp.Err.Err(), ErrRequest) {
		t.Errorf("not JSON: %v, %+v", err, resp.Err)
	}
}

func TestPositionRoundTrip(t *testing.T) {
	want := solver.Position{Clues: sudokutest.MustParse(hard), GivensKnown: true, HasCands: true, Variant: solver.Diagonal}
	want.Placed[1] = 1
	for i := range want.Cands {
		want.Cands[i] = uint16(i*7) & 0x1ff
	}
	got, err := FromPosition(want).Solver()
	if err != nil || got != want {
		t.Fatalf("FromPosition(p).Solver() = %+v, %v; want %+v", got, err, want)
	}
}

func ptr(g solver.Grid) *solver.Grid { return &g }

// A position with a wrong digit is not explained: its mistakes come back,
// across the wire too.
func TestExplainMistakes(t *testing.T) {
	p := solver.Position{Clues: sudokutest.MustParse(hard), GivensKnown: true}
	p.Placed[2] = 9 // r1c3 is 7
	resp := roundTrip(t, Request{ID: 11, Op: OpExplain, Position: FromPosition(p)})
	if err := resp.Err.Err(); err != nil || resp.Explain == nil || resp.Explain.Start != nil {
		t.Fatalf("%v %+v", err, resp.Explain)
	}
	ex, err := resp.Explain.Logic()
	if err != nil || len(ex.Mistakes) != 1 || ex.Mistakes[0] != (logic.Mistake{Cell: 2, Digit: 9, Placed: true}) || len(ex.Steps) != 0 || ex.Variant != solver.Standard {
		t.Fatalf("%+v, %v; want the one mistake r1c3=9 and no step", ex, err)
	}
}
