package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// benchReport is the JSON line of the wasmbench program.
type benchReport struct {
	Puzzles     int       `json:"puzzles"`
	USPerPuzzle float64   `json:"us_per_puzzle"`
	Invalid     int       `json:"invalid"`
	Solves      int       `json:"solves"`
	Windows     []float64 `json:"windows"`
}

// wasmbenchPage loads the puzzles named by ?f=, then runs bench.wasm on them.
const wasmbenchPage = `<!doctype html>
<meta charset="utf-8">
<title>wasmbench</title>
<script src="/wasm_exec.js"></script>
<script>
(async () => {
  try {
    const q = new URLSearchParams(location.search);
    const r = await fetch("/puzzles/" + q.get("f"));
    if (!r.ok) throw new Error("puzzles: " + r.status);
    window.wasmbenchPuzzles = await r.text();
    window.wasmbenchSeconds = Number(q.get("t"));
    const go = new Go();
    const { instance } = await WebAssembly.instantiateStreaming(fetch("/bench.wasm"), go.importObject);
    await go.run(instance);
    if (!window.wasmbenchResult && !window.wasmbenchError) window.wasmbenchError = "the program set no result";
  } catch (e) {
    window.wasmbenchError = String(e);
  }
})();
</script>
`

// TestMeasureWasmVsNative runs the same Go program (web/e2e/wasmbench: the
// default engine, Limit 2) natively and as WebAssembly in headless Chromium
// on the magictour puzzles and reports the time per puzzle of each and their
// ratio, by wall clock and by CPU time (the native process's, and that of
// Chromium's renderers: a page's work off its main thread, such as V8
// compiling in the background, counts too, and is told apart from the
// page's thread's own), and by the fastest half second of each run (the
// code's speed when nothing slows the CPU it runs on: this VM's CPUs have
// slow spells of seconds that no process of its own causes, and that
// slow either side, see docs/speed.md). It checks the counts and the solutions, never the times:
// run it with `make measure-wasm`; `make trace-wasm` tells what a slow
// round's threads did.
func TestMeasureWasmVsNative(t *testing.T) {
	wasmbenchNeeds(t, "measure-wasm")
	const (
		rounds    = 3
		secs      = 3.0 // the long run's seconds more than the short one's
		shortSecs = 1.0
	)
	srvURL, corpora, native := wasmbenchServer(t)
	ctx := browser(t)
	// A first page load compiles bench.wasm; the renderer then keeps the
	// module, so the timed pages below cost the same to load.
	runInPage(t, ctx, fmt.Sprintf("%s/?f=0&t=0.1", srvURL))
	for i, c := range corpora {
		var nat, web, ratio, natCPU, webCPU, ratioCPU, pageCPU, ratioPage, others, best []float64
		bestNat, bestWeb := math.Inf(1), math.Inf(1) // the fastest half seconds of all rounds
		for r := range rounds {
			// Alternate the two so that both see the same machine load.
			// Each side runs twice, shortly and for secs more: the wall
			// time per puzzle is the long run's; the CPU time per puzzle is
			// the difference of the two runs' CPU over the difference of
			// their timed solves, so that what both runs spend besides (a
			// process's start, a page's load, the untimed first pass)
			// cancels out.
			short, long := nativeRun(t, native, shortSecs, c.path), nativeRun(t, native, shortSecs+secs, c.path)
			c0 := rendererThreads(t, ctx)
			ws := parseReport(t, c.name+" in Chromium", runInPage(t, ctx, fmt.Sprintf("%s/?f=%d&t=%g", srvURL, i, shortSecs)))
			c1 := rendererThreads(t, ctx)
			w := parseReport(t, c.name+" in Chromium", runInPage(t, ctx, fmt.Sprintf("%s/?f=%d&t=%g", srvURL, i, shortSecs+secs)))
			c2 := rendererThreads(t, ctx)
			n := long.benchReport
			for _, rep := range []struct {
				where string
				benchReport
			}{{"natively", short.benchReport}, {"natively", n}, {"in Chromium", ws}, {"in Chromium", w}} {
				if rep.wrong(c.puzzles) {
					t.Errorf("%s %s: %d puzzles (want %d), %d invalid, %d timed solves, %d half seconds", c.name, rep.where, rep.Puzzles, c.puzzles, rep.Invalid, rep.Solves, len(rep.Windows))
				}
			}
			if n.Solves <= short.Solves || w.Solves <= ws.Solves || len(n.Windows) == 0 || len(w.Windows) == 0 {
				t.Fatalf("%s: the long runs timed no more solves than the short ones (natively %d and %d, in Chromium %d and %d)", c.name, short.Solves, n.Solves, ws.Solves, w.Solves)
			}
			nc := (long.cpu - short.cpu).Seconds() * 1e6 / float64(n.Solves-short.Solves)
			// The renderers' CPU, split into the page's thread (each
			// renderer's main thread) and all the others (V8's compiler
			// and GC threads, IO, the compositor).
			p1, o1 := threadsCPU(c0, c1)
			p2, o2 := threadsCPU(c1, c2)
			dn := float64(w.Solves - ws.Solves)
			pc, oc := (p2-p1)*1e6/dn, (o2-o1)*1e6/dn
			wc := pc + oc
			// The fastest half second of each long run: what the code does
			// when nothing slows the CPU it runs on.
			bn, bw := slices.Min(n.Windows), slices.Min(w.Windows)
			t.Logf("%s round %d: wall native %.2f µs/puzzle, Chromium %.2f, ratio %.2f; CPU native %.2f µs/puzzle, Chromium's renderers %.2f (the page's thread %.2f, the others %.2f), ratio %.2f (by the page's thread %.2f); by half second native %v, Chromium %v, the fastest %.2f and %.2f, ratio %.2f",
				c.name, r+1, n.USPerPuzzle, w.USPerPuzzle, w.USPerPuzzle/n.USPerPuzzle, nc, wc, pc, oc, wc/nc, pc/nc, n.Windows, w.Windows, bn, bw, bw/bn)
			nat = append(nat, n.USPerPuzzle)
			web = append(web, w.USPerPuzzle)
			ratio = append(ratio, w.USPerPuzzle/n.USPerPuzzle)
			natCPU = append(natCPU, nc)
			webCPU = append(webCPU, wc)
			ratioCPU = append(ratioCPU, wc/nc)
			pageCPU = append(pageCPU, pc)
			ratioPage = append(ratioPage, pc/nc)
			others = append(others, oc)
			best = append(best, bw/bn)
			bestNat, bestWeb = min(bestNat, bn), min(bestWeb, bw)
		}
		// The ratio is the median of the rounds' ratios: each pairs two runs
		// taken one after the other.
		t.Logf("%s (%d puzzles, limit 2, %g s per run, medians of %d rounds): native %.2f µs/puzzle, Chromium %.2f µs/puzzle, wasm/native %.2fx",
			c.name, c.puzzles, shortSecs+secs, rounds, median(nat), median(web), median(ratio))
		t.Logf("%s by CPU time (the same rounds' medians): native %.2f µs/puzzle, Chromium's renderers %.2f µs/puzzle, wasm/native %.2fx; the page's thread %.2f µs/puzzle, %.2fx; the renderers' other threads %.2f µs/puzzle",
			c.name, median(natCPU), median(webCPU), median(ratioCPU), median(pageCPU), median(ratioPage), median(others))
		// A slow spell of the CPU can last a whole run; the fastest half
		// second of all rounds is the one least likely to be in one.
		t.Logf("%s by the fastest half second of each long run (the same rounds' median): wasm/native %.2fx; of all the rounds: native %.2f µs/puzzle, Chromium %.2f, wasm/native %.2fx",
			c.name, median(best), bestNat, bestWeb, bestWeb/bestNat)
	}
	t.Logf("load average %s", loadAverage())
}

