package web

import (
	"strings"
	"sudoku/internal/sudokutest"
	"testing"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"sudoku/solver"
	"sudoku/solver/trace"
	"sudoku/web/worker"
)

// A magictour puzzle (top1465, first line): propagation alone does not
// solve it, so both engines guess and backtrack.
const watchMagic = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"

// recorded returns a model of watchMagic recorded with engine.
func recorded(t *testing.T, engine string) *watchModel {
	t.Helper()
	m := newWatchModel(sudokutest.MustParse(watchMagic), solver.Standard, nil, engine)
	if err := m.record(); err != nil {
		t.Fatalf("record(%s): %v", engine, err)
	}
	if m.err != nil {
		t.Fatalf("record(%s): the solve failed: %v", engine, m.err)
	}
	return m
}

// samePosition fails unless the model's replay is the one r describes.
func samePosition(t *testing.T, what string, m *watchModel, r *trace.Replay) {
	t.Helper()
	if m.rep.Grid != r.Grid || m.rep.Cand != r.Cand || m.rep.By != r.By || m.rep.Depth != r.Depth {
		t.Fatalf("%s: the model's position differs from trace.Replay's:\nmodel  %s depth %d\nreplay %s depth %d",
			what, m.rep.Grid, m.rep.Depth, r.Grid, r.Depth)
	}
}

// replayTo applies the first n events of tr to a fresh trace.Replay.
func replayTo(t *testing.T, tr *trace.Trace, n int) *trace.Replay {
	t.Helper()
	r := trace.NewReplay()
	for i, e := range tr.Events[:n] {
		if err := r.Apply(e); err != nil {
			t.Fatalf("trace.Replay, event %d: %v", i+1, err)
		}
	}
	return r
}

func TestWatchStepsReachReplayAndSolution(t *testing.T) {
	for _, engine := range []string{"prop", "dlx"} {
		t.Run(engine, func(t *testing.T) {
			m := recorded(t, engine)
			tr := m.trace
			if tr.Engine != engine || tr.Truncated || m.res.Count != 1 {
				t.Fatalf("trace engine %s, truncated %v, %d solutions; want %s, whole, 1", tr.Engine, tr.Truncated, m.res.Count, engine)
			}
			ref := trace.NewReplay()
			var nodes, guesses, backtracks, maxDepth int
			for i, e := range tr.Events {
				if !m.step() {
					t.Fatalf("step %d refused: %v", i+1, m.err)
				}
				if err := ref.Apply(e); err != nil {
					t.Fatal(err)
				}
				switch {
				case e.Kind == trace.KindGuess:
					nodes++
					guesses++
				case e.Kind == trace.KindAssign && e.Rule != trace.RuleClue:
					nodes++
				case e.Kind == trace.KindBacktrack:
					backtracks++
				}
				maxDepth = max(maxDepth, ref.Depth)
				samePosition(t, "after event "+e.Text(m.variant), m, ref)
				if want := (watchCounts{nodes, guesses, backtracks}); m.counts != want {
					t.Fatalf("after event %d: counts %+v, want %+v", i+1, m.counts, want)
				}
				if cur, ok := m.current(); !ok || cur != e {
					t.Fatalf("current() = %v, %v; want event %d", cur, ok, i+1)
				}
			}
			if m.step() {
				t.Error("step after the last event went on")
			}
			if m.pos != m.total() || !m.done() {
				t.Errorf("at the end: pos %d, total %d, done %v", m.pos, m.total(), m.done())
			}
			g, b := traceCounts(tr)
			if m.counts.Guesses != g || m.counts.Backtracks != b {
				t.Errorf("counters %+v; the trace has %d guesses, %d backtracks", m.counts, g, b)
			}
			if g == 0 || b == 0 {
				t.Errorf("%s on a magictour puzzle: %d guesses, %d backtracks; the test needs both", engine, g, b)
			}
			if m.rep.Grid != m.res.Solution {
				t.Errorf("the replay ends on %s, the solution is %s", m.rep.Grid, m.res.Solution)
			}
			t.Logf("%s: %d events, %d nodes, %d guesses, %d backtracks, depth up to %d", engine, m.total(), nodes, g, b, maxDepth)
		})
	}
}

