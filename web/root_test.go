package web

import (
	"fmt"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"sudoku/internal/sudokutest"
	"testing"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"sudoku/solver"
	"sudoku/solver/logic"
)

// harness runs the root component on the host with go-app's client tester:
// in-memory local storage and a fake address bar.
type harness struct {
	t    *testing.T
	root *root
	disp app.ClientDispatcher
}

// open mounts the page, runs prepare (e.g. to fill the storage) and
// navigates to rawURL, as a browser opening that address.
func open(t *testing.T, rawURL string, prepare func(app.Context)) *harness {
	t.Helper()
	r := &root{}
	h := &harness{t: t, root: r, disp: app.NewClientTester(r)}
	t.Cleanup(h.disp.Close)
	if prepare != nil {
		h.do(prepare)
	}
	u, err := url.Parse(rawURL)
	if err != nil {
		t.Fatal(err)
	}
	u.Scheme, u.Host = "http", "127.0.0.1:8080"
	h.disp.Nav(u)
	h.disp.Consume()
	return h
}

// do runs fn as an event handler of the root would, then lets the page update.
func (h *harness) do(fn func(ctx app.Context)) {
	h.disp.Dispatch(app.Dispatch{Mode: app.Update, Source: h.root, Function: fn})
	h.disp.Consume()
}

// keys presses keys on the board, by KeyboardEvent.key; "Shift+5" and
// "Ctrl+z" add a modifier.
func (h *harness) keys(keys ...string) {
	for _, k := range keys {
		h.do(func(ctx app.Context) { h.root.onKey(ctx, press(k)) })
	}
}

func press(k string) keyPress {
	var p keyPress
	for {
		if rest, ok := strings.CutPrefix(k, "Shift+"); ok {
			p.Shift, k = true, rest
		} else if rest, ok := strings.CutPrefix(k, "Ctrl+"); ok {
			p.Ctrl, k = true, rest
		} else {
			break
		}
	}
	p.Key = k
	if len(k) == 1 && k[0] >= '1' && k[0] <= '9' {
		p.Code = "Digit" + k
	}
	return p
}

// game is the game the page holds.
func (h *harness) game() game { return h.root.store.Game() }

func (h *harness) html() string { return app.HTMLString(h.root) }

// cell returns the rendered element of a cell: its class and its text.
func (h *harness) cell(i int) (class, text string) {
	h.t.Helper()
	re := regexp.MustCompile(`<div[^>]*id="cell-` + strconv.Itoa(i) + `"[^>]*>([^<]*)<`)
	m := re.FindStringSubmatch(h.html())
	if m == nil {
		h.t.Fatalf("cell %d not rendered", i)
	}
	cm := regexp.MustCompile(`class="([^"]*)"`).FindStringSubmatch(m[0])
	return cm[1], m[1]
}

func (h *harness) text(id string) string {
	h.t.Helper()
	re := regexp.MustCompile(`id="` + id + `"[^>]*>([^<]*)<`)
	m := re.FindStringSubmatch(h.html())
	if m == nil {
		return ""
	}
	return m[1]
}

func (h *harness) query() url.Values { return h.disp.Context().Page().URL().Query() }

func hasClass(class, c string) bool {
	for _, f := range strings.Fields(class) {
		if f == c {
			return true
		}
	}
	return false
}

func TestOpenLinkShowsCluesAndCount(t *testing.T) {
	h := open(t, "/?p="+unique, nil)
	class, text := h.cell(0)
	if !hasClass(class, "clue") || text != "4" {
		t.Errorf("r1c1: class %q text %q, want a clue 4", class, text)
	}
	if class, text := h.cell(1); hasClass(class, "clue") || text != "" {
		t.Errorf("r1c2: class %q text %q, want an empty non-clue", class, text)
	}
	if got := h.text("count"); got != "Unique solution." {
		t.Errorf("count = %q, want Unique solution.", got)
	}
	if got := h.query().Get("p"); got != unique {
		t.Errorf("address bar p = %q, want the puzzle", got)
	}
}

