package e2e

import (
	"context"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"sudoku/solver"
	"sudoku/solver/generate"
)

// watchMessages records, in window.genLog, every text the status line shows
// with the time it appeared, so a test sees the short "Generating…" too.
func watchMessages(t *testing.T, ctx context.Context) {
	t.Helper()
	run(t, ctx, "watch the status line", chromedp.Evaluate[chromedp.Void](`(() => {
  window.genLog = [];
  let last = "";
  const note = () => {
    const m = document.getElementById("message");
    const text = m ? m.textContent : "";
    if (text !== last) { last = text; window.genLog.push({text, at: performance.now()}); }
  };
  new MutationObserver(note).observe(document.body, {subtree: true, childList: true, characterData: true});
})()`))
}

// choose sets a select to value, as a user picking it would (a change event).
func choose(t *testing.T, ctx context.Context, id, value string) {
	t.Helper()
	run(t, ctx, "choose "+value+" in #"+id, chromedp.Evaluate[chromedp.Void](`(() => {
  const s = document.getElementById(`+jsString(id)+`);
  s.value = `+jsString(value)+`;
  s.dispatchEvent(new Event("change", {bubbles: true}));
})()`))
}

// generateInPage clicks button (#new-puzzle or #daily), waits for the
// status line to start with done, and returns the milliseconds from
// "Generating…" to that message.
func generateInPage(t *testing.T, ctx context.Context, button, done string) float64 {
	t.Helper()
	watchMessages(t, ctx)
	click(t, ctx, button)
	waitFor(t, ctx, "the generated puzzle", `window.genLog.some((e) => e.text.startsWith(`+jsString(done)+`))`)
	ms := eval[float64](t, ctx, `(() => {
  const g = window.genLog.find((e) => e.text.startsWith("Generating"));
  const d = window.genLog.find((e) => e.text.startsWith(`+jsString(done)+`));
  return g && d ? d.at - g.at : -1;
})()`)
	if ms < 0 {
		t.Errorf("the page never said it was generating: %q", eval[[]string](t, ctx, `window.genLog.map((e) => e.text)`))
	}
	if eval[bool](t, ctx, `document.getElementById("new-puzzle").disabled || document.getElementById("daily").disabled`) {
		t.Error("the buttons are still disabled after generating")
	}
	return ms
}

// playOneDigit types the solution's digit into the first empty cell of
// board and checks that the page shows it as the player's.
func playOneDigit(t *testing.T, ctx context.Context, board string) {
	t.Helper()
	g, err := solver.Parse(board)
	if err != nil {
		t.Fatalf("board %s: %v", board, err)
	}
	res, err := solver.Solve(g, solver.Options{Limit: 2})
	if err != nil || res.Count != 1 {
		t.Fatalf("board %s: %d solutions, %v; want one", board, res.Count, err)
	}
	cell := strings.IndexByte(board, '.')
	d := strconv.Itoa(int(res.Solution[cell]))
	click(t, ctx, "#cell-"+strconv.Itoa(cell))
	keys(t, ctx, d)
	waitFor(t, ctx, "the typed "+d, `document.querySelector("#cell-`+strconv.Itoa(cell)+`.entry") !== null && document.getElementById("cell-`+strconv.Itoa(cell)+`").textContent === `+jsString(d))
	if eval[bool](t, ctx, `document.querySelector("#board .cell.conflict") !== null`) {
		t.Errorf("the solution's %s in cell %d conflicts", d, cell)
	}
}

func clueCount(board string) int { return 81 - strings.Count(board, ".") }

