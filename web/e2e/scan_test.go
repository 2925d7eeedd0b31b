package e2e

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"image/jpeg"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"sudoku/internal/scansynth"
	"sudoku/internal/sudokutest"
)

// scanPhoto writes a synthetic photo of puzzle (the scan reader's test
// pictures: a printed grid in Go's font, tilted, a little noisy) of the
// given size as a JPEG into dir, and returns its path.
func scanPhoto(t *testing.T, dir, puzzle string, w, h int) string {
	t.Helper()
	img, _, err := scansynth.Render(rand.New(rand.NewPCG(7, 11)), sudokutest.MustParse(puzzle), scansynth.GoFonts()[0],
		scansynth.Style{W: w, H: h, Rotate: 5, Perspective: 0.03, Noise: 3})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, "grid-"+strconv.Itoa(w)+"x"+strconv.Itoa(h)+".jpg")
	if err := os.WriteFile(p, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// chooseScan picks a picture in the start sheet's Scan control, as a player
// does (the control opens the camera on a phone).
func chooseScan(t *testing.T, ctx context.Context, path string) {
	t.Helper()
	reveal(t, ctx, "#scan-file")
	run(t, ctx, "choose "+filepath.Base(path), chromedp.SetUploadFiles(chromedp.CSS("#scan-file"), []string{path}, chromedp.NodeVisible),
		chromedp.Evaluate[chromedp.Void](`window.scanChosenAt = performance.now();
document.getElementById("scan-file").dispatchEvent(new Event("change", {bubbles: true}))`))
}

// reviewState waits for the review screen to finish reading and returns
// its state ("read" or "failed").
func reviewState(t *testing.T, ctx context.Context) string {
	t.Helper()
	waitFor(t, ctx, "the review of the picture", `(() => {
  const p = document.getElementById("scan-panel");
  return p !== null && p.dataset.state !== "reading";
})()`)
	return eval[string](t, ctx, `document.getElementById("scan-panel").dataset.state`)
}

// reviewDigits is the review board's reading, '.' for empty.
func reviewDigits(t *testing.T, ctx context.Context) string {
	return eval[string](t, ctx, `Array.from({length: 81}, (_, i) => document.getElementById("scan-cell-" + i).textContent || ".").join("")`)
}

// TestScanInThePage: a photo chosen in the page is read in the engine's
// worker; the review shows it with the grid outlined and the digits read,
// takes a correction from the keys, and "Use this puzzle" makes it the game
// (the count says one solution; undo brings the old game back); a file that
// is not a picture is refused with its reason; all of it offline too. A
// newspaper photo of ../shared/data/scan is read when present.
func TestScanInThePage(t *testing.T) {
	need(t)
	axe := axeSource(t)
	dir := t.TempDir()
	photo := scanPhoto(t, dir, unique, 640, 480)
	notImage := filepath.Join(dir, "notes.jpg")
	if err := os.WriteFile(notImage, []byte("these are not pixels"), 0o644); err != nil {
		t.Fatal(err)
	}
	srv := startServer(t, freeAddr(t))
	ctx := browser(t)
	open(t, ctx, srv.URL+"/?p="+magic)
	waitOffline(t, ctx)

	scanAndUse := func(where string) {
		chooseScan(t, ctx, photo)
		if st := reviewState(t, ctx); st != "read" {
			t.Fatalf("%s: review %s: %s", where, st, textOf(t, ctx, "#scan-msg"))
		}
		if got := reviewDigits(t, ctx); got != unique {
			t.Errorf("%s: read %s, want %s", where, got, unique)
		}
		if n := eval[int](t, ctx, `document.querySelectorAll("#scan-overlay polygon").length`); n != 1 {
			t.Errorf("%s: %d outlines over the photo", where, n)
		}
		if n := eval[int](t, ctx, `document.querySelectorAll("#scan-overlay text").length`); n != 17 {
			t.Errorf("%s: %d digits drawn over the photo, want 17", where, n)
		}
		checkAxe(t, ctx, axe, where+", the scan's review")
		// A correction by the keys: a digit in r1c2, then erased again.
		click(t, ctx, "#scan-cell-1")
		keys(t, ctx, "9")
		waitFor(t, ctx, "r1c2 typed", `document.getElementById("scan-cell-1").textContent === "9"`)
		click(t, ctx, "#key-0")
		waitFor(t, ctx, "r1c2 erased by the keypad", `document.getElementById("scan-cell-1").textContent === ""`)
		click(t, ctx, "#scan-use")
		waitFor(t, ctx, "the scanned puzzle on the board", `document.getElementById("scan-panel") === null`)
		if got := boardText(t, ctx); got != unique {
			t.Errorf("%s: the board holds %s, want %s", where, got, unique)
		}
		waitFor(t, ctx, "the count", `document.getElementById("count").textContent === "Unique solution."`)
		run(t, ctx, "undo", chromedp.Evaluate[chromedp.Void](`document.getElementById("undo").click()`))
		waitFor(t, ctx, "the game before the scan", `document.getElementById("cell-0").textContent === "`+magic[:1]+`"`)
		// Not a picture: refused, with the reason; Cancel gives the game back.
		chooseScan(t, ctx, notImage)
		if st := reviewState(t, ctx); st != "failed" || !strings.Contains(textOf(t, ctx, "#scan-msg"), "not an image") {
			t.Errorf("%s: a text file gave %s: %q", where, st, textOf(t, ctx, "#scan-msg"))
		}
		click(t, ctx, "#scan-cancel")
		waitFor(t, ctx, "the review closed", `document.getElementById("scan-panel") === null && document.getElementById("board").offsetParent !== null`)
	}
	scanAndUse("online")
	srv.Stop()
	open(t, ctx, srv.URL+"/?p="+magic)
	scanAndUse("offline")

	// A newspaper photo, when the training photos are here.
	t.Run("newspaper photo", func(t *testing.T) {
		shared := filepath.Join(sudokutest.SharedData(t), "scan")
		want, err := datDigits(filepath.Join(shared, "image1.dat"))
		if err != nil {
			t.Skipf("no training photo: %v", err)
		}
		chooseScan(t, ctx, filepath.Join(shared, "image1.jpg"))
		st := reviewState(t, ctx)
		if st != "read" {
			t.Fatalf("image1.jpg: review %s: %s", st, textOf(t, ctx, "#scan-msg"))
		}
		got, same := reviewDigits(t, ctx), 0
		for i := range 81 {
			if got[i] == want[i] {
				same++
			}
		}
		t.Logf("image1.jpg in the page: %d of 81 cells as its .dat says; %s", same, textOf(t, ctx, "#scan-msg"))
		if same < 75 {
			t.Errorf("image1.jpg: %d of 81 cells right", same)
		}
	})
}

// datDigits reads a scan photo's .dat answer as 81 characters, '.' for empty.
func datDigits(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	var b strings.Builder
	sc := bufio.NewScanner(f)
	for n := 0; sc.Scan(); n++ {
		if n < 2 {
			continue // the camera and the picture's size
		}
		for _, w := range strings.Fields(sc.Text()) {
			if w == "0" {
				w = "."
			}
			b.WriteString(w)
		}
	}
	return b.String(), sc.Err()
}

// scanAnswersScript, run before the page's own scripts, keeps each answer
// of the engine's worker to a scan job in window.scanAnswers ({millis, the
// worker's own time for it, the reading in Go after the worker decoded and
// shrank the picture; puzzle, the digits read, or why nothing was) and
// counts the warm-ups the page posts in window.scanWarmups.
const scanAnswersScript = `window.scanAnswers = [];
window.scanWarmups = 0;
const SudokuWorker = window.Worker;
window.Worker = function (url, opts) {
  const w = new SudokuWorker(url, opts);
  w.addEventListener("message", (e) => {
    if (typeof e.data !== "string") return;
    try {
      const a = JSON.parse(e.data);
      if (a.op === "scan") window.scanAnswers.push({millis: a.millis, puzzle: a.scan ? a.scan.digits : (a.err ? a.err.msg : "")});
    } catch (x) { /* not an answer */ }
  });
  const post = w.postMessage;
  w.postMessage = function (m, ...rest) {
    if (m !== null && typeof m === "object" && m.warm === true) window.scanWarmups++;
    return post.call(this, m, ...rest);
  };
  return w;
};
window.Worker.prototype = SudokuWorker.prototype;`

// openScan does what a player's click on the Scan control's file input
// does before the chooser opens: the page's click handler runs (a click
// event dispatched by a script opens no chooser).
func openScan(t *testing.T, ctx context.Context) {
	t.Helper()
	reveal(t, ctx, "#scan-file")
	run(t, ctx, "click the Scan control", chromedp.Evaluate[chromedp.Void](`document.getElementById("scan-file").dispatchEvent(new MouseEvent("click", {bubbles: true}))`))
}

// TestScanWarmUp: opening the Scan control readies the photo reader once:
// the page posts one warm-up, however often the control opens, and the
// worker reads the grid it draws for it (the whole reader runs); a photo
// chosen meanwhile is read after it, and a picture read means no warm-up
// later.
func TestScanWarmUp(t *testing.T) {
	need(t)
	photo := scanPhoto(t, t.TempDir(), unique, 640, 480)
	srv := startServer(t, "127.0.0.1:0")
	ctx := browser(t)
	onNewDocument(t, ctx, scanAnswersScript)
	open(t, ctx, srv.URL+"/?p="+magic)
	before := textOf(t, ctx, "#message")
	openScan(t, ctx)
	openScan(t, ctx)
	waitFor(t, ctx, "the warm-up's answer", `window.scanAnswers.length === 1`)
	const warmClues = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	if got := eval[string](t, ctx, `window.scanAnswers[0].puzzle`); got != warmClues {
		t.Errorf("the warm-up read %q, want the grid it drew, %s", got, warmClues)
	}
	if n := eval[int](t, ctx, `window.scanWarmups`); n != 1 {
		t.Errorf("the Scan control opened twice posted %d warm-ups, want 1", n)
	}
	if msg := textOf(t, ctx, "#message"); msg != before {
		t.Errorf("the warm-up changed the page's message from %q to %q", before, msg)
	}
	// A new page: the control opened and a photo chosen at once, before the
	// warm-up is done; then the control again.
	open(t, ctx, srv.URL+"/?p="+magic)
	openScan(t, ctx)
	chooseScan(t, ctx, photo)
	if st := reviewState(t, ctx); st != "read" {
		t.Fatalf("review %s: %s", st, textOf(t, ctx, "#scan-msg"))
	}
	if got := reviewDigits(t, ctx); got != unique {
		t.Errorf("the photo chosen during the warm-up read %s, want %s", got, unique)
	}
	click(t, ctx, "#scan-cancel")
	waitFor(t, ctx, "closed", `document.getElementById("scan-panel") === null`)
	openScan(t, ctx)
	waitFor(t, ctx, "both answers", `window.scanAnswers.length === 2`)
	if n := eval[int](t, ctx, `window.scanWarmups`); n != 1 {
		t.Errorf("%d warm-ups posted in a page that read a photo, want 1", n)
	}
}

// TestMeasureScan reports the time from choosing a 12-megapixel photo
// (4000x3000 JPEG) to the review screen showing its reading, of which the
// reading in Go in the worker, and the longest task on the page's thread
// meanwhile: five times in a fresh browser whose page's Scan control was
// not opened before (as when a picture is pasted or dropped), then in
// another whose Scan control was opened first, the photo chosen once its
// warm-up was done (a player takes seconds; the warm-up's own time is
// reported). A figure only.
func TestMeasureScan(t *testing.T) {
	if os.Getenv("SUDOKU_MEASURE") == "" {
		t.Skip("measurements only with SUDOKU_MEASURE=1 (make measure)")
	}
	need(t)
	photo := scanPhoto(t, t.TempDir(), unique, 4000, 3000)
	srv := startServer(t, "127.0.0.1:0")
	for _, warm := range []bool{false, true} {
		ctx := browser(t) // a Chromium of its own
		onNewDocument(t, ctx, jobWatchScript+"\n"+scanAnswersScript+`
new MutationObserver(() => {
  const p = document.getElementById("scan-panel");
  if (p && p.dataset.state === "read" && window.scanReadAt === undefined) window.scanReadAt = performance.now();
}).observe(document, {subtree: true, childList: true, attributes: true, attributeFilter: ["data-state"]});`)
		open(t, ctx, srv.URL+"/?p="+magic)
		how := "no warm-up"
		if warm {
			at := eval[float64](t, ctx, `performance.now()`)
			openScan(t, ctx)
			waitFor(t, ctx, "the warm-up's answer", `window.scanAnswers.length === 1`)
			how = fmt.Sprintf("the Scan control opened first, its warm-up done in %.0f ms (the reading in Go %.0f ms)",
				eval[float64](t, ctx, `performance.now()`)-at, eval[float64](t, ctx, `window.scanAnswers[0].millis`))
		}
		t.Logf("%s:", how)
		for i := range 5 {
			eval[bool](t, ctx, `(() => { window.scanReadAt = undefined; window.scanAnswers = []; return true; })()`)
			chooseScan(t, ctx, photo)
			if st := reviewState(t, ctx); st != "read" {
				t.Fatalf("run %d: %s", i, textOf(t, ctx, "#scan-msg"))
			}
			waitFor(t, ctx, "the time", `window.scanReadAt !== undefined`)
			ms := eval[float64](t, ctx, `window.scanReadAt - window.scanChosenAt`)
			longest := eval[float64](t, ctx, `Math.max(0, ...window.longTasks.filter((e) => e.start + e.ms >= window.scanChosenAt).map((e) => e.ms))`)
			read := eval[[]float64](t, ctx, `window.scanAnswers.map((a) => a.millis)`)
			if len(read) != 1 {
				t.Fatalf("run %d: %d scan answers from the worker, want 1", i+1, len(read))
			}
			t.Logf("run %d: 12 MP photo chosen -> review shown in %.0f ms, of which the reading in Go %.0f ms; longest task on the page's thread %.0f ms (%s)", i+1, ms, read[0], longest, reviewDigitsOK(reviewDigits(t, ctx)))
			click(t, ctx, "#scan-cancel")
			waitFor(t, ctx, "closed", `document.getElementById("scan-panel") === null`)
		}
	}
}

func reviewDigitsOK(got string) string {
	if got == unique {
		return "read exactly"
	}
	return "read " + got
}

// TestScreenshotsScan writes the scan review's screenshots (a photo with a
// doubtful cell: a newspaper photo when ../shared is here, else a synthetic
// one), light and dark, desktop and phone, into $SUDOKU_SCREENSHOTS.
func TestScreenshotsScan(t *testing.T) {
	dir := os.Getenv("SUDOKU_SCREENSHOTS")
	if dir == "" {
		t.Skip("screenshots only with SUDOKU_SCREENSHOTS=dir (make screenshots)")
	}
	need(t)
	photo := scanPhoto(t, t.TempDir(), unique, 640, 480)
	if p := filepath.Join(moduleRoot, "..", "shared", "data", "scan", "image1.jpg"); fileExists(p) {
		photo = p
	}
	srv := startServer(t, "127.0.0.1:0")
	for _, d := range []device{desktop, phone} {
		for _, scheme := range []string{"light", "dark"} {
			ctx := browser(t)
			emulate(t, ctx, d)
			emulateScheme(t, ctx, scheme)
			open(t, ctx, srv.URL+"/?p="+magic)
			chooseScan(t, ctx, photo)
			if st := reviewState(t, ctx); st != "read" {
				t.Fatalf("review %s: %s", st, textOf(t, ctx, "#scan-msg"))
			}
			click(t, ctx, "#scan-cell-0")
			shootBoard(t, ctx, dir, "screenshot-scan-"+scheme+"-"+d.name+".png")
		}
	}
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// TestScanReviewOnAPhone: on a 390x844 phone with touch, the review shows
// "Use this puzzle" without a scroll, the photo's top and the board of the
// reading; a cell tapped and corrected with the page's keypad (scrolled to
// if needed) leaves the action in view; tapping it loads the puzzle. Axe
// finds nothing there, light and dark.
func TestScanReviewOnAPhone(t *testing.T) {
	need(t)
	axe := axeSource(t)
	photo := scanPhoto(t, t.TempDir(), unique, 640, 480)
	srv := startServer(t, "127.0.0.1:0")
	for _, scheme := range []string{"light", "dark"} {
		ctx := browser(t)
		emulate(t, ctx, phone)
		emulateScheme(t, ctx, scheme)
		open(t, ctx, srv.URL+"/?p="+magic)
		chooseScan(t, ctx, photo)
		if st := reviewState(t, ctx); st != "read" {
			t.Fatalf("%s: review %s: %s", scheme, st, textOf(t, ctx, "#scan-msg"))
		}
		inView := `((sel) => { const r = document.querySelector(sel).getBoundingClientRect();
			return r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth && r.height > 0; })`
		if y := eval[float64](t, ctx, `window.scrollY`); y != 0 {
			t.Errorf("%s: the review opened scrolled by %.0f px", scheme, y)
		}
		for _, sel := range []string{"#scan-use", "#scan-cancel", "#scan-cell-0", "#scan-photo"} {
			if !eval[bool](t, ctx, inView+`("`+sel+`")`) {
				t.Errorf("%s: %s is not in view without a scroll: %s", scheme, sel,
					eval[string](t, ctx, `JSON.stringify(document.querySelector("`+sel+`").getBoundingClientRect())`))
			}
		}
		checkAxe(t, ctx, axe, scheme+" phone, the scan's review")
		// A correction by touch: the last cell, then the keypad's 3 (its solution digit).
		run(t, ctx, "tap r9c9", chromedp.Tap(chromedp.CSS("#scan-cell-80")))
		run(t, ctx, "tap 3", chromedp.ScrollIntoView(chromedp.CSS("#key-3")), chromedp.Tap(chromedp.CSS("#key-3")))
		waitFor(t, ctx, "r9c9 corrected", `document.getElementById("scan-cell-80").textContent === "3"`)
		if !eval[bool](t, ctx, inView+`("#scan-use")`) || !eval[bool](t, ctx, inView+`("#key-3")`) {
			t.Errorf("%s: after a correction at the keypad, Use this puzzle (%v) or the keypad (%v) is out of view", scheme,
				eval[bool](t, ctx, inView+`("#scan-use")`), eval[bool](t, ctx, inView+`("#key-3")`))
		}
		run(t, ctx, "tap Use this puzzle", chromedp.Tap(chromedp.CSS("#scan-use")))
		waitFor(t, ctx, "the scanned puzzle on the board", `document.getElementById("scan-panel") === null`)
		if got, want := boardText(t, ctx), unique[:80]+"3"; got != want {
			t.Errorf("%s: the board holds %s, want %s", scheme, got, want)
		}
	}
}
