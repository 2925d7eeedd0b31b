package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// hardCount is the first puzzle of solver/testdata/hardmagictour.txt: among
// the slowest 1% of magictour for the default engine.
const hardCount = "...6....5.7.....9..4..3....1.52.........7.98...6........2.....1....4..3......8..."

// jobWatchScript, run before the page's own scripts, keeps the page
// thread's long tasks (PerformanceObserver "longtask": over 50 ms) with
// their start times, and the ops of the jobs the page posts to the engine's
// worker.
const jobWatchScript = `window.longTasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.longTasks.push({start: e.startTime, ms: e.duration});
}).observe({type: "longtask"});
window.jobsPosted = [];
const sudokuPost = Worker.prototype.postMessage;
Worker.prototype.postMessage = function (m) {
  try { window.jobsPosted.push(JSON.parse(m).op); } catch (e) { window.jobsPosted.push("?"); }
  return sudokuPost.call(this, m);
};`

// engineWork is one piece of the engine's work done through the page.
type engineWork struct {
	name    string
	longest float64 // the longest task on the page's thread from its start to its end, ms
	gc      string  // Go's garbage collections on the page meanwhile (gcSince)
}

// engineJobsOnThePage loads hardCount by the paste box, waits for its count,
// then Solve, Check (after an undo), Watch the solver (recording),
// Explain, Hint and New puzzle (Extreme), as a player does, and returns the longest task on the page's
// thread during each, and the ops posted to the engine's worker. around,
// when not nil, runs each step (its name, and a func that starts it and
// waits for its end): a CPU profile of each, for instance; with it, a last
// step watches a trace of 20,000 events (bigTrace).
func engineJobsOnThePage(t *testing.T, ctx context.Context, base string, around func(name string, step func())) ([]engineWork, []string) {
	t.Helper()
	open(t, ctx, base+"/")
	var work []engineWork
	step := func(name string, start func(), done string) {
		t.Helper()
		// The observer reports a task after it ends: a frame's pause first
		// so that the last one before the step is not counted in it.
		run(t, ctx, "settle", chromedp.Sleep(100e6))
		from := eval[float64](t, ctx, `performance.now()`)
		mem := pageMemory(t, ctx)
		if around == nil {
			start()
			waitFor(t, ctx, name, done)
		} else {
			around(name, func() { start(); waitFor(t, ctx, name, done) })
		}
		run(t, ctx, "settle", chromedp.Sleep(100e6))
		longest := eval[float64](t, ctx, `Math.max(0, ...window.longTasks.filter((e) => e.start + e.ms >= `+jsFloat(from)+`).map((e) => e.ms))`)
		work = append(work, engineWork{name, longest, gcSince(mem, pageMemory(t, ctx))})
	}
	step("the live count", func() {
		run(t, ctx, "paste", chromedp.SetValue(chromedp.CSS("#paste"), hardCount))
		click(t, ctx, "#load")
	}, `document.getElementById("count").textContent === "Unique solution."`)
	step("Solve", func() { click(t, ctx, "#solve") }, `[...document.querySelectorAll("#board .cell")].every((c) => /^[1-9]$/.test(c.textContent))`)
	run(t, ctx, "undo Solve", chromedp.Evaluate[chromedp.Void](`document.getElementById("undo").click()`))
	waitFor(t, ctx, "Solve undone", `[...document.querySelectorAll("#board .cell")].some((c) => c.textContent.trim() === "")`)
	step("Check", func() { click(t, ctx, "#check") }, `document.getElementById("message").textContent.includes("not entered any digit")`)
	step("Watch the solver (recording)", func() { click(t, ctx, "#watch") }, `(() => {
  const p = document.getElementById("watch-panel");
  return p && p.dataset.recording === "false" && Number(p.dataset.events) > 0 && p.dataset.mounted === "true";
})()`)
	run(t, ctx, "close Watch", chromedp.Click(chromedp.CSS("#watch-close")))
	waitFor(t, ctx, "the board back", `document.getElementById("board").offsetParent !== null`)
	step("Explain", func() { click(t, ctx, "#explain-toggle") }, `document.querySelectorAll("[id^=explain-step-]").length > 0 &&
  document.getElementById("explain-steps").getAttribute("aria-busy") === "false"`) // every step listed
	click(t, ctx, "#explain-toggle") // the explanation closed: the board is the game's again
	waitFor(t, ctx, "the explanation closed", `document.getElementById("explain-panel") === null`)
	step("Hint", func() { click(t, ctx, "#hint") }, `document.getElementById("message").textContent.startsWith("Hint (")`)
	// An Extreme puzzle generated (it used to block the page for 0.5 s). A
	// generator that runs out of its budget on a loaded machine says so:
	// the job went to the worker all the same.
	choose(t, ctx, "gen-level", "Extreme")
	step("New puzzle (Extreme)", func() { click(t, ctx, "#new-puzzle") },
		`/^(New Extreme puzzle:|No puzzle found)/.test(document.getElementById("message").textContent)`)
	if around != nil {
		// The measurements watch a trace of watchMaxEvents too: hardCount's
		// has some 600 events, this puzzle's is cut at 20,000 (about 230 KB).
		run(t, ctx, "paste", chromedp.SetValue(chromedp.CSS("#paste"), bigTrace))
		click(t, ctx, "#load")
		// The board with bigTrace's clues first: the count's text is the last
		// puzzle's until then.
		waitFor(t, ctx, "the count", `document.getElementById("cell-0").textContent.trim() === "1" &&
  document.getElementById("cell-9").textContent.trim() === "8" &&
  document.getElementById("count").textContent === "Unique solution."`)
		step("Watch the solver (20,000 events)", func() { click(t, ctx, "#watch") }, `(() => {
  const p = document.getElementById("watch-panel");
  return p && p.dataset.recording === "false" && p.dataset.events === "20000" && p.dataset.mounted === "true";
})()`)
		run(t, ctx, "close Watch", chromedp.Click(chromedp.CSS("#watch-close")))
	}
	return work, eval[[]string](t, ctx, `window.jobsPosted`)
}

