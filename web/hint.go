package web

import (
	"errors"
	"fmt"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"sudoku/solver"
	"sudoku/web/worker"
)

// hintMistakes is how many mistakes a hint names before "and N more".
const hintMistakes = 4

// hintMarks is what the last Check or Hint marks on the board: cells and, within
// them, candidates. Cleared by any change.
type hintMarks struct {
	wrong   [81]bool  // the player's wrong digits (Check and Hint)
	cells   [81]bool  // the cells of the step's pattern
	targets [81]bool  // the cells the step fills or narrows
	pattern [81]marks // the pattern's candidates
	elim    [81]marks // the candidates the step removes
	place   [81]marks // the digits the step places
}

// addStep marks a step's pattern, and the cells it fills or narrows with
// the candidates it places and removes. Hint and Explain draw steps so.
// Candidates the page cannot read (or outside the board) are not marked.
func (m *hintMarks) addStep(st *worker.Step) {
	read := func(s string) []worker.Candidate {
		cs, err := worker.DecodeCandidates(s)
		if err != nil {
			return nil
		}
		return cs
	}
	for _, c := range read(st.Pattern) {
		m.cells[c.Cell] = true
		m.pattern[c.Cell] |= markOf(uint8(c.Digit))
	}
	for _, c := range read(st.Placements) {
		m.targets[c.Cell] = true
		m.place[c.Cell] |= markOf(uint8(c.Digit))
	}
	for _, c := range read(st.Eliminations) {
		m.targets[c.Cell] = true
		m.elim[c.Cell] |= markOf(uint8(c.Digit))
	}
}

// paint puts the marks of cell i on its view.
func (m *hintMarks) paint(c *cellView, i int) {
	c.Hint = m.cells[i]
	c.HintTarget = m.targets[i]
	c.HintElim, c.HintPlace = m.elim[i], m.place[i]
	c.HintMarks = m.pattern[i] | c.HintElim | c.HintPlace
}

// hint explains the next step from the player's position, or names the
// player's mistakes first. The position includes the player's corner marks
// as candidates when there are any (a cell without marks gets the rules'
// candidates), so that a removed candidate that is right is a mistake too.
// It marks the step's cells and candidates and changes nothing: the player
// acts on it. The step is searched for in the engine's worker (a hard one
// can take a while); an answer for a position the player has since changed
// is dropped.
func (r *root) hint(ctx app.Context) {
	r.info.Hints++
	r.save(ctx)
	r.clearMarks()
	// The budgeted solve first: it refuses clues the page cannot handle
	// quickly, before the logic engine solves them without a budget.
	r.whenSolved(ctx, r.askHint)
}

// askHint asks the engine's worker for the hint, once the clues' solution
// is settled, and shows it when the player's position is still the one it
// is for (engine.askFor).
func (r *root) askHint(ctx app.Context) {
	g := r.store.Game()
	if m := explainSolveError(r.view.sol.res, r.view.sol.err); m != "" {
		r.say(msgError, "No hint: "+m)
		return
	}
	req := worker.Request{Op: worker.OpHint, Position: worker.FromPosition(playerPosition(&g)), Rules: worker.RulesOf(g.Custom)}
	if sol, ok := r.view.sol.unique(); ok {
		req.Solution = &sol // the clues are solved once per change, not per hint
	}
	r.jobs.askFor(ctx, g, req, func(ctx app.Context, resp worker.Response) {
		h, err := resp.HintResult()
		if g.Custom != nil && errors.Is(err, worker.ErrStuck) && (h == nil || len(h.Mistakes) == 0) {
			// The logic engine finds no step on a variant puzzle: a cell
			// revealed from the solution instead (variant_play.go).
			r.variantHint(ctx, &g)
			return
		}
		r.say(showHint(&r.marks, &g, h, err))
	}, nil)
}

// showHint marks on m what a hint for g found (the step, or the player's
// mistakes) and returns what the page says of it: a hint, or why there is
// none. A variant puzzle's hint names its cells as a classic one's does.
func showHint(m *hintMarks, g *game, h *worker.Hint, err error) (kind, msg string) {
	switch {
	case h != nil && len(h.Mistakes) > 0:
		return msgError, showMistakes(m, g, h.Mistakes)
	case errors.Is(err, worker.ErrStuck):
		return msgInfo, "No hint: the techniques the page knows find no step here."
	case errors.Is(err, worker.ErrNoSolution):
		return msgError, "No hint: this puzzle has no solution."
	case errors.Is(err, worker.ErrMultipleSolutions):
		return msgError, "No hint: this puzzle has several solutions; add clues to make it unique."
	case err != nil:
		return msgError, "No hint: " + err.Error() + "."
	case !h.HasStep:
		return msgOK, "The board is full and every digit is right: nothing left to hint."
	}
	m.addStep(&h.Step)
	return msgInfo, fmt.Sprintf("Hint (%s): %s", h.Step.Technique, h.Step.Text)
}

// playerPosition is the player's position as the logic engine reads it:
// clues, entries, and the corner marks as candidates when there are any (a
// cell without marks gets the rules' candidates). Hint and Explain use it.
func playerPosition(g *game) solver.Position {
	p := solver.Position{Clues: g.Clues, GivensKnown: true, Variant: g.Rules()}
	for i, d := range g.Entries {
		if g.Clues[i] == 0 {
			p.Placed[i] = d
		}
	}
	rules := g.Candidates()
	for i := range g.Corner {
		if g.Corner[i] != 0 {
			p.HasCands = true
		}
	}
	if p.HasCands {
		for i := range p.Cands {
			c := g.Corner[i]
			if c == 0 {
				c = rules[i]
			}
			p.Cands[i] = uint16(c)
		}
	}
	return p
}

// showMistakes marks on m the wrong digits of g in ms (and the right
// candidates removed) and returns the message naming them (an error).
// Hint and Explain show mistakes so.
func showMistakes(m *hintMarks, g *game, ms []worker.Mistake) string {
	var names []string
	for i, k := range ms {
		if k.Placed {
			m.wrong[k.Cell] = true // every wrong cell is marked, even past the named ones
		} else {
			m.place[k.Cell] |= markOf(uint8(k.Digit)) // a removed candidate that is right
		}
		switch {
		case i == hintMistakes:
			names = append(names, fmt.Sprintf("and %d more", len(ms)-hintMistakes))
		case i > hintMistakes:
		case k.Placed:
			names = append(names, fmt.Sprintf("%s is not %d", g.cellName(k.Cell), k.Digit))
		default:
			names = append(names, fmt.Sprintf("%s can be %d (the candidate was removed)", g.cellName(k.Cell), k.Digit))
		}
	}
	what, fix := "A digit of yours is wrong: ", "Fix it first; then ask again."
	if len(ms) > 1 {
		what, fix = fmt.Sprintf("%d digits of yours are wrong: ", len(ms)), "Fix them first; then ask again."
	}
	if !ms[0].Placed && len(ms) == 1 {
		what = "A candidate you removed is right: "
	}
	return what + strings.Join(names, ", ") + ". " + fix
}