func TestWatchBackAndSeekMatchReplay(t *testing.T) {
	for _, engine := range []string{"prop", "dlx"} {
		m := recorded(t, engine)
		n := m.total()
		for _, k := range []int{0, 1, 2, n / 3, n / 2, n - 1, n} {
			m.seek(k)
			samePosition(t, engine+" seek", m, replayTo(t, m.trace, k))
			if m.pos != k {
				t.Errorf("%s: seek(%d) left pos %d", engine, k, m.pos)
			}
			wantCounts := m.counts
			if k == 0 {
				if m.back() {
					t.Errorf("%s: back at the start moved", engine)
				}
				continue
			}
			if !m.back() || m.pos != k-1 {
				t.Fatalf("%s: back from %d: pos %d", engine, k, m.pos)
			}
			samePosition(t, engine+" back", m, replayTo(t, m.trace, k-1))
			if !m.step() {
				t.Fatalf("%s: step after back from %d refused", engine, k)
			}
			samePosition(t, engine+" back then step", m, replayTo(t, m.trace, k))
			if m.counts != wantCounts {
				t.Errorf("%s: back then step at %d: counts %+v, want %+v", engine, k, m.counts, wantCounts)
			}
		}
		m.seek(n + 10)
		if m.pos != n {
			t.Errorf("%s: seek past the end left pos %d, want %d", engine, m.pos, n)
		}
		m.restart()
		samePosition(t, engine+" restart", m, trace.NewReplay())
		if m.pos != 0 || m.counts != (watchCounts{}) {
			t.Errorf("%s: restart left pos %d, counts %+v", engine, m.pos, m.counts)
		}
	}
}

// A backtrack marks the cells it empties, and only on its own frame.
func TestWatchBacktrackMarksUndoneCells(t *testing.T) {
	m := recorded(t, "prop")
	seen := false
	for m.step() {
		e, _ := m.current()
		n := 0
		for _, u := range m.undone {
			if u {
				n++
			}
		}
		if e.Kind != trace.KindBacktrack {
			if n != 0 {
				t.Fatalf("event %d (%s) marks %d cells undone", m.pos, e.Kind, n)
			}
			continue
		}
		if n == 0 {
			t.Fatalf("backtrack at event %d empties no cell", m.pos)
		}
		for c, u := range m.undone {
			if u && m.rep.Grid[c] != 0 {
				t.Fatalf("backtrack at event %d: %s marked undone but holds %d", m.pos, solver.CellName(c), m.rep.Grid[c])
			}
		}
		seen = true
	}
	if !seen {
		t.Error("no backtrack in the trace")
	}
}

func TestWatchTruncatedTraceSaysSo(t *testing.T) {
	defer func(n int) { watchMaxEvents = n }(watchMaxEvents)
	watchMaxEvents = 50
	m := recorded(t, "prop")
	if !m.trace.Truncated || m.total() != 50 {
		t.Fatalf("truncated %v, %d events; want true, 50", m.trace.Truncated, m.total())
	}
	if note := m.note(); !strings.Contains(note, "only the first 50 events") {
		t.Errorf("note %q does not say the trace was cut", note)
	}
	if m.advance(1000) != 50 || !m.done() || m.playing {
		t.Errorf("advance over a truncated trace: pos %d, done %v, playing %v", m.pos, m.done(), m.playing)
	}
	whole := newWatchModel(m.clues, nil, nil, "prop")
	watchMaxEvents = 20_000
	if err := whole.record(); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(whole.note(), "only the first") {
		t.Errorf("a whole trace's note %q says it was cut", whole.note())
	}
}

func TestWatchBudgetSaysSo(t *testing.T) {
	defer func(n int64) { watchBudget = n }(watchBudget)
	watchBudget = 1
	m := newWatchModel(sudokutest.MustParse(watchMagic), solver.Standard, nil, "prop")
	if err := m.record(); err != nil {
		t.Fatal(err)
	}
	if note := m.note(); !strings.Contains(note, "budget") {
		t.Errorf("note %q does not say the solve ran out of budget (err %v)", note, m.err)
	}
}

