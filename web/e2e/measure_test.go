package e2e

import (
	"context"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// onNewDocument runs a script in every page before the page's own scripts.
func onNewDocument(t *testing.T, ctx context.Context, src string) {
	t.Helper()
	run(t, ctx, "add init script", func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: src})
		return chromedp.Void{}, err
	})
}

// The page runs under the strict CSP without a single violation, while
// loading, typing, solving and sharing.
func TestNoCSPViolations(t *testing.T) {
	need(t)
	srv := startServer(t, "127.0.0.1:0")
	ctx := browser(t)
	onNewDocument(t, ctx, `window.cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.cspViolations.push(e.violatedDirective + " " + e.blockedURI + " " + (e.sample || ""));
});`)
	open(t, ctx, srv.URL+"/?p="+unique)
	setVariant(t, ctx, "diagonal")
	setVariant(t, ctx, "standard")
	click(t, ctx, "#solve")
	waitFor(t, ctx, "a solve", `(document.getElementById("message")||{}).textContent.startsWith("Solved in")`)
	click(t, ctx, "#copy-link")
	click(t, ctx, "#check")
	click(t, ctx, "#reset")
	run(t, ctx, "paste", chromedp.SetValue(chromedp.CSS("#paste"), unique))
	click(t, ctx, "#load")
	click(t, ctx, "#candidates")
	click(t, ctx, "#cell-1")
	keys(t, ctx, "x", "9", "c", "2", "v", "5", "z", "6")
	click(t, ctx, "#hint")
	click(t, ctx, "#undo")
	click(t, ctx, "#pause")
	waitFor(t, ctx, "the pause", `document.getElementById("pause").textContent === "Resume"`)
	if v := eval[[]string](t, ctx, `window.cspViolations`); len(v) != 0 {
		t.Errorf("CSP violations: %q", v)
	}
}

func median(xs []float64) float64 {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	return s[len(s)/2]
}

func summary(xs []float64) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = strconv.FormatFloat(x, 'f', 1, 64)
	}
	return fmt.Sprintf("median %.1f ms (runs: %s)", median(xs), strings.Join(parts, ", "))
}

// readyAt is when the board became interactive, in ms since navigation start.
func readyAt(t *testing.T, ctx context.Context) float64 {
	t.Helper()
	waitFor(t, ctx, "the ready time", `typeof window.sudokuReadyAt === "number"`)
	return eval[float64](t, ctx, `window.sudokuReadyAt`)
}

var solvedIn = regexp.MustCompile(`Solved in ([0-9.]+) (µs|ms|s)`)

// TestMeasure reports load and solve times on loopback. It asserts nothing
// about time (a shared machine is noisy): run it with `make measure`.
func TestMeasure(t *testing.T) {
	if os.Getenv("SUDOKU_MEASURE") == "" {
		t.Skip("measurements only with SUDOKU_MEASURE=1 (make measure)")
	}
	need(t)
	srv := startServer(t, "127.0.0.1:0")
	const runs = 5
	var cold, warm, solve []float64
	for range runs {
		ctx := browser(t)
		open(t, ctx, srv.URL+"/")
		cold = append(cold, readyAt(t, ctx))
		if len(cold) == 1 {
			t.Logf("app.wasm over the wire: %s", eval[string](t, ctx, `(() => {
  const e = performance.getEntriesByType("resource").find((e) => e.name.endsWith("/app.wasm"));
  return e ? e.transferSize + " bytes transferred, " + e.decodedBodySize + " decoded" : "not found";
})()`))
		}
		waitOffline(t, ctx)
		open(t, ctx, srv.URL+"/")
		warm = append(warm, readyAt(t, ctx))

		run(t, ctx, "paste", chromedp.SetValue(chromedp.CSS("#paste"), magic))
		click(t, ctx, "#load")
		click(t, ctx, "#solve")
		waitFor(t, ctx, "a solve", `(document.getElementById("message")||{}).textContent.startsWith("Solved in")`)
		m := solvedIn.FindStringSubmatch(textOf(t, ctx, "#message"))
		if m == nil {
			t.Fatalf("no time in %q", textOf(t, ctx, "#message"))
		}
		v, _ := strconv.ParseFloat(m[1], 64)
		switch m[2] {
		case "µs":
			v /= 1000
		case "s":
			v *= 1000
		}
		solve = append(solve, v)
	}
	t.Logf("navigation -> interactive board, cold (fresh profile): %s", summary(cold))
	t.Logf("navigation -> interactive board, from the service worker: %s", summary(warm))
	t.Logf("solve magictour %s in the page: %s", magic, summary(solve))
}

