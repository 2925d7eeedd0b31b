package logic

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sudoku/solver"
)

// variantFiles reads every puzzle of testdata/variants.
func variantFiles(t testing.TB) map[string]*solver.Puzzle {
	t.Helper()
	files, err := filepath.Glob("../../testdata/variants/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no variant puzzles: %v", err)
	}
	out := map[string]*solver.Puzzle{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		p, err := solver.ParseFPuzzles(string(b), filepath.Base(f))
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		out[strings.TrimSuffix(filepath.Base(f), ".json")] = p
	}
	return out
}

// slowVariants take more than 0.15 s of CPU to explain natively (make
// bench-vlogic, cpu-ms/op).
var slowVariants = map[string]bool{
	"antiknight-thermo-ctc": true, "arrow-ctc-long": true, "gen-littlekiller": true, "gen-minmax": true, "gen-nonconsecutive": true,
}

// TestExplainVariants explains every puzzle of testdata/variants to the
// end and checks each step on its own against the setter's solution (or,
// for generated puzzles, the rules engine's): no placement of a wrong
// digit, no elimination of the solution's digit, every step replayed on
// the position it follows.
func TestExplainVariants(t *testing.T) {
	type grade struct {
		name  string
		level Level
		score float64
	}
	var with, without []grade // puzzles that need Contradiction or Trial and Error, and the others
	defer func() {
		// A puzzle that needs a fallback never grades below one that does not.
		for _, a := range with {
			for _, b := range without {
				if a.level < b.level || a.score < b.score {
					t.Errorf("%s needs Contradiction but grades %v %.1f, below %s (%v %.1f)", a.name, a.level, a.score, b.name, b.level, b.score)
				}
			}
		}
	}()
	for name, p := range variantFiles(t) {
		if testing.Short() && slowVariants[name] {
			continue // -short (the wasm run): the puzzles explained in under 0.15 s natively
		}
		ex, err := Position{Rules: p.Rules, Givens: p.Givens}.Explain(Options{})
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if !ex.Solved {
			t.Errorf("%s: not solved after %d steps", name, len(ex.Steps))
			continue
		}
		if g := (grade{name, ex.Level, ex.Score}); ex.NeedsContradiction {
			with = append(with, g)
		} else {
			without = append(without, g)
		}
		sol := p.Solution
		if sol == nil {
			res, err := p.Rules.Solve(p.Givens, solver.Options{Limit: 2})
			if err != nil || res.Count != 1 {
				t.Fatalf("%s: %d solutions, %v", name, res.Count, err)
			}
			sol = res.Solution
		}
		n := p.Rules.Size
		if got := rulesGrid(n, &ex.Solution); string(got) != string(sol) {
			t.Errorf("%s: solution %v, want %v", name, got, sol)
		}
		pos, err := ex.Positions()
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		counts := map[Technique]int{}
		for i, st := range ex.Steps {
			counts[st.Technique]++
			for _, pl := range st.Placements {
				if rc := RulesCell(n, pl.Cell); rc < 0 || int(sol[rc]) != pl.Digit {
					t.Errorf("%s: step %d (%v) places %v: %s", name, i+1, st.Technique, pl, st.Explanation)
				}
			}
			for _, e := range st.Eliminations {
				if rc := RulesCell(n, e.Cell); rc < 0 || int(sol[rc]) == e.Digit {
					t.Errorf("%s: step %d (%v) removes %v: %s", name, i+1, st.Technique, e, st.Explanation)
				}
				if !pos[i].HasCandidate(e.Cell, e.Digit) && len(st.Placements) == 0 {
					t.Errorf("%s: step %d (%v) removes %v, not a candidate", name, i+1, st.Technique, e)
				}
			}
			if st.Explanation == "" {
				t.Errorf("%s: step %d (%v) without explanation", name, i+1, st.Technique)
			}
		}
		if g := pos[len(pos)-1].Grid(); rulesGrid(n, &g) == nil || string(rulesGrid(n, &g)) != string(sol) {
			t.Errorf("%s: last position %v, want %v", name, rulesGrid(n, &g), sol)
		}
		// The same steps every time (no map order, no clock).
		if testing.Short() {
			continue
		}
		again, err := Position{Rules: p.Rules, Givens: p.Givens}.Explain(Options{Solution: &ex.Solution})
		if err != nil || len(again.Steps) != len(ex.Steps) {
			t.Errorf("%s: explained again: %v, %d steps, want %d", name, err, len(again.Steps), len(ex.Steps))
		} else {
			for i := range ex.Steps {
				if again.Steps[i].Explanation != ex.Steps[i].Explanation {
					t.Errorf("%s: explained again, step %d: %q, want %q", name, i+1, again.Steps[i].Explanation, ex.Steps[i].Explanation)
					break
				}
			}
		}
		t.Logf("%-32s %3d steps, %-7s %.1f  %v", name, len(ex.Steps), ex.Level, ex.Score, counts)
	}
}

