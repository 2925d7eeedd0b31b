package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"sudoku/solver"
	"sudoku/solver/logic"
)

// chainMagic is a magictour puzzle whose explanation has an XY-Chain.
const chainMagic = "7.8...3.....6.1...4.........6.....253...8.......1...9..9.5....2....7.4..........."

// cliExplain is `sudoku explain -json` as the tests read it.
type cliExplain struct {
	Level string  `json:"level"`
	Score float64 `json:"score"`
	Steps []struct {
		Technique    string    `json:"technique"`
		Explanation  string    `json:"explanation"`
		Placements   []cliCand `json:"placements"`
		Eliminations []cliCand `json:"eliminations"`
		Units        []string  `json:"units"`
		Pattern      []cliCand `json:"pattern"`
		Links        []struct {
			From   cliCand `json:"from"`
			To     cliCand `json:"to"`
			Strong bool    `json:"strong"`
		} `json:"links"`
	} `json:"steps"`
}

type cliCand struct {
	Cell  string `json:"cell"`
	Digit int    `json:"digit"`
}

// sudokuCLI builds the command-line tool into the test's temporary
// directory (the build cache makes a second build quick).
func sudokuCLI(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "sudoku")
	cmd := exec.Command("go", "build", "-o", path, "./cmd/sudoku")
	cmd.Dir = moduleRoot
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building the CLI: %v\n%s", err, out)
	}
	return path
}

// explainCLI runs `sudoku explain -json puzzle`.
func explainCLI(t *testing.T, puzzle string) cliExplain {
	t.Helper()
	out, err := exec.Command(sudokuCLI(t), "explain", "-json", puzzle).Output()
	if err != nil {
		t.Fatalf("sudoku explain -json %s: %v", puzzle, err)
	}
	var ex cliExplain
	if err := json.Unmarshal(out, &ex); err != nil {
		t.Fatalf("sudoku explain -json: %v\n%s", err, out)
	}
	return ex
}

// openExplain clicks Explain and waits for the step list.
func openExplain(t *testing.T, ctx context.Context) {
	t.Helper()
	click(t, ctx, "#explain-toggle")
	// The list is mounted a chunk at a time: busy until every step is in.
	waitFor(t, ctx, "the step list", `document.querySelectorAll("#explain-steps [role=option]").length > 0 &&
  document.getElementById("explain-steps").getAttribute("aria-busy") === "false"`)
}

// pageStep is a step as the page lists it.
type pageStep struct {
	Technique string `json:"technique"`
	Text      string `json:"text"`
}

func pageSteps(t *testing.T, ctx context.Context) []pageStep {
	t.Helper()
	return eval[[]pageStep](t, ctx, `Array.from(document.querySelectorAll("#explain-steps [role=option]"), (li) =>
  ({technique: li.dataset.technique, text: li.querySelector(".step-text").textContent}))`)
}

// drawn is what the board draws of the selected step: struck and placed
// candidates ("r3c5=7"), shaded unit cells and chain links.
type drawn struct {
	Elim  []string `json:"elim"`
	Place []string `json:"place"`
	Units []int    `json:"units"`
	Lines int      `json:"lines"`
	Weak  int      `json:"weak"`
	// Links are the drawn lines as "r4c7=8 strong r4c7=7", in order.
	Links []string `json:"links"`
}

func drawnStep(t *testing.T, ctx context.Context) drawn {
	t.Helper()
	d := eval[drawn](t, ctx, `(() => {
  const name = (c) => "r" + (Math.floor(c / 9) + 1) + "c" + (c % 9 + 1);
  const marks = (cls) => Array.from(document.querySelectorAll("#board .m." + cls), (m) =>
    name(+m.closest(".cell").dataset.cell) + "=" + getComputedStyle(m, "::before").content.replaceAll('"', ""));
  return {
    elim: marks("hint-elim"), place: marks("hint-place"),
    units: Array.from(document.querySelectorAll("#board .cell.unit"), (c) => +c.dataset.cell),
    lines: document.querySelectorAll("#explain-links line").length,
    weak: document.querySelectorAll("#explain-links line[data-link=weak]").length,
    links: Array.from(document.querySelectorAll("#explain-links line"), (l) =>
      l.dataset.from + " " + l.dataset.link + " " + l.dataset.to),
  };
})()`)
	sort.Strings(d.Elim)
	sort.Strings(d.Place)
	sort.Ints(d.Units)
	return d
}

