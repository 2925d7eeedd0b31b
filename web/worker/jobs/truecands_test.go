package jobs

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"sudoku/internal/sudokutest"
	"sudoku/solver"
	"sudoku/web/worker"
)

// TestTrueCandidates asks for true candidates through the wire: of the
// clues and the player's digits together, classic and under a variant
// puzzle's own rules; no solution is all zero; bad positions are errors.
func TestTrueCandidates(t *testing.T) {
	clues := sudokutest.MustParse(twoSols)
	want, err := solver.TrueCandidates(clues, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	resp := roundTrip(t, worker.Request{ID: 2, Op: worker.OpTrueCandidates, Position: worker.FromPosition(solver.Position{Clues: clues})})
	if err := resp.Err.Err(); err != nil || !slices.Equal(resp.Candidates, want[:]) {
		t.Fatalf("serg puzzle: %v (%v), want %v", resp.Candidates, err, want)
	}
	// The player's digit in a cell with two true candidates narrows the
	// others to the solutions that agree with it.
	cell := slices.IndexFunc(want[:], func(m uint16) bool { return m&(m-1) != 0 })
	if cell < 0 {
		t.Fatal("the serg puzzle has no cell with two true candidates")
	}
	d := uint8(1)
	for want[cell]&(1<<(d-1)) == 0 {
		d++
	}
	narrowed := clues
	narrowed[cell] = d
	wantPlaced, _ := solver.TrueCandidates(narrowed, solver.Options{})
	var placed solver.Grid
	placed[cell] = d
	resp = roundTrip(t, worker.Request{ID: 3, Op: worker.OpTrueCandidates, Position: worker.FromPosition(solver.Position{Clues: clues, Placed: placed})})
	if err := resp.Err.Err(); err != nil || !slices.Equal(resp.Candidates, wantPlaced[:]) || slices.Equal(wantPlaced[:], want[:]) {
		t.Fatalf("with %d placed in cell %d: %v (%v), want %v (not %v)", d, cell, resp.Candidates, err, wantPlaced, want)
	}

	resp = roundTrip(t, worker.Request{ID: 4, Op: worker.OpTrueCandidates, Position: puzzle(impossible)})
	if err := resp.Err.Err(); err != nil || len(resp.Candidates) != 81 || slices.ContainsFunc(resp.Candidates, func(m uint16) bool { return m != 0 }) {
		t.Errorf("no solution: %v (%v), want 81 zeros", resp.Candidates, err)
	}
	resp = roundTrip(t, worker.Request{ID: 5, Op: worker.OpTrueCandidates, Position: puzzle(conflict)})
	if err := resp.Err.Err(); !errors.Is(err, solver.ErrConflict) || resp.Candidates != nil {
		t.Errorf("clues with a clash: %v (%v), want a conflict", resp.Candidates, err)
	}
	resp = roundTrip(t, worker.Request{ID: 6, Op: worker.OpTrueCandidates, Position: puzzle(twoSols), MaxNodes: 3})
	if err := resp.Err.Err(); !errors.Is(err, solver.ErrBudget) {
		t.Errorf("MaxNodes 3: %v, want the budget's error", err)
	}

	// A variant puzzle under its own rules, its Size² cells first: it has
	// one solution, so each cell's one true candidate is the setter's digit.
	b, err := os.ReadFile(filepath.Join("..", "..", "..", "testdata", "variants", "thermo-6x6-wsc2022.json"))
	if err != nil {
		t.Fatal(err)
	}
	p, err := solver.ParseFPuzzles(string(b), "thermo")
	if err != nil {
		t.Fatal(err)
	}
	wantRules, err := p.Rules.TrueCandidates(p.Givens, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var given solver.Grid
	copy(given[:], p.Givens)
	resp = roundTrip(t, worker.Request{ID: 7, Op: worker.OpTrueCandidates, Position: worker.FromPosition(solver.Position{Clues: given}), Rules: worker.RulesOf(p.Rules)})
	if err := resp.Err.Err(); err != nil || !slices.Equal(resp.Candidates, wantRules) {
		t.Fatalf("6x6 thermo: %v (%v), want %v", resp.Candidates, err, wantRules)
	}
	for c, m := range resp.Candidates {
		if m != 1<<(p.Solution[c]-1) {
			t.Fatalf("6x6 thermo, one solution: %s has %b, want the solution's %d alone", p.Rules.CellName(c), m, p.Solution[c])
		}
	}
	var outside solver.Grid
	outside[40] = 1
	resp = roundTrip(t, worker.Request{ID: 8, Op: worker.OpTrueCandidates, Position: worker.FromPosition(solver.Position{Clues: given, Placed: outside}), Rules: worker.RulesOf(p.Rules)})
	if err := resp.Err.Err(); !errors.Is(err, worker.ErrRequest) {
		t.Errorf("a digit outside the 6x6 grid: %v, want a bad request", err)
	}
}
