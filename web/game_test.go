package web

import (
	"net/url"
	"strings"
	"sudoku/internal/sudokutest"
	"testing"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"sudoku/solver"
)

// Puzzles used across the tests.
const (
	// A well-known 17-clue puzzle with a unique solution.
	unique = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	// magictour top95 #1-style hard puzzle, unique.
	magic = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
	// Consistent clues with no solution: row 1 needs a 9 in r1c9 but column 9 has one.
	noSolution = "12345678.........9..............................................................."
	empty      = "................................................................................."
)

// Two 5s in row 1: conflicting clues.
var conflicting = "55" + empty[2:]

func TestConflicts(t *testing.T) {
	g := game{Clues: sudokutest.MustParse(conflicting)}
	bad := g.Conflicts()
	for i, b := range bad {
		want := i == 0 || i == 1
		if b != want {
			t.Errorf("Conflicts()[%s] = %v, want %v", solver.CellName(i), b, want)
		}
	}
	// An entry clashing with a clue in the same box.
	g = game{Clues: sudokutest.MustParse(unique)}
	g.Entries[2] = 4 // r1c3, same row and box as the clue 4 at r1c1
	bad = g.Conflicts()
	if !bad[0] || !bad[2] {
		t.Errorf("entry 4 at r1c3 vs clue 4 at r1c1: conflicts %v %v, want both", bad[0], bad[2])
	}
	// The diagonal rule adds the diagonals: r1c1 and r9c9 share one.
	g = game{}
	g.Clues[0], g.Clues[80] = 7, 7
	if g.Conflicts()[0] {
		t.Error("standard: r1c1 and r9c9 reported as peers")
	}
	g.Variant = solver.Diagonal
	if !g.Conflicts()[0] || !g.Conflicts()[80] {
		t.Error("diagonal: the two 7s on the main diagonal are not reported")
	}
}

var countCases = []struct {
	puzzle   string
	diagonal bool
	want     count
}{
	{unique, false, countUnique},
	{magic, false, countUnique},
	{conflicting, false, countConflict},
	{noSolution, false, countNone},
	{empty, false, countSeveral},
	{"1" + empty[1:], false, countSeveral},
}

func TestCountSolutions(t *testing.T) {
	for _, c := range countCases {
		g := game{Clues: sudokutest.MustParse(c.puzzle)}
		if c.diagonal {
			g.Variant = solver.Diagonal
		}
		got, err := countSolutions(g)
		if got != c.want {
			t.Errorf("CountSolutions(%s) = %v (%v), want %v", c.puzzle, got, err, c.want)
		}
		if (got == countConflict) != (err != nil) {
			t.Errorf("CountSolutions(%s): err = %v with count %v", c.puzzle, err, got)
		}
	}
	// The diagonal rule changes the count: a valid standard solution whose
	// diagonals repeat has no diagonal solution once fully given.
	sol, _ := solver.Solve(sudokutest.MustParse(unique), solver.Options{})
	g := game{Clues: sol.Solution, Variant: solver.Diagonal}
	if solver.Diagonal.Check(sol.Solution) == nil {
		t.Skip("the solution happens to be diagonal")
	}
	if c, _ := countSolutions(g); c != countConflict {
		t.Errorf("full standard solution under the diagonal rule: %v, want a conflict", c)
	}
}

func TestExplainSolveError(t *testing.T) {
	g := game{Clues: sudokutest.MustParse(conflicting)}
	res, err := solveFull(g)
	if m := explainSolveError(res, err); !strings.Contains(m, "r1c1") || !strings.Contains(m, "r1c2") {
		t.Errorf("conflict message %q does not name r1c1 and r1c2", m)
	}
	g = game{Clues: sudokutest.MustParse(noSolution)}
	res, err = solveFull(g)
	if m := explainSolveError(res, err); !strings.Contains(m, "no solution") {
		t.Errorf("no-solution message %q", m)
	}
	g = game{}
	res, err = solveFull(g)
	if m := explainSolveError(res, err); !strings.Contains(m, "several solutions") {
		t.Errorf("empty board message %q", m)
	}
	g = game{Clues: sudokutest.MustParse(unique)}
	res, err = solveFull(g)
	if m := explainSolveError(res, err); m != "" {
		t.Errorf("unique puzzle message %q, want none", m)
	}
}

var linkCases = []struct {
	query   string
	wantErr string // "" means it loads
	clues   int
	diag    bool
	entries int
}{
	{"p=" + unique, "", 17, false, 0},
	{"p=" + unique + "&v=diagonal", "", 17, true, 0},
	{"p=" + unique + "&v=standard", "", 17, false, 0},
	{"p=" + unique + "&e=.2" + empty[2:], "", 17, false, 1},
	{"bd=" + strings.ReplaceAll(unique, ".", "0"), "", 17, false, 0},
	{"p=" + unique[:80], "cannot be read", 0, false, 0},
	{"p=" + unique + "1", "cannot be read", 0, false, 0},
	{"p=%3Cscript%3Ealert(1)%3C/script%3E", "cannot be read", 0, false, 0},
	{"p=" + strings.Repeat("1", 5000), "too long", 0, false, 0},
	{"p=" + unique + "&v=hexagonal", "unknown variant", 0, false, 0},
	{"p=" + unique + "&e=5" + empty[1:], "on the clue r1c1", 0, false, 0},
	{"p=" + unique + "&e=xyz", "digits cannot be read", 0, false, 0},
	{"bd=<img src=x onerror=alert(1)>", "cannot be read", 0, false, 0},
	{"p=%00%01%02", "cannot be read", 0, false, 0},
}

