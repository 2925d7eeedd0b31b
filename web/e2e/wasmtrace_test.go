package e2e

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"math"
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
)

// wasmTraceCategories are the trace categories of TestTraceWasmRounds: the
// tasks, V8's (its wasm compilation and tiering included) and GC.
var wasmTraceCategories = []string{"toplevel", "__metadata", "devtools.timeline", "v8", "v8.execute", "v8.wasm",
	"disabled-by-default-v8.compile", "disabled-by-default-v8.wasm.detailed", "disabled-by-default-v8.gc", "disabled-by-default-devtools.timeline"}

// threadCPU is a renderer thread: its name (comm), whether it is its
// process's main thread (the page's thread), and the CPU time it has taken
// in nanoseconds (/proc/PID/task/TID/schedstat, which counts the time on a
// CPU and nothing else).
type threadCPU struct {
	comm string
	main bool
	ns   int64
}

// rendererThreads reads the CPU time of every thread of the browser's
// renderer processes, by thread id.
func rendererThreads(t *testing.T, ctx context.Context) map[int64]threadCPU {
	t.Helper()
	res, err := chromedp.CallBrowser(ctx, systeminfo.GetProcessInfo, cdp.Empty{})
	if err != nil {
		t.Fatalf("SystemInfo.getProcessInfo: %v", err)
	}
	out := map[int64]threadCPU{}
	for _, p := range res.ProcessInfo {
		if p.Type != "renderer" {
			continue
		}
		dir := fmt.Sprintf("/proc/%d/task", p.ID)
		tasks, err := os.ReadDir(dir)
		if err != nil {
			t.Fatalf("the renderer's threads: %v", err)
		}
		for _, task := range tasks {
			tid, err := strconv.ParseInt(task.Name(), 10, 64)
			if err != nil {
				continue
			}
			comm, err1 := os.ReadFile(filepath.Join(dir, task.Name(), "comm"))
			ss, err2 := os.ReadFile(filepath.Join(dir, task.Name(), "schedstat"))
			f := strings.Fields(string(ss))
			if err1 != nil || err2 != nil || len(f) == 0 { // the thread has ended
				continue
			}
			ns, err := strconv.ParseInt(f[0], 10, 64)
			if err != nil {
				continue
			}
			out[tid] = threadCPU{strings.TrimSpace(string(comm)), tid == p.ID, ns}
		}
	}
	return out
}

// threadsCPU splits the CPU time the renderers' threads took from before to
// after into the main threads' (the pages') and the others', in seconds.
func threadsCPU(before, after map[int64]threadCPU) (page, others float64) {
	for tid, a := range after {
		d := float64(a.ns-before[tid].ns) / 1e9
		if a.main {
			page += d
		} else {
			others += d
		}
	}
	return page, others
}

// sampleCPUs notes which CPU the thread tid runs on every 100 ms
// (/proc/PID/task/TID/stat, processor) and how busy the machine's CPUs are
// besides that thread (/proc/stat: user, nice, system, irq, softirq and
// steal less the thread's own time, in CPUs) until stop is closed, then
// sends them as runs ("0×12 1×30": 1.2 s on CPU 0, then 3 s on CPU 1) and
// the busy CPUs by half second.
func sampleCPUs(tid int64, stop <-chan struct{}, out chan<- string) {
	var cpus []string
	var busy []float64
	stat := func() (machine, thread float64) {
		b, err := os.ReadFile("/proc/stat")
		if err == nil {
			line, _, _ := strings.Cut(string(b), "\n")
			for i, f := range strings.Fields(line) {
				if v, err := strconv.ParseFloat(f, 64); err == nil && i != 4 && i != 5 && i <= 8 { // not idle, iowait
					machine += v / 100 // USER_HZ
				}
			}
		}
		if b, err := os.ReadFile(fmt.Sprintf("/proc/%d/task/%d/schedstat", tid, tid)); err == nil {
			if f := strings.Fields(string(b)); len(f) > 0 {
				v, _ := strconv.ParseFloat(f[0], 64)
				thread = v / 1e9
			}
		}
		return machine, thread
	}
	m0, t0 := stat()
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	for k := 1; ; k++ {
		select {
		case <-stop:
			var runs []string
			for i := 0; i < len(cpus); {
				j := i
				for j < len(cpus) && cpus[j] == cpus[i] {
					j++
				}
				runs = append(runs, fmt.Sprintf("%s×%d", cpus[i], j-i))
				i = j
			}
			out <- fmt.Sprintf("%s, the machine's other work by half second %v CPUs", strings.Join(runs, " "), busy)
			return
		case <-tick.C:
			if st, err := os.ReadFile(fmt.Sprintf("/proc/%d/task/%d/stat", tid, tid)); err == nil {
				_, rest, _ := strings.Cut(string(st), ") ")
				if f := strings.Fields(rest); len(f) > 36 {
					cpus = append(cpus, f[36])
				}
			}
			if k%5 == 0 {
				m1, t1 := stat()
				busy = append(busy, math.Round(((m1-m0)-(t1-t0))/0.5*10)/10)
				m0, t0 = m1, t1
			}
		}
	}
}