// wasmbenchNeeds skips the test unless measurements are asked for
// (SUDOKU_MEASURE, as `make target` sets it) and Chromium is installed; on
// CI a missing Chromium fails it.
func wasmbenchNeeds(t *testing.T, target string) {
	t.Helper()
	if os.Getenv("SUDOKU_MEASURE") == "" {
		t.Skipf("measurements only with SUDOKU_MEASURE=1 (make %s)", target)
	}
	if chromiumPath == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("CI=true: Chromium is not installed")
		}
		t.Skip("Chromium is not installed: install it with `apt-get update && apt-get install -y chromium` (or set CHROMIUM)")
	}
}

// wrong reports whether a run's report is not one of puzzles puzzles all
// solved right, each at least once timed, with its half seconds.
func (r benchReport) wrong(puzzles int) bool {
	return r.Puzzles != puzzles || r.Invalid != 0 || r.Solves < r.Puzzles || len(r.Windows) == 0
}

// benchCorpus is a file of puzzles that the wasmbench page can load (?f=
// its index in wasmbenchServer's list).
type benchCorpus struct {
	name, path string
	puzzles    int
}

// wasmbenchServer builds web/e2e/wasmbench natively and as WebAssembly and
// serves the wasmbench page, bench.wasm and the corpora found (the repo's
// magictour always, the shared top 1465 when it is there). It returns the
// server's URL, the corpora and the native binary.
func wasmbenchServer(t *testing.T) (string, []benchCorpus, string) {
	t.Helper()
	tmp := t.TempDir()
	native := filepath.Join(tmp, "wasmbench")
	wasm := filepath.Join(tmp, "bench.wasm")
	goBuild(t, nil, native)
	goBuild(t, []string{"GOOS=js", "GOARCH=wasm"}, wasm)
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatalf("go env GOROOT: %v", err)
	}
	wasmExec := filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec.js")

	corpora := []benchCorpus{
		{"testdata/magictour.txt", filepath.Join(moduleRoot, "testdata", "magictour.txt"), 293},
		{"puzzles3_magictour_top1465", filepath.Join(moduleRoot, "..", "shared", "data", "puzzles3_magictour_top1465"), 1465},
	}
	files := map[string]string{}
	for i, c := range corpora {
		if _, err := os.Stat(c.path); err != nil {
			if i == 0 {
				t.Fatalf("the repo's corpus is missing: %v", err)
			}
			t.Logf("%s: not found, skipped (%v)", c.name, err)
			corpora = corpora[:i]
			break
		}
		files[fmt.Sprint(i)] = c.path
	}

	mux := http.NewServeMux()
	mux.HandleFunc("/{$}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, wasmbenchPage)
	})
	mux.HandleFunc("/wasm_exec.js", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/javascript")
		http.ServeFile(w, r, wasmExec)
	})
	mux.HandleFunc("/bench.wasm", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/wasm")
		http.ServeFile(w, r, wasm)
	})
	mux.HandleFunc("/puzzles/{f}", func(w http.ResponseWriter, r *http.Request) {
		p, ok := files[r.PathValue("f")]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		http.ServeFile(w, r, p)
	})
	srv := httptest.NewUnstartedServer(mux)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv.Listener.Close()
	srv.Listener = ln
	srv.Start()
	t.Cleanup(srv.Close)

	return srv.URL, corpora, native
}

