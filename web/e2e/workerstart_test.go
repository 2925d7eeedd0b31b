package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/systeminfo"
	"github.com/chromedp/chromedp"

	"sudoku/solver"
	"sudoku/web/worker"
)

// engineLogScript, run before the page's own scripts, logs the engine's
// workers the page starts and the jobs it posts them: window.engineLog has
// workers [{started, firstAnswer, module}] (performance.now() times: the
// worker's start, its first answer, the compiled module it posted to the
// page) and jobs by request ID {op, worker, posted, answered}. It keeps the
// page thread's long tasks (over 50 ms) with their start times too.
const engineLogScript = `window.longTasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.longTasks.push({start: e.startTime, ms: e.duration});
}).observe({type: "longtask"});
window.engineLog = {workers: [], jobs: {}};
(() => {
  const W = window.Worker, post = W.prototype.postMessage, log = window.engineLog;
  const job = (text, n) => {
    try { const q = JSON.parse(text); log.jobs[q.id] = {op: q.op, worker: n, posted: performance.now(), answered: 0}; } catch (e) {}
  };
  window.Worker = function (url, opts) {
    const w = new W(url, opts), n = log.workers.length, me = {started: performance.now(), firstAnswer: 0, module: 0};
    log.workers.push(me);
    w.sudokuWorker = n;
    w.addEventListener("message", (e) => {
      const now = performance.now(), d = e.data;
      if (d !== null && typeof d === "object" && "module" in d) { me.module = now; return; }
      me.firstAnswer = me.firstAnswer || now;
      try { const text = typeof d === "string" ? d : d.text, j = log.jobs[JSON.parse(text).id]; if (j) { j.answered = now; j.answer = text; } } catch (err) {}
    });
    return w;
  };
  window.Worker.prototype = W.prototype;
  W.prototype.postMessage = function (m, transfer) {
    if (typeof m === "string") job(m, this.sudokuWorker);
    else if (m && typeof m.text === "string") job(m.text, this.sudokuWorker);
    return post.call(this, m, transfer);
  };
})();`

// engineJob is a job of engineLog.
type engineJob struct {
	Op       string  `json:"op"`
	Worker   int     `json:"worker"`
	Posted   float64 `json:"posted"`
	Answered float64 `json:"answered"`
	Answer   string  `json:"answer"` // the answer's JSON text
}

// engineWorker is a worker of engineLog.
type engineWorker struct {
	Started     float64 `json:"started"`
	FirstAnswer float64 `json:"firstAnswer"`
	Module      float64 `json:"module"`
}

type engineLog struct {
	Workers []engineWorker       `json:"workers"`
	Jobs    map[string]engineJob `json:"jobs"`
}

func readEngineLog(t *testing.T, ctx context.Context) engineLog {
	t.Helper()
	return eval[engineLog](t, ctx, `window.engineLog`)
}

// lastJob is the last job of op posted (by request ID), and whether any was.
func (l engineLog) lastJob(op string) (engineJob, bool) {
	var last engineJob
	best := 0
	for id, j := range l.Jobs {
		n, _ := strconv.Atoi(id)
		if j.Op == op && n > best {
			best, last = n, j
		}
	}
	return last, best > 0
}

// answeredOn is a JavaScript condition: a job of op answered by worker n.
func answeredOn(op string, n int) string {
	return fmt.Sprintf(`Object.values(window.engineLog.jobs).some((j) => j.op === %q && j.worker === %d && j.answered > 0)`, op, n)
}

// cancelExplain opens Explain on the page's puzzle (hardExplain: a job of
// about 200 ms) and, as soon as its job is posted, types digit into the
// empty cell: the page cancels the job, which terminates the worker.
func cancelExplain(t *testing.T, ctx context.Context, cell int, digit string) {
	t.Helper()
	explains := eval[int](t, ctx, `Object.values(window.engineLog.jobs).filter((j) => j.op === "explain").length`)
	click(t, ctx, "#explain-toggle")
	waitFor(t, ctx, "Explain's job posted", fmt.Sprintf(`Object.values(window.engineLog.jobs).filter((j) => j.op === "explain").length > %d`, explains))
	eval[bool](t, ctx, fmt.Sprintf(`(() => {
  const c = document.getElementById("cell-%d");
  c.focus();
  c.dispatchEvent(new KeyboardEvent("keydown", {key: %q, bubbles: true}));
  return true;
})()`, cell, digit))
	waitFor(t, ctx, "the changed position's message", `document.body.textContent.includes("Your position changed: build the steps again from here.")`)
}

