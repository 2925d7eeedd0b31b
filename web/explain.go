package web

import (
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"sudoku/solver"
	"sudoku/web/worker"
)

// explainState is the Explain panel: the whole logical solution from the
// player's position as a list of steps, one of them selected and drawn on
// the board. It never changes the game; a change of the game drops the
// steps (they explain a position that is gone).
type explainState struct {
	open bool // the panel is shown
	busy bool // the steps are being built
	// steps are the steps as the engine's worker sent them, each with the
	// position before it (candidates included); the page decodes only the
	// selected one's, to draw it.
	steps   []worker.Step
	variant *solver.Variant
	size    int    // the grid's side, 0 for 9: a variant puzzle's steps name its cells r*size+c
	cur     int    // the selected step
	listed  int    // how many steps the list has mounted so far (listMore)
	drawn   int    // how many rows of the board show the steps' position so far (listMore)
	msg     string // why there are no steps, or that the position changed
	summary string // the steps from the player's position: how many, how hard
	took    time.Duration

	// The puzzle's grade, kept for the clues and variant it was made for.
	grade        string
	gradeClues   solver.Grid
	gradeVariant *solver.Variant
	gradeCustom  *solver.Rules
}

// explainResult is what building an explanation gives.
type explainResult struct {
	steps    []worker.Step
	variant  *solver.Variant
	size     int // a variant puzzle's size (variant_play.go), 0 for 9
	level    worker.Level
	score    float64
	mistakes []worker.Mistake
	msg      string // no steps: why, for the player
	grade    string // the puzzle's grade when the position is the clues alone
	took     time.Duration
}

// explanationOf is what the Explain panel shows of ex and err, logic.Explain's
// answer for the player's position (playerPosition) in g with every
// technique, as the engine's worker gives it (each step with the position
// before it). A position with mistakes gives the mistakes and no steps, as
// Hint does; took is left to the caller.
func explanationOf(g *game, ex *worker.Explanation, err error) explainResult {
	var ms []worker.Mistake
	if ex != nil {
		ms = ex.Mistakes
	}
	res := explainResult{mistakes: ms, variant: g.Rules()}
	if ex != nil && len(ms) == 0 && ex.FromClues && !hasMarks(g) {
		res.grade = gradeText(ex) // the position is the clues': its grade is the puzzle's
	}
	switch {
	case len(ms) > 0:
		res.msg = "Your position has mistakes: fix them first (they are marked on the board)."
	case errors.Is(err, worker.ErrStuck):
		res.msg = "The techniques the page knows find no step here."
	case err != nil:
		res.msg = "No explanation: " + err.Error() + "."
	case len(ex.Steps) == 0:
		res.msg = "The board is full and every digit is right: nothing left to explain."
	default:
		res.steps, res.level, res.score = ex.Steps, ex.Level, ex.Score
	}
	return res
}

// hasMarks reports whether the player has corner marks (they are the
// position's candidates).
func hasMarks(g *game) bool {
	for _, m := range g.Corner {
		if m != 0 {
			return true
		}
	}
	return false
}

// gradeText is the puzzle's grade as `sudoku grade` reports it: level,
// score (the hardest step's rating) and the number of steps from the clues.
func gradeText(ex *worker.Explanation) string {
	return fmt.Sprintf("%s, score %.1f (%d steps from the clues)", ex.Level, ex.Score, len(ex.Steps))
}

// shown reports whether a step is drawn on the board.
func (m *explainState) shown() bool { return m.open && len(m.steps) > 0 }

// set selects step i, kept within the steps.
func (m *explainState) set(i int) {
	m.cur = max(0, min(i, len(m.steps)-1))
}

// dropSteps forgets the steps: the game changed under them.
func (m *explainState) dropSteps() {
	if m.steps == nil {
		return
	}
	m.steps, m.cur = nil, 0
	m.summary = ""
	m.msg = "Your position changed: build the steps again from here."
}

// take puts a built explanation in place.
func (m *explainState) take(res explainResult) {
	m.busy = false
	m.steps, m.variant, m.size, m.cur, m.took = res.steps, res.variant, res.size, 0, res.took
	m.listed = min(len(res.steps), 1) // the step drawn; listMore mounts the rest
	m.drawn = explainRows
	m.msg, m.summary = res.msg, ""
	if len(res.steps) > 0 {
		m.summary = fmt.Sprintf("%d steps from your position; the hardest is %s, score %.1f.", len(res.steps), res.level, res.score)
	}
}

// explainChunk is how many steps the list mounts in one task: a list of 60
// steps mounted at once held the page's thread 80-100 ms (a CPU profile of
// make measure's Explain, at a load of 7). The first task draws the step
// on the board and lists it alone: the board's redraw is the larger part
// of that task (make profile, 2026-11-26).
const explainChunk = 10

// explainRows is how many rows of the board a task turns from the player's
// position to the explained step's: the whole board's redraw (every cell's
// candidates mounted) was the longest task of Explain, 60-75 ms at a load
// of 10 (make profile, 2026-11-26), so it takes three tasks.
const explainRows = 3

