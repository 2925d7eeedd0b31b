package logic

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sudoku/solver"
)

// The generator below wrote the files of testdata/logic. It runs only when
// LOGIC_GEN=1 is set:
//
//	LOGIC_GEN=1 go test -run TestGenerate ./solver/logic

// genDiagonal makes n minimal-ish diagonal puzzles with a unique solution.
func genDiagonal(r *rand.Rand, n int) []solver.Grid { return genPuzzles(r, solver.Diagonal, n) }

// genPuzzles makes n minimal-ish puzzles of variant v with a unique
// solution: a few random clues, a solution from the solver, then clues
// taken away in random order while the solution stays unique.
func genPuzzles(r *rand.Rand, v *solver.Variant, n int) []solver.Grid {
	var out []solver.Grid
	for len(out) < n {
		var g solver.Grid
		for k := 0; k < 11; k++ {
			c := r.Intn(81)
			g[c] = uint8(1 + r.Intn(9))
			if v.Check(g) != nil {
				g[c] = 0
			}
		}
		res, err := solver.Solve(g, solver.Options{Variant: v, MaxNodes: 100000})
		if err != nil || res.Count == 0 {
			continue
		}
		p := res.Solution
		for _, c := range r.Perm(81) {
			d := p[c]
			p[c] = 0
			res, err := solver.Solve(p, solver.Options{Variant: v, Limit: 2, MaxNodes: 200000})
			if err != nil || res.Count != 1 {
				p[c] = d
			}
		}
		out = append(out, p)
	}
	return out
}

