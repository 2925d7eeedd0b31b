package generate

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"sudoku/solver"
	"sudoku/solver/logic"
)

// window is a variant given by its units alone: the standard rules plus one
// extra 3x3 unit that straddles boxes 1, 2, 4 and 5 (rows 2-4, columns 2-4).
var window = solver.NewVariant("window", "Rows, columns, boxes and one window hold 1 to 9 once.", []string{"window"}, [][9]uint8{
	{10, 11, 12, 19, 20, 21, 28, 29, 30},
})

// manyUnits repeats the rows as extra units until the logic engine, which
// grades at most 32 units, cannot take it.
var manyUnits = solver.NewVariant("many", "Rows, columns, boxes and six more units hold 1 to 9 once.", []string{"a", "b", "c", "d", "e", "f"}, [][9]uint8{
	{0, 1, 2, 3, 4, 5, 6, 7, 8}, {9, 10, 11, 12, 13, 14, 15, 16, 17}, {18, 19, 20, 21, 22, 23, 24, 25, 26},
	{27, 28, 29, 30, 31, 32, 33, 34, 35}, {36, 37, 38, 39, 40, 41, 42, 43, 44}, {45, 46, 47, 48, 49, 50, 51, 52, 53},
})

var generateTests = []struct {
	name string
	opt  Options
	n    int // puzzles made (from seeds 0..n-1); a third of them with -short
}{
	{"standard any", Options{}, 9},
	{"standard easy rotational", Options{Target: AtLevel(logic.Easy), Symmetry: Rotational}, 6},
	{"standard medium mirror", Options{Target: AtLevel(logic.Medium), Symmetry: Mirror}, 3},
	{"standard hard", Options{Target: AtLevel(logic.Hard)}, 6},
	{"standard expert diagonal", Options{Target: AtLevel(logic.Expert), Symmetry: Diagonal}, 3},
	{"standard extreme", Options{Target: AtLevel(logic.Extreme)}, 3},
	{"standard score 4.0-5.0", Options{Target: ScoreBetween(4.0, 5.0)}, 3},
	{"standard x-wing", Options{Target: HardestTechnique(logic.XWing)}, 3},
	{"standard naked pair", Options{Target: HardestTechnique(logic.NakedPair), Symmetry: Rotational}, 3},
	{"standard using XY-Wing", Options{Target: UsingTechnique(logic.XYWing)}, 3},
	{"diagonal any", Options{Variant: solver.Diagonal}, 3},
	{"diagonal medium rotational", Options{Variant: solver.Diagonal, Target: AtLevel(logic.Medium), Symmetry: Rotational}, 3},
	{"diagonal hard mirror", Options{Variant: solver.Diagonal, Target: AtLevel(logic.Hard), Symmetry: Mirror}, 3},
	{"diagonal expert diagonal", Options{Variant: solver.Diagonal, Target: AtLevel(logic.Expert), Symmetry: Diagonal}, 3},
	{"window any", Options{Variant: window}, 3},
	{"window hard diagonal", Options{Variant: window, Target: AtLevel(logic.Hard), Symmetry: Diagonal}, 3},
}

func TestGenerate(t *testing.T) {
	for _, tt := range generateTests {
		t.Run(tt.name, func(t *testing.T) {
			n := tt.n
			if testing.Short() {
				n = (n + 2) / 3
			}
			seen := map[solver.Grid]bool{}
			for i := 0; i < n; i++ {
				opt := tt.opt
				opt.Seed = uint64(i)
				p, err := Generate(opt)
				if err != nil {
					t.Fatalf("Generate(%v, seed %d): %v", opt.Target, i, err)
				}
				verify(t, p, opt)
				if p.Seed != opt.Seed || p.Attempts < 1 {
					t.Errorf("seed %d: puzzle says seed %d, %d attempts", i, p.Seed, p.Attempts)
				}
				if seen[p.Grid] {
					t.Errorf("seed %d gives a puzzle an earlier seed gave: %s", i, p.Grid)
				}
				seen[p.Grid] = true
			}
		})
	}
}

