package logic

import (
	"strings"
	"testing"

	"sudoku/solver"
)

// variantStepCases are hand-made positions in which one of the variant
// techniques (Rule of 45, Sum Combinations, Line Bounds, Locked
// Candidates (peers)) gives the
// engine's first step beyond easier ones: its changes (frame cells, "-" for an elimination)
// and words its sentence must hold. cands, when set, are the player's
// candidates of some cells ("r1c1": "134"); the others keep every digit
// their filled peers allow.
var variantStepCases = []struct {
	name   string
	size   int
	cons   []solver.Constraint
	givens string // size*size cells, '.' empty
	cands  map[string]string
	tech   Technique
	change string
	words  []string
}{
	{"innie, one cell", 6, []solver.Constraint{
		&solver.Killer{Cells: []int{0, 1, 2}, Sum: 10}, &solver.Killer{Cells: []int{3, 4}, Sum: 7}},
		strings.Repeat(".", 36), nil, RuleOf45, "r1c6=4",
		[]string{"Row 1 sums to 21; the 2 cages inside it sum to 17, so r1c6, its one cell outside them, is 4."}},
	{"outie, one cell", 6, []solver.Constraint{
		&solver.Killer{Cells: []int{0, 1, 2}, Sum: 10}, &solver.Killer{Cells: []int{3, 4, 5, 11}, Sum: 14}},
		strings.Repeat(".", 36), nil, RuleOf45, "r2c6=3",
		[]string{"Row 1 sums to 21; the 2 cages reaching into it sum to 24, so r2c6, their one cell outside it, is 3."}},
	{"innies, two cells", 6, []solver.Constraint{
		&solver.Killer{Cells: []int{0, 1}, Sum: 7}, &solver.Killer{Cells: []int{2, 3}, Sum: 8}},
		strings.Repeat(".", 36), nil, RuleOf45, "-r1c5=3 -r1c5=6 -r1c6=3 -r1c6=6",
		[]string{"Row 1 sums to 21; the 2 cages inside it sum to 15, so r1c5 and r1c6, its cells outside them, sum to 6; r1c5 and r1c6 see each other, so that is 1+5 or 2+4: remove 3/6 from r1c5 and 3/6 from r1c6."}},
	{"innie with a filled cell", 6, []solver.Constraint{
		&solver.Killer{Cells: []int{0, 1}, Sum: 7}, &solver.Killer{Cells: []int{2, 3}, Sum: 5}},
		"....6" + strings.Repeat(".", 31), nil, RuleOf45, "r1c6=3",
		[]string{"Row 1 sums to 21; the 2 cages inside it sum to 12 and r1c5 holds 6, so r1c6, its one cell outside them, is 3."}},
	{"innie and outie", 6, []solver.Constraint{
		&solver.Killer{Cells: []int{0, 1, 2}, Sum: 10}, &solver.Killer{Cells: []int{3, 4, 10}, Sum: 9}},
		strings.Repeat(".", 36), nil, RuleOf45, "-r1c6=1 -r1c6=2 -r2c5=5 -r2c5=6",
		[]string{"Row 1 sums to 21; the 2 cages reaching into it sum to 19, so r1c6, its one cell under none of them, is 2 more than r2c5, their one cell outside it: remove 1/2 from r1c6 and 5/6 from r2c5."}},
	{"cage cut by a candidate", 4, []solver.Constraint{&solver.Killer{Cells: []int{0, 1}, Sum: 5}},
		strings.Repeat(".", 16), map[string]string{"r1c1": "134", "r1c2": "12"}, SumCombinations, "-r1c1=1",
		[]string{"The cage r1c1 and r1c2 sums to 5 without repeats; r1c1 = 1 needs r1c2 = 4, not a candidate: remove 1 from r1c1."}},
	{"arrow in one row", 4, []solver.Constraint{&solver.Arrow{Circle: []int{0}, Line: []int{1, 2}}},
		"4...............", nil, SumCombinations, "-r1c2=2 -r1c3=2",
		[]string{"r1c2 and r1c3 see each other; r1c2 = 2 needs r1c3 = 2, a repeat"}},
	{"places seen through knight's moves", 4, []solver.Constraint{&solver.AntiKnight{}},
		strings.Repeat(".", 16), map[string]string{"r1c4": "234", "r2c4": "234"}, LockedPeers, "-r2c1=1 -r3c2=1",
		[]string{"r2c1 and r3c2 see every place for 1 in row 1, so none of them can be 1: remove 1 from r2c1 and r3c2."}},
	{"places seen by one cell", 4, []solver.Constraint{&solver.AntiKnight{}},
		strings.Repeat(".", 16), map[string]string{"r1c4": "234", "r2c4": "234", "r3c2": "234"}, LockedPeers, "-r2c1=1",
		[]string{"r2c1 sees every place for 1 in row 1 (r1c1 in column 1, r1c2 in box 1, r1c3 a knight's move away), so it cannot be 1: remove 1 from r2c1."}},
	{"between line span", 4, []solver.Constraint{&solver.Between{Cells: []int{0, 1, 2, 3}}},
		strings.Repeat(".", 16), map[string]string{"r1c2": "23", "r1c3": "23"}, LineBounds, "-r1c1=2 -r1c1=3 -r1c4=2 -r1c4=3",
		[]string{"r1c2 and r1c3 see each other, so they hold 2 different digits strictly between the ends, which are therefore at least 3 apart"}},
}

