package e2e

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"testing"

	"sudoku/solver"
	"sudoku/solver/logic"
	"sudoku/web/worker"
)

// hardExplain is the testdata/magictour.txt puzzle with the highest grade
// (Extreme 8.3, 100 steps): one of the longest explanations in the file.
const hardExplain = ".......71.2.8........5.3...7.9.6.......2..8..1.........3...25..6...1..4.........."

// askWorkerJS defines window.askWorker(text): it starts the engine's Web
// Worker from the bundle, posts one request and resolves with its answer.
// From each request to its answer, window.longTasks collects the page
// thread's long tasks (PerformanceObserver "longtask": over 50 ms).
const askWorkerJS = `window.longTasks = [];
new PerformanceObserver((list) => { for (const e of list.getEntries()) window.longTasks.push(e.duration); })
  .observe({type: "longtask"});
window.askWorker = (text) => new Promise((resolve, reject) => {
  window.longTasks = [];
  const w = new Worker("/web/worker.js");
  // The observer reports a task after it ends: wait a frame's worth more.
  w.onmessage = (e) => { w.terminate(); setTimeout(() => resolve(e.data), 100); };
  w.onerror = (e) => { w.terminate(); reject(new Error("worker: " + e.message)); };
  w.postMessage(text);
});
true`

// ask sends req to a new engine worker in the page and returns its answer.
func ask(t *testing.T, ctx context.Context, req worker.Request) worker.Response {
	t.Helper()
	b, err := json.Marshal(req)
	if err != nil {
		t.Fatal(err)
	}
	text := eval[string](t, ctx, `window.askWorker(`+jsString(string(b))+`)`)
	// A figure, not a check: on a loaded machine the page's thread can be
	// descheduled for longer than 50 ms whatever it runs.
	if longest := eval[float64](t, ctx, `Math.max(0, ...window.longTasks)`); longest > 0 {
		t.Logf("%v: a task of %.0f ms on the page's thread while the worker worked", req, longest)
	}
	var resp worker.Response
	if err := json.Unmarshal([]byte(text), &resp); err != nil {
		t.Fatalf("%v: answer %q: %v", req, text, err)
	}
	if resp.ID != req.ID || resp.Op != req.Op {
		t.Fatalf("%v: answer for %d %q", req, resp.ID, resp.Op)
	}
	return resp
}

// clues is a puzzle line as a request's position.
func clues(t *testing.T, s string) worker.Position {
	t.Helper()
	g, err := solver.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return worker.FromPosition(solver.Position{Clues: g})
}

