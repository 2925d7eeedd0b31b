package solver

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// restartViews are the symmetries a restarted solve could look at the
// puzzle under, as transforms of the grid: the identity first. All but the
// band rotation keep the two diagonals of the Diagonal variant as a pair.
var restartViews = []struct {
	name string
	tr   transform
}{
	{"id", viewTransform(func(r, c int) (int, int) { return r, c }, false)},
	{"T", viewTransform(func(r, c int) (int, int) { return c, r }, false)},
	{"H", viewTransform(func(r, c int) (int, int) { return 8 - r, 8 - c }, false)},
	{"A", viewTransform(func(r, c int) (int, int) { return 8 - c, 8 - r }, false)},
	{"D", viewTransform(func(r, c int) (int, int) { return r, c }, true)},
	{"R", viewTransform(func(r, c int) (int, int) { return 8 - r, c }, false)},
	{"B", viewTransform(func(r, c int) (int, int) { return (r + 3) % 9, c }, false)},
}

// viewTransform returns the transform moving cell (r, c) to f(r, c), with
// the digits reversed (d -> 10-d) when flip.
func viewTransform(f func(r, c int) (int, int), flip bool) transform {
	var tr transform
	for d := 1; d <= 9; d++ {
		tr.relabel[d] = uint8(d)
		if flip {
			tr.relabel[d] = uint8(10 - d)
		}
	}
	for r := 0; r < 9; r++ {
		for c := 0; c < 9; c++ {
			nr, nc := f(r, c)
			tr.perm[r*9+c] = nr*9 + nc
		}
	}
	return tr
}

// restartPolicy is a schedule of runs: run i looks at view views[i] with
// a budget of budget[i] nodes (0: no bound; the last run has none).
type restartPolicy struct {
	name   string
	views  []int
	budget []int64
}

// cost returns the nodes a solve spends under the policy, given each view's
// whole tree (nodes[v]): every aborted run costs its budget, the run that
// finishes its tree.
func (p restartPolicy) cost(nodes []int64) int64 {
	var c int64
	for i, v := range p.views {
		k := p.budget[i]
		if k == 0 || nodes[v] <= k {
			return c + nodes[v]
		}
		c += k
	}
	panic("policy without a last run")
}

// fixedPolicy: each view in turn for k nodes, the last without bound.
func fixedPolicy(k int64, views ...int) restartPolicy {
	p := restartPolicy{name: fmt.Sprintf("fixed K=%d %s", k, viewNames(views))}
	for i, v := range views {
		p.views = append(p.views, v)
		if i < len(views)-1 {
			p.budget = append(p.budget, k)
		} else {
			p.budget = append(p.budget, 0)
		}
	}
	return p
}

// growPolicy: the views in a cycle, each for k nodes, then each for k*f,
// k*f*f, ... (f = 2: doubling), 40 runs, the last without bound.
func growPolicy(k int64, f float64, views ...int) restartPolicy {
	p := restartPolicy{name: fmt.Sprintf("grow K=%d x%.1f %s", k, f, viewNames(views))}
	b := float64(k)
	for i := 0; i < 40; i++ {
		p.views = append(p.views, views[i%len(views)])
		p.budget = append(p.budget, int64(b))
		if i%len(views) == len(views)-1 {
			b *= f
		}
	}
	p.budget[len(p.budget)-1] = 0
	return p
}

// lubyPolicy: run i has budget k*luby(i) on view i mod len(views).
func lubyPolicy(k int64, views ...int) restartPolicy {
	p := restartPolicy{name: fmt.Sprintf("luby K=%d %s", k, viewNames(views))}
	for i := 1; i <= 60; i++ {
		p.views = append(p.views, views[(i-1)%len(views)])
		p.budget = append(p.budget, k*luby(i))
	}
	p.budget[len(p.budget)-1] = 0
	return p
}

