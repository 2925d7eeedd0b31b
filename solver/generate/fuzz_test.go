package generate

import (
	"context"
	"errors"
	"math"
	"testing"
	"time"

	"sudoku/solver"
	"sudoku/solver/logic"
)

// FuzzGenerate builds Options from arbitrary values as a caller (the CLI's
// flags, a page) could: a variant by name, any symmetry, level or
// technique number, any score range (NaN and infinities included), any
// seed, and at most three attempts. Generate never panics; it fails with
// ErrOptions exactly when Check does, and then at once; otherwise it
// returns a puzzle that verify accepts (unique by two engines, minimal,
// symmetric, graded as reported, meeting the target) or an error wrapping
// ErrBudget, never both sentinels; the same options give the same puzzle
// again. An empty score range (min > max, or NaN) is refused by Check.
//
//	go test ./solver/generate -run '^$' -fuzz '^FuzzGenerate$' -fuzztime 30s
func FuzzGenerate(f *testing.F) {
	f.Add("", 0, uint8(0), 0, 0, 0.0, 0.0, uint64(1), uint8(0))
	for l := logic.Easy; l <= logic.Extreme; l++ {
		f.Add("standard", int(Rotational), uint8(1), int(l), 0, 0.0, 0.0, uint64(l), uint8(2))
	}
	f.Add("diagonal", int(Diagonal), uint8(1), int(logic.Hard), 0, 0.0, 0.0, uint64(7), uint8(2))
	f.Add("Diagonal", int(Mirror), uint8(0), 0, 0, 0.0, 0.0, uint64(3), uint8(1))
	f.Add("hex", 0, uint8(0), 0, 0, 0.0, 0.0, uint64(1), uint8(0))
	f.Add("", 0, uint8(2), 0, 0, 4.0, 5.5, uint64(9), uint8(2))
	f.Add("", 0, uint8(2), 0, 0, 5.5, 4.0, uint64(9), uint8(2))
	f.Add("", 0, uint8(2), 0, 0, math.NaN(), 5.0, uint64(9), uint8(2))
	f.Add("", 0, uint8(2), 0, 0, math.Inf(-1), math.Inf(1), uint64(9), uint8(2))
	f.Add("", 0, uint8(3), 0, int(logic.XWing), 0.0, 0.0, uint64(5), uint8(2))
	f.Add("", 0, uint8(4), 0, int(logic.NakedPair), 0.0, 0.0, uint64(5), uint8(2))
	f.Add("", 0, uint8(3), 0, int(logic.Cleanup), 0.0, 0.0, uint64(5), uint8(2))
	f.Add("", 9, uint8(1), 99, -1, 0.0, 0.0, uint64(5), uint8(2))
	f.Fuzz(func(t *testing.T, variant string, sym int, kind uint8, level, tech int, lo, hi float64, seed uint64, attempts uint8) {
		if len(variant) > 32 {
			return
		}
		v, err := solver.LookupVariant(variant)
		if err != nil {
			if !errors.Is(err, solver.ErrUnknown) {
				t.Fatalf("LookupVariant(%q): %v, want ErrUnknown", variant, err)
			}
			return
		}
		var target Target
		switch kind % 5 {
		case 1:
			target = AtLevel(logic.Level(level))
		case 2:
			target = ScoreBetween(lo, hi)
		case 3:
			target = HardestTechnique(logic.Technique(tech))
		case 4:
			target = UsingTechnique(logic.Technique(tech))
		}
		// A deadline bounds the rare slow attempt on a loaded machine; it
		// gives ErrBudget like running out of attempts.
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		opt := Options{Variant: v, Symmetry: Symmetry(sym), Target: target, Seed: seed,
			MaxAttempts: 1 + int(attempts%3), Context: ctx}
		checkErr := opt.Check()
		if kind%5 == 2 && !(lo <= hi) && !errors.Is(checkErr, ErrOptions) {
			t.Fatalf("%v: Check = %v, want ErrOptions for an empty score range", target, checkErr)
		}
		p, err := Generate(opt)
		budget, options := errors.Is(err, ErrBudget), errors.Is(err, ErrOptions)
		switch {
		case checkErr != nil:
			if !errors.Is(checkErr, ErrOptions) || !options || budget || p != nil {
				t.Fatalf("%+v: Check = %v, Generate = %v, %v; want ErrOptions from both", opt, checkErr, p, err)
			}
		case err != nil:
			if !budget || options || p != nil {
				t.Fatalf("%+v: Generate = %v, %v; want a puzzle or ErrBudget", opt, p, err)
			}
		default:
			if p.Attempts < 1 || p.Attempts > opt.MaxAttempts || p.Seed != seed {
				t.Fatalf("%+v: puzzle after %d attempts, seed %d", opt, p.Attempts, p.Seed)
			}
			verify(t, p, opt)
			again, err := Generate(opt)
			if err != nil || again.Grid != p.Grid || again.Score != p.Score {
				t.Fatalf("%+v: %s, then %v, %v: not deterministic", opt, p.Grid, again, err)
			}
		}
	})
}