// bigTrace is the puzzle of solver/testdata/hardmagictour.txt whose trace
// with the propagation engine is the longest (web/worker/jobs's
// BenchmarkTraceOnThePage): cut at the page's 20,000 events.
const bigTrace = "1........82......5...6..34.........4.......82..37...5...71..............4...85..."

func jsFloat(f float64) string {
	b, _ := json.Marshal(f)
	return string(b)
}

// TestEngineJobsLeaveThePage: the live count, Solve, Check, Watch the
// solver, Explain, Hint and New puzzle each post their work to the
// engine's worker (the ops
// posted are counted), and the page shows their answers. The longest task
// on the page's thread during each is logged: a figure, not a check (a
// loaded machine can deschedule the page's thread whatever it runs);
// `make measure` reports it over several runs (TestMeasureLongTasks).
func TestEngineJobsLeaveThePage(t *testing.T) {
	need(t)
	srv := startServer(t, "127.0.0.1:0")
	ctx := browser(t)
	onNewDocument(t, ctx, jobWatchScript)
	work, ops := engineJobsOnThePage(t, ctx, srv.URL, nil)
	for _, op := range []string{"count", "trace", "explain", "hint", "generate"} {
		if !slices.Contains(ops, op) {
			t.Errorf("no %q job went to the engine's worker; jobs posted: %v", op, ops)
		}
	}
	for _, w := range work {
		t.Logf("%s: longest task on the page's thread %.0f ms", w.name, w.longest)
	}
}

// TestMeasureLongTasks reports the longest task on the page's thread while
// the engine counts, solves, checks, records a trace, explains and hints a
// hard puzzle (hardmagictour's first) and generates an Extreme puzzle, over five fresh pages: the worst of each.
// A figure only: no assertion on time.
func TestMeasureLongTasks(t *testing.T) {
	if os.Getenv("SUDOKU_MEASURE") == "" {
		t.Skip("measurements only with SUDOKU_MEASURE=1 (make measure)")
	}
	need(t)
	srv := startServer(t, "127.0.0.1:0")
	worst := map[string][]float64{}
	cpu := map[string][]string{}
	gcs := map[string][]string{}
	var names []string
	for range 5 {
		ctx := browser(t)
		onNewDocument(t, ctx, jobWatchScript)
		work, _ := engineJobsOnThePage(t, ctx, srv.URL, func(name string, step func()) {
			wall, thread := traceTasks(t, ctx, step)
			cpu[name] = append(cpu[name], fmt.Sprintf("%.0f (%.0f)", thread, wall))
		})
		for _, w := range work {
			if worst[w.name] == nil {
				names = append(names, w.name)
			}
			worst[w.name] = append(worst[w.name], w.longest)
			gcs[w.name] = append(gcs[w.name], w.gc)
		}
	}
	for _, n := range names {
		ms := worst[n]
		var s []string
		for _, m := range ms {
			s = append(s, jsFloat(m))
		}
		t.Logf("%s: longest task on the page's thread per run (ms, 0 = none over 50 ms): %s; worst %.0f ms", n, strings.Join(s, ", "), slices.Max(ms))
		t.Logf("%s: longest task by the thread's CPU time per run, in the browser's trace (ms; wall-clock time in brackets): %s", n, strings.Join(cpu[n], ", "))
		t.Logf("%s: Go's garbage collections on the page per run: %s", n, strings.Join(gcs[n], ", "))
	}
	t.Logf("load average %s", loadAverage())
}
