package web

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"sudoku/solver"
	"sudoku/web/worker"
)

// The review of a scanned picture: the reading shows on its own board with
// the doubtful and corrected cells marked and named; a key fixes a cell;
// "Use this puzzle" loads it as the game (undo brings the old one back);
// a failed reading says why and loads nothing.
func TestScanReview(t *testing.T) {
	h := open(t, "/?p="+magic, nil)
	read := []byte(unique)
	read[1] = '7' // r1c2 read wrong, with doubt
	conf := make([]float64, 81)
	for i := range conf {
		conf[i] = 0.99
	}
	conf[1] = 0.4
	sc := &worker.Scan{Width: 640, Height: 480, Digits: string(read), Confidence: conf, Solutions: 2,
		Corners:     [4]worker.ScanPoint{{X: 100, Y: 50}, {X: 540, Y: 60}, {X: 530, Y: 450}, {X: 110, Y: 440}},
		Corrections: []worker.ScanChange{{Cell: 0, Read: 1, Digit: 4}}}
	h.do(func(ctx app.Context) {
		h.root.scan = scanState{open: true, busy: true, job: 3}
		h.root.scan.take(worker.Response{ID: 3, Op: worker.OpScan, Scan: sc}, 0)
	})
	html := h.html()
	for _, want := range []string{`id="scan-panel"`, `id="scan-cell-1"`, `scan-unsure`, `scan-fixed`, "r1c2: 7, read with doubt", "r1c1: 4, corrected by the solver", `id="scan-overlay"`} {
		if !strings.Contains(html, want) {
			t.Errorf("the review lacks %q", want)
		}
	}
	if msg := h.root.scan.msg; !strings.Contains(msg, "several solutions") || !strings.Contains(msg, "1 cell read with doubt") {
		t.Errorf("review message %q", msg)
	}
	// The player fixes r1c2 (the keypad types into the review), then uses it.
	h.do(func(ctx app.Context) {
		h.root.scan.onSelect(ctx, 1)
		h.root.onKeypad(ctx, 0)
	})
	if h.root.scan.digits[1] != 0 || h.root.scan.unsure[1] {
		t.Fatalf("r1c2 after erase: %d, unsure %v", h.root.scan.digits[1], h.root.scan.unsure[1])
	}
	before := h.game()
	h.do(func(ctx app.Context) { h.root.onUI(ctx, uiEvent{name: "scan-use"}) })
	if got := h.game().Clues.String(); got != unique || h.root.scan.open {
		t.Fatalf("after Use this puzzle: clues %s (review open %v), want %s", got, h.root.scan.open, unique)
	}
	h.keys("Ctrl+z")
	if g := h.game(); g.Clues != before.Clues {
		t.Errorf("undo after the scan: clues %s, want the game before, %s", g.Clues, before.Clues)
	}
	// A failed reading: the reason, no board, nothing to use.
	h.do(func(ctx app.Context) {
		h.root.scan = scanState{open: true, busy: true, job: 4}
		h.root.scan.take(worker.Response{ID: 4, Op: worker.OpScan, Err: &worker.Error{Msg: "no grid found"}}, 0)
	})
	if html := h.html(); !strings.Contains(html, "No puzzle read: no grid found") || strings.Contains(html, `id="scan-board"`) {
		t.Errorf("a failed reading shows %q", h.root.scan.msg)
	}
	h.do(func(ctx app.Context) { h.root.useScan(ctx) })
	if h.game().Clues != before.Clues {
		t.Error("Use this puzzle after a failed reading changed the game")
	}
	// An answer for an earlier picture is dropped.
	h.do(func(ctx app.Context) {
		h.root.scan = scanState{open: true, busy: true, job: 6}
		h.root.scan.take(worker.Response{ID: 5, Op: worker.OpScan, Scan: sc}, 0)
	})
	if h.root.scan.reading != nil || !h.root.scan.busy {
		t.Error("the answer to another job was shown")
	}
}

// TestScanStateDropsStaleReadings: the review takes the reading of its own
// picture only: not one for a picture replaced since, nor one after it
// closed.
func TestScanStateDropsStaleReadings(t *testing.T) {
	sc := &worker.Scan{Digits: unique, Confidence: make([]float64, 81), Solutions: 1}
	for i := range sc.Confidence {
		sc.Confidence[i] = 1
	}
	s := scanState{open: true, busy: true, job: 2}
	s.take(worker.Response{ID: 1, Op: worker.OpScan, Scan: sc}, 0)
	if !s.busy || s.reading != nil {
		t.Fatalf("another picture's reading taken: busy %v", s.busy)
	}
	s.take(worker.Response{ID: 2, Op: worker.OpScan, Scan: sc}, 0)
	if s.busy || s.reading == nil || solver.Grid(s.digits).String() != unique {
		t.Fatalf("its own reading: busy %v, digits %v", s.busy, s.digits)
	}
	s.close()
	s.take(worker.Response{ID: 2, Op: worker.OpScan, Scan: sc}, 0)
	if s.reading != nil || s.open {
		t.Fatal("a reading taken after the review closed")
	}
}
