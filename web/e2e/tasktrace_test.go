package e2e

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/profiler"
	"github.com/chromedp/cdproto/tracing"
	"github.com/chromedp/chromedp"
)

// taskTraceCategories are the trace categories of TestProfileTaskTrace:
// the tasks, Blink's work, V8's (its wasm compilation included) and GC.
var taskTraceCategories = []string{"toplevel", "__metadata", "devtools.timeline", "v8", "v8.execute", "blink",
	"disabled-by-default-devtools.timeline", "disabled-by-default-v8.gc", "v8.wasm", "disabled-by-default-v8.wasm.detailed"}

// TestProfileTaskTrace (make profile) traces the browser during each step
// of TestMeasureLongTasks and tells of the page thread's longest task by
// CPU time: its wall-clock and CPU time, the events within it by CPU time
// (wasm.CompileLazy is the page's functions compiled on their first call),
// and what the other threads of the browser ran meanwhile, by wall-clock
// time (the V8 compiler's threads, the engine's worker): what kept the
// page's thread from a core when its wall-clock time is far above its CPU
// time. Figures only: nothing is asserted.
func TestProfileTaskTrace(t *testing.T) {
	dir := profileBundle(t)
	srv := startServer(t, "127.0.0.1:0", "-dir", dir)
	ctx := browser(t)
	onNewDocument(t, ctx, jobWatchScript)
	engineJobsOnThePage(t, ctx, srv.URL, func(name string, step func()) {
		t.Logf("%s: %s", name, longestTaskTrace(t, ctx, step))
	})
	t.Logf("load average %s", loadAverage())
}

// traceEvent is an event of Chromium's trace.
type traceEvent struct {
	Name string          `json:"name"`
	Ph   string          `json:"ph"`
	Pid  int64           `json:"pid"`
	Tid  int64           `json:"tid"`
	Ts   float64         `json:"ts"`
	Dur  float64         `json:"dur"`
	Tdur float64         `json:"tdur"`
	Args json.RawMessage `json:"args"`
}

// collectTrace traces the browser while do runs (Chromium's trace events
// of the given categories, through DevTools) and returns the events keep
// keeps.
func collectTrace(t *testing.T, ctx context.Context, categories []string, keep func(traceEvent) bool, do func()) []traceEvent {
	t.Helper()
	var (
		mu     sync.Mutex
		events []traceEvent
		done   = make(chan struct{})
	)
	lctx, stop := context.WithCancel(ctx)
	defer stop()
	if err := chromedp.Listen(lctx, func(ev any) {
		switch e := ev.(type) {
		case *tracing.EventDataCollected:
			mu.Lock()
			for _, v := range e.Value {
				var te traceEvent
				if json.Unmarshal(v, &te) == nil && keep(te) {
					events = append(events, te)
				}
			}
			mu.Unlock()
		case *tracing.EventTracingComplete:
			close(done)
		}
	}); err != nil {
		t.Fatal(err)
	}
	run(t, ctx, "trace on", func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		_, err := cdp.Call(ctx, tg, tracing.Start, tracing.StartParams{
			TransferMode: tracing.StartTransferModeReportEvents,
			TraceConfig:  &tracing.TraceConfig{IncludedCategories: categories},
		})
		return chromedp.Void{}, err
	})
	do()
	run(t, ctx, "trace off", func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		_, err := cdp.Call(ctx, tg, tracing.End, cdp.Empty{})
		return chromedp.Void{}, err
	})
	select {
	case <-done:
	case <-time.After(60 * time.Second):
		t.Fatal("the trace did not complete")
	}
	mu.Lock()
	defer mu.Unlock()
	return events
}