// nativeResult is a native run's report and the CPU time (user and
// system) its process took.
type nativeResult struct {
	benchReport
	cpu time.Duration
}

// nativeRun runs the native wasmbench for secs seconds on path.
func nativeRun(t *testing.T, native string, secs float64, path string) nativeResult {
	t.Helper()
	cmd := exec.Command(native, "-t", fmt.Sprint(secs), path)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s natively: %v", path, err)
	}
	return nativeResult{parseReport(t, path+" natively", string(out)), cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()}
}

// goBuild builds web/e2e/wasmbench into out with extra environment variables.
func goBuild(t *testing.T, env []string, out string) {
	t.Helper()
	cmd := exec.Command("go", "build", "-o", out, "./web/e2e/wasmbench")
	cmd.Dir = moduleRoot
	cmd.Env = append(os.Environ(), env...)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build %v: %v\n%s", env, err, b)
	}
}

// runInPage opens url and waits for the program to set its result, which
// takes a while: the page is busy solving, so a poll may time out and is then
// tried again.
func runInPage(t *testing.T, ctx context.Context, url string) string {
	t.Helper()
	run(t, ctx, "navigate to "+url, chromedp.Navigate(url))
	deadline := time.Now().Add(5 * time.Minute)
	var last error
	for time.Now().Before(deadline) {
		c, cancel := context.WithTimeout(ctx, 30*time.Second)
		v, err := chromedp.Run(c, chromedp.Evaluate[[]string](`[window.wasmbenchResult || "", window.wasmbenchError || ""]`))
		cancel()
		switch {
		case err != nil:
			last = err
		case v[1] != "":
			t.Fatalf("%s: %s", url, v[1])
		case v[0] != "":
			return v[0]
		}
		time.Sleep(200 * time.Millisecond)
	}
	t.Fatalf("%s: no result in 5 minutes (last error: %v)", url, last)
	return ""
}

func parseReport(t *testing.T, what, line string) benchReport {
	t.Helper()
	var r benchReport
	if err := json.Unmarshal([]byte(strings.TrimSpace(line)), &r); err != nil {
		t.Fatalf("%s: %v in %q", what, err, line)
	}
	return r
}
