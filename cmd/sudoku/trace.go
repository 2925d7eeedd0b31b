package main

// The trace output of `sudoku solve -trace`: one event a line as text, or
// one JSON object a line with -json.

import (
	"encoding/json"
	"fmt"
	"strings"

	"sudoku/solver/trace"
)

// maxIndent caps the indentation of deep events in the text trace.
const maxIndent = 20

// writeTraceText writes the trace of one puzzle: a header, then one event a
// line, numbered and indented by the depth of the search.
//
//	arg 1: prop trace, 412 events
//	     1  assign r1c1=4 (clue)
//	     2  eliminate r1c2=4 (r1c1 holds 4)
//	   200    guess r5c5=3 (fewest candidates, 2 options)
func writeTraceText(b *strings.Builder, pos string, tr *trace.Trace, v trace.Units) {
	fmt.Fprintf(b, "%s: %s trace, %d events\n", pos, tr.Engine, len(tr.Events))
	for i, e := range tr.Events {
		fmt.Fprintf(b, "%6d  %s%s\n", i+1, strings.Repeat("  ", min(e.Depth, maxIndent)), e.Text(v))
	}
	if tr.Truncated {
		fmt.Fprintf(b, "%s: trace truncated after %d events (raise -trace-max)\n", pos, len(tr.Events))
	}
}

// jsonEvent is one line of `sudoku solve -trace -json`: an event of the
// puzzle at src, numbered from 1, with the cell's name beside its index
// (of the puzzle's own grid: r*Size+c).
type jsonEvent struct {
	Src  string `json:"src"`
	Seq  int    `json:"seq"`
	Name string `json:"name,omitempty"` // "r3c5" for Cell
	trace.Event
	Text string `json:"text"`
}

// jsonResult is the last line for each puzzle of `sudoku solve -trace -json`.
type jsonResult struct {
	Src       string `json:"src"`
	Kind      string `json:"kind"` // "result"
	Engine    string `json:"engine,omitempty"`
	Events    int    `json:"events"`
	Truncated bool   `json:"truncated"`
	Count     int    `json:"count"`
	Solution  string `json:"solution,omitempty"`
	Error     string `json:"error,omitempty"`
}

// writeTraceJSON writes one JSON object per event.
func writeTraceJSON(b *strings.Builder, pos string, tr *trace.Trace, v trace.Units) {
	name := trace.CellNamer(v)
	for i, e := range tr.Events {
		je := jsonEvent{Src: pos, Seq: i + 1, Event: e, Text: e.Text(v)}
		if e.Cell >= 0 && e.Cell < 81 {
			je.Name = name(e.Cell)
		}
		line, _ := json.Marshal(je) // plain strings and ints: cannot fail
		b.Write(line)
		b.WriteByte('\n')
	}
}

// writeResultJSON writes the result line of one puzzle.
func writeResultJSON(b *strings.Builder, r jsonResult) {
	r.Kind = "result"
	line, _ := json.Marshal(r)
	b.Write(line)
	b.WriteByte('\n')
}
