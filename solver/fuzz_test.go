package solver

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sudoku/solver/trace"
	"testing"
)

// seedFuzz adds the first lines of every testdata corpus, with and without
// their notes, and the parse test inputs.
func seedFuzz(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "*.txt"))
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		lines := strings.Split(string(data), "\n")
		for _, l := range lines[:min(len(lines), 30)] {
			f.Add(l)
			if k := strings.IndexByte(l, ':'); k >= 0 {
				f.Add(l[:k])
			}
		}
	}
	for _, tt := range parseTests {
		f.Add(tt.in)
	}
}

var sentinels = []error{ErrSyntax, ErrLength, ErrConflict, ErrBudget, ErrMismatch, ErrUnknown, ErrNoTrace, trace.ErrBadEvent}

// matchesOneSentinel reports whether err matches exactly one sentinel error.
func matchesOneSentinel(err error) bool {
	n := 0
	for _, s := range sentinels {
		if errors.Is(err, s) {
			n++
		}
	}
	return n == 1
}

func FuzzParse(f *testing.F) {
	seedFuzz(f)
	f.Fuzz(func(t *testing.T, s string) {
		g, err := Parse(s)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) || !matchesOneSentinel(err) {
				t.Fatalf("Parse(%q) error %v: want a *ParseError matching one sentinel", s, err)
			}
			return
		}
		for _, d := range g {
			if d > 9 {
				t.Fatalf("Parse(%q) = %v: cell out of range", s, g)
			}
		}
		for _, out := range []string{g.String(), g.Pretty()} {
			if back, err := Parse(out); err != nil || back != g {
				t.Fatalf("Parse(%q) = %v, %v; want %v (round trip of %q)", out, back, err, g, s)
			}
		}
		// The file reader agrees with Parse on single lines.
		if !strings.ContainsAny(s, "\n\r,#") && len(strings.TrimSpace(s)) == 81 {
			e, err := NewReader(strings.NewReader(s), ReadOptions{}).Next()
			if err != nil || e.Err != nil || e.Clues != g {
				t.Fatalf("Reader on %q = %+v, %v; want %v", s, e, err, g)
			}
		}
	})
}

func FuzzSolve(f *testing.F) {
	seedFuzz(f)
	f.Fuzz(func(t *testing.T, s string) {
		g, err := Parse(s)
		if err != nil {
			return
		}
		for _, v := range Variants() {
			if err := v.Check(g); err != nil {
				for _, e := range Engines() {
					if _, err2 := e.Solve(g, Options{Variant: v, MaxNodes: 1}); !errors.Is(err2, ErrConflict) {
						t.Fatalf("%s on %s: %v, want the conflict %v", e.Name(), g, err2, err)
					}
				}
				continue
			}
			var first Result
			complete := true
			for i, e := range Engines() {
				res, err := e.Solve(g, Options{Variant: v, Limit: 2, MaxNodes: 20000})
				if err != nil {
					if !errors.Is(err, ErrBudget) {
						t.Fatalf("%s on %s (%s): %v", e.Name(), g, v, err)
					}
					complete = false
					continue
				}
				if res.Count > 0 {
					if err := v.Verify(g, res.Solution); err != nil {
						t.Fatalf("%s on %s (%s): %v", e.Name(), g, v, err)
					}
				}
				if i == 0 {
					first = res
				} else if complete && res.Count != first.Count {
					t.Fatalf("%s on %s (%s): %d solutions, %s found %d", e.Name(), g, v, res.Count, Engines()[0].Name(), first.Count)
				}
			}
		}
	})
}
