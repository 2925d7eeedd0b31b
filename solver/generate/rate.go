package generate

import (
	"sudoku/solver"
	"sudoku/solver/logic"
)

// grade is what logic.Explain says of a puzzle.
type grade struct {
	level   logic.Level
	score   float64
	hardest logic.Technique // the technique of the highest-rated step (on a tie, the one tried later)
	steps   int
	used    uint64 // bit t set when technique t was used
}

func (g *grade) add(st logic.Step) {
	g.steps++
	g.used |= 1 << uint(st.Technique)
	if l := st.Technique.Level(); l > g.level {
		g.level = l
	}
	if st.Rating > g.score || (st.Rating == g.score && st.Technique > g.hardest) {
		g.score, g.hardest = st.Rating, st.Technique
	}
}

// rate grades puzzle p (whose solution is sol) as logic.Explain does, but
// gives up as soon as the puzzle proves harder than the target: it tries
// only the techniques that can stay within the target and stops at the
// first step beyond it. ok reports whether the grade meets the target.
//
// Up to its first contradiction step, the loop takes exactly the steps
// Explain takes. Explain then keeps refutations between steps, which may
// change the later contradiction steps and so the score; a puzzle that
// reaches one is graded again by Explain itself.
func rate(p, sol solver.Grid, v *solver.Variant, t Target, b *budget) (g grade, ok bool, err error) {
	if t.kind == anyTarget || t.kind == usesTarget {
		return explainGrade(p, v, t) // nothing is too hard for these
	}
	s, err := logic.NewState(solver.Position{Clues: p, Variant: v})
	if err != nil {
		return g, false, err
	}
	opt := logic.Options{Techniques: t.allowed(), Solution: &sol}
	contradiction := false
	for !s.Solved() {
		if g.steps >= 81*9 {
			return g, false, nil
		}
		if err := b.check(); err != nil {
			return g, false, err
		}
		st, found := s.NextStep(opt)
		if !found || t.tooHard(st) {
			return g, false, nil
		}
		if err := s.Apply(st); err != nil {
			return g, false, err
		}
		g.add(st)
		contradiction = contradiction || st.Technique >= logic.Contradiction
	}
	if contradiction {
		return explainGrade(p, v, t)
	}
	return g, t.meets(g), nil
}

// explainGrade grades p with logic.Explain and checks the targets given.
func explainGrade(p solver.Grid, v *solver.Variant, ts ...Target) (g grade, ok bool, err error) {
	ex, err := logic.Explain(solver.Position{Clues: p, Variant: v}, logic.Options{})
	if err != nil {
		return g, false, err
	}
	for _, st := range ex.Steps {
		g.add(st)
	}
	g.level, g.score = ex.Level, ex.Score
	ok = ex.Solved
	for _, t := range ts {
		ok = ok && t.meets(g)
	}
	return g, ok, nil
}
