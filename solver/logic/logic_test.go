package logic

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"sudoku/solver"
)

// verifyExplanation replays the steps of ex from the puzzle on a fresh
// state and checks each: its pattern by the technique's rule (checkPattern),
// every placement is the solution's digit, every elimination is not, the
// steps fit the position they are played on, and they end in the verified
// solution. It returns the first problem found.
func verifyExplanation(ex *Explanation) error {
	if err := ex.Variant.Verify(ex.Puzzle, ex.Solution); err != nil {
		return fmt.Errorf("%s: solution %s: %v", ex.Puzzle, ex.Solution, err)
	}
	s, err := NewState(solver.Position{Clues: ex.Puzzle, Variant: ex.Variant})
	if err != nil {
		return err
	}
	for i, st := range ex.Steps {
		at := fmt.Sprintf("%s: step %d (%v)", ex.Puzzle, i+1, st.Technique)
		if len(st.Placements)+len(st.Eliminations) == 0 {
			return fmt.Errorf("%s changes nothing", at)
		}
		for _, p := range st.Placements {
			if int(ex.Solution[p.Cell]) != p.Digit {
				return fmt.Errorf("%s places %v, solution has %d", at, p, ex.Solution[p.Cell])
			}
		}
		for _, e := range st.Eliminations {
			if int(ex.Solution[e.Cell]) == e.Digit {
				return fmt.Errorf("%s removes %v, the solution's digit", at, e)
			}
			if !s.HasCandidate(e.Cell, e.Digit) {
				return fmt.Errorf("%s removes %v, not a candidate", at, e)
			}
		}
		if st.Explanation == "" {
			return fmt.Errorf("%s has no explanation", at)
		}
		if err := checkPattern(s, st); err != nil {
			return fmt.Errorf("%s: %v\n%s", at, err, st.Explanation)
		}
		if err := s.Apply(st); err != nil {
			return fmt.Errorf("%s: %v", at, err)
		}
	}
	if ex.Solved && s.Grid() != ex.Solution {
		return fmt.Errorf("%s: steps end in %s, want %s", ex.Puzzle, s.Grid(), ex.Solution)
	}
	return nil
}

func TestExplainErrors(t *testing.T) {
	for _, tt := range []struct {
		puzzle string
		want   error
	}{
		{".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4.........", ErrNoSolution},
		{".................................................................................", ErrMultipleSolutions},
		{"11...............................................................................", solver.ErrConflict},
	} {
		g, err := solver.Parse(tt.puzzle)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Explain(solver.Position{Clues: g, Variant: nil}, Options{}); !errors.Is(err, tt.want) {
			t.Errorf("Explain(%s) error %v, want %v", tt.puzzle, err, tt.want)
		}
	}
}

// TestAllowedTechniques: with singles only, a puzzle that needs more stops
// where they run out, and no other technique shows up.
func TestAllowedTechniques(t *testing.T) {
	g, _ := solver.Parse("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")
	singles := SetOf(FullHouse, HiddenSingle, NakedSingle)
	ex, err := Explain(solver.Position{Clues: g, Variant: nil}, Options{Techniques: singles})
	if err != nil {
		t.Fatal(err)
	}
	if ex.Solved {
		t.Fatalf("solved with singles only; want stuck")
	}
	for _, st := range ex.Steps {
		if !singles.Has(st.Technique) {
			t.Errorf("step %v with singles only", st.Technique)
		}
	}
	if err := verifyExplanation(ex); err != nil {
		t.Error(err)
	}
	full, err := Explain(solver.Position{Clues: g, Variant: nil}, Options{})
	if err != nil || !full.Solved {
		t.Fatalf("Explain with every technique: %v, solved %v", err, full != nil && full.Solved)
	}
	if err := verifyExplanation(full); err != nil {
		t.Error(err)
	}
}

