package e2e

import (
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

const (
	unique = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	magic  = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
)

// validSolution checks a solved board: 81 digits, every row, column and box
// a permutation of 1-9, every clue kept.
func validSolution(t *testing.T, puzzle, board string) {
	t.Helper()
	if len(board) != 81 || strings.ContainsAny(board, ".0") {
		t.Fatalf("board %q is not complete", board)
	}
	for i := range 81 {
		if puzzle[i] != '.' && puzzle[i] != board[i] {
			t.Errorf("clue at %d changed: %c -> %c", i, puzzle[i], board[i])
		}
	}
	for u := range 27 {
		seen := map[byte]bool{}
		for k := range 9 {
			var c int
			switch {
			case u < 9:
				c = u*9 + k
			case u < 18:
				c = k*9 + u - 9
			default:
				b := u - 18
				c = (b/3*3+k/3)*9 + b%3*3 + k%3
			}
			seen[board[c]] = true
		}
		if len(seen) != 9 {
			t.Errorf("unit %d is not a permutation in %s", u, board)
		}
	}
}

// typePuzzle types a puzzle into the board cell by cell, from r1c1, with the
// arrow keys to move.
func typePuzzle(t *testing.T, ctx chromedpCtx, puzzle string) {
	t.Helper()
	click(t, ctx, "#cell-0")
	var ks []string
	for i, ch := range puzzle {
		if ch != '.' {
			ks = append(ks, string(ch))
		}
		ks = append(ks, kb.ArrowRight)
		if i%9 == 8 {
			ks = append(ks, kb.ArrowDown) // ArrowRight wrapped to column 1
		}
	}
	keys(t, ctx, ks...)
}

func TestTypePuzzleAndSolve(t *testing.T) {
	need(t)
	srv := startServer(t, "127.0.0.1:0")
	ctx := browser(t)
	open(t, ctx, srv.URL+"/")
	typePuzzle(t, ctx, unique)
	if got := boardText(t, ctx); got != unique {
		t.Fatalf("typed board = %s, want %s", got, unique)
	}
	waitFor(t, ctx, "the unique count", `document.getElementById("count").textContent === "Unique solution."`)
	// The address bar followed the typing (within urlEvery of the last
	// key), without adding history entries.
	waitFor(t, ctx, "the puzzle in the address bar", `new URLSearchParams(location.search).get("p") === `+jsString(unique))
	if n := eval[int](t, ctx, `history.length`); n > 2 {
		t.Errorf("history.length = %d after typing: history spam", n)
	}
	click(t, ctx, "#solve")
	waitFor(t, ctx, "the solve message", `(document.getElementById("message")||{}).textContent.startsWith("Solved in")`)
	t.Logf("in-page message: %s", textOf(t, ctx, "#message"))
	validSolution(t, unique, boardText(t, ctx))
}

func TestConflictHighlighting(t *testing.T) {
	need(t)
	srv := startServer(t, "127.0.0.1:0")
	ctx := browser(t)
	open(t, ctx, srv.URL+"/")
	run(t, ctx, "watch keys", chromedp.Evaluate[chromedp.Void](`document.addEventListener("keydown", (e) => { window.lastKeyPrevented = e.defaultPrevented; })`))
	click(t, ctx, "#cell-0")
	keys(t, ctx, "5", kb.ArrowDown)
	if !eval[bool](t, ctx, `window.lastKeyPrevented === true`) {
		t.Error("ArrowDown on the board kept its default action (page scroll)")
	}
	keys(t, ctx, "5")
	waitFor(t, ctx, "both 5s marked", `document.querySelector("#cell-0.conflict") && document.querySelector("#cell-9.conflict")`)
	if eval[bool](t, ctx, `document.querySelector("#cell-1.conflict") !== null`) {
		t.Error("an empty cell is marked as conflicting")
	}
	if got := eval[string](t, ctx, `document.getElementById("cell-9").getAttribute("aria-invalid")`); got != "true" {
		t.Errorf("aria-invalid = %q on a conflicting cell", got)
	}
	count := textOf(t, ctx, "#count")
	if !strings.Contains(count, "r1c1") || !strings.Contains(count, "r2c1") {
		t.Errorf("count %q does not name the conflicting cells", count)
	}
	keys(t, ctx, kb.Backspace)
	waitFor(t, ctx, "the conflict to clear", `document.querySelector(".cell.conflict") === null`)
}

func TestSolutionCount(t *testing.T) {
	need(t)
	srv := startServer(t, "127.0.0.1:0")
	ctx := browser(t)
	open(t, ctx, srv.URL+"/")
	puzzles := []struct{ puzzle, want string }{
		{unique, "Unique solution."},
		{"12345678.........9" + strings.Repeat(".", 63), "No solution."},
		{"1" + strings.Repeat(".", 80), "Several solutions."},
		{"55" + strings.Repeat(".", 79), "The clues conflict"},
		{magic, "Unique solution."},
	}
	// The box tells the page of a change (its change event), and the player
	// pastes again before the page draws: the box keeps the later text (the
	// page used to write the text of the change event back over it when it
	// drew, a frame later).
	run(t, ctx, "a change, then another paste", chromedp.Evaluate[chromedp.Void](`(() => {
  const box = document.getElementById("paste");
  box.value = "1" + ".".repeat(80);
  box.dispatchEvent(new Event("change", {bubbles: true}));
  box.value = `+jsString(puzzles[0].puzzle)+`;
})()`))
	eval[bool](t, ctx, `new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => ok(true), 50))))`)
	if got := eval[string](t, ctx, `document.getElementById("paste").value`); got != puzzles[0].puzzle {
		t.Fatalf("the paste box holds %q, want the text pasted last, %q", got, puzzles[0].puzzle)
	}
	for i, c := range puzzles {
		// Load, and in the same task put the next puzzle in the box, before
		// the page draws the load: the box keeps the player's text (the page
		// used to write the loaded text back over it when it drew the load).
		next := ""
		if i+1 < len(puzzles) {
			next = puzzles[i+1].puzzle
		}
		run(t, ctx, "load, then paste the next", chromedp.Evaluate[chromedp.Void](`document.getElementById("load").click();
document.getElementById("paste").value = `+jsString(next)))
		waitFor(t, ctx, "the count of "+c.puzzle, `document.getElementById("count").textContent.startsWith(`+jsString(c.want)+`)`)
		if got := eval[string](t, ctx, `document.getElementById("paste").value`); got != next {
			t.Fatalf("after loading %s the paste box holds %q, want the text pasted since, %q", c.puzzle, got, next)
		}
	}
	// A storage failure is shown, not swallowed.
	run(t, ctx, "break storage", chromedp.Evaluate[chromedp.Void](`Storage.prototype.setItem = function() { throw new DOMException("full", "QuotaExceededError"); }`))
	click(t, ctx, "#cell-1")
	keys(t, ctx, "2")
	waitFor(t, ctx, "the storage error", `(document.getElementById("storage")||{textContent:""}).textContent.includes("could not be saved")`)
}

func TestShareLinkInFreshProfile(t *testing.T) {
	need(t)
	srv := startServer(t, "127.0.0.1:0")
	a := browser(t)
	open(t, a, srv.URL+"/?p="+unique)
	setVariant(t, a, "diagonal")
	waitFor(t, a, "the diagonal shading", `document.querySelector("#cell-40.diag") !== null`)
	click(t, a, "#cell-1")
	keys(t, a, "6")
	waitFor(t, a, "the typed 6", `document.getElementById("cell-1").textContent === "6"`)
	click(t, a, "#copy-link")
	link := eval[string](t, a, `document.getElementById("link").value`)
	if !strings.Contains(link, "v=diagonal") || !strings.Contains(link, "e=") {
		t.Fatalf("share link %s lacks the variant or the digits", link)
	}
	want := boardText(t, a)

	b := browser(t) // a fresh profile: nothing saved
	open(t, b, link)
	if got := boardText(t, b); got != want {
		t.Errorf("fresh profile board = %s, want %s", got, want)
	}
	if !eval[bool](t, b, `document.getElementById("variant").value === "diagonal" && document.querySelector("#cell-80.diag") !== null`) {
		t.Error("the diagonal variant did not travel with the link")
	}
	if !eval[bool](t, b, `document.querySelector("#cell-0.clue") !== null && document.querySelector("#cell-1.entry") !== null`) {
		t.Error("clues and the user's digit are not told apart after opening the link")
	}

	// Marks travel too: a centre mark and a colour (the m= form), then
	// candidates only (sudokuwiki's 162-character board string).
	click(t, a, "#cell-2")
	run(t, a, "marks", chromedp.KeyEvent("7", chromedp.KeyModifiers(chromedp.ModifierCtrl)),
		chromedp.KeyEvent("v"), chromedp.KeyEvent("3"), chromedp.KeyEvent("z"))
	waitFor(t, a, "the marks", `document.querySelector("#cell-2.colour-3 .centre") !== null`)
	click(t, a, "#copy-link")
	link = eval[string](t, a, `document.getElementById("link").value`)
	if !strings.Contains(link, "m=") {
		t.Fatalf("share link %s lacks the marks", link)
	}
	b2 := browser(t)
	open(t, b2, link)
	if got, want := eval[string](t, b2, `document.getElementById("cell-2").getAttribute("aria-label")`), "row 1, column 3, empty, centre marks 7, colour 3"; got != want {
		t.Errorf("marks through the link: r1c3 is %q, want %q", got, want)
	}
	run(t, a, "clear", chromedp.Evaluate[chromedp.Void](`document.getElementById("clear").click()`))
	click(t, a, "#candidates")
	waitFor(t, a, "the candidates", `document.querySelector("#cell-2 .corner") !== null`)
	click(t, a, "#copy-link")
	if link = eval[string](t, a, `document.getElementById("link").value`); !strings.Contains(link, "bd=") {
		t.Logf("candidates link %s is not in the board-string form (a cell with one candidate)", link)
	}
	b3 := browser(t)
	open(t, b3, link)
	if got, want := eval[string](t, b3, `document.getElementById("cell-2").getAttribute("aria-label")`),
		eval[string](t, a, `document.getElementById("cell-2").getAttribute("aria-label")`); got != want {
		t.Errorf("candidates through the link: r1c3 is %q, want %q", got, want)
	}

	// A sudokuwiki link opens too.
	c := browser(t)
	open(t, c, srv.URL+"/?bd="+strings.ReplaceAll(magic, ".", "0"))
	if got := boardText(t, c); got != magic {
		t.Errorf("?bd= board = %s, want %s", got, magic)
	}
}

func TestSavedWorkSurvivesRestart(t *testing.T) {
	need(t)
	srv := startServer(t, "127.0.0.1:0")
	ctx := browser(t)
	open(t, ctx, srv.URL+"/?p="+unique)
	click(t, ctx, "#cell-2")
	keys(t, ctx, "9")
	waitFor(t, ctx, "the typed 9", `document.getElementById("cell-2").textContent === "9"`)
	// Back to the bare address: the saved work comes back.
	open(t, ctx, srv.URL+"/")
	if got := boardText(t, ctx); got[2] != '9' || got[0] != '4' {
		t.Errorf("after reload the board is %s", got)
	}
	// Corrupt saved data: defaults, a message, and the data left as it was.
	run(t, ctx, "corrupt storage", chromedp.Evaluate[chromedp.Void](`localStorage.setItem("sudoku.save", "{not json")`))
	open(t, ctx, srv.URL+"/")
	waitFor(t, ctx, "the storage message", `(document.getElementById("storage")||{textContent:""}).textContent.includes("could not be read")`)
	if got := boardText(t, ctx); got != strings.Repeat(".", 81) {
		t.Errorf("board %s, want empty", got)
	}
	click(t, ctx, "#cell-0")
	keys(t, ctx, "3")
	if got := eval[string](t, ctx, `localStorage.getItem("sudoku.save")`); got != "{not json" {
		t.Errorf("corrupt saved data overwritten with %q", got)
	}
}

func TestOfflineReloadWithServerStopped(t *testing.T) {
	need(t)
	srv := startServer(t, freeAddr(t))
	ctx := browser(t)
	open(t, ctx, srv.URL+"/?p="+unique)
	waitOffline(t, ctx)
	srv.Stop()

	// A shared link never opened before, with the server gone.
	link := srv.URL + "/?p=" + magic + "&v=diagonal"
	open(t, ctx, link)
	if got := boardText(t, ctx); got != magic {
		t.Errorf("offline shared link: board %s, want %s", got, magic)
	}
	if !eval[bool](t, ctx, `document.getElementById("variant").value === "diagonal"`) {
		t.Error("offline shared link lost the variant")
	}
	// A plain reload works too, and so does the solver.
	run(t, ctx, "reload", chromedp.Reload())
	waitReady(t, ctx)
	setVariant(t, ctx, "standard") // back to the standard rule
	run(t, ctx, "paste", chromedp.SetValue(chromedp.CSS("#paste"), unique))
	click(t, ctx, "#load")
	click(t, ctx, "#solve")
	waitFor(t, ctx, "an offline solve", `(document.getElementById("message")||{}).textContent.startsWith("Solved in")`)

	// Explain and Watch the solver need no server either.
	click(t, ctx, "#clear")
	openExplain(t, ctx)
	n := len(pageSteps(t, ctx))
	click(t, ctx, "#explain-next")
	waitFor(t, ctx, "the second step offline", `document.querySelector("#explain-steps [aria-selected=true]") === document.querySelectorAll("#explain-steps [role=option]")[1]`)
	click(t, ctx, "#explain-toggle")
	openWatch(t, ctx)
	click(t, ctx, "#watch-step")
	waitFor(t, ctx, "a replayed event offline", `document.getElementById("watch-events").textContent.startsWith("1 / ")`)
	click(t, ctx, "#watch-close")
	t.Logf("offline: %d steps explained, a trace recorded and replayed", n)
}

var workerVersion = regexp.MustCompile(`const cacheName = "app-" \+ "([0-9a-f]+)"`)

func TestUpdateToNextVersion(t *testing.T) {
	need(t)
	// Two bundles that differ only by a custom section appended to app.wasm.
	v1 := t.TempDir()
	copyDir(t, bundleDir(), v1)
	v2 := nextBundle(t)

	addr := freeAddr(t)
	srv := startServer(t, addr, "-dir", v1)
	ctx := browser(t)
	open(t, ctx, srv.URL+"/?p="+unique)
	waitOffline(t, ctx)
	before := textOf(t, ctx, "#version")
	srv.Stop()

	srv2 := startServer(t, addr, "-dir", v2)
	res, err := http.Get(srv2.URL + "/app-worker.js")
	if err != nil {
		t.Fatal(err)
	}
	body, err := io.ReadAll(res.Body)
	res.Body.Close()
	if err != nil {
		t.Fatal(err)
	}
	m := workerVersion.FindSubmatch(body)
	if m == nil {
		t.Fatalf("no version in the new worker: %.200q", body)
	}
	next := string(m[1])
	if strings.Contains(before, next) {
		t.Fatalf("the two bundles have the same version %s", next)
	}
	// The browser looks for a new worker on navigations; ask now.
	_ = eval[bool](t, ctx, `navigator.serviceWorker.ready.then(r => r.update()).then(() => true)`)
	waitFor(t, ctx, "the update banner", `document.getElementById("update") !== null`)
	if got := textOf(t, ctx, "#version"); got != before {
		t.Errorf("the page switched version (%s) before the user asked", got)
	}
	click(t, ctx, "#update")
	waitFor(t, ctx, "the new version", `(document.getElementById("version")||{textContent:""}).textContent.includes(`+jsString(next)+`)`)
	if got := boardText(t, ctx); got != unique {
		t.Errorf("the update lost the board: %s", got)
	}
}

// nextBundle copies the built bundle into a new directory whose app.wasm has
// a custom section appended: a valid module with another content hash, hence
// another Version. The compressed copies are dropped (they would be stale).
func nextBundle(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	copyDir(t, bundleDir(), dir)
	wasm := filepath.Join(dir, "web", "app.wasm")
	f, err := os.OpenFile(wasm, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	// Section id 0 (custom), size 9: name length 4, "next", 4 payload bytes.
	if _, err := f.Write([]byte{0, 9, 4, 'n', 'e', 'x', 't', 'v', '0', '0', '2'}); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	os.Remove(wasm + ".br")
	os.Remove(wasm + ".gz")
	return dir
}

// An update whose precache fails (one file missing) is dropped as a whole:
// no update is offered and the old version keeps working offline.
func TestFailedUpdateKeepsOldVersion(t *testing.T) {
	need(t)
	v2 := nextBundle(t)
	if err := os.Remove(filepath.Join(v2, "web", "icon-512.png")); err != nil {
		t.Fatal(err)
	}
	addr := freeAddr(t)
	srv := startServer(t, addr)
	ctx := browser(t)
	open(t, ctx, srv.URL+"/?p="+unique)
	waitOffline(t, ctx)
	before := textOf(t, ctx, "#version")
	srv.Stop()

	srv2 := startServer(t, addr, "-dir", v2)
	state := eval[string](t, ctx, `navigator.serviceWorker.ready.then((reg) => new Promise((resolve) => {
  reg.addEventListener("updatefound", () => {
    const w = reg.installing;
    w.addEventListener("statechange", () => {
      if (w.state !== "installing") resolve(w.state);
    });
  });
  reg.update();
}))`)
	if state != "redundant" {
		t.Fatalf("the broken update ended %q, want redundant", state)
	}
	if eval[bool](t, ctx, `document.getElementById("update") !== null`) {
		t.Error("a broken update was offered")
	}
	srv2.Stop()
	run(t, ctx, "reload offline", chromedp.Reload())
	waitReady(t, ctx)
	if got := textOf(t, ctx, "#version"); got != before {
		t.Errorf("after the failed update the page runs %q, want %q", got, before)
	}
	if got := boardText(t, ctx); got != unique {
		t.Errorf("offline board %s, want %s", got, unique)
	}
}

func TestStaticExportOnPlainFileServer(t *testing.T) {
	need(t)
	out := t.TempDir()
	cmd := execServer("-export", out, "-prefix", "/sudoku")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("export: %v\n%s", err, b)
	}
	mux := http.NewServeMux()
	mux.Handle("/sudoku/", http.StripPrefix("/sudoku", http.FileServer(http.Dir(out))))
	fs := httptest.NewServer(mux)
	defer fs.Close()
	ctx := browser(t)
	open(t, ctx, fs.URL+"/sudoku/?p="+unique)
	if got := boardText(t, ctx); got != unique {
		t.Errorf("exported app board %s, want %s", got, unique)
	}
	click(t, ctx, "#solve")
	waitFor(t, ctx, "a solve", `(document.getElementById("message")||{}).textContent.startsWith("Solved in")`)

	// Offline under the sub-path, with a link never opened.
	waitOffline(t, ctx)
	fs.Close()
	open(t, ctx, fs.URL+"/sudoku/?p="+magic)
	if got := boardText(t, ctx); got != magic {
		t.Errorf("offline sub-path link: board %s, want %s", got, magic)
	}
}

func TestHostileLink(t *testing.T) {
	need(t)
	srv := startServer(t, "127.0.0.1:0")
	ctx := browser(t)
	for _, q := range []string{
		"p=" + url.QueryEscape(`<img src=x onerror="window.pwned=1">`),
		"p=" + url.QueryEscape(`"><script>window.pwned=1</script>`),
		"bd=" + strings.Repeat("%00", 81),
		"p=" + unique + "&e=" + url.QueryEscape("<svg onload=window.pwned=1>"),
		"p=" + strings.Repeat("1", 20000),
	} {
		open(t, ctx, srv.URL+"/?"+q)
		waitFor(t, ctx, "the bad-link message", `(document.getElementById("message")||{textContent:""}).textContent.includes("cannot be opened")`)
		if got := boardText(t, ctx); got != strings.Repeat(".", 81) {
			t.Errorf("?%.30s: board %s, want empty", q, got)
		}
		if eval[bool](t, ctx, `window.pwned === 1 || document.querySelector("#app img, #app script, #app svg") !== null`) {
			t.Errorf("?%.30s: markup injected", q)
		}
	}
}

func TestPasteAnywhereKeypadAndFocus(t *testing.T) {
	need(t)
	srv := startServer(t, "127.0.0.1:0")
	ctx := browser(t)
	open(t, ctx, srv.URL+"/")
	// Paste on the page itself, not in a text field: a 9-line grid.
	grid := ""
	for r := 0; r < 9; r++ {
		grid += strings.ReplaceAll(magic[r*9:r*9+9], ".", "0") + "\n"
	}
	run(t, ctx, "paste", chromedp.Evaluate[chromedp.Void](`(() => {
  const dt = new DataTransfer();
  dt.setData("text/plain", `+jsString(grid)+`);
  document.body.dispatchEvent(new ClipboardEvent("paste", {clipboardData: dt, bubbles: true}));
})()`))
	waitFor(t, ctx, "the pasted puzzle", `document.getElementById("cell-0").textContent === "4"`)
	if got := boardText(t, ctx); got != magic {
		t.Errorf("pasted board %s, want %s", got, magic)
	}
	// The on-screen keypad writes into the selected cell.
	click(t, ctx, "#cell-1")
	click(t, ctx, "#key-7")
	waitFor(t, ctx, "the keypad digit", `document.getElementById("cell-1").textContent === "7"`)
	click(t, ctx, "#key-0")
	waitFor(t, ctx, "the keypad erase", `document.getElementById("cell-1").textContent === ""`)
	// The board is one tab stop just before the mode switch and the keypad,
	// with a visible focus.
	run(t, ctx, "focus the mode switch", chromedp.Focus(chromedp.CSS("#mode-z")),
		chromedp.KeyEvent(kb.Tab, chromedp.KeyModifiers(chromedp.ModifierShift)))
	if id := eval[string](t, ctx, `document.activeElement.id`); id != "board" {
		t.Fatalf("Shift+Tab from the mode switch went to %q, want the board", id)
	}
	if shadow := eval[string](t, ctx, `getComputedStyle(document.getElementById("board")).boxShadow`); shadow == "none" || shadow == "" {
		t.Errorf("the focused board has no visible focus ring")
	}
	keys(t, ctx, kb.Tab)
	if id := eval[string](t, ctx, `document.activeElement.id`); id != "mode-z" {
		t.Errorf("Tab from the board went to %q, want the first control (mode-z)", id)
	}
}

func TestHintExplainsAndMarks(t *testing.T) {
	need(t)
	srv := startServer(t, "127.0.0.1:0")
	ctx := browser(t)
	open(t, ctx, srv.URL+"/?p="+magic)
	before := boardText(t, ctx)
	click(t, ctx, "#hint")
	waitFor(t, ctx, "the hint", `(document.getElementById("message")||{textContent:""}).textContent.startsWith("Hint (")`)
	msg := textOf(t, ctx, "#message")
	t.Logf("in-page hint: %s", msg)
	if !strings.Contains(msg, "): ") {
		t.Errorf("hint %q has no explanation", msg)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("#board .cell.hint").length`); n == 0 {
		t.Errorf("no cell marked by the hint")
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("#board .cell.hint-target").length`); n == 0 {
		t.Errorf("no target cell marked by the hint")
	}
	if got := boardText(t, ctx); got != before {
		t.Errorf("the hint changed the board: %s, was %s", got, before)
	}
}

// The page saves a change in a task of its own once it is idle (persist.go),
// but a reload in the same task as the key keeps the change all the same:
// the page saves what waits when it is left (pagehide).
func TestReloadRightAfterAChangeKeepsIt(t *testing.T) {
	need(t)
	srv := startServer(t, "127.0.0.1:0")
	ctx := browser(t)
	open(t, ctx, srv.URL+"/?p="+unique)
	click(t, ctx, "#cell-1")
	waitFor(t, ctx, "r1c2 selected", `document.querySelector("#cell-1.selected") !== null`)
	run(t, ctx, "a digit, and a reload at once", chromedp.Evaluate[chromedp.Void](`(() => {
  document.getElementById("board").dispatchEvent(new KeyboardEvent("keydown", {key: "6", code: "Digit6", bubbles: true}));
  window.oldPage = true;
  location.reload();
})()`))
	waitFor(t, ctx, "the reloaded page", `window.oldPage === undefined && document.querySelector("main.app.ready #board") !== null`)
	waitFor(t, ctx, "the digit after the reload", `document.getElementById("cell-1").textContent === "6"`)
}

// A reload that begins while the page writes the address bar opens the
// address the bar had before (the browser takes it when the reload begins),
// an earlier position than the session saved: the session wins, as for any
// reload of the same puzzle. TestPlayEasyByTouchOnPhone lost its last digit
// this way once in CI. The test makes the lag certain: it puts the earlier
// address back in the bar, unknown to the page, and reloads.
func TestReloadOfAnEarlierAddressKeepsTheGame(t *testing.T) {
	need(t)
	srv := startServer(t, "127.0.0.1:0")
	ctx := browser(t)
	open(t, ctx, srv.URL+"/?p="+unique)
	key := func(cell int, d string) {
		click(t, ctx, "#cell-"+strconv.Itoa(cell))
		waitFor(t, ctx, "cell "+strconv.Itoa(cell)+" selected", `document.querySelector("#cell-`+strconv.Itoa(cell)+`.selected") !== null`)
		run(t, ctx, "digit "+d, chromedp.Evaluate[chromedp.Void](`document.getElementById("board").dispatchEvent(new KeyboardEvent("keydown", {key: "`+d+`", code: "Digit`+d+`", bubbles: true}))`))
	}
	// The bar and the session after each digit.
	saved := `(() => { const s = JSON.parse(localStorage.getItem("sudoku.save") || "{}"); return s.link === location.search.slice(1); })()`
	key(1, "6")
	waitFor(t, ctx, "the first digit in the bar and the session", `location.search.includes("e=") && `+saved)
	earlier := eval[string](t, ctx, `location.href`)
	key(2, "7")
	waitFor(t, ctx, "the second digit in the bar and the session", `location.href !== `+jsString(earlier)+` && `+saved)
	run(t, ctx, "the earlier address, and a reload", chromedp.Evaluate[chromedp.Void](`(() => {
  history.replaceState(null, "", `+jsString(earlier)+`);
  window.oldPage = true;
  location.reload();
})()`))
	waitFor(t, ctx, "the reloaded page", `window.oldPage === undefined && document.querySelector("main.app.ready #board") !== null`)
	if got := boardText(t, ctx); got[1] != '6' || got[2] != '7' {
		t.Fatalf("after the reload r1c2 and r1c3 hold %q, want 6 and 7 (board %s)", got[1:3], got)
	}
	// A link of an earlier position opened anew (not a reload) still opens
	// that position.
	run(t, ctx, "the earlier address opened", chromedp.Navigate(earlier))
	waitReady(t, ctx)
	waitFor(t, ctx, "the earlier position", `document.getElementById("cell-1").textContent === "6" && document.getElementById("cell-2").textContent === ""`)
}
