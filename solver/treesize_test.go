package solver

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// TestMeasureTreeSize compares the search trees of the fast engine and
// tdoku on the population hardnew.txt and hardtdoku.txt were picked from
// (magictour under 20 random symmetries each, seed hardNewSeed: 29,300
// puzzles), limit 2. A tree's size is its nodes, the propagations it runs:
// Stats.Nodes for fast (one per candidate tried, plus the root), and for
// tdoku, whose every guess is a two-way branch on a puzzle with one
// solution, twice its guesses plus one. It prints the mean and the
// quantiles of both, and each engine's worst 1% (the set the hard sets
// were made from) with the other engine's mean on the same puzzles. The
// counts do not depend on the machine's load; no timing.
//
// tdoku's timing driver (TDOKU, built by ../shared/tdoku/build.sh)
// reports totals per file, so it runs on each puzzle alone (29,300 runs,
// about 3 minutes):
//
//	../shared/tdoku/build.sh /tmp/tdoku-bin
//	SUDOKU_MEASURE=1 TDOKU=/tmp/tdoku-bin go test ./solver -run '^TestMeasureTreeSize$' -count=1 -v -timeout 1h
func TestMeasureTreeSize(t *testing.T) {
	if os.Getenv("SUDOKU_MEASURE") == "" {
		t.Skip("measurements only with SUDOKU_MEASURE=1 (make measure-tree)")
	}
	bin := os.Getenv("TDOKU")
	if bin == "" {
		t.Fatal("set TDOKU to tdoku's timing driver (../shared/tdoku/build.sh OUT)")
	}
	file := filepath.Join(t.TempDir(), "one.txt")
	var fast, tdoku []int64
	for _, g := range movedMagictour(t, hardNewSeed) {
		res, err := fastEngine{}.Solve(g, Options{Limit: 2})
		if err != nil || res.Count != 1 {
			t.Fatalf("%s: fast finds %d solutions, %v", g, res.Count, err)
		}
		fast = append(fast, res.Stats.Nodes)
		n := tdokuGuesses(t, bin, file, g)
		tdoku = append(tdoku, 2*n+1)
	}
	fmt.Print(treeReport(fast, tdoku))
}

// treeReport describes two engines' nodes per puzzle on the same puzzles
// (see TestMeasureTreeSize).
func treeReport(fast, tdoku []int64) string {
	var b strings.Builder
	n := len(fast)
	fmt.Fprintf(&b, "nodes per puzzle on %d puzzles, limit 2\n", n)
	fmt.Fprintf(&b, "%-6s %7s %5s %5s %5s %6s %5s\n", "engine", "mean", "p50", "p90", "p99", "p99.9", "max")
	for _, e := range []struct {
		name  string
		nodes []int64
	}{{"fast", fast}, {"tdoku", tdoku}} {
		s := append([]int64(nil), e.nodes...)
		sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
		q := func(x float64) int64 { return s[min(n-1, int(x*float64(n)))] }
		fmt.Fprintf(&b, "%-6s %7.2f %5d %5d %5d %6d %5d\n", e.name, meanNodes(s, nil), q(0.5), q(0.9), q(0.99), q(0.999), s[n-1])
	}
	for _, e := range []struct {
		name  string
		nodes []int64
	}{{"fast", fast}, {"tdoku", tdoku}} {
		worst := worstIdx(e.nodes)
		fmt.Fprintf(&b, "worst 1%% by %-5s (%d puzzles): fast %.2f, tdoku %.2f\n", e.name, len(worst), meanNodes(fast, worst), meanNodes(tdoku, worst))
	}
	return b.String()
}

// meanNodes returns the mean of v over the indices idx, or over all of v when
// idx is nil.
func meanNodes(v []int64, idx []int) float64 {
	var sum int64
	if idx == nil {
		for _, x := range v {
			sum += x
		}
		return float64(sum) / float64(len(v))
	}
	for _, i := range idx {
		sum += v[i]
	}
	return float64(sum) / float64(len(idx))
}

func TestTreeReport(t *testing.T) {
	// 200 puzzles: fast takes 1-200 nodes, tdoku 200-1 on the same ones.
	var fast, tdoku []int64
	for i := int64(1); i <= 200; i++ {
		fast = append(fast, i)
		tdoku = append(tdoku, 201-i)
	}
	tdoku[0] = 1000 // tdoku's worst puzzle is fast's easiest
	got := treeReport(fast, tdoku)
	for _, want := range []string{
		"nodes per puzzle on 200 puzzles, limit 2\n",
		"fast    100.50   101   181   199    200   200\n",
		"tdoku   104.50   101   181   199   1000  1000\n",
		"worst 1% by fast  (2 puzzles): fast 199.50, tdoku 1.50\n",
		"worst 1% by tdoku (2 puzzles): fast 1.50, tdoku 599.50\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("report lacks %q:\n%s", want, got)
		}
	}
}
