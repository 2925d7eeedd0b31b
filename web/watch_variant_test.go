package web

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"sudoku/solver"
	"sudoku/solver/trace"
)

// TestWatchVariantReplaysToTheSolution records Watch the solver on variant
// puzzles through the engine's worker protocol (the rules engine, the
// trace packed on the wire and read back), steps the replay to the end
// beside trace.Replay, and ends on the setter's solution: 6x6 thermo,
// 9x9 killer, 8x8 killer, 1-5-9 indexers.
func TestWatchVariantReplaysToTheSolution(t *testing.T) {
	files := variantFiles(t)
	for _, name := range []string{"thermo-6x6-wsc2022.json", "killer-uk2022.json", "gen-killer-8x8.json", "indexer159-between-lm0007IX.json"} {
		t.Run(name, func(t *testing.T) {
			p, err := solver.ParseFPuzzles(files[name], name)
			if err != nil {
				t.Fatal(err)
			}
			var clues solver.Grid
			copy(clues[:], p.Givens)
			m := newWatchModel(clues, nil, p.Rules, "prop")
			if m.engine != "rules" {
				t.Fatalf("engine %q on a variant, want rules", m.engine)
			}
			if err := m.record(); err != nil || m.err != nil {
				t.Fatalf("record: %v, %v", err, m.err)
			}
			if m.trace.Size != p.Rules.Size || m.trace.Truncated || m.res.Count != 1 {
				t.Fatalf("trace of size %d, truncated %v, %d solutions", m.trace.Size, m.trace.Truncated, m.res.Count)
			}
			ref := trace.NewReplaySize(p.Rules.Size)
			constraintNamed := false
			for i, e := range m.trace.Events {
				if !m.step() {
					t.Fatalf("step %d refused: %v", i+1, m.err)
				}
				if err := ref.Apply(e); err != nil {
					t.Fatal(err)
				}
				samePosition(t, "after event "+e.Text(m.units()), m, ref)
				text := e.Text(m.units())
				if e.Rule == trace.RuleConstraint && e.Kind == trace.KindEliminate {
					constraintNamed = constraintNamed || strings.Contains(text, "(")
				}
			}
			n := p.Rules.Cells()
			if string(m.rep.Grid[:n]) != string(p.Solution) {
				t.Errorf("the replay ends on %v, the setter's solution is %v", m.rep.Grid[:n], p.Solution)
			}
			if !constraintNamed {
				t.Error("no elimination names its constraint")
			}
			cv := (&watchPanel{m: m}).cells()
			if cv[n-1].Size != p.Rules.Size || cv[n-1].Label != p.Rules.CellName(n-1)+": "+string('0'+p.Solution[n-1])+", "+labelHow(cv[n-1].Placed) {
				t.Errorf("last cell: size %d, label %q", cv[n-1].Size, cv[n-1].Label)
			}
			t.Logf("%s: %d events, %d guesses, %d backtracks", name, m.total(), m.counts.Guesses, m.counts.Backtracks)
		})
	}
}

func labelHow(placed string) string {
	how := map[string]string{"clue": "clue", "w-naked": "naked single", "w-hidden": "hidden single", "w-guess": "guess"}[placed]
	if how == "" {
		return "placed"
	}
	return how
}

// TestWatchOpensOnVariant: Watch the solver opens on a variant puzzle,
// with the rules engine alone, its grid the puzzle's size with the rules
// drawn, and closing it leaves the game as it was.
func TestWatchOpensOnVariant(t *testing.T) {
	h, _, p := openVariant(t, variantFiles(t)["thermo-6x6-wsc2022.json"])
	before := h.game()
	h.do(func(ctx app.Context) { h.root.onUI(ctx, uiEvent{name: "watch"}) })
	if !h.root.watching {
		t.Fatalf("Watch did not open: %q", h.text("message"))
	}
	// The panel as the page draws it once the trace is in (the harness does
	// not mount the panel's recording).
	var clues solver.Grid
	copy(clues[:], p.Givens)
	m := newWatchModel(clues, nil, p.Rules, "prop")
	if err := m.record(); err != nil {
		t.Fatal(err)
	}
	m.advance(40)
	html := app.HTMLString(&watchPanel{Clues: clues, Custom: p.Rules, m: m})
	for _, want := range []string{"Rules engine (propagation + search)", `id="watch-grid"`, "variant n6", `id="rules-overlay"`, `id="watch-cell-35"`} {
		if !strings.Contains(html, want) {
			t.Errorf("the Watch panel lacks %q", want)
		}
	}
	if strings.Contains(html, "Algorithm X") || strings.Contains(html, `id="watch-cell-36"`) {
		t.Error("dancing links offered, or a cell beyond the 6x6 grid drawn")
	}
	h.do(func(ctx app.Context) { h.root.closeWatch(ctx) })
	if g := h.game(); !g.Equal(&before) || g.Custom == nil || g.Custom.Size != p.Rules.Size {
		t.Error("Watch changed the game")
	}
}
