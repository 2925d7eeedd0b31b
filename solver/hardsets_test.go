package solver

import (
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
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

// hardNewPath is the hard set TestMakeHardNew writes: the slowest 1% of
// magictour under other random symmetries by the fast engine's guesses with
// the triad rules (commit 93d40e0), the default engine's own worst case
// after them, as hardmagictour.txt was before them.
const hardNewPath = "testdata/hardnew.txt"

// hardTdokuPath is the hard set TestMakeHardTdoku writes: tdoku's slowest
// 1% of the same transformed puzzles as hardnew.txt, by tdoku's guesses.
const hardTdokuPath = "testdata/hardtdoku.txt"

// hardNewSeed is the seed of the symmetries of hardnew.txt and
// hardtdoku.txt (19 for hardmagictour.txt, 23 for harddlx.txt).
const hardNewSeed = 31

// TestMakeHardMagictour rewrites testdata/hardmagictour.txt from
// ../shared/data/puzzles3_magictour_top1465 when SUDOKU_MAKE_HARD=1:
// every puzzle under 20 random symmetries (randomTransform, seed 19),
// solved by the fast engine with limit 2, the 1% of (puzzle, symmetry)
// pairs with the most guesses kept (ties in file order), each as
// "puzzle:1". The corpus checks (fastCorpora) solve the file with every
// engine. The file was made by the engine of commit 7a2f882, before the
// triad rules (93d40e0): run with a later engine, the test picks another
// set (fast's worst case moved; hardnew.txt is the one after them).
//
//	SUDOKU_MAKE_HARD=1 go test ./solver -run '^TestMakeHardMagictour$' -count=1
func TestMakeHardMagictour(t *testing.T) {
	makeHardSymmetries(t, hardMagictourPath, 19, "fast-engine guesses",
		"SUDOKU_MAKE_HARD=1 go test ./solver -run '^TestMakeHardMagictour$' -count=1",
		engineScore(t, fastEngine{}, func(r Result) int64 { return r.Guesses }))
}

// TestMakeHardDLX rewrites testdata/harddlx.txt the same way, with other
// symmetries (seed 23) and the dlx engine's nodes as the measure of
// hardness: a set that neither the fast engine nor tdoku picked.
//
//	SUDOKU_MAKE_HARD=1 go test ./solver -run '^TestMakeHardDLX$' -count=1
func TestMakeHardDLX(t *testing.T) {
	makeHardSymmetries(t, hardDLXPath, 23, "dlx-engine nodes",
		"SUDOKU_MAKE_HARD=1 go test ./solver -run '^TestMakeHardDLX$' -count=1",
		engineScore(t, dlxEngine{}, func(r Result) int64 { return r.Nodes }))
}

// TestMakeHardNew rewrites testdata/hardnew.txt the same way, with other
// symmetries (seed hardNewSeed) and the fast engine's guesses as the
// measure, the engine as it is now (triad rules included).
//
//	SUDOKU_MAKE_HARD=1 go test ./solver -run '^TestMakeHardNew$' -count=1
func TestMakeHardNew(t *testing.T) {
	makeHardSymmetries(t, hardNewPath, hardNewSeed, "fast-engine guesses (triad rules included)",
		"SUDOKU_MAKE_HARD=1 go test ./solver -run '^TestMakeHardNew$' -count=1",
		engineScore(t, fastEngine{}, func(r Result) int64 { return r.Guesses }))
}

// TestMakeHardTdoku rewrites testdata/hardtdoku.txt: the puzzles of
// hardnew.txt's transformed set (seed hardNewSeed) that tdoku finds hardest
// by its own guess count, from tdoku's timing driver (TDOKU, built by
// ../shared/tdoku/build.sh) run on each puzzle alone, limit 2, as
// `TDOKU FILE 2 0`. The driver reports only totals per file, hence one
// file and one run per puzzle (29,300 runs, a few minutes).
//
//	../shared/tdoku/build.sh /tmp/tdoku-bin
//	SUDOKU_MAKE_HARD=1 TDOKU=/tmp/tdoku-bin go test ./solver -run '^TestMakeHardTdoku$' -count=1 -timeout 1h
func TestMakeHardTdoku(t *testing.T) {
	if os.Getenv("SUDOKU_MAKE_HARD") != "1" {
		t.Skip("set SUDOKU_MAKE_HARD=1 to rewrite " + hardTdokuPath)
	}
	bin := os.Getenv("TDOKU")
	if bin == "" {
		t.Fatal("set TDOKU to tdoku's timing driver (../shared/tdoku/build.sh OUT)")
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "one.txt")
	makeHardSymmetries(t, hardTdokuPath, hardNewSeed, "tdoku guesses",
		"SUDOKU_MAKE_HARD=1 TDOKU=/tmp/tdoku-bin go test ./solver -run '^TestMakeHardTdoku$' -count=1 -timeout 1h\n"+
			"# (TDOKU: ../shared/tdoku/build.sh /tmp/tdoku-bin; its driver run on each puzzle alone as TDOKU FILE 2 0)",
		func(g Grid) int64 { return tdokuGuesses(t, bin, file, g) })
}

// tdokuGuesses runs tdoku's driver bin on g alone (written to file), fails
// unless tdoku finds exactly one solution, and returns its guesses.
func tdokuGuesses(t *testing.T, bin, file string, g Grid) int64 {
	t.Helper()
	if err := os.WriteFile(file, []byte(g.String()+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(bin, file, "2", "0").Output()
	if err != nil {
		t.Fatalf("%s: %v", bin, err)
	}
	if !strings.Contains(string(out), `"counts":{"0":0,"1":1,"2+":0}`) {
		t.Fatalf("%s: tdoku says %s", g, out)
	}
	m := tdokuGuessesRE.FindSubmatch(out)
	if m == nil {
		t.Fatalf("%s: no guesses in %s", bin, out)
	}
	n, err := strconv.ParseFloat(string(m[1]), 64)
	if err != nil {
		t.Fatal(err)
	}
	if n != float64(int64(n)) {
		t.Fatalf("%s: guesses %q for one puzzle, not a whole number", bin, m[1])
	}
	return int64(n)
}

var tdokuGuessesRE = regexp.MustCompile(`"guesses_per_puzzle":([0-9.]+)`)

// engineScore solves a grid with e, limit 2, fails unless it has exactly
// one solution, and scores it by score.
func engineScore(t *testing.T, e Engine, score func(Result) int64) func(Grid) int64 {
	return func(g Grid) int64 {
		res, err := e.Solve(g, Options{Limit: 2})
		if err != nil || res.Count != 1 {
			t.Fatalf("%s: %d solutions, %v", g, res.Count, err)
		}
		return score(res)
	}
}

// TestWriteMoved writes the whole set that hardnew.txt and hardtdoku.txt
// were picked from (magictour under 20 random symmetries each, seed
// hardNewSeed: 29,300 puzzles) to the file named by SUDOKU_MOVED, one
// "puzzle:1" line each, in the order they were made. It is the population
// without selection: a change to the guess choice moves each engine's own
// worst 1% (hardnew.txt) more than it moves the population, so a guess
// choice is judged on this set too. Too large to keep in the repository.
//
//	SUDOKU_MOVED=/tmp/moved31.txt go test ./solver -run '^TestWriteMoved$' -count=1
func TestWriteMoved(t *testing.T) {
	path := os.Getenv("SUDOKU_MOVED")
	if path == "" {
		t.Skip("set SUDOKU_MOVED to a file to write the 29,300 moved magictour puzzles to")
	}
	var b strings.Builder
	n := 0
	for _, g := range movedMagictour(t, hardNewSeed) {
		b.WriteString(g.String() + ":1\n")
		n++
	}
	if n != 29300 {
		t.Fatalf("%d puzzles, want 29300", n)
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// movedMagictour returns magictour's puzzles, each under 20 random
// symmetries (seed), in that order.
func movedMagictour(t *testing.T, seed int64) []Grid {
	const src, perPuzzle = "../../shared/data/puzzles3_magictour_top1465", 20
	gs := loadGrids(t, src)
	rng := rand.New(rand.NewSource(seed))
	var out []Grid
	for _, g := range gs {
		for range perPuzzle {
			tr := randomTransform(rng, Standard)
			out = append(out, tr.apply(g))
		}
	}
	return out
}

// makeHardSymmetries writes to path the 1% of magictour's puzzles under 20
// random symmetries (seed) with the highest score, in the order they were
// made.
func makeHardSymmetries(t *testing.T, path string, seed int64, scoreName, cmd string, score func(Grid) int64) {
	if os.Getenv("SUDOKU_MAKE_HARD") != "1" {
		t.Skip("set SUDOKU_MAKE_HARD=1 to rewrite " + path)
	}
	const src, perPuzzle = "../../shared/data/puzzles3_magictour_top1465", 20
	type moved struct {
		g     Grid
		score int64
		order int
	}
	var all []moved
	for _, m := range movedMagictour(t, seed) {
		all = append(all, moved{m, score(m), len(all)})
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
	fmt.Fprintf(&b, "# The slowest 1%% of %s under random symmetries: each of its %d puzzles\n", filepath.Base(src), len(all)/perPuzzle)
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
