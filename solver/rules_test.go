package solver

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// bruteCount counts the solutions of givens under r by plain backtracking:
// cells in order, digits that differ from filled peers, every constraint
// checked only on the full grid; the independent engine of the
// differential tests. It also returns the union of the solutions (true
// candidates) and stops after max solutions.
func bruteCount(r *Rules, givens []uint8, max int) (int, []uint16) {
	n := r.Cells()
	g := append([]uint8(nil), givens...)
	union := make([]uint16, n)
	count := 0
	var rec func(c int) bool
	rec = func(c int) bool {
		if c == n {
			for _, k := range r.Constraints {
				if !k.check(r, g) {
					return true
				}
			}
			count++
			for i, d := range g {
				union[i] |= 1 << (d - 1)
			}
			return count < max
		}
		if givens[c] != 0 {
			for _, p := range r.Peers(c) {
				if p < c && g[p] == g[c] {
					return true
				}
			}
			return rec(c + 1)
		}
	next:
		for d := uint8(1); int(d) <= r.Size; d++ {
			for _, p := range r.Peers(c) {
				if p < c && g[p] == d {
					continue next
				}
			}
			g[c] = d
			if !rec(c + 1) {
				g[c] = 0
				return false
			}
		}
		g[c] = 0
		return true
	}
	rec(0)
	return count, union
}

// randomSolution fills an empty grid under r with digits in a random
// order, pruned by the constraints' propagation (it only makes test
// puzzles: bruteCount, not this, is the oracle).
func randomSolution(r *Rules, rng *rand.Rand) []uint8 {
	n := r.Cells()
	g := make([]uint8, n)
	var rec func(c int) bool
	rec = func(c int) bool {
		cand := make([]uint16, n)
		for i := range cand {
			cand[i] = 1<<r.Size - 1
			if g[i] != 0 {
				cand[i] = 1 << (g[i] - 1)
			}
		}
		for _, k := range r.Constraints {
			if !k.propagate(r, cand) {
				return false
			}
		}
		if c == n {
			return r.Verify(g, g) == nil
		}
		for _, d := range rng.Perm(r.Size) {
			ok := true
			for _, p := range r.Peers(c) {
				if p < c && int(g[p]) == d+1 {
					ok = false
				}
			}
			if ok {
				g[c] = uint8(d + 1)
				if rec(c + 1) {
					return true
				}
			}
		}
		g[c] = 0
		return false
	}
	rec(0)
	return g
}

// randomWalk returns up to k distinct cells, each a king's move from the last.
func randomWalk(n, k int, rng *rand.Rand) []int {
	cells := []int{rng.Intn(n * n)}
	for len(cells) < k {
		c := cells[len(cells)-1]
		var next []int
		for dr := -1; dr <= 1; dr++ {
			for dc := -1; dc <= 1; dc++ {
				r, q := c/n+dr, c%n+dc
				if r >= 0 && r < n && q >= 0 && q < n && !slices.Contains(cells, r*n+q) {
					next = append(next, r*n+q)
				}
			}
		}
		if len(next) == 0 {
			break
		}
		cells = append(cells, next[rng.Intn(len(next))])
	}
	return cells
}

