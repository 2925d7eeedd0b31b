package logic

import (
	"errors"
	"fmt"
	"math/bits"
	"testing"

	"sudoku/solver"
)

// sameSteps fails when two step lists differ in technique, sentence or
// changes.
func sameSteps(t *testing.T, what string, got, want []Step) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d steps, want %d", what, len(got), len(want))
	}
	for i := range got {
		g, w := got[i], want[i]
		if g.Technique != w.Technique || g.Explanation != w.Explanation ||
			fmt.Sprint(g.Placements, g.Eliminations) != fmt.Sprint(w.Placements, w.Eliminations) {
			t.Fatalf("%s: step %d is %v %q, want %v %q", what, i+1, g.Technique, g.Explanation, w.Technique, w.Explanation)
		}
	}
}

// positionAfter is the player's position after playing the first k steps
// of ex: their digits placed and, with cands, every candidate left.
func positionAfter(t *testing.T, ex *Explanation, k int, cands bool) solver.Position {
	t.Helper()
	ps, err := ex.Positions()
	if err != nil {
		t.Fatal(err)
	}
	s := ps[k]
	p := solver.Position{Clues: ex.Puzzle, GivensKnown: true, HasCands: cands}
	for c := 0; c < 81; c++ {
		if !s.Given(c) {
			p.Placed[c] = uint8(s.Digit(c))
		}
		p.Cands[c] = s.Candidates(c)
	}
	return p
}

