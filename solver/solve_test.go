package solver

import (
	"context"
	"errors"
	"io"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const (
	impossible = ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4........."
	hardLine   = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	hardSol    = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
	// searchLine needs search from every engine (limit 2: fast 63 nodes,
	// prop 195, dlx 1643): the first puzzle of testdata/hardmagictour.txt.
	// Norvig's impossible puzzle no longer does: fast's triad rules find
	// its contradiction without a guess.
	searchLine = ".9....2.3........8..751........5..7...4....6..8...3.....6.4....1.............2..9"
)

func mustParse(t testing.TB, s string) Grid {
	t.Helper()
	g, err := Parse(s)
	if err != nil {
		t.Fatalf("Parse(%q): %v", s, err)
	}
	return g
}

// readEntries returns the puzzles of a corpus file, failing the test on an
// unreadable line. The corpus checks themselves (counts against notes,
// solutions) are corpus_test.go's, through sudoku/internal/corpus, which
// this package's own tests cannot import.
func readEntries(tb testing.TB, path string) []Entry {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	r := NewReader(f, ReadOptions{Name: filepath.Base(path)})
	var es []Entry
	for {
		e, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil || e.Err != nil {
			tb.Fatalf("%s:%d: %v %v", path, e.Line, err, e.Err)
		}
		es = append(es, e)
	}
	if len(es) == 0 {
		tb.Fatalf("%s: no puzzles", path)
	}
	return es
}

func TestSolveSpecialCases(t *testing.T) {
	for _, e := range Engines() {
		// The empty grid has many solutions; the first must be valid.
		res, err := e.Solve(Grid{}, Options{Limit: 2})
		if err != nil || res.Count != 2 || Standard.Verify(Grid{}, res.Solution) != nil {
			t.Errorf("%s: empty grid: %+v, %v; want 2 solutions, the first valid", e.Name(), res, err)
		}
		// Norvig's impossible puzzle: no solution, found with little search.
		res, err = e.Solve(mustParse(t, impossible), Options{Limit: 2, MaxNodes: 100000})
		if err != nil || res.Count != 0 {
			t.Errorf("%s: impossible puzzle: %+v, %v; want 0 solutions within 100000 nodes", e.Name(), res.Stats, err)
		}
		// Limit 1 stops at the first solution.
		res, err = e.Solve(mustParse(t, hardLine), Options{})
		if err != nil || res.Count != 1 || res.Solution.String() != hardSol {
			t.Errorf("%s: Solve(hard) = %v, %v; want %s", e.Name(), res.Solution, err, hardSol)
		}
	}
}

func TestSolveConflict(t *testing.T) {
	g := mustParse(t, hardLine)
	g[1] = 8 // r1c2 = 8 clashes with the 8 at r1c7
	for _, e := range Engines() {
		_, err := e.Solve(g, Options{})
		var ce *ConflictError
		if !errors.As(err, &ce) || !errors.Is(err, ErrConflict) {
			t.Fatalf("%s: Solve error = %v, want a *ConflictError", e.Name(), err)
		}
		if want := "digit 8 appears twice in row 1: r1c2 and r1c7"; err.Error() != want {
			t.Errorf("%s: error = %q, want %q", e.Name(), err, want)
		}
	}
	// The diagonal rule: a clash only on a diagonal is a conflict there only.
	var d Grid
	d[0], d[80] = 5, 5
	if err := Standard.Check(d); err != nil {
		t.Errorf("Standard.Check = %v, want nil", err)
	}
	if err := Diagonal.Check(d); err == nil || err.Error() != "digit 5 appears twice in main diagonal: r1c1 and r9c9" {
		t.Errorf("Diagonal.Check = %v, want a conflict on the main diagonal", err)
	}
}

// fullConflictTests are full grids whose clues clash in one kind of unit
// only: rows (columns and boxes valid), columns, boxes, each diagonal (a
// valid standard grid under the diagonal rules), and two the fuzzer found.
// Each is also solved nearly full (some cells blanked) and with only its
// first band kept: a band with every cell placed is where the fast engine's
// propagation cannot see a clash. Every grid is solved under every variant:
// a clash the variant's rules see is reported, else the grid is solved.
var fullConflictTests = []struct {
	name    string
	grid    string
	variant *Variant
	want    string // Check's error on the full grid
}{
	{"row", "147147147258258258369369369471471471582582582693693693714714714825825825936936936", Standard,
		"digit 1 appears twice in row 1: r1c1 and r1c4"},
	{"column", "123456789456789123789123456123456789456789123789123456123456789456789123789123456", Standard,
		"digit 1 appears twice in column 1: r1c1 and r4c1"},
	{"box", "123456789234567891345678912456789123567891234678912345789123456891234567912345678", Standard,
		"digit 2 appears twice in box 1: r1c2 and r2c1"},
	{"diagonal", hardSol, Diagonal,
		"digit 4 appears twice in main diagonal: r1c1 and r4c4"},
	{"anti-diagonal", "852473691719568324364921587298634715146857932537219846471396258623185479985742163", Diagonal,
		"digit 5 appears twice in anti-diagonal: r3c7 and r5c5"},
	{"all ones", strings.Repeat("1", 81), Standard,
		"digit 1 appears twice in row 1: r1c1 and r1c2"},
	{"same row nine times", strings.Repeat("123456789", 9), Standard,
		"digit 1 appears twice in column 1: r1c1 and r2c1"},
}

func TestSolveFullGridConflicts(t *testing.T) {
	for _, tt := range fullConflictTests {
		full := mustParse(t, tt.grid)
		if err := tt.variant.Check(full); err == nil || err.Error() != tt.want {
			t.Fatalf("%s: %s.Check = %v, want %q", tt.name, tt.variant.Name, err, tt.want)
		}
		if tt.variant != Standard {
			if err := Standard.Check(full); err != nil {
				t.Fatalf("%s: Standard.Check = %v, want nil (a clash only in the variant's units)", tt.name, err)
			}
		}
		nearly := full
		for i := 4; i < 81; i += 13 {
			nearly[i] = 0
		}
		var band Grid
		copy(band[:27], full[:27])
		for k, g := range []Grid{full, nearly, band} {
			for _, v := range Variants() {
				want := v.Check(g)
				if want == nil && v == tt.variant && k != 2 { // a band alone may hold no clash
					t.Fatalf("%s: %s.Check(%s) = nil, want a conflict", tt.name, v.Name, g)
				}
				for _, e := range Engines() {
					for _, limit := range []int{1, 2} {
						res, err := e.Solve(g, Options{Variant: v, Limit: limit})
						if want != nil {
							var ce *ConflictError
							if !errors.As(err, &ce) || err.Error() != want.Error() || res != (Result{}) {
								t.Errorf("%s: %s.Solve(%s, %s, limit %d) = %+v, %v; want %q", tt.name, e.Name(), g, v.Name, limit, res, err, want)
							}
							continue
						}
						// No clash under these rules: the grid is (or leads to) a solution.
						if err != nil || res.Count < 1 || (k == 0 && (res.Count != 1 || res.Solution != g)) {
							t.Errorf("%s: %s.Solve(%s, %s, limit %d) = %+v, %v; want a solution", tt.name, e.Name(), g, v.Name, limit, res, err)
						} else if err := v.Verify(g, res.Solution); err != nil {
							t.Errorf("%s: %s.Solve(%s, %s, limit %d): %v", tt.name, e.Name(), g, v.Name, limit, err)
						}
					}
				}
			}
		}
	}
}

func TestVerify(t *testing.T) {
	p, sol := mustParse(t, hardLine), mustParse(t, hardSol)
	if err := Standard.Verify(p, sol); err != nil {
		t.Fatalf("Verify(solution) = %v", err)
	}
	bad := []Grid{sol, sol, sol}
	bad[0][3] = 0                               // a hole
	bad[1][0], bad[1][1] = bad[1][1], bad[1][0] // a changed clue (r1c1 is a clue)
	bad[2][1], bad[2][2] = bad[2][2], bad[2][1] // two non-clue cells swapped: columns broken
	for i, b := range bad {
		if err := Standard.Verify(p, b); !errors.Is(err, ErrMismatch) {
			t.Errorf("Verify(bad[%d]) = %v, want ErrMismatch", i, err)
		}
	}
	// A valid standard solution is not necessarily a diagonal one.
	if err := Diagonal.Verify(p, sol); !errors.Is(err, ErrMismatch) {
		t.Errorf("Diagonal.Verify = %v, want ErrMismatch", err)
	}
}

func TestBudget(t *testing.T) {
	g := mustParse(t, searchLine)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, e := range Engines() {
		res, err := e.Solve(g, Options{Limit: 2, MaxNodes: 5})
		if !errors.Is(err, ErrBudget) || res.Nodes > 5 {
			t.Errorf("%s: MaxNodes 5: %+v, %v; want ErrBudget within 5 nodes", e.Name(), res.Stats, err)
		}
		res, err = e.Solve(Grid{}, Options{Limit: 1 << 30, Context: ctx})
		if !errors.Is(err, ErrBudget) || !errors.Is(err, context.Canceled) {
			t.Errorf("%s: cancelled context: %v; want ErrBudget and context.Canceled", e.Name(), err)
		}
		if res.Nodes > 1<<12 {
			t.Errorf("%s: cancelled context noticed after %d nodes", e.Name(), res.Nodes)
		}
	}
}

func TestDeterministic(t *testing.T) {
	for _, c := range readEntries(t, filepath.Join("..", "testdata", "serg.txt"))[:50] {
		for _, e := range Engines() {
			a, errA := e.Solve(c.Clues, Options{Limit: 2})
			b, errB := e.Solve(c.Clues, Options{Limit: 2})
			if a != b || errA != errB {
				t.Fatalf("serg.txt:%d: %s gives %+v then %+v", c.Line, e.Name(), a, b)
			}
		}
	}
}

func TestLookup(t *testing.T) {
	for _, name := range []string{"", "standard", "Diagonal"} {
		if _, err := LookupVariant(name); err != nil {
			t.Errorf("LookupVariant(%q) = %v", name, err)
		}
	}
	if _, err := LookupVariant("windoku"); !errors.Is(err, ErrUnknown) {
		t.Errorf("LookupVariant(windoku) = %v, want ErrUnknown", err)
	}
	for _, name := range EngineNames() {
		if e, err := LookupEngine(name); err != nil || e.Name() != name {
			t.Errorf("LookupEngine(%q) = %v, %v", name, e, err)
		}
	}
	if _, err := LookupEngine("quantum"); !errors.Is(err, ErrUnknown) {
		t.Errorf("LookupEngine(quantum) = %v, want ErrUnknown", err)
	}
	if n := Diagonal.NumUnits(); n != 29 || Standard.NumUnits() != 27 {
		t.Errorf("NumUnits = %d, %d; want 27, 29", Standard.NumUnits(), n)
	}
	if len(Standard.Peers(40)) != 20 || len(Diagonal.Peers(40)) != 32 || len(Diagonal.Peers(1)) != 20 {
		t.Errorf("peers of r5c5 = %d (standard), %d (diagonal); of r1c2 = %d (diagonal)",
			len(Standard.Peers(40)), len(Diagonal.Peers(40)), len(Diagonal.Peers(1)))
	}
}

// A transform maps cell c to cell perm[c] and digit d to relabel[d].
type transform struct {
	perm    [81]int
	relabel [10]uint8
}

func (tr *transform) apply(g Grid) Grid {
	var out Grid
	for c, d := range g {
		out[tr.perm[c]] = tr.relabel[d]
	}
	return out
}

// randomTransform returns a random symmetry of the variant: digit
// relabelling, transposition, and (standard only) row permutations within a
// band, band permutations, the same for columns and stacks; for the
// diagonal variant the moves that keep both diagonals: transposition and the
// half turn.
func randomTransform(rng *rand.Rand, v *Variant) transform {
	var tr transform
	for i, d := range rng.Perm(9) {
		tr.relabel[i+1] = uint8(d + 1)
	}
	rows, cols := [9]int{}, [9]int{}
	for i := range rows {
		rows[i], cols[i] = i, i
	}
	if v == Standard {
		shuffle := func(p *[9]int) {
			bands := rng.Perm(3)
			var q [9]int
			for b := 0; b < 3; b++ {
				within := rng.Perm(3)
				for k := 0; k < 3; k++ {
					q[b*3+k] = p[bands[b]*3+within[k]]
				}
			}
			*p = q
		}
		shuffle(&rows)
		shuffle(&cols)
	} else if rng.Intn(2) == 0 {
		for i := range rows {
			rows[i], cols[i] = 8-i, 8-i
		}
	}
	transpose := rng.Intn(2) == 0
	for r := 0; r < 9; r++ {
		for c := 0; c < 9; c++ {
			nr, nc := rows[r], cols[c]
			if transpose {
				nr, nc = nc, nr
			}
			tr.perm[r*9+c] = nr*9 + nc
		}
	}
	return tr
}

func TestSymmetry(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for _, f := range []string{"special.txt", "magictour.txt", "serg.txt", "17clue.txt"} {
		cs := readEntries(t, filepath.Join("..", "testdata", f))
		for _, c := range cs[:min(len(cs), 40)] {
			for i := 0; i < 3; i++ {
				tr := randomTransform(rng, c.Variant)
				moved := tr.apply(c.Clues)
				for _, e := range Engines() {
					opt := Options{Variant: c.Variant, Limit: 2}
					orig, err1 := e.Solve(c.Clues, opt)
					res, err2 := e.Solve(moved, opt)
					switch {
					case (err1 == nil) != (err2 == nil) || orig.Count != res.Count:
						t.Errorf("%s:%d: %s: %d solutions (%v), transformed %d (%v)", f, c.Line, e.Name(), orig.Count, err1, res.Count, err2)
					case res.Count > 0 && c.Variant.Verify(moved, res.Solution) != nil:
						t.Errorf("%s:%d: %s: the transformed puzzle's solution is wrong: %v", f, c.Line, e.Name(), c.Variant.Verify(moved, res.Solution))
					case orig.Count == 1 && res.Solution != tr.apply(orig.Solution):
						t.Errorf("%s:%d: %s: the solution of the transformed puzzle is not the transformed solution", f, c.Line, e.Name())
					}
				}
			}
		}
	}
}

// TestBudgetSpend checks spend, whose usual case skips the checks below a
// bound it keeps, against the checks made on every node: the same answers,
// node counts and errors, with node limits around the 1024-node steps at
// which the context is asked, and contexts cancelled at various nodes.
func TestBudgetSpend(t *testing.T) {
	// every is spend with both checks on every node.
	every := func(b *budget) bool {
		if b.max > 0 && b.nodes >= b.max {
			b.err = &budgetError{nodes: b.nodes}
			return false
		}
		b.nodes++
		if b.ctx != nil && b.nodes&1023 == 0 {
			if err := b.ctx.Err(); err != nil {
				b.err = &budgetError{nodes: b.nodes, cause: err}
				return false
			}
		}
		return true
	}
	for _, max := range []int64{0, 1, 2, 1023, 1024, 1025, 2047, 2048, 3000} {
		for _, cancelAt := range []int{-1, 0, 1, 1022, 1023, 1024, 1500, 2047, 2048} {
			var got, want budget
			got.max, want.max = max, max
			ctxGot, cancelGot := context.WithCancel(context.Background())
			ctxWant, cancelWant := context.WithCancel(context.Background())
			if cancelAt >= 0 {
				got.ctx, want.ctx = ctxGot, ctxWant
			}
			for call := 0; call < 4000; call++ {
				if call == cancelAt {
					cancelGot()
					cancelWant()
				}
				g, w := got.spend(), every(&want)
				if g != w || got.nodes != want.nodes || (got.err == nil) != (want.err == nil) {
					t.Fatalf("max %d, cancelled at call %d: call %d: spend %v with %d nodes (%v), want %v with %d nodes (%v)",
						max, cancelAt, call, g, got.nodes, got.err, w, want.nodes, want.err)
				}
				if !w {
					if got.err.Error() != want.err.Error() {
						t.Fatalf("max %d, cancelled at call %d: error %q, want %q", max, cancelAt, got.err, want.err)
					}
					break
				}
			}
			cancelGot()
			cancelWant()
		}
	}
}
