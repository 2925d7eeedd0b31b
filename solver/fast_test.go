package solver

import (
	"context"
	"errors"
	"math/bits"
	"math/rand"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// fastCorpora are the puzzle files the fast engine is checked on: small
// samples in the repository, which always run, the hard sets of testdata/
// (hard17.txt, hardmagictour.txt, extreme.txt, harddlx.txt, hardnew.txt,
// hardtdoku.txt), the sets with several solutions made from two of the
// corpora (multi17.txt, multimagictour.txt) and the full corpora in
// ../shared/data, which are skipped when absent or with -short. The
// benchmarks time every file; the agreement test leaves the full corpora
// to TestSharedCorpora, which solves them with every engine, fast and dlx
// included, and checks each count against the file's and the unique
// solutions against each other.
var fastCorpora = []struct {
	path   string
	shared bool
}{
	{"../testdata/17clue.txt", false},
	{"../testdata/magictour.txt", false},
	{"../testdata/serg.txt", false},
	{"testdata/hard17.txt", true}, // always present; skipped with -short
	{"testdata/hardmagictour.txt", true},
	{"testdata/extreme.txt", true},
	{"testdata/harddlx.txt", true},
	{"testdata/hardnew.txt", true},
	{"testdata/hardtdoku.txt", true},
	{"testdata/multi17.txt", true}, // puzzles with several solutions (multisets_test.go)
	{"testdata/multimagictour.txt", true},
	{"../../shared/data/puzzles2_17_clue", true},
	{"../../shared/data/puzzles3_magictour_top1465", true},
	{"../../shared/data/puzzles7_serg_benchmark", true},
}

// loadGrids reads every puzzle of a file; it skips the test or benchmark
// when the file is absent.
func loadGrids(tb testing.TB, path string) []Grid {
	tb.Helper()
	if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
		tb.Skipf("%s absent", path)
	}
	var gs []Grid
	for _, e := range readEntries(tb, path) {
		gs = append(gs, e.Clues)
	}
	return gs
}

// checkAgree solves g with the fast and dlx engines and fails unless both
// give the same count, a nil error, and solutions that Verify accepts.
func checkAgree(t *testing.T, name string, g Grid, opt Options) {
	t.Helper()
	v := opt.Variant
	if v == nil {
		v = Standard
	}
	got, err := fastEngine{}.Solve(g, opt)
	if err != nil {
		t.Fatalf("%s: fast: %v", name, err)
	}
	want, err := dlxEngine{}.Solve(g, opt)
	if err != nil {
		t.Fatalf("%s: dlx: %v", name, err)
	}
	if got.Count != want.Count {
		t.Fatalf("%s: fast count %d, dlx count %d (%s)", name, got.Count, want.Count, g)
	}
	if got.Count > 0 {
		if err := v.Verify(g, got.Solution); err != nil {
			t.Fatalf("%s: fast solution %s: %v", name, got.Solution, err)
		}
	} else if got.Solution != (Grid{}) {
		t.Fatalf("%s: fast count 0 with solution %s", name, got.Solution)
	}
	if got.Nodes < 1 || got.Guesses < 0 || got.Guesses > got.Nodes {
		t.Fatalf("%s: fast stats %+v", name, got.Stats)
	}
}

func TestFastAgreesWithDLXOnCorpora(t *testing.T) {
	for _, c := range fastCorpora {
		if strings.HasPrefix(c.path, "../../shared/") {
			continue // TestSharedCorpora's
		}
		t.Run(filepath.Base(c.path), func(t *testing.T) {
			if c.shared && testing.Short() {
				t.Skip("full corpus skipped with -short")
			}
			for i, g := range loadGrids(t, c.path) {
				checkAgree(t, c.path+" #"+strconv.Itoa(i+1), g, Options{Limit: 2})
			}
		})
	}
}

// TestFastSpecial checks fast against dlx on the special puzzles (both
// variants); their counts against the file's notes are checked for every
// engine by TestSharedCorpora.
func TestFastSpecial(t *testing.T) {
	path := "../../shared/data/special.txt"
	if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
		t.Skipf("%s absent", path)
	}
	for _, e := range readEntries(t, path) {
		checkAgree(t, "special line "+strconv.Itoa(e.Line), e.Clues, Options{Limit: 2, Variant: e.Variant})
	}
}

