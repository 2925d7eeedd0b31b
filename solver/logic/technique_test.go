package logic

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sudoku/solver"
)

// techniqueCase is one line of testdata/logic/techniques.txt.
type techniqueCase struct {
	line     int
	tech     Technique
	variant  *solver.Variant
	position string
	changes  string
	first    bool // the full engine must take this step first
}

func readTechniqueCases(t *testing.T) []techniqueCase {
	t.Helper()
	f, err := os.Open(filepath.Join(testdataDir, "techniques.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []techniqueCase
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		l := sc.Text()
		if l == "" || l[0] == '#' {
			continue
		}
		f := strings.Split(l, "|")
		if len(f) != 5 || (f[4] != "first" && f[4] != "any") {
			t.Fatalf("line %d: want technique|variant|position|changes|first-or-any", n)
		}
		tech, err := ParseTechnique(f[0])
		if err != nil {
			t.Fatalf("line %d: %v", n, err)
		}
		v, err := solver.LookupVariant(f[1])
		if err != nil {
			t.Fatalf("line %d: %v", n, err)
		}
		out = append(out, techniqueCase{n, tech, v, f[2], f[3], f[4] == "first"})
	}
	return out
}

// TestTechniques runs each technique alone on a position that needs it
// and checks the step: its technique, what it changes, that every change
// agrees with the solution, and that it carries an explanation.
func TestTechniques(t *testing.T) {
	cases := readTechniqueCases(t)
	covered := map[*solver.Variant]map[Technique]bool{solver.Standard: {}, solver.Diagonal: {}}
	for _, tc := range cases {
		p, err := solver.ParsePosition(tc.position, solver.ReadOptions{})
		if err != nil {
			t.Fatalf("line %d: %v", tc.line, err)
		}
		p.Variant = tc.variant
		s, err := NewState(p)
		if err != nil {
			t.Fatalf("line %d: %v", tc.line, err)
		}
		sol, err := solve(s.Puzzle(), tc.variant)
		if err != nil {
			t.Fatalf("line %d: %v", tc.line, err)
		}
		st, ok := s.NextStep(Options{Techniques: SetOf(tc.tech), Solution: &sol})
		if !ok {
			t.Errorf("line %d: %v found nothing", tc.line, tc.tech)
			continue
		}
		covered[tc.variant][tc.tech] = true
		if st.Technique != tc.tech {
			t.Errorf("line %d: technique %v, want %v", tc.line, st.Technique, tc.tech)
		}
		if got := formatChanges(st); got != tc.changes {
			t.Errorf("line %d: %v changes %q, want %q", tc.line, tc.tech, got, tc.changes)
		}
		if err := checkStep(st, &sol); err != nil {
			t.Errorf("line %d: %v", tc.line, err)
		}
		if err := checkPattern(s, st); err != nil {
			t.Errorf("line %d: %v: %v", tc.line, tc.tech, err)
		}
		if st.Explanation == "" || len(st.Pattern) == 0 {
			t.Errorf("line %d: %v step without explanation or pattern", tc.line, tc.tech)
		}
		// The full engine must not find an easier step first.
		if first, _ := s.NextStep(Options{Solution: &sol}); tc.first && first.Technique != tc.tech {
			t.Errorf("line %d: the engine takes %v first, not %v", tc.line, first.Technique, tc.tech)
		}
		t.Logf("line %d %s %v: %s", tc.line, tc.variant, tc.tech, st.Explanation)
	}
	for _, v := range []*solver.Variant{solver.Standard, solver.Diagonal} {
		for tech := FullHouse; tech < numTechniques; tech++ {
			if ruleTechs.Has(tech) {
				continue // needs rules with constraints: TestConstraintSteps, TestVariantSteps
			}
			if !covered[v][tech] {
				t.Errorf("%s: no position for %v", v, tech)
			}
		}
	}
}