func TestGenerate(t *testing.T) {
	if os.Getenv("LOGIC_GEN") == "" {
		t.Skip("set LOGIC_GEN=1 to regenerate testdata/logic")
	}
	r := rand.New(rand.NewSource(4))
	diag := genDiagonal(r, 300)
	var b strings.Builder
	b.WriteString("# Diagonal puzzles with a unique solution, made by TestGenerate (gen_test.go).\n")
	for _, g := range diag {
		b.WriteString(g.String() + "\n")
	}
	if err := os.WriteFile(filepath.Join(testdataDir, "diagonal.txt"), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	std := readCorpus(t, filepath.Join(dataDir, "puzzles3_magictour_top1465"))
	std = append(std, readCorpus(t, filepath.Join(dataDir, "puzzles2_17_clue"))...)
	var lines []string
	for _, vc := range []struct {
		v  *solver.Variant
		ps []solver.Grid
	}{{solver.Standard, std}, {solver.Diagonal, diag}} {
		seen := map[Technique]int{}
		for _, p := range vc.ps {
			if len(seen) == int(numTechniques)-1 {
				break // every technique but Cleanup has its position
			}
			sol, err := solve(p, vc.v)
			if err != nil {
				t.Fatal(err)
			}
			s, _ := NewState(solver.Position{Clues: p, Variant: vc.v})
			for !s.Solved() {
				st, ok := s.NextStep(Options{Solution: &sol})
				if !ok {
					t.Fatal("stuck")
				}
				want := 1
				if vc.v == solver.Diagonal {
					// Prefer steps whose units include a diagonal.
					for _, u := range st.Units {
						if u >= 27 {
							want = 2
						}
					}
				}
				if seen[st.Technique] < want && st.Technique != Cleanup {
					seen[st.Technique] = want
					lines = append(lines, fmt.Sprintf("%s|%s|%s|%s|first", st.Technique, vc.v.Name, s.Position().Text(solver.FormatS9B), formatChanges(st)))
				}
				// Hidden quads almost never come first (a naked subset of the
				// other cells does): take the first position that has one.
				for _, rare := range []Technique{HiddenQuad} {
					if seen[rare] == 0 {
						if st, ok := s.find(rare, &Options{}); ok {
							seen[rare] = 1
							lines = append(lines, fmt.Sprintf("%s|%s|%s|%s|any", st.Technique, vc.v.Name, s.Position().Text(solver.FormatS9B), formatChanges(st)))
						}
					}
				}
				if err := s.Apply(st); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	head := "# One position per technique and variant, made by TestGenerate (gen_test.go) from the\n" +
		"# shared corpora and diagonal.txt, checked by TestTechniques.\n" +
		"# technique|variant|position (sudokuwiki S9B form)|changes (r1c2=5 places, -r1c2=5 removes)|first\n" +
		"# (first: the engine takes this step first; any: the technique applies, an easier one too)\n"
	if err := os.WriteFile(filepath.Join(testdataDir, "techniques.txt"), []byte(head+strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}

// formatChanges writes a step's placements and eliminations as
// "r1c2=5 -r3c4=6".
func formatChanges(st Step) string {
	var parts []string
	for _, p := range st.Placements {
		parts = append(parts, p.String())
	}
	for _, e := range st.Eliminations {
		parts = append(parts, "-"+e.String())
	}
	return strings.Join(parts, " ")
}

// TestGenerateMore appends to testdata/logic/techniques.txt a position for
// each technique and variant that has none yet: the first step of the
// engine that uses it, or else (for techniques that seldom come first) the
// first position where it applies. It runs only with LOGIC_GEN_MORE set:
//
//	LOGIC_GEN_MORE=1 go test -run TestGenerateMore ./solver/logic
func TestGenerateMore(t *testing.T) {
	if os.Getenv("LOGIC_GEN_MORE") == "" {
		t.Skip("set LOGIC_GEN_MORE=1 to add positions for new techniques")
	}
	have := map[*solver.Variant]map[Technique]bool{solver.Standard: {}, solver.Diagonal: {}}
	for _, tc := range readTechniqueCases(t) {
		have[tc.variant][tc.tech] = true
	}
	std := readCorpus(t, filepath.Join(dataDir, "puzzles3_magictour_top1465"))
	diag := readCorpus(t, filepath.Join(testdataDir, "diagonal.txt"))
	// More diagonal puzzles, made on the fly, for the rare techniques.
	diag = append(diag, genDiagonal(rand.New(rand.NewSource(12)), 1500)...)
	var lines []string
	for _, vc := range []struct {
		v  *solver.Variant
		ps []solver.Grid
	}{{solver.Standard, std}, {solver.Diagonal, diag}} {
		var missing []Technique
		for tech := FullHouse; tech < numTechniques; tech++ {
			if !have[vc.v][tech] {
				missing = append(missing, tech)
			}
		}
		any := map[Technique]string{}
		for _, p := range vc.ps {
			if len(missing) == 0 {
				break
			}
			sol, err := solve(p, vc.v)
			if err != nil {
				t.Fatal(err)
			}
			s, _ := NewState(solver.Position{Clues: p, Variant: vc.v})
			for !s.Solved() && len(missing) > 0 {
				st, ok := s.NextStep(Options{Solution: &sol})
				if !ok {
					t.Fatal("stuck")
				}
				for i, m := range missing {
					if st.Technique == m {
						lines = append(lines, fmt.Sprintf("%s|%s|%s|%s|first", st.Technique, vc.v.Name, s.Position().Text(solver.FormatS9B), formatChanges(st)))
						missing = append(missing[:i], missing[i+1:]...)
						delete(any, m)
						break
					}
				}
				if st.Rating >= 6 {
					for _, m := range missing {
						if _, ok := any[m]; ok {
							continue
						}
						s.an = new(analysis)
						s.analyze(s.an)
						if o, ok := s.find(m, &Options{Solution: &sol}); ok {
							any[m] = fmt.Sprintf("%s|%s|%s|%s|any", o.Technique, vc.v.Name, s.Position().Text(solver.FormatS9B), formatChanges(o))
						}
						s.an = nil
					}
				}
				if err := s.Apply(st); err != nil {
					t.Fatal(err)
				}
			}
		}
		for _, m := range missing {
			if l, ok := any[m]; ok {
				lines = append(lines, l)
			} else {
				t.Errorf("%s: no position found for %v", vc.v, m)
			}
		}
	}
	f, err := os.OpenFile(filepath.Join(testdataDir, "techniques.txt"), os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range lines {
		fmt.Fprintln(f, l)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	t.Logf("added %d positions", len(lines))
}