func TestWatchReducedMotionSteps(t *testing.T) {
	m := recorded(t, "prop")
	m.reduced = true
	if m.canPlay() || m.play() || m.playing {
		t.Fatalf("reduced motion: canPlay %v, playing %v; want stepping only", m.canPlay(), m.playing)
	}
	if !m.step() || m.pos != 1 {
		t.Errorf("reduced motion: step gave pos %d", m.pos)
	}
	m.reduced = false
	if !m.play() || !m.playing {
		t.Error("without reduced motion Play does not start")
	}
	m.seek(m.total())
	if m.play() {
		t.Error("Play at the end of the trace started")
	}
}

func TestWatchEngineSwitch(t *testing.T) {
	m := recorded(t, "prop")
	m.seek(100)
	if err := m.setEngine("dlx"); err != nil {
		t.Fatal(err)
	}
	if err := m.record(); err != nil {
		t.Fatal(err)
	}
	if m.trace.Engine != "dlx" || m.pos != 0 || m.counts != (watchCounts{}) {
		t.Errorf("after switching to dlx: trace %s, pos %d, counts %+v", m.trace.Engine, m.pos, m.counts)
	}
	cols := 0
	for _, e := range m.trace.Events {
		if e.Kind == trace.KindColumn {
			cols++
		}
	}
	if cols == 0 {
		t.Error("the dlx trace names no column")
	}
	for m.step() {
		if e, _ := m.current(); e.Kind == trace.KindColumn && (len(m.path) != e.Depth+1 || m.path[e.Depth] != e) {
			t.Fatalf("after column %q at depth %d the path is %v", e.Column, e.Depth, m.path)
		}
	}
	if err := m.setEngine("fast"); err == nil {
		t.Error(`setEngine("fast") gave no error`)
	}
	if m.engine != "dlx" {
		t.Errorf("a refused engine changed the engine to %q", m.engine)
	}
}

func TestWatchConflictingClues(t *testing.T) {
	g := sudokutest.MustParse("55" + strings.Repeat(".", 79))
	m := newWatchModel(g, nil, nil, "prop")
	if err := m.record(); err == nil {
		t.Fatal("conflicting clues recorded a trace")
	}
	if m.total() != 0 || m.step() {
		t.Error("a model without trace steps")
	}
}

var watchTicks = []struct {
	speed int
	every time.Duration
	batch int
}{
	{1, time.Second, 1},
	{5, 200 * time.Millisecond, 1},
	{20, 50 * time.Millisecond, 1},
	{100, 50 * time.Millisecond, 5},
	{500, 50 * time.Millisecond, 25},
}

func TestWatchTick(t *testing.T) {
	m := newWatchModel(solver.Grid{}, nil, nil, "prop")
	for _, c := range watchTicks {
		m.setSpeed(c.speed)
		if every, batch := m.tick(); every != c.every || batch != c.batch {
			t.Errorf("tick() at %d events/s = %v, %d; want %v, %d", c.speed, every, batch, c.every, c.batch)
		}
	}
	m.setSpeed(100_000)
	if m.speed != 500 {
		t.Errorf("setSpeed(100000) gave %d, want the highest offered, 500", m.speed)
	}
	m.setSpeed(0)
	if m.speed != 1 {
		t.Errorf("setSpeed(0) gave %d, want 1", m.speed)
	}
}