// TestPositionExplainFromStart: the clues alone explain as Explain does.
func TestPositionExplainFromStart(t *testing.T) {
	for _, pz := range readCorpus(t, "../../testdata/magictour.txt")[:4] {
		want, err := Explain(solver.Position{Clues: pz, Variant: nil}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		got, err := Explain(solver.Position{Clues: pz, GivensKnown: true}, Options{})
		if err != nil || got.Mistakes != nil {
			t.Fatalf("Explain(%s) = %v, %v", pz, got, err)
		}
		sameSteps(t, pz.String(), got.Steps, want.Steps)
		if got.Level != want.Level || got.Score != want.Score || !got.Solved {
			t.Errorf("%s: level %v score %v solved %v, want %v %v true", pz, got.Level, got.Score, got.Solved, want.Level, want.Score)
		}
	}
}

// TestPositionExplainMidway: from a position part of the way (with and
// without the player's candidates), the explanation starts there, every
// step fits the position before it, and the steps reach the solution.
func TestPositionExplainMidway(t *testing.T) {
	pz := readCorpus(t, "../../testdata/magictour.txt")[1]
	full, err := Explain(solver.Position{Clues: pz, Variant: nil}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	k := len(full.Steps) / 2
	for _, cands := range []bool{false, true} {
		p := positionAfter(t, full, k, cands)
		ex, err := Explain(p, Options{Solution: &full.Solution})
		if err != nil || ex.Mistakes != nil {
			t.Fatalf("cands %v: %v, %v", cands, ex, err)
		}
		if cands {
			// The player's candidates are the engine's after k steps: the
			// rest of the explanation is the same.
			sameSteps(t, "midway with candidates", ex.Steps, full.Steps[k:])
		}
		ps, err := ex.Positions()
		if err != nil {
			t.Fatal(err)
		}
		if len(ps) != len(ex.Steps)+1 {
			t.Fatalf("%d positions for %d steps", len(ps), len(ex.Steps))
		}
		for c := 0; c < 81; c++ {
			if d := p.Placed[c]; d != 0 && ps[0].Digit(c) != int(d) {
				t.Errorf("cands %v: start %s holds %d, the player placed %d", cands, solver.CellName(c), ps[0].Digit(c), d)
			}
		}
		if got := ps[len(ps)-1].Grid(); got != full.Solution || !ex.Solved {
			t.Errorf("cands %v: the steps end at %s (solved %v), want %s", cands, got, ex.Solved, full.Solution)
		}
		if ex.Score > full.Score {
			t.Errorf("cands %v: the rest scores %v, more than the whole %v", cands, ex.Score, full.Score)
		}
	}
}

// notExplained reports whether ex explains nothing: no steps, no start.
func notExplained(ex *Explanation) bool {
	return ex.Steps == nil && !ex.Solved && ex.Start.t == nil
}

// TestPositionExplainMistakes: wrong digits and removed right candidates
// are reported, not explained; bad clues give the engine's errors.
func TestPositionExplainMistakes(t *testing.T) {
	pz, _ := solver.Parse(easyPuzzle)
	sol, _ := solver.Parse(easySol)
	p := solver.Position{Clues: pz, GivensKnown: true}
	p.Placed[0] = sol[0]%9 + 1 // r1c1 is empty in the puzzle and now wrong
	ex, err := Explain(p, Options{})
	if err != nil || len(ex.Mistakes) != 1 || ex.Mistakes[0] != (Mistake{0, int(sol[0]%9 + 1), true}) || !notExplained(ex) {
		t.Errorf("a wrong digit: %+v, %v; want one mistake at r1c1 and no explanation", ex, err)
	}
	p = solver.Position{Clues: pz, GivensKnown: true, HasCands: true}
	for c := range p.Cands {
		p.Cands[c] = 0x1ff
	}
	p.Cands[0] &^= 1 << (sol[0] - 1)
	ex, err = Explain(p, Options{Solution: &sol})
	if err != nil || len(ex.Mistakes) != 1 || ex.Mistakes[0] != (Mistake{0, int(sol[0]), false}) || !notExplained(ex) {
		t.Errorf("a removed right candidate: %+v, %v; want one mistake at r1c1", ex, err)
	}
	var empty solver.Grid
	if _, err := Explain(solver.Position{Clues: empty}, Options{}); !errors.Is(err, ErrMultipleSolutions) {
		t.Errorf("an empty grid: %v, want ErrMultipleSolutions", err)
	}
	bad := sol
	bad[0], bad[1] = bad[1], bad[0]
	if _, err := Explain(solver.Position{Clues: pz}, Options{Solution: &bad}); !errors.Is(err, solver.ErrMismatch) {
		t.Errorf("a wrong solution: %v, want ErrMismatch", err)
	}
	if _, err := (&Explanation{}).Positions(); err == nil {
		t.Errorf("Positions of an empty Explanation: no error")
	}
}

// TestChainLinks: every chain step's links join its nodes in order,
// alternate strong and weak from a strong one, and are what they claim in
// the position before the step: a strong link is a bivalue cell or the
// only two places of a digit in a unit, a weak link two candidates that
// cannot both be true.
func TestChainLinks(t *testing.T) {
	v := solver.Standard
	chains := 0
	for _, pz := range readCorpus(t, "../../testdata/magictour.txt")[:12] {
		ex, err := Explain(solver.Position{Clues: pz, Variant: nil}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		ps, err := ex.Positions()
		if err != nil {
			t.Fatal(err)
		}
		for i, st := range ex.Steps {
			switch st.Technique {
			case XChain, XYChain, NiceLoop, AIC, GroupedAIC:
			default:
				if st.Links != nil {
					t.Errorf("%v step has links", st.Technique)
				}
				continue
			}
			chains++
			s := &ps[i]
			if len(st.Links) == 0 {
				t.Fatalf("%s step %d (%v) has no links", pz, i+1, st.Technique)
			}
			for j, l := range st.Links {
				if j > 0 && st.Links[j-1].To != l.From {
					t.Errorf("%s step %d: link %d starts at %v, the last ended at %v", pz, i+1, j, l.From, st.Links[j-1].To)
				}
				if l.Strong != (j%2 == 0) && !(st.Technique == NiceLoop && j == len(st.Links)-1) {
					t.Errorf("%s step %d: link %d strong %v breaks the alternation", pz, i+1, j, l.Strong)
				}
				if st.Technique == GroupedAIC {
					continue // group nodes are named by one cell: the checks below are for single candidates
				}
				a, b := l.From, l.To
				if !s.HasCandidate(a.Cell, a.Digit) || !s.HasCandidate(b.Cell, b.Digit) {
					t.Fatalf("%s step %d: link %v-%v joins a candidate that is gone", pz, i+1, a, b)
				}
				sameCell := a.Cell == b.Cell
				if !l.Strong && !(sameCell || a.Digit == b.Digit && v.IsPeer(a.Cell, b.Cell)) {
					t.Errorf("%s step %d: weak link %v-%v: both can be true", pz, i+1, a, b)
				}
				if l.Strong {
					ok := sameCell && bits.OnesCount16(s.Candidates(a.Cell)) == 2
					if a.Digit == b.Digit && !sameCell {
						for _, u := range v.UnitsOf(a.Cell) {
							if s.unitDigitCells(u, a.Digit).count() == 2 && s.unitDigitCells(u, a.Digit).has(b.Cell) {
								ok = true
							}
						}
					}
					if !ok {
						t.Errorf("%s step %d: strong link %v=%v is not one", pz, i+1, a, b)
					}
				}
			}
		}
	}
	if chains == 0 {
		t.Fatal("no chain step in the corpus sample: the test checks nothing")
	}
	t.Logf("%d chain steps checked", chains)
}
