package e2e

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// An easy puzzle (singles only) and its solution.
const (
	easy    = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
	easySol = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
)

// axeSource is axe-core's script, installed by `make axe` (npm) into a
// git-ignored directory beside the tests.
func axeSource(t *testing.T) string {
	t.Helper()
	p := filepath.Join(moduleRoot, "web", "e2e", ".axe", "node_modules", "axe-core", "axe.min.js")
	b, err := os.ReadFile(p)
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("CI=true: axe-core missing (%v): run `make axe`", err)
		}
		t.Skipf("axe-core missing (%v): run `make axe`", err)
	}
	return string(b)
}

// checkAxe runs axe-core on the page and fails on any violation. The script
// is evaluated through DevTools, not loaded by the page, so the page's CSP
// stays as strict as served.
func checkAxe(t *testing.T, ctx context.Context, src, state string) {
	t.Helper()
	if !eval[bool](t, ctx, `typeof window.axe === "object"`) {
		run(t, ctx, "load axe-core", chromedp.Evaluate[chromedp.Void](src))
	}
	v := eval[[]string](t, ctx, `axe.run(document, {resultTypes: ["violations"]}).then((r) =>
  r.violations.map((v) => v.id + " (" + v.impact + "): " + v.help + " at " +
    v.nodes.slice(0, 4).map((n) => n.target.join(" ") + (n.failureSummary ? " [" + n.failureSummary.replace(/\s+/g, " ").slice(0, 160) + "]" : "")).join("; ")))`)
	for _, s := range v {
		t.Errorf("axe, %s: %s", state, s)
	}
	if len(v) == 0 {
		t.Logf("axe, %s: 0 violations", state)
	}
}

// player drives the page the way one kind of user does.
type player interface {
	focus()              // put the input focus on the board (or nothing for touch)
	goTo(cell int)       // select a cell
	place(d byte)        // type or press a digit
	corner(d byte)       // toggle a corner mark
	centre(d byte)       // toggle a centre mark
	undo()               //
	redo(alternate bool) // alternate: the second way (Ctrl+Shift+Z; the button twice is the same)
	candidates()         // Show candidates
	at() int             // the selected cell
	reloaded()           // the page was reloaded: the selection is back at r1c1
}

// keyboard plays with keys only: arrows to move, SudokuPad's keys for marks.
type keyboard struct {
	t   *testing.T
	ctx context.Context
	sel int
}

func (k *keyboard) focus() {
	keys(k.t, k.ctx, kb.Tab) // from the top of the page, the board is the first tab stop
	if id := eval[string](k.t, k.ctx, `document.activeElement.id`); id != "board" {
		k.t.Fatalf("the first Tab went to %q, want the board", id)
	}
}

func (k *keyboard) goTo(cell int) {
	var ks []string
	if cell == 0 || cell == 80 {
		mod := chromedp.KeyModifiers(chromedp.ModifierCtrl)
		key := kb.Home
		if cell == 80 {
			key = kb.End
		}
		run(k.t, k.ctx, "Ctrl+"+key, chromedp.KeyEvent(key, mod))
		k.sel = cell
		return
	}
	for r := k.sel / 9; r < cell/9; r++ {
		ks = append(ks, kb.ArrowDown)
	}
	for r := k.sel / 9; r > cell/9; r-- {
		ks = append(ks, kb.ArrowUp)
	}
	for c := k.sel % 9; c < cell%9; c++ {
		ks = append(ks, kb.ArrowRight)
	}
	for c := k.sel % 9; c > cell%9; c-- {
		ks = append(ks, kb.ArrowLeft)
	}
	keys(k.t, k.ctx, ks...)
	k.sel = cell
}

func (k *keyboard) place(d byte) { keys(k.t, k.ctx, string(d)) }
func (k *keyboard) corner(d byte) {
	run(k.t, k.ctx, "Shift+digit", chromedp.KeyEvent(string(d), chromedp.KeyModifiers(chromedp.ModifierShift)))
}
func (k *keyboard) centre(d byte) {
	run(k.t, k.ctx, "Ctrl+digit", chromedp.KeyEvent(string(d), chromedp.KeyModifiers(chromedp.ModifierCtrl)))
}
func (k *keyboard) undo() {
	run(k.t, k.ctx, "Ctrl+Z", chromedp.KeyEvent("z", chromedp.KeyModifiers(chromedp.ModifierCtrl)))
}
func (k *keyboard) redo(alternate bool) {
	if alternate {
		run(k.t, k.ctx, "Ctrl+Shift+Z", chromedp.KeyEvent("Z", chromedp.KeyModifiers(chromedp.ModifierCtrl|chromedp.ModifierShift)))
		return
	}
	run(k.t, k.ctx, "Ctrl+Y", chromedp.KeyEvent("y", chromedp.KeyModifiers(chromedp.ModifierCtrl)))
}