// randomPuzzle blanks cells of a random solution of the variant (found by
// the dlx engine from a random seed of clues) until clues remain; the result
// may have one or many solutions.
func randomPuzzle(rng *rand.Rand, v *Variant, clues int) Grid {
	for {
		var seed Grid
		for k := 0; k < 11; k++ {
			seed[rng.Intn(81)] = uint8(1 + rng.Intn(9))
		}
		if v.Check(seed) != nil {
			continue
		}
		res, err := dlxEngine{}.Solve(seed, Options{Variant: v})
		if err != nil || res.Count == 0 {
			continue
		}
		g := res.Solution
		for _, c := range rng.Perm(81)[:81-clues] {
			g[c] = 0
		}
		return g
	}
}

// TestFastRandom compares fast and dlx on random puzzles of both variants
// and of every density, with limits 1 to 3 and small node budgets, and on
// random clue sets that may have no solution or clues that break a rule.
func TestFastRandom(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	n := 300
	if testing.Short() {
		n = 60
	}
	for i := 0; i < n; i++ {
		for _, v := range []*Variant{Standard, Diagonal} {
			g := randomPuzzle(rng, v, 17+rng.Intn(40))
			name := v.Name + " random #" + strconv.Itoa(i)
			opt := Options{Variant: v, Limit: 1 + rng.Intn(3)}
			checkAgree(t, name, g, opt)
			// With a small budget: the same result, or ErrBudget after
			// exactly the budget, keeping only valid solutions.
			full, _ := fastEngine{}.Solve(g, opt)
			opt.MaxNodes = 1 + rng.Int63n(8)
			res, err := fastEngine{}.Solve(g, opt)
			switch {
			case err == nil && res != full:
				t.Fatalf("%s: MaxNodes %d: %+v, want %+v", name, opt.MaxNodes, res, full)
			case err != nil && (!errors.Is(err, ErrBudget) || res.Nodes != opt.MaxNodes || res.Count > full.Count):
				t.Fatalf("%s: MaxNodes %d: %+v, %v", name, opt.MaxNodes, res, err)
			case err != nil && res.Count > 0 && v.Verify(g, res.Solution) != nil:
				t.Fatalf("%s: MaxNodes %d: invalid solution %s", name, opt.MaxNodes, res.Solution)
			}
			// Random extra clues: often no solution, sometimes a conflict.
			h := g
			for k := 0; k < 4; k++ {
				h[rng.Intn(81)] = uint8(1 + rng.Intn(9))
			}
			if want := v.Check(h); want == nil {
				checkAgree(t, name+" perturbed", h, Options{Variant: v, Limit: 2})
			} else if _, err := (fastEngine{}).Solve(h, Options{Variant: v, Limit: 2}); err == nil || err.Error() != want.Error() {
				// The fast engine finds bad clues by propagation, then
				// reports them as Check does.
				t.Fatalf("%s perturbed: Solve(%s) error %v, want %v", name, h, err, want)
			}
		}
	}
}

var fastErrorTests = []struct {
	name string
	grid string
	opt  Options
	want error
}{
	{"conflict in row", "11" + strings.Repeat(".", 79), Options{}, ErrConflict},
	{"conflict in column", "5" + strings.Repeat(".", 71) + "5" + strings.Repeat(".", 8), Options{}, ErrConflict},
	{"conflict in box", strings.Repeat(".", 60) + "9" + strings.Repeat(".", 9) + "9" + strings.Repeat(".", 10), Options{}, ErrConflict},
	{"conflict on diagonal", "1" + strings.Repeat(".", 29) + "1" + strings.Repeat(".", 50), Options{Variant: Diagonal}, ErrConflict},
	{"node budget", strings.Repeat(".", 81), Options{MaxNodes: 3, Limit: 1 << 30}, ErrBudget},
	{"cancelled context", strings.Repeat(".", 81), Options{Context: cancelled(), Limit: 1 << 30}, ErrBudget},
}

func cancelled() context.Context {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	return ctx
}

