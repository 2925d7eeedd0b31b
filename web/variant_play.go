package web

import (
	"errors"
	"fmt"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"sudoku/solver/logic"
	"sudoku/web/worker"
)

// variantHinted shows the logic engine's hint on a variant puzzle (its
// cells in the logic package's frame, turned into the game's), as for a
// classic puzzle. When the engine finds no step it falls back to
// revealing a cell from the solution (variantHint) and says so.
func (r *root) variantHinted(ctx app.Context, g *game, h *logic.HintResult, err error) {
	if h != nil {
		hintToGame(h, g.size())
	}
	if errors.Is(err, logic.ErrStuck) && (h == nil || len(h.Mistakes) == 0) {
		r.variantHint(ctx, g)
		return
	}
	r.hinted(h, err)
}

// hintToGame renumbers a hint's cells from the logic package's frame
// (r*9+c) to the game's (r*size+c).
func hintToGame(h *logic.HintResult, size int) {
	for i := range h.Mistakes {
		h.Mistakes[i].Cell = logic.RulesCell(size, h.Mistakes[i].Cell)
	}
	stepToGame(&h.Step, size)
}

// stepToGame renumbers a step's candidates and links from the frame to
// the game's cells, dropping any outside the grid (there are none in the
// engine's steps).
func stepToGame(st *logic.Step, size int) {
	conv := func(cs []logic.Candidate) []logic.Candidate {
		out := cs[:0]
		for _, c := range cs {
			if c.Cell = logic.RulesCell(size, c.Cell); c.Cell >= 0 {
				out = append(out, c)
			}
		}
		return out
	}
	st.Pattern, st.Placements, st.Eliminations = conv(st.Pattern), conv(st.Placements), conv(st.Eliminations)
	links := st.Links[:0]
	for _, l := range st.Links {
		l.From.Cell, l.To.Cell = logic.RulesCell(size, l.From.Cell), logic.RulesCell(size, l.To.Cell)
		if l.From.Cell >= 0 && l.To.Cell >= 0 {
			links = append(links, l)
		}
	}
	st.Links = links
}

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
	if !r.do(ctx, action{Kind: actPlace, Cell: cell, Digit: d, Keep: r.prefs.KeepMarks}) {
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
// explanation of the player's position under the puzzle's rules (its cells
// in the logic package's frame) with the positions before each step
// rebuilt here from the same position, and its steps and mistakes
// renumbered to the game's cells for the board.
func variantExplanationOf(g *game, ex *logic.Explanation, err error) explainResult {
	n := g.size()
	res := explainResult{variant: g.Rules(), size: n}
	if ex != nil {
		res.mistakes = ex.Mistakes
		for i := range res.mistakes {
			res.mistakes[i].Cell = logic.RulesCell(n, res.mistakes[i].Cell)
		}
	}
	switch {
	case len(res.mistakes) > 0:
		res.msg = "Your position has mistakes: fix them first (they are marked on the board)."
		return res
	case errors.Is(err, logic.ErrStuck):
		res.msg = "The techniques the page knows find no step here."
		return res
	case err != nil:
		res.msg = "No explanation: " + err.Error() + "."
		return res
	case len(ex.Steps) == 0:
		res.msg = "The board is full and every digit is right: nothing left to explain."
		return res
	}
	lp, err := worker.RulesPosition(g.Custom, playerPosition(g))
	var start *logic.State
	if err == nil {
		start, err = lp.State()
	}
	if err == nil {
		ex.Start = *start
		res.before, err = ex.Positions()
	}
	if err != nil {
		res.msg = "No explanation: " + err.Error() + "."
		return res
	}
	res.steps = make([]logic.Step, len(ex.Steps))
	for i, st := range ex.Steps {
		st.Pattern = append([]logic.Candidate(nil), st.Pattern...)
		st.Placements = append([]logic.Candidate(nil), st.Placements...)
		st.Eliminations = append([]logic.Candidate(nil), st.Eliminations...)
		st.Links = append([]logic.Link(nil), st.Links...)
		stepToGame(&st, n)
		res.steps[i] = st
	}
	res.level, res.score = ex.Level, ex.Score
	if g.Entries.Clues() == 0 && !hasMarks(g) {
		res.grade = gradeText(ex) // the position is the clues': its grade is the puzzle's
	}
	return res
}