// mounting reports whether the list or the board is still being mounted.
func (m *explainState) mounting() bool {
	return len(m.steps) > 0 && (m.listedSteps() < len(m.steps) || m.drawn < m.gridSize())
}

// listPause is the pause between two chunks of the list, so that the page
// paints and takes keys between them.
const listPause = 16 * time.Millisecond

// listedSteps is how many steps the list shows: those mounted, and always
// up to the selected one.
func (m *explainState) listedSteps() int {
	return min(len(m.steps), max(m.listed, m.cur+1))
}

// listMore mounts the list's next chunk and draws the board's next rows
// after a pause, as updates of the page (e), until every step is listed
// and every row drawn; new steps or none stop it.
func (m *explainState) listMore(ctx app.Context, e *engine) {
	steps := m.steps
	if !m.mounting() {
		return
	}
	ctx.Defer(func(ctx app.Context) {
		ctx.Async(func() {
			time.Sleep(listPause)
			e.dispatch(ctx, func(ctx app.Context) {
				if len(m.steps) == 0 || &m.steps[0] != &steps[0] {
					return // other steps, or none: their own listing
				}
				m.listed = min(len(m.steps), m.listed+explainChunk)
				m.drawn = min(m.gridSize(), m.drawn+explainRows)
				m.listMore(ctx, e)
			})
		})
	})
}

// stepText is step i as the list and the announcement say it.
func (m *explainState) stepText(i int) string {
	st := &m.steps[i]
	return fmt.Sprintf("Step %d of %d, %s (%s): %s", i+1, len(m.steps), st.Technique, st.Technique.Level(), st.Text)
}

// draw shows the selected step on the cells: the position before it (its
// digits and every candidate, in place of the player's marks), the step's
// pattern, what it removes and places, and its units shaded. The player's
// game is not touched. A step the page cannot read draws nothing.
func (m *explainState) draw(cv *[81]cellView) {
	if !m.shown() {
		return
	}
	st := &m.steps[m.cur]
	n := m.gridSize()
	before, err := worker.DecodeBoard(st.Before)
	if err != nil || len(before.Digits) != n*n {
		return
	}
	units, err := worker.DecodeCells(st.Units)
	if err != nil {
		return
	}
	drawn := min(n, max(m.drawn, 1)) * n // the rows drawn so far (listMore): the others keep the player's
	for i := range drawn {
		c := &cv[i]
		*c = cellView{Digit: c.Digit, Clue: c.Clue, Conflict: c.Conflict, Explain: true, Size: c.Size, Notes: c.Notes}
		if d := before.Digits[i]; d != 0 && !c.Clue {
			c.Digit, c.Stepped = d, c.Digit == 0
		}
		if c.Digit == 0 {
			c.Corner = marks(before.Cands[i])
		}
	}
	var marks hintMarks
	marks.addStep(st)
	for i := range drawn {
		marks.paint(&cv[i], i)
	}
	for _, c := range units {
		if c < drawn {
			cv[c].Unit = true
		}
	}
}

// gridSize is the side of the grid the steps are on.
func (m *explainState) gridSize() int {
	if m.size == 0 {
		return 9
	}
	return m.size
}

// links are the selected step's chain links as the board draws them.
func (m *explainState) links() []boardLink {
	if !m.shown() || m.drawn < m.gridSize() {
		return nil // drawn with the board's last rows
	}
	var out []boardLink
	links, _ := worker.DecodeLinks(m.steps[m.cur].Links) // a link the page cannot read is not drawn
	for _, l := range links {
		x1, y1 := markCentre(l.From, m.gridSize())
		x2, y2 := markCentre(l.To, m.gridSize())
		out = append(out, boardLink{X1: x1, Y1: y1, X2: x2, Y2: y2, Strong: l.Strong, From: l.From.String(), To: l.To.String()})
	}
	return out
}

// markCentre is the centre of a candidate's corner mark, in cells from the
// board's top left corner (mark 1 top left, 9 bottom right of its cell), on
// an n x n grid.
func markCentre(c worker.Candidate, n int) (x, y float64) {
	k := c.Digit - 1
	return float64(c.Cell%n) + (float64(k%3)+0.5)/3, float64(c.Cell/n) + (float64(k/3)+0.5)/3
}

// toggleExplain opens the panel and builds the steps, or closes it.
func (r *root) toggleExplain(ctx app.Context) {
	if r.explain.open {
		r.explain.open = false
		r.explain.steps = nil
		r.explain.msg = ""
		return
	}
	r.explain.open = true
	r.buildExplain(ctx)
}

// buildExplain builds the steps from the player's position in the engine's
// worker, and the puzzle's grade there too when it is not known; the page
// says "Working…" meanwhile and its thread stays free. A change of the
// position before the answer comes makes the answer stale: the page then
// offers to build again.
func (r *root) buildExplain(ctx app.Context) {
	if r.explain.busy {
		return
	}
	r.whenSolved(ctx, r.askExplain)
}

