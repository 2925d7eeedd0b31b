package e2e

import (
	"cmp"
	"context"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/performance"
	"github.com/chromedp/cdproto/profiler"
	"github.com/chromedp/chromedp"
)

// The profiles (make profile) show where the page's thread spends its time
// during the key presses of TestMeasureKeyToPaint and the steps of
// TestMeasureLongTasks: Chromium's CPU profiler through DevTools, on a bundle
// whose app.wasm keeps its function names (SUDOKU_PROFILE is its directory,
// for the server's -dir). Figures only: nothing is asserted.

// profileBundle is the unstripped bundle's directory, or it skips the test.
func profileBundle(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("SUDOKU_PROFILE")
	if dir == "" {
		t.Skip("profiles only with SUDOKU_PROFILE=<bundle with an unstripped app.wasm> (make profile)")
	}
	need(t)
	return dir
}

// threadMetrics are Chromium's counters of the page's thread
// (Performance.getMetrics), durations in the thread's CPU time: they do not
// count the time the thread waited for a core on a loaded machine.
type threadMetrics map[string]float64

func pageMetrics(t *testing.T, ctx context.Context) threadMetrics {
	t.Helper()
	m := threadMetrics{}
	run(t, ctx, "metrics", func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		if _, err := cdp.Call(ctx, tg, performance.Enable, performance.EnableParams{TimeDomain: performance.EnableTimeDomainThreadTicks}); err != nil {
			return chromedp.Void{}, err
		}
		res, err := cdp.Call(ctx, tg, performance.GetMetrics, cdp.Empty{})
		if err != nil {
			return chromedp.Void{}, err
		}
		for _, x := range res.Metrics {
			m[x.Name] = x.Value
		}
		return chromedp.Void{}, nil
	})
	return m
}

// since says the CPU time of the page's thread from before to m, divided
// by n (per key, say): in tasks, in script, in style recalculation and in
// layout.
func (m threadMetrics) since(before threadMetrics, n int) string {
	d := func(k string) float64 { return (m[k] - before[k]) / float64(n) }
	return fmt.Sprintf("CPU time of the page's thread (Chromium's metrics): tasks %.2f ms, script %.2f ms, style recalculation %.2f ms (%.2f times), layout %.2f ms (%.2f times)",
		1000*d("TaskDuration"), 1000*d("ScriptDuration"), 1000*d("RecalcStyleDuration"), d("RecalcStyleCount"), 1000*d("LayoutDuration"), d("LayoutCount"))
}

// cpuProfile records the page thread's CPU profile while do runs, sampling
// every 100 µs, and logs how much of that time Chromium counted as style
// recalculation, layout and script (Performance.getMetrics).
func cpuProfile(t *testing.T, ctx context.Context, what string, do func()) *profiler.Profile {
	t.Helper()
	before := pageMetrics(t, ctx)
	defer func() { t.Logf("%s: %s", what, pageMetrics(t, ctx).since(before, 1)) }()
	cdpRun := func(what string, f func(ctx context.Context, tg *chromedp.Target) error) {
		t.Helper()
		run(t, ctx, what, func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
			return chromedp.Void{}, f(ctx, tg)
		})
	}
	cdpRun("profiler on", func(ctx context.Context, tg *chromedp.Target) error {
		if _, err := cdp.Call(ctx, tg, profiler.Enable, cdp.Empty{}); err != nil {
			return err
		}
		if _, err := cdp.Call(ctx, tg, profiler.SetSamplingInterval, profiler.SetSamplingIntervalParams{Interval: 100}); err != nil {
			return err
		}
		_, err := cdp.Call(ctx, tg, profiler.Start, cdp.Empty{})
		return err
	})
	do()
	var prof *profiler.Profile
	cdpRun("profiler off", func(ctx context.Context, tg *chromedp.Target) error {
		res, err := cdp.Call(ctx, tg, profiler.Stop, cdp.Empty{})
		if err != nil {
			return err
		}
		prof = res.Profile
		return nil
	})
	return prof
}

