package logic

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sudoku/solver"
)

// variantFiles reads every puzzle of testdata/variants.
func variantFiles(t testing.TB) map[string]*solver.Puzzle {
	t.Helper()
	files, err := filepath.Glob("../../testdata/variants/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no variant puzzles: %v", err)
	}
	out := map[string]*solver.Puzzle{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		p, err := solver.ParseFPuzzles(string(b), filepath.Base(f))
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		out[strings.TrimSuffix(filepath.Base(f), ".json")] = p
	}
	return out
}

// TestExplainVariants explains every puzzle of testdata/variants to the
// end and checks each step on its own against the setter's solution (or,
// for generated puzzles, the rules engine's): no placement of a wrong
// digit, no elimination of the solution's digit, every step replayed on
// the position it follows.
func TestExplainVariants(t *testing.T) {
	for name, p := range variantFiles(t) {
		ex, err := Position{Rules: p.Rules, Givens: p.Givens}.Explain(Options{})
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if !ex.Solved {
			t.Errorf("%s: not solved after %d steps", name, len(ex.Steps))
			continue
		}
		sol := p.Solution
		if sol == nil {
			res, err := p.Rules.Solve(p.Givens, solver.Options{Limit: 2})
			if err != nil || res.Count != 1 {
				t.Fatalf("%s: %d solutions, %v", name, res.Count, err)
			}
			sol = res.Solution
		}
		n := p.Rules.Size
		if got := rulesGrid(n, &ex.Solution); string(got) != string(sol) {
			t.Errorf("%s: solution %v, want %v", name, got, sol)
		}
		pos, err := ex.Positions()
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		counts := map[Technique]int{}
		for i, st := range ex.Steps {
			counts[st.Technique]++
			for _, pl := range st.Placements {
				if rc := RulesCell(n, pl.Cell); rc < 0 || int(sol[rc]) != pl.Digit {
					t.Errorf("%s: step %d (%v) places %v: %s", name, i+1, st.Technique, pl, st.Explanation)
				}
			}
			for _, e := range st.Eliminations {
				if rc := RulesCell(n, e.Cell); rc < 0 || int(sol[rc]) == e.Digit {
					t.Errorf("%s: step %d (%v) removes %v: %s", name, i+1, st.Technique, e, st.Explanation)
				}
				if !pos[i].HasCandidate(e.Cell, e.Digit) && len(st.Placements) == 0 {
					t.Errorf("%s: step %d (%v) removes %v, not a candidate", name, i+1, st.Technique, e)
				}
			}
			if st.Explanation == "" {
				t.Errorf("%s: step %d (%v) without explanation", name, i+1, st.Technique)
			}
		}
		if g := pos[len(pos)-1].Grid(); rulesGrid(n, &g) == nil || string(rulesGrid(n, &g)) != string(sol) {
			t.Errorf("%s: last position %v, want %v", name, rulesGrid(n, &g), sol)
		}
		t.Logf("%-32s %3d steps, %-7s %.1f  %v", name, len(ex.Steps), ex.Level, ex.Score, counts)
	}
}
