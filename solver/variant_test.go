package solver

import (
	"math/rand"
	"strings"
	"testing"
)

// windoku adds four 3x3 windows (rows and columns 2-4 and 6-8, 1-based) to
// the standard units. It exists only here: making it needs no change to any
// engine, which is the point of variants as data.
var windoku = func() *Variant {
	var names []string
	var units [][9]uint8
	for _, r0 := range []int{1, 5} {
		for _, c0 := range []int{1, 5} {
			var u [9]uint8
			for k := range u {
				u[k] = uint8((r0+k/3)*9 + c0 + k%3)
			}
			units = append(units, u)
			names = append(names, "window r"+itoa(r0+1)+"c"+itoa(c0+1))
		}
	}
	return NewVariant("windoku", "Rows, columns, boxes and four windows hold 1 to 9 once.", names, units)
}()

func TestNewVariantNeedsNoEngineChange(t *testing.T) {
	if windoku.NumUnits() != 31 || len(windoku.UnitsOf(10)) != 4 {
		t.Fatalf("windoku: %d units, r2c2 in %d; want 31 and 4", windoku.NumUnits(), len(windoku.UnitsOf(10)))
	}
	rng := rand.New(rand.NewSource(7))
	for _, v := range []*Variant{windoku, Diagonal} {
		for _, e := range Engines() {
			full, err := e.Solve(Grid{}, Options{Variant: v})
			if err != nil || full.Count != 1 || v.Verify(Grid{}, full.Solution) != nil {
				t.Fatalf("%s on an empty %s grid: %+v, %v", e.Name(), v, full, err)
			}
			// Blank random cells of the solution: the solution stays a
			// solution, and every engine agrees on whether it is unique.
			for trial := 0; trial < 20; trial++ {
				g := full.Solution
				for _, c := range rng.Perm(81)[:45+rng.Intn(20)] {
					g[c] = 0
				}
				var counts []int
				for _, e2 := range Engines() {
					res := checkSolve(t, e2, corpusCase{file: v.Name, line: trial, grid: g, variant: v, want: "any"})
					counts = append(counts, res.Count)
				}
				for _, n := range counts[1:] {
					if n != counts[0] {
						t.Fatalf("%s puzzle %s: engines disagree: %v", v, g, counts)
					}
				}
			}
		}
	}
	var g Grid
	g[10], g[30] = 4, 4 // r2c2 and r4c4 share only the first window
	if err := windoku.Check(g); err == nil || err.Error() != "digit 4 appears twice in window r2c2: r2c2 and r4c4" {
		t.Errorf("windoku.Check = %v, want the window conflict", err)
	}
}

// TestKnownVariantsDescribeThemselves checks the table of known variants:
// each has a name LookupVariant finds it by and a rule sentence, and an
// unknown name's error lists every known one.
func TestKnownVariantsDescribeThemselves(t *testing.T) {
	vs := Variants()
	if len(vs) == 0 || vs[0] != Standard {
		t.Fatalf("Variants() = %v, want Standard first", vs)
	}
	for _, v := range vs {
		if v.Name == "" || v.Rule == "" || !strings.HasSuffix(v.Rule, ".") {
			t.Errorf("variant %q: rule %q, want a name and a sentence", v.Name, v.Rule)
		}
		if got, err := LookupVariant(strings.ToUpper(v.Name)); got != v || err != nil {
			t.Errorf("LookupVariant(%q) = %v, %v; want %v", strings.ToUpper(v.Name), got, err, v)
		}
	}
	_, err := LookupVariant("killer")
	for _, v := range vs {
		if err == nil || !strings.Contains(err.Error(), v.Name) {
			t.Errorf("LookupVariant(killer) = %v, want an error naming %s", err, v.Name)
		}
	}
}
