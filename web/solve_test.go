package web

import (
	"strings"
	"testing"

	"sudoku/solver"
)

// TestSolveAndCheckValues: what Solve and Check make of the clues'
// solution, as values the root applies: the fill action, the wrong cells
// and the words; no fill and no check without a single solution.
func TestSolveAndCheckValues(t *testing.T) {
	g := engineGame(unique)
	res, err := solveFull(g)
	if err != nil || res.Count != 1 {
		t.Fatalf("the puzzle's solve: %v, %d solutions", err, res.Count)
	}
	s := solution{clues: g.Clues, variant: g.Rules(), valid: true, wide: true, res: res}

	a, said, problem := solvedFill(&s)
	if problem != "" || a.Kind != actFill || a.Grid != res.Solution.String() || said == "" {
		t.Errorf("Solve: %+v, %q, %q", a, said, problem)
	}
	if wrong, kind, msg, ok := checkedEntries(&g, &s); !ok || len(wrong) != 0 || kind != msgInfo || !strings.Contains(msg, "not entered") {
		t.Errorf("Check with no digits: %v %q %q %v", wrong, kind, msg, ok)
	}
	empty := 0
	for g.Clues[empty] != 0 {
		empty++
	}
	g.Entries = g.Clues
	g.Entries[empty] = res.Solution[empty]%9 + 1 // a wrong digit
	if wrong, kind, _, ok := checkedEntries(&g, &s); !ok || len(wrong) != 1 || wrong[0] != empty || kind != msgError {
		t.Errorf("Check with a wrong digit in cell %d: %v %q %v", empty, wrong, kind, ok)
	}
	g.Entries[empty] = res.Solution[empty]
	if wrong, kind, _, ok := checkedEntries(&g, &s); !ok || len(wrong) != 0 || kind != msgOK {
		t.Errorf("Check with a right digit: %v %q %v", wrong, kind, ok)
	}

	several := solution{valid: true, wide: true, res: solver.Result{Count: 2}}
	if _, _, problem := solvedFill(&several); problem == "" {
		t.Error("Solve filled a puzzle with several solutions")
	}
	if _, kind, _, ok := checkedEntries(&g, &several); ok || kind != msgError {
		t.Errorf("Check made with several solutions: %q %v", kind, ok)
	}
	for _, c := range []struct {
		on   bool
		s    solution
		want string
	}{{false, s, txtMistakesOff}, {true, solution{}, txtMistakesWait}, {true, several, txtMistakesNoSol}, {true, s, txtMistakesOn}} {
		if got := mistakeCheckText(c.on, &c.s); got != c.want {
			t.Errorf("mistake check on %v: %q, want %q", c.on, got, c.want)
		}
	}
}