// newWorkerEvents counts, in a trace, what a new worker did in the page's
// renderer (the process that started a worker from url's worker.js): its
// requests for worker.wasm, the modules V8 compiled anew (a NativeModule
// made) or deserialized from Chromium's code cache, Liftoff's lazy compiles
// and TurboFan's jobs.
type newWorkerEvents struct {
	wasmFetches, newModules, deserialized, lazy, tiers int
	lazyCPU, tierCPU                                   float64 // ms
}

func countWorkerEvents(events []traceEvent, url string) (newWorkerEvents, bool) {
	var c newWorkerEvents
	pid := int64(-1)
	for _, e := range events {
		if e.Name == "TracingSessionIdForWorker" && strings.Contains(string(e.Args), `"url":"`+url+`/web/worker.js"`) {
			pid = e.Pid
		}
	}
	if pid < 0 {
		return c, false
	}
	for _, e := range events {
		if e.Pid != pid {
			continue
		}
		switch {
		case e.Name == "ResourceSendRequest" && strings.Contains(string(e.Args), `"url":"`+url+`/web/worker.wasm"`):
			c.wasmFetches++
		case e.Ph != "X":
		case e.Name == "wasm.NewNativeModule":
			c.newModules++
		case strings.HasPrefix(e.Name, "wasm.") && strings.Contains(e.Name, "Deserializ"):
			c.deserialized++
		case e.Name == "wasm.CompileLazy":
			c.lazy++
			c.lazyCPU += e.Tdur / 1000
		case e.Name == "wasm.TopTierCompilation":
			c.tiers++
			c.tierCPU += e.Tdur / 1000
		}
	}
	return c, true
}

// TestNewWorkerSharesEngine: a job cancelled (a digit typed while Explain's
// job runs) terminates the engine's worker, and the next job (the live count
// of a puzzle pasted) runs in a new one, which instantiates the module the
// first worker compiled and posted to the page: it neither fetches nor
// compiles worker.wasm (counted in Chromium's trace of the page's renderer).
// The count's answer is checked against the puzzle.
func TestNewWorkerSharesEngine(t *testing.T) {
	need(t)
	srv := startServer(t, "127.0.0.1:0")
	ctx := browser(t)
	onNewDocument(t, ctx, engineLogScript)
	open(t, ctx, srv.URL+"/?p="+hardExplain)
	waitFor(t, ctx, "the live count", `document.getElementById("count").textContent.includes("Unique solution")`)
	cell := strings.IndexByte(hardExplain, '.')
	keep := func(e traceEvent) bool {
		return e.Name == "ResourceSendRequest" || e.Name == "TracingSessionIdForWorker" || strings.HasPrefix(e.Name, "wasm.")
	}
	events := collectTrace(t, ctx, []string{"devtools.timeline", "disabled-by-default-devtools.timeline", "v8.wasm", "disabled-by-default-v8.wasm.detailed"}, keep, func() {
		cancelExplain(t, ctx, cell, "5")
		run(t, ctx, "paste", chromedp.SetValue(chromedp.CSS("#paste"), unique))
		click(t, ctx, "#load")
		waitFor(t, ctx, "the count of the puzzle loaded, in a new worker", answeredOn("count", 1))
	})
	waitFor(t, ctx, "the count shown", `document.getElementById("count").textContent === "Unique solution."`)
	l := readEngineLog(t, ctx)
	var resp worker.Response
	if j, _ := l.lastJob("count"); j.Worker != 1 || json.Unmarshal([]byte(j.Answer), &resp) != nil {
		t.Fatalf("the last count job: worker %d, answer %q", j.Worker, j.Answer)
	}
	u, _ := solver.Parse(unique)
	if err := resp.Err.Err(); err != nil || resp.Count == nil || resp.Count.Count != 1 || solver.Standard.Verify(u, resp.Count.Solution) != nil {
		t.Errorf("the count in the new worker: %v %+v", err, resp.Count)
	}
	if n := len(l.Workers); n != 2 {
		t.Fatalf("%d workers started, want 2: the first, and one after the cancelled job", n)
	}
	// The first worker posts its module before the engine runs, so before
	// its first answer; the second was given it and posts none.
	if w := l.Workers; w[0].Module == 0 || w[0].Module > w[0].FirstAnswer || w[1].Module != 0 {
		t.Errorf("modules posted to the page: by the first worker at %.0f ms (its first answer at %.0f), by the second at %.0f; want the first's only, before its answer",
			w[0].Module, w[0].FirstAnswer, w[1].Module)
	}
	c, ok := countWorkerEvents(events, srv.URL)
	if !ok {
		t.Fatalf("the trace has no worker of %s/web/worker.js: no new worker started, or Chromium's trace events changed", srv.URL)
	}
	if c.wasmFetches != 0 || c.newModules != 0 {
		t.Errorf("the new worker fetched worker.wasm %d times and compiled %d modules anew, want 0 and 0 (%d lazy compiles)", c.wasmFetches, c.newModules, c.lazy)
	}
}