func TestTypingCluesShowsConflictAtOnce(t *testing.T) {
	h := open(t, "/", nil)
	if !h.root.editing {
		t.Fatal("an empty board does not start in clue editing")
	}
	h.keys("5", "ArrowRight", "5")
	for _, i := range []int{0, 1} {
		if class, text := h.cell(i); !hasClass(class, "conflict") || text != "5" {
			t.Errorf("cell %d: class %q text %q, want a conflicting 5", i, class, text)
		}
	}
	if class, _ := h.cell(2); hasClass(class, "conflict") {
		t.Errorf("cell 2 marked as conflicting")
	}
	count := h.text("count")
	if !strings.Contains(count, "conflict") || !strings.Contains(count, "r1c1") || !strings.Contains(count, "r1c2") {
		t.Errorf("count = %q, want the conflict naming r1c1 and r1c2", count)
	}
	if got := h.query().Get("p"); !strings.HasPrefix(got, "55.") {
		t.Errorf("address bar p = %q, want it to follow the edits", got)
	}
	// Erasing one removes the conflict.
	h.keys("Backspace")
	if class, _ := h.cell(0); hasClass(class, "conflict") {
		t.Errorf("conflict stays after erasing: %q", class)
	}
}

func TestArrowKeysMoveTheActiveCell(t *testing.T) {
	h := open(t, "/", nil)
	if !strings.Contains(h.html(), `aria-activedescendant="cell-0"`) {
		t.Fatal("board does not start on cell 0")
	}
	h.keys("ArrowDown", "ArrowDown", "ArrowRight", "ArrowUp", "ArrowLeft", "ArrowLeft")
	// down 2 -> 18, right -> 19, up -> 10, left -> 9, left wraps to 17
	if h.root.selected != 17 {
		t.Errorf("selected %d, want 17", h.root.selected)
	}
	html := h.html()
	if !strings.Contains(html, `aria-activedescendant="cell-17"`) {
		t.Error("aria-activedescendant does not follow the selection")
	}
	for _, want := range []string{`role="grid"`, `tabindex="0"`, `aria-label="row 2, column 9, empty"`, `role="gridcell"`} {
		if !strings.Contains(html, want) {
			t.Errorf("board lacks %s", want)
		}
	}
	if n := strings.Count(html, `tabindex="0"`); n != 1 {
		t.Errorf("%d tab stops in the board, want 1", n)
	}
}

func TestPlayingKeepsCluesLocked(t *testing.T) {
	h := open(t, "/?p="+unique, nil)
	h.keys("7") // r1c1 is a clue
	if _, text := h.cell(0); text != "4" {
		t.Errorf("clue changed to %q", text)
	}
	if !strings.Contains(h.text("message"), "is a clue") {
		t.Errorf("message %q, want it to say the cell is a clue", h.text("message"))
	}
	h.keys("ArrowRight", "6")
	if class, text := h.cell(1); !hasClass(class, "entry") || text != "6" {
		t.Errorf("r1c2: class %q text %q, want the user's 6", class, text)
	}
	if got := h.text("count"); got != "Unique solution." {
		t.Errorf("count = %q, want Unique solution. (no clash yet)", got)
	}
	// A digit of the player's that clashes with a clue is named in the status.
	h.keys("ArrowRight", "4")
	if got, want := h.text("count"), "Unique solution. Your digits clash: digit 4 appears twice in row 1: r1c1 and r1c3."; got != want {
		t.Errorf("count = %q, want %q", got, want)
	}
	if m := regexp.MustCompile(`id="count"[^>]*class="([^"]*)"|class="([^"]*)"[^>]*id="count"`).FindStringSubmatch(h.html()); m == nil || !hasClass(m[1]+" "+m[2], "bad") {
		t.Errorf("count element %q, want the class bad while the player's digits clash", m)
	}
	h.keys("Backspace", "ArrowLeft")
	if got := h.query().Get("e"); !strings.HasPrefix(got, ".6.") {
		t.Errorf("address bar e = %q, want the user's digits", got)
	}
	// The keypad goes through the same path.
	h.do(func(ctx app.Context) { h.root.onSelect(ctx, 2) })
	h.do(func(ctx app.Context) { h.root.onKeypad(ctx, 9) })
	if _, text := h.cell(2); text != "9" {
		t.Errorf("keypad 9 at r1c3 gave %q", text)
	}
}