// candidates: no key; the keyboard user tabs to the button and presses Enter.
func (k *keyboard) candidates() {
	run(k.t, k.ctx, "focus the menu's Solver", chromedp.Focus(chromedp.CSS("#open-solver")))
	keys(k.t, k.ctx, kb.Enter)
	waitFor(k.t, k.ctx, "the solver panel", `!document.getElementById("panel-solver").hidden`)
	run(k.t, k.ctx, "focus Show candidates", chromedp.Focus(chromedp.CSS("#candidates")))
	keys(k.t, k.ctx, kb.Enter)
	run(k.t, k.ctx, "focus Close", chromedp.Focus(chromedp.CSS("#close-solver")))
	keys(k.t, k.ctx, kb.Enter)
	waitFor(k.t, k.ctx, "the solver panel closed", `document.getElementById("panel-solver").hidden`)
	run(k.t, k.ctx, "back to the board", chromedp.Focus(chromedp.CSS("#board")))
}
func (k *keyboard) at() int   { return k.sel }
func (k *keyboard) reloaded() { k.sel = 0; k.focus() }

// touch plays by tapping the cells, the mode switch, the keypad and the
// buttons, on a phone-sized viewport with touch emulation.
type touch struct {
	t   *testing.T
	ctx context.Context
	sel int
}

func (p *touch) tap(sel string) {
	p.t.Helper()
	run(p.t, p.ctx, "tap "+sel, chromedp.Tap(chromedp.CSS(sel)))
}
func (p *touch) focus()        {}
func (p *touch) goTo(cell int) { p.tap("#cell-" + strconv.Itoa(cell)); p.sel = cell }
func (p *touch) place(d byte)  { p.tap("#key-" + string(d)) }
func (p *touch) corner(d byte) { p.tap("#mode-x"); p.tap("#key-" + string(d)); p.tap("#mode-z") }
func (p *touch) centre(d byte) { p.tap("#mode-c"); p.tap("#key-" + string(d)); p.tap("#mode-z") }
func (p *touch) undo()         { p.tap("#undo") }
func (p *touch) redo(bool)     { p.tap("#redo") }
func (p *touch) candidates() {
	p.tap("#menu")
	p.tap("#open-solver")
	p.tap("#candidates")
	p.tap("#close-solver")
}
func (p *touch) at() int   { return p.sel }
func (p *touch) reloaded() { p.sel = 0 }

func cellIs(t *testing.T, ctx context.Context, cell int, what, cond string) {
	t.Helper()
	waitFor(t, ctx, what, `(() => { const c = document.getElementById("cell-`+strconv.Itoa(cell)+`"); return `+cond+`; })()`)
}

func labelOf(t *testing.T, ctx context.Context, cell int) string {
	t.Helper()
	return eval[string](t, ctx, `document.getElementById("cell-`+strconv.Itoa(cell)+`").getAttribute("aria-label")`)
}

