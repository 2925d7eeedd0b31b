package generate

import (
	"testing"

	"sudoku/solver"
	"sudoku/solver/logic"
)

// verify checks a generated puzzle independently of the generator: one
// solution by two engines (fast and dlx) and it is p.Solution; minimal
// (taking away any clue, or any group of symmetric clues, leaves several
// solutions); the clue pattern has the symmetry asked; logic.Explain gives
// the grade reported, and that grade meets the target.
func verify(tb testing.TB, p *Puzzle, opt Options) {
	tb.Helper()
	v := opt.Variant
	if v == nil {
		v = solver.Standard
	}
	if p.Variant != v || p.Symmetry != opt.Symmetry {
		tb.Fatalf("puzzle %s: variant %v, symmetry %v; want %v, %v", p.Grid, p.Variant, p.Symmetry, v, opt.Symmetry)
	}
	for _, name := range []string{"fast", "dlx"} {
		eng, err := solver.LookupEngine(name)
		if err != nil {
			tb.Fatal(err)
		}
		res, err := eng.Solve(p.Grid, solver.Options{Variant: v, Limit: 2})
		if err != nil || res.Count != 1 || res.Solution != p.Solution {
			tb.Fatalf("puzzle %s: engine %s: count %d, %v, solution %s; want 1 solution %s", p.Grid, name, res.Count, err, res.Solution, p.Solution)
		}
	}
	if err := v.Verify(p.Grid, p.Solution); err != nil {
		tb.Fatalf("puzzle %s: %v", p.Grid, err)
	}
	if !opt.Symmetry.IsSymmetric(p.Grid) {
		tb.Fatalf("puzzle %s: clue pattern not %v", p.Grid, opt.Symmetry)
	}
	for c := 0; c < 81; c++ {
		if p.Grid[c] == 0 {
			continue
		}
		q := p.Grid
		q[c], q[opt.Symmetry.Image(c)] = 0, 0 // the cell and its image: the group of symmetric clues
		for d := opt.Symmetry.Image(opt.Symmetry.Image(c)); d != c; d = opt.Symmetry.Image(d) {
			q[d] = 0
		}
		res, err := solver.Solve(q, solver.Options{Variant: v, Limit: 2})
		if err != nil || res.Count != 2 {
			tb.Fatalf("puzzle %s: not minimal: without the clue at %s: count %d, %v", p.Grid, solver.CellName(c), res.Count, err)
		}
	}
	ex, err := logic.Explain(solver.Position{Clues: p.Grid, Variant: v}, logic.Options{})
	if err != nil || !ex.Solved {
		tb.Fatalf("puzzle %s: Explain: %v (solved %v)", p.Grid, err, ex != nil && ex.Solved)
	}
	if ex.Level != p.Level || ex.Score != p.Score {
		tb.Fatalf("puzzle %s: reported %v %.1f, Explain grades %v %.1f", p.Grid, p.Level, p.Score, ex.Level, ex.Score)
	}
	hardest, top, last := logic.Technique(0), 0.0, logic.Technique(0)
	for _, st := range ex.Steps {
		if st.Rating > top || (st.Rating == top && st.Technique > hardest) {
			hardest, top = st.Technique, st.Rating
		}
		last = max(last, st.Technique)
	}
	if hardest != p.Hardest {
		tb.Fatalf("puzzle %s: reported hardest %v, Explain's is %v", p.Grid, p.Hardest, hardest)
	}
	t := opt.Target
	switch t.kind {
	case levelTarget:
		if ex.Level != t.level {
			tb.Fatalf("puzzle %s: level %v, want %v", p.Grid, ex.Level, t.level)
		}
	case scoreTarget:
		if ex.Score < t.min || ex.Score > t.max {
			tb.Fatalf("puzzle %s: score %.1f, want %v", p.Grid, ex.Score, t)
		}
	case usesTarget:
		used := false
		for _, st := range ex.Steps {
			used = used || st.Technique == t.tech
		}
		if !used {
			tb.Fatalf("puzzle %s: no step uses %v", p.Grid, t.tech)
		}
	case techniqueTarget:
		if hardest != t.tech || last != t.tech {
			tb.Fatalf("puzzle %s: hardest step %v, latest technique %v; want %v", p.Grid, hardest, last, t.tech)
		}
	}
}