func TestFastErrors(t *testing.T) {
	for _, tt := range fastErrorTests {
		g, err := Parse(tt.grid)
		if err != nil {
			t.Fatal(err)
		}
		_, err = fastEngine{}.Solve(g, tt.opt)
		if !errors.Is(err, tt.want) {
			t.Errorf("%s: Solve(%s) error %v, want %v", tt.name, g, err, tt.want)
		}
	}
	bad := Grid{40: 10}
	if _, err := (fastEngine{}).Solve(bad, Options{}); !errors.Is(err, ErrSyntax) {
		t.Errorf("Solve(cell holding 10) error %v, want ErrSyntax", err)
	}
	var ce *ConflictError
	g, _ := Parse(fastErrorTests[0].grid)
	if _, err := (fastEngine{}).Solve(g, Options{}); !errors.As(err, &ce) || ce.Cells != [2]int{0, 1} {
		t.Errorf("conflict error %v, want a *ConflictError on r1c1 and r1c2", err)
	}
}

// TestFastBudgetKeepsPartialCount checks that a budget stop keeps the
// solutions found before it and that it spends the whole budget, no more.
func TestFastBudgetKeepsPartialCount(t *testing.T) {
	var empty Grid
	for _, max := range []int64{1, 2, 10, 100} {
		res, err := fastEngine{}.Solve(empty, Options{MaxNodes: max, Limit: 1 << 30})
		if !errors.Is(err, ErrBudget) {
			t.Fatalf("MaxNodes %d: error %v, want ErrBudget", max, err)
		}
		if res.Nodes != max {
			t.Errorf("MaxNodes %d: %d nodes", max, res.Nodes)
		}
		if res.Count > 0 {
			if err := Standard.Verify(empty, res.Solution); err != nil {
				t.Errorf("MaxNodes %d: partial solution: %v", max, err)
			}
		}
	}
}

// TestFastDeterministic solves the same puzzles twice and compares the results.
func TestFastDeterministic(t *testing.T) {
	for _, g := range loadGrids(t, "../testdata/magictour.txt")[:50] {
		a, errA := fastEngine{}.Solve(g, Options{Limit: 2})
		b, errB := fastEngine{}.Solve(g, Options{Limit: 2})
		if a != b || errA != nil || errB != nil {
			t.Fatalf("%s: %+v %v then %+v %v", g, a, errA, b, errB)
		}
	}
}

// TestFastNoAllocs checks that a solve allocates nothing; the first puzzles,
// from hardnew.txt, reach the hidden pairs.
func TestFastNoAllocs(t *testing.T) {
	gs := append(loadGrids(t, "testdata/hardnew.txt")[:100], loadGrids(t, "../testdata/magictour.txt")...)
	for _, v := range []*Variant{Standard, Diagonal} {
		i := 0
		allocs := testing.AllocsPerRun(200, func() {
			fastEngine{}.Solve(gs[i%len(gs)], Options{Limit: 2, Variant: v})
			i++
		})
		if allocs != 0 {
			t.Errorf("%s: %v allocations per solve, want 0", v.Name, allocs)
		}
	}
}

// TestFastConcurrent solves the same puzzles on several goroutines at once
// and compares with the results of a sequential run (run with -race too).
func TestFastConcurrent(t *testing.T) {
	gs := loadGrids(t, "../testdata/magictour.txt")
	want := make([]Result, len(gs))
	for i, g := range gs {
		want[i], _ = fastEngine{}.Solve(g, Options{Limit: 2})
	}
	var wg sync.WaitGroup
	errs := make(chan string, 4)
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for k := range gs {
				i := (k + w*len(gs)/4) % len(gs)
				if got, err := (fastEngine{}).Solve(gs[i], Options{Limit: 2}); err != nil || got != want[i] {
					errs <- gs[i].String()
					return
				}
			}
		}(w)
	}
	wg.Wait()
	close(errs)
	for g := range errs {
		t.Errorf("%s: concurrent result differs from the sequential one", g)
	}
}