// TestVariantSteps checks each case: the technique's step is the engine's
// first, its changes and words, and that every solution of the position
// agrees with it (the rules engine's true candidates of the givens, or,
// for positions with the player's candidates, brute force over them).
func TestVariantSteps(t *testing.T) {
	for _, tc := range variantStepCases {
		r := mustRules(t, tc.size, tc.cons...)
		n := tc.size
		givens := make([]uint8, n*n)
		for i, ch := range tc.givens[:n*n] {
			if ch != '.' {
				givens[i] = uint8(ch - '0')
			}
		}
		var cands []uint16
		if tc.cands != nil {
			cands = make([]uint16, n*n)
			for c := range cands {
				cands[c] = 1<<n - 1
			}
			for name, ds := range tc.cands {
				c := int(name[1]-'1')*n + int(name[3]-'1')
				cands[c] = 0
				for _, d := range ds {
					cands[c] |= 1 << (d - '1')
				}
			}
		}
		pos := Position{Rules: r, Givens: givens, Cands: cands}
		s, err := pos.State()
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if cands != nil { // filled peers rule out what they rule out
			st, ok := s.find(Cleanup, &Options{})
			for ok {
				s.Apply(st)
				st, ok = s.find(Cleanup, &Options{})
			}
		}
		// The engine's steps before this one use easier techniques.
		st, ok := s.NextStep(Options{})
		for k := 0; ok && st.Technique < tc.tech && k < 20; k++ {
			s.Apply(st)
			st, ok = s.NextStep(Options{})
		}
		if !ok || st.Technique != tc.tech {
			t.Errorf("%s: step %v (%v), want %v: %s", tc.name, st.Technique, ok, tc.tech, st.Explanation)
			continue
		}
		if got := formatChanges(st); got != tc.change {
			t.Errorf("%s: changes %q, want %q (%s)", tc.name, got, tc.change, st.Explanation)
		}
		for _, w := range tc.words {
			if !strings.Contains(st.Explanation, w) {
				t.Errorf("%s: %q does not say %q", tc.name, st.Explanation, w)
			}
		}
		if len(st.Pattern) == 0 || len(st.Rules) == 0 {
			t.Errorf("%s: step without pattern or rules: %+v", tc.name, st)
		}
		// Every solution within the candidates agrees with the step.
		var truth []digitMask
		if cands == nil {
			tcs, err := r.TrueCandidates(givens, solver.Options{})
			if err != nil {
				t.Fatal(err)
			}
			truth = make([]digitMask, 81)
			for c, m := range tcs {
				truth[FrameCell(n, c)] = digitMask(m)
			}
		} else if truth = bruteTruth(r, s); truth == nil {
			t.Fatalf("%s: the position has no solution", tc.name)
		}
		for _, p := range st.Placements {
			if truth[p.Cell] != bit(p.Digit) {
				t.Errorf("%s: places %v, but the solutions hold %v there", tc.name, p, truth[p.Cell].digits())
			}
		}
		for _, e := range st.Eliminations {
			if truth[e.Cell].has(e.Digit) {
				t.Errorf("%s: removes %v, but a solution holds it", tc.name, e)
			}
		}
	}
}

