package jobs

import (
	"slices"

	"sudoku/solver/generate"
	"sudoku/solver/logic"
	"sudoku/web/worker"
)

// The logic engine's and the generator's results in the protocol's types
// (package worker's wire-only forms), their cells numbered as the
// request's position: the logic engine numbers a variant puzzle's cells in
// its 9x9 frame (r*9+c), the page r*size+c.

// A frame is the grid's side: 9 for a classic puzzle, whose cells the
// engine numbers as the page does.
type frame int

const classicFrame frame = 9

// cell is frame cell f as the page numbers it; -1 outside the grid.
func (n frame) cell(f int) int {
	if n == classicFrame {
		return f
	}
	return logic.RulesCell(int(n), f)
}

// candidates renumbers cs, dropping any outside the grid (the engine's
// steps have none).
func (n frame) candidates(cs []logic.Candidate) []worker.Candidate {
	out := make([]worker.Candidate, 0, len(cs))
	for _, c := range cs {
		if cell := n.cell(c.Cell); cell >= 0 {
			out = append(out, worker.Candidate{Cell: cell, Digit: c.Digit})
		}
	}
	return out
}

// mistakes renumbers ms.
func (n frame) mistakes(ms []logic.Mistake) []worker.Mistake {
	var out []worker.Mistake
	for _, m := range ms {
		if cell := n.cell(m.Cell); cell >= 0 {
			out = append(out, worker.Mistake{Cell: cell, Digit: m.Digit, Placed: m.Placed})
		}
	}
	return out
}

// step is st on the wire; before, when not nil, is the position it
// applies to (an explanation's steps carry it, and the cells of the
// step's units come from it).
func (n frame) step(st *logic.Step, before *logic.State) worker.Step {
	w := worker.Step{Technique: worker.Technique(st.Technique), Text: st.Explanation,
		Pattern:      worker.EncodeCandidates(n.candidates(st.Pattern)),
		Placements:   worker.EncodeCandidates(n.candidates(st.Placements)),
		Eliminations: worker.EncodeCandidates(n.candidates(st.Eliminations))}
	var links []worker.Link
	for _, l := range st.Links {
		from, to := n.candidates([]logic.Candidate{l.From}), n.candidates([]logic.Candidate{l.To})
		if len(from) == 1 && len(to) == 1 {
			links = append(links, worker.Link{From: from[0], To: to[0], Strong: l.Strong})
		}
	}
	w.Links = worker.EncodeLinks(links)
	if before == nil {
		return w
	}
	var cells []int
	for _, u := range st.Units {
		for _, f := range before.UnitCells(u) {
			if c := n.cell(f); c >= 0 && !slices.Contains(cells, c) {
				cells = append(cells, c)
			}
		}
	}
	w.Units = worker.EncodeCells(cells)
	side := int(n)
	b := worker.Board{Digits: make([]uint8, side*side), Cands: make([]uint16, side*side)}
	for c := range side * side {
		f := c
		if n != classicFrame {
			f = logic.FrameCell(side, c)
		}
		b.Digits[c] = uint8(before.Digit(f))
		b.Cands[c] = before.Candidates(f)
	}
	w.Before = worker.EncodeBoard(b)
	return w
}

// fromExplanation returns ex, which came with the job's error err, on the
// wire: its steps with the position before each, or the mistakes.
func fromExplanation(ex *logic.Explanation, err error, n frame) (*worker.Explanation, error) {
	w := &worker.Explanation{Mistakes: n.mistakes(ex.Mistakes), Solved: ex.Solved, Level: worker.Level(ex.Level), Score: ex.Score}
	if len(ex.Mistakes) > 0 || err != nil {
		return w, err
	}
	w.FromClues = ex.Start.Puzzle() == ex.Start.Grid()
	before, perr := ex.Positions()
	if perr != nil {
		return nil, perr
	}
	w.Steps = make([]worker.Step, len(ex.Steps))
	for i := range ex.Steps {
		w.Steps[i] = n.step(&ex.Steps[i], &before[i])
	}
	return w, nil
}

// fromHint returns h on the wire.
func fromHint(h *logic.HintResult, n frame) *worker.Hint {
	w := &worker.Hint{Mistakes: n.mistakes(h.Mistakes), HasStep: h.HasStep}
	if h.HasStep {
		w.Step = n.step(&h.Step, nil)
	}
	return w
}

// FromPuzzle returns p on the wire (the page's tests load generated puzzles with it).
func FromPuzzle(p *generate.Puzzle) *worker.Puzzle {
	return &worker.Puzzle{Grid: p.Grid, Solution: p.Solution, Variant: p.Variant.Name, Symmetry: p.Symmetry.String(),
		Level: worker.Level(p.Level), Score: p.Score, Hardest: worker.Technique(p.Hardest), Seed: p.Seed, Attempts: p.Attempts}
}
