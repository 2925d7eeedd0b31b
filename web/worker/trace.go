package worker

import (
	"encoding/binary"
	"encoding/json"
	"fmt"

	"sudoku/solver"
	"sudoku/solver/trace"
)

// A Trace is a trace.Trace on the wire, with the result of its solve. The
// events are packed as signed varints, eleven an event (the kind, the rule
// and the column as indices in Names, then Cell, Digit, Depth, Unit, From,
// Size, Columns and Rows). In the browser they travel beside the JSON
// text, as the bytes of a transferred ArrayBuffer (SplitEvents, then
// JoinEvents on the page), so that the page's thread neither scans nor
// decodes them as JSON: a trace of 20,000 events is about 230 KB. A JSON
// text alone carries them as one base64 string (Events), as the native
// tests and the fuzzing do. Count is the number of events, so that the
// page allocates them once and knows the bytes whole. The clues are not on
// the wire: the page has them.
type Trace struct {
	Engine    string        `json:"engine"`
	Variant   string        `json:"variant"`
	Size      int           `json:"size,omitempty"` // a variant puzzle's side: cells r*Size+c
	Max       int           `json:"max"`
	Truncated bool          `json:"truncated"`
	Names     []string      `json:"names"`
	Count     int           `json:"count"`
	Events    []byte        `json:"events,omitempty"`
	Bytes     int           `json:"bytes,omitempty"` // the events' length when they travel beside the text
	Result    solver.Result `json:"result"`
}

// eventFields is how many varints an event takes on the wire; each takes
// at least a byte.
const eventFields = 11

// FromTrace returns t and its solve's result res on the wire.
func FromTrace(t *trace.Trace, res solver.Result) *Trace {
	w := &Trace{Engine: t.Engine, Variant: t.Variant, Size: t.Size, Max: t.Max, Truncated: t.Truncated, Result: res, Names: []string{""},
		Count: len(t.Events)}
	index := map[string]int64{"": 0}
	name := func(s string) int64 {
		i, ok := index[s]
		if !ok {
			i = int64(len(w.Names))
			index[s] = i
			w.Names = append(w.Names, s)
		}
		return i
	}
	b := make([]byte, 0, len(t.Events)*eventFields)
	for _, e := range t.Events {
		for _, v := range [eventFields]int64{name(string(e.Kind)), name(string(e.Rule)), name(e.Column),
			int64(e.Cell), int64(e.Digit), int64(e.Depth), int64(e.Unit), int64(e.From), int64(e.Size), int64(e.Columns), int64(e.Rows)} {
			b = binary.AppendVarint(b, v)
		}
	}
	w.Events = b
	return w
}

// Trace returns the trace.Trace w stands for, with the clues set to clues.
// Events that cannot be read (a truncated varint, a name index out of
// range, more or fewer events than Count) are an error wrapping
// solver.ErrSyntax.
func (w *Trace) Trace(clues solver.Grid) (*trace.Trace, error) {
	t := &trace.Trace{Engine: w.Engine, Variant: w.Variant, Size: w.Size, Puzzle: clues, Max: w.Max, Truncated: w.Truncated}
	b := w.Events
	if w.Count < 0 || w.Count > len(b)/eventFields {
		return nil, fmt.Errorf("%d trace events in %d bytes: %w", w.Count, len(b), solver.ErrSyntax)
	}
	t.Events = make([]trace.Event, 0, w.Count)
	var f [eventFields]int64
	for len(b) > 0 {
		if len(t.Events) == w.Count {
			return nil, fmt.Errorf("more than the %d trace events announced: %w", w.Count, solver.ErrSyntax)
		}
		for i := range f {
			v, n := binary.Varint(b)
			if n <= 0 {
				return nil, fmt.Errorf("trace event %d: %w", len(t.Events)+1, solver.ErrSyntax)
			}
			f[i], b = v, b[n:]
		}
		var names [3]string
		for i := range names {
			if f[i] < 0 || f[i] >= int64(len(w.Names)) {
				return nil, fmt.Errorf("trace event %d: name %d of %d: %w", len(t.Events)+1, f[i], len(w.Names), solver.ErrSyntax)
			}
			names[i] = w.Names[f[i]]
		}
		t.Events = append(t.Events, trace.Event{Kind: trace.Kind(names[0]), Rule: trace.Rule(names[1]), Column: names[2],
			Cell: int(f[3]), Digit: int(f[4]), Depth: int(f[5]), Unit: int(f[6]), From: int(f[7]), Size: int(f[8]), Columns: int(f[9]), Rows: int(f[10])})
	}
	if len(t.Events) != w.Count {
		return nil, fmt.Errorf("%d trace events of the %d announced: %w", len(t.Events), w.Count, solver.ErrSyntax)
	}
	return t, nil
}

// TraceResult returns the trace a OpTrace job recorded, of clues, with its
// solve's result and error: a solve stopped by its budget keeps the trace so
// far, and comes with ErrBudget.
func (r Response) TraceResult(clues solver.Grid) (*trace.Trace, solver.Result, error) {
	var res solver.Result
	if r.Trace != nil {
		res = r.Trace.Result
	}
	t, err := result(r.Err, r.Trace, func(w *Trace) (*trace.Trace, error) { return w.Trace(clues) })
	return t, res, err
}

// SplitEvents takes a trace's events out of r, to travel beside its JSON
// text (the worker posts them as a transferred ArrayBuffer): it returns r
// without them, Trace.Bytes saying their length, and the events; nil
// events when r holds none.
func (r Response) SplitEvents() (Response, []byte) {
	if r.Trace == nil || len(r.Trace.Events) == 0 {
		return r, nil
	}
	w := *r.Trace
	events := w.Events
	w.Events, w.Bytes = nil, len(events)
	r.Trace = &w
	return r, events
}

// JoinEvents reads a Response from its JSON text and the events that came
// beside it (SplitEvents; nil when none came). Text that is not a
// Response, events where the answer holds no trace or announces none, and
// events of another length than announced (truncated on the way) are
// errors wrapping ErrRequest; the Response returned then still has the
// ID and Op the text gave, when it gave them.
func JoinEvents(text string, events []byte) (Response, error) {
	var r Response
	if err := json.Unmarshal([]byte(text), &r); err != nil {
		return Response{}, fmt.Errorf("%w: unreadable answer: %v", ErrRequest, err)
	}
	announced := 0
	if r.Trace != nil {
		announced = r.Trace.Bytes
	}
	switch {
	case announced == 0 && len(events) == 0:
		return r, nil
	case r.Trace == nil:
		return r, fmt.Errorf("%w: %d bytes of trace events came with a %s answer that holds no trace", ErrRequest, len(events), r.Op)
	case len(r.Trace.Events) > 0:
		return r, fmt.Errorf("%w: the trace's events came both in the answer and beside it", ErrRequest)
	case len(events) != announced:
		return r, fmt.Errorf("%w: %d bytes of trace events came, the answer announced %d", ErrRequest, len(events), announced)
	}
	w := *r.Trace
	w.Events, w.Bytes = events, 0
	r.Trace = &w
	return r, nil
}