// TestEngineWorker runs the engine's jobs in its Web Worker, as the page's
// thread starts it from the bundle: a count, an explanation and a generated
// Extreme puzzle, each checked against the engine run natively, and logs
// the long tasks of the page's thread meanwhile (none when the machine is
// quiet); then the same with the server stopped (the worker's files are
// precached).
func TestEngineWorker(t *testing.T) {
	need(t)
	srv := startServer(t, freeAddr(t))
	ctx := browser(t)
	open(t, ctx, srv.URL+"/")
	waitOffline(t, ctx)
	eval[bool](t, ctx, askWorkerJS)

	jobs := func(where string) {
		count := ask(t, ctx, worker.Request{ID: 1, Op: worker.OpCount, Position: clues(t, unique), Limit: 2})
		u, _ := solver.Parse(unique)
		if err := count.Err.Err(); err != nil || count.Count == nil || count.Count.Count != 1 ||
			solver.Standard.Verify(u, count.Count.Solution) != nil {
			t.Fatalf("%s: count: %v %+v", where, err, count.Count)
		}
		explain := ask(t, ctx, worker.Request{ID: 2, Op: worker.OpExplain, Position: clues(t, hardExplain)})
		if err := explain.Err.Err(); err != nil || explain.Explain == nil {
			t.Fatalf("%s: explain: %v", where, err)
		}
		ex := explain.Explain
		g, _ := solver.Parse(hardExplain)
		want, err := logic.Explain(solver.Position{Clues: g}, logic.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if len(ex.Steps) != len(want.Steps) || ex.Level != worker.Level(want.Level) || ex.Score != want.Score || !ex.Solved {
			t.Fatalf("%s: explained in %d steps (%v %.1f), natively %d (%v %.1f)", where, len(ex.Steps), ex.Level, ex.Score,
				len(want.Steps), want.Level, want.Score)
		}
		gen := ask(t, ctx, worker.Request{ID: 3, Op: worker.OpGenerate, Generate: &worker.GenerateRequest{Level: worker.Extreme, Seed: 7}})
		if err := gen.Err.Err(); err != nil || gen.Puzzle == nil || gen.Puzzle.Level != worker.Extreme ||
			solver.Standard.Verify(gen.Puzzle.Grid, gen.Puzzle.Solution) != nil {
			t.Fatalf("%s: generate: %v %+v", where, err, gen.Puzzle)
		}
		bad := ask(t, ctx, worker.Request{ID: 4, Op: worker.OpExplain, Position: clues(t, "11"+strings.Repeat(".", 79))})
		if err := bad.Err.Err(); !errors.Is(err, solver.ErrConflict) {
			t.Fatalf("%s: explain of clashing clues: %v, want ErrConflict", where, err)
		}
		t.Logf("%s: in the worker: count %.1f ms, explain %.1f ms (%d steps), generate Extreme %.1f ms (%d attempts)",
			where, count.Millis, explain.Millis, len(ex.Steps), gen.Millis, gen.Puzzle.Attempts)
	}
	jobs("online")

	srv.Stop()
	open(t, ctx, srv.URL+"/")
	eval[bool](t, ctx, askWorkerJS)
	jobs("offline")
}

// TestChangeCancelsEngineJob changes the game while Explain's job runs in
// the engine's worker (a digit typed as soon as the job is posted; the job
// takes about 200 ms): the page terminates the worker, says the position
// changed, and the next job, a Hint, runs in a new worker. The worker
// started with the page's live count, before the test counts.
func TestChangeCancelsEngineJob(t *testing.T) {
	need(t)
	srv := startServer(t, "127.0.0.1:0")
	ctx := browser(t)
	open(t, ctx, srv.URL+"/?p="+hardExplain)
	waitFor(t, ctx, "the live count", `document.getElementById("count").textContent.includes("Unique solution")`)
	eval[bool](t, ctx, `(() => {
  const W = window.Worker;
  window.workersStarted = 0; window.jobsPosted = 0; window.workersTerminated = 0;
  window.Worker = function (url, opts) { window.workersStarted++; return new W(url, opts); };
  const post = W.prototype.postMessage, term = W.prototype.terminate;
  W.prototype.postMessage = function (m) { window.jobsPosted++; return post.call(this, m); };
  W.prototype.terminate = function () { window.workersTerminated++; return term.call(this); };
  return true;
})()`)
	click(t, ctx, "#explain-toggle")
	waitFor(t, ctx, "Explain's job posted", `window.jobsPosted === 1`)
	cell := strings.IndexByte(hardExplain, '.')
	eval[bool](t, ctx, `(() => {
  const c = document.getElementById("cell-`+strconv.Itoa(cell)+`");
  c.focus();
  c.dispatchEvent(new KeyboardEvent("keydown", {key: "5", bubbles: true}));
  return true;
})()`)
	waitFor(t, ctx, "the digit typed", `document.getElementById("cell-`+strconv.Itoa(cell)+`").textContent === "5"`)
	waitFor(t, ctx, "the changed position's message", `document.body.textContent.includes("Your position changed: build the steps again from here.")`)
	if strings.Contains(eval[string](t, ctx, `document.body.textContent`), "cancelled") {
		t.Error("the page shows the cancelled job's error")
	}
	if n := eval[int](t, ctx, `window.workersTerminated`); n != 1 {
		t.Errorf("%d workers terminated, want 1: the one explaining the old position", n)
	}
	click(t, ctx, "#hint")
	// The 5 typed may be wrong: the hint then names it, as hints do.
	waitFor(t, ctx, "a hint after the cancelled job", `(() => {
  const m = (document.getElementById("message") || {textContent: ""}).textContent;
  return m.startsWith("Hint (") || m.includes("is not 5");
})()`)
	if n := eval[int](t, ctx, `window.workersStarted`); n != 1 {
		t.Errorf("%d workers started after the count, want 1: a new one for the hint", n)
	}
}

// TestVariantCountInWorker: a variant puzzle's count runs in the engine's
// worker too, its rules sent with the job, and the page shows the answer.
func TestVariantCountInWorker(t *testing.T) {
	need(t)
	srv := startServer(t, "127.0.0.1:0")
	ctx := browser(t)
	onNewDocument(t, ctx, `window.rulesJobs = 0;
const sudokuPostRules = Worker.prototype.postMessage;
Worker.prototype.postMessage = function (m) {
  try { const q = JSON.parse(m); if (q.op === "count" && q.rules) window.rulesJobs++; } catch (e) {}
  return sudokuPostRules.call(this, m);
};`)
	open(t, ctx, fpuzzlesLink(srv.URL, variantFile(t, "killer-uk2022.json")))
	waitFor(t, ctx, "the variant's count", `document.getElementById("count").textContent === "Unique solution."`)
	if n := eval[int](t, ctx, `window.rulesJobs`); n < 1 {
		t.Errorf("%d count jobs carried the puzzle's rules, want at least 1", n)
	}
}