// TestEngineWorkerFallsBackToFetch: a worker given a Module it cannot
// instantiate with the Go runtime's imports (one that imports x.y) fetches
// and compiles worker.wasm itself, answers its job right, and posts the
// module it compiled to the page.
func TestEngineWorkerFallsBackToFetch(t *testing.T) {
	need(t)
	srv := startServer(t, "127.0.0.1:0")
	ctx := browser(t)
	open(t, ctx, srv.URL+"/")
	req, err := json.Marshal(worker.Request{ID: 1, Op: worker.OpCount, Position: clues(t, unique), Limit: 2})
	if err != nil {
		t.Fatal(err)
	}
	type result struct {
		Posted bool   `json:"posted"` // a Module came back
		Answer string `json:"answer"`
	}
	r := eval[result](t, ctx, `new Promise((resolve, reject) => {
  // A valid module with one import, x.y, a function: the Go runtime's imports lack it.
  const bogus = new WebAssembly.Module(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 4, 1, 96, 0, 0, 2, 7, 1, 1, 120, 1, 121, 0, 0]));
  const w = new Worker("/web/worker.js", {name: "engine"});
  let posted = false;
  w.onmessage = (e) => {
    if (e.data !== null && typeof e.data === "object" && e.data.module instanceof WebAssembly.Module) { posted = true; return; }
    w.terminate();
    resolve({posted: posted, answer: typeof e.data === "string" ? e.data : "not a text"});
  };
  w.onerror = (e) => { w.terminate(); reject(new Error("worker: " + e.message)); };
  w.postMessage({module: bogus});
  w.postMessage(`+jsString(string(req))+`);
})`)
	var resp worker.Response
	if err := json.Unmarshal([]byte(r.Answer), &resp); err != nil {
		t.Fatalf("answer %q: %v", r.Answer, err)
	}
	u, _ := solver.Parse(unique)
	if err := resp.Err.Err(); err != nil || resp.ID != 1 || resp.Count == nil || resp.Count.Count != 1 || solver.Standard.Verify(u, resp.Count.Solution) != nil {
		t.Errorf("the count: %v %+v", err, resp.Count)
	}
	if !r.Posted {
		t.Error("the worker did not post the module it compiled")
	}
}

// rendererRSS is the resident memory of the browser's renderer processes
// (VmRSS, /proc), in bytes.
func rendererRSS(t *testing.T, ctx context.Context) int64 {
	t.Helper()
	res, err := chromedp.CallBrowser(ctx, systeminfo.GetProcessInfo, cdp.Empty{})
	if err != nil {
		t.Fatalf("SystemInfo.getProcessInfo: %v", err)
	}
	var sum int64
	for _, p := range res.ProcessInfo {
		if p.Type != "renderer" {
			continue
		}
		b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", p.ID))
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(b), "\n") {
			if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
				kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
				sum += kb * 1024
			}
		}
	}
	return sum
}