func TestParseTechnique(t *testing.T) {
	for _, tech := range Techniques() {
		got, err := ParseTechnique(tech.String())
		if err != nil || got != tech {
			t.Errorf("ParseTechnique(%q) = %v, %v", tech.String(), got, err)
		}
	}
	for in, want := range map[string]Technique{"xwing": XWing, "x_wing": XWing, "BUG": BUGPlusOne, "2-string-kite": TwoStringKite, "AIC": AIC, "coloring": SimpleColouring, "magic": -1, "": -1} {
		got, err := ParseTechnique(in)
		if want < 0 {
			if err == nil {
				t.Errorf("ParseTechnique(%q) = %v, want an error", in, got)
			}
			continue
		}
		if err != nil || got != want {
			t.Errorf("ParseTechnique(%q) = %v, %v, want %v", in, got, err, want)
		}
	}
}

const (
	easyPuzzle = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
	easySol    = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
)

func TestParsePosition(t *testing.T) {
	g, _ := solver.Parse(easyPuzzle)
	var placed solver.Grid
	placed[1] = 8 // r1c2, right
	s, err := NewState(solver.Position{Clues: g, Placed: placed, Variant: nil})
	if err != nil {
		t.Fatal(err)
	}
	s.cand[0] &^= bit(4) // the player removed 4 from r1c1 (a mistake)
	// S9B keeps clues, placed digits and candidates.
	p, err := solver.ParsePosition("https://www.sudokuwiki.org/sudoku.htm?bd="+s.Position().Text(solver.FormatS9B), solver.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	back, err := NewState(p)
	if err != nil {
		t.Fatal(err)
	}
	if back.given != s.given || back.val != s.val || back.cand != s.cand {
		t.Errorf("S9B round trip changed the position:\n%s\n%s", s.Position().Text(solver.FormatS9B), back.Position().Text(solver.FormatS9B))
	}
	// The board string keeps clues, placed digits and candidates (a cell
	// with one candidate reads back as placed).
	for _, text := range []string{s.Position().Text(solver.FormatBoard), "https://www.sudokuwiki.org/sudoku.htm?bd=" + s.Position().Text(solver.FormatBoard)} {
		p, err := solver.ParsePosition(text, solver.ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		back, err := NewState(p)
		if err != nil {
			t.Fatal(err)
		}
		for c := 0; c < 81; c++ {
			wantVal, wantCand := s.val[c], s.cand[c]
			if wantCand.count() == 1 {
				wantVal, wantCand = uint8(wantCand.lowest()), 0
			}
			if back.val[c] != wantVal || back.cand[c] != wantCand || back.given[c] != s.given[c] {
				t.Errorf("board string round trip changed %s", solver.CellName(c))
			}
		}
	}
	// A link with an 81-character puzzle.
	if p, err := solver.ParsePosition("https://www.sudokuwiki.org/sudoku.htm?bd="+easyPuzzle+"&x=1", solver.ReadOptions{}); err != nil || p.Clues.String() != easyPuzzle {
		t.Errorf("link with a puzzle: %v, %s", err, p.Clues)
	}
	// A clue must hold one digit.
	if _, err := solver.ParsePosition(strings.Repeat("vv", 81), solver.ReadOptions{}); err == nil || !strings.Contains(err.Error(), "does not hold one digit") {
		t.Errorf("board string with a clue of nine digits: %v", err)
	}
	// The candidate grid keeps digits and candidates; every digit is a clue.
	for _, text := range []string{s.Position().Text(solver.FormatCandidates), spaced(s.Position().Text(solver.FormatCandidates))} {
		p, err := solver.ParsePosition(text, solver.ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		back, err := NewState(p)
		if err != nil {
			t.Fatal(err)
		}
		// A cell with one candidate reads back as filled with it.
		wantVal, wantCand := s.val, s.cand
		for c := 0; c < 81; c++ {
			if m := s.cand[c]; m.count() == 1 {
				wantVal[c], wantCand[c] = uint8(m.lowest()), 0
			}
		}
		if back.val != wantVal || back.cand != wantCand || !back.Given(1) || p.GivensKnown {
			t.Errorf("candidate grid round trip changed the position")
		}
	}
	for _, tt := range []struct {
		in, err string
	}{
		{"S9B123", "want 162"},
		{"S9B" + strings.Repeat("0!", 81), "bad character"},
		{"S9B" + strings.Repeat("zz", 81), "out of range"},
		{"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4.....", "80 cells"},
		{"hello", "bad character"},
	} {
		if _, err := solver.ParsePosition(tt.in, solver.ReadOptions{}); err == nil || !strings.Contains(err.Error(), tt.err) {
			t.Errorf("solver.ParsePosition(%.20q) error %v, want %q", tt.in, err, tt.err)
		}
	}
}

// spaced writes a candidate grid as a pencil-mark grid: one group of
// digits per cell, nine cells a line.
func spaced(cg string) string {
	var b strings.Builder
	for c := 0; c < 81; c++ {
		b.WriteString(strings.ReplaceAll(cg[c*9:c*9+9], ".", ""))
		if c%9 == 8 {
			b.WriteString("\n")
		} else {
			b.WriteString(" | ")
		}
	}
	return b.String()
}

func TestHint(t *testing.T) {
	g, _ := solver.Parse(easyPuzzle)
	sol, _ := solver.Parse(easySol)
	var placed solver.Grid
	placed[1] = 8 // r1c2 right
	placed[3] = 4 // r1c4 wrong (the solution has 9)
	s, err := NewState(solver.Position{Clues: g, Placed: placed, Variant: nil})
	if err != nil {
		t.Fatal(err)
	}
	wrong := nonSol(s, 72)
	if wrong == 0 {
		t.Fatal("r9c1 has no wrong candidate to remove")
	}
	s.own = true                     // the candidates below are the player's
	s.cand[80] &^= bit(int(sol[80])) // r9c9: the right candidate removed
	s.cand[72] &^= bit(wrong)        // r9c1: a wrong candidate removed, no mistake
	h, err := Hint(s.Position(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range h.Mistakes {
		got = append(got, m.String())
	}
	// The wrong 4 took 4 from its peers; those whose solution is 4 are
	// listed too.
	want := []string{"r1c4 is not 4 (4 was placed there)"}
	for c := 0; c < 81; c++ {
		if s.val[c] == 0 && sol[c] == 4 && solver.Standard.IsPeer(3, c) {
			want = append(want, solver.CellName(c)+" can be 4 (the candidate was removed)")
		}
	}
	want = append(want, "r9c9 can be 2 (the candidate was removed)")
	if strings.Join(got, "; ") != strings.Join(want, "; ") {
		t.Errorf("mistakes:\n got %q\nwant %q", got, want)
	}
	if !h.HasStep {
		t.Fatal("no step")
	}
	if err := checkStep(h.Step, &sol); err != nil {
		t.Error(err)
	}
	if h.Fixed.Digit(3) != 0 || !h.Fixed.HasCandidate(80, int(sol[80])) || h.Fixed.HasCandidate(72, wrong) {
		t.Errorf("fixed position: r1c4=%d, r9c9 has %d: %v, r9c1 keeps the player's removal: %v",
			h.Fixed.Digit(3), sol[80], h.Fixed.HasCandidate(80, int(sol[80])), !h.Fixed.HasCandidate(72, wrong))
	}
	// A full, right grid: no mistakes, no step.
	full, _ := NewState(solver.Position{Clues: sol, Variant: nil})
	h, err = Hint(full.Position(), Options{})
	if err != nil || h.HasStep || len(h.Mistakes) != 0 {
		t.Errorf("Hint(solution) = %+v, %v", h, err)
	}
}

// nonSol returns the lowest candidate of c in s that is not the solution's
// digit of the easy puzzle.
func nonSol(s *State, c int) int {
	for _, d := range s.cand[c].digits() {
		if d != int(easySol[c]-'0') {
			return d
		}
	}
	return 0
}

func TestCombos(t *testing.T) {
	for _, tt := range []struct {
		m, k int
		want string
	}{
		{4, 2, "01 02 03 12 13 23"},
		{3, 3, "012"},
		{2, 3, ""},
		{5, 0, ""},
		{1, 1, "0"},
	} {
		var got []string
		combos(tt.m, tt.k, func(idx []int) bool {
			s := ""
			for _, i := range idx {
				s += strconv.Itoa(i)
			}
			got = append(got, s)
			return false
		})
		if g := strings.Join(got, " "); g != tt.want {
			t.Errorf("combos(%d, %d) = %q, want %q", tt.m, tt.k, g, tt.want)
		}
	}
	n := 0
	if !combos(9, 4, func([]int) bool { n++; return n == 7 }) || n != 7 {
		t.Errorf("combos did not stop when fn returned true: %d calls", n)
	}
}

// TestHintClash: a placed digit that clashes with a clue is a mistake, not
// an error.
func TestHintClash(t *testing.T) {
	g, _ := solver.Parse(easyPuzzle)
	p := solver.Position{Clues: g, GivensKnown: true}
	p.Placed[0] = 3 // r1c1; r1c3 holds the clue 3
	if _, err := NewState(p); !errors.Is(err, solver.ErrConflict) {
		t.Fatalf("State: %v, want a conflict", err)
	}
	h, err := Hint(p, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(h.Mistakes) != 1 || h.Mistakes[0].String() != "r1c1 is not 3 (3 was placed there)" || !h.HasStep {
		t.Errorf("Hint = %+v", h)
	}
}

// TestHintWithSolution: given the solution, the hint is the one Hint finds
// by solving; a grid that does not solve the clues is refused.
func TestHintWithSolution(t *testing.T) {
	g, _ := solver.Parse(easyPuzzle)
	p := solver.Position{Clues: g, GivensKnown: true}
	p.Placed[0] = 3 // a mistake, so both paths report one
	want, err := Hint(p, Options{})
	if err != nil {
		t.Fatal(err)
	}
	got, err := Hint(p, Options{Solution: &want.Solution})
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(got.Mistakes, got.Step, got.HasStep) != fmt.Sprint(want.Mistakes, want.Step, want.HasStep) || !got.HasStep {
		t.Errorf("HintWithSolution = %v %v, Hint = %v %v", got.Mistakes, got.Step, want.Mistakes, want.Step)
	}
	bad := want.Solution
	bad[0], bad[1] = bad[1], bad[0]
	if _, err := Hint(p, Options{Solution: &bad}); !errors.Is(err, solver.ErrMismatch) {
		t.Errorf("HintWithSolution with a wrong grid: %v, want ErrMismatch", err)
	}
}

// TestDeterministic: the same puzzle explained twice, alone and beside
// other work, gives the same steps.
func TestDeterministic(t *testing.T) {
	ps := readCorpus(t, "../../testdata/magictour.txt")[:8]
	first := make([]string, len(ps))
	for i, p := range ps {
		ex, err := Explain(solver.Position{Clues: p, Variant: nil}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		first[i] = fmt.Sprint(ex.Steps)
	}
	done := make(chan string, len(ps))
	for _, p := range ps {
		go func() {
			ex, err := Explain(solver.Position{Clues: p, Variant: nil}, Options{})
			if err != nil {
				done <- err.Error()
				return
			}
			done <- fmt.Sprint(ex.Steps)
		}()
	}
	got := map[string]bool{}
	for range ps {
		got[<-done] = true
	}
	for i, f := range first {
		if !got[f] {
			t.Errorf("puzzle %d: a second explanation differs", i)
		}
	}
}
