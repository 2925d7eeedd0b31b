package solver

import (
	"fmt"
	"math/rand"
	"os"
	"strings"
	"testing"
)

// multiSets are the two sets of puzzles with several solutions that are
// not serg (docs/speed.md, the eighth pass): puzzles of a shared corpus
// with one or two of their clues taken away at random (seed multiSeed),
// those that are left with two solutions or more, in the corpus's order.
var multiSets = []struct {
	path, src string
	n         int // the first n puzzles of src, at most
}{
	{"testdata/multi17.txt", "../../shared/data/puzzles2_17_clue", 2000},
	{"testdata/multimagictour.txt", "../../shared/data/puzzles3_magictour_top1465", 2000},
}

const multiSeed = 8

// multiPuzzles takes one or two clues away from each of gs, chosen by rng,
// and keeps the puzzles with several solutions (dlx, limit 2).
func multiPuzzles(t *testing.T, gs []Grid, rng *rand.Rand) []Grid {
	var out []Grid
	for _, g := range gs {
		var clues []int
		for i, d := range g {
			if d != 0 {
				clues = append(clues, i)
			}
		}
		k := 1 + rng.Intn(2)
		rng.Shuffle(len(clues), func(i, j int) { clues[i], clues[j] = clues[j], clues[i] })
		for _, i := range clues[:k] {
			g[i] = 0
		}
		res, err := dlxEngine{}.Solve(g, Options{Limit: 2})
		if err != nil {
			t.Fatalf("%s: %v", g, err)
		}
		if res.Count == 2 {
			out = append(out, g)
		}
	}
	return out
}

// TestWriteMultiSets writes the sets of multiSets.
//
//	SUDOKU_WRITE_MULTI=1 go test ./solver -run '^TestWriteMultiSets$' -count=1
func TestWriteMultiSets(t *testing.T) {
	if os.Getenv("SUDOKU_WRITE_MULTI") != "1" {
		t.Skip("set SUDOKU_WRITE_MULTI=1 to rewrite the multi*.txt sets")
	}
	for _, set := range multiSets {
		gs := loadGrids(t, set.src)
		gs = gs[:min(len(gs), set.n)]
		out := multiPuzzles(t, gs, rand.New(rand.NewSource(multiSeed)))
		var b strings.Builder
		fmt.Fprintf(&b, "# The first %d puzzles of %s with one or two clues taken away at random\n", len(gs), strings.TrimPrefix(set.src, "../../"))
		fmt.Fprintf(&b, "# (seed %d, multiPuzzles in multisets_test.go), those left with several solutions: %d.\n", multiSeed, len(out))
		fmt.Fprintf(&b, "#   SUDOKU_WRITE_MULTI=1 go test ./solver -run '^TestWriteMultiSets$' -count=1\n")
		for _, g := range out {
			b.WriteString(g.String() + "\n")
		}
		if err := os.WriteFile(set.path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %d puzzles", set.path, len(out))
	}
}