// The same seed gives the same puzzle natively and in WebAssembly, today and
// after any change of Go version: these strings were made once and stay.
var fixedPuzzles = []struct {
	opt  Options
	want string
}{
	{Options{Seed: 1}, "..........6.8...3.93....74.....1..7.7.....8.53..29.....13.5..24.9..........46...1"},
	{Options{Seed: 42, Variant: solver.Diagonal, Symmetry: Rotational, Target: AtLevel(logic.Hard)}, ".6...2..9..9...6..7.....4..8.79...4...........3...78.6..6.....4..8...9..2..1...3."},
}

func TestFixedSeed(t *testing.T) {
	for _, tt := range fixedPuzzles {
		p, err := Generate(tt.opt)
		if err != nil {
			t.Fatalf("Generate(seed %d): %v", tt.opt.Seed, err)
		}
		if got := p.Grid.String(); got != tt.want {
			t.Errorf("Generate(seed %d, %v, %v, %v) = %s, want %s", tt.opt.Seed, tt.opt.Variant, tt.opt.Symmetry, tt.opt.Target, got, tt.want)
		}
		q, err := Generate(tt.opt)
		if err != nil || *q != *p {
			t.Errorf("Generate(seed %d) twice: %+v, then %+v, %v", tt.opt.Seed, p, q, err)
		}
	}
}

// Ending an attempt once the fast engine guesses (for Easy targets) only
// saves time: the puzzles are those made without it.
func TestPruneSinglesSameOutput(t *testing.T) {
	for _, opt := range []Options{
		{Target: AtLevel(logic.Easy)},
		{Target: HardestTechnique(logic.NakedSingle), Symmetry: Mirror},
		{Target: AtLevel(logic.Easy), Variant: solver.Diagonal},
	} {
		n := 12
		if opt.Variant != nil || testing.Short() {
			n = 2
		}
		for i := 0; i < n; i++ {
			opt.Seed = uint64(i)
			pruned, err := Generate(opt)
			if err != nil {
				t.Fatal(err)
			}
			pruneSingles = false
			full, err := Generate(opt)
			pruneSingles = true
			if err != nil {
				t.Fatal(err)
			}
			if *pruned != *full {
				t.Errorf("%v %v seed %d: %s after %d attempts with pruning, %s after %d without",
					opt.Variant, opt.Target, i, pruned.Grid, pruned.Attempts, full.Grid, full.Attempts)
			}
		}
	}
}

func TestSeedAt(t *testing.T) {
	seen := map[uint64]string{}
	for _, seed := range []uint64{0, 1, 2} {
		for i := 0; i < 100; i++ {
			s := SeedAt(seed, i)
			if s != SeedAt(seed, i) {
				t.Fatalf("SeedAt(%d, %d) changes between calls", seed, i)
			}
			if prev, ok := seen[s]; ok {
				t.Fatalf("SeedAt(%d, %d) = SeedAt(%s)", seed, i, prev)
			}
			seen[s] = fmt.Sprint(seed, ", ", i)
		}
	}
}

func TestBudget(t *testing.T) {
	// Rare technique, few attempts: the budget runs out, with a clear error.
	_, err := Generate(Options{Target: HardestTechnique(logic.HiddenQuad), MaxAttempts: 3})
	if !errors.Is(err, ErrBudget) {
		t.Errorf("3 attempts for a Hidden Quad: %v, want ErrBudget", err)
	}
	canceled, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = Generate(Options{Context: canceled})
	if !errors.Is(err, ErrBudget) || !errors.Is(err, context.Canceled) {
		t.Errorf("canceled context: %v, want ErrBudget and context.Canceled", err)
	}
	past, cancel := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancel()
	_, err = Generate(Options{Target: AtLevel(logic.Extreme), Context: past})
	if !errors.Is(err, ErrBudget) || !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("passed deadline: %v, want ErrBudget and context.DeadlineExceeded", err)
	}
}