func TestSolveFillsTheBoard(t *testing.T) {
	h := open(t, "/?p="+magic, nil)
	h.do(h.root.solve)
	msg := h.text("message")
	if !strings.HasPrefix(msg, "Solved in ") {
		t.Fatalf("message %q, want the time taken", msg)
	}
	b := h.game().Board()
	if b.Clues() != 81 {
		t.Fatalf("board has %d digits after Solve", b.Clues())
	}
	if err := h.root.store.Game().Rules().Verify(h.game().Clues, b); err != nil {
		t.Errorf("Solve gave an invalid board: %v", err)
	}
	if class, _ := h.cell(1); !hasClass(class, "solved") {
		t.Errorf("solved cell class %q", class)
	}
	// Solve's fill is an action like the player's (do): in the address bar
	// and the saved session at once, and undone; but the completion
	// is the solver's: no summary, nothing counted as solved.
	if e := h.query().Get("e"); len(e) != 81 || strings.Count(e, ".") != 81-strings.Count(magic, ".") { // '.' on the clues
		t.Errorf("the address bar's entries after Solve: %q", e)
	}
	var sv saved
	if err := h.disp.Context().LocalStorage().Get(storageKey, &sv); err != nil || sv.Pos != len(sv.Actions) || len(sv.Actions) == 0 || sv.Actions[len(sv.Actions)-1].Kind != actFill {
		t.Errorf("the saved session after Solve: %v, %d of %d actions", err, sv.Pos, len(sv.Actions))
	}
	if h.root.summaryOpen || h.root.info.Done || h.root.profile.stats.Levels[ownLevel].Solved != 0 {
		t.Errorf("Solve counted as the player's completion: summary %v, info %+v", h.root.summaryOpen, h.root.info)
	}
	h.keys("Ctrl+z")
	if h.game().Entries.Clues() != 0 {
		t.Error("undo after Solve left entries")
	}
	h.keys("Ctrl+y")
	if h.game().Board().Clues() != 81 || h.root.summaryOpen || h.root.profile.stats.Levels[ownLevel].Solved != 0 {
		t.Errorf("redo of Solve: %d digits, summary %v, statistics %+v", h.game().Board().Clues(), h.root.summaryOpen, h.root.profile.stats)
	}
	// Nor a digit of Solve's erased and put back by the player, or that
	// erase undone.
	h.keys("Ctrl+Home", "ArrowRight", "Backspace")
	d := h.game().Board()[1]
	if d != 0 {
		t.Fatalf("r1c2 holds %d after Backspace", d)
	}
	h.keys("Ctrl+z")
	h.keys("Backspace", strconv.Itoa(int(h.root.view.sol.res.Solution[1])))
	if h.game().Board().Clues() != 81 || h.root.summaryOpen || h.root.profile.stats.Levels[ownLevel].Solved != 0 {
		t.Errorf("Solve's digit put back: %d digits, summary %v, statistics %+v", h.game().Board().Clues(), h.root.summaryOpen, h.root.profile.stats)
	}
}

func TestSolveExplainsBadPuzzles(t *testing.T) {
	for _, c := range []struct{ puzzle, want string }{
		{conflicting, "r1c2"},
		{noSolution, "no solution"},
		{"1" + empty[1:], "several solutions"},
	} {
		h := open(t, "/?p="+c.puzzle, nil)
		h.do(h.root.solve)
		if msg := h.text("message"); !strings.Contains(msg, c.want) {
			t.Errorf("Solve on %s: message %q, want %q", c.puzzle, msg, c.want)
		}
		if h.game().Entries.Clues() != 0 {
			t.Errorf("Solve on %s filled cells", c.puzzle)
		}
	}
}

func TestCheckClearReset(t *testing.T) {
	h := open(t, "/?p="+unique, nil)
	h.do(h.root.check)
	if msg := h.text("message"); !strings.Contains(msg, "not entered any digit") {
		t.Errorf("check on no entries: %q", msg)
	}
	// Find the right digit of r1c2 from a solve, then enter a wrong one too.
	res, _ := solveFull(h.game())
	right := res.Solution[1]
	h.keys("ArrowRight", string(rune('0'+right)), "ArrowRight", string(rune('0'+res.Solution[2]%9+1)))
	h.do(h.root.check)
	if msg := h.text("message"); msg != "1 digit is wrong: r1c3." {
		t.Errorf("check message %q, want 1 digit is wrong: r1c3.", msg)
	}
	if class, _ := h.cell(2); !hasClass(class, "wrong") {
		t.Errorf("wrong cell not marked: %q", class)
	}
	h.keys("Delete")
	h.do(h.root.check)
	if msg := h.text("message"); !strings.Contains(msg, "all 1 of your digits agree") {
		t.Errorf("check message %q after fixing", msg)
	}
	h.do(h.root.clear)
	if h.game().Entries.Clues() != 0 || h.game().Clues.Clues() != 17 {
		t.Errorf("Clear: %d entries, %d clues; want 0 and 17", h.game().Entries.Clues(), h.game().Clues.Clues())
	}
	h.do(h.root.reset)
	if !h.game().Empty() || len(h.query()) != 0 {
		t.Errorf("Reset: game %v, query %v; want empty", h.game(), h.query())
	}
}