// The page: Watch opens the panel in the board's place, the panel records
// and steps, and Close gives back the player's game untouched.
func TestWatchPanelLeavesGameUntouched(t *testing.T) {
	h := open(t, "/?p="+watchMagic, nil)
	h.keys("ArrowRight", "ArrowRight", "6") // r1c3 = 6: the player's own digit
	before := h.game()
	_, actions, pos := h.root.store.History()
	h.do(h.root.openWatch)
	if !h.root.watching {
		t.Fatal("openWatch did not open the panel")
	}
	p := &watchPanel{Clues: before.Clues, Variant: before.Rules(), Engine: h.root.jobs.worker}
	d := app.NewClientTester(p)
	defer d.Close()
	d.Consume()
	waitRecording(t, d, p)
	if p.m == nil || p.m.trace == nil {
		t.Fatalf("the panel recorded nothing: %q", p.problem)
	}
	if p.m.clues != before.Clues {
		t.Errorf("the panel watches %s, the game's clues are %s", p.m.clues, before.Clues)
	}
	step := func() {
		d.Dispatch(app.Dispatch{Mode: app.Update, Source: p, Function: func(ctx app.Context) { p.onStep(ctx, app.Event{}) }})
		d.Consume()
	}
	step()
	step()
	if p.m.pos != 2 || !strings.HasPrefix(p.announce, "Event 2: ") {
		t.Errorf("after two steps: pos %d, announced %q", p.m.pos, p.announce)
	}
	html := app.HTMLString(p)
	for _, want := range []string{`id="watch-grid"`, `id="watch-events"`, "2 / ", `aria-pressed="false"`} {
		if !strings.Contains(html, want) {
			t.Errorf("the panel's HTML lacks %s", want)
		}
	}
	// New clues while open (a puzzle pasted anywhere): the panel records
	// the new puzzle.
	other := sudokutest.MustParse("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
	d.Dispatch(app.Dispatch{Mode: app.Update, Source: p, Function: func(ctx app.Context) {
		p.Clues = other
		p.OnUpdate(ctx)
	}})
	d.Consume()
	waitRecording(t, d, p)
	if p.m.clues != other || p.m.trace == nil || p.m.pos != 0 {
		t.Errorf("after new clues the panel watches %s (pos %d), want %s from the start", p.m.clues, p.m.pos, other)
	}
	d.Dispatch(app.Dispatch{Mode: app.Update, Source: p, Function: func(ctx app.Context) { p.OnUpdate(ctx) }})
	d.Consume()
	if p.recording {
		t.Error("an update with the same clues records again")
	}

	page := h.html()
	if !strings.Contains(page, `id="watch-panel"`) {
		t.Error("the page does not show the panel while watching")
	}
	h.do(h.root.closeWatch)
	if h.root.watching || strings.Contains(h.html(), `id="watch-panel"`) {
		t.Error("Close left the panel open")
	}
	after := h.game()
	if !after.Equal(&before) {
		t.Errorf("watching changed the game: %+v, was %+v", after, before)
	}
	if _, a2, p2 := h.root.store.History(); len(a2) != len(actions) || p2 != pos {
		t.Errorf("watching changed the history: %d actions at %d, was %d at %d", len(a2), p2, len(actions), pos)
	}
}

// waitRecording lets the panel's recording finish.
func waitRecording(t *testing.T, d app.ClientDispatcher, p *watchPanel) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for p.recording && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
		d.Consume()
	}
	if p.recording {
		t.Fatal("the panel is still recording after 30 s")
	}
}

// traceCounts counts, independently of the model, the guesses and backtracks of a whole trace.
func traceCounts(tr *trace.Trace) (guesses, backtracks int) {
	for _, e := range tr.Events {
		switch e.Kind {
		case trace.KindGuess:
			guesses++
		case trace.KindBacktrack:
			backtracks++
		}
	}
	return guesses, backtracks
}

// record records the model's trace as the panel does, through the engine's
// worker (its job run here by worker.Handle).
func (m *watchModel) record() error { return m.take(worker.Handle(m.traceRequest())) }

// The replay grid's cells are computed once per position: the same pointer
// while the replay stands still (a row mounted, a button pressed), so that
// the board is not rendered again; the cells of the new position after a
// step, a step back or a new trace; and the same pointer again when a new
// model shows the same cells (the trace's answer at its start).
func TestWatchGridCellsFollowThePosition(t *testing.T) {
	p := &watchPanel{m: recorded(t, "prop")}
	first := p.gridCells()
	if *first != p.cells() {
		t.Fatal("gridCells differs from cells")
	}
	p.rows = 5
	if p.gridCells() != first {
		t.Error("the cells were computed again for the same position")
	}
	for i := range 3 {
		if !p.m.step() {
			t.Fatalf("step %d refused: %v", i+1, p.m.err)
		}
		got := p.gridCells()
		if got == first || *got != p.cells() {
			t.Fatalf("after step %d: the cells of the position before, or other than cells()", i+1)
		}
	}
	if !p.m.back() || *p.gridCells() != p.cells() {
		t.Error("after a step back: other cells than cells()")
	}
	p.m.restart()
	start := p.gridCells()
	if *start != *first {
		t.Error("back at the start: other cells than at the start")
	}
	p.m = recorded(t, "prop")
	if p.gridCells() != start {
		t.Error("a new model with the same cells at its start: a new pointer")
	}
	p.m = recorded(t, "dlx")
	p.m.step()
	if *p.gridCells() != p.cells() {
		t.Error("a new model: other cells than cells()")
	}
}