// randomConstraint returns a constraint of a random kind that the solution
// sol keeps (its numbers read off sol), or nil.
func randomConstraint(n int, sol []uint8, rng *rand.Rand) Constraint {
	walk := randomWalk(n, 2+rng.Intn(4), rng)
	sum := func(cells []int) int { return sumOf(cells, sol) }
	pair := func() [2]int {
		c := rng.Intn(n * n)
		nb := neighbours(n, c)
		return [2]int{c, nb[rng.Intn(len(nb))]}
	}
	switch rng.Intn(19) {
	case 0:
		return &Killer{Cells: walk, Sum: sum(walk)}
	case 1:
		return &LittleKiller{Cells: walk, Sum: sum(walk)}
	case 2:
		return &Arrow{Circle: walk[:1], Line: walk[1:]}
	case 3:
		return &Sandwich{Column: rng.Intn(2) == 0, Index: rng.Intn(n), Sum: rng.Intn(n * 2)}
	case 4:
		return &Thermometer{Cells: walk}
	case 5:
		return &Whispers{Cells: walk, Diff: 1 + rng.Intn(n/2)}
	case 6:
		return &Renban{Cells: walk}
	case 7:
		return &Palindrome{Cells: walk}
	case 8:
		return &Between{Cells: walk}
	case 9:
		p := pair()
		return &Difference{Cells: p, Diff: 1 + rng.Intn(2)}
	case 10:
		return &Ratio{Cells: pair()}
	case 11:
		p := pair()
		return &XV{Cells: p, Sum: int(sol[p[0]] + sol[p[1]])}
	case 12:
		return []Constraint{&NoDifference{}, &NoRatio{}, &NoXV{}, &NonConsecutive{}}[rng.Intn(4)]
	case 13:
		return []Constraint{&AntiKnight{}, &AntiKing{}}[rng.Intn(2)]
	case 14:
		if rng.Intn(2) == 0 {
			return &Odd{parity{Cell: rng.Intn(n * n)}}
		}
		return &Even{parity{Cell: rng.Intn(n * n)}}
	case 15:
		if rng.Intn(2) == 0 {
			return &Minimum{extremum{Cell: rng.Intn(n * n)}}
		}
		return &Maximum{extremum{Cell: rng.Intn(n * n)}}
	case 16:
		c := rng.Intn(n-1) + rng.Intn(n-1)*n
		cells := []int{c, c + 1, c + n, c + n + 1}
		return &Quadruple{Cells: cells, Digits: []int{int(sol[cells[rng.Intn(4)]]), int(sol[cells[rng.Intn(4)]])}}
	case 17:
		if len(walk) < 2 {
			return nil
		}
		h := len(walk) / 2
		return &Clone{Cells: walk[:h], Clones: walk[h : 2*h]}
	}
	return &Killer{Cells: walk[:2]}
}

// randomIndexer returns a row, column or box indexer on a whole row,
// column or box, or on a few random cells. The solution is made under it
// (it cannot be read off a solution made without it).
func randomIndexer(n int, rng *rand.Rand) Constraint {
	var cells []int
	k := rng.Intn(n)
	switch rng.Intn(3) {
	case 0:
		for i := 0; i < n; i++ {
			cells = append(cells, k*n+i)
		}
	case 1:
		for i := 0; i < n; i++ {
			cells = append(cells, i*n+k)
		}
	default:
		cells = rng.Perm(n * n)[:1+rng.Intn(n)]
	}
	switch rng.Intn(3) {
	case 0:
		return &RowIndexer{indexer{Cells: cells}}
	case 1:
		return &ColumnIndexer{indexer{Cells: cells}}
	}
	return &BoxIndexer{indexer{Cells: cells}}
}

// randomRules returns rules of size n with up to k constraints kept by a
// random solution, and givens showing part of that solution.
func randomRules(t *testing.T, n, k int, show float64, rng *rand.Rand) (*Rules, []uint8) {
	t.Helper()
	// A global rule, sometimes, so that the solution keeps it.
	var cs []Constraint
	if rng.Intn(3) == 0 {
		cs = append(cs, []Constraint{&NoRatio{}, &NoXV{}, &NonConsecutive{}, &AntiKnight{}, &AntiKing{}}[rng.Intn(5)])
	}
	if n <= 6 && rng.Intn(3) == 0 { // randomSolution is slow under indexers on bigger grids
		cs = append(cs, randomIndexer(n, rng))
	}
	base, err := NewRules(n, nil, nil, cs)
	if err != nil {
		t.Fatal(err)
	}
	sol := randomSolution(base, rng)
	if sol[0] == 0 {
		cs = nil // no solution under the global rule
		base, _ = NewRules(n, nil, nil, nil)
		sol = randomSolution(base, rng)
	}
	for tries := 0; len(cs) < k && tries < 1000; tries++ {
		c := randomConstraint(n, sol, rng)
		if c == nil {
			continue
		}
		r, err := NewRules(n, nil, nil, append(slices.Clone(cs), c))
		if err != nil || r.Verify(make([]uint8, n*n), sol) != nil {
			continue
		}
		cs = append(cs, c)
	}
	r, err := NewRules(n, nil, nil, cs)
	if err != nil {
		t.Fatal(err)
	}
	givens := make([]uint8, n*n)
	for c := range givens {
		if rng.Float64() < show {
			givens[c] = sol[c]
		}
	}
	return r, givens
}

func TestRulesAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewSource(20))
	kinds := map[string]int{}
	for i := 0; i < 300; i++ {
		n, show := 4, 0.1
		if i%2 == 1 {
			n, show = 6, 0.45
		}
		r, givens := randomRules(t, n, 1+rng.Intn(4), show, rng)
		for _, c := range r.Constraints {
			kinds[c.Kind()]++
		}
		want, wantCands := bruteCount(r, givens, 1000)
		res, err := r.search(givens, Options{Limit: 1000})
		if err != nil || res.Count != want {
			t.Fatalf("case %d: rules engine counts %d (%v), brute force %d\n%s", i, res.Count, err, want, strings.Join(r.Describe(), "\n"))
		}
		if want > 0 {
			if err := r.Verify(givens, res.Solution); err != nil {
				t.Fatalf("case %d: %v", i, err)
			}
		}
		cands, err := r.TrueCandidates(givens, Options{})
		if err != nil || !slices.Equal(cands, wantCands) {
			t.Fatalf("case %d: true candidates %v (%v), brute force %v\n%s", i, cands, err, wantCands, strings.Join(r.Describe(), "\n"))
		}
	}
	for _, k := range constraintKinds {
		if kinds[k.kind] == 0 && k.kind != "nodifference" {
			t.Errorf("kind %s never drawn", k.kind)
		}
	}
}

func TestRulesAgainstFast(t *testing.T) {
	var cases []Entry
	for _, f := range []struct {
		name string
		n    int // the first n puzzles; 0 for all
	}{{"special.txt", 0}, {"17clue.txt", 200}, {"magictour.txt", 0}, {"serg.txt", 100}} {
		es := readEntries(t, filepath.Join("..", "testdata", f.name))
		if f.n > 0 {
			es = es[:f.n]
		}
		cases = append(cases, es...)
	}
	for _, tc := range cases {
		r := ClassicRules(tc.Variant == Diagonal)
		want, werr := engines[0].Solve(tc.Clues, Options{Variant: tc.Variant, Limit: 2})
		got, gerr := r.search(tc.Clues[:], Options{Limit: 2})
		if (werr == nil) != (gerr == nil) {
			t.Errorf("line %d (%s): rules engine error %v, fast %v", tc.Line, tc.Clues, gerr, werr)
			continue
		}
		if got.Count != want.Count {
			t.Errorf("line %d (%s): rules engine counts %d, fast %d", tc.Line, tc.Clues, got.Count, want.Count)
		}
		if got.Count == 1 && string(got.Solution) != string(want.Solution[:]) {
			t.Errorf("line %d (%s): solutions differ", tc.Line, tc.Clues)
		}
	}
}

func TestRulesDescribeAndJSON(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	for i := 0; i < 40; i++ {
		r, _ := randomRules(t, 6, 6, 0, rng)
		b, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		var back Rules
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatalf("reading back %s: %v", b, err)
		}
		b2, _ := json.Marshal(&back)
		if string(b) != string(b2) {
			t.Errorf("JSON round trip:\n%s\n%s", b, b2)
		}
		if !slices.Equal(r.Describe(), back.Describe()) {
			t.Errorf("descriptions differ after a round trip")
		}
		for _, s := range r.Describe() {
			if !strings.HasSuffix(s, ".") || strings.ToUpper(s[:1]) != s[:1] {
				t.Errorf("description %q: want one sentence", s)
			}
		}
	}
}