// shoot writes a screenshot of the page into dir/name.
func shoot(t *testing.T, ctx context.Context, dir, name string) {
	t.Helper()
	time.Sleep(300 * time.Millisecond) // let the last frame paint
	c, cancel := context.WithTimeout(ctx, 30*time.Second)
	png, err := chromedp.Run(c, chromedp.CaptureScreenshot())
	cancel()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %s", path)
}

func emulateScheme(t *testing.T, ctx context.Context, scheme string) {
	t.Helper()
	run(t, ctx, "emulate "+scheme, func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}},
		})
		return chromedp.Void{}, err
	})
}

// TestScreenshots writes the README's screenshots into $SUDOKU_SCREENSHOTS
// (make screenshots): the easy puzzle in progress with candidates shown and
// the digit 5 highlighted, light and dark, desktop and phone; pencil marks
// (corner, centre, colour) by hand; a hint on the player's candidates.
func TestScreenshots(t *testing.T) {
	dir := os.Getenv("SUDOKU_SCREENSHOTS")
	if dir == "" {
		t.Skip("screenshots only with SUDOKU_SCREENSHOTS=dir (make screenshots)")
	}
	need(t)
	srv := startServer(t, "127.0.0.1:0")
	// The first two rows of the easy puzzle played.
	entries := []byte(strings.Repeat(".", 81))
	for c := 0; c < 18; c++ {
		if easy[c] == '.' {
			entries[c] = easySol[c]
		}
	}
	progress := srv.URL + "/?p=" + easy + "&e=" + string(entries)
	for _, scheme := range []string{"light", "dark"} {
		for _, dev := range []struct {
			name          string
			width, height int64
			mobile        bool
		}{{"desktop", 1200, 900, false}, {"phone", 390, 844, true}} {
			ctx := browser(t)
			opts := []chromedp.EmulateViewportOption{}
			if dev.mobile {
				opts = append(opts, chromedp.EmulateMobile, chromedp.EmulateTouch)
			}
			run(t, ctx, "emulate", chromedp.EmulateViewport(dev.width, dev.height, opts...))
			emulateScheme(t, ctx, scheme)
			open(t, ctx, progress)
			click(t, ctx, "#candidates")
			closePanel(t, ctx)
			click(t, ctx, "#cell-14") // r2c6: the 5 the player placed
			waitFor(t, ctx, "the highlight of 5", `document.getElementById("board").classList.contains("sd5")`)
			run(t, ctx, "top", chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`))
			shoot(t, ctx, dir, "screenshot-"+scheme+"-"+dev.name+".png")
		}
	}

	// Pencil marks by hand: corner marks, centre marks, colours.
	ctx := browser(t)
	run(t, ctx, "emulate", chromedp.EmulateViewport(1200, 900))
	open(t, ctx, progress)
	click(t, ctx, "#cell-18")
	shift := chromedp.KeyModifiers(chromedp.ModifierShift)
	ctrl := chromedp.KeyModifiers(chromedp.ModifierCtrl)
	run(t, ctx, "marks",
		chromedp.KeyEvent("2", shift), chromedp.KeyEvent("5", shift), chromedp.KeyEvent("6", shift), // r3c1 corner
		chromedp.KeyEvent(kb.ArrowRight), chromedp.KeyEvent("5", ctrl), chromedp.KeyEvent("7", ctrl), // r3c2 centre
		chromedp.KeyEvent(kb.ArrowDown), chromedp.KeyEvent("4", shift), chromedp.KeyEvent("9", shift), // r4c2 corner
		chromedp.KeyEvent(kb.ArrowLeft), chromedp.KeyEvent("v"), chromedp.KeyEvent("4"), chromedp.KeyEvent("z"), // r4c1 colour
		chromedp.KeyEvent("1", ctrl), chromedp.KeyEvent("6", ctrl), chromedp.KeyEvent("9", ctrl),
		chromedp.KeyEvent(kb.ArrowRight), chromedp.KeyEvent(kb.ArrowRight), chromedp.KeyEvent(kb.ArrowRight), chromedp.KeyEvent(kb.ArrowRight),
		chromedp.KeyEvent("v"), chromedp.KeyEvent("6"), chromedp.KeyEvent("z"), // r4c5
		chromedp.KeyEvent("3", shift), chromedp.KeyEvent("6", shift))
	waitFor(t, ctx, "the marks", `document.querySelector("#cell-18 .m6") && document.querySelector("#cell-27.colour-4") && document.querySelector("#cell-31.colour-6 .m6")`)
	shoot(t, ctx, dir, "screenshot-marks.png")

	// A hint on the player's candidates: the step's candidates marked in
	// their cells.
	ctx = browser(t)
	run(t, ctx, "emulate", chromedp.EmulateViewport(1200, 900))
	open(t, ctx, srv.URL+"/?p="+magic+"&e="+strings.Repeat(".", 74)+"7"+strings.Repeat(".", 6))
	click(t, ctx, "#candidates")
	click(t, ctx, "#hint")
	waitFor(t, ctx, "the hint", `(document.getElementById("message")||{textContent:""}).textContent.startsWith("Hint (")`)
	shoot(t, ctx, dir, "screenshot-hint.png")
	t.Logf("hint: %s", textOf(t, ctx, "#message"))
}

// Chromium finds nothing that keeps the app from being installed: manifest,
// icons, service worker with a fetch handler, secure context (loopback).
func TestInstallable(t *testing.T) {
	need(t)
	srv := startServer(t, "127.0.0.1:0")
	ctx := ownBrowser(t) // Chromium does not install from an incognito-like browser context
	open(t, ctx, srv.URL+"/")
	waitOffline(t, ctx)
	c, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	res, err := chromedp.Run(c, func(ctx context.Context, tg *chromedp.Target) (page.GetInstallabilityErrorsResult, error) {
		return cdp.Call(ctx, tg, page.GetInstallabilityErrors, cdp.Empty{})
	})
	if err != nil {
		t.Fatalf("Page.getInstallabilityErrors: %v", err)
	}
	for _, e := range res.InstallabilityErrors {
		var args []string
		for _, a := range e.ErrorArguments {
			args = append(args, a.Name+"="+a.Value)
		}
		t.Errorf("not installable: %s %v", e.ErrorID, args)
	}
}

// keyLatencyScript records, for every key pressed on the board, the time
// from the key event to the first frame after the board's DOM changed:
// the event's timestamp to a timeout queued from the requestAnimationFrame
// callback that follows the first mutation (the frame has then been
// produced). It also counts the DOM mutation records of the whole page
// from the key to that moment (window.keyMutations): how much the page
// changed for the key, a figure the machine's load does not change; and the
// time from the key to the board's first change (window.keyToDOM): the
// page's handling of the key, go-app's wait for its next frame (its engine
// renders at most 120 times a second) and the rendering, without the wait
// for the browser's frame.
const keyLatencyScript = `window.keyLatency = []; window.keyMutations = []; window.keyToDOM = [];
document.addEventListener("keydown", (e) => {
  const board = document.getElementById("board");
  if (!board || !board.contains(e.target)) return;
  const t0 = e.timeStamp;
  let records = 0;
  const all = new MutationObserver((rs) => { records += rs.length; });
  all.observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
  const obs = new MutationObserver(() => {
    obs.disconnect();
    window.keyToDOM.push(performance.now() - t0);
    requestAnimationFrame(() => setTimeout(() => {
      records += all.takeRecords().length;
      all.disconnect();
      window.keyMutations.push(records);
      window.keyLatency.push(performance.now() - t0);
    }, 0));
  });
  obs.observe(board, {subtree: true, childList: true, attributes: true, characterData: true});
}, true);`

func percentile(xs []float64, p float64) float64 {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	i := int(p * float64(len(s)-1))
	return s[i]
}

// TestMeasureKeyToPaint plays the easy puzzle by keyboard (moves, corner
// marks, digits, undo and redo) and reports the time from each key press to
// the repainted board: p50 and p95. A figure only: no assertion on time.
func TestMeasureKeyToPaint(t *testing.T) {
	if os.Getenv("SUDOKU_MEASURE") == "" {
		t.Skip("measurements only with SUDOKU_MEASURE=1 (make measure)")
	}
	need(t)
	srv := startServer(t, "127.0.0.1:0")
	ctx := browser(t)
	onNewDocument(t, ctx, keyLatencyScript)
	open(t, ctx, srv.URL+"/?p="+easy)
	click(t, ctx, "#candidates")
	click(t, ctx, "#cell-0")
	rendersBefore := renderCounts(t, ctx)
	metricsBefore := pageMetrics(t, ctx)
	memBefore := pageMemory(t, ctx)
	playEasyByKeys(t, ctx, len(easy))
	metrics := pageMetrics(t, ctx)
	mem := pageMemory(t, ctx)
	lat := eval[[]float64](t, ctx, `window.keyLatency`)
	muts := eval[[]float64](t, ctx, `window.keyMutations`)
	dom := eval[[]float64](t, ctx, `window.keyToDOM`)
	total := 0.0
	for _, m := range muts {
		total += m
	}
	t.Logf("key press -> repainted board over %d keys (easy puzzle with candidates, played by keyboard): p50 %.1f ms, p95 %.1f ms, max %.1f ms; "+
		"DOM mutation records per key: mean %.1f, p50 %.0f, p95 %.0f, max %.0f; load average %s",
		len(lat), percentile(lat, 0.5), percentile(lat, 0.95), percentile(lat, 1),
		total/float64(max(1, len(muts))), percentile(muts, 0.5), percentile(muts, 0.95), percentile(muts, 1), loadAverage())
	t.Logf("key press -> the board's first change in the DOM: p50 %.1f ms, p95 %.1f ms, max %.1f ms", percentile(dom, 0.5), percentile(dom, 0.95), percentile(dom, 1))
	t.Logf("per key: %s", metrics.since(metricsBefore, len(lat)))
	if mem.GC >= 0 {
		t.Logf("Go's garbage collections over the %d keys: %s; the page's Go memory %.1f MB (heap %.1f MB in use)", len(lat), gcSince(memBefore, mem), mem.Sys/1e6, mem.Heap/1e6)
	}
	after := renderCounts(t, ctx)
	var per []string
	for _, name := range slices.Sorted(maps.Keys(after)) {
		if d := after[name] - rendersBefore[name]; d != 0 {
			per = append(per, fmt.Sprintf("%s %.2f", name, float64(d)/float64(len(lat))))
		}
	}
	t.Logf("components rendered per key (go-app's work): %s", strings.Join(per, ", "))
}

// playEasyByKeys plays the easy puzzle's first cells up to cell upTo (81:
// all of them) by keyboard from cell 0, as TestMeasureKeyToPaint does: moves,
// a corner mark toggled on and off, the digit, and now and then an undo and
// a redo. It waits for each key's repaint (keyLatencyScript) and, when it
// plays every cell, for the completion.
func playEasyByKeys(t *testing.T, ctx context.Context, upTo int) {
	t.Helper()
	n := eval[int](t, ctx, `window.keyLatency.length`)
	press := func(k string, mods ...chromedp.Modifier) {
		t.Helper()
		run(t, ctx, "key "+k, chromedp.KeyEvent(k, chromedp.KeyModifiers(mods...)))
		n++
		waitFor(t, ctx, "the repaint after key "+strconv.Itoa(n), `window.keyLatency.length >= `+strconv.Itoa(n))
	}
	sel := 0
	for c := range upTo {
		if easy[c] != '.' {
			continue
		}
		for sel/9 < c/9 {
			press(kb.ArrowDown)
			sel += 9
		}
		for sel%9 < c%9 {
			press(kb.ArrowRight)
			sel++
		}
		for sel%9 > c%9 {
			press(kb.ArrowLeft)
			sel--
		}
		wrong := '1' + (easySol[c]-'0')%9 // another digit: a corner mark toggled on and off
		press(string(wrong), chromedp.ModifierShift)
		press(string(wrong), chromedp.ModifierShift)
		press(string(easySol[c]))
		if c%10 == 0 {
			press("z", chromedp.ModifierCtrl)
			press("y", chromedp.ModifierCtrl)
		}
	}
	if upTo == len(easy) {
		waitFor(t, ctx, "the completion", `(document.getElementById("message")||{textContent:""}).textContent.startsWith("Well done")`)
	}
}

// loadAverage is the machine's load average as /proc/loadavg says it (1, 5
// and 15 minutes), or "unknown".
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}

// renderCounts reads the page's counts of renders by component
// (sudokuRenders(), "name=n ...").
func renderCounts(t *testing.T, ctx context.Context) map[string]int {
	t.Helper()
	out := map[string]int{}
	for _, f := range strings.Fields(eval[string](t, ctx, `window.sudokuRenders ? window.sudokuRenders() : ""`)) {
		name, n, ok := strings.Cut(f, "=")
		v, err := strconv.Atoi(n)
		if !ok || err != nil {
			t.Fatalf("sudokuRenders: %q", f)
		}
		out[name] = v
	}
	return out
}

// goMemory is the page's Go heap as sudokuMemory() tells it: the garbage
// collections so far, the bytes allocated and not yet collected, and the
// bytes the page's Go code holds.
type goMemory struct {
	GC   int     `json:"gc"`
	Heap float64 `json:"heap"`
	Sys  float64 `json:"sys"`
}

// pageMemory is the page's goMemory; GC is -1 on a page without
// sudokuMemory() (a build before it, measured for comparison).
func pageMemory(t *testing.T, ctx context.Context) goMemory {
	t.Helper()
	return eval[goMemory](t, ctx, `window.sudokuMemory ? window.sudokuMemory() : {gc: -1, heap: 0, sys: 0}`)
}

// gcSince is the collections from before to now as text: "unknown" on a
// page that does not count them.
func gcSince(before, now goMemory) string {
	if before.GC < 0 || now.GC < 0 {
		return "unknown"
	}
	return strconv.Itoa(now.GC - before.GC)
}

// keyFloorPage is a page whose board changes in the key's own event
// handler: no framework, no wait. What TestMeasureKeyToPaint measures on it
// is the measurement's floor in this browser on this machine: the wait for
// the browser's next frame after a change.
const keyFloorPage = `<!doctype html><title>floor</title>
<div id="board"><div id="cell-0" tabindex="0">.</div></div>
<script>
let n = 0;
document.getElementById("cell-0").addEventListener("keydown", (e) => {
  n++;
  e.target.textContent = e.key + " " + n;
});
</script>`

// TestMeasureKeyToPaintFloor reports key press -> repainted board, measured
// as TestMeasureKeyToPaint does, on keyFloorPage: the part of that figure no
// page can remove, to read the page's figure against. A figure only.
func TestMeasureKeyToPaintFloor(t *testing.T) {
	if os.Getenv("SUDOKU_MEASURE") == "" {
		t.Skip("measurements only with SUDOKU_MEASURE=1 (make measure)")
	}
	need(t)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, keyFloorPage)
	}))
	defer srv.Close()
	ctx := browser(t)
	onNewDocument(t, ctx, keyLatencyScript)
	run(t, ctx, "navigate", chromedp.Navigate(srv.URL))
	click(t, ctx, "#cell-0")
	const keys = 289
	for n := 1; n <= keys; n++ {
		run(t, ctx, "key", chromedp.KeyEvent(string(rune('1'+n%9))))
		waitFor(t, ctx, "the repaint after key "+strconv.Itoa(n), `window.keyLatency.length >= `+strconv.Itoa(n))
	}
	lat := eval[[]float64](t, ctx, `window.keyLatency`)
	dom := eval[[]float64](t, ctx, `window.keyToDOM`)
	if len(lat) != keys {
		t.Fatalf("%d latencies for %d keys", len(lat), keys)
	}
	t.Logf("floor: key press -> repainted board (a board changed in the key's own handler) over %d keys: p50 %.1f ms, p95 %.1f ms, max %.1f ms; key -> DOM change p50 %.1f ms; load average %s",
		len(lat), percentile(lat, 0.5), percentile(lat, 0.95), percentile(lat, 1), percentile(dom, 0.5), loadAverage())
}