func TestDiagonalToggle(t *testing.T) {
	h := open(t, "/?p="+unique, nil)
	h.do(func(ctx app.Context) { h.root.setVariant(ctx, "diagonal") })
	for _, i := range []int{0, 8, 40, 72, 80} {
		if class, _ := h.cell(i); !hasClass(class, "diag") {
			t.Errorf("cell %d not shaded: %q", i, class)
		}
	}
	if class, _ := h.cell(1); hasClass(class, "diag") {
		t.Errorf("cell 1 shaded")
	}
	if h.query().Get("v") != "diagonal" {
		t.Errorf("address bar lacks v=diagonal: %v", h.query())
	}
	if !strings.Contains(h.html(), `id="diagonal" type="checkbox" checked`) && !strings.Contains(h.html(), "checked") {
		t.Error("diagonal checkbox not checked")
	}
	// The rule is applied: the count is computed for the diagonal variant.
	if h.root.store.Game().Rules().Name != "diagonal" {
		t.Errorf("variant %q", h.root.store.Game().Rules().Name)
	}
}

func TestPasteLoadsAnyFormat(t *testing.T) {
	grid := "4 . . | . . . | 8 . 5\n" +
		". 3 . | . . . | . . .\n" +
		". . . | 7 . . | . . .\n" +
		"------+-------+------\n" +
		". 2 . | . . . | . 6 .\n" +
		". . . | . 8 . | 4 . .\n" +
		". . . | . 1 . | . . .\n" +
		"------+-------+------\n" +
		". . . | 6 . 3 | . 7 .\n" +
		"5 . . | 2 . . | . . .\n" +
		"1 . 4 | . . . | . . .\n"
	h := open(t, "/", nil)
	h.do(func(ctx app.Context) { h.root.loadText(ctx, grid, nil) })
	if got := h.game().Clues.String(); got != unique {
		t.Errorf("pasted grid loaded as %s", got)
	}
	if h.root.editing {
		t.Error("a pasted puzzle stays in clue editing")
	}
	h.do(func(ctx app.Context) { h.root.loadText(ctx, "hello <b>world</b>", nil) })
	if msg := h.text("message"); !strings.Contains(msg, "not a puzzle") {
		t.Errorf("bad paste message %q", msg)
	}
	if got := h.game().Clues.String(); got != unique {
		t.Error("a bad paste changed the board")
	}
	if strings.Contains(h.html(), "<b>") {
		t.Error("pasted markup reached the page")
	}
}

func TestHostileLinkShowsMessageAndEmptyBoard(t *testing.T) {
	for _, q := range []string{
		"p=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E",
		"p=" + strings.Repeat("9", 100000),
		"bd=" + unique[:40],
		"p=" + unique + "&v=%3Cscript%3E",
		"p=" + unique + "&e=" + unique,
	} {
		h := open(t, "/?"+q, nil)
		if !h.game().Empty() {
			t.Errorf("?%.40s: board not empty", q)
		}
		msg := h.text("message")
		if !strings.Contains(msg, "cannot be opened") {
			t.Errorf("?%.40s: message %q", q, msg)
		}
		html := h.html()
		if strings.Contains(html, "<img") || strings.Contains(html, "<script") {
			t.Errorf("?%.40s: markup injected", q)
		}
		if len(h.query()) != 0 {
			t.Errorf("?%.40s: hostile query left in the address bar", q)
		}
	}
}

func TestSavedWorkSurvivesReload(t *testing.T) {
	h := open(t, "/?p="+unique, nil)
	h.keys("ArrowRight", "6")
	var s saved
	if err := h.disp.Context().LocalStorage().Get(storageKey, &s); err != nil || s.Version != saveVersion {
		t.Fatalf("saved %+v, %v", s, err)
	}
	// A new page with no link reads it back.
	h2 := open(t, "/", func(ctx app.Context) { ctx.LocalStorage().Set(storageKey, s) })
	if g, want := h2.game(), h.game(); !g.Equal(&want) {
		t.Errorf("reloaded game %+v, want %+v", g, want)
	}
	if h2.query().Get("e") == "" {
		t.Error("reloaded page does not put the game in the address bar")
	}
}

