package jobs

import (
	"errors"
	"os"
	"path/filepath"
	"sudoku/web/worker"
	"testing"

	"sudoku/solver"
)

// TestCountRules counts variant puzzles of testdata/variants through the
// wire with their rules: one solution, the setter's; a clash of givens
// under the puzzle's own regions; rules that cannot be read and a clue
// outside the grid are bad requests.
func TestCountRules(t *testing.T) {
	for _, name := range []string{"thermo-6x6-wsc2022.json", "killer-uk2022.json", "irregular-kropki-6x6-wsc2022.json", "gen-littlekiller.json"} {
		b, err := os.ReadFile(filepath.Join("..", "..", "..", "testdata", "variants", name))
		if err != nil {
			t.Fatal(err)
		}
		p, err := solver.ParseFPuzzles(string(b), name)
		if err != nil {
			t.Fatal(err)
		}
		var clues solver.Grid
		copy(clues[:], p.Givens)
		resp := roundTrip(t, worker.Request{ID: 3, Op: worker.OpCount, Position: worker.FromPosition(solver.Position{Clues: clues}), Limit: 2, Rules: worker.RulesOf(p.Rules)})
		if err := resp.Err.Err(); err != nil || resp.Count == nil || resp.Count.Count != 1 {
			t.Fatalf("%s: count %+v, %v", name, resp.Count, err)
		}
		if got := resp.Count.Solution[:len(p.Solution)]; string(got) != string(p.Solution) {
			t.Errorf("%s: solution %v, want %v", name, got, p.Solution)
		}
		for c := len(p.Solution); c < 81; c++ {
			if resp.Count.Solution[c] != 0 {
				t.Fatalf("%s: a digit outside the grid at %d", name, c)
			}
		}
	}
	six, _ := solver.NewRules(6, nil, nil, nil)
	var clash solver.Grid
	clash[0], clash[7] = 1, 1 // r1c1 and r2c2 of a 6x6: the same 2x3 box
	resp := roundTrip(t, worker.Request{ID: 4, Op: worker.OpCount, Position: worker.FromPosition(solver.Position{Clues: clash}), Limit: 2, Rules: worker.RulesOf(six)})
	if err := resp.Err.Err(); !errors.Is(err, solver.ErrConflict) {
		t.Errorf("a clash in a 6x6 box: %v, want a conflict", err)
	}
	var outside solver.Grid
	outside[40] = 1 // cell 40 is past a 6x6 grid's 36
	for _, req := range []worker.Request{
		{ID: 5, Op: worker.OpCount, Position: worker.FromPosition(solver.Position{Clues: outside}), Rules: worker.RulesOf(six)},
		{ID: 6, Op: worker.OpCount, Position: worker.FromPosition(solver.Position{}), Rules: []byte(`{"size":3}`)},
		{ID: 7, Op: worker.OpCount, Position: worker.FromPosition(solver.Position{}), Rules: []byte(`{"size":6,"constraints":[{"kind":"xsum"}]}`)},
	} {
		if err := roundTrip(t, req).Err.Err(); !errors.Is(err, worker.ErrRequest) {
			t.Errorf("request %d: %v, want a bad request", req.ID, err)
		}
	}
}
