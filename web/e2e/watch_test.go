package e2e

import (
	"context"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// Watch the solver, in the browser: the panel opens in the board's place,
// records and plays the trace of a magictour puzzle (guesses and
// backtracks), pauses, steps, switches to Algorithm X with its exact-cover
// panel, passes axe, and Close gives back the player's board untouched.

// watchShown is the panel's "shown / total" counter as two numbers.
func watchShown(t *testing.T, ctx context.Context) (shown, total int) {
	t.Helper()
	s := textOf(t, ctx, "#watch-events")
	a, b, ok := strings.Cut(s, " / ")
	shown, err1 := strconv.Atoi(a)
	total, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil {
		t.Fatalf("#watch-events reads %q", s)
	}
	return shown, total
}

// openWatch clicks Watch the solver and waits for the recording.
func openWatch(t *testing.T, ctx context.Context) {
	t.Helper()
	click(t, ctx, "#watch")
	waitRecorded(t, ctx)
}

func waitRecorded(t *testing.T, ctx context.Context) {
	t.Helper()
	waitFor(t, ctx, "the recorded trace", `(() => {
  const p = document.getElementById("watch-panel");
  return p && p.dataset.recording === "false" && Number(p.dataset.events) > 0 && p.dataset.mounted === "true";
})()`)
}

// chooseEngine picks an engine in the panel's select, as a user would.
func chooseEngine(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	run(t, ctx, "choose the engine "+name, chromedp.Evaluate[chromedp.Void](`(() => {
  const s = document.getElementById("watch-engine");
  s.value = `+jsString(name)+`;
  s.dispatchEvent(new Event("change", {bubbles: true}));
})()`))
	waitFor(t, ctx, "the "+name+" trace", `(() => {
  const p = document.getElementById("watch-panel");
  return p && p.dataset.engine === `+jsString(name)+` && p.dataset.recording === "false" && Number(p.dataset.events) > 0 && p.dataset.mounted === "true";
})()`)
}

func TestWatchTheSolver(t *testing.T) {
	need(t)
	axe := axeSource(t)
	srv := startServer(t, "127.0.0.1:0")
	ctx := browser(t)
	open(t, ctx, srv.URL+"/?p="+magic)
	click(t, ctx, "#cell-1")
	keys(t, ctx, "2") // the player's own digit, which watching must keep
	waitFor(t, ctx, "the player's digit", `document.getElementById("cell-1").textContent === "2"`)
	waitFor(t, ctx, "the digit in the address bar", `(new URLSearchParams(location.search).get("e") || "")[1] === "2"`)
	before, href := boardText(t, ctx), eval[string](t, ctx, `location.href`)
	// The board's elements stay in the page, hidden, while watching: a
	// mark on one of them must still be there when the board comes back.
	run(t, ctx, "mark a cell's element", chromedp.Evaluate[chromedp.Void](`document.getElementById("cell-40").sudokuKept = true`))

	openWatch(t, ctx)
	if !eval[bool](t, ctx, `document.getElementById("board").offsetParent === null`) {
		t.Error("the player's board is still shown while watching")
	}
	if !eval[bool](t, ctx, `document.getElementById("cell-40").sudokuKept === true`) {
		t.Error("opening Watch mounted the board's cells again")
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("#watch-grid .cell").length`); n != 81 {
		t.Errorf("the replay grid has %d cells", n)
	}
	if shown, total := watchShown(t, ctx); shown != 0 || total < 100 {
		t.Fatalf("a fresh trace shows %d of %d events", shown, total)
	}
	t.Logf("prop: %s", textOf(t, ctx, "#watch-note"))

	// Play: the counter moves; Pause: it stands still.
	if id := eval[string](t, ctx, `document.activeElement.id`); id != "watch-title" {
		t.Errorf("the open panel has not taken the focus: it is on %q", id)
	}
	click(t, ctx, "#watch-play")
	waitFor(t, ctx, "Play pressed", `document.getElementById("watch-play").getAttribute("aria-pressed") === "true"`)
	waitFor(t, ctx, "the replay to move", `Number(document.getElementById("watch-events").textContent.split(" / ")[0]) >= 10`)
	if a := textOf(t, ctx, "#watch-announce"); a != "" {
		t.Errorf("playing announces %q: the live region must stay quiet", a)
	}
	click(t, ctx, "#watch-play")
	waitFor(t, ctx, "Play released", `document.getElementById("watch-play").getAttribute("aria-pressed") === "false"`)
	paused, _ := watchShown(t, ctx)
	time.Sleep(600 * time.Millisecond)
	if now, _ := watchShown(t, ctx); now != paused {
		t.Errorf("paused at %d, %d events shown 0.6 s later", paused, now)
	}

	checkAxe(t, ctx, axe, "Watch the solver open (prop, paused)")
	if a := undoneAnimation(t, ctx); a == "none" {
		t.Error("a cell undone by a backtrack does not flash")
	}

	// Step and Step back, announced politely.
	click(t, ctx, "#watch-step")
	waitFor(t, ctx, "one step", `document.getElementById("watch-events").textContent.startsWith("`+strconv.Itoa(paused+1)+` / ")`)
	if a := textOf(t, ctx, "#watch-announce"); !strings.HasPrefix(a, "Event "+strconv.Itoa(paused+1)+": ") {
		t.Errorf("after Step the live region says %q", a)
	}
	if ev := textOf(t, ctx, "#watch-event"); !eventLine.MatchString(ev) {
		t.Errorf("the event line reads %q", ev)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("#watch-grid .cell.w-current").length`); n > 1 {
		t.Errorf("%d cells ringed as the current event's", n)
	}
	click(t, ctx, "#watch-back")
	waitFor(t, ctx, "one step back", `document.getElementById("watch-events").textContent.startsWith("`+strconv.Itoa(paused)+` / ")`)

	// Play to the end at the highest speed: playback stops there, every
	// guess and backtrack counted.
	run(t, ctx, "speed 500", chromedp.Evaluate[chromedp.Void](`(() => {
  const s = document.getElementById("watch-speed");
  s.value = "500";
  s.dispatchEvent(new Event("change", {bubbles: true}));
})()`))
	click(t, ctx, "#watch-play")
	waitFor(t, ctx, "the end of the trace", `(() => {
  const [a, b] = document.getElementById("watch-events").textContent.split(" / ");
  return a === b && document.getElementById("watch-play").getAttribute("aria-pressed") === "false";
})()`)
	guesses, _ := strconv.Atoi(textOf(t, ctx, "#watch-guesses"))
	backtracks, _ := strconv.Atoi(textOf(t, ctx, "#watch-backtracks"))
	if guesses == 0 || backtracks == 0 {
		t.Errorf("at the end of a magictour trace: %d guesses, %d backtracks", guesses, backtracks)
	}
	if n := eval[int](t, ctx, `Array.from(document.querySelectorAll("#watch-grid .cell")).filter((c) => /^[1-9]$/.test(c.textContent)).length`); n != 81 {
		t.Errorf("the replay ends with %d cells filled", n)
	}
	if !eval[bool](t, ctx, `document.getElementById("watch-play").disabled`) {
		t.Error("Play is enabled at the end of the trace")
	}

	// Algorithm X: the exact-cover panel, shrinking as rows are chosen.
	chooseEngine(t, ctx, "dlx")
	t.Logf("dlx: %s", textOf(t, ctx, "#watch-note"))
	if !eval[bool](t, ctx, `document.getElementById("watch-cover") !== null`) {
		t.Fatal("no exact-cover panel with Algorithm X")
	}
	cols0 := eval[float64](t, ctx, `document.getElementById("watch-cols").value`)
	for range 40 {
		click(t, ctx, "#watch-step")
	}
	waitFor(t, ctx, "40 steps", `document.getElementById("watch-events").textContent.startsWith("40 / ")`)
	cols := eval[float64](t, ctx, `document.getElementById("watch-cols").value`)
	if cols >= cols0 {
		t.Errorf("columns left %v after 40 events, %v at the start", cols, cols0)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("#watch-cover-map .col.met").length`); n == 0 {
		t.Error("the cover map shows no column met after the clues")
	}
	click(t, ctx, "#watch-play")
	waitFor(t, ctx, "a branch", `document.getElementById("watch-path") !== null`)
	click(t, ctx, "#watch-play")
	t.Logf("dlx path: %s", eval[string](t, ctx, `document.getElementById("watch-path").innerText.replace(/\n/g, "; ")`))
	checkAxe(t, ctx, axe, "Watch the solver open (dlx)")

	// Close: the player's board, as it was.
	click(t, ctx, "#watch-close")
	waitFor(t, ctx, "the board again", `document.getElementById("watch-panel") === null && document.getElementById("board").offsetParent !== null`)
	if got := boardText(t, ctx); got != before {
		t.Errorf("after Close the board is %s, was %s", got, before)
	}
	if got := eval[string](t, ctx, `location.href`); got != href {
		t.Errorf("after Close the address is %s, was %s", got, href)
	}
	if !eval[bool](t, ctx, `document.getElementById("cell-40").sudokuKept === true`) {
		t.Error("closing Watch mounted the board's cells again")
	}
	// The focus follows once the page shows the button (focusSoon).
	waitFor(t, ctx, "the focus back on the Watch button", `document.activeElement.id === "watch"`)
	// Undo still undoes the player's own digit: the history is untouched.
	click(t, ctx, "#undo")
	waitFor(t, ctx, "the undo", `document.getElementById("cell-1").textContent === ""`)
}

// undoneAnimation is the animation the page's CSS gives a replay cell
// emptied by a backtrack (a cell given that class for the check).
func undoneAnimation(t *testing.T, ctx context.Context) string {
	t.Helper()
	return eval[string](t, ctx, `(() => {
  const c = document.getElementById("watch-cell-1");
  const had = c.classList.contains("w-undone");
  c.classList.add("w-undone");
  const a = getComputedStyle(c).animationName;
  if (!had) c.classList.remove("w-undone");
  return a;
})()`)
}

// eventLine is how trace.Event.Text (sudoku/solver/trace) begins.
var eventLine = regexp.MustCompile(`^(assign|eliminate|guess|backtrack|contradiction|solution|column) `)

// emulateReducedMotion emulates prefers-reduced-motion: reduce, in the
// given colour scheme.
func emulateReducedMotion(t *testing.T, ctx context.Context, scheme string) {
	t.Helper()
	run(t, ctx, "emulate reduced motion", func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: "reduce"}, {Name: "prefers-color-scheme", Value: scheme}},
		})
		return chromedp.Void{}, err
	})
}

// With prefers-reduced-motion: reduce, the replay only steps (checked in
// the dark scheme, which axe then checks too).
func TestWatchReducedMotionSteps(t *testing.T) {
	need(t)
	axe := axeSource(t)
	srv := startServer(t, "127.0.0.1:0")
	ctx := browser(t)
	emulateReducedMotion(t, ctx, "dark")
	open(t, ctx, srv.URL+"/?p="+magic)
	if !eval[bool](t, ctx, `matchMedia("(prefers-reduced-motion: reduce)").matches`) {
		t.Fatal("the emulation of reduced motion did not take")
	}
	openWatch(t, ctx)
	if !eval[bool](t, ctx, `document.getElementById("watch-play").disabled`) {
		t.Error("Play is enabled under reduced motion")
	}
	if !eval[bool](t, ctx, `document.getElementById("watch-reduced") !== null`) {
		t.Error("the panel does not say that reduced motion means stepping")
	}
	// A click on the disabled Play does nothing.
	run(t, ctx, "click Play", chromedp.Evaluate[chromedp.Void](`document.getElementById("watch-play").click()`))
	time.Sleep(600 * time.Millisecond)
	if shown, _ := watchShown(t, ctx); shown != 0 {
		t.Errorf("under reduced motion %d events played by themselves", shown)
	}
	for range 3 {
		click(t, ctx, "#watch-step")
	}
	waitFor(t, ctx, "three steps", `document.getElementById("watch-events").textContent.startsWith("3 / ")`)
	time.Sleep(300 * time.Millisecond)
	if shown, _ := watchShown(t, ctx); shown != 3 {
		t.Errorf("after three steps %d events shown", shown)
	}
	// No animation anywhere in the panel, not even the backtrack's flash.
	if a := undoneAnimation(t, ctx); a != "none" {
		t.Errorf("a cell undone by a backtrack animates (%s) under reduced motion", a)
	}
	if n := eval[int](t, ctx, `Array.from(document.querySelectorAll("#watch-panel *")).filter((e) => {
  const s = getComputedStyle(e);
  return s.animationName !== "none" || (s.transitionDuration.split(",").some((d) => parseFloat(d) > 0));
})`+`.length`); n != 0 {
		t.Errorf("%d elements of the panel animate under reduced motion", n)
	}
	checkAxe(t, ctx, axe, "Watch the solver, reduced motion, dark")
}

// TestScreenshotsWatch writes docs/watch-prop.png and docs/watch-dlx.png,
// the panel mid-replay on a magictour puzzle (make screenshots).
func TestScreenshotsWatch(t *testing.T) {
	dir := os.Getenv("SUDOKU_SCREENSHOTS")
	if dir == "" {
		t.Skip("screenshots only with SUDOKU_SCREENSHOTS=dir (make screenshots)")
	}
	need(t)
	srv := startServer(t, "127.0.0.1:0")
	for _, c := range []struct {
		engine string
		events int
	}{{"prop", 700}, {"dlx", 900}} {
		ctx := browser(t)
		run(t, ctx, "emulate", chromedp.EmulateViewport(1200, 1000))
		open(t, ctx, srv.URL+"/?p="+magic)
		openWatch(t, ctx)
		if c.engine != "prop" {
			chooseEngine(t, ctx, c.engine)
		}
		// Step to the event through the page's own handlers, then stop on a
		// guess or backtrack for a telling picture.
		run(t, ctx, "step", chromedp.Evaluate[chromedp.Void](`(() => {
  const b = document.getElementById("watch-step");
  for (let i = 0; i < `+strconv.Itoa(c.events)+`; i++) b.click();
})()`))
		waitFor(t, ctx, "the steps", `document.getElementById("watch-events").textContent.startsWith("`+strconv.Itoa(c.events)+` / ")`)
		for k := c.events + 1; k < c.events+200; k++ {
			if ev := textOf(t, ctx, "#watch-event"); strings.HasPrefix(ev, "guess") {
				break
			}
			click(t, ctx, "#watch-step")
			waitFor(t, ctx, "a step", `document.getElementById("watch-events").textContent.startsWith("`+strconv.Itoa(k)+` / ")`)
		}
		run(t, ctx, "top", chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`))
		shoot(t, ctx, dir, "watch-"+c.engine+".png")
		t.Logf("%s: %s | %s", c.engine, textOf(t, ctx, "#watch-events"), textOf(t, ctx, "#watch-event"))
	}
}

