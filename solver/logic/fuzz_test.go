package logic

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sudoku/solver"
)

// FuzzPosition reads arbitrary text as a position; whatever parses must
// turn into a state or a clear error, and asking for the next step must
// neither panic nor return a step that changes nothing or breaks the rules
// of Apply. Seeds: the positions of techniques.txt and a few odd inputs.
//
//	go test ./solver/logic -run '^$' -fuzz '^FuzzPosition$' -fuzztime 30s
func FuzzPosition(f *testing.F) {
	if fh, err := os.Open(filepath.Join(testdataDir, "techniques.txt")); err == nil {
		sc := bufio.NewScanner(fh)
		for sc.Scan() {
			if fs := strings.Split(sc.Text(), "|"); len(fs) == 5 {
				f.Add(fs[2], fs[1] == "diagonal")
			}
		}
		fh.Close()
	}
	f.Add(easyPuzzle, false)
	f.Add(strings.Repeat(".", 81), false)
	f.Add("S9B"+strings.Repeat("00", 81), true)
	f.Add(strings.Repeat("123456789", 81), false)
	f.Fuzz(func(t *testing.T, text string, diagonal bool) {
		if len(text) > 4096 {
			return
		}
		p, err := solver.ParsePosition(text, solver.ReadOptions{})
		if err != nil {
			return
		}
		p.Variant = solver.Standard
		if diagonal {
			p.Variant = solver.Diagonal
		}
		// Trial and Error on positions with many solutions can take long;
		// it is tested on real puzzles elsewhere.
		opt := Options{Techniques: AllTechniques &^ SetOf(TrialAndError)}
		if h, err := Hint(p, opt); err == nil && h.HasStep {
			if err := checkStep(h.Step, &h.Solution); err != nil {
				t.Fatalf("hint: %v", err)
			}
		}
		s, err := NewState(p)
		if err != nil {
			return
		}
		for i := 0; i < 5; i++ {
			st, ok := s.NextStep(opt)
			if !ok {
				return
			}
			if len(st.Placements)+len(st.Eliminations) == 0 || st.Explanation == "" {
				t.Fatalf("%v step changes nothing or says nothing: %+v", st.Technique, st)
			}
			if err := s.Apply(st); err != nil {
				t.Fatalf("%v step does not apply: %v", st.Technique, err)
			}
		}
	})
}