// TestMeasureWorkerRestart reports what the player pays when the engine's
// worker starts: the first job of a visit (the live count: the worker's
// start to its first answer, and the job's round trip from the page), and
// after each cancelled job (Explain cancelled by a digit typed) the next
// job's (a Hint, in a new worker) round trip, against a Hint in a worker that
// runs. Cycles 1 and 3 are traced: the new worker's fetches of worker.wasm,
// the modules V8 compiled anew, Liftoff's lazy compiles and TurboFan's jobs
// with their CPU, the renderer threads' CPU (/proc) and the page thread's
// long tasks. At the end, a job cancelled with none after it, the renderers'
// resident memory 2 s later. SUDOKU_WORKER_BEFORE, bundle
// directories (ones with web/ inside, as cmd/server/dist; a list like PATH),
// alternates visits to each with visits to the built server's own bundle,
// SUDOKU_WORKER_VISITS each (3), in turn, the order reversed every other
// round (ABBA...); SUDOKU_WORKER_CYCLES sets the cycles of a
// visit (4; 0: the first job only). Figures only: nothing is asserted but the jobs' answers.
func TestMeasureWorkerRestart(t *testing.T) {
	if os.Getenv("SUDOKU_MEASURE") == "" {
		t.Skip("measurements only with SUDOKU_MEASURE=1 (make measure)")
	}
	need(t)
	visits := envCount(t, "SUDOKU_WORKER_VISITS", 3, 1)
	type side struct {
		name string
		srv  *serverProc
	}
	var sides []side
	for _, dir := range filepath.SplitList(os.Getenv("SUDOKU_WORKER_BEFORE")) {
		abs, err := filepath.Abs(dir)
		if err != nil {
			t.Fatal(err)
		}
		sides = append(sides, side{filepath.Base(abs), startServer(t, "127.0.0.1:0", "-dir", abs)})
	}
	sides = append(sides, side{"this build", startServer(t, "127.0.0.1:0")})
	cycles := envCount(t, "SUDOKU_WORKER_CYCLES", 4, 0)
	cell := strings.IndexByte(hardExplain, '.')
	for v := range visits {
		order := slices.Clone(sides)
		if v%2 == 1 { // ABBA: neither side always goes first
			slices.Reverse(order)
		}
		for _, s := range order {
			measureWorkerVisit(t, fmt.Sprintf("%s, visit %d", s.name, v+1), s.srv.URL, cell, cycles)
		}
	}
	t.Logf("load average %s", loadAverage())
}

// engineMillis is the time a job took in the engine, from its answer.
func engineMillis(j engineJob) float64 {
	var r struct {
		Millis float64 `json:"millis"`
	}
	json.Unmarshal([]byte(j.Answer), &r)
	return r.Millis
}