func TestGameFromQuery(t *testing.T) {
	for _, c := range linkCases {
		q, err := url.ParseQuery(c.query)
		if err != nil {
			t.Fatalf("ParseQuery(%q): %v", c.query, err)
		}
		g, err := gameFromQuery(q)
		if c.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), c.wantErr) {
				t.Errorf("gameFromQuery(%.60q) error = %v, want %q", c.query, err, c.wantErr)
			}
			continue
		}
		if err != nil {
			t.Errorf("gameFromQuery(%.60q): %v", c.query, err)
			continue
		}
		if g.Clues.Clues() != c.clues || (g.Rules() == solver.Diagonal) != c.diag || g.Entries.Clues() != c.entries {
			t.Errorf("gameFromQuery(%.60q) = %d clues, diagonal %v, %d entries; want %d, %v, %d",
				c.query, g.Clues.Clues(), g.Rules() == solver.Diagonal, g.Entries.Clues(), c.clues, c.diag, c.entries)
		}
	}
	if _, err := gameFromQuery(url.Values{}); err != errNoLink {
		t.Errorf("empty query: %v, want errNoLink", err)
	}
}

func TestLinkRoundTrip(t *testing.T) {
	g := game{Clues: sudokutest.MustParse(unique), Variant: solver.Diagonal}
	g.Entries[1] = 6
	for _, withEntries := range []bool{true, false} {
		raw := linkQuery(g, withEntries)
		if !strings.HasPrefix(raw, "p="+unique) {
			t.Errorf("link %s does not start with the puzzle", raw)
		}
		q, err := url.ParseQuery(raw)
		if err != nil {
			t.Fatalf("ParseQuery(%s): %v", raw, err)
		}
		back, err := gameFromQuery(q)
		if err != nil {
			t.Fatalf("round trip of %s: %v", raw, err)
		}
		want := g
		if !withEntries {
			want.Entries = solver.Grid{}
		}
		if !back.Equal(&want) {
			t.Errorf("round trip (entries %v): got %+v, want %+v", withEntries, back, want)
		}
	}
	if q := linkQuery(game{}, true); q != "" {
		t.Errorf("empty game link = %q, want no query", q)
	}
}

func TestCellLabel(t *testing.T) {
	for _, c := range []struct {
		cell  int
		digit uint8
		want  string
	}{
		{0, 0, "row 1, column 1, empty"},
		{22, 7, "row 3, column 5, 7"},
		{80, 9, "row 9, column 9, 9"},
	} {
		if got := cellLabel(c.cell, cellView{Digit: c.digit}); got != c.want {
			t.Errorf("cellLabel(%d, %d) = %q, want %q", c.cell, c.digit, got, c.want)
		}
	}
}

func TestCellList(t *testing.T) {
	if got := cellList([]int{0, 10, 80}, 8); got != "r1c1, r2c2, r9c9" {
		t.Errorf("cellList = %q", got)
	}
	if got := cellList([]int{0, 1, 2, 3}, 2); got != "r1c1, r1c2, and 2 more" {
		t.Errorf("cellList capped = %q", got)
	}
}

// With a budget too small for the puzzle, the count says so instead of
// blocking, and Solve explains that the puzzle is too hard for the page.
func TestBudgetsBoundTheSolver(t *testing.T) {
	defer func(c, s int64) { countBudget, solveBudget = c, s }(countBudget, solveBudget)
	countBudget, solveBudget = 5, 5
	g := game{Clues: sudokutest.MustParse(magic)}
	if c, err := countSolutions(g); c != countUnknown || err != nil {
		t.Errorf("count with a tiny budget = %v, %v; want CountUnknown", c, err)
	}
	res, err := solveFull(g)
	if m := explainSolveError(res, err); !strings.Contains(m, "too hard") {
		t.Errorf("solve with a tiny budget: %q", m)
	}
}

// countSolutions is the live count of g's clues, as the page computes it:
// a page holding g asks the engine's worker (natively: worker.Handle).
func countSolutions(g game) (count, error) {
	r := solvedPage(g, false)
	if c := r.view.sol.count(); c == countConflict {
		return c, r.view.sol.err
	}
	return r.view.sol.count(), nil
}

// solveFull solves g's clues with the Solve budget, as Solve does.
func solveFull(g game) (solver.Result, error) {
	r := solvedPage(g, true)
	return r.view.sol.res, r.view.sol.err
}

// solvedPage is a page holding g once its count came back, and, when
// settle is set, its solution with the Solve budget too.
func solvedPage(g game, settle bool) *root {
	r := &root{store: newStore(g)}
	d := app.NewClientTester(r)
	defer d.Close()
	d.Dispatch(app.Dispatch{Mode: app.Update, Source: r, Function: func(ctx app.Context) {
		r.derive(ctx)
		if settle {
			r.whenSolved(ctx, func(app.Context) {})
		}
	}})
	d.Consume()
	return r
}