// TestTraceWasmRounds (make trace-wasm) runs the wasmbench page as
// TestMeasureWasmVsNative does (a first page, then per corpus and round a
// 1 s and a 4 s run), in Chromium only, and traces each page run: what the
// page's thread and each other thread of the renderers took (CPU time from
// /proc), the µs per puzzle by half second, which CPU the page's thread ran
// on, and from Chromium's trace what V8 did (the module compiled anew or
// taken from its cache, Liftoff's lazy compiles, TurboFan's tier-up jobs,
// garbage collections). It tells a slow round's cause: a second thread
// (compiling, collecting) beside the page, or the page's own thread
// running slower. Figures only: nothing is asserted.
//
// SUDOKU_TRACE_ROUNDS sets the rounds (4), SUDOKU_TRACE_DIR keeps each page
// run's trace there as JSON. For a diagnosis, not what users run:
// SUDOKU_TRACE_JSFLAGS gives V8 options (--trace-wasm-compilation-times
// prints each function's compilation; the output goes to chromium.log in
// SUDOKU_TRACE_DIR), SUDOKU_TRACE_CPUS holds Chromium to CPUs (taskset -c).
func TestTraceWasmRounds(t *testing.T) {
	wasmbenchNeeds(t, "trace-wasm")
	rounds := envCount(t, "SUDOKU_TRACE_ROUNDS", 4, 1)
	dump := os.Getenv("SUDOKU_TRACE_DIR")
	srvURL, corpora, _ := wasmbenchServer(t)
	ctx := traceBrowser(t, dump)
	runInPage(t, ctx, fmt.Sprintf("%s/?f=0&t=0.1", srvURL))
	n := 0
	for i, c := range corpora {
		for r := range rounds {
			for _, secs := range []float64{1, 4} {
				n++
				before := rendererThreads(t, ctx)
				var page int64 // the busiest renderer's main thread
				for tid, th := range before {
					if th.main && th.ns > before[page].ns {
						page = tid
					}
				}
				stop, cpus := make(chan struct{}), make(chan string)
				go sampleCPUs(page, stop, cpus)
				var line string
				events := collectTrace(t, ctx, wasmTraceCategories, func(traceEvent) bool { return true }, func() {
					line = runInPage(t, ctx, fmt.Sprintf("%s/?f=%d&t=%g", srvURL, i, secs))
				})
				close(stop)
				onCPUs := <-cpus
				after := rendererThreads(t, ctx)
				rep := parseReport(t, c.name, line)
				if rep.wrong(c.puzzles) {
					t.Errorf("%s: %d puzzles (want %d), %d invalid, %d timed solves", c.name, rep.Puzzles, c.puzzles, rep.Invalid, rep.Solves)
				}
				pageCPU, othersCPU := threadsCPU(before, after)
				type th struct {
					tid int64
					threadCPU
				}
				var busy []th
				for tid, a := range after {
					if d := a.ns - before[tid].ns; !a.main && d >= 5e6 {
						busy = append(busy, th{tid, threadCPU{a.comm, false, d}})
					}
				}
				slices.SortFunc(busy, func(a, b th) int { return cmp.Compare(b.ns, a.ns) })
				var others []string
				for _, x := range busy {
					others = append(others, fmt.Sprintf("%s/%d %.0f", x.comm, x.tid, float64(x.ns)/1e6))
				}
				t.Logf("%s run %d, %s round %d, %g s: %.2f µs/puzzle, by half second %v; the page's thread %.0f ms CPU on CPUs %s, the other threads %.0f ms (%s); %s",
					time.Now().Format("15:04:05"), n, c.name, r+1, secs, rep.USPerPuzzle, rep.Windows, pageCPU*1e3, onCPUs,
					othersCPU*1e3, cmp.Or(strings.Join(others, ", "), "none over 5 ms"), wasmRunSummary(events, rep.Solves))
				if dump != "" {
					b, err := json.Marshal(events)
					if err == nil {
						err = os.WriteFile(filepath.Join(dump, fmt.Sprintf("run%02d.json", n)), b, 0o644)
					}
					if err != nil {
						t.Fatal(err)
					}
				}
			}
		}
	}
	t.Logf("load average %s", loadAverage())
}