// TestFastDiagonalPrunes checks that the diagonals prune the search: random
// diagonal puzzles must not need more than a few thousand nodes (they took
// up to 24,000 before the engine did the diagonals' hidden singles and
// found digits with no place left on a diagonal).
func TestFastDiagonalPrunes(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	for i := 0; i < 200; i++ {
		g := randomPuzzle(rng, Diagonal, 17+rng.Intn(10))
		if _, err := (fastEngine{}).Solve(g, Options{Variant: Diagonal, Limit: 2, MaxNodes: 3000}); err != nil {
			t.Errorf("%s: %v", g, err)
		}
	}
}

// TestFastAgreesWithDLXOnMovedMagictour checks the full magictour corpus
// moved by one symmetry (digits relabelled, rows, bands, columns and stacks
// permuted, maybe transposed): the engine's guesses depend on where things
// are, so this tunes nothing to the corpus as laid out.
func TestFastAgreesWithDLXOnMovedMagictour(t *testing.T) {
	if testing.Short() {
		t.Skip("full corpus skipped with -short")
	}
	tr := randomTransform(rand.New(rand.NewSource(11)), Standard)
	for i, g := range loadGrids(t, "../../shared/data/puzzles3_magictour_top1465") {
		checkAgree(t, "moved magictour #"+strconv.Itoa(i+1), tr.apply(g), Options{Limit: 2})
	}
}