func candNames(cs []cliCand) []string {
	out := make([]string, 0, len(cs))
	for _, c := range cs {
		out = append(out, c.Cell+"="+strconv.Itoa(c.Digit))
	}
	sort.Strings(out)
	return out
}

// unitCells are the cells of the named units (the CLI's unit names).
func unitCells(names []string) []int {
	v := solver.Standard
	in := map[int]bool{}
	for _, n := range names {
		for u := 0; u < v.NumUnits(); u++ {
			if v.UnitName(u) == n {
				for _, c := range v.Unit(u) {
					in[int(c)] = true
				}
			}
		}
	}
	out := []int{}
	for c := range in {
		out = append(out, c)
	}
	sort.Ints(out)
	return out
}

// selectStep selects step i (0-based) with the slider, as a user dragging it.
func selectStep(t *testing.T, ctx context.Context, i int) {
	t.Helper()
	run(t, ctx, "slide to step "+strconv.Itoa(i+1), chromedp.Evaluate[chromedp.Void](`(() => {
  const r = document.getElementById("explain-range");
  r.value = `+strconv.Itoa(i+1)+`;
  r.dispatchEvent(new Event("input", {bubbles: true}));
})()`))
	waitSelected(t, ctx, i)
}

func waitSelected(t *testing.T, ctx context.Context, i int) {
	t.Helper()
	waitFor(t, ctx, "step "+strconv.Itoa(i+1)+" selected",
		`(document.querySelector("#explain-steps [aria-selected=true]")||{}).id === "explain-step-`+strconv.Itoa(i)+`" &&
		 document.getElementById("explain-range").value === "`+strconv.Itoa(i+1)+`"`)
}