// TestMeasureWatch reports the time to record a trace in the page (inside
// the wasm app, TraceSolve only) and the events per trace, for both engines,
// on the first puzzles of testdata/magictour.txt. Figures only, no
// assertion on time: run it with `make measure`.
func TestMeasureWatch(t *testing.T) {
	if os.Getenv("SUDOKU_MEASURE") == "" {
		t.Skip("measurements only with SUDOKU_MEASURE=1 (make measure)")
	}
	need(t)
	puzzles := magictourSample(t, 9)
	srv := startServer(t, "127.0.0.1:0")
	ctx := browser(t)
	took := map[string][]float64{}
	events := map[string][]float64{}
	for _, p := range puzzles {
		open(t, ctx, srv.URL+"/?p="+p)
		openWatch(t, ctx)
		for _, engine := range []string{"prop", "dlx"} {
			if engine != "prop" {
				chooseEngine(t, ctx, engine)
			}
			us := eval[float64](t, ctx, `Number(document.getElementById("watch-panel").dataset.tookUs)`)
			ev := eval[float64](t, ctx, `Number(document.getElementById("watch-panel").dataset.events)`)
			took[engine] = append(took[engine], us/1000)
			events[engine] = append(events[engine], ev)
			if strings.Contains(textOf(t, ctx, "#watch-note"), "only the first") {
				t.Logf("%s %s: trace truncated", engine, p)
			}
		}
		click(t, ctx, "#watch-close")
	}
	for _, engine := range []string{"prop", "dlx"} {
		ev := make([]string, len(events[engine]))
		for i, e := range events[engine] {
			ev[i] = strconv.Itoa(int(e))
		}
		t.Logf("record a %s trace, %d magictour puzzles, in the page: %s; events per trace: median %.0f (%s)",
			engine, len(puzzles), summary(took[engine]), median(events[engine]), strings.Join(ev, ", "))
	}
}

