package solver

import (
	"errors"
	"math/rand"
	"path/filepath"
	"strings"
	"testing"

	"sudoku/solver/trace"
)

// checkRulesTrace replays a trace of the rules engine and checks it: every
// event follows the position (trace.Replay), no digit is placed beside a
// placed peer holding it, no digit placed before the first guess differs
// from the unique solution sol (nil: not known), and each solution event
// shows a grid that Verify accepts, the first one equal to first. It
// returns the number of solution events.
func checkRulesTrace(t *testing.T, name string, r *Rules, givens []uint8, tr *trace.Trace, sol, first []uint8) int {
	t.Helper()
	if tr.Size != r.Size {
		t.Fatalf("%s: trace of size %d, rules of %d", name, tr.Size, r.Size)
	}
	rep := trace.NewReplaySize(tr.Size)
	n := r.Cells()
	solutions := 0
	for i, e := range tr.Events {
		if err := rep.Apply(e); err != nil {
			t.Fatalf("%s: event %d (%s): %v", name, i+1, e.Text(r), err)
		}
		switch e.Kind {
		case trace.KindAssign, trace.KindGuess:
			for _, p := range r.Peers(e.Cell) {
				if int(rep.Grid[p]) == e.Digit {
					t.Fatalf("%s: event %d (%s) places %d beside %s holding it", name, i+1, e.Text(r), e.Digit, r.CellName(p))
				}
			}
			if e.Rule == trace.RuleClue && givens[e.Cell] != uint8(e.Digit) {
				t.Fatalf("%s: event %d (%s): not a given", name, i+1, e.Text(r))
			}
			if rep.Depth == 0 && sol != nil && sol[e.Cell] != uint8(e.Digit) {
				t.Fatalf("%s: event %d (%s) before any guess, but the solution has %d", name, i+1, e.Text(r), sol[e.Cell])
			}
		case trace.KindSolution:
			g := rep.Grid[:n]
			if err := r.Verify(givens, g); err != nil {
				t.Fatalf("%s: solution event %d: %v", name, i+1, err)
			}
			if solutions == 0 && string(g) != string(first) {
				t.Fatalf("%s: the first solution replayed is not the solve's", name)
			}
			solutions++
		}
		if strings.Contains(e.Text(r), "%!") {
			t.Fatalf("%s: event %d reads %q", name, i+1, e.Text(r))
		}
	}
	return solutions
}

// TestRulesTraceReplays records the rules engine on every puzzle of
// testdata/variants with limit 2 and on random small puzzles with limit 3:
// the traced solve makes the untraced one's moves (count, solution,
// nodes, guesses), and the trace replays to its solutions, consistently.
func TestRulesTraceReplays(t *testing.T) {
	replayed := 0
	defer func() { t.Logf("%d files replayed to the end", replayed) }()
	for _, file := range variantFiles(t) {
		name := filepath.Base(file)
		p := readVariantFile(t, file)
		want, werr := p.Rules.search(p.Givens, Options{Limit: 2, MaxNodes: 1e6})
		res, tr, err := p.Rules.TraceSolve(p.Givens, Options{Limit: 2, MaxNodes: 1e6}, 0)
		if (err == nil) != (werr == nil) || res.Count != want.Count || string(res.Solution) != string(want.Solution) || res.Stats != want.Stats {
			t.Fatalf("%s: traced %d %v %+v, untraced %d %v %+v", name, res.Count, err, res.Stats, want.Count, werr, want.Stats)
		}
		if k := checkRulesTrace(t, name, p.Rules, p.Givens, tr, p.Solution, res.Solution); k != res.Count && !tr.Truncated {
			t.Errorf("%s: %d solution events, %d solutions", name, k, res.Count)
		}
		if !tr.Truncated {
			replayed++
		}
	}
	rng := rand.New(rand.NewSource(21))
	for i := 0; i < 150; i++ {
		n := []int{4, 6}[i%2]
		r, givens := randomRules(t, n, 1+rng.Intn(4), 0.15, rng)
		want, _ := r.search(givens, Options{Limit: 3})
		res, tr, err := r.TraceSolve(givens, Options{Limit: 3}, 0)
		if err != nil || res.Count != want.Count || res.Stats != want.Stats {
			t.Fatalf("case %d: traced %d %v %+v, untraced %d %+v", i, res.Count, err, res.Stats, want.Count, want.Stats)
		}
		var sol []uint8
		if res.Count == 1 {
			sol = res.Solution
		}
		if k := checkRulesTrace(t, "random case", r, givens, tr, sol, res.Solution); k != res.Count {
			t.Errorf("case %d: %d solution events, %d solutions", i, k, res.Count)
		}
	}
}

// TestRulesTraceBounds: a trace keeps at most its bound of events, marked
// truncated, while the solve goes on to the same result; clashing givens
// give no trace and the conflict; the events name constraints in words.
func TestRulesTraceBounds(t *testing.T) {
	p := readVariantFile(t, filepath.Join("..", "testdata", "variants", "killer-uk2022.json"))
	full, ftr, err := p.Rules.TraceSolve(p.Givens, Options{Limit: 2}, 0)
	if err != nil || full.Count != 1 {
		t.Fatal(full.Count, err)
	}
	res, tr, err := p.Rules.TraceSolve(p.Givens, Options{Limit: 2}, 50)
	if err != nil || len(tr.Events) != 50 || !tr.Truncated || res.Count != 1 || string(res.Solution) != string(full.Solution) {
		t.Errorf("bounded: %d events, truncated %v, count %d, %v", len(tr.Events), tr.Truncated, res.Count, err)
	}
	named := false
	for _, e := range ftr.Events {
		if e.Rule == trace.RuleConstraint && e.Kind == trace.KindEliminate {
			if !strings.Contains(e.Text(p.Rules), "(The cage ") {
				t.Errorf("constraint event reads %q", e.Text(p.Rules))
			}
			named = true
			break
		}
	}
	if !named {
		t.Error("no elimination by a cage in a killer's trace")
	}
	g := append([]uint8(nil), p.Givens...)
	for c := range g {
		if g[c] == 0 {
			g[c] = full.Solution[(c+1)%len(g)]
			break
		}
	}
	if _, tr, err := p.Rules.TraceSolve(g, Options{Limit: 2}, 0); err != nil && tr != nil {
		t.Errorf("an error %v with a trace", err)
	} else if err != nil && !errors.Is(err, ErrConflict) {
		t.Errorf("clashing givens: %v", err)
	}
}