// TestExplainMatchesCLI: the steps the page lists and draws are those of
// `sudoku explain -json` for the same puzzle: technique and sentence of
// every step, the grade, and for a few steps (a chain among them) the
// struck and placed candidates and the shaded units.
func TestExplainMatchesCLI(t *testing.T) {
	need(t)
	cli := explainCLI(t, chainMagic)
	srv := startServer(t, "127.0.0.1:0")
	ctx := browser(t)
	open(t, ctx, srv.URL+"/?p="+chainMagic)
	openExplain(t, ctx)
	steps := pageSteps(t, ctx)
	if len(steps) != len(cli.Steps) {
		t.Fatalf("the page lists %d steps, the CLI %d", len(steps), len(cli.Steps))
	}
	for i, s := range steps {
		if w := cli.Steps[i]; s.Technique != w.Technique || s.Text != w.Explanation {
			t.Fatalf("step %d: page %s %q, CLI %s %q", i+1, s.Technique, s.Text, w.Technique, w.Explanation)
		}
	}
	grade := textOf(t, ctx, "#explain-grade")
	if want := fmt.Sprintf("%s, score %.1f (%d steps", cli.Level, cli.Score, len(cli.Steps)); !strings.Contains(grade, want) {
		t.Errorf("grade %q, want it to say %q", grade, want)
	}
	t.Logf("%d steps; %s", len(steps), grade)
	// The drawn steps: the first, a chain, one with placements, the last.
	check := []int{0, len(steps) - 1}
	chain := -1
	for i, s := range cli.Steps {
		switch s.Technique {
		case "X-Chain", "XY-Chain", "Alternating Inference Chain", "Continuous Nice Loop":
			if chain < 0 {
				chain = i
				check = append(check, i)
			}
		}
	}
	if chain < 0 {
		t.Fatal("the puzzle has no chain step: pick another")
	}
	check = append(check, chain+1)
	for _, i := range check {
		selectStep(t, ctx, i)
		d := drawnStep(t, ctx)
		w := cli.Steps[i]
		if fmt.Sprint(d.Elim) != fmt.Sprint(candNames(w.Eliminations)) || fmt.Sprint(d.Place) != fmt.Sprint(candNames(w.Placements)) {
			t.Errorf("step %d (%s): drawn struck %v placed %v; CLI %v %v", i+1, w.Technique, d.Elim, d.Place, candNames(w.Eliminations), candNames(w.Placements))
		}
		if fmt.Sprint(d.Units) != fmt.Sprint(unitCells(w.Units)) {
			t.Errorf("step %d (%s): shaded %v, the CLI's units %v", i+1, w.Technique, d.Units, w.Units)
		}
		if i == chain {
			// A chain of n nodes has n-1 links (n for a loop), alternating
			// from a strong one: about half of them weak.
			n := len(w.Pattern)
			if d.Lines < n-1 || d.Lines > n || d.Weak != d.Lines/2 {
				t.Errorf("chain step %d (%s, %d nodes): %d lines, %d weak", i+1, w.Technique, n, d.Lines, d.Weak)
			}
			var want []string
			for _, l := range w.Links {
				kind := "weak"
				if l.Strong {
					kind = "strong"
				}
				want = append(want, l.From.Cell+"="+strconv.Itoa(l.From.Digit)+" "+kind+" "+l.To.Cell+"="+strconv.Itoa(l.To.Digit))
			}
			if len(want) == 0 || fmt.Sprint(d.Links) != fmt.Sprint(want) {
				t.Errorf("chain step %d (%s): drawn links %q, the CLI's %q", i+1, w.Technique, d.Links, want)
			}
			t.Logf("chain step %d: %s, %d links drawn (%d weak), as the CLI's JSON: %q", i+1, w.Technique, d.Lines, d.Weak, d.Links)
		} else if d.Lines != 0 && w.Technique != "Grouped AIC" {
			t.Errorf("step %d (%s) draws %d links", i+1, w.Technique, d.Lines)
		}
	}
}

