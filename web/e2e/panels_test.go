package e2e

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"sudoku/solver"
)

// device is a viewport the flows run on.
type device struct {
	name          string
	width, height int64
	mobile        bool
}

var (
	desktop = device{"desktop", 1200, 900, false}
	phone   = device{"phone", 390, 844, true}
)

func emulate(t *testing.T, ctx context.Context, d device) {
	t.Helper()
	var opts []chromedp.EmulateViewportOption
	if d.mobile {
		opts = append(opts, chromedp.EmulateMobile, chromedp.EmulateTouch)
	}
	run(t, ctx, "emulate "+d.name, chromedp.EmulateViewport(d.width, d.height, opts...))
}

// solutionOf solves the board's clues (as the page shows them) natively.
func solutionOf(t *testing.T, clues string) string {
	t.Helper()
	g, err := solver.Parse(clues)
	if err != nil {
		t.Fatal(err)
	}
	res, err := solver.Solve(g, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return res.Solution.String()
}

// oneDigitLeft is the entries of unique's game with every open cell but
// r9c9 filled in (the e= of a link), and r9c9's digit: one key from done.
func oneDigitLeft(t *testing.T) (entries string, last byte) {
	t.Helper()
	sol := solutionOf(t, unique)
	e := []byte(sol)
	for i := range e {
		if unique[i] != '.' || i == 80 {
			e[i] = '.'
		}
	}
	return string(e), sol[80]
}

// tabTo presses Tab until the element id has the focus, as a keyboard user
// reaches a control; it fails after 80 presses.
func tabTo(t *testing.T, ctx context.Context, id string) {
	t.Helper()
	for range 80 {
		if eval[string](t, ctx, `document.activeElement ? document.activeElement.id : ""`) == id {
			return
		}
		keys(t, ctx, kb.Tab)
	}
	t.Fatalf("80 presses of Tab did not reach #%s", id)
}

// fitsWithoutScrolling checks that the play screen (board, mode switch,
// keypad and bar) lies within the viewport.
func fitsWithoutScrolling(t *testing.T, ctx context.Context, d device) {
	t.Helper()
	bottom := eval[float64](t, ctx, `Math.max(...["board", "modes", "key-0", "undo", "menu", "pause"].map((id) => {
  const el = document.getElementById(id);
  const r = el.getBoundingClientRect();
  return el.offsetParent === null && id === "menu" ? 0 : r.bottom + window.scrollY;
}))`)
	if bottom > float64(d.height) {
		t.Errorf("%s: the play screen ends at %.0f px, below the %d px viewport", d.name, bottom, d.height)
	}
}

// A new player: the start sheet, a new Easy puzzle, played to the end (on a
// phone by touch only, on a desktop by keyboard only: Tab to each control,
// arrows for the level, Enter), the summary, and the statistics; axe on each state, light and dark. Offline too:
// the page loaded once, the server stopped, the page opened again (the
// puzzle is generated in the precached worker), the desktop's game played
// to the statistics, the phone's to its play screen; axe there on the start
// sheet and the play screen.
func TestStartSheetToCompletionAndStatistics(t *testing.T) {
	need(t)
	axe := axeSource(t)
	srv := startServer(t, "127.0.0.1:0")
	for _, c := range []struct {
		d       device
		offline bool
	}{{phone, false}, {desktop, false}, {phone, true}, {desktop, true}} {
		d, name := c.d, c.d.name
		if c.offline {
			name += " offline"
		}
		t.Run(name, func(t *testing.T) {
			ctx := browser(t)
			emulate(t, ctx, d)
			// axeOn checks a state; offline, only the light start sheet and
			// play screen, where the offline page could differ: the other
			// states are the online run's, node for node.
			axeOn := func(state string, offlineToo bool) {
				t.Helper()
				if !c.offline || offlineToo {
					checkAxe(t, ctx, axe, d.name+", "+state)
				}
			}
			if c.offline {
				own := startServer(t, freeAddr(t))
				open(t, ctx, own.URL+"/")
				waitOffline(t, ctx)
				own.Stop()
				open(t, ctx, own.URL+"/")
			} else {
				open(t, ctx, srv.URL+"/")
			}
			waitFor(t, ctx, "the start sheet", `!document.getElementById("panel-start").hidden`)
			axeOn("start sheet", true)
			emulateScheme(t, ctx, "dark")
			axeOn("start sheet, dark", false)
			emulateScheme(t, ctx, "light")
			// The level is Easy on a first visit. A touch on a select opens
			// the system's picker, which headless Chromium does not draw:
			// the phone keeps it. The keyboard moves it to Medium and back.
			if lvl := eval[string](t, ctx, `document.getElementById("gen-level").value`); lvl != "Easy" {
				t.Fatalf("the first visit's level is %q", lvl)
			}
			if d.mobile {
				run(t, ctx, "tap New puzzle", chromedp.Tap(chromedp.CSS("#new-puzzle")))
			} else {
				tabTo(t, ctx, "gen-level")
				keys(t, ctx, kb.ArrowDown)
				waitFor(t, ctx, "Medium chosen", `document.getElementById("gen-level").value === "Medium"`)
				keys(t, ctx, kb.ArrowUp)
				waitFor(t, ctx, "Easy chosen", `document.getElementById("gen-level").value === "Easy"`)
				tabTo(t, ctx, "new-puzzle")
				keys(t, ctx, kb.Enter)
			}
			waitFor(t, ctx, "the new game", `document.getElementById("panel-start").hidden && document.querySelectorAll("#board .cell.clue").length > 20`)
			fitsWithoutScrolling(t, ctx, d)
			axeOn("play", true)
			if c.offline && d.mobile {
				// The rest (50 cells tapped, the summary, the statistics) is
				// the phone's online run's, and offline the desktop's.
				return
			}
			emulateScheme(t, ctx, "dark")
			axeOn("play, dark", false)
			emulateScheme(t, ctx, "light")
			clues := eval[string](t, ctx, `Array.from({length: 81}, (_, i) => {
  const c = document.getElementById("cell-" + i);
  return c.classList.contains("clue") ? c.textContent : ".";
}).join("")`)
			sol := solutionOf(t, clues)
			if d.mobile {
				for i := range 81 {
					if clues[i] != '.' {
						continue
					}
					run(t, ctx, "tap", chromedp.Tap(chromedp.CSS("#cell-"+strconv.Itoa(i))),
						chromedp.Tap(chromedp.CSS("#key-"+string(sol[i]))))
				}
			} else {
				if id := eval[string](t, ctx, `document.activeElement.id`); id != "board" {
					t.Errorf("after New puzzle the focus is on %q, want the board", id)
				}
				run(t, ctx, "Ctrl+Home", chromedp.KeyEvent(kb.Home, chromedp.KeyModifiers(chromedp.ModifierCtrl)))
				for r := range 9 {
					var ks []string
					for c := range 9 {
						if i := r*9 + c; clues[i] == '.' {
							ks = append(ks, string(sol[i]))
						}
						if c < 8 {
							ks = append(ks, kb.ArrowRight)
						}
					}
					if r < 8 {
						ks = append(ks, kb.ArrowDown, kb.Home)
					}
					keys(t, ctx, ks...)
				}
			}
			waitFor(t, ctx, "the summary", `document.getElementById("summary") && !document.getElementById("summary").hidden && document.getElementById("summary-level") !== null`)
			if lvl := textOf(t, ctx, "#summary-level"); lvl != "Easy" {
				t.Errorf("the summary's level is %q", lvl)
			}
			if m := textOf(t, ctx, "#summary-mistakes"); m != "0" {
				t.Errorf("the summary counts %s mistakes", m)
			}
			axeOn("completed", false)
			emulateScheme(t, ctx, "dark")
			axeOn("completed, dark", false)
			emulateScheme(t, ctx, "light")
			if d.mobile {
				run(t, ctx, "tap Statistics", chromedp.Tap(chromedp.CSS("#summary-stats")))
			} else {
				tabTo(t, ctx, "summary-stats")
				keys(t, ctx, kb.Enter)
			}
			waitFor(t, ctx, "the statistics", `!document.getElementById("panel-stats").hidden && document.querySelector("#stats tr[data-level=Easy]") !== null`)
			row := eval[[]string](t, ctx, `Array.from(document.querySelectorAll("#stats tr[data-level=Easy] > *"), (c) => c.textContent)`)
			if len(row) != 5 || row[1] != "1" || row[2] != "1" || row[3] == "–" || row[3] != row[4] {
				t.Errorf("the Easy row: %q, want 1 played, 1 solved, best = median", row)
			}
			axeOn("statistics", false)
			emulateScheme(t, ctx, "dark")
			axeOn("statistics, dark", false)
		})
	}
}

// On a phone the statistics table fits its panel with the longest level
// name, "Own puzzles" (a game from a link, solved: the completion summary's
// Statistics); it ran 15 px past the panel's edge.
func TestStatisticsFitAPhone(t *testing.T) {
	need(t)
	srv := startServer(t, "127.0.0.1:0")
	ctx := browser(t)
	emulate(t, ctx, phone)
	entries, last := oneDigitLeft(t)
	open(t, ctx, srv.URL+"/?p="+unique+"&e="+entries)
	run(t, ctx, "tap r9c9", chromedp.Tap(chromedp.CSS("#cell-80")))
	run(t, ctx, "tap its digit", chromedp.Tap(chromedp.CSS("#key-"+string(last))))
	waitFor(t, ctx, "the summary", `document.getElementById("summary-level") !== null`)
	run(t, ctx, "tap Statistics", chromedp.Tap(chromedp.CSS("#summary-stats")))
	waitFor(t, ctx, "the statistics", `document.querySelector("#stats tr[data-level='Own puzzles']") !== null`)
	over := eval[float64](t, ctx, `document.getElementById("stats").getBoundingClientRect().right -
  document.querySelector("#panel-stats .panel-body").getBoundingClientRect().right`)
	if over > 0.5 {
		t.Errorf("the statistics table runs %.1f px past its panel's edge", over)
	}
}

// Settings survive a reload; the theme applies at once; axe finds nothing
// in the settings panel, light and dark, phone and desktop. On the phone
// all of it offline: the page loaded once, then the server stopped.
func TestSettingsSurviveReload(t *testing.T) {
	need(t)
	axe := axeSource(t)
	for _, d := range []device{desktop, phone} {
		t.Run(d.name, func(t *testing.T) {
			srv := startServer(t, freeAddr(t))
			ctx := browser(t)
			emulate(t, ctx, d)
			open(t, ctx, srv.URL+"/?p="+unique)
			if d.mobile {
				waitOffline(t, ctx)
				srv.Stop()
				open(t, ctx, srv.URL+"/?p="+unique)
			}
			// Every setting away from its default.
			click(t, ctx, "#setting-remove-marks")
			click(t, ctx, "#setting-highlight")
			click(t, ctx, "#setting-mistake-check")
			click(t, ctx, "#setting-remaining")
			choose(t, ctx, "setting-theme", "dark")
			waitFor(t, ctx, "the dark theme", `document.documentElement.classList.contains("theme-dark") && getComputedStyle(document.body).backgroundColor === "rgb(20, 24, 29)"`)
			checkAxe(t, ctx, axe, d.name+", settings, dark theme")
			choose(t, ctx, "setting-theme", "light")
			emulateScheme(t, ctx, "dark") // the setting wins over the system
			waitFor(t, ctx, "the light theme", `getComputedStyle(document.body).backgroundColor === "rgb(247, 247, 244)"`)
			checkAxe(t, ctx, axe, d.name+", settings, light theme on a dark system")
			// The saved theme holds from the first paint, before the wasm runs:
			// what the page shows when its HTML is parsed (DOMContentLoaded).
			onNewDocument(t, ctx, `document.addEventListener("DOMContentLoaded", () => {
  window.themeAtParse = {cls: document.documentElement.className, bg: getComputedStyle(document.body).backgroundColor,
    wasmRan: window.sudokuReadyAt !== undefined, board: document.querySelectorAll(".board .cell").length};
});`)
			run(t, ctx, "reload", chromedp.Reload())
			waitReady(t, ctx)
			type parsed struct {
				Cls, Bg string
				WasmRan bool
				Board   int
			}
			if p := eval[parsed](t, ctx, `window.themeAtParse`); p.Cls != "theme-light" || p.Bg != "rgb(247, 247, 244)" || p.WasmRan || p.Board != 81 {
				t.Errorf("when the HTML was parsed: %+v; want the light theme on the 81-cell board before the wasm ran", p)
			}
			waitFor(t, ctx, "the settings read back", `document.documentElement.classList.contains("theme-light") &&
  !document.getElementById("setting-highlight").checked && !document.getElementById("setting-remaining").checked &&
  !document.getElementById("setting-remove-marks").checked && document.getElementById("setting-mistake-check").checked &&
  document.querySelector(".key-left") === null`)
			click(t, ctx, "#cell-1")
			waitFor(t, ctx, "r1c2 selected", `document.querySelector("#cell-1.selected") !== null`)
			if s := eval[shading](t, ctx, shadingJS(1)); s.Same+s.Open+s.Peer != 0 {
				t.Errorf("highlight off, cells shaded: %+v", s)
			}
			// And they act after the reload: r1c3's corner 6 stays when r1c2
			// gets a 6 (marks kept), and that 6 is struck at once (r1c2 is 1
			// in the solution; no clue sees a 6).
			keys(t, ctx, kb.ArrowRight)
			run(t, ctx, "Shift+6", chromedp.KeyEvent("6", chromedp.KeyModifiers(chromedp.ModifierShift)))
			cellIs(t, ctx, 2, "r1c3's corner 6", `c.querySelector(".m6") !== null`)
			keys(t, ctx, kb.ArrowLeft, "6")
			cellIs(t, ctx, 1, "r1c2's 6 struck as a mistake", `c.textContent === "6" && c.classList.contains("wrong") && !c.classList.contains("conflict")`)
			cellIs(t, ctx, 2, "r1c3's corner 6 kept", `c.querySelector(".m6") !== null`)
		})
	}
}

// uploadFile sets the import control's file, as a user choosing it would.
func uploadFile(t *testing.T, ctx context.Context, path string) {
	t.Helper()
	reveal(t, ctx, "#import")
	run(t, ctx, "choose "+filepath.Base(path), chromedp.SetUploadFiles(chromedp.CSS("#import"), []string{path}, chromedp.NodeVisible),
		chromedp.Evaluate[chromedp.Void](`document.getElementById("import").dispatchEvent(new Event("change", {bubbles: true}))`))
}

// Export in one profile, import in a fresh one: the game, its history, the
// settings and the statistics (of a game solved before) come back. A
// damaged file is refused and changes nothing. All of it offline: each
// profile loaded the page once (the fresh one saved nothing), then the
// server stopped.
func TestExportThenImportInAFreshProfile(t *testing.T) {
	need(t)
	srv := startServer(t, freeAddr(t))
	a, b := browser(t), browser(t)
	for _, ctx := range []context.Context{a, b} {
		open(t, ctx, srv.URL+"/")
		waitOffline(t, ctx)
	}
	srv.Stop()
	// A game solved first, for the statistics: the unique puzzle with all
	// but r9c9 filled in, then its last digit.
	nearly, last := oneDigitLeft(t)
	open(t, a, srv.URL+"/?p="+unique+"&e="+nearly)
	click(t, a, "#cell-80")
	keys(t, a, string(last))
	waitFor(t, a, "the summary", `document.getElementById("summary-level") !== null`)
	statsRow := func(ctx context.Context) []string {
		t.Helper()
		click(t, ctx, "#open-stats")
		waitFor(t, ctx, "the statistics", `document.querySelector("#stats tr[data-level='Own puzzles']") !== null`)
		return eval[[]string](t, ctx, `Array.from(document.querySelectorAll("#stats tr[data-level='Own puzzles'] > *"), (c) => c.textContent)`)
	}
	stats := statsRow(a)
	if len(stats) != 5 || stats[2] != "1" {
		t.Fatalf("the statistics before the export: %q, want one game solved", stats)
	}
	closePanel(t, a)
	open(t, a, srv.URL+"/?p="+unique)
	click(t, a, "#cell-1")
	keys(t, a, "6", kb.ArrowRight, "7")
	click(t, a, "#setting-remaining")
	// The page's CSP keeps fetch from blob: URLs: keep the exported Blob.
	run(t, a, "keep the export", chromedp.Evaluate[chromedp.Void](`(() => {
  const make = URL.createObjectURL;
  URL.createObjectURL = (b) => { window.lastExport = b; return make.call(URL, b); };
})()`))
	click(t, a, "#export")
	waitFor(t, a, "the export link", `document.getElementById("export-link") !== null && window.lastExport !== undefined`)
	data := eval[string](t, a, `window.lastExport.text()`)
	if !strings.Contains(data, `"app": "sudoku"`) || !strings.Contains(data, `"hide_remaining": true`) {
		t.Fatalf("the export: %.300s", data)
	}
	dir := t.TempDir()
	good := filepath.Join(dir, "sudoku.json")
	if err := os.WriteFile(good, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	board := boardText(t, a)

	open(t, b, srv.URL+"/")
	uploadFile(t, b, good)
	waitFor(t, b, "the import", `(document.getElementById("message")||{textContent:""}).textContent.startsWith("Imported")`)
	if got := boardText(t, b); got != board {
		t.Errorf("imported board %s, want %s", got, board)
	}
	if eval[bool](t, b, `document.getElementById("setting-remaining").checked`) {
		t.Error("the imported settings were not applied")
	}
	closePanel(t, b)
	if got := statsRow(b); !slices.Equal(got, stats) {
		t.Errorf("the imported statistics: %q, want %q", got, stats)
	}
	closePanel(t, b)
	click(t, b, "#undo")
	waitFor(t, b, "the imported history", `document.getElementById("cell-2").textContent === ""`)
	// The address bar follows within urlEvery, and the session is saved
	// again with it: the storage is settled from then on.
	waitFor(t, b, "the undo in the address bar", `(new URLSearchParams(location.search).get("e") || "").startsWith(".6.")`)

	// A damaged file: refused, nothing overwritten.
	bad := filepath.Join(dir, "damaged.json")
	if err := os.WriteFile(bad, []byte(data[:len(data)/2]), 0o644); err != nil {
		t.Fatal(err)
	}
	before := eval[string](t, b, `JSON.stringify(Object.entries(localStorage).sort())`)
	boardBefore := boardText(t, b)
	uploadFile(t, b, bad)
	waitFor(t, b, "the refusal", `(document.getElementById("message")||{textContent:""}).textContent.includes("cannot be imported")`)
	if after := eval[string](t, b, `JSON.stringify(Object.entries(localStorage).sort())`); after != before {
		t.Errorf("a refused import changed the storage:\n%s\n%s", before, after)
	}
	if got := boardText(t, b); got != boardBefore {
		t.Errorf("a refused import changed the board: %s, was %s", got, boardBefore)
	}
}

// axe on a phone, light and dark: pencil marks, the menu sheet, the Explain
// panel and Watch the solver.
func TestAxeOnAPhone(t *testing.T) {
	need(t)
	axe := axeSource(t)
	srv := startServer(t, "127.0.0.1:0")
	ctx := browser(t)
	emulate(t, ctx, phone)
	open(t, ctx, srv.URL+"/?p="+magic)
	tap := func(sel string) { run(t, ctx, "tap "+sel, chromedp.Tap(chromedp.CSS(sel))) }
	tap("#cell-1")
	tap("#mode-x")
	tap("#key-2")
	tap("#key-6")
	tap("#mode-c")
	tap("#key-7")
	tap("#mode-z")
	waitFor(t, ctx, "the marks", `document.querySelector("#cell-1 .m2") && document.querySelector("#cell-1 .centre")`)
	both := func(state string) {
		t.Helper()
		emulateScheme(t, ctx, "light")
		checkAxe(t, ctx, axe, "phone, "+state)
		emulateScheme(t, ctx, "dark")
		checkAxe(t, ctx, axe, "phone, "+state+", dark")
		emulateScheme(t, ctx, "light")
	}
	both("pencil marks")
	tap("#menu")
	waitFor(t, ctx, "the menu sheet", `document.getElementById("open-solver").offsetParent !== null`)
	both("menu")
	tap("#open-solver")
	tap("#explain-toggle")
	waitFor(t, ctx, "the steps", `document.querySelectorAll("#explain-steps li").length > 10`)
	both("explain")
	tap("#explain-toggle")
	waitFor(t, ctx, "the explanation closed", `document.getElementById("explain-panel") === null`)
	tap("#watch")
	waitRecorded(t, ctx)
	both("watch")
}

// TestScreenshotsPanels writes the panels' screenshots into
// $SUDOKU_SCREENSHOTS (make screenshots): the start sheet, the solver panel
// with the explanation, the settings, the completion summary and the
// statistics, on a phone and a desktop, light and dark.
func TestScreenshotsPanels(t *testing.T) {
	dir := os.Getenv("SUDOKU_SCREENSHOTS")
	if dir == "" {
		t.Skip("screenshots only with SUDOKU_SCREENSHOTS=dir (make screenshots)")
	}
	need(t)
	srv := startServer(t, "127.0.0.1:0")
	entries, last := oneDigitLeft(t)
	nearly := srv.URL + "/?p=" + unique + "&e=" + entries
	for _, d := range []device{phone, desktop} {
		for _, scheme := range []string{"light", "dark"} {
			ctx := browser(t)
			emulate(t, ctx, d)
			emulateScheme(t, ctx, scheme)
			name := func(what string) string { return "screenshot-" + what + "-" + scheme + "-" + d.name + ".png" }
			open(t, ctx, srv.URL+"/")
			waitFor(t, ctx, "the start sheet", `!document.getElementById("panel-start").hidden`)
			shoot(t, ctx, dir, name("start"))
			open(t, ctx, srv.URL+"/?p="+magic)
			click(t, ctx, "#explain-toggle")
			waitFor(t, ctx, "the steps", `document.querySelectorAll("#explain-steps li").length > 10`)
			if d.mobile {
				// The sheet under the board, scrolled to the explanation as
				// the player does: the grade, the first step and the list.
				run(t, ctx, "scroll to the explanation", chromedp.Evaluate[chromedp.Void](`document.getElementById("explain-panel").scrollIntoView({block: "start"})`))
			}
			shoot(t, ctx, dir, name("explain"))
			run(t, ctx, "top", chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`))
			click(t, ctx, "#explain-toggle")
			// Watch the solver, 300 events into the replay.
			openWatch(t, ctx)
			run(t, ctx, "step", chromedp.Evaluate[chromedp.Void](`(() => {
  const b = document.getElementById("watch-step");
  for (let i = 0; i < 300; i++) b.click();
})()`))
			waitFor(t, ctx, "300 events", `document.getElementById("watch-events").textContent.startsWith("300 / ")`)
			shoot(t, ctx, dir, name("watch"))
			click(t, ctx, "#watch-close")
			closePanel(t, ctx)
			reveal(t, ctx, "#setting-theme")
			shoot(t, ctx, dir, name("settings"))
			closePanel(t, ctx)
			open(t, ctx, nearly)
			click(t, ctx, "#cell-80")
			click(t, ctx, "#key-"+string(last))
			waitFor(t, ctx, "the summary", `document.getElementById("summary-level") !== null`)
			shoot(t, ctx, dir, name("completed"))
			click(t, ctx, "#summary-stats")
			waitFor(t, ctx, "the statistics", `document.querySelector("#stats tr") !== null`)
			shoot(t, ctx, dir, name("stats"))
		}
	}
}

// A panel opened from the menu takes the focus; Escape closes it and gives
// the focus back to the board, as the start sheet's Continue does.
func TestPanelFocusAndEscape(t *testing.T) {
	need(t)
	srv := startServer(t, "127.0.0.1:0")
	ctx := browser(t)
	open(t, ctx, srv.URL+"/?p="+unique)
	run(t, ctx, "focus the menu's Help", chromedp.Focus(chromedp.CSS("#open-help")))
	keys(t, ctx, kb.Enter)
	waitFor(t, ctx, "the help panel focused", `document.activeElement && document.activeElement.id === "panel-help-title"`)
	keys(t, ctx, kb.Escape)
	waitFor(t, ctx, "the help panel closed", `document.getElementById("panel-help").hidden && document.activeElement.id === "board"`)
	// The start sheet's Continue goes back to the game, focus on the board.
	board := boardText(t, ctx)
	click(t, ctx, "#open-start")
	waitFor(t, ctx, "the start sheet", `!document.getElementById("panel-start").hidden`)
	click(t, ctx, "#continue")
	waitFor(t, ctx, "the game again", `document.getElementById("panel-start").hidden && document.activeElement.id === "board"`)
	if got := boardText(t, ctx); got != board {
		t.Errorf("after Continue the board is %s, was %s", got, board)
	}
}

// On a phone an open panel is a sheet over the keypad, the board in view
// above it: a tap on the board puts the sheet away, and the keypad is there
// for the digit (its key is what a tap at its centre reaches).
func TestPhoneSheetMakesWayForThePad(t *testing.T) {
	need(t)
	srv := startServer(t, "127.0.0.1:0")
	ctx := browser(t)
	emulate(t, ctx, phone)
	open(t, ctx, srv.URL+"/?p="+unique)
	topmost := func(sel string) bool {
		return eval[bool](t, ctx, `(() => {
  const k = document.querySelector(`+jsString(sel)+`), r = k.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return r.width > 0 && (hit === k || k.contains(hit));
})()`)
	}
	tap := func(sel string) { run(t, ctx, "tap "+sel, chromedp.Tap(chromedp.CSS(sel))) }
	cell := strings.IndexByte(unique, '.')
	for _, panel := range []string{"settings", "solver", "start", "stats", "help"} { // long panels and short ones
		tap("#menu")
		tap("#open-" + panel)
		waitFor(t, ctx, "the sheet "+panel, `!document.getElementById("panel-`+panel+`").hidden`)
		if topmost("#key-5") {
			t.Fatalf("%s: the keypad is not under the sheet: the test sees nothing", panel)
		}
		if !topmost("#cell-" + strconv.Itoa(cell)) {
			t.Errorf("%s: the sheet covers the board", panel)
		}
		tap("#cell-" + strconv.Itoa(cell))
		waitFor(t, ctx, "the sheet put away", `document.getElementById("panel-`+panel+`").hidden`)
		if !topmost("#key-5") {
			t.Errorf("%s: after a tap on the board the keypad is still covered", panel)
		}
		tap("#key-5")
		waitFor(t, ctx, "the digit placed", `document.getElementById("cell-`+strconv.Itoa(cell)+`").textContent === "5"`)
		tap("#undo")
		waitFor(t, ctx, "the digit undone", `document.getElementById("cell-`+strconv.Itoa(cell)+`").textContent === ""`)
	}
	// On a desktop the panel sits beside the board: a click on the board
	// leaves it open.
	emulate(t, ctx, desktop)
	click(t, ctx, "#open-settings")
	waitFor(t, ctx, "the settings beside the board", `!document.getElementById("panel-settings").hidden`)
	click(t, ctx, "#cell-0")
	waitFor(t, ctx, "r1c1 selected", `document.getElementById("cell-0").getAttribute("aria-selected") === "true"`)
	if eval[bool](t, ctx, `document.getElementById("panel-settings").hidden`) {
		t.Error("on a desktop a click on the board closed the panel beside it")
	}
}

// A message that comes and goes moves neither the keypad nor the bar
// (it was above them and pushed them down by its height), and on a phone
// the board, the keypad, the bar and a three-line message all fit the
// screen.
func TestMessageLeavesThePadInPlace(t *testing.T) {
	need(t)
	srv := startServer(t, "127.0.0.1:0")
	ctx := browser(t)
	emulate(t, ctx, phone)
	open(t, ctx, srv.URL+"/?p="+unique)
	tops := func() []float64 {
		return eval[[]float64](t, ctx, `["#key-5", "#undo", "#board"].map((s) => document.querySelector(s).getBoundingClientRect().top)`)
	}
	waitFor(t, ctx, "the link's message", `!document.getElementById("message").hidden`)
	shown := tops()
	cell := strings.IndexByte(unique, '.')
	run(t, ctx, "tap a cell", chromedp.Tap(chromedp.CSS("#cell-"+strconv.Itoa(cell))))
	run(t, ctx, "tap 5", chromedp.Tap(chromedp.CSS("#key-5")))
	waitFor(t, ctx, "the message cleared", `document.getElementById("message").hidden`)
	if cleared := tops(); !slices.Equal(shown, cleared) {
		t.Errorf("keypad, bar and board tops %v with the message, %v without: they moved", shown, cleared)
	}
	// The candidates' message is three lines on a phone.
	run(t, ctx, "tap Menu", chromedp.Tap(chromedp.CSS("#menu")))
	run(t, ctx, "open the solver", chromedp.Tap(chromedp.CSS("#open-solver")))
	waitFor(t, ctx, "the solver panel", `!document.getElementById("panel-solver").hidden`)
	run(t, ctx, "show candidates", chromedp.Evaluate[chromedp.Void](`document.getElementById("candidates").click()`))
	waitFor(t, ctx, "the candidates' message", `!document.getElementById("message").hidden`)
	run(t, ctx, "put the sheet away", chromedp.Tap(chromedp.CSS("#cell-"+strconv.Itoa(cell))))
	waitFor(t, ctx, "the sheet put away", `document.getElementById("panel-solver").hidden`)
	if now := tops(); !slices.Equal(shown, now) {
		t.Errorf("keypad, bar and board tops %v before, %v with the candidates' message", shown, now)
	}
	bottom := eval[float64](t, ctx, `Math.max(...["#board", "#key-5", "#undo", "#message"].map((s) => document.querySelector(s).getBoundingClientRect().bottom))`)
	if h := eval[float64](t, ctx, `window.innerHeight`); bottom > h {
		t.Errorf("on a %.0f px high phone the board, keypad, bar and message end at %.0f px: the player scrolls", h, bottom)
	}
}
