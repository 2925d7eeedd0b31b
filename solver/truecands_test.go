package solver

import (
	"errors"
	"path/filepath"
	"slices"
	"testing"
)

// TestTrueCandidatesClassic checks the classic true candidates against the
// rules engine's on the same puzzles, and each mark (and each missing one)
// by a solve of another engine, dlx, with that digit added to the clues.
func TestTrueCandidatesClassic(t *testing.T) {
	es := readEntries(t, filepath.Join("..", "testdata", "serg.txt"))[:12]
	es = append(es, readEntries(t, filepath.Join("..", "testdata", "special.txt"))...)
	dlx := engines[2]
	for _, e := range es {
		got, err := TrueCandidates(e.Clues, Options{Variant: e.Variant})
		if err != nil {
			t.Fatalf("line %d: %v", e.Line, err)
		}
		if e.Clues.Clues() < 17 || got == ([81]uint16{}) {
			continue // the empty grid and no solution: TestTrueCandidatesEdges (dlx takes a minute on Norvig's puzzle)
		}
		rules, err := ClassicRules(e.Variant == Diagonal).TrueCandidates(e.Clues[:], Options{})
		if err != nil || !slices.Equal(got[:], rules) {
			t.Fatalf("line %d: classic %v, rules engine %v (%v)", e.Line, got, rules, err)
		}
		for c := range 81 {
			for d := uint8(1); d <= 9; d++ {
				g := e.Clues
				if g[c] != 0 && g[c] != d {
					continue
				}
				g[c] = d
				res, err := dlx.Solve(g, Options{Variant: e.Variant})
				if err != nil && !errors.Is(err, ErrConflict) {
					t.Fatalf("line %d: dlx: %v", e.Line, err)
				}
				if mark := got[c]&(1<<(d-1)) != 0; mark != (res.Count > 0) {
					t.Fatalf("line %d: %s holds %d in a solution: %v (dlx), marked %v", e.Line, CellName(c), d, res.Count > 0, mark)
				}
			}
		}
	}
}

func TestTrueCandidatesEdges(t *testing.T) {
	empty, err := TrueCandidates(Grid{}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for c, m := range empty {
		if m != 1<<9-1 {
			t.Fatalf("empty grid: %s has %09b, want every digit", CellName(c), m)
		}
	}
	none := mustParse(t, ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4.........")
	if got, err := TrueCandidates(none, Options{}); err != nil || got != ([81]uint16{}) {
		t.Errorf("no solution: %v (%v), want all zero and no error", got, err)
	}
	clash := mustParse(t, "11...............................................................................")
	if _, err := TrueCandidates(clash, Options{}); !errors.Is(err, ErrConflict) {
		t.Errorf("clues with a clash: %v, want ErrConflict", err)
	}
	if _, err := TrueCandidates(Grid{}, Options{MaxNodes: 30}); !errors.Is(err, ErrBudget) {
		t.Errorf("MaxNodes 30 over the empty grid's 82 solves: %v, want ErrBudget", err)
	}
}
