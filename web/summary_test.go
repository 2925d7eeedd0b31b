package web

import (
	"strings"
	"sudoku/internal/sudokutest"
	"testing"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"sudoku/solver"
	"sudoku/solver/generate"
	"sudoku/web/worker"
	"sudoku/web/worker/jobs"
)

// nearlySolved is the unique puzzle with every cell but r9c9 (and the
// clues) filled in, as a link, and the digit r9c9 takes.
func nearlySolved(t *testing.T) (link string, last byte) {
	t.Helper()
	res, err := solver.Solve(sudokutest.MustParse(unique), solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	entries := []byte(res.Solution.String())
	for i := range entries {
		if unique[i] != '.' {
			entries[i] = '.'
		}
	}
	last = entries[80]
	entries[80] = '.'
	return "/?p=" + unique + "&e=" + string(entries), last
}

// Completing a puzzle opens the summary with the time, level, hints,
// checks and mistakes, records it once in the statistics, and saves both.
func TestCompletionSummaryAndStatistics(t *testing.T) {
	link, last := nearlySolved(t)
	h := open(t, link, nil)
	h.do(h.root.hint)
	h.do(h.root.check)
	h.do(h.root.check)
	h.keys("Ctrl+End")
	wrong := byte('1')
	if wrong == last {
		wrong = '2'
	}
	h.keys(string(wrong), string(last)) // a mistake, then the right digit
	if !h.root.summaryOpen || !h.game().Complete() {
		t.Fatalf("no summary after completing: %+v", h.root.info)
	}
	if i := h.root.info; i.Hints != 1 || i.Checks != 2 || i.Mistakes != 1 || !i.Done {
		t.Errorf("info %+v, want 1 hint, 2 checks, 1 mistake, done", i)
	}
	html := h.html()
	for _, want := range []string{`id="summary-hints">1<`, `id="summary-checks">2<`, `id="summary-mistakes">1<`, `id="summary-level">` + ownLevel + `<`, `id="next-puzzle"`} {
		if !strings.Contains(html, want) {
			t.Errorf("the summary lacks %s", want)
		}
	}
	var b statsBook
	if err := h.disp.Context().LocalStorage().Get(statsKey, &b); err != nil || b.Levels[ownLevel].Solved != 1 {
		t.Fatalf("saved statistics %+v, %v", b, err)
	}
	// Undo and redo the last digit: the game is counted once.
	h.keys("Ctrl+z", "Ctrl+y")
	if n := h.root.profile.stats.Levels[ownLevel].Solved; n != 1 {
		t.Errorf("solved counted %d times", n)
	}
	h.do(func(ctx app.Context) { h.root.onUI(ctx, uiEvent{name: "open:" + panelStats}) })
	if h.root.summaryOpen || !strings.Contains(h.html(), `data-level="`+ownLevel+`"`) {
		t.Error("Statistics from the summary does not show the table")
	}
}

// A generated puzzle is counted as played at its level; a daily one keeps
// its date, so that solving it extends the streak, in the saved session too.
func TestGeneratedPuzzleIsCounted(t *testing.T) {
	h := open(t, "/?p="+unique, nil)
	q := dailyRequest(time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC))
	p, err := generate.Daily(nil, q.date)
	if err != nil {
		t.Fatal(err)
	}
	h.do(func(ctx app.Context) { h.root.generated(ctx, q, jobs.FromPuzzle(p), nil) })
	level := p.Level.String()
	if i := h.root.info; i.Level != level || i.Daily != "2026-11-23" {
		t.Errorf("info %+v, want level %s, daily 2026-11-23", i, level)
	}
	if n := h.root.profile.stats.Levels[level].Played; n != 1 {
		t.Errorf("played %d at %s", n, level)
	}
	var sv saved
	h.disp.Context().LocalStorage().Get(storageKey, &sv)
	if sv.Info == nil || sv.Info.Daily != "2026-11-23" {
		t.Errorf("saved info %+v", sv.Info)
	}
}

// Next puzzle on the summary of a generated puzzle makes a new one at the
// same level: the summary closes, the new game is counted as played there.
func TestNextPuzzleKeepsTheLevel(t *testing.T) {
	h := open(t, "/?p="+unique, nil)
	q, err := newRequest("Medium", "", solver.Standard, 11)
	if err != nil {
		t.Fatal(err)
	}
	p, err := worker.Handle(worker.Request{Op: worker.OpGenerate, Generate: q.request()}).GeneratedPuzzle()
	if err != nil {
		t.Fatal(err)
	}
	h.do(func(ctx app.Context) { h.root.generated(ctx, q, p, nil) })
	level := p.Level.String()
	if level == "Easy" {
		t.Fatal("the Medium request made an Easy puzzle: the test cannot tell the levels apart")
	}
	h.do(func(ctx app.Context) { h.root.onUI(ctx, uiEvent{name: "level", value: "Easy"}) }) // the start sheet's choice since
	first := h.game()
	h.do(func(ctx app.Context) {
		for i, d := range p.Solution {
			if first.Clues[i] == 0 {
				h.root.do(ctx, action{Kind: actPlace, Cell: i, Digit: d})
			}
		}
	})
	if !h.root.summaryOpen || h.root.profile.stats.Levels[level].Solved != 1 {
		t.Fatalf("after the last digit: summary %v, statistics %+v", h.root.summaryOpen, h.root.profile.stats)
	}
	h.do(func(ctx app.Context) { h.root.onUI(ctx, uiEvent{name: "next"}) })
	for deadline := time.Now().Add(time.Minute); h.root.jobs.generating && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
		h.disp.Consume()
	}
	g := h.game()
	if h.root.jobs.generating || g.Clues == first.Clues || g.Board().Clues() == 81 {
		t.Fatalf("Next puzzle: busy %v, clues %s (the last game's %s)", h.root.jobs.generating, g.Clues, first.Clues)
	}
	if h.root.summaryOpen || h.root.info.Level != level || h.root.profile.stats.Levels[level].Played != 2 {
		t.Errorf("Next puzzle: summary %v, level %q (want %s), played there %d (want 2)",
			h.root.summaryOpen, h.root.info.Level, level, h.root.profile.stats.Levels[level].Played)
	}
}