func measureWorkerVisit(t *testing.T, name, url string, cell, cycles int) {
	ctx := browser(t)
	onNewDocument(t, ctx, engineLogScript)
	open(t, ctx, url+"/?p="+hardExplain)
	waitFor(t, ctx, "the live count", `document.getElementById("count").textContent.includes("Unique solution")`)
	run(t, ctx, "settle", chromedp.Sleep(300*time.Millisecond))
	l := readEngineLog(t, ctx)
	first, _ := l.lastJob("count")
	longest := func(from float64) float64 {
		return eval[float64](t, ctx, `Math.max(0, ...window.longTasks.filter((e) => e.start + e.ms >= `+jsFloat(from)+`).map((e) => e.ms))`)
	}
	module := "none posted"
	if w := l.Workers[0]; w.Module > 0 {
		module = fmt.Sprintf("%.0f ms before its first answer", w.FirstAnswer-w.Module)
	}
	t.Logf("%s: the first job (the live count): round trip %.0f ms (%.1f ms in the engine); the worker's start to its first answer %.0f ms; its module %s; the longest task on the page's thread since the load %.0f ms",
		name, first.Answered-first.Posted, engineMillis(first), l.Workers[0].FirstAnswer-l.Workers[0].Started, module, longest(0))
	if cycles == 0 {
		return
	}
	// A hint in the running worker: the round trip of a job with the engine loaded.
	click(t, ctx, "#hint")
	waitFor(t, ctx, "a hint in the first worker", answeredOn("hint", 0))
	warm, _ := readEngineLog(t, ctx).lastJob("hint")
	var trips []string
	for k := 1; k <= cycles; k++ {
		run(t, ctx, "settle", chromedp.Sleep(300*time.Millisecond))
		from := eval[float64](t, ctx, `performance.now()`)
		cycle := func() {
			cancelExplain(t, ctx, cell, "5")
			click(t, ctx, "#hint")
			waitFor(t, ctx, "a hint in a new worker", answeredOn("hint", k))
			run(t, ctx, "settle", chromedp.Sleep(150*time.Millisecond)) // a long task is reported after it ends
		}
		var events []traceEvent
		var pageCPU, othersCPU float64
		var byName []string
		traced := k%2 == 1
		if traced {
			before := rendererThreads(t, ctx)
			events = collectTrace(t, ctx, wasmTraceCategories, func(traceEvent) bool { return true }, cycle)
			after := rendererThreads(t, ctx)
			pageCPU, othersCPU = threadsCPU(before, after)
			names := map[string]int64{}
			for tid, a := range after {
				if !a.main {
					names[a.comm] += a.ns - before[tid].ns
				}
			}
			for n, ns := range names {
				if ns >= 5e6 {
					byName = append(byName, fmt.Sprintf("%s %.0f", n, float64(ns)/1e6))
				}
			}
			slices.Sort(byName)
		} else {
			cycle()
		}
		l := readEngineLog(t, ctx)
		h, _ := l.lastJob("hint")
		w := l.Workers[k]
		trips = append(trips, fmt.Sprintf("%.0f", h.Answered-h.Posted))
		line := fmt.Sprintf("%s, cycle %d: the hint after the cancel: round trip %.0f ms (%.1f ms in the engine; the new worker's start to its first answer %.0f ms); the longest task on the page's thread %.0f ms",
			name, k, h.Answered-h.Posted, engineMillis(h), w.FirstAnswer-w.Started, longest(from))
		if traced {
			c, ok := countWorkerEvents(events, url)
			if !ok {
				t.Fatalf("%s: the trace has no worker of worker.js", name)
			}
			line += fmt.Sprintf("; traced: worker.wasm fetched %d, modules compiled anew %d, deserialized %d, lazy compiles %d (%.0f ms CPU), TurboFan jobs %d (%.0f ms CPU); the renderers' CPU: the page's thread %.0f ms, the other threads %.0f ms (%s; a thread that ended is not counted)",
				c.wasmFetches, c.newModules, c.deserialized, c.lazy, c.lazyCPU, c.tiers, c.tierCPU, pageCPU*1e3, othersCPU*1e3, strings.Join(byName, ", "))
		}
		t.Log(line)
		run(t, ctx, "undo the digit", chromedp.Evaluate[chromedp.Void](`document.getElementById("undo").click()`))
		waitFor(t, ctx, "the digit undone", fmt.Sprintf(`document.getElementById("cell-%d").textContent.trim() === ""`, cell))
		if eval[bool](t, ctx, `document.getElementById("explain-panel") !== null`) {
			click(t, ctx, "#explain-toggle")
			waitFor(t, ctx, "the explanation closed", `document.getElementById("explain-panel") === null`)
		}
	}
	// A job cancelled with none after it; the renderers' memory 2 s later
	// (a worker that Cancel starts at once runs then, idle).
	run(t, ctx, "settle", chromedp.Sleep(300*time.Millisecond))
	cancelExplain(t, ctx, cell, "5")
	run(t, ctx, "settle", chromedp.Sleep(2*time.Second))
	t.Logf("%s: hints after a cancel %s ms, in the running worker %.0f ms (%.1f ms in the engine); the renderers' resident memory 2 s after a job cancelled with none after it %.1f MB",
		name, strings.Join(trips, ", "), warm.Answered-warm.Posted, engineMillis(warm), float64(rendererRSS(t, ctx))/(1<<20))
}