// luby returns the i-th term (from 1) of 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ...
func luby(i int) int64 {
	for k := 1; ; k++ {
		if i == 1<<k-1 {
			return 1 << (k - 1)
		}
		if i < 1<<k-1 {
			return luby(i - (1<<(k-1) - 1))
		}
	}
}

func viewNames(views []int) string {
	var s []string
	for _, v := range views {
		s = append(s, restartViews[v].name)
	}
	return strings.Join(s, ",")
}

func TestLuby(t *testing.T) {
	want := []int64{1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 1}
	for i, w := range want {
		if got := luby(i + 1); got != w {
			t.Errorf("luby(%d) = %d, want %d", i+1, got, w)
		}
	}
	p := growPolicy(10, 2, 0, 1)
	// id 10, T 10, id 20, T 20, ...: view 0's tree of 15 finishes in the
	// third run after 20 wasted nodes; view 1's tree of 5 in the second.
	if got := p.cost([]int64{15, 50}); got != 35 {
		t.Errorf("grow cost %d, want 35", got)
	}
	if got := p.cost([]int64{50, 5}); got != 15 {
		t.Errorf("grow cost %d, want 15", got)
	}
	if got := fixedPolicy(10, 0, 1).cost([]int64{50, 70}); got != 80 {
		t.Errorf("fixed cost %d, want 80", got)
	}
}

// viewNodes returns fast's nodes (limit 2) on g under every restart view.
func viewNodes(t *testing.T, g Grid) []int64 {
	out := make([]int64, len(restartViews))
	for v := range restartViews {
		res, err := fastEngine{}.Solve(restartViews[v].tr.apply(g), Options{Limit: 2})
		if err != nil {
			t.Fatalf("%s: %v", g, err)
		}
		out[v] = res.Stats.Nodes
	}
	return out
}

