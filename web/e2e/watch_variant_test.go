package e2e

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"sudoku/solver"
)

// TestWatchVariant: Watch the solver on variant puzzles opened from
// f-puzzles links, in Chromium: the rules engine records in the worker,
// the replay grid has the puzzle's size with its rules drawn, stepping to
// the last event ends on the setter's solution, an event names its
// constraint, and Close gives the board back unchanged. With
// SUDOKU_SCREENSHOTS set, a picture of the killer's replay at a guess.
func TestWatchVariant(t *testing.T) {
	need(t)
	srv := startServer(t, "127.0.0.1:0")
	ctx := browser(t)
	run(t, ctx, "emulate", chromedp.EmulateViewport(1200, 1000))
	for _, name := range []string{"thermo-6x6-wsc2022.json", "killer-uk2022.json"} {
		js := variantFile(t, name)
		p, err := solver.ParseFPuzzles(js, name)
		if err != nil {
			t.Fatal(err)
		}
		n := p.Rules.Cells()
		open(t, ctx, fpuzzlesLink(srv.URL, js))
		waitFor(t, ctx, "the rules drawn", `document.querySelector("#board #rules-overlay") !== null`)
		before := cellsText(t, ctx, n)
		openWatch(t, ctx)
		if got := eval[string](t, ctx, `document.getElementById("watch-panel").dataset.engine`); got != "rules" {
			t.Errorf("%s: engine %q, want rules", name, got)
		}
		if k := eval[int](t, ctx, `document.querySelectorAll("#watch-grid .cell").length`); k != n {
			t.Errorf("%s: the replay grid has %d cells, want %d", name, k, n)
		}
		if !eval[bool](t, ctx, `document.querySelector("#watch-grid #rules-overlay") !== null`) {
			t.Errorf("%s: the replay grid does not draw the rules", name)
		}
		_, total := watchShown(t, ctx)
		if name == "killer-uk2022.json" {
			// Step to the first guess, for the picture and an event naming
			// a cage on the way.
			sawCage := false
			for k := 1; k <= total; k++ {
				click(t, ctx, "#watch-step")
				waitFor(t, ctx, "a step", `document.getElementById("watch-events").textContent.startsWith("`+strconv.Itoa(k)+` / ")`)
				ev := textOf(t, ctx, "#watch-event")
				sawCage = sawCage || strings.Contains(ev, "(The cage ")
				if strings.HasPrefix(ev, "guess") {
					break
				}
			}
			if !sawCage {
				t.Errorf("%s: no event before the first guess names a cage", name)
			}
			if dir := os.Getenv("SUDOKU_SCREENSHOTS"); dir != "" {
				run(t, ctx, "top", chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`))
				shoot(t, ctx, dir, "watch-variant-killer.png")
			}
		}
		// Step to the end in chunks, each its own call with its own
		// deadline: the killer's 3,394 steps in one call took over a
		// minute on a loaded two-core machine (CI, 2026-11-29).
		for left := total + 1; left > 0; left -= 400 {
			k := min(left, 400)
			run(t, ctx, "step to the end", chromedp.Evaluate[chromedp.Void](`(() => {
  const b = document.getElementById("watch-step");
  for (let i = 0; i < `+strconv.Itoa(k)+`; i++) b.click();
})()`))
		}
		waitFor(t, ctx, "the last event", `document.getElementById("watch-events").textContent === "`+strconv.Itoa(total)+` / `+strconv.Itoa(total)+`"`)
		got := eval[string](t, ctx, `Array.from({length: `+strconv.Itoa(n)+`}, (_, i) => document.getElementById("watch-cell-" + i).textContent).join("")`)
		want := ""
		for _, d := range p.Solution {
			want += strconv.Itoa(int(d))
		}
		if got != want {
			t.Errorf("%s: the replay ends on %s, the setter's solution is %s", name, got, want)
		}
		click(t, ctx, "#watch-close")
		waitFor(t, ctx, "the board back", `document.getElementById("board").offsetParent !== null`)
		if after := cellsText(t, ctx, n); after != before {
			t.Errorf("%s: the board changed while watching: %s, was %s", name, after, before)
		}
		t.Logf("%s: %d events", name, total)
	}
}