func TestCorruptSavedWorkIsKept(t *testing.T) {
	for _, bad := range []any{
		"not an object",
		map[string]any{"version": 1, "clues": "zzz", "entries": empty},
		map[string]any{"version": 99, "clues": unique, "entries": empty},
		[]int{1, 2, 3},
	} {
		h := open(t, "/", func(ctx app.Context) { ctx.LocalStorage().Set(storageKey, bad) })
		if !h.game().Empty() {
			t.Errorf("%v: not the default empty board", bad)
		}
		if !strings.Contains(h.html(), "could not be read") {
			t.Errorf("%v: no message about unreadable saved work", bad)
		}
		h.keys("5") // an edit must not overwrite the unreadable data
		var raw any
		h.disp.Context().LocalStorage().Get(storageKey, &raw)
		if s, ok := raw.(map[string]any); ok && s["version"] == float64(saveVersion) {
			t.Errorf("%v: overwritten by %v", bad, raw)
		}
		// Only the user's explicit choice resumes saving.
		h.do(h.root.resumeSaving)
		var s saved
		err := h.disp.Context().LocalStorage().Get(storageKey, &s)
		var ss session
		if err == nil {
			ss, err = fromSaved(s)
		}
		if err != nil || ss.store.Game().Clues[0] != 5 {
			t.Errorf("%v: after resuming, saved %+v, %v", bad, s, err)
		}
	}
}

func TestUpdateIsAnnouncedAndApplied(t *testing.T) {
	h := open(t, "/", nil)
	if strings.Contains(h.html(), `id="update"`) {
		t.Fatal("update banner shown with no update")
	}
	h.disp.AppUpdate()
	h.disp.Consume()
	if !strings.Contains(h.html(), `id="update"`) {
		t.Error("update banner missing after an update")
	}
}

// marked returns the cells the page marks with class c.
func (h *harness) marked(c string) []int {
	h.t.Helper()
	var cells []int
	for i := range 81 {
		if class, _ := h.cell(i); hasClass(class, c) {
			cells = append(cells, i)
		}
	}
	return cells
}

// shaded returns the cells the style sheet shades as kind, read from the
// board's classes and the cells' as its rules do (boardShade): "same", the
// cells holding the highlighted digit; "open", the empty cells it can still
// go in; "peer", the cells of the selected cell's row, column and box and
// those flagged peer. Explained cells are not shaded. The browser tests
// check that the style sheet draws what this reads.
func (h *harness) shaded(kind string) []int {
	h.t.Helper()
	html := h.html()
	var sd, pr, pc, pb string
	for _, f := range strings.Fields(boardClass(h.t, html)) {
		switch {
		case strings.HasPrefix(f, "sd"):
			sd = f[2:]
		case strings.HasPrefix(f, "pr"):
			pr = f[2:]
		case strings.HasPrefix(f, "pc"):
			pc = f[2:]
		case strings.HasPrefix(f, "pb"):
			pb = f[2:]
		}
	}
	var cells []int
	for i := range 81 {
		class, _ := h.cell(i)
		if hasClass(class, "explain") {
			continue
		}
		var on bool
		switch kind {
		case "same":
			on = sd != "" && hasClass(class, "d"+sd)
		case "open":
			on = sd != "" && hasClass(class, "o"+sd)
		case "peer":
			on = !hasClass(class, "selected") && (hasClass(class, "peer") ||
				pr != "" && hasClass(class, "r"+pr) || pc != "" && hasClass(class, "c"+pc) || pb != "" && hasClass(class, "b"+pb))
		}
		if on {
			cells = append(cells, i)
		}
	}
	return cells
}

func TestHintExplainsTheNextStep(t *testing.T) {
	h := open(t, "/?p="+unique, nil)
	before := h.game()
	h.do(h.root.hint)
	msg := h.text("message")
	if !strings.HasPrefix(msg, "Hint (") || !strings.Contains(msg, "): ") {
		t.Fatalf("hint message %q, want a technique and its explanation", msg)
	}
	t.Logf("hint: %s", msg)
	tech := msg[len("Hint ("):strings.Index(msg, ")")]
	if _, err := logic.ParseTechnique(tech); err != nil {
		t.Errorf("hint names %q, not a technique: %v", tech, err)
	}
	pattern, targets := h.marked("hint"), h.marked("hint-target")
	if len(pattern) == 0 || len(targets) == 0 {
		t.Fatalf("hint marked pattern %v and targets %v, want both", pattern, targets)
	}
	if after := h.game(); !after.Equal(&before) {
		t.Errorf("hint changed the game: a hint must not fill digits in")
	}
	// The step's target is named in the explanation.
	if name := solver.CellName(targets[0]); !strings.Contains(msg, name) {
		t.Errorf("hint message %q does not name its target %s", msg, name)
	}
	// The next edit clears the marks.
	h.keys("ArrowRight", "1")
	if m := h.marked("hint"); len(m) != 0 {
		t.Errorf("hint marks %v stay after an edit", m)
	}
}