// playEasy plays the easy puzzle to the end with p: pencil marks, Show
// candidates, undo and redo, a reload in the middle, axe on each state
// (the pencil marks light and dark).
func playEasy(t *testing.T, ctx context.Context, p player, srvURL string) {
	axe := axeSource(t)
	open(t, ctx, srvURL+"/?p="+easy)
	checkAxe(t, ctx, axe, "a new puzzle")
	p.focus()

	// Pencil marks in r1c1 (empty): corner 4 and 8, centre 5.
	p.goTo(0)
	p.corner('4')
	p.corner('8')
	p.centre('5')
	cellIs(t, ctx, 0, "the marks of r1c1", `c.querySelector(".m4") && c.querySelector(".m8") && c.querySelector(".centre")`)
	if got, want := labelOf(t, ctx, 0), "row 1, column 1, empty, candidates 4 8, centre marks 5"; got != want {
		t.Errorf("r1c1 label %q, want %q", got, want)
	}
	checkAxe(t, ctx, axe, "pencil marks")
	emulateScheme(t, ctx, "dark")
	checkAxe(t, ctx, axe, "pencil marks, dark")
	emulateScheme(t, ctx, "light")
	p.corner('8') // toggled off again
	cellIs(t, ctx, 0, "corner 8 off", `!c.querySelector(".m8")`)

	// Show candidates, and the highlight of a digit.
	p.candidates()
	cellIs(t, ctx, 1, "candidates in r1c2", `c.querySelector(".corner") !== null`)
	if got := labelOf(t, ctx, 1); !strings.HasPrefix(got, "row 1, column 2, empty, candidates ") {
		t.Errorf("r1c2 label after Show candidates: %q", got)
	}
	checkAxe(t, ctx, axe, "candidates")

	// Play the first half.
	empties := []int{}
	for i := range 81 {
		if easy[i] == '.' {
			empties = append(empties, i)
		}
	}
	half := len(empties) / 2
	for _, c := range empties[:half] {
		p.goTo(c)
		p.place(easySol[c])
		cellIs(t, ctx, c, "the digit in cell "+strconv.Itoa(c), `c.textContent === "`+string(easySol[c])+`"`)
	}
	// The placed digit is highlighted wherever it is, and it left its peers'
	// candidates.
	last := empties[half-1]
	d := int(easySol[last] - '0')
	waitFor(t, ctx, "the highlight", `document.getElementById("board").classList.contains("sd`+strconv.Itoa(d)+`")`)
	checkShading(t, ctx, d)
	checkAxe(t, ctx, axe, "half played, a digit highlighted")

	// Undo and redo the last digit.
	p.undo()
	cellIs(t, ctx, last, "the undone digit", `c.textContent === "" || c.querySelector(".corner,.centre") !== null`)
	p.redo(false)
	cellIs(t, ctx, last, "the redone digit", `c.textContent === "`+string(easySol[last])+`"`)
	p.undo()
	cellIs(t, ctx, last, "the undone digit", `!c.textContent.startsWith("`+string(easySol[last])+`") || c.children.length > 0`)
	p.redo(true)
	cellIs(t, ctx, last, "the redone digit", `c.textContent === "`+string(easySol[last])+`"`)

	// Reload in the middle: board, marks and history come back.
	before := boardText(t, ctx)
	marks := eval[string](t, ctx, `document.getElementById("cell-`+strconv.Itoa(empties[half])+`").getAttribute("aria-label")`)
	run(t, ctx, "reload", chromedp.Reload())
	waitReady(t, ctx)
	if got := boardText(t, ctx); got != before {
		t.Fatalf("after reload the board is %s, want %s", got, before)
	}
	if got := labelOf(t, ctx, empties[half]); got != marks {
		t.Errorf("after reload %s is %q, want %q", "the next cell", got, marks)
	}
	p.reloaded()
	p.undo() // the history survived the reload
	cellIs(t, ctx, last, "undo after reload", `c.children.length > 0 || c.textContent === ""`)
	p.redo(false)
	cellIs(t, ctx, last, "redo after reload", `c.textContent === "`+string(easySol[last])+`"`)
	checkAxe(t, ctx, axe, "after a reload")

	for _, c := range empties[half:] {
		p.goTo(c)
		p.place(easySol[c])
		cellIs(t, ctx, c, "the digit in cell "+strconv.Itoa(c), `c.textContent === "`+string(easySol[c])+`"`)
	}
	waitFor(t, ctx, "the completion message", `(document.getElementById("message")||{textContent:""}).textContent.startsWith("Well done")`)
	if got := boardText(t, ctx); got != easySol {
		t.Errorf("final board %s, want %s", got, easySol)
	}
	if !eval[bool](t, ctx, `document.getElementById("pause").disabled`) {
		t.Error("the clock still runs after completion")
	}
	t.Logf("completion: %s (timer %s)", textOf(t, ctx, "#message"), textOf(t, ctx, "#timer"))
	checkAxe(t, ctx, axe, "completed")
}

func TestPlayEasyByKeyboard(t *testing.T) {
	need(t)
	srv := startServer(t, "127.0.0.1:0")
	ctx := browser(t)
	playEasy(t, ctx, &keyboard{t: t, ctx: ctx}, srv.URL)
}

func TestPlayEasyByTouchOnPhone(t *testing.T) {
	need(t)
	srv := startServer(t, "127.0.0.1:0")
	ctx := browser(t)
	run(t, ctx, "phone viewport", chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateTouch))
	playEasy(t, ctx, &touch{t: t, ctx: ctx}, srv.URL)
	// Everything fits the phone's width: no sideways scrolling.
	if w := eval[int](t, ctx, `document.documentElement.scrollWidth`); w > 390 {
		t.Errorf("the page is %d px wide on a 390 px phone", w)
	}
}

// axe is wired right: a page with a known fault (an image without a text
// alternative) gives a violation, so the zero counts above mean something.
// And the dark scheme, with candidates and a highlighted digit, has none.
func TestAxeSeesFaultsAndDarkModeHasNone(t *testing.T) {
	need(t)
	axe := axeSource(t)
	srv := startServer(t, "127.0.0.1:0")
	ctx := browser(t)
	run(t, ctx, "dark scheme", func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}},
		})
		return chromedp.Void{}, err
	})
	open(t, ctx, srv.URL+"/?p="+easy)
	click(t, ctx, "#candidates")
	click(t, ctx, "#cell-2") // the clue 3: every 3 and every cell open to 3
	waitFor(t, ctx, "the highlight", `document.getElementById("board").classList.contains("sd3")`)
	if s := checkShading(t, ctx, 3); s.Open == 0 {
		t.Errorf("no cell is drawn open to 3: %+v", s)
	}
	checkAxe(t, ctx, axe, "dark, candidates, a digit highlighted")

	run(t, ctx, "add a fault", chromedp.Evaluate[chromedp.Void](`document.querySelector("footer").appendChild(document.createElement("img"))`))
	ids := eval[[]string](t, ctx, `axe.run(document, {resultTypes: ["violations"]}).then((r) => r.violations.map((v) => v.id))`)
	if !strings.Contains(strings.Join(ids, " "), "image-alt") {
		t.Errorf("axe missed an image without alt: %v", ids)
	}
}