// TestFastBivalueAfterSkips checks what pick relies on when the
// naked-singles pass skips the bands with no board updated since the last
// stacks pass: after every propagate that leaves cells, st.bi holds, per
// band, exactly the cells with two candidates. States come from the clues
// and from random guesses down the search, for both variants.
func TestFastBivalueAfterSkips(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	checked := 0
	for _, path := range []string{"../testdata/serg.txt", "../testdata/magictour.txt", "../testdata/17clue.txt"} {
		for n, g := range loadGrids(t, path) {
			for _, diag := range []bool{false, true} {
				s := fsearch{limit: 2, diag: diag, triads: true}
				st := cluesPlaced(g)
				for depth := 0; s.propagate(&st); depth++ {
					if st.unsolved[0]|st.unsolved[1]|st.unsolved[2] == 0 {
						break
					}
					for b := 0; b < 3; b++ {
						if st.unsolved[b] == 0 {
							continue
						}
						var want uint32
						for p := 0; p < 27; p++ {
							k := 0
							for d := 0; d < 9; d++ {
								k += int(st.cand[b*9+d] >> p & 1)
							}
							if k == 2 {
								want |= 1 << p
							}
						}
						if st.bi[b] != want {
							t.Fatalf("%s #%d diag=%v depth %d band %d: bi %027b, cells with two candidates %027b",
								path, n, diag, depth, b, st.bi[b], want)
						}
						checked++
					}
					b, p, d, set := s.pick(&st)
					var x int
					for k := rng.Intn(bits.OnesCount32(set)); k >= 0; k-- {
						x = bits.TrailingZeros32(set)
						set &^= 1 << x
					}
					if p >= 0 {
						st.place(x, b, p)
					} else {
						st.place(d, b, x)
					}
				}
			}
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d band states checked", checked)
	}
}

// TestFastTriadsSound checks the triad rules and the hidden pairs on states
// that still hold the solution: from the clues of unique puzzles, the state
// follows the solution's digit at each cell pick chooses, and at every step
// each rule must keep every digit of the solution and report no
// contradiction. It also checks that each rule removed candidates on enough
// of those states, so that the check is not empty.
func TestFastTriadsSound(t *testing.T) {
	rules := []struct {
		name string
		run  func(*fstate) bool
	}{
		{"triads", func(st *fstate) bool { return st.triads(new([9]uint64)) }},
		{"hidden pairs", func(st *fstate) bool { return st.hiddenPairs(new([9]uint64)) }},
	}
	for _, r := range rules {
		t.Run(r.name, func(t *testing.T) { checkRuleSound(t, r.name, r.run) })
	}
}

// cluesPlaced is the fast engine's state with g's clues placed, before
// any propagation, for the tests that drive propagate by hand.
func cluesPlaced(g Grid) fstate {
	var st fstate
	for i := 0; i < 27; i++ {
		st.cand[i] = bandAll
	}
	st.unsolved = [4]uint32{bandAll, bandAll, bandAll}
	st.dirty, st.touched = bandAll, bandAll
	for i, d := range g {
		if d != 0 {
			st.place(int(d-1), i/27, i%27)
		}
	}
	return st
}

// checkRuleSound is TestFastTriadsSound for one rule.
func checkRuleSound(t *testing.T, name string, rule func(*fstate) bool) {
	changed, states := 0, 0
	for _, path := range []string{"../testdata/magictour.txt", "../testdata/17clue.txt", "testdata/hardmagictour.txt"} {
		for n, g := range loadGrids(t, path) {
			res, err := dlxEngine{}.Solve(g, Options{Limit: 2})
			if err != nil || res.Count != 1 {
				continue
			}
			sol := res.Solution
			s := fsearch{limit: 2} // the rule called below, on every state

			st := cluesPlaced(g)
			for s.propagate(&st) {
				if st.unsolved[0]|st.unsolved[1]|st.unsolved[2] == 0 {
					break
				}
				before := st
				if !rule(&st) {
					t.Fatalf("%s #%d: %s found a contradiction in a state that holds the solution", path, n, name)
				}
				states++
				if st.dirty != 0 {
					changed++
				}
				for i, d := range sol {
					if st.cand[i/27*9+int(d-1)]>>(i%27)&1 == 0 {
						t.Fatalf("%s #%d: %s removed %d from r%dc%d, the solution's digit (before: %v)",
							path, n, name, d, i/9+1, i%9+1, before.cand)
					}
				}
				b, p, d, set := s.pick(&st)
				if p >= 0 {
					st.place(int(sol[b*27+p]-1), b, p)
				} else {
					for m := set; m != 0; m &= m - 1 {
						if q := bits.TrailingZeros32(m); int(sol[b*27+q]) == d+1 {
							st.place(d, b, q)
						}
					}
					if st.dirty == 0 {
						t.Fatalf("%s #%d: the solution does not place %d in the row pick chose", path, n, d+1)
					}
				}
			}
		}
	}
	t.Logf("%d states, %s removed candidates in %d", states, name, changed)
	if states < 1000 || changed < states/20 {
		t.Fatalf("%s removed candidates in %d of %d states: too few to check the rule", name, changed, states)
	}
}

// TestFastTriadsOnlyAboveLimit1 checks when the triad rules run: Norvig's
// impossible puzzle has no solution, which they find without a guess with a
// limit above 1; with limit 1 they are off (so that the order of solutions
// stays as it was) and the search guesses.
func TestFastTriadsOnlyAboveLimit1(t *testing.T) {
	g := mustParse(t, impossible)
	res, err := fastEngine{}.Solve(g, Options{Limit: 2})
	if err != nil || res.Count != 0 || res.Guesses != 0 {
		t.Errorf("limit 2: %d solutions, %d guesses, %v; want 0 solutions without a guess", res.Count, res.Guesses, err)
	}
	res, err = fastEngine{}.Solve(g, Options{Limit: 1})
	if err != nil || res.Count != 0 || res.Guesses == 0 {
		t.Errorf("limit 1: %d solutions, %d guesses, %v; want 0 solutions after some guesses", res.Count, res.Guesses, err)
	}
}

// TestStackMatrix checks stacks' gather of a stack's 3x3 matrix by one
// multiplication against the plain definition, for every matrix of each
// stack under random bits in the other stacks and above bit 26.
func TestStackMatrix(t *testing.T) {
	rng := rand.New(rand.NewSource(519))
	for s := 0; s < 3; s++ {
		for m := uint32(0); m < 512; m++ {
			var in uint32 // the matrix m placed in stack s
			for band := 0; band < 3; band++ {
				for c := 0; c < 3; c++ {
					if m>>(band*3+c)&1 != 0 {
						in |= 1 << (band*9 + 3*s + c)
					}
				}
			}
			for k := 0; k < 64; k++ {
				var mine uint32 // stack s's columns
				for band := 0; band < 3; band++ {
					mine |= 7 << (band*9 + 3*s)
				}
				other := rng.Uint32() &^ mine
				if k%2 == 1 {
					other &= bandAll // half the runs without bits above 26
				}
				if got := stackMatrix(in|other, s); got != m {
					t.Fatalf("stack %d, matrix %09b, other bits %#x: got %09b", s, m, other, got)
				}
			}
		}
	}
}
