package solver

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// hardMagictourPath is the hard set TestMakeHardMagictour writes: the
// slowest 1% of magictour under random symmetries, by the fast engine's
// guesses (a count that does not depend on the machine's load).
const hardMagictourPath = "testdata/hardmagictour.txt"

// hardDLXPath is the hard set TestMakeHardDLX writes: the same kind of set
// picked by another engine's count, so that it is not the fast engine's own
// worst case.
const hardDLXPath = "testdata/harddlx.txt"

// TestMakeHardMagictour rewrites testdata/hardmagictour.txt from
// ../shared/data/puzzles3_magictour_top1465 when SUDOKU_MAKE_HARD=1:
// every puzzle under 20 random symmetries (randomTransform, seed 19),
// solved by the fast engine with limit 2, the 1% of (puzzle, symmetry)
// pairs with the most guesses kept (ties in file order), each as
// "puzzle:1". The corpus checks (fastCorpora) solve the file with every
// engine.
//
//	SUDOKU_MAKE_HARD=1 go test ./solver -run '^TestMakeHardMagictour$' -count=1
func TestMakeHardMagictour(t *testing.T) {
	makeHardSymmetries(t, hardMagictourPath, 19, fastEngine{}, "fast-engine guesses",
		"SUDOKU_MAKE_HARD=1 go test ./solver -run '^TestMakeHardMagictour$' -count=1",
		func(r Result) int64 { return r.Guesses })
}

// TestMakeHardDLX rewrites testdata/harddlx.txt the same way, with other
// symmetries (seed 23) and the dlx engine's nodes as the measure of
// hardness: a set that neither the fast engine nor tdoku picked.
//
//	SUDOKU_MAKE_HARD=1 go test ./solver -run '^TestMakeHardDLX$' -count=1
func TestMakeHardDLX(t *testing.T) {
	makeHardSymmetries(t, hardDLXPath, 23, dlxEngine{}, "dlx-engine nodes",
		"SUDOKU_MAKE_HARD=1 go test ./solver -run '^TestMakeHardDLX$' -count=1",
		func(r Result) int64 { return r.Nodes })
}

// makeHardSymmetries writes to path the 1% of magictour's puzzles under 20
// random symmetries (seed) that engine e finds hardest by score, with
// limit 2, in the order they were made.
func makeHardSymmetries(t *testing.T, path string, seed int64, e Engine, scoreName, cmd string, score func(Result) int64) {
	if os.Getenv("SUDOKU_MAKE_HARD") != "1" {
		t.Skip("set SUDOKU_MAKE_HARD=1 to rewrite " + path)
	}
	const src, perPuzzle = "../../shared/data/puzzles3_magictour_top1465", 20
	gs := loadGrids(t, src)
	rng := rand.New(rand.NewSource(seed))
	type moved struct {
		g     Grid
		score int64
		order int
	}
	var all []moved
	for _, g := range gs {
		for range perPuzzle {
			tr := randomTransform(rng, Standard)
			m := tr.apply(g)
			res, err := e.Solve(m, Options{Limit: 2})
			if err != nil || res.Count != 1 {
				t.Fatalf("%s: %d solutions, %v", m, res.Count, err)
			}
			all = append(all, moved{m, score(res), len(all)})
		}
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].score > all[j].score })
	keep := all[:len(all)/100]
	least := keep[len(keep)-1].score
	sort.Slice(keep, func(i, j int) bool { return keep[i].order < keep[j].order })
	var b strings.Builder
	var sum int64
	for _, m := range keep {
		sum += m.score
	}
	fmt.Fprintf(&b, "# The slowest 1%% of %s under random symmetries: each of its %d puzzles\n", filepath.Base(src), len(gs))
	fmt.Fprintf(&b, "# under %d random symmetries (relabelling, band, stack, row and column\n", perPuzzle)
	fmt.Fprintf(&b, "# permutations, transposition; seed %d), the %d of %d with the most %s\n", seed, len(keep), len(all), scoreName)
	fmt.Fprintf(&b, "# (limit 2; %.1f per puzzle when made, at least %d). Each has one solution.\n", float64(sum)/float64(len(keep)), least)
	b.WriteString("# Made by: " + cmd + "\n")
	for _, m := range keep {
		b.WriteString(m.g.String() + ":1\n")
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}