// TestWatchOnAPhone: on a 390x844 phone, Watch the solver shows its
// controls as a sheet below the replayed board, all of it on screen; a tap
// on Step moves the replay, Close gives the board back.
func TestWatchOnAPhone(t *testing.T) {
	need(t)
	srv := startServer(t, "127.0.0.1:0")
	ctx := browser(t)
	emulate(t, ctx, phone)
	open(t, ctx, srv.URL+"/?p="+magic)
	reveal(t, ctx, "#watch")
	run(t, ctx, "tap Watch", chromedp.Tap(chromedp.CSS("#watch")))
	waitRecorded(t, ctx)
	type box struct{ Top, Bottom float64 }
	boxOf := func(sel string) box {
		return eval[box](t, ctx, `(() => { const e = document.querySelector(`+jsString(sel)+`);
  if (!e || e.offsetParent === null) return {top: -1, bottom: -1};
  const r = e.getBoundingClientRect(); return {top: r.top, bottom: r.bottom}; })()`)
	}
	grid := boxOf("#watch-grid")
	for _, sel := range []string{"#watch-play", "#watch-step", "#watch-close", "#watch-events"} {
		b := boxOf(sel)
		if b.Top < 0 || b.Bottom > float64(phone.height) {
			t.Errorf("%s at %+v: not on the %d px screen", sel, b, phone.height)
		}
		if b.Top < grid.Bottom {
			t.Errorf("%s at %+v covers the replayed board (bottom %.0f)", sel, b, grid.Bottom)
		}
	}
	if grid.Top < 0 {
		t.Errorf("the replayed board is not shown: %+v", grid)
	}
	run(t, ctx, "tap Step", chromedp.Tap(chromedp.CSS("#watch-step")))
	waitFor(t, ctx, "one event", `document.getElementById("watch-events").textContent.startsWith("1 / ")`)
	run(t, ctx, "tap Close", chromedp.Tap(chromedp.CSS("#watch-close")))
	waitFor(t, ctx, "the board back", `document.getElementById("watch-panel") === null && document.querySelector("#board .cell") !== null`)
}
