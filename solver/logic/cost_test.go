package logic

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"sudoku/solver"
)

// TestTechniqueCost reports, per technique, how often the engine tried it,
// how often it found a step, and the time it took, over 300 magictour
// puzzles (or 100 diagonal ones with LOGIC_COST=diagonal, or the puzzles of
// testdata/variants with LOGIC_COST=variants). It runs only with
// LOGIC_COST set:
//
//	LOGIC_COST=1 go test -run TestTechniqueCost -v ./solver/logic
func TestTechniqueCost(t *testing.T) {
	if os.Getenv("LOGIC_COST") == "" {
		t.Skip("set LOGIC_COST=1 (or diagonal, or variants) to measure")
	}
	var states []*State
	var sols []solver.Grid
	if os.Getenv("LOGIC_COST") == "variants" {
		for _, p := range variantFiles(t) {
			pos := Position{Rules: p.Rules, Givens: p.Givens}
			sol, err := pos.solution(&Options{})
			if err != nil {
				t.Fatal(err)
			}
			s, _ := pos.State()
			states, sols = append(states, s), append(sols, sol)
		}
	} else {
		ps := readCorpus(t, filepath.Join(dataDir, "puzzles3_magictour_top1465"))[:300]
		v := solver.Standard
		if os.Getenv("LOGIC_COST") == "diagonal" {
			ps, v = readCorpus(t, filepath.Join(testdataDir, "diagonal.txt"))[:100], solver.Diagonal
		}
		for _, p := range ps {
			sol, _ := solve(p, v)
			s, _ := NewState(solver.Position{Clues: p, Variant: v})
			states, sols = append(states, s), append(sols, sol)
		}
	}
	var dur [numTechniques]time.Duration
	var calls, hits [numTechniques]int
	for i, s := range states {
		sol := sols[i]
		opt := Options{Solution: &sol, cache: &refutationCache{}} // as Explain sets them
		for !s.Solved() {
			var st Step
			ok := false
			for tc := Technique(0); tc < numTechniques && !ok; tc++ {
				if s.t.skip&(1<<tc) != 0 {
					continue
				}
				t0 := time.Now()
				st, ok = s.find(tc, &opt)
				dur[tc] += time.Since(t0)
				calls[tc]++
				if ok {
					hits[tc]++
				}
			}
			s.Apply(st)
		}
	}
	for tc := Technique(0); tc < numTechniques; tc++ {
		t.Logf("%-30v calls %6d hits %5d total %v per call %v", tc, calls[tc], hits[tc], dur[tc], dur[tc]/time.Duration(calls[tc]+1))
	}
}
