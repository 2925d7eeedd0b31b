package jobs

import (
	"encoding/json"
	"testing"

	"sudoku/internal/sudokutest"
	"sudoku/web/worker"
)

// bigTrace is the puzzle of solver/testdata/hardmagictour.txt whose trace
// with the propagation engine is the longest: Watch the solver's 20,000
// events (the page's watchMaxEvents), about 230 KB on the wire.
const bigTrace = "1........82......5...6..34.........4.......82..37...5...71..............4...85..."

// BenchmarkTraceOnThePage: what the page's thread does with a trace of
// 20,000 events from the worker: the answer's JSON read, with the events
// in it as base64 ("whole", as HandleJSON writes it) or apart
// ("apart", as the worker posts it in the browser: worker.JoinEvents),
// and the events decoded ("decode").
func BenchmarkTraceOnThePage(b *testing.B) {
	req, _ := json.Marshal(worker.Request{ID: 1, Op: worker.OpTrace, Position: worker.Position{Clues: bigTrace}, Engine: "prop",
		MaxEvents: 20_000, MaxNodes: 2_000_000})
	whole := HandleJSON(string(req))
	text, events := HandleSplit(string(req))
	clues := sudokutest.MustParse(bigTrace)
	resp, err := worker.JoinEvents(text, events)
	if err != nil {
		b.Fatal(err)
	}
	if resp.Trace.Count != 20_000 {
		b.Fatalf("%d events, want 20,000", resp.Trace.Count)
	}
	b.Logf("answer whole %d bytes; apart: text %d bytes, events %d bytes", len(whole), len(text), len(events))
	b.Run("whole", func(b *testing.B) {
		for b.Loop() {
			var r worker.Response
			if err := json.Unmarshal([]byte(whole), &r); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("apart", func(b *testing.B) {
		for b.Loop() {
			if _, err := worker.JoinEvents(text, events); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("decode", func(b *testing.B) {
		for b.Loop() {
			if _, err := resp.Trace.Trace(clues); err != nil {
				b.Fatal(err)
			}
		}
	})
}
