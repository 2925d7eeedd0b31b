package corpus

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sudoku/solver"
)

func TestCount(t *testing.T) {
	for note, want := range map[string]string{
		"1": "1", "2+": "2+", "0:diagonal": "0", "1:standard": "1",
		"": "-", "3": "-", "1:windoku": "-", "1:diagonal:x": "-", "hard": "-",
	} {
		got, ok := Count(note)
		if !ok {
			got = "-"
		}
		if got != want {
			t.Errorf("Count(%q) = %q, want %q", note, got, want)
		}
	}
}

func TestAgrees(t *testing.T) {
	for _, tt := range []struct {
		want         string
		found, limit int
		ok           bool
	}{
		{"0", 0, 2, true}, {"0", 1, 2, false}, {"1", 1, 2, true}, {"1", 2, 2, false}, {"2+", 2, 2, true},
		{"2+", 1, 2, false}, {"2+", 1, 1, true}, {"1", 0, 1, false}, {"0", 1, 1, false},
	} {
		if got := agrees(tt.want, tt.found, tt.limit); got != tt.ok {
			t.Errorf("agrees(%q, %d, %d) = %v, want %v", tt.want, tt.found, tt.limit, got, tt.ok)
		}
	}
}

const (
	puzzle   = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	solution = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
)

func grid(t *testing.T, s string) solver.Grid {
	t.Helper()
	g, err := solver.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestCheck(t *testing.T) {
	clues, sol := grid(t, puzzle), grid(t, solution)
	wrong := sol
	wrong[1], wrong[2] = wrong[2], wrong[1] // two cells of row 1 swapped: a column breaks
	other := sol
	other[80] = 0 // not a full grid
	for _, tt := range []struct {
		name  string
		c     Case
		res   solver.Result
		limit int
		err   error
	}{
		{"unique", Case{Want: "1"}, solver.Result{Count: 1, Solution: sol}, 2, nil},
		{"no note", Case{}, solver.Result{Count: 2, Solution: sol}, 2, nil},
		{"wrong solution", Case{Want: "1"}, solver.Result{Count: 1, Solution: wrong}, 2, ErrWrongSolution},
		{"count 0 with a grid", Case{Want: "0"}, solver.Result{Count: 0, Solution: sol}, 2, ErrWrongSolution},
		{"count 2, note 1", Case{Want: "1"}, solver.Result{Count: 2, Solution: sol}, 2, ErrCount},
		{"count 1, note 2+, limit 2", Case{Want: "2+"}, solver.Result{Count: 1, Solution: sol}, 2, ErrCount},
		{"count 1, note 2+, limit 1", Case{Want: "2+"}, solver.Result{Count: 1, Solution: sol}, 1, nil},
		{"count 1, note 0", Case{Want: "0"}, solver.Result{Count: 1, Solution: sol}, 2, ErrCount},
		{"given solution found", Case{Want: "1", Solution: sol, HasSolution: true}, solver.Result{Count: 1, Solution: sol}, 2, nil},
		{"given solution invalid", Case{Solution: wrong, HasSolution: true}, solver.Result{Count: 1, Solution: sol}, 2, ErrGivenSolution},
		{"given solution not full", Case{Solution: other, HasSolution: true}, solver.Result{Count: 1, Solution: sol}, 1, ErrGivenSolution},
		{"given solution, none found", Case{Solution: sol, HasSolution: true}, solver.Result{}, 2, ErrGivenSolution},
	} {
		tt.c.Clues, tt.c.Variant = clues, solver.Standard
		err := tt.c.Check(tt.res, tt.limit)
		if (tt.err == nil) != (err == nil) || (tt.err != nil && !errors.Is(err, tt.err)) {
			t.Errorf("%s: Check = %v, want %v", tt.name, err, tt.err)
		}
	}
}

func TestRead(t *testing.T) {
	cs, err := Read(filepath.Join("..", "..", "testdata", "special.txt"), "")
	if err != nil {
		t.Fatal(err)
	}
	counts := map[string]int{}
	for _, c := range cs {
		if c.File != "special.txt" || c.Line < 1 || c.Variant == nil || c.Want == "" {
			t.Fatalf("case %+v", c)
		}
		counts[c.Want]++
	}
	if counts["0"] == 0 || counts["1"] == 0 || counts["2+"] == 0 {
		t.Errorf("special.txt counts %v: want some of each", counts)
	}
	if _, err := Read(filepath.Join("..", "..", "testdata", "absent.txt"), ""); err == nil {
		t.Error("Read of an absent file: no error")
	}
	for _, tt := range []struct{ text, want string }{
		{puzzle + ":3\n", `note "3"`},
		{"# nothing\n", "no puzzles"},
		{puzzle[:80] + "\n", "80"},
	} {
		path := filepath.Join(t.TempDir(), "x.txt")
		if err := writeFile(path, tt.text); err != nil {
			t.Fatal(err)
		}
		if _, err := Read(path, ""); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Read(%q) = %v, want an error with %q", tt.text, err, tt.want)
		}
	}
}

func writeFile(path, text string) error { return os.WriteFile(path, []byte(text), 0o644) }
