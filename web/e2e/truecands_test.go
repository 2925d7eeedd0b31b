package e2e

import (
	"context"
	"strings"
	"testing"

	"sudoku/solver"
)

// givenlessThermo is the 6x6 thermometer puzzle of testdata/variants
// without its givens, as f-puzzles JSON: a setter's puzzle with many
// solutions.
func givenlessThermo(t *testing.T) (string, *solver.Puzzle) {
	t.Helper()
	p, err := solver.ParseFPuzzles(variantFile(t, "thermo-6x6-wsc2022.json"), "")
	if err != nil {
		t.Fatal(err)
	}
	p.Givens, p.Solution = make([]uint8, len(p.Givens)), nil
	js, err := p.FPuzzlesJSON()
	if err != nil {
		t.Fatal(err)
	}
	return string(js), p
}

// showTrueCandidates presses True candidates in the Solver panel and waits
// for the marks.
func showTrueCandidates(t *testing.T, ctx context.Context) {
	t.Helper()
	click(t, ctx, "#true-candidates")
	waitFor(t, ctx, "the true candidates", `(document.getElementById("message")||{}).textContent.startsWith("True candidates shown")`)
}

// TestTrueCandidatesOffline is a setter's puzzle with many solutions
// (givenlessThermo), opened from an f-puzzles link, then, with the server
// stopped, True candidates from the Solver panel: every cell's corner marks
// are the rules engine's true candidates, found offline in the engine's
// worker; undo takes them back.
func TestTrueCandidatesOffline(t *testing.T) {
	need(t)
	js, p := givenlessThermo(t)
	want, err := p.Rules.TrueCandidates(p.Givens, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	wantText := make([]string, len(want))
	for i, m := range want {
		var ds []string
		for d := 1; d <= p.Rules.Size; d++ {
			if m&(1<<(d-1)) != 0 {
				ds = append(ds, string(rune('0'+d)))
			}
		}
		wantText[i] = strings.Join(ds, " ")
	}

	srv := startServer(t, freeAddr(t))
	a := browser(t)
	link := fpuzzlesLink(srv.URL, js)
	open(t, a, link)
	waitOffline(t, a)
	srv.Stop()
	open(t, a, link)
	waitFor(t, a, "the 6x6 board offline", `document.querySelectorAll("#board .cell").length === 36`)
	showTrueCandidates(t, a)
	got := eval[[]string](t, a, `Array.from({length: 36}, (_, i) => {
  const m = (document.getElementById("cell-" + i).getAttribute("aria-label") || "").match(/candidates ([0-9 ]+)/);
  return m ? m[1].trim() : "";
})`)
	for i := range want {
		if got[i] != wantText[i] {
			t.Fatalf("%s: corner marks %q, want the true candidates %q", p.Rules.CellName(i), got[i], wantText[i])
		}
	}
	if c := textOf(t, a, "#count"); c != "Several solutions." {
		t.Errorf("count %q, want several solutions", c)
	}
	click(t, a, "#undo")
	waitFor(t, a, "the marks undone", `!document.querySelector("#board .corner")`)
}
