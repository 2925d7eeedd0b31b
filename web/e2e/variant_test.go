package e2e

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"sudoku/internal/lzstring"
	"sudoku/solver"
)

// variantFile reads an f-puzzles file of testdata/variants.
func variantFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(moduleRoot, "testdata", "variants", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// fpuzzlesLink is the f-puzzles link of an f-puzzles JSON, on base (its
// host, or the page's: the same form opens in both).
func fpuzzlesLink(base, js string) string {
	return base + "/?load=" + url.QueryEscape(lzstring.CompressToBase64(js))
}

// variantShots are the screenshots of variant puzzles (file, image name)
// that make screenshots writes into docs/: one board of each family.
var variantShots = [][2]string{
	{"killer-uk2022.json", "variant-killer.png"},
	{"thermo-6x6-wsc2022.json", "variant-thermo-6x6.png"},
	{"arrow-gp2023r7-ib.json", "variant-arrow.png"},
	{"irregular-kropki-6x6-wsc2022.json", "variant-irregular-kropki.png"},
	{"gen-littlekiller.json", "variant-little-killer.png"},
	{"gen-sandwich.json", "variant-sandwich.png"},
	{"extraregion-lmi-sm202301.json", "variant-extraregion.png"},
	{"gen-minmax.json", "variant-minmax.png"},
	{"indexer159-killer-x-lm000BCI.json", "variant-indexer.png"},
}

// TestScreenshotsVariants writes a screenshot of the board of each kind
// of variant puzzle into $SUDOKU_SCREENSHOTS (make screenshots), light, and
// the killer dark too.
func TestScreenshotsVariants(t *testing.T) {
	dir := os.Getenv("SUDOKU_SCREENSHOTS")
	if dir == "" {
		t.Skip("screenshots only with SUDOKU_SCREENSHOTS=dir (make screenshots)")
	}
	need(t)
	srv := startServer(t, "127.0.0.1:0")
	ctx := browser(t)
	for _, s := range variantShots {
		open(t, ctx, fpuzzlesLink(srv.URL, variantFile(t, s[0])))
		waitFor(t, ctx, "the rules drawn", `document.querySelector("#rules-overlay") !== null`)
		shootBoard(t, ctx, dir, s[1])
	}
	// A setter's view: true candidates of a puzzle with many solutions.
	js, _ := givenlessThermo(t)
	open(t, ctx, fpuzzlesLink(srv.URL, js))
	showTrueCandidates(t, ctx)
	shootBoard(t, ctx, dir, "variant-true-candidates.png")
	// A 6x6 thermo in play: a few digits, then a hint marked on the board.
	js = variantFile(t, "thermo-6x6-wsc2022.json")
	p, err := solver.ParseFPuzzles(js, "")
	if err != nil {
		t.Fatal(err)
	}
	open(t, ctx, fpuzzlesLink(srv.URL, js))
	for _, i := range []int{0, 1, 2, 6, 7} {
		if p.Givens[i] == 0 {
			click(t, ctx, "#cell-"+strconv.Itoa(i))
			keys(t, ctx, string('0'+p.Solution[i]))
		}
	}
	click(t, ctx, "#hint")
	waitFor(t, ctx, "the hint", `(document.getElementById("message")||{}).textContent.startsWith("Hint (")`)
	shootBoard(t, ctx, dir, "variant-play.png")
	// Explain on the killer: a step of the list drawn on the board.
	open(t, ctx, fpuzzlesLink(srv.URL, variantFile(t, "killer-uk2022.json")))
	openExplain(t, ctx)
	selectStep(t, ctx, 3)
	shootBoard(t, ctx, dir, "variant-explain.png")
	click(t, ctx, "#explain-toggle")
	// Corner marks 1 to 9 in the cells that carry a cage's sum: they start
	// below the sum.
	open(t, ctx, fpuzzlesLink(srv.URL, variantFile(t, "killer-uk2022.json")))
	cornerMarksUnderSums(t, ctx, 6)
	shootBoard(t, ctx, dir, "variant-killer-marks.png")
	emulateScheme(t, ctx, "dark")
	open(t, ctx, fpuzzlesLink(srv.URL, variantFile(t, "killer-uk2022.json")))
	shootBoard(t, ctx, dir, "variant-killer-dark.png")
}

// cornerMarksUnderSums fills corner marks 1 to 9 in the first k cells that
// carry a killer cage's sum, by the keypad in corner mode.
func cornerMarksUnderSums(t *testing.T, ctx context.Context, k int) []int {
	t.Helper()
	waitFor(t, ctx, "the cage sums", `document.querySelectorAll(".cell.cage-sum").length > 0`)
	cells := eval[[]int](t, ctx, `Array.from(document.querySelectorAll(".cell.cage-sum")).map(c => +c.id.slice(5)).filter(i => document.getElementById("cell-" + i).textContent === "").slice(0, `+strconv.Itoa(k)+`)`)
	for _, c := range cells {
		click(t, ctx, "#cell-"+strconv.Itoa(c))
		click(t, ctx, "#mode-x")
		for d := '1'; d <= '9'; d++ {
			click(t, ctx, "#key-"+string(d))
		}
		click(t, ctx, "#mode-z")
	}
	return cells
}

// TestCageSumClearOfCornerMarks: in a killer, the cells that carry a
// cage's sum show their corner marks below it: the place of corner mark
// 1 does not meet the sum's text (before, mark 1 sat under the sum).
func TestCageSumClearOfCornerMarks(t *testing.T) {
	need(t)
	srv := startServer(t, "127.0.0.1:0")
	ctx := browser(t)
	open(t, ctx, fpuzzlesLink(srv.URL, variantFile(t, "killer-uk2022.json")))
	cells := cornerMarksUnderSums(t, ctx, 3)
	if len(cells) == 0 {
		t.Fatal("no empty cell carries a cage sum")
	}
	// Each sum's text box against mark 1's box in the cell it is written in
	// (the sum whose box lies in the cell).
	overlaps := eval[[]string](t, ctx, `(() => {
  const out = [];
  const sums = Array.from(document.querySelectorAll("#rules-overlay [data-k=cage-sum]")).map(s => [s.textContent, s.getBoundingClientRect()]);
  for (const i of `+jsInts(cells)+`) {
    const cell = document.getElementById("cell-" + i), cr = cell.getBoundingClientRect();
    const m1 = cell.querySelector(".m1");
    if (!m1) { out.push("cell " + i + ": no mark 1"); continue; }
    const mr = m1.getBoundingClientRect();
    const s = sums.find(([_, r]) => r.left >= cr.left - 1 && r.top >= cr.top - 1 && r.right <= cr.right + 1 && r.bottom <= cr.bottom + 1);
    if (!s) { out.push("cell " + i + ": no sum drawn in it"); continue; }
    const r = s[1];
    if (r.left < mr.right && mr.left < r.right && r.top < mr.bottom && mr.top < r.bottom) {
      out.push("cell " + i + ": sum " + s[0] + " " + JSON.stringify([r.left, r.top, r.right, r.bottom]) + " meets mark 1 " + JSON.stringify([mr.left, mr.top, mr.right, mr.bottom]));
    }
  }
  return out;
})()`)
	for _, o := range overlaps {
		t.Error(o)
	}
}

func jsInts(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.Itoa(x)
	}
	return "[" + strings.Join(s, ",") + "]"
}