// TestExplainForwardBack: from a position with digits placed, Explain
// lists the steps from there; Next, Previous, the slider and the list's
// keys move the selection and the drawing; axe finds nothing with the panel
// open; closing it restores the board; the game is never changed.
func TestExplainForwardBack(t *testing.T) {
	need(t)
	pz, _ := solver.Parse(magic)
	full, err := logic.Explain(solver.Position{Clues: pz}, logic.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// Place the digits of the first placing steps.
	entries := []byte(strings.Repeat(".", 81))
	placed := 0
	for _, st := range full.Steps {
		for _, p := range st.Placements {
			if placed < 6 {
				entries[p.Cell] = byte('0' + p.Digit)
				placed++
			}
		}
	}
	pos := solver.Position{Clues: pz, GivensKnown: true}
	for c, ch := range entries {
		if ch != '.' {
			pos.Placed[c] = ch - '0'
		}
	}
	want, err := logic.Explain(pos, logic.Options{})
	if err != nil || want.Mistakes != nil {
		t.Fatal(want, err)
	}
	srv := startServer(t, "127.0.0.1:0")
	ctx := browser(t)
	onNewDocument(t, ctx, `window.cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => window.cspViolations.push(e.violatedDirective + " " + (e.sample || "")));`)
	open(t, ctx, srv.URL+"/?p="+magic+"&e="+string(entries))
	board := boardText(t, ctx)
	openExplain(t, ctx)
	steps := pageSteps(t, ctx)
	if len(steps) != len(want.Steps) || len(steps) >= len(full.Steps) {
		t.Fatalf("%d steps from the position, want %d (the clues need %d)", len(steps), len(want.Steps), len(full.Steps))
	}
	for i, s := range steps {
		if s.Text != want.Steps[i].Explanation {
			t.Fatalf("step %d: %q, want %q", i+1, s.Text, want.Steps[i].Explanation)
		}
	}
	if got := eval[string](t, ctx, `document.getElementById("explain-toggle").getAttribute("aria-expanded")`); got != "true" {
		t.Errorf("aria-expanded %q with the panel open", got)
	}
	waitSelected(t, ctx, 0)
	first := drawnStep(t, ctx)
	click(t, ctx, "#explain-next")
	waitSelected(t, ctx, 1)
	if cur := textOf(t, ctx, "#explain-current"); !strings.HasPrefix(cur, fmt.Sprintf("Step 2 of %d, ", len(steps))) {
		t.Errorf("announced %q after Next", cur)
	}
	second := drawnStep(t, ctx)
	if fmt.Sprint(first) == fmt.Sprint(second) {
		t.Errorf("Next did not change the drawing: %+v", second)
	}
	click(t, ctx, "#explain-prev")
	waitSelected(t, ctx, 0)
	if back := drawnStep(t, ctx); fmt.Sprint(back) != fmt.Sprint(first) {
		t.Errorf("Previous drew %+v, the first step drew %+v", back, first)
	}
	selectStep(t, ctx, len(steps)/2)
	// The list's keys: End, Home, ArrowDown.
	run(t, ctx, "focus the list", chromedp.Focus(chromedp.CSS("#explain-steps")))
	keys(t, ctx, kb.End)
	waitSelected(t, ctx, len(steps)-1)
	keys(t, ctx, kb.Home, kb.ArrowDown)
	waitSelected(t, ctx, 1)
	checkAxe(t, ctx, axeSource(t), "Explain panel open")
	emulateScheme(t, ctx, "dark")
	checkAxe(t, ctx, axeSource(t), "Explain panel open, dark")
	emulateScheme(t, ctx, "light")
	// Every digit drawn on the board is the solution's, and the player's own
	// digits are still theirs.
	shown := boardText(t, ctx)
	for c := range 81 {
		if shown[c] != '.' && int(shown[c]-'0') != int(full.Solution[c]) {
			t.Errorf("%s shows %c, the solution has %d", solver.CellName(c), shown[c], full.Solution[c])
		}
		if board[c] != '.' && shown[c] != board[c] {
			t.Errorf("%s: the player's %c shows as %c", solver.CellName(c), board[c], shown[c])
		}
	}
	click(t, ctx, "#explain-toggle")
	waitFor(t, ctx, "the panel closed", `document.getElementById("explain-panel") === null`)
	if n := eval[int](t, ctx, `document.querySelectorAll("#board .cell.explain, #explain-links").length`); n != 0 {
		t.Errorf("%d explanation elements left on the board after closing", n)
	}
	if got := boardText(t, ctx); got != board {
		t.Errorf("the board after explaining is %s, was %s", got, board)
	}
	if v := eval[[]string](t, ctx, `window.cspViolations`); len(v) != 0 {
		t.Errorf("CSP violations while explaining: %q", v)
	}
	waitFor(t, ctx, "the game in the address bar", `new URLSearchParams(location.search).get("e") === `+jsString(string(entries)))
	if q := eval[string](t, ctx, `location.search`); !strings.Contains(q, "e="+string(entries)) {
		t.Errorf("the game in the address bar changed: %s", q)
	}
}

// TestMeasureExplain: the time to build the step list in the page for
// magictour puzzles, in headless Chromium: the Go build alone (the panel's
// data-build-ms) and from the click to the list shown. Figures only.
func TestMeasureExplain(t *testing.T) {
	if os.Getenv("SUDOKU_MEASURE") == "" {
		t.Skip("measurements only with SUDOKU_MEASURE=1 (make measure)")
	}
	need(t)
	srv := startServer(t, "127.0.0.1:0")
	ctx := browser(t)
	var build, shown, native []float64
	var nsteps, next []float64
	for _, p := range magictourSample(t, 9) {
		g, _ := solver.Parse(p)
		start := time.Now()
		ex, err := logic.Explain(solver.Position{Clues: g}, logic.Options{})
		native = append(native, float64(time.Since(start).Microseconds())/1000)
		if err != nil {
			t.Fatal(err)
		}
		open(t, ctx, srv.URL+"/?p="+p)
		run(t, ctx, "click Explain", chromedp.Evaluate[chromedp.Void](`window.explainClick = performance.now();
document.getElementById("explain-toggle").click();`))
		// The list is mounted a chunk at a time: busy until every step is in.
		waitFor(t, ctx, "the step list", `document.querySelectorAll("#explain-steps [role=option]").length > 0 &&
  document.getElementById("explain-steps").getAttribute("aria-busy") === "false"`)
		n := eval[int](t, ctx, `document.querySelectorAll("#explain-steps [role=option]").length`)
		if n != len(ex.Steps) {
			t.Errorf("%s: %d steps in the page, %d natively", p, n, len(ex.Steps))
		}
		// The list is in the DOM: the next frame shows it.
		ms := eval[float64](t, ctx, `new Promise((ok) => requestAnimationFrame(() => ok(performance.now() - window.explainClick)))`)
		b, err := strconv.ParseFloat(eval[string](t, ctx, `document.getElementById("explain-panel").dataset.buildMs`), 64)
		if err != nil {
			t.Fatal(err)
		}
		build, shown, nsteps = append(build, b), append(shown, ms), append(nsteps, float64(n))
		t.Logf("%s: %d steps, build %.1f ms in the page (native %.1f ms), click to list %.0f ms", p, n, b, native[len(native)-1], ms)
		// Next, five times: from the click to the frame showing the new step.
		for k := 0; k < 5; k++ {
			next = append(next, eval[float64](t, ctx, `(async () => {
  const sel = () => (document.querySelector("#explain-steps [aria-selected=true]") || {}).id;
  const was = sel(), t0 = performance.now();
  document.getElementById("explain-next").click();
  while (sel() === was) await new Promise((ok) => setTimeout(ok, 0));
  await new Promise((ok) => requestAnimationFrame(() => ok()));
  return performance.now() - t0;
})()`))
		}
	}
	t.Logf("Next step, click to the frame showing it: %s", summary(next))
	t.Logf("magictour, %d puzzles: median %.0f steps; build in the page (wasm) median %.1f ms [%s]; native median %.1f ms; click to list shown median %.0f ms [%s] (includes the 20 ms first-paint pause)",
		len(build), median(nsteps), median(build), summary(build), median(native), median(shown), summary(shown))
}

// TestScreenshotsExplain writes docs/explain-step.png (make screenshots): the
// Explain panel open on a magictour puzzle at its XY-Chain step, the chain's
// links drawn over the position's candidates.
func TestScreenshotsExplain(t *testing.T) {
	dir := os.Getenv("SUDOKU_SCREENSHOTS")
	if dir == "" {
		t.Skip("screenshots only with SUDOKU_SCREENSHOTS=dir (make screenshots)")
	}
	need(t)
	cli := explainCLI(t, chainMagic)
	chain := -1
	for i, s := range cli.Steps {
		if s.Technique == "XY-Chain" && chain < 0 {
			chain = i
		}
	}
	if chain < 0 {
		t.Fatal("no XY-Chain step")
	}
	srv := startServer(t, "127.0.0.1:0")
	ctx := browser(t)
	run(t, ctx, "emulate", chromedp.EmulateViewport(1200, 1100))
	open(t, ctx, srv.URL+"/?p="+chainMagic)
	openExplain(t, ctx)
	selectStep(t, ctx, chain)
	waitFor(t, ctx, "the links", `document.querySelectorAll("#explain-links line").length > 0`)
	run(t, ctx, "scroll", chromedp.Evaluate[chromedp.Void](`document.getElementById("board").scrollIntoView({block: "start"})`))
	shoot(t, ctx, dir, "explain-step.png")
	t.Logf("step %d: %s", chain+1, textOf(t, ctx, "#explain-current"))
}