// tdokuNodesCached returns tdoku's nodes (2 x guesses + 1) on each of gs,
// from the file cache (one count a line) or, when it is absent, from the
// driver TDOKU run on each puzzle alone, written to cache.
func tdokuNodesCached(t *testing.T, gs []Grid, cache string) []int64 {
	if f, err := os.Open(cache); err == nil {
		defer f.Close()
		var out []int64
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			n, err := strconv.ParseInt(sc.Text(), 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, n)
		}
		if len(out) != len(gs) {
			t.Fatalf("%s: %d counts for %d puzzles", cache, len(out), len(gs))
		}
		return out
	}
	bin := os.Getenv("TDOKU")
	if bin == "" {
		t.Fatalf("no %s: set TDOKU to tdoku's timing driver (../shared/tdoku/build.sh OUT)", cache)
	}
	file := filepath.Join(t.TempDir(), "one.txt")
	var out []int64
	var b strings.Builder
	for _, g := range gs {
		n := 2*tdokuGuesses(t, bin, file, g) + 1
		out = append(out, n)
		fmt.Fprintln(&b, n)
	}
	if err := os.WriteFile(cache, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestMeasureRestarts simulates restart policies for the fast engine from
// its whole trees (nodes, limit 2) on each puzzle under each view of
// restartViews: a policy's cost on a puzzle is the nodes of every run it
// starts, the aborted ones included. On the population (TestWriteMoved's
// 29,300 puzzles) it prints each policy's mean, quantiles, and its own worst
// 1% with tdoku's mean on the same puzzles; on the other sets, the mean.
// It also prints, for the puzzles whose tree under the identity exceeds a
// budget, the other views' trees (what a restart would draw from) and the
// correlation of the views' log tree sizes. Counts only, no timing. On
// puzzles with two solutions a restarted run that knows the first could
// stop sooner than its whole tree: there the costs are upper bounds.
//
// tdoku's counts are made once (29,300 runs of its driver, about 6 minutes
// at nice 10) and kept in RESTART_TDOKU_CACHE; with RESTART_TDOKU_ONLY=1 the
// test stops after making them. RESTART_EXTREME names an extra set
// (extreme600: sudoku generate -level Extreme -n 600 -seed 41 -j 1).
//
//	SUDOKU_MEASURE=1 TDOKU=/tmp/tdoku-bin RESTART_TDOKU_CACHE=/tmp/tdoku31.txt \
//	  RESTART_EXTREME=/tmp/extreme600.txt go test ./solver -run '^TestMeasureRestarts$' -count=1 -v -timeout 1h
func TestMeasureRestarts(t *testing.T) {
	if os.Getenv("SUDOKU_MEASURE") == "" {
		t.Skip("measurements only with SUDOKU_MEASURE=1")
	}
	cache := os.Getenv("RESTART_TDOKU_CACHE")
	if cache == "" {
		t.Fatal("set RESTART_TDOKU_CACHE to the file of tdoku's counts (made once with TDOKU)")
	}
	pop := movedMagictour(t, hardNewSeed)
	tdoku := tdokuNodesCached(t, pop, cache)
	if os.Getenv("RESTART_TDOKU_ONLY") != "" {
		return
	}
	popNodes := make([][]int64, len(pop))
	for i, g := range pop {
		popNodes[i] = viewNodes(t, g)
	}
	sets := []struct {
		name  string
		nodes [][]int64
	}{{"population", popNodes}}
	others := []string{"../../shared/data/puzzles2_17_clue", "../../shared/data/puzzles7_serg_benchmark",
		"testdata/multi17.txt", "testdata/multimagictour.txt", "testdata/hardnew.txt"}
	if x := os.Getenv("RESTART_EXTREME"); x != "" {
		others = append([]string{x}, others...)
	}
	for _, path := range others {
		var ns [][]int64
		for _, g := range loadGrids(t, path) {
			ns = append(ns, viewNodes(t, g))
		}
		sets = append(sets, struct {
			name  string
			nodes [][]int64
		}{filepath.Base(path), ns})
	}

	// Each view alone.
	fmt.Printf("%-10s", "view")
	for _, s := range sets {
		fmt.Printf(" %12.12s", s.name)
	}
	fmt.Println()
	for v := range restartViews {
		fmt.Printf("%-10s", restartViews[v].name)
		for _, s := range sets {
			var sum int64
			for _, n := range s.nodes {
				sum += n[v]
			}
			fmt.Printf(" %12.2f", float64(sum)/float64(len(s.nodes)))
		}
		fmt.Println()
	}
	// The best view per puzzle: what an oracle would get.
	fmt.Printf("%-10s", "oracle")
	for _, s := range sets {
		var sum int64
		for _, n := range s.nodes {
			m := n[0]
			for _, x := range n {
				m = min(m, x)
			}
			sum += m
		}
		fmt.Printf(" %12.2f", float64(sum)/float64(len(s.nodes)))
	}
	fmt.Println()

	// Why a restart pays or not: among the puzzles whose tree under the
	// identity exceeds k, how large the other views' trees are.
	for _, k := range []int64{20, 50, 80, 100, 110, 150} {
		var cnt, small int
		var sumID, sumT, sumMin float64
		for _, ns := range popNodes {
			if ns[0] <= k {
				continue
			}
			cnt++
			sumID += float64(ns[0])
			sumT += float64(ns[1])
			m := ns[1]
			for _, x := range ns[1:4] {
				m = min(m, x)
			}
			sumMin += float64(m)
			if ns[1] <= k {
				small++
			}
		}
		fmt.Printf("id > %d: %d puzzles (%.2f%%), id %.2f, T %.2f (%.1f%% of them at most %d), best of T,H,A %.2f\n",
			k, cnt, 100*float64(cnt)/float64(len(popNodes)), sumID/float64(cnt), sumT/float64(cnt), 100*float64(small)/float64(cnt), k, sumMin/float64(cnt))
	}
	fmt.Printf("log-nodes correlation of id with T %.3f, H %.3f, A %.3f, D %.3f\n",
		logCorr(popNodes, 0, 1), logCorr(popNodes, 0, 2), logCorr(popNodes, 0, 3), logCorr(popNodes, 0, 4))

	// Two or four searches stepped in turn, each resumed where it stopped
	// (no node wasted on a restart; not buildable without a search stack of
	// its own per view): the cost is the views times the smallest tree.
	for _, vs := range [][]int{{0, 1}, {0, 2}, {0, 1, 2, 3}} {
		cost := make([]int64, len(popNodes))
		for i, ns := range popNodes {
			m := ns[vs[0]]
			for _, v := range vs {
				m = min(m, ns[v])
			}
			cost[i] = int64(len(vs)) * m
		}
		w := worstIdx(cost)
		fmt.Printf("stepped in turn %s: mean %.2f, own worst 1%% %.2f (tdoku %.2f)\n", viewNames(vs), meanNodes(cost, nil), meanNodes(cost, w), meanNodes(tdoku, w))
	}

	var pols []restartPolicy
	pols = append(pols, restartPolicy{name: "main", views: []int{0}, budget: []int64{0}})
	for _, k := range []int64{10, 20, 30, 40, 50, 60, 80, 100, 150} {
		pols = append(pols, fixedPolicy(k, 0, 1), fixedPolicy(k, 0, 2), fixedPolicy(k, 0, 1, 2, 3),
			growPolicy(k, 2, 0, 1), growPolicy(k, 2, 0, 2), growPolicy(k, 2, 0, 1, 2, 3), growPolicy(k, 1.5, 0, 1),
			growPolicy(k, 2, 0, 1, 2, 3, 4, 5, 6),
			lubyPolicy(k, 0, 1), lubyPolicy(k, 0, 1, 2, 3))
	}
	fmt.Printf("%-30s %7s %5s %6s %5s %8s %8s %9s", "policy", "mean", "p99", "p99.9", "max", "own1%", "tdoku", "main1%")
	for _, s := range sets[1:] {
		fmt.Printf(" %10.10s", s.name)
	}
	fmt.Println()
	n := len(pop)
	var mainWorst []int // the first policy's (main's) worst 1%
	for _, p := range pols {
		cost := make([]int64, n)
		for i := range cost {
			cost[i] = p.cost(popNodes[i])
		}
		if mainWorst == nil {
			mainWorst = worstIdx(cost)
		}
		s := append([]int64(nil), cost...)
		sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
		q := func(x float64) int64 { return s[min(n-1, int(x*float64(n)))] }
		worst := worstIdx(cost)
		fmt.Printf("%-30s %7.2f %5d %6d %5d %8.2f %8.2f %9.2f", p.name, meanNodes(cost, nil), q(0.99), q(0.999), s[n-1],
			meanNodes(cost, worst), meanNodes(tdoku, worst), meanNodes(cost, mainWorst))
		for _, set := range sets[1:] {
			var sum int64
			for _, ns := range set.nodes {
				sum += p.cost(ns)
			}
			fmt.Printf(" %10.2f", float64(sum)/float64(len(set.nodes)))
		}
		fmt.Println()
	}
}

// worstIdx returns the indices of the 1% of v with the highest values,
// highest first, ties in the order the puzzles were made, as
// makeHardSymmetries picks them.
func worstIdx(v []int64) []int {
	idx := make([]int, len(v))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(i, j int) bool { return v[idx[i]] > v[idx[j]] })
	return idx[:len(v)/100]
}

// logCorr returns the correlation of log(nodes) between views a and b.
func logCorr(ns [][]int64, a, b int) float64 {
	var sx, sy, sxx, syy, sxy float64
	for _, n := range ns {
		x, y := math.Log(float64(n[a])), math.Log(float64(n[b]))
		sx += x
		sy += y
		sxx += x * x
		syy += y * y
		sxy += x * y
	}
	k := float64(len(ns))
	return (sxy/k - sx/k*sy/k) / math.Sqrt((sxx/k-sx/k*sx/k)*(syy/k-sy/k*sy/k))
}
