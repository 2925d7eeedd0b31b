package web

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"sudoku/web/worker"
)

// variantHint is the fallback Hint on a variant puzzle when the logic
// engine finds no step: the player's wrong digits first, as for a classic
// puzzle; else it reveals one cell from the solution (the selected cell
// when it is empty, else the empty cell with the fewest candidates) and
// says plainly that it comes from the solution, not from a logical step.
// The revealed digit is an action like any other: Undo takes it back.
func (r *root) variantHint(ctx app.Context, g *game) {
	sol, ok := r.view.sol.unique()
	if !ok {
		r.say(msgError, "No hint: this puzzle has no single solution.")
		return
	}
	if wrong := g.wrongCells(sol); len(wrong) > 0 {
		for _, c := range wrong {
			r.marks.wrong[c] = true
		}
		r.say(msgError, fmt.Sprintf("Hint: %s wrong (checked against the solution).",
			isAre(namedCellList(wrong, 8, g.cellName), len(wrong))))
		return
	}
	cell := variantHintCell(g, r.selected)
	if cell < 0 {
		r.say(msgOK, "The board is full and every digit is right: nothing left to hint.")
		return
	}
	d := sol[cell]
	if !r.do(ctx, action{Kind: actPlace, Cell: cell, Digit: d, Keep: r.profile.prefs.KeepMarks}) {
		return
	}
	r.selected = cell
	r.highlight = d
	if r.view.complete {
		return // the page says the puzzle is done
	}
	r.marks.targets[cell] = true
	r.say(msgInfo, fmt.Sprintf("Hint: %s is %d. The techniques the page knows find no step here, so this digit is revealed from the solution.", g.cellName(cell), d))
}

// variantHintCell picks the cell a variant hint reveals: selected when it is
// empty, else the empty cell with the fewest of the rules' candidates (the
// first in reading order on a tie); -1 when the board is full.
func variantHintCell(g *game, selected int) int {
	b := g.Board()
	if selected >= 0 && selected < g.cells() && b[selected] == 0 {
		return selected
	}
	cands := g.Candidates()
	best, fewest := -1, 99
	for c := range g.cells() {
		if b[c] == 0 && cands[c].Len() < fewest {
			best, fewest = c, cands[c].Len()
		}
	}
	return best
}

// isAre writes "r1c2 is" or "r1c2, r3c4 are".
func isAre(names string, n int) string {
	if n == 1 {
		return names + " is"
	}
	return names + " are"
}

// variantExplanationOf is explanationOf for a variant puzzle: the engine's
// explanation of the player's position under the puzzle's rules, its steps,
// the positions before them and its mistakes numbered as the game's cells
// by the engine's worker.
func variantExplanationOf(g *game, ex *worker.Explanation, err error) explainResult {
	res := explanationOf(g, ex, err)
	res.size = g.size()
	if res.grade != "" && g.Entries.Clues() != 0 {
		res.grade = "" // the engine's start holds the player's digits: not the puzzle's grade
	}
	return res
}
