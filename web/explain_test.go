package web

import (
	"bufio"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"sudoku/solver"
	"sudoku/solver/logic"
	"sudoku/web/worker"
)

// chainPuzzle returns a magictour puzzle whose explanation has a chain step
// with links, the index of that step, and the explanation.
func chainPuzzle(t *testing.T) (string, int, *logic.Explanation) {
	t.Helper()
	f, err := os.Open("../testdata/magictour.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for n := 0; sc.Scan() && n < 40; n++ {
		line, _, _ := strings.Cut(sc.Text(), ":")
		if strings.HasPrefix(line, "#") {
			continue
		}
		g, err := solver.Parse(line)
		if err != nil {
			t.Fatal(err)
		}
		ex, err := logic.Explain(solver.Position{Clues: g}, logic.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for i, st := range ex.Steps {
			if len(st.Links) > 1 {
				return g.String(), i, ex
			}
		}
	}
	t.Fatal("no chain step in the first magictour puzzles")
	return "", 0, nil
}

// wire is what of ex the page's grade says, as the engine's worker sends it.
func wire(ex *logic.Explanation) *worker.Explanation {
	return &worker.Explanation{Level: worker.Level(ex.Level), Score: ex.Score, Steps: make([]worker.Step, len(ex.Steps))}
}

// explainNow opens the Explain panel (or builds again with build) and waits
// for the steps, which are built outside the event handler.
func (h *harness) explainNow(build bool) {
	h.t.Helper()
	h.do(func(ctx app.Context) {
		if build {
			h.root.buildExplain(ctx)
		} else {
			h.root.toggleExplain(ctx)
		}
		if !h.root.explain.busy && h.root.explain.msg == "" {
			h.t.Errorf("the build neither started nor said why")
		}
	})
	for deadline := time.Now().Add(time.Minute); h.root.explain.busy && time.Now().Before(deadline); {
		time.Sleep(5 * time.Millisecond)
		h.disp.Consume()
	}
	if h.root.explain.busy {
		h.t.Fatal("the explanation never came back")
	}
	// The list is mounted a chunk at a time after the build.
	for deadline := time.Now().Add(time.Minute); h.root.explain.mounting() && time.Now().Before(deadline); {
		time.Sleep(5 * time.Millisecond)
		h.disp.Consume()
	}
}

// The step list mounts the first step alone (the one drawn), then
// explainChunk steps a task (listMore), always up to the selected step, and
// says it is busy until every step is listed.
func TestExplainListInChunks(t *testing.T) {
	steps := make([]worker.Step, 2*explainChunk+5)
	var m explainState
	m.open = true
	m.take(explainResult{steps: steps})
	if m.listed != 1 || m.listedSteps() != 1 {
		t.Fatalf("first task: %d listed, %d shown; want 1", m.listed, m.listedSteps())
	}
	m.listed = explainChunk
	m.set(explainChunk + 3)
	if got := m.listedSteps(); got != explainChunk+4 {
		t.Errorf("selected step %d beyond the chunk: %d shown, want %d", m.cur, got, explainChunk+4)
	}
	busy := regexp.MustCompile(`aria-busy(="true")?[ >]`) // go-app writes a true attribute bare
	p := &explainPanel{State: m}
	if html := app.HTMLString(p); !busy.MatchString(html) || strings.Count(html, `role="option"`) != explainChunk+4 {
		t.Errorf("a list still mounting: busy %v, %d options", busy.MatchString(html), strings.Count(html, `role="option"`))
	}
	m.listed = len(steps)
	p = &explainPanel{State: m}
	if html := app.HTMLString(p); !busy.MatchString(html) {
		t.Error("every step listed but the board not drawn yet: the list is not busy")
	}
	m.drawn = 9
	p = &explainPanel{State: m}
	if html := app.HTMLString(p); busy.MatchString(html) || !strings.Contains(html, `aria-busy="false"`) || strings.Count(html, `role="option"`) != len(steps) {
		t.Errorf("the whole list: busy %v, %d options, want %d", busy.MatchString(html), strings.Count(html, `role="option"`), len(steps))
	}
	var short explainState
	short.take(explainResult{steps: steps[:3]})
	if short.listed != 1 {
		t.Errorf("3 steps: %d listed first, want 1", short.listed)
	}
	var none explainState
	if none.take(explainResult{}); none.listed != 0 {
		t.Errorf("no steps: %d listed", none.listed)
	}
}

// options counts the rendered steps of the list.
func (h *harness) options() int { return strings.Count(h.html(), `role="option"`) }

// TestExplainPanelSteps: opening the panel shows the puzzle's grade and
// every step; Previous, Next, the slider and the list's keys move the
// selection within bounds; the game never changes; closing restores the board.
func TestExplainPanelSteps(t *testing.T) {
	p, _, ex := chainPuzzle(t)
	h := open(t, "/?p="+p, nil)
	before := h.game()
	h.explainNow(false)
	n := len(ex.Steps)
	if got, want := h.text("explain-grade"), "Puzzle grade: "+gradeText(wire(ex)); got != want {
		t.Errorf("grade %q, want %q", got, want)
	}
	if !strings.Contains(gradeText(wire(ex)), fmt.Sprintf("%s, score %.1f", ex.Level, ex.Score)) {
		t.Errorf("grade text %q lacks the level and score", gradeText(wire(ex)))
	}
	if h.options() != n {
		t.Fatalf("%d steps listed, want %d", h.options(), n)
	}
	if h.attr("explain-toggle", "aria-expanded") != "true" {
		t.Errorf("toggle not expanded: %s", h.tag("explain-toggle"))
	}
	for i, st := range ex.Steps {
		tag := h.tag(stepID(i))
		if !strings.Contains(tag, `data-technique="`+st.Technique.String()+`"`) {
			t.Fatalf("step %d: %s, want technique %v", i+1, tag, st.Technique)
		}
	}
	check := func(what string, want int) {
		t.Helper()
		if h.root.explain.cur != want {
			t.Fatalf("%s: step %d selected, want %d", what, h.root.explain.cur, want)
		}
		if got := h.attr(stepID(want), "aria-selected"); got != "true" {
			t.Errorf("%s: step %d aria-selected %q", what, want, got)
		}
		if got := h.attr("explain-range", "value"); got != fmt.Sprint(want+1) {
			t.Errorf("%s: slider value %s, want %d", what, got, want+1)
		}
		if got := h.text("explain-current"); !strings.HasPrefix(got, fmt.Sprintf("Step %d of %d, %s", want+1, n, ex.Steps[want].Technique)) {
			t.Errorf("%s: announced %q", what, got)
		}
	}
	check("opened", 0)
	if h.attr("explain-range", "min") != "1" || h.attr("explain-range", "max") != fmt.Sprint(n) {
		t.Errorf("slider %s, want 1 to %d", h.tag("explain-range"), n)
	}
	if h.attr("explain-prev", "disabled") != "true" {
		t.Errorf("Previous enabled at the first step")
	}
	h.do(func(ctx app.Context) { h.root.explain.selectStep(ctx, h.root.explain.cur-1) })
	check("Previous at the first step", 0)
	h.do(func(ctx app.Context) { h.root.explain.selectStep(ctx, h.root.explain.cur+1) })
	h.do(func(ctx app.Context) { h.root.explain.selectStep(ctx, h.root.explain.cur+1) })
	check("Next twice", 2)
	h.do(func(ctx app.Context) { h.root.explain.selectStep(ctx, h.root.explain.cur-1) })
	check("Previous", 1)
	h.do(func(ctx app.Context) { h.root.explain.selectStep(ctx, n+50) }) // a slider value out of range
	check("past the end", n-1)
	if h.attr("explain-next", "disabled") != "true" {
		t.Errorf("Next enabled at the last step")
	}
	h.do(func(ctx app.Context) { h.root.explain.selectStep(ctx, -3) })
	check("before the start", 0)
	if after := h.game(); !after.Equal(&before) {
		t.Fatal("explaining changed the game")
	}
	h.do(h.root.toggleExplain)
	if strings.Contains(h.html(), `id="explain-panel"`) || len(h.marked("explain")) != 0 || strings.Contains(h.html(), "explain-links") {
		t.Error("closing the panel left the explanation on the board")
	}
	if h.attr("explain-toggle", "aria-expanded") != "false" {
		t.Errorf("toggle still expanded: %s", h.tag("explain-toggle"))
	}
	if after := h.game(); !after.Equal(&before) {
		t.Fatal("explaining changed the game")
	}
}

// TestExplainDrawsStep: the board shows the position before the selected
// step and the step as logic.Step has it: pattern, removed and placed
// candidates, units and chain links.
func TestExplainDrawsStep(t *testing.T) {
	p, k, ex := chainPuzzle(t)
	h := open(t, "/?p="+p, nil)
	h.explainNow(false)
	h.do(func(ctx app.Context) { h.root.explain.selectStep(ctx, k) })
	st := ex.Steps[k]
	ps, err := ex.Positions()
	if err != nil {
		t.Fatal(err)
	}
	s := &ps[k]
	cv := h.root.cellViews()
	var pattern, elim, place [81]marks
	var units [81]bool
	for _, c := range st.Pattern {
		pattern[c.Cell] |= markOf(uint8(c.Digit))
	}
	for _, c := range st.Eliminations {
		elim[c.Cell] |= markOf(uint8(c.Digit))
	}
	for _, c := range st.Placements {
		place[c.Cell] |= markOf(uint8(c.Digit))
	}
	for _, u := range st.Units {
		for _, c := range solver.Standard.Unit(u) {
			units[c] = true
		}
	}
	for i, c := range cv {
		name := solver.CellName(i)
		if int(c.Digit) != s.Digit(i) {
			t.Errorf("%s shows %d, the position before step %d has %d", name, c.Digit, k+1, s.Digit(i))
		}
		if c.Digit == 0 && c.Corner != marks(s.Candidates(i)) {
			t.Errorf("%s shows candidates %v, want %v", name, c.Corner.Digits(), marks(s.Candidates(i)).Digits())
		}
		if c.HintElim != elim[i] || c.HintPlace != place[i] || c.HintMarks != pattern[i]|elim[i]|place[i] {
			t.Errorf("%s: struck %v placed %v marked %v; want %v %v %v", name, c.HintElim.Digits(), c.HintPlace.Digits(),
				c.HintMarks.Digits(), elim[i].Digits(), place[i].Digits(), (pattern[i] | elim[i] | place[i]).Digits())
		}
		if c.Hint != (pattern[i] != 0) || c.Unit != units[i] || !c.Explain {
			t.Errorf("%s: pattern %v unit %v explain %v", name, c.Hint, c.Unit, c.Explain)
		}
		if c.Stepped != (c.Digit != 0 && !c.Clue) { // nothing placed by the player here
			t.Errorf("%s: stepped %v", name, c.Stepped)
		}
	}
	// The rendered board says the same through its classes.
	if got, want := len(h.marked("unit")), countTrue(units); got != want {
		t.Errorf("%d cells shaded as units, want %d", got, want)
	}
	html := h.html()
	if got := strings.Count(html, "hint-elim"); got != len(st.Eliminations) {
		t.Errorf("%d struck candidates drawn, want %d", got, len(st.Eliminations))
	}
	// The links: one line per link, from mark to mark, dashed when weak.
	links := h.root.explain.links()
	if len(links) != len(st.Links) {
		t.Fatalf("%d links, want %d", len(links), len(st.Links))
	}
	for j, l := range st.Links {
		x1, y1 := markCentre(worker.Candidate(l.From), 9)
		x2, y2 := markCentre(worker.Candidate(l.To), 9)
		if b := links[j]; b.X1 != x1 || b.Y1 != y1 || b.X2 != x2 || b.Y2 != y2 || b.Strong != l.Strong {
			t.Errorf("link %d drawn %+v, want %v-%v strong %v", j, b, l.From, l.To, l.Strong)
		}
	}
	strong := 0
	for _, l := range st.Links {
		if l.Strong {
			strong++
		}
	}
	if got := len(regexp.MustCompile(`<line[^>]*data-link="strong"`).FindAllString(html, -1)); got != strong {
		t.Errorf("%d strong lines drawn, want %d", got, strong)
	}
	if got := len(regexp.MustCompile(`<line[^>]*data-link="weak"`).FindAllString(html, -1)); got != len(st.Links)-strong {
		t.Errorf("%d weak lines drawn, want %d", got, len(st.Links)-strong)
	}
	// The first mark of a cell sits in its top left ninth, the last in its bottom right.
	if x, y := markCentre(worker.Candidate{Cell: 10, Digit: 1}, 9); x != 1+1.0/6 || y != 1+1.0/6 {
		t.Errorf("mark 1 of r2c2 at %v,%v", x, y)
	}
	if x, y := markCentre(worker.Candidate{Cell: 80, Digit: 9}, 9); x != 8+5.0/6 || y != 8+5.0/6 {
		t.Errorf("mark 9 of r9c9 at %v,%v", x, y)
	}
}

func countTrue(bs [81]bool) int {
	n := 0
	for _, b := range bs {
		if b {
			n++
		}
	}
	return n
}

// TestExplainFromPosition: with digits placed, and then with the player's
// marks, the steps start from the player's position; a wrong mark is
// reported as a mistake and nothing is explained; a change drops the steps.
func TestExplainFromPosition(t *testing.T) {
	p, _, ex := chainPuzzle(t)
	h := open(t, "/?p="+p, nil)
	// Place the digits of the first placements, as a player would.
	placed := 0
	for _, st := range ex.Steps {
		for _, c := range st.Placements {
			if placed < 5 {
				h.do(func(ctx app.Context) { h.root.do(ctx, action{Kind: actPlace, Cell: c.Cell, Digit: uint8(c.Digit)}) })
				placed++
			}
		}
	}
	g := h.game()
	want, err := logic.Explain(playerPosition(&g), logic.Options{})
	if err != nil || want.Mistakes != nil {
		t.Fatal(want, err)
	}
	h.explainNow(false)
	if n := len(h.root.explain.steps); n != len(want.Steps) || n >= len(ex.Steps) {
		t.Fatalf("%d steps from the position, want %d (fewer than %d from the clues)", n, len(want.Steps), len(ex.Steps))
	}
	if got := h.text("explain-grade"); got != "Puzzle grade: "+gradeText(wire(ex)) {
		t.Errorf("grade from a position %q, want the puzzle's %q", got, gradeText(wire(ex)))
	}
	if !strings.HasPrefix(h.text("explain-msg"), fmt.Sprintf("%d steps from your position", len(want.Steps))) {
		t.Errorf("summary %q", h.text("explain-msg"))
	}
	cv := h.root.cellViews()
	for i := range 81 {
		if d := g.Entries[i]; d != 0 && g.Clues[i] == 0 && (cv[i].Digit != d || cv[i].Stepped) {
			t.Errorf("%s: the player's %d shows as %d (stepped %v)", solver.CellName(i), d, cv[i].Digit, cv[i].Stepped)
		}
	}
	// A change of the game drops the steps and says so.
	h.do(h.root.showCandidates)
	if h.root.explain.shown() || !strings.Contains(h.text("explain-msg"), "position changed") {
		t.Fatalf("after a change: shown %v, message %q", h.root.explain.shown(), h.text("explain-msg"))
	}
	// From the player's marks (every candidate the rules allow).
	h.explainNow(true)
	g = h.game()
	want, err = logic.Explain(playerPosition(&g), logic.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(h.root.explain.steps) != len(want.Steps) || h.root.explain.steps[0].Text != want.Steps[0].Explanation {
		t.Errorf("from marks: %d steps, want %d", len(h.root.explain.steps), len(want.Steps))
	}
	// Remove a right candidate: a mistake, reported as Hint reports it.
	sol := ex.Solution
	cell := -1
	for i := range 81 {
		if g.Clues[i] == 0 && g.Entries[i] == 0 {
			cell = i
			break
		}
	}
	h.do(func(ctx app.Context) { h.root.do(ctx, action{Kind: actCorner, Cell: cell, Digit: sol[cell]}) })
	h.explainNow(true)
	if h.root.explain.shown() || !strings.Contains(h.text("explain-msg"), "mistakes") {
		t.Errorf("with a mistake: shown %v, panel says %q", h.root.explain.shown(), h.text("explain-msg"))
	}
	if msg := h.text("message"); !strings.Contains(msg, fmt.Sprintf("%s can be %d", solver.CellName(cell), sol[cell])) {
		t.Errorf("with a mistake the page says %q", msg)
	}
}

// TestExplainNoUniqueSolution: no steps, and a clear reason.
func TestExplainNoUniqueSolution(t *testing.T) {
	h := open(t, "/?p="+strings.Repeat(".", 80)+"1", nil)
	h.explainNow(false)
	if h.root.explain.shown() || !strings.Contains(h.text("explain-msg"), "several solutions") {
		t.Errorf("several solutions: panel says %q", h.text("explain-msg"))
	}
	if strings.Contains(h.html(), `id="explain-grade"`) {
		t.Errorf("a grade is shown for a puzzle without one solution")
	}
}

var listKeyTests = []struct {
	key       string
	cur, n    int
	want      int
	wantMoved bool
}{
	{"ArrowDown", 3, 10, 4, true},
	{"ArrowUp", 3, 10, 2, true},
	{"Home", 7, 10, 0, true},
	{"End", 2, 10, 9, true},
	{"PageDown", 2, 40, 12, true},
	{"PageUp", 12, 40, 2, true},
	{"a", 2, 10, 2, false},
}

// TestListKey: the list's keys (the bounds are set's).
func TestListKey(t *testing.T) {
	for _, tt := range listKeyTests {
		if got, ok := listKey(tt.key, tt.cur, tt.n); got != tt.want || ok != tt.wantMoved {
			t.Errorf("listKey(%q, %d, %d) = %d, %v; want %d, %v", tt.key, tt.cur, tt.n, got, ok, tt.want, tt.wantMoved)
		}
	}
	m := explainState{steps: make([]worker.Step, 5), open: true}
	for _, c := range []struct{ set, want int }{{-1, 0}, {0, 0}, {4, 4}, {5, 4}, {99, 4}} {
		m.set(c.set)
		if m.cur != c.want {
			t.Errorf("set(%d) selects %d, want %d", c.set, m.cur, c.want)
		}
	}
}

// TestExplainDiagonal: under the diagonal rules the steps are the
// variant's, and a step's diagonal is shaded as a unit.
func TestExplainDiagonal(t *testing.T) {
	const p = ".4..........8.47......5..8.....7.4.6.......7...........26....3.89..1.....3..6...."
	g, _ := solver.Parse(p)
	ex, err := logic.Explain(solver.Position{Clues: g, Variant: solver.Diagonal}, logic.Options{})
	if err != nil {
		t.Fatal(err)
	}
	k := -1
	for i, st := range ex.Steps {
		for _, u := range st.Units {
			if u >= 27 && k < 0 {
				k = i
			}
		}
	}
	if k < 0 {
		t.Fatal("no step uses a diagonal")
	}
	h := open(t, "/?p="+p+"&v=diagonal", nil)
	h.explainNow(false)
	if len(h.root.explain.steps) != len(ex.Steps) {
		t.Fatalf("%d steps, want the diagonal explanation's %d", len(h.root.explain.steps), len(ex.Steps))
	}
	h.do(func(ctx app.Context) { h.root.explain.selectStep(ctx, k) })
	var want [81]bool
	for _, u := range ex.Steps[k].Units {
		for _, c := range solver.Diagonal.Unit(u) {
			want[c] = true
		}
	}
	cv := h.root.cellViews()
	for i := range cv {
		if cv[i].Unit != want[i] {
			t.Errorf("step %d (%v, units %v): %s shaded %v", k+1, ex.Steps[k].Technique, ex.Steps[k].Units, solver.CellName(i), cv[i].Unit)
		}
	}
}

// TestSolvingMessageGoesAway: Explain waits for the Solve budget's answer
// when the live count ran out of budget, saying "Solving…"; once the
// answer is in and the steps are shown, the message no longer says so.
func TestSolvingMessageGoesAway(t *testing.T) {
	defer func(c int64) { countBudget = c }(countBudget)
	countBudget = 5
	h := open(t, "/?p="+magic, nil)
	if c := h.root.view.sol.count(); c != countUnknown {
		t.Fatalf("live count %v with a budget of 5 nodes, want unknown", c)
	}
	h.do(h.root.toggleExplain)
	for deadline := time.Now().Add(time.Minute); len(h.root.explain.steps) == 0 && time.Now().Before(deadline); {
		time.Sleep(5 * time.Millisecond)
		h.disp.Consume()
	}
	if len(h.root.explain.steps) == 0 {
		t.Fatalf("no steps explained (%s)", h.text("message"))
	}
	if msg := h.text("message"); msg == txtSolving {
		t.Errorf("message %q once the steps are shown", msg)
	}
}