// shootBoard writes a screenshot of the board and what is around it.
func shootBoard(t *testing.T, ctx context.Context, dir, name string) {
	t.Helper()
	run(t, ctx, "top", chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`))
	shoot(t, ctx, dir, name)
}

// cellsText returns the first n cells' digits ('.' for empty or marked
// cells), row by row.
func cellsText(t *testing.T, ctx context.Context, n int) string {
	t.Helper()
	return eval[string](t, ctx, `Array.from({length: `+strconv.Itoa(n)+`}, (_, i) => {
  const c = document.getElementById("cell-" + i);
  return (c.children.length ? "" : c.textContent) || ".";
}).join("")`)
}

// TestVariantLinkPlayedSharedOffline is a setter's f-puzzles link of a
// 6x6 thermo opened in the page from the paste box: the 6x6 board with its
// thermometers drawn, no axe violation light or dark, a hint on the way
// (the logic engine's step, marked), half the digits typed, a
// share link with the progress reopened in a fresh profile, then the same
// link offline with the server stopped and the puzzle played to the end.
func TestVariantLinkPlayedSharedOffline(t *testing.T) {
	need(t)
	js := variantFile(t, "thermo-6x6-wsc2022.json")
	p, err := solver.ParseFPuzzles(js, "")
	if err != nil {
		t.Fatal(err)
	}
	axe := axeSource(t)
	srv := startServer(t, freeAddr(t))
	a := browser(t)
	open(t, a, srv.URL+"/")
	reveal(t, a, "#paste")
	run(t, a, "paste the f-puzzles link", chromedp.SetValue(chromedp.CSS("#paste"), fpuzzlesLink("https://f-puzzles.com", js)))
	click(t, a, "#load")
	waitFor(t, a, "the 6x6 board", `document.querySelectorAll("#board .cell").length === 36`)
	thermos := 0
	for _, c := range p.Rules.Constraints {
		if c.Kind() == "thermometer" {
			thermos++
		}
	}
	if got := eval[int](t, a, `document.querySelectorAll("#rules-overlay circle[data-k=thermo]").length`); got != thermos {
		t.Errorf("%d thermometer bulbs drawn, want %d", got, thermos)
	}
	if got := eval[string](t, a, `document.getElementById("cell-2").getAttribute("aria-label")`); !strings.Contains(got, "on a thermometer, third from the bulb") {
		t.Errorf("r1c3 is named %q", got)
	}
	if got := eval[int](t, a, `document.querySelectorAll("#rules li").length`); got != len(p.Rules.Describe()) {
		t.Errorf("%d rules in words, want %d", got, len(p.Rules.Describe()))
	}
	checkAxe(t, a, axe, "variant 6x6 board, light")

	// Explain from the clues: the same steps and grade as the command line's
	// `sudoku explain -json` of the same link, each step drawn on the 6x6 board.
	cli := explainCLI(t, fpuzzlesLink("https://f-puzzles.com", js))
	openExplain(t, a)
	steps := pageSteps(t, a)
	if len(steps) != len(cli.Steps) || len(steps) == 0 {
		t.Fatalf("the page lists %d steps, the CLI %d", len(steps), len(cli.Steps))
	}
	for i, s := range steps {
		if w := cli.Steps[i]; s.Technique != w.Technique || s.Text != w.Explanation {
			t.Fatalf("step %d: page %s %q, CLI %s %q", i+1, s.Technique, s.Text, w.Technique, w.Explanation)
		}
	}
	if grade, want := textOf(t, a, "#explain-grade"), fmt.Sprintf("%s, score %.1f (%d steps", cli.Level, cli.Score, len(cli.Steps)); !strings.Contains(grade, want) {
		t.Errorf("grade %q, want it to say %q", grade, want)
	}
	for _, i := range []int{0, len(steps) - 1} {
		selectStep(t, a, i)
		elim, place := drawnMarks(t, a, 6)
		if w := cli.Steps[i]; strings.Join(elim, " ") != strings.Join(candNames(w.Eliminations), " ") ||
			strings.Join(place, " ") != strings.Join(candNames(w.Placements), " ") {
			t.Errorf("step %d drawn struck %v placed %v; the CLI's %v %v", i+1, elim, place, candNames(w.Eliminations), candNames(w.Placements))
		}
	}
	checkAxe(t, a, axe, "variant 6x6 board explained, light")
	click(t, a, "#explain-toggle")
	t.Logf("%d steps explained in the page, as the CLI", len(steps))

	// A hint on the way: the logic engine's step under the thermometers,
	// found in the engine's worker and marked on the board.
	click(t, a, "#hint")
	waitFor(t, a, "the hint", `(document.getElementById("message")||{}).textContent.startsWith("Hint (")`)
	if msg := textOf(t, a, "#message"); !strings.Contains(msg, "thermometer") {
		t.Errorf("hint %q does not name the thermometer it uses", msg)
	}
	if n := eval[int](t, a, `document.querySelectorAll("#board .cell.hint-target").length`); n == 0 {
		t.Error("the hint marks no cell")
	}
	// Half the digits, by keys.
	for i := 0; i < 18; i++ {
		if p.Givens[i] != 0 {
			continue
		}
		click(t, a, "#cell-"+strconv.Itoa(i))
		keys(t, a, string('0'+p.Solution[i]))
	}
	// The last key's digit is drawn at go-app's next frame: wait for it.
	waitFor(t, a, "the first three rows filled", `Array.from({length: 18}, (_, i) => {
  const c = document.getElementById("cell-" + i);
  return (c.children.length ? "" : c.textContent) || ".";
}).join("").indexOf(".") < 0`)
	want := cellsText(t, a, 36)

	// Shared, and opened in a fresh profile.
	click(t, a, "#copy-link")
	link := eval[string](t, a, `document.getElementById("link").value`)
	if !strings.Contains(link, "?load=") || !strings.Contains(link, "&e=") {
		t.Fatalf("share link %s lacks the puzzle or the digits", link)
	}
	closePanel(t, a)
	b := browser(t)
	open(t, b, link)
	waitFor(t, b, "the 6x6 board", `document.querySelectorAll("#board .cell").length === 36`)
	if got := cellsText(t, b, 36); got != want {
		t.Errorf("fresh profile board %s, want %s", got, want)
	}
	if got := eval[int](t, b, `document.querySelectorAll("#rules-overlay circle[data-k=thermo]").length`); got != thermos {
		t.Errorf("fresh profile: %d thermometers drawn, want %d", got, thermos)
	}
	emulateScheme(t, b, "dark")
	checkAxe(t, b, axe, "variant 6x6 board, dark")

	// Offline: the server stopped, the link opened again and played to the end.
	waitOffline(t, a)
	srv.Stop()
	open(t, a, link)
	waitFor(t, a, "the 6x6 board offline", `document.querySelectorAll("#board .cell").length === 36`)
	if got := cellsText(t, a, 36); got != want {
		t.Errorf("offline board %s, want %s", got, want)
	}
	reveal(t, a, "#count")
	waitFor(t, a, "the live count offline", `document.getElementById("count").textContent === "Unique solution."`)
	closePanel(t, a)
	for i := 18; i < 36; i++ {
		if p.Givens[i] != 0 {
			continue
		}
		click(t, a, "#cell-"+strconv.Itoa(i))
		keys(t, a, string('0'+p.Solution[i]))
	}
	waitFor(t, a, "the puzzle complete", `(document.getElementById("message")||{}).textContent.includes("the puzzle is complete")`)
	if got := textOf(t, a, "#summary-hints"); got != "1" {
		t.Errorf("the summary counts %q hints, want 1", got)
	}
}

// drawnMarks returns the struck and placed candidates the board draws
// ("r3c5=2", sorted) on an n x n board.
func drawnMarks(t *testing.T, ctx context.Context, n int) (elim, place []string) {
	t.Helper()
	d := eval[map[string][]string](t, ctx, `(() => {
  const n = `+strconv.Itoa(n)+`;
  const name = (c) => "r" + (Math.floor(c / n) + 1) + "c" + (c % n + 1);
  const marks = (cls) => Array.from(document.querySelectorAll("#board .m." + cls), (m) =>
    name(+m.closest(".cell").dataset.cell) + "=" + getComputedStyle(m, "::before").content.replaceAll('"', ""));
  return {elim: marks("hint-elim"), place: marks("hint-place")};
})()`)
	sort.Strings(d["elim"])
	sort.Strings(d["place"])
	return d["elim"], d["place"]
}

// TestVariantKillerAxe: a 9x9 killer (cages, sums) has no axe violation,
// light and dark, and its cells say their cages.
func TestVariantKillerAxe(t *testing.T) {
	need(t)
	axe := axeSource(t)
	srv := startServer(t, "127.0.0.1:0")
	ctx := browser(t)
	for _, scheme := range []string{"light", "dark"} {
		emulateScheme(t, ctx, scheme)
		open(t, ctx, fpuzzlesLink(srv.URL, variantFile(t, "killer-uk2022.json")))
		waitFor(t, ctx, "the cages", `document.querySelectorAll("#rules-overlay [data-k=cage-sum]").length === 25`)
		if got := eval[string](t, ctx, `document.getElementById("cell-11").getAttribute("aria-label")`); !strings.Contains(got, "in a cage of 3 summing to 22") {
			t.Errorf("r2c3 is named %q", got)
		}
		checkAxe(t, ctx, axe, "killer board, "+scheme)
	}
	// On a phone the play screen still fits without scrolling (the rules in
	// words come below it), also with clues outside the grid, and axe finds
	// nothing there either.
	emulate(t, ctx, phone)
	for _, name := range []string{"killer-uk2022.json", "gen-littlekiller.json"} {
		open(t, ctx, fpuzzlesLink(srv.URL, variantFile(t, name)))
		waitFor(t, ctx, "the rules drawn", `document.querySelector("#rules-overlay") !== null`)
		fitsWithoutScrolling(t, ctx, phone)
		if w := eval[float64](t, ctx, `document.documentElement.scrollWidth`); w > float64(phone.width) {
			t.Errorf("%s on a phone: the page is %.0f px wide", name, w)
		}
		checkAxe(t, ctx, axe, name+" on a phone, dark")
	}
}