// New puzzle makes an Easy puzzle in the page, Daily puzzle the day's
// puzzle, the same as generate.Daily natively and in a fresh profile; both
// are played like any puzzle, linked in the address bar, and axe finds
// nothing to fault in the new controls.
func TestNewAndDailyPuzzle(t *testing.T) {
	need(t)
	axe := axeSource(t)
	srv := startServer(t, "127.0.0.1:0")
	ctx := browser(t)
	open(t, ctx, srv.URL+"/")

	choose(t, ctx, "gen-level", "Easy")
	ms := generateInPage(t, ctx, "#new-puzzle", "New Easy puzzle:")
	t.Logf("Easy puzzle in the page: %.0f ms; %s", ms, textOf(t, ctx, "#message"))
	board := boardText(t, ctx)
	if n := clueCount(board); n < 17 || n > 60 {
		t.Fatalf("new puzzle %s has %d clues", board, n)
	}
	waitFor(t, ctx, "the unique count", `document.getElementById("count").textContent === "Unique solution."`)
	if !eval[bool](t, ctx, `document.querySelector("#cell-`+strconv.Itoa(strings.IndexFunc(board, func(r rune) bool { return r != '.' }))+`.clue") !== null`) {
		t.Error("the new puzzle's digits are not shown as clues")
	}
	waitFor(t, ctx, "the new puzzle in the address bar", `new URLSearchParams(location.search).get("p") === `+jsString(board))
	if href := eval[string](t, ctx, `location.href`); !strings.Contains(href, "p="+board) {
		t.Errorf("address bar %s does not hold the new puzzle %s", href, board)
	}
	playOneDigit(t, ctx, board)
	checkAxe(t, ctx, axe, "after New puzzle")
	if dir := os.Getenv("SUDOKU_SCREENSHOTS"); dir != "" {
		shoot(t, ctx, dir, "screenshot-new-puzzle.png")
	}

	day := time.Now()
	want, err := generate.Daily(nil, day)
	if err != nil {
		t.Fatal(err)
	}
	generateInPage(t, ctx, "#daily", "Daily puzzle for ")
	msg := textOf(t, ctx, "#message")
	t.Logf("daily: %s", msg)
	if !strings.Contains(msg, day.Format("Monday 2 January 2006")) || !strings.Contains(msg, ": "+want.Level.String()+", ") {
		t.Errorf("daily message %q lacks the date or the level %s", msg, want.Level)
	}
	daily := boardText(t, ctx)
	if sameDay := time.Now().YearDay() == day.YearDay(); sameDay && daily != want.Grid.String() {
		t.Errorf("daily puzzle in the page %s, generate.Daily gives %s", daily, want.Grid)
	}
	playOneDigit(t, ctx, daily)
	click(t, ctx, "#copy-link")
	if link := eval[string](t, ctx, `document.getElementById("link").value`); !strings.Contains(link, "p="+daily) {
		t.Errorf("share link %s does not hold the daily puzzle", link)
	}

	// New puzzle follows the Rules select; the daily puzzle is standard.
	setVariant(t, ctx, "diagonal")
	choose(t, ctx, "gen-level", "Medium")
	generateInPage(t, ctx, "#new-puzzle", "New Medium puzzle:")
	diag := boardText(t, ctx)
	waitFor(t, ctx, "the diagonal puzzle in the address bar", `new URLSearchParams(location.search).get("p") === `+jsString(diag))
	if href := eval[string](t, ctx, `location.href`); !strings.Contains(href, "p="+diag) || !strings.Contains(href, "v=diagonal") {
		t.Errorf("address bar %s does not hold the diagonal puzzle %s", href, diag)
	}
	waitFor(t, ctx, "the unique count", `document.getElementById("count").textContent === "Unique solution."`)
	generateInPage(t, ctx, "#daily", "Daily puzzle for ")
	if v := eval[string](t, ctx, `document.getElementById("variant").value`); v != "standard" {
		t.Errorf("the daily puzzle loaded with the rules %q", v)
	}
	if got := boardText(t, ctx); got != daily {
		t.Errorf("daily puzzle again: %s, first %s", got, daily)
	}

	b := browser(t) // a fresh profile: the same daily puzzle
	open(t, b, srv.URL+"/")
	generateInPage(t, b, "#daily", "Daily puzzle for ")
	if got := boardText(t, b); got != daily && time.Now().YearDay() == day.YearDay() {
		t.Errorf("daily puzzle in a fresh profile %s, first profile %s", got, daily)
	}
}

// TestMeasureGenerate reports how long New puzzle takes in the page, from
// "Generating…" to the new puzzle's message, and the longest gap between
// animation frames meanwhile (how long the page stood still). It asserts
// that every puzzle came at the level asked, nothing about time: run it
// with `make measure`.
func TestMeasureGenerate(t *testing.T) {
	if os.Getenv("SUDOKU_MEASURE") == "" {
		t.Skip("measurements only with SUDOKU_MEASURE=1 (make measure)")
	}
	need(t)
	srv := startServer(t, "127.0.0.1:0")
	ctx := browser(t)
	open(t, ctx, srv.URL+"/")
	run(t, ctx, "watch the frames", chromedp.Evaluate[chromedp.Void](`(() => {
  window.frameGap = 0;
  let last = performance.now();
  const frame = (now) => { window.frameGap = Math.max(window.frameGap, now - last); last = now; requestAnimationFrame(frame); };
  requestAnimationFrame(frame);
})()`))
	const runs = 9
	for _, level := range []string{"Easy", "Hard", "Expert", "Extreme"} {
		choose(t, ctx, "gen-level", level)
		var took, gaps []float64
		for range runs {
			run(t, ctx, "reset the frame gap", chromedp.Evaluate[chromedp.Void](`window.frameGap = 0`))
			took = append(took, generateInPage(t, ctx, "#new-puzzle", "New "+level+" puzzle:"))
			gaps = append(gaps, eval[float64](t, ctx, `window.frameGap`))
			if n := clueCount(boardText(t, ctx)); n < 17 {
				t.Errorf("a %s puzzle with %d clues", level, n)
			}
		}
		t.Logf("New puzzle, %s, in the page: %s", level, summary(took))
		t.Logf("  longest gap between frames meanwhile: %s", summary(gaps))
	}
}