// profileTotals is a profile summed by function: the time each function was
// running (self) and on the stack (total), in ms, and the busy time (every
// sample but the idle ones).
type profileTotals struct {
	self, total map[string]float64
	busy        float64
}

func sumProfile(p *profiler.Profile) profileTotals { return sumSamples(p, 0, len(p.Samples)) }

// sumSamples sums the samples from..to-1 of a profile.
func sumSamples(p *profiler.Profile, from, to int) profileTotals {
	parent := map[int64]int64{}
	byID := map[int64]*profiler.ProfileNode{}
	for _, n := range p.Nodes {
		byID[n.ID] = n
		for _, c := range n.Children {
			parent[c] = n.ID
		}
	}
	tot := profileTotals{self: map[string]float64{}, total: map[string]float64{}}
	for i := from; i < to; i++ {
		id := p.Samples[i]
		// A sample's time is the gap to the next sample (the last: the first's).
		dt := 0.0
		if i+1 < len(p.TimeDeltas) {
			dt = float64(p.TimeDeltas[i+1]) / 1000
		}
		leaf := byID[id]
		if leaf == nil || leaf.CallFrame.FunctionName == "(idle)" {
			continue
		}
		tot.busy += dt
		tot.self[frameName(leaf)] += dt
		seen := map[string]bool{}
		for n := leaf; n != nil; {
			if name := frameName(n); !seen[name] {
				seen[name] = true
				tot.total[name] += dt
			}
			up, ok := parent[n.ID]
			if !ok {
				break
			}
			n = byID[up]
		}
	}
	return tot
}

// frameName names a profile's frame: the function's name, with the script's
// file for JavaScript.
func frameName(n *profiler.ProfileNode) string {
	f := n.CallFrame
	name := f.FunctionName
	if name == "" {
		name = "(anonymous)"
	}
	if i := strings.LastIndex(f.URL, "/"); i >= 0 && !strings.HasSuffix(f.URL, ".wasm") {
		name += " [" + f.URL[i+1:] + "]"
	}
	return name
}

// longestRun finds the longest run of samples without an idle one: about
// the longest task on the page's thread (tasks that follow one another with
// no idle moment between are one run). It returns the run's samples and its
// length in ms.
func longestRun(p *profiler.Profile) (from, to int, ms float64) {
	byID := map[int64]*profiler.ProfileNode{}
	for _, n := range p.Nodes {
		byID[n.ID] = n
	}
	start, run := 0, 0.0
	for i, id := range p.Samples {
		dt := 0.0
		if i+1 < len(p.TimeDeltas) {
			dt = float64(p.TimeDeltas[i+1]) / 1000
		}
		if n := byID[id]; n == nil || n.CallFrame.FunctionName == "(idle)" {
			start, run = i+1, 0
			continue
		}
		run += dt
		if run > ms {
			from, to, ms = start, i+1, run
		}
	}
	return from, to, ms
}

// logProfile logs a profile's busy time, its top functions by total and by
// self time, and the shares of a few groups of frames: those whose name
// holds any of a group's words.
func logProfile(t *testing.T, what string, p *profiler.Profile, top int) {
	t.Helper()
	tot := sumProfile(p)
	t.Logf("%s: %.1f ms busy on the page's thread (load average %s)", what, tot.busy, loadAverage())
	list := func(m map[string]float64) string {
		names := make([]string, 0, len(m))
		for n := range m {
			names = append(names, n)
		}
		slices.SortFunc(names, func(a, b string) int { return cmp.Compare(m[b], m[a]) })
		var b strings.Builder
		for _, n := range names[:min(top, len(names))] {
			fmt.Fprintf(&b, "\n    %6.1f ms %5.1f%%  %s", m[n], 100*m[n]/max(tot.busy, 1e-9), n)
		}
		return b.String()
	}
	t.Logf("%s, by total time:%s", what, list(tot.total))
	t.Logf("%s, by self time:%s", what, list(tot.self))
	from, to, ms := longestRun(p)
	tot = sumSamples(p, from, to)
	t.Logf("%s, the longest run without an idle sample: %.1f ms, by total time:%s", what, ms, list(tot.total))
}