// traceBrowser is TestTraceWasmRounds's browser: the measurements' own
// (ownBrowser), or for a diagnosis one with V8 options or held to CPUs.
func traceBrowser(t *testing.T, dump string) context.Context {
	t.Helper()
	flags, cpus := os.Getenv("SUDOKU_TRACE_JSFLAGS"), os.Getenv("SUDOKU_TRACE_CPUS")
	if flags == "" && cpus == "" {
		return browser(t)
	}
	out, err := os.Create(filepath.Join(cmp.Or(dump, t.TempDir()), "chromium.log"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { out.Close() })
	t.Logf("a diagnosis: V8 options %q, Chromium on CPUs %q", flags, cpus)
	return browserOn(t, cpus, flags, out)
}

// wasmRunSummary tells from a page run's trace what the page's thread and
// V8 did: the CPU of the task that ran the Go program (go.run: the
// untimed first pass and the timed solves) per timed solve, whether V8
// compiled the module anew (a new NativeModule, its functions then compiled
// by Liftoff on their first call) or took it from its cache, the top-tier
// (TurboFan) compilations and when the last one ended, and V8's garbage
// collections.
func wasmRunSummary(events []traceEvent, solves int) string {
	type thread struct{ pid, tid int64 }
	names := map[thread]string{}
	for _, e := range events {
		if e.Name == "thread_name" {
			var a struct{ Name string }
			json.Unmarshal(e.Args, &a)
			names[thread{e.Pid, e.Tid}] = a.Name
		}
	}
	var run *traceEvent
	for i, e := range events {
		if e.Ph == "X" && e.Name == "RunMicrotasks" && names[thread{e.Pid, e.Tid}] == "CrRendererMain" && (run == nil || e.Dur > run.Dur) {
			run = &events[i]
		}
	}
	if run == nil {
		return "no go.run task in the trace"
	}
	var fresh, lazy, tiers, gcs int
	var tierCPU, tierEnd, gcCPU float64
	for _, e := range events {
		if e.Ph != "X" {
			continue
		}
		switch {
		case e.Name == "wasm.NewNativeModule":
			fresh++
		case e.Name == "wasm.CompileLazy":
			lazy++
		case e.Name == "wasm.TopTierCompilation":
			tiers++
			tierCPU += e.Tdur / 1000
			tierEnd = max(tierEnd, (e.Ts+e.Dur-run.Ts)/1000)
		case e.Name == "MinorGC" || e.Name == "MajorGC":
			gcs++
			gcCPU += e.Tdur / 1000
		case strings.HasPrefix(e.Name, "V8.GC_") && strings.Contains(e.Name, "_BACKGROUND_"):
			gcCPU += e.Tdur / 1000
		}
	}
	return fmt.Sprintf("trace: go.run %.0f ms wall, %.0f CPU (%.2f µs per timed solve); new module %d, lazy compiles %d; top tier %d jobs, %.1f ms CPU, the last ending %.0f ms into go.run; GC %d collections, %.1f ms CPU with their background work",
		run.Dur/1000, run.Tdur/1000, run.Tdur/float64(solves), fresh, lazy, tiers, tierCPU, tierEnd, gcs, gcCPU)
}