// bruteTruth returns, per frame cell, the digits some solution of the
// state holds (its digits kept, its candidates obeyed, every rule checked
// on the filled grid); nil when none exists. It enumerates every grid, so
// it is for 4x4 positions (288 grids).
func bruteTruth(r *solver.Rules, s *State) []digitMask {
	n := r.Size
	g := make([]uint8, n*n)
	out := make([]digitMask, 81)
	found := false
	var walk func(c int)
	walk = func(c int) {
		if c == n*n {
			if r.Verify(make([]uint8, n*n), g) == nil {
				found = true
				for i, d := range g {
					out[FrameCell(n, i)] |= bit(int(d))
				}
			}
			return
		}
		f := FrameCell(n, c)
		m := s.cand[f]
		if v := s.val[f]; v != 0 {
			m = bit(int(v))
		}
		for _, d := range m.digits() {
			ok := true
			for _, p := range r.Peers(c) {
				if p < c && int(g[p]) == d {
					ok = false
					break
				}
			}
			if ok {
				g[c] = uint8(d)
				walk(c + 1)
			}
		}
		g[c] = 0
	}
	walk(0)
	if !found {
		return nil
	}
	return out
}

// TestHintVariantTechnique: a player's position of killer-uk2022 just
// before the engine's Rule of 45 step, with their candidates, gets that
// step as its hint; with a wrong digit placed elsewhere, Hint names the
// mistake first and gives a step from the position put right that agrees
// with the solution.
func TestHintVariantTechnique(t *testing.T) {
	p := variantFiles(t)["killer-uk2022"]
	n := p.Rules.Size
	ex, err := Position{Rules: p.Rules, Givens: p.Givens}.Explain(Options{})
	if err != nil {
		t.Fatal(err)
	}
	at := -1
	for i, st := range ex.Steps {
		if st.Technique == RuleOf45 {
			at = i
			break
		}
	}
	if at < 0 {
		t.Fatal("no Rule of 45 step in killer-uk2022")
	}
	pos, err := ex.Positions()
	if err != nil {
		t.Fatal(err)
	}
	s := pos[at]
	placed := make([]uint8, n*n)
	cands := make([]uint16, n*n)
	wrong := -1
	for c := range placed {
		f := FrameCell(n, c)
		switch {
		case s.Given(f):
		case s.Digit(f) != 0:
			placed[c] = uint8(s.Digit(f))
		default:
			cands[c] = s.Candidates(f)
		}
	}
	h, err := Position{Rules: p.Rules, Givens: p.Givens, Placed: placed, Cands: cands}.Hint(Options{})
	if err != nil || !h.HasStep || len(h.Mistakes) != 0 {
		t.Fatalf("hint: %v, %+v", err, h)
	}
	if h.Step.Technique != RuleOf45 || h.Step.Explanation != ex.Steps[at].Explanation {
		t.Errorf("hint %v: %s; want the explanation's step %d: %s", h.Step.Technique, h.Step.Explanation, at+1, ex.Steps[at].Explanation)
	}
	// A wrong digit in an empty cell the step does not touch.
	touched := map[int]bool{}
	for _, c := range append(append([]Candidate(nil), h.Step.Pattern...), h.Step.Eliminations...) {
		touched[c.Cell] = true
	}
	for c := range placed {
		f := FrameCell(n, c)
		if placed[c] == 0 && p.Givens[c] == 0 && !touched[f] && s.Candidates(f)&^(1<<(p.Solution[c]-1)) != 0 {
			wrong = c
			placed[c] = uint8(digitMask(s.Candidates(f) &^ (1 << (p.Solution[c] - 1))).lowest())
			break
		}
	}
	h, err = Position{Rules: p.Rules, Givens: p.Givens, Placed: placed, Cands: cands}.Hint(Options{})
	if err != nil || !h.HasStep {
		t.Fatalf("hint with a mistake: %v", err)
	}
	if len(h.Mistakes) != 1 || h.Mistakes[0] != (Mistake{FrameCell(n, wrong), int(placed[wrong]), true}) {
		t.Errorf("mistakes %v, want %s is not %d", h.Mistakes, solver.CellName(FrameCell(n, wrong)), placed[wrong])
	}
	if err := checkStep(h.Step, &h.Solution); err != nil {
		t.Error(err)
	}
}