// longestTaskTrace traces the browser while do runs and describes the
// page thread's longest tasks by CPU time, the longest first (see
// TestProfileTaskTrace).
func longestTaskTrace(t *testing.T, ctx context.Context, do func()) string {
	t.Helper()
	var events []traceEvent
	prof := cpuProfile(t, ctx, "the trace", func() {
		events = collectTrace(t, ctx, taskTraceCategories, func(te traceEvent) bool { return te.Ph == "X" || te.Name == "thread_name" }, do)
	})
	type thread struct{ pid, tid int64 }
	names := map[thread]string{}
	for _, e := range events {
		if e.Name == "thread_name" {
			var a struct{ Name string }
			json.Unmarshal(e.Args, &a)
			names[thread{e.Pid, e.Tid}] = a.Name
		}
	}
	var tasks []*traceEvent
	for i, e := range events {
		if e.Name == "ThreadControllerImpl::RunTask" && names[thread{e.Pid, e.Tid}] == "CrRendererMain" {
			tasks = append(tasks, &events[i])
		}
	}
	if len(tasks) == 0 {
		return "no task on the page's thread"
	}
	slices.SortFunc(tasks, func(a, b *traceEvent) int { return cmp.Compare(b.Tdur, a.Tdur) })
	isTask := func(name string) bool { return name == "ThreadControllerImpl::RunTask" || name == "ThreadPool_RunTask" }
	top := func(m map[string]float64, n int) string {
		keys := slices.SortedFunc(maps.Keys(m), func(a, b string) int { return cmp.Compare(m[b], m[a]) })
		var parts []string
		for _, k := range keys[:min(n, len(keys))] {
			parts = append(parts, fmt.Sprintf("%s %.1f", cmp.Or(k, "?"), m[k]))
		}
		return strings.Join(parts, ", ")
	}
	var out []string
	for rank, task := range tasks[:min(longestTasks, len(tasks))] {
		from, to := task.Ts, task.Ts+task.Dur
		inside := map[string]float64{} // the task's events, CPU ms
		others := map[string]float64{} // other threads' top-level tasks overlapping it, wall-clock ms
		work := map[string]float64{}   // what those tasks ran: their events but the tasks, wall-clock ms
		for _, e := range events {
			th := thread{e.Pid, e.Tid}
			overlap := min(e.Ts+e.Dur, to) - max(e.Ts, from)
			switch {
			case e.Name == "thread_name" || e.Name == "RunTask":
			case th == (thread{task.Pid, task.Tid}):
				if !isTask(e.Name) && e.Ts >= from && e.Ts+e.Dur <= to {
					inside[e.Name] += e.Tdur / 1000
				}
			case overlap <= 0:
			case isTask(e.Name):
				others[names[th]] += overlap / 1000
			default:
				work[e.Name] += overlap / 1000
			}
		}
		what := "the longest task"
		if rank > 0 {
			what = fmt.Sprintf("task %d by length", rank+1)
		}
		first, end := samplesWithin(prof, task.Ts, task.Ts+task.Dur)
		fns := sumSamples(prof, first, end)
		out = append(out, fmt.Sprintf("%s by CPU: %.1f ms CPU, %.1f ms wall-clock; within it by CPU ms: %s; the page's functions (CPU profile, ms, by total): %s; by self: %s; other threads meanwhile, by wall-clock ms: %s; their work: %s",
			what, task.Tdur/1000, task.Dur/1000, top(inside, 8), top(fns.total, 45), top(fns.self, 25), top(others, 6), top(work, 4)))
	}
	return strings.Join(out, "\n\t")
}

// longestTasks is how many of a step's longest tasks make profile describes.
const longestTasks = 3

// samplesWithin returns the samples of p taken from from to to (µs, the
// trace's clock, which the profile's shares).
func samplesWithin(p *profiler.Profile, from, to float64) (first, end int) {
	ts := p.StartTime
	first, end = -1, 0
	for i, d := range p.TimeDeltas {
		ts += float64(d)
		if ts < from {
			continue
		}
		if ts > to {
			break
		}
		if first < 0 {
			first = i
		}
		end = i + 1
	}
	return max(first, 0), end
}
