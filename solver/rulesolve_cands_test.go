package solver

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
)

// TestSolveCandidates solves every puzzle of testdata/variants from
// candidates: the givens' candidates give the same count and solution as
// Solve; without the solution's digit in one empty cell there is none; a
// cell without candidates or masks of the wrong length give no solution
// and ErrLength.
func TestSolveCandidates(t *testing.T) {
	for _, f := range variantFiles(t) {
		name := strings.TrimSuffix(filepath.Base(f), ".json")
		p := readVariantFile(t, f)
		r := p.Rules
		want, err := r.Solve(p.Givens, Options{Limit: 2})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		all := uint16(1)<<r.Size - 1
		cands := make([]uint16, r.Cells())
		empty := -1
		for c, g := range p.Givens {
			cands[c] = all
			if g != 0 {
				cands[c] = 1 << (g - 1)
			} else if empty < 0 {
				empty = c
			}
		}
		got, err := r.SolveCandidates(cands, Options{Limit: 2})
		if err != nil || got.Count != want.Count || string(got.Solution) != string(want.Solution) {
			t.Errorf("%s: SolveCandidates = %d solutions %v, %v; Solve %d %v", name, got.Count, got.Solution, err, want.Count, want.Solution)
		}
		cands[empty] &^= 1 << (want.Solution[empty] - 1)
		if got, err := r.SolveCandidates(cands, Options{Limit: 1}); err != nil || got.Count != 0 {
			t.Errorf("%s: without %s's digit %d: %d solutions, %v", name, r.CellName(empty), want.Solution[empty], got.Count, err)
		}
		cands[empty] = 0
		if got, err := r.SolveCandidates(cands, Options{Limit: 1}); err != nil || got.Count != 0 {
			t.Errorf("%s: an empty cell: %d solutions, %v", name, got.Count, err)
		}
		if _, err := r.SolveCandidates(cands[1:], Options{}); !errors.Is(err, ErrLength) {
			t.Errorf("%s: %d masks: %v, want ErrLength", name, len(cands)-1, err)
		}
	}
}