var badRules = []struct {
	name    string
	size    int
	regions [][]int
	extra   []Region
	cs      []Constraint
	want    error
	in      string
}{
	{"size 3", 3, nil, nil, nil, ErrRules, "size 3"},
	{"size 7 without regions", 7, nil, nil, nil, ErrRules, "no boxes"},
	{"regions overlap", 4, [][]int{{0, 1, 2, 3}, {0, 5, 6, 7}, {8, 9, 10, 11}, {12, 13, 14, 15}}, nil, nil, ErrRules, "do not tile"},
	{"region too small", 4, [][]int{{0, 1, 2}, {3, 4, 5, 6}, {8, 9, 10, 11}, {12, 13, 14, 15}}, nil, nil, ErrRules, "3 cells"},
	{"cell outside", 4, nil, nil, []Constraint{&Killer{Cells: []int{0, 16}, Sum: 3}}, ErrRules, "outside"},
	{"impossible cage", 9, nil, nil, []Constraint{&Killer{Cells: []int{0, 1}, Sum: 18}}, ErrRules, "sum to 18"},
	{"cage too long", 4, nil, nil, []Constraint{&Killer{Cells: []int{0, 1, 2, 3, 4}}}, ErrRules, "at most 4"},
	{"dot far apart", 9, nil, nil, []Constraint{&Difference{Cells: [2]int{0, 2}}}, ErrRules, "not neighbours"},
	{"long thermometer", 4, nil, nil, []Constraint{&Thermometer{Cells: []int{0, 1, 2, 3, 7}}}, ErrRules, "cannot increase"},
	{"bad little killer", 4, nil, nil, []Constraint{&LittleKiller{Cells: []int{0, 5}, Sum: 9}}, ErrRules, "cannot sum"},
	{"extra region too big", 4, nil, []Region{{Name: "x", Cells: []int{0, 1, 2, 3, 4}}}, nil, ErrRules, "5 cells"},
}

func TestBadRules(t *testing.T) {
	for _, tt := range badRules {
		_, err := NewRules(tt.size, tt.regions, tt.extra, tt.cs)
		if !errors.Is(err, tt.want) || !strings.Contains(fmt.Sprint(err), tt.in) {
			t.Errorf("%s: NewRules = %v, want %v containing %q", tt.name, err, tt.want, tt.in)
		}
	}
	var r Rules
	if err := json.Unmarshal([]byte(`{"size":9,"constraints":[{"kind":"indexer"}]}`), &r); !errors.Is(err, ErrUnsupported) || !strings.Contains(err.Error(), "indexer") {
		t.Errorf("unknown kind: %v, want ErrUnsupported naming it", err)
	}
}

func TestRulesBudget(t *testing.T) {
	r := ClassicRules(false)
	g := mustParseGrid(t, searchLine)                                         // search needed by both rules
	r2, _ := NewRules(9, nil, nil, []Constraint{&Killer{Cells: []int{0, 1}}}) // not classic: the rules engine
	for _, rr := range []*Rules{r, r2} {
		res, err := rr.Solve(g[:], Options{Limit: 2, MaxNodes: 3})
		if !errors.Is(err, ErrBudget) || res.Nodes > 3 {
			t.Errorf("MaxNodes 3: %v after %d nodes, want ErrBudget", err, res.Nodes)
		}
		if _, err := rr.TrueCandidates(make([]uint8, 81), Options{MaxNodes: 50}); !errors.Is(err, ErrBudget) {
			t.Errorf("TrueCandidates with MaxNodes 50: %v, want ErrBudget", err)
		}
	}
	g = mustParseGrid(t, impossible)
	g[1] = 5
	if _, err := r2.Solve(g[:], Options{}); !errors.Is(err, ErrConflict) || !strings.Contains(err.Error(), "r1c2 and r1c6") {
		t.Errorf("clashing givens: %v, want a conflict naming r1c2 and r1c6", err)
	}
}

func mustParseGrid(t *testing.T, s string) Grid {
	t.Helper()
	g, err := Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return g
}