// mustRules builds rules for a test.
func mustRules(t *testing.T, size int, cs ...solver.Constraint) *solver.Rules {
	t.Helper()
	r, err := solver.NewRules(size, nil, nil, cs)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// constraintCases are hand-made 4x4 positions in which one constraint, and
// nothing before it in the engine's order, gives the first step: its
// eliminations (frame cells) and words its sentence must hold.
var constraintCases = []struct {
	name   string
	cons   []solver.Constraint
	givens string // 16 cells, '.' empty
	elims  string // "r1c1=3 r1c2=3 ..." in the step's order
	words  []string
}{
	{"killer sum 3", []solver.Constraint{&solver.Killer{Cells: []int{0, 1}, Sum: 3}}, "................",
		"r1c1=3 r1c1=4 r1c2=3 r1c2=4", []string{"The cage r1c1 and r1c2 sums to 3 without repeats; it holds 1 and 2, so r1c1 is at most 2 and r1c2 is at most 2: remove 3/4 from r1c1 and 3/4 from r1c2."}},
	{"killer two ways", []solver.Constraint{&solver.Killer{Cells: []int{0, 4}, Sum: 5}}, "................",
		"", nil}, // 1+4 and 2+3 leave every digit: no step
	{"thermometer after a given", []solver.Constraint{&solver.Thermometer{Cells: []int{0, 1, 2}}}, "2...............",
		"r1c2=1 r1c2=4 r1c3=1 r1c3=3", []string{"Digits increase along the thermometer r1c1, r1c2 and r1c3 from its bulb; r1c2 comes after r1c1 (at least 2) and comes before r1c3 (at most 4) and r1c3 comes after r1c2 (at least 3), so r1c2 must be 3 and r1c3 must be 4"}},
	{"thermometer over its whole line", []solver.Constraint{&solver.Thermometer{Cells: []int{0, 1, 2}}}, "................",
		"r1c1=3 r1c1=4 r1c2=1 r1c2=4 r1c3=1 r1c3=2", []string{"so r1c1 is at most 2, r1c2 is 2 or 3 and r1c3 is 3 or 4: remove 3/4 from r1c1, 1/4 from r1c2 and 1/2 from r1c3."}},
	{"thermometer bounded from its tip", []solver.Constraint{&solver.Thermometer{Cells: []int{0, 1, 2}}}, "..3.............",
		"r1c1=2 r1c1=4 r1c2=1 r1c2=4", []string{"r1c1 comes before r1c2 (at most 2) and r1c2 comes after r1c1 (at least 1) and comes before r1c3 (at most 3), so r1c1 must be 1 and r1c2 must be 2"}},
	{"whispers without its middle digits", []solver.Constraint{&solver.Whispers{Cells: []int{0, 1}, Diff: 3}}, "................",
		"r1c1=2 r1c1=3 r1c2=2 r1c2=3", []string{"differ by at least 3; no digit of 1 to 4 is 3 or more away from 2 or 3, so r1c1 can only be 1/4 and r1c2 can only be 1/4: remove 2/3 from r1c1 and 2/3 from r1c2."}},
	{"white dot", []solver.Constraint{&solver.Difference{Cells: [2]int{0, 4}}}, "1...............",
		"r2c1=3 r2c1=4", []string{"The digits in r1c1 and r2c1 differ by 1; so r2c1 must be 2: remove 3/4 from r2c1."}},
	{"black dot", []solver.Constraint{&solver.Ratio{Cells: [2]int{0, 1}}}, "................",
		"r1c1=3 r1c2=3", []string{"is 2 times the other; so r1c1 can only be 1/2/4 and r1c2 can only be 1/2/4"}},
	{"odd cell", []solver.Constraint{&solver.Odd{}}, "................",
		"r1c1=2 r1c1=4", []string{"The cell r1c1 holds an odd digit; so r1c1 can only be 1/3: remove 2/4 from r1c1."}},
	{"V", []solver.Constraint{&solver.XV{Cells: [2]int{5, 6}, Sum: 5}}, ".....4..........",
		"r2c3=2 r2c3=3", []string{"The V between r2c2 and r2c3: they sum to 5; so r2c3 must be 1"}},
	{"arrow", []solver.Constraint{&solver.Arrow{Circle: []int{0}, Line: []int{1, 2}}}, "................",
		"r1c1=1 r1c1=2 r1c2=4 r1c3=4", []string{"The digits on the arrow r1c2 and r1c3 sum to the number in r1c1; so r1c1 is 3 or 4, r1c2 is at most 3 and r1c3 is at most 3"}},
	{"renban", []solver.Constraint{&solver.Renban{Cells: []int{0, 1, 2}}}, "..4.............",
		"r1c1=1 r1c2=1", []string{"the run is 2-3-4, so r1c1 is 2 or 3 and r1c2 is 2 or 3"}},
}

// TestConstraintSteps checks the Constraint technique on hand-made
// positions: the eliminations, that they follow from the rule alone (each
// removed digit leaves the rule no way to hold with the other cells'
// candidates, checked by brute force here), and the sentence.
func TestConstraintSteps(t *testing.T) {
	for _, tc := range constraintCases {
		r := mustRules(t, 4, tc.cons...)
		givens := make([]uint8, 16)
		for i, ch := range tc.givens {
			if ch != '.' {
				givens[i] = uint8(ch - '0')
			}
		}
		s, err := Position{Rules: r, Givens: givens}.State()
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		st, ok := s.findConstraint()
		if got := formatElims(st.Eliminations); ok != (tc.elims != "") || got != tc.elims {
			t.Errorf("%s: step %v, eliminations %q; want %q", tc.name, ok, got, tc.elims)
			continue
		}
		if !ok {
			continue
		}
		for _, w := range tc.words {
			if !strings.Contains(st.Explanation, w) {
				t.Errorf("%s: %q does not say %q", tc.name, st.Explanation, w)
			}
		}
		if st.Technique != Constraint || len(st.Rules) != 1 || st.Rules[0] != 0 || len(st.Pattern) == 0 {
			t.Errorf("%s: step %+v", tc.name, st)
		}
		// No solution of the position holds a removed digit: the rules
		// engine's true candidates (every digit some solution, checked
		// against every rule, holds) never include one.
		tc0, err := r.TrueCandidates(givens, solver.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range st.Eliminations {
			if tc0[RulesCell(4, e.Cell)]&(1<<(e.Digit-1)) != 0 {
				t.Errorf("%s: %v removed, but a solution holds it", tc.name, e)
			}
		}
	}
}

func formatElims(es []Candidate) string {
	var out []string
	for _, e := range es {
		out = append(out, e.String())
	}
	return strings.Join(out, " ")
}

// A player's position with a wrong digit and a removed right candidate:
// Hint names both, and the step comes from the position put right.
func TestHintVariantMistakes(t *testing.T) {
	p := variantFiles(t)["killer-ksonline"]
	n := p.Rules.Size
	placed := make([]uint8, n*n)
	cands := make([]uint16, n*n)
	var wrong, removed int = -1, -1
	for c := range placed {
		if p.Givens[c] != 0 {
			continue
		}
		switch {
		case wrong < 0:
			wrong = c
			placed[c] = p.Solution[c]%9 + 1
		case removed < 0:
			removed = c
			cands[c] = 0x1ff &^ (1 << (p.Solution[c] - 1))
		default:
			cands[c] = 0x1ff
		}
	}
	h, err := Position{Rules: p.Rules, Givens: p.Givens, Placed: placed, Cands: cands}.Hint(Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := []Mistake{{FrameCell(n, wrong), int(placed[wrong]), true}, {FrameCell(n, removed), int(p.Solution[removed]), false}}
	if len(h.Mistakes) != 2 || h.Mistakes[0] != want[0] || h.Mistakes[1] != want[1] {
		t.Fatalf("mistakes %v, want %v", h.Mistakes, want)
	}
	if !h.HasStep || h.Fixed.Digit(FrameCell(n, wrong)) != 0 || !h.Fixed.HasCandidate(FrameCell(n, removed), int(p.Solution[removed])) {
		t.Fatalf("no step, or the position was not put right")
	}
	if err := checkStep(h.Step, &h.Solution); err != nil {
		t.Error(err)
	}
	// The player's other candidates are kept as they are.
	for c := range cands {
		if f := FrameCell(n, c); c != wrong && c != removed && p.Givens[c] == 0 && h.Fixed.Candidates(f) != cands[c] {
			t.Errorf("%s: candidates %x, want the player's %x", solver.CellName(f), h.Fixed.Candidates(f), cands[c])
		}
	}
	// Explain refuses a position with mistakes and gives them back.
	ex, err := Position{Rules: p.Rules, Givens: p.Givens, Placed: placed}.Explain(Options{})
	if err != nil || len(ex.Mistakes) != 1 || len(ex.Steps) != 0 {
		t.Errorf("Explain with a mistake: %v, %v", ex, err)
	}
}

// Classic and diagonal rules go through Explain and Hint of a
// solver.Position: the same steps.
func TestPositionClassicRules(t *testing.T) {
	for _, tc := range []struct {
		v      *solver.Variant
		puzzle string
	}{
		{solver.Standard, "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"},
		{solver.Diagonal, variantFiles(t)["gen-diagonal"].Rules.Describe()[0]},
	} {
		var r *solver.Rules
		var givens []uint8
		if tc.v == solver.Standard {
			g, err := solver.Parse(tc.puzzle)
			if err != nil {
				t.Fatal(err)
			}
			r, givens = solver.ClassicRules(false), g[:]
		} else {
			p := variantFiles(t)["gen-diagonal"]
			r, givens = p.Rules, p.Givens
		}
		if classicOf(r) != tc.v {
			t.Fatalf("classicOf = %v, want %v", classicOf(r), tc.v)
		}
		var g solver.Grid
		copy(g[:], givens)
		want, err := Explain(solver.Position{Clues: g, Variant: tc.v}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		got, err := Position{Rules: r, Givens: givens}.Explain(Options{})
		if err != nil {
			t.Fatal(err)
		}
		if len(got.Steps) != len(want.Steps) || got.Score != want.Score || got.Rules != r || got.Variant != tc.v {
			t.Fatalf("%v: %d steps score %v, want %d steps score %v", tc.v, len(got.Steps), got.Score, len(want.Steps), want.Score)
		}
		for i := range got.Steps {
			if got.Steps[i].Explanation != want.Steps[i].Explanation {
				t.Errorf("%v: step %d: %q, want %q", tc.v, i+1, got.Steps[i].Explanation, want.Steps[i].Explanation)
			}
		}
	}
}

// Bad positions get clear errors.
func TestPositionErrors(t *testing.T) {
	r := mustRules(t, 4)
	empty := make([]uint8, 16)
	two := append([]uint8{1, 1}, make([]uint8, 14)...)
	over := append([]uint8{1}, make([]uint8, 15)...)
	placed := append([]uint8{2}, make([]uint8, 15)...)
	for _, tc := range []struct {
		name string
		p    Position
		want error
	}{
		{"no rules", Position{Givens: empty}, solver.ErrRules},
		{"short givens", Position{Rules: r, Givens: empty[:15]}, solver.ErrLength},
		{"short placed", Position{Rules: r, Givens: empty, Placed: empty[:3]}, solver.ErrLength},
		{"digit too big", Position{Rules: r, Givens: append([]uint8{5}, empty[1:]...)}, solver.ErrSyntax},
		{"placed over a given", Position{Rules: r, Givens: over, Placed: placed}, solver.ErrMismatch},
		{"clashing givens", Position{Rules: r, Givens: two}, solver.ErrConflict},
		{"several solutions", Position{Rules: r, Givens: empty}, ErrMultipleSolutions},
		{"no solution", Position{Rules: mustRules(t, 4, &solver.Killer{Cells: []int{0, 1}, Sum: 7}), Givens: over}, ErrNoSolution},
	} {
		_, err := tc.p.Explain(Options{})
		if !errors.Is(err, tc.want) {
			t.Errorf("%s: Explain: %v, want %v", tc.name, err, tc.want)
		}
		if _, err := tc.p.Hint(Options{}); !errors.Is(err, tc.want) {
			t.Errorf("%s: Hint: %v, want %v", tc.name, err, tc.want)
		}
	}
}

func TestFrameCells(t *testing.T) {
	for n := 4; n <= 9; n++ {
		seen := map[int]bool{}
		for c := 0; c < n*n; c++ {
			f := FrameCell(n, c)
			if RulesCell(n, f) != c || seen[f] || solver.CellName(f) != fmt.Sprintf("r%dc%d", c/n+1, c%n+1) {
				t.Errorf("size %d: cell %d -> %d -> %d", n, c, f, RulesCell(n, f))
			}
			seen[f] = true
		}
		if n < 9 && RulesCell(n, 8) != -1 {
			t.Errorf("size %d: frame cell 8 maps to %d", n, RulesCell(n, 8))
		}
	}
}

// Which techniques the rules' tables skip: uniqueness needs units alone,
// finned fish and empty rectangles 3x3 boxes.
func TestRulesSkip(t *testing.T) {
	ps := variantFiles(t)
	for _, tc := range []struct {
		name       string
		uniq, boxy bool
	}{
		{"gen-windoku", true, true},     // 9x9, boxes, extra regions only
		{"killer-uk2022", false, true},  // constraints
		{"antiknight-ctc", false, true}, // knight peers
		{"classic-6x6", false, false},   // 6x6 boxes
		{"irregular-kropki-6x6-wsc2022", false, false},
	} {
		tb := tablesForRules(ps[tc.name].Rules)
		if got := tb.skip&uniquenessTechs == 0; got != tc.uniq {
			t.Errorf("%s: uniqueness techniques allowed %v, want %v", tc.name, got, tc.uniq)
		}
		if got := tb.skip&boxTechs == 0; got != tc.boxy {
			t.Errorf("%s: box techniques allowed %v, want %v", tc.name, got, tc.boxy)
		}
	}
}

// A cage's digits as a group: when the cage's candidates already make its
// sum, the digits it must hold leave the cells that see all their places
// in it, and a digit with one place in it goes there.
func TestGroupDigitSteps(t *testing.T) {
	r := mustRules(t, 4, &solver.Killer{Cells: []int{0, 1}, Sum: 3})
	cands := make([]uint16, 16)
	for c := range cands {
		cands[c] = 0xf
	}
	cands[0], cands[1] = 0x3, 0x3
	s, err := Position{Rules: r, Givens: make([]uint8, 16), Cands: cands}.State()
	if err != nil {
		t.Fatal(err)
	}
	st, ok := s.findConstraint()
	want := "r1c3=1 r1c4=1 r2c1=1 r2c2=1 r1c3=2 r1c4=2 r2c1=2 r2c2=2"
	if !ok || formatElims(st.Eliminations) != want || len(st.Placements) != 0 ||
		st.Explanation != "The cage r1c1 and r1c2 sums to 3 without repeats; it can only hold 1 and 2, so a cell outside it that sees all its places for 1 or 2 cannot hold that digit: remove 1 from r1c3, r1c4, r2c1 and r2c2 and 2 from r1c3, r1c4, r2c1 and r2c2." {
		t.Errorf("cage pair: %v %q %q", ok, formatElims(st.Eliminations), st.Explanation)
	}
	// A three-cell cage summing to 6 holds 1, 2 and 3; with 3 only in r1c3, r1c3 is 3.
	r = mustRules(t, 4, &solver.Killer{Cells: []int{0, 1, 2}, Sum: 6})
	cands[0], cands[1], cands[2] = 0x3, 0x3, 0x7
	s, err = Position{Rules: r, Givens: make([]uint8, 16), Cands: cands}.State()
	if err != nil {
		t.Fatal(err)
	}
	st, ok = s.findConstraint()
	if !ok || len(st.Placements) != 1 || st.Placements[0] != (Candidate{2, 3}) ||
		st.Explanation != "The cage r1c1, r1c2 and r1c3 sums to 6 without repeats; it can only hold 1, 2 and 3, and of its cells only r1c3 can hold 3: r1c3 is 3." {
		t.Errorf("cage single: %v %+v", ok, st)
	}
}

// Sizes 5 and 7 have no boxes: irregular regions (here the broken
// anti-diagonals) replace them. A puzzle made from a known solution by
// taking out givens while it stays unique is explained to that solution,
// and a hint on a position with a wrong digit names it.
func TestExplainOddSizes(t *testing.T) {
	for _, n := range []int{5, 7} {
		regions := make([][]int, n)
		sol := make([]uint8, n*n)
		for r := 0; r < n; r++ {
			for c := 0; c < n; c++ {
				sol[r*n+c] = uint8((2*r+c)%n + 1)
				regions[(r+c)%n] = append(regions[(r+c)%n], r*n+c)
			}
		}
		rules, err := solver.NewRules(n, regions, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := rules.Verify(make([]uint8, n*n), sol); err != nil {
			t.Fatal(err)
		}
		givens := append([]uint8(nil), sol...)
		for c := range givens {
			g := givens[c]
			givens[c] = 0
			if res, err := rules.Solve(givens, solver.Options{Limit: 2}); err != nil || res.Count != 1 {
				givens[c] = g
			}
		}
		ex, err := Position{Rules: rules, Givens: givens}.Explain(Options{})
		if err != nil || !ex.Solved || string(rulesGrid(n, &ex.Solution)) != string(sol) {
			t.Fatalf("%dx%d: %v, solved %v", n, n, err, ex != nil && ex.Solved)
		}
		for i, st := range ex.Steps {
			if err := checkStep(st, &ex.Solution); err != nil {
				t.Errorf("%dx%d step %d: %v", n, n, i+1, err)
			}
		}
		placed := make([]uint8, n*n)
		for c := range placed {
			if givens[c] == 0 {
				placed[c] = sol[c]%uint8(n) + 1 // wrong
				break
			}
		}
		h, err := Position{Rules: rules, Givens: givens, Placed: placed}.Hint(Options{})
		if err != nil || len(h.Mistakes) != 1 || !h.HasStep {
			t.Fatalf("%dx%d hint: %v %+v", n, n, err, h)
		}
		t.Logf("%dx%d: %d givens, %d steps, %v %.1f; hint: %v, then %s", n, n, n*n-countZero(givens), len(ex.Steps), ex.Level, ex.Score, h.Mistakes[0], h.Step.Explanation)
	}
}

func countZero(g []uint8) int {
	k := 0
	for _, d := range g {
		if d == 0 {
			k++
		}
	}
	return k
}

// TestRuleLabelIndexers: an indexer's label names its cells, though
// constraintCells leaves them out (an indexer reaches whole rows).
func TestRuleLabelIndexers(t *testing.T) {
	b, err := os.ReadFile("../../testdata/variants/gen-rowindexer.json")
	if err != nil {
		t.Fatal(err)
	}
	p, err := solver.ParseFPuzzles(string(b), "gen-rowindexer.json")
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for i, c := range p.Rules.Constraints {
		k, ok := c.(*solver.RowIndexer)
		if !ok {
			continue
		}
		found = true
		got := ruleLabel(p.Rules, i)
		first := solver.CellName(FrameCell(p.Rules.Size, k.Cells[0]))
		if !strings.HasPrefix(got, "the row indexers at "+first) {
			t.Errorf("ruleLabel = %q, want it to start with the row indexers at %s", got, first)
		}
		if len(k.Cells) > 3 && !strings.Contains(got, fmt.Sprintf("and %d more", len(k.Cells)-2)) {
			t.Errorf("ruleLabel = %q for %d cells, want 'and %d more'", got, len(k.Cells), len(k.Cells)-2)
		}
	}
	if !found {
		t.Fatal("gen-rowindexer.json holds no row indexer")
	}
}
