package worker

import (
	"encoding/binary"
	"fmt"

	"sudoku/solver"
	"sudoku/solver/trace"
)

// A Trace is a trace.Trace on the wire, with the result of its solve. The
// events are packed as signed varints, eleven an event (the kind, the rule
// and the column as indices in Names, then Cell, Digit, Depth, Unit, From,
// Size, Columns and Rows), which JSON carries as one base64 string: a trace
// of 20,000 events is about 250 KB and decodes in a few milliseconds on
// the page, where 20,000 JSON objects would cost more than recording them.
// The clues are not on the wire: the page has them.
type Trace struct {
	Engine    string        `json:"engine"`
	Variant   string        `json:"variant"`
	Size      int           `json:"size,omitempty"` // a variant puzzle's side: cells r*Size+c
	Max       int           `json:"max"`
	Truncated bool          `json:"truncated"`
	Names     []string      `json:"names"`
	Events    []byte        `json:"events"`
	Result    solver.Result `json:"result"`
}

// eventFields is how many varints an event takes on the wire.
const eventFields = 11

// FromTrace returns t and its solve's result res on the wire.
func FromTrace(t *trace.Trace, res solver.Result) *Trace {
	w := &Trace{Engine: t.Engine, Variant: t.Variant, Size: t.Size, Max: t.Max, Truncated: t.Truncated, Result: res, Names: []string{""}}
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
// range) are an error wrapping solver.ErrSyntax.
func (w *Trace) Trace(clues solver.Grid) (*trace.Trace, error) {
	t := &trace.Trace{Engine: w.Engine, Variant: w.Variant, Size: w.Size, Puzzle: clues, Max: w.Max, Truncated: w.Truncated}
	b := w.Events
	var f [eventFields]int64
	for len(b) > 0 {
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