// askExplain asks the engine's worker for the steps, once the clues'
// solution is settled; mistakes in the position are said and marked as
// Hint does.
func (r *root) askExplain(ctx app.Context) {
	if r.explain.busy {
		return
	}
	g := r.store.Game()
	if m := explainSolveError(r.view.sol.res, r.view.sol.err); m != "" {
		r.explain.take(explainResult{msg: "No explanation: " + m})
		r.explain.grade = ""
		return
	}
	sol, _ := r.view.sol.unique()
	r.explain.ask(ctx, &r.jobs, g, sol, func(ctx app.Context, res explainResult) {
		if len(res.mistakes) > 0 {
			r.clearMarks()
			r.say(msgError, showMistakes(&r.marks, &g, res.mistakes))
		}
	})
}

// ask builds the steps from the player's position in g with the clues'
// solution sol in the engine's worker (e), and the puzzle's grade there too
// when it is not known; the panel says "Working…" meanwhile and the page's
// thread stays free. A change of the position before the answer comes
// makes the answer stale: the panel then offers to build again. Else the
// steps are shown and done called with them.
func (m *explainState) ask(ctx app.Context, e *engine, g game, sol solver.Grid, done func(ctx app.Context, res explainResult)) {
	m.busy = true
	m.steps = nil
	m.msg = "Working…"
	known := m.knownGrade(&g)
	finish := func(res explainResult, grade string) {
		e.dispatch(ctx, func(ctx app.Context) {
			if !e.holds(&g) {
				m.busy = false
				m.msg = "Your position changed: build the steps again from here."
				return
			}
			m.grade, m.gradeClues, m.gradeVariant, m.gradeCustom = grade, g.Clues, g.Rules(), g.Custom
			m.take(res)
			done(ctx, res)
			m.listMore(ctx, e)
		})
	}
	req := worker.Request{Op: worker.OpExplain, Position: worker.FromPosition(playerPosition(&g)), Solution: &sol, Rules: worker.RulesOf(g.Custom)}
	e.afterPaint(ctx, func(ctx app.Context) {
		if !e.holds(&g) {
			m.busy = false // changed before the job went out: nothing to ask
			m.msg = "Your position changed: build the steps again from here."
			return
		}
		e.worker(ctx).Do(req, func(resp worker.Response) {
			ex, err := resp.Explanation()
			if errors.Is(err, worker.ErrCancelled) {
				finish(explainResult{}, "") // the position changed: nothing more to ask
				return
			}
			var res explainResult
			if g.Custom != nil {
				res = variantExplanationOf(&g, ex, err) // variant_play.go
			} else {
				res = explanationOf(&g, ex, err)
			}
			res.took = time.Duration(resp.Millis * float64(time.Millisecond))
			grade := res.grade
			if grade == "" {
				grade = known
			}
			if grade != "" {
				finish(res, grade)
				return
			}
			clues := worker.Request{Op: worker.OpExplain, Position: worker.FromPosition(solver.Position{Clues: g.Clues, Variant: g.Rules()}), Solution: &sol, Rules: worker.RulesOf(g.Custom)}
			e.worker(ctx).Do(clues, func(resp worker.Response) {
				grade := "" // no single solution: no grade
				if ex, err := resp.Explanation(); err == nil {
					grade = gradeText(ex)
				}
				finish(res, grade)
			})
		})
	})
}

// knownGrade is the grade kept from the last build when it is for g's
// clues and variant, or "".
func (m *explainState) knownGrade(g *game) string {
	if m.gradeClues == g.Clues && m.gradeVariant == g.Rules() && sameRules(m.gradeCustom, g.Custom) {
		return m.grade
	}
	return ""
}

// listKey is the step a listbox key moves to from cur among n steps.
func listKey(key string, cur, n int) (int, bool) {
	switch key {
	case "ArrowDown", "ArrowRight":
		return cur + 1, true
	case "ArrowUp", "ArrowLeft":
		return cur - 1, true
	case "PageDown":
		return cur + 10, true
	case "PageUp":
		return cur - 10, true
	case "Home":
		return 0, true
	case "End":
		return n - 1, true
	}
	return cur, false
}

func stepID(i int) string { return "explain-step-" + strconv.Itoa(i) }

// currentText says the selected step (the live region reads it out).
func (m *explainState) currentText() string {
	if !m.shown() {
		return ""
	}
	return m.stepText(m.cur)
}

// selectStep selects step i and scrolls the list to it.
func (m *explainState) selectStep(ctx app.Context, i int) {
	if !m.shown() {
		return
	}
	m.set(i)
	if app.IsClient {
		id := stepID(m.cur)
		ctx.Defer(func(app.Context) {
			if el := app.Window().GetElementByID(id); el.Truthy() {
				el.Call("scrollIntoView", map[string]any{"block": "nearest"})
			}
		})
	}
}
