package worker

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"sudoku/solver"
	"sudoku/solver/trace"
)

// traced is a small trace of a solve (the dlx engine, whose events name
// their columns) and its answer as the worker writes it.
func traced(t *testing.T) (*trace.Trace, Response) {
	t.Helper()
	clues, err := ParseGrid("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
	if err != nil {
		t.Fatal(err)
	}
	e, err := solver.LookupEngine("dlx")
	if err != nil {
		t.Fatal(err)
	}
	res, tr, err := solver.TraceSolve(e, clues, solver.Options{Limit: 1}, 200)
	if err != nil && !errors.Is(err, solver.ErrBudget) {
		t.Fatal(err)
	}
	return tr, Response{ID: 7, Op: OpTrace, Trace: FromTrace(tr, res)}
}

// The events apart and joined again are the trace the worker recorded;
// their text holds no events.
func TestSplitJoinEvents(t *testing.T) {
	tr, resp := traced(t)
	apart, events := resp.SplitEvents()
	if len(events) == 0 || apart.Trace.Events != nil || apart.Trace.Bytes != len(events) || resp.Trace.Events == nil {
		t.Fatalf("split: %d bytes apart, %d left in the answer, %d announced; the original lost its events: %v",
			len(events), len(apart.Trace.Events), apart.Trace.Bytes, resp.Trace.Events == nil)
	}
	text, err := json.Marshal(apart)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(text), `"events"`) {
		t.Errorf("the text still holds the events: %s", text)
	}
	joined, err := JoinEvents(string(text), events)
	if err != nil {
		t.Fatal(err)
	}
	got, _, err := joined.TraceResult(tr.Puzzle)
	if err != nil || !reflect.DeepEqual(got, tr) {
		t.Errorf("joined: %d events (%v), want the %d recorded", len(got.Events), err, len(tr.Events))
	}
}

// Events that do not fit the answer are refused with ErrRequest, the
// request's ID kept so that the page answers that request alone: bytes
// lost on the way, events beside an answer with no trace, events both in
// the text and beside it, and a text that is no answer at all (no ID then).
func TestJoinEventsRefusesWhatDoesNotFit(t *testing.T) {
	_, resp := traced(t)
	apart, events := resp.SplitEvents()
	text, _ := json.Marshal(apart)
	whole, _ := json.Marshal(resp)
	count, _ := json.Marshal(Response{ID: 8, Op: OpCount, Count: &solver.Result{Count: 1}})
	for _, c := range []struct {
		name   string
		text   string
		events []byte
		id     int
	}{
		{"a byte short", string(text), events[:len(events)-1], 7},
		{"a byte more", string(text), append(append([]byte(nil), events...), 0), 7},
		{"none of the announced", string(text), nil, 7},
		{"beside a count", string(count), events, 8},
		{"in the text and beside it", string(whole), events, 7},
		{"not JSON", `{"id": 7, "op": "trace", "trace": `, events, 0},
	} {
		r, err := JoinEvents(c.text, c.events)
		if !errors.Is(err, ErrRequest) || r.ID != c.id {
			t.Errorf("%s: ID %d, %v; want ID %d and ErrRequest", c.name, r.ID, err, c.id)
		}
	}
}

// Trace refuses events that do not match their count, whatever the bytes:
// fewer, more, or a count the bytes cannot hold (which would have made the
// page allocate for it).
func TestTraceEventsMatchTheirCount(t *testing.T) {
	tr, resp := traced(t)
	w := *resp.Trace
	for _, c := range []struct {
		name  string
		count int
	}{{"fewer", w.Count + 1}, {"more", w.Count - 1}, {"a count the bytes cannot hold", 1 << 40}, {"negative", -1}} {
		bad := w
		bad.Count = c.count
		if _, err := bad.Trace(tr.Puzzle); !errors.Is(err, solver.ErrSyntax) {
			t.Errorf("%s events than the count: %v, want ErrSyntax", c.name, err)
		}
	}
}

// FuzzJoinEvents: whatever text and bytes arrive from the worker, the
// page gets an answer or an error, never a panic, and a trace it accepts
// decodes to at most its announced count of events, or to an error.
func FuzzJoinEvents(f *testing.F) {
	var tr trace.Trace
	tr.Max = 10
	tr.Add(trace.Event{Kind: trace.KindAssign, Rule: trace.RuleClue, Cell: 3, Digit: 4, Unit: -1, From: -1})
	tr.Add(trace.Event{Kind: trace.KindGuess, Rule: trace.RuleFewestCandidates, Cell: 5, Digit: 1, Depth: 1, Column: "r1c6 has a digit"})
	apart, events := Response{ID: 1, Op: OpTrace, Trace: FromTrace(&tr, solver.Result{})}.SplitEvents()
	text, _ := json.Marshal(apart)
	f.Add(string(text), events)
	f.Add(string(text), events[:5])
	f.Add(`{"id":2,"op":"count","count":{"count":1}}`, []byte(nil))
	f.Add(`{"id":3,"op":"trace","trace":{"names":[""],"count":1,"bytes":11}}`, make([]byte, 11))
	f.Fuzz(func(t *testing.T, text string, events []byte) {
		r, err := JoinEvents(text, events)
		if err != nil {
			if !errors.Is(err, ErrRequest) {
				t.Fatalf("%v: not ErrRequest", err)
			}
			return
		}
		if r.Trace == nil {
			return
		}
		got, err := r.Trace.Trace(solver.Grid{})
		if err == nil && len(got.Events) != r.Trace.Count {
			t.Fatalf("%d events decoded, %d announced", len(got.Events), r.Trace.Count)
		}
	})
}
