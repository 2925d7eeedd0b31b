package web

import (
	"errors"
	"fmt"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"sudoku/solver"
	"sudoku/solver/logic"
)

// hintMistakes is how many mistakes a hint names before "and N more".
const hintMistakes = 4

// hint explains the next step from the player's position, or names the
// player's mistakes first. It marks the cells of the step (or the wrong
// digits) and changes no digit: the player acts on it. It runs only on a
// click, never on a keystroke, because a hard step can take milliseconds.
func (r *Root) hint(ctx app.Context) {
	r.hintCells, r.hintTargets, r.wrong = [81]bool{}, [81]bool{}, [81]bool{}
	// The budgeted solve first: it refuses clues the page cannot handle
	// quickly, before the logic engine solves them without a budget.
	res, err := r.game.solveClues()
	if m := explainSolveError(res, err); m != "" {
		r.say(msgError, "No hint: "+m)
		return
	}
	h, err := r.runHint()
	switch {
	case h != nil && len(h.Mistakes) > 0:
		r.showMistakes(h.Mistakes)
	case errors.Is(err, logic.ErrStuck):
		r.say(msgInfo, "No hint: the techniques the page knows find no step here.")
	case errors.Is(err, logic.ErrNoSolution):
		r.say(msgError, "No hint: this puzzle has no solution.")
	case errors.Is(err, logic.ErrMultipleSolutions):
		r.say(msgError, "No hint: this puzzle has several solutions; add clues to make it unique.")
	case err != nil:
		r.say(msgError, "No hint: "+err.Error()+".")
	case !h.HasStep:
		r.say(msgOK, "The board is full and every digit is right: nothing left to hint.")
	default:
		r.showStep(h.Step)
	}
}

// runHint builds the player's position (clues and entries, the game's
// variant) and asks the logic engine for a hint. Entries that clash with
// each other are refused by NewStateWithPlacements; the position is then
// read as it stands, so that the clashing digits come back as mistakes.
func (r *Root) runHint() (*logic.HintResult, error) {
	v := r.game.Variant()
	var placed solver.Grid
	for i, d := range r.game.Entries {
		if r.game.Clues[i] == 0 {
			placed[i] = d
		}
	}
	s, err := logic.NewStateWithPlacements(r.game.Clues, placed, v)
	var ce *solver.ConflictError
	if errors.As(err, &ce) || errors.Is(err, solver.ErrMismatch) {
		p := logic.Position{Puzzle: r.game.Clues, Placed: placed, GivensKnown: true}
		return p.Hint(v, logic.Options{})
	}
	if err != nil {
		return nil, err
	}
	return logic.Hint(s, logic.Options{})
}

// showMistakes names the wrong digits and marks their cells.
func (r *Root) showMistakes(ms []logic.Mistake) {
	var names []string
	for i, m := range ms {
		r.wrong[m.Cell] = true // every wrong cell is marked, even past the named ones
		switch {
		case i == hintMistakes:
			names = append(names, fmt.Sprintf("and %d more", len(ms)-hintMistakes))
		case i > hintMistakes:
		case m.Placed:
			names = append(names, fmt.Sprintf("%s is not %d", solver.CellName(m.Cell), m.Digit))
		default:
			names = append(names, m.String())
		}
	}
	what, fix := "A digit of yours is wrong: ", "Fix it first; then ask again."
	if len(ms) > 1 {
		what, fix = fmt.Sprintf("%d digits of yours are wrong: ", len(ms)), "Fix them first; then ask again."
	}
	r.say(msgError, what+strings.Join(names, ", ")+". "+fix)
}

// showStep says the step's technique and why, and marks its cells: the
// pattern, and the cells it fills or removes candidates from.
func (r *Root) showStep(st logic.Step) {
	for _, c := range st.Pattern {
		r.hintCells[c.Cell] = true
	}
	for _, cs := range [][]logic.Candidate{st.Placements, st.Eliminations} {
		for _, c := range cs {
			r.hintTargets[c.Cell] = true
		}
	}
	r.say(msgInfo, fmt.Sprintf("Hint (%s): %s", st.Technique, st.Explanation))
}