func TestHintReportsMistakesFirst(t *testing.T) {
	h := open(t, "/?p="+unique, nil)
	res, _ := solveFull(h.game())
	bad := res.Solution[1]%9 + 1
	h.keys("ArrowRight", string(rune('0'+bad)))
	h.do(h.root.hint)
	want := "A digit of yours is wrong: r1c2 is not " + strconv.Itoa(int(bad)) + "."
	if msg := h.text("message"); !strings.HasPrefix(msg, want) {
		t.Errorf("hint message %q, want it to start %q", msg, want)
	}
	if got := h.marked("wrong"); len(got) != 1 || got[0] != 1 {
		t.Errorf("cells marked wrong %v, want [1]", got)
	}
	if got := h.marked("hint"); len(got) != 0 {
		t.Errorf("a hint with mistakes marked a step: %v", got)
	}
	// A digit that clashes with a clue is a mistake too, not a refusal.
	h.keys("4") // r1c1 holds the clue 4
	h.do(h.root.hint)
	if msg := h.text("message"); !strings.HasPrefix(msg, "A digit of yours is wrong: r1c2 is not 4.") {
		t.Errorf("hint on a clashing digit: %q", msg)
	}
}

func TestHintMarksEveryMistake(t *testing.T) {
	h := open(t, "/?p="+unique, nil)
	res, _ := solveFull(h.game())
	var cells []int
	h.do(func(ctx app.Context) {
		for c := 0; c < 81 && len(cells) < 6; c++ {
			if h.game().Clues[c] == 0 {
				h.root.do(ctx, action{Kind: actPlace, Cell: c, Digit: res.Solution[c]%9 + 1}) // wrong on purpose
				cells = append(cells, c)
			}
		}
	})
	h.do(h.root.hint)
	msg := h.text("message")
	if !strings.HasPrefix(msg, "6 digits of yours are wrong: ") || !strings.HasSuffix(msg, ", and 2 more. Fix them first; then ask again.") {
		t.Errorf("hint message %q, want six mistakes, four named, and the plural", msg)
	}
	if got := h.marked("wrong"); fmt.Sprint(got) != fmt.Sprint(cells) {
		t.Errorf("cells marked wrong %v, want all six %v", got, cells)
	}
}

func TestHintExplainsBadPositions(t *testing.T) {
	g := game{Clues: sudokutest.MustParse(unique)}
	res, err := solveFull(g)
	if err != nil {
		t.Fatal(err)
	}
	for i, d := range res.Solution {
		if g.Clues[i] == 0 {
			g.Entries[i] = d
		}
	}
	for _, c := range []struct{ name, url, want string }{
		{"several solutions", "/?p=1" + empty[1:], "several solutions"},
		{"no solution", "/?p=" + noSolution, "no solution"},
		{"conflicting clues", "/?p=" + conflicting, "conflict"},
		{"solved board", "/?" + linkQuery(g, true), "nothing left to hint"},
	} {
		h := open(t, c.url, nil)
		h.do(h.root.hint)
		if msg := h.text("message"); !strings.Contains(msg, c.want) {
			t.Errorf("%s: hint message %q, want %q", c.name, msg, c.want)
		}
		if got := h.marked("hint"); len(got) != 0 {
			t.Errorf("%s: cells marked %v", c.name, got)
		}
	}
}

// tag returns the opening tag of the element with the given id.
func (h *harness) tag(id string) string {
	return regexp.MustCompile(`<[a-z]+[^>]*\sid="` + id + `"[^>]*>`).FindString(h.html())
}

// attr returns an attribute of the element with the given id. go-app's
// HTMLString writes the value "true" as a bare attribute; the browser gets
// "true" (setAttribute).
func (h *harness) attr(id, name string) string {
	m := regexp.MustCompile(`\s` + name + `(="([^"]*)")?[\s>]`).FindStringSubmatch(h.tag(id))
	switch {
	case m == nil:
		return ""
	case m[1] == "":
		return "true"
	}
	return m[2]
}