// TestProfileKeys profiles the page's thread while the easy puzzle is
// played by keyboard (TestMeasureKeyToPaint's keys).
func TestProfileKeys(t *testing.T) {
	dir := profileBundle(t)
	srv := startServer(t, "127.0.0.1:0", "-dir", dir)
	ctx := browser(t)
	onNewDocument(t, ctx, keyLatencyScript)
	open(t, ctx, srv.URL+"/?p="+easy)
	click(t, ctx, "#candidates")
	click(t, ctx, "#cell-0")
	p := cpuProfile(t, ctx, "keys", func() { playEasyByKeys(t, ctx, len(easy)) })
	n := eval[int](t, ctx, `window.keyLatency.length`)
	logProfile(t, fmt.Sprintf("%d keys", n), p, 60)
}

// TestProfileLongTasks profiles the page's thread during each step of
// TestMeasureLongTasks (the live count, Solve, Check, Watch, Explain).
func TestProfileLongTasks(t *testing.T) {
	dir := profileBundle(t)
	srv := startServer(t, "127.0.0.1:0", "-dir", dir)
	ctx := browser(t)
	onNewDocument(t, ctx, jobWatchScript)
	work, _ := engineJobsOnThePage(t, ctx, srv.URL, func(name string, step func()) {
		p := cpuProfile(t, ctx, name, step)
		logProfile(t, name, p, 40)
	})
	for _, w := range work {
		t.Logf("%s: longest task %.0f ms", w.name, w.longest)
	}
}

// traceTasks traces the page's renderer while do runs (Chromium's trace
// events, through DevTools) and returns its main thread's longest task by
// wall-clock time and by the thread's CPU time (its
// ThreadControllerImpl::RunTask events' dur and tdur). The CPU time does not count the moments a loaded machine left the
// thread waiting for a core, which the wall-clock time (and the
// PerformanceObserver's "longtask") does.
func traceTasks(t *testing.T, ctx context.Context, do func()) (wallMs, cpuMs float64) {
	t.Helper()
	events := collectTrace(t, ctx, []string{"toplevel", "__metadata"}, func(te traceEvent) bool {
		return te.Name == "ThreadControllerImpl::RunTask" || te.Name == "thread_name"
	}, do)
	type thread struct{ pid, tid int64 }
	main := map[thread]bool{}
	for _, e := range events {
		if e.Name == "thread_name" && strings.Contains(string(e.Args), `"CrRendererMain"`) {
			main[thread{e.Pid, e.Tid}] = true
		}
	}
	for _, e := range events {
		if e.Name == "ThreadControllerImpl::RunTask" && e.Ph == "X" && main[thread{e.Pid, e.Tid}] {
			wallMs, cpuMs = max(wallMs, e.Dur/1000), max(cpuMs, e.Tdur/1000)
		}
	}
	return wallMs, cpuMs
}

// TestProfileFirstLoad profiles the page's thread from the navigation to
// the board's first paint, in a fresh profile (nothing cached), and then a
// reload (the app cached by the service worker).
func TestProfileFirstLoad(t *testing.T) {
	dir := profileBundle(t)
	srv := startServer(t, "127.0.0.1:0", "-dir", dir)
	ctx := browser(t)
	run(t, ctx, "blank", chromedp.Navigate("about:blank"))
	p := cpuProfile(t, ctx, "first load", func() { open(t, ctx, srv.URL+"/") })
	logProfile(t, "first load", p, 60)
	waitOffline(t, ctx)
	p = cpuProfile(t, ctx, "reload", func() {
		run(t, ctx, "reload", chromedp.Reload())
		waitReady(t, ctx)
	})
	logProfile(t, "reload", p, 40)
}