var badOptions = []struct {
	name string
	opt  Options
}{
	{"empty score range", Options{Target: ScoreBetween(5, 4)}},
	{"score below every rating", Options{Target: ScoreBetween(0, 0.5)}},
	{"score above every rating", Options{Target: ScoreBetween(9.5, 10)}},
	{"cleanup never comes from a puzzle", Options{Target: HardestTechnique(logic.Cleanup)}},
	{"unknown technique", Options{Target: HardestTechnique(logic.Technique(99))}},
	{"using an unknown technique", Options{Target: UsingTechnique(logic.Technique(-1))}},
	{"unknown level", Options{Target: AtLevel(logic.Level(7))}},
	{"unknown symmetry", Options{Symmetry: Symmetry(9)}},
	{"too many units to grade", Options{Variant: manyUnits}},
	{"mirror breaks the window", Options{Variant: window, Symmetry: Mirror}},
	{"rotation breaks the window", Options{Variant: window, Symmetry: Rotational}},
}

func TestBadOptions(t *testing.T) {
	for _, tt := range badOptions {
		if _, err := Generate(tt.opt); !errors.Is(err, ErrOptions) {
			t.Errorf("%s: Generate = %v, want ErrOptions", tt.name, err)
		}
	}
}

var preserves = []struct {
	v    *solver.Variant
	s    Symmetry
	want bool
}{
	{solver.Standard, None, true},
	{solver.Standard, Rotational, true},
	{solver.Standard, Mirror, true},
	{solver.Standard, Diagonal, true},
	{solver.Diagonal, None, true},
	{solver.Diagonal, Rotational, true}, // each diagonal onto itself
	{solver.Diagonal, Mirror, true},     // the two diagonals swap
	{solver.Diagonal, Diagonal, true},   // each diagonal onto itself
	{window, Rotational, false},
	{window, Mirror, false},
	{window, Diagonal, true},
}

func TestPreserves(t *testing.T) {
	for _, tt := range preserves {
		if got := tt.s.Preserves(tt.v); got != tt.want {
			t.Errorf("%v.Preserves(%v) = %v, want %v", tt.s, tt.v, got, tt.want)
		}
	}
}

func TestParseSymmetry(t *testing.T) {
	for _, s := range Symmetries() {
		if got, err := ParseSymmetry(s.String()); got != s || err != nil {
			t.Errorf("ParseSymmetry(%q) = %v, %v", s.String(), got, err)
		}
	}
	if got, err := ParseSymmetry("180"); got != Rotational || err != nil {
		t.Errorf("ParseSymmetry(180) = %v, %v", got, err)
	}
	if _, err := ParseSymmetry("spiral"); !errors.Is(err, ErrOptions) {
		t.Errorf("ParseSymmetry(spiral) = %v, want ErrOptions", err)
	}
}

func TestDaily(t *testing.T) {
	monday := time.Date(2026, 11, 23, 8, 0, 0, 0, time.UTC)
	p, err := Daily(nil, monday)
	if err != nil {
		t.Fatal(err)
	}
	verify(t, p, DailyOptions(monday))
	if p.Level != logic.Easy {
		t.Errorf("Monday's puzzle is %v, want Easy", p.Level)
	}
	late, err := Daily(context.Background(), time.Date(2026, 11, 23, 23, 59, 0, 0, time.UTC))
	if err != nil || late.Grid != p.Grid {
		t.Errorf("the same day later gives %v, %v; want the morning's puzzle", late, err)
	}
	next, err := Daily(nil, monday.AddDate(0, 0, 1))
	if err != nil || next.Grid == p.Grid {
		t.Errorf("the next day gives %v, %v; want another puzzle", next, err)
	}
}
