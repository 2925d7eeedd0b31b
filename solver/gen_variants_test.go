package solver

import (
	"math/rand"
	"os"
	"path/filepath"
	"testing"
)

// TestGenVariants is not a test but the generator of the gen-*.json files
// of testdata/variants (see its SOURCES.md): with GENVARIANTS=1 (and
// GENONLY=NAME for one of them) it writes, from fixed seeds, a puzzle per
// spec below: a random solution grid, constraints read off it, givens
// added until the rules engine finds one solution and removed while it
// stays one. TestVariantCorpus then checks every file.
func absDiff(a, b uint8) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}

// rowsCells returns the cells of the given rows (from 0) of an n x n grid.
func rowsCells(n int, rows ...int) []int {
	var out []int
	for _, r := range rows {
		for c := 0; c < n; c++ {
			out = append(out, r*n+c)
		}
	}
	return out
}

func TestGenVariants(t *testing.T) {
	if os.Getenv("GENVARIANTS") == "" {
		t.Skip("set GENVARIANTS=1 to write testdata/variants/gen-*.json")
	}
	type spec struct {
		name, title string
		size        int
		extra       func(n int) []Region
		globals     []Constraint
		make        func(r *Rules, sol []uint8, rng *rand.Rand) []Constraint
	}
	diag := func(n int, sol []uint8, start, dr, dc int) *LittleKiller {
		var cells []int
		r, c := start/n, start%n
		for r >= 0 && r < n && c >= 0 && c < n {
			cells = append(cells, r*n+c)
			r, c = r+dr, c+dc
		}
		return &LittleKiller{Cells: cells, Sum: sumOf(cells, sol)}
	}
	byKind := func(kind string, k int) func(r *Rules, sol []uint8, rng *rand.Rand) []Constraint {
		return func(r *Rules, sol []uint8, rng *rand.Rand) []Constraint {
			var out []Constraint
			for tries := 0; len(out) < k && tries < 200000; tries++ {
				c := randomConstraint(r.Size, sol, rng)
				if c == nil || c.Kind() != kind {
					continue
				}
				if nr, err := NewRules(r.Size, nil, r.Extra, append(append([]Constraint(nil), r.Constraints...), c)); err != nil || nr.Verify(make([]uint8, len(sol)), sol) != nil {
					continue
				}
				out = append(out, c)
			}
			return out
		}
	}
	windoku := func(n int) []Region {
		var out []Region
		for _, o := range [][2]int{{1, 1}, {1, 5}, {5, 1}, {5, 5}} {
			g := Region{Name: "window"}
			for k := 0; k < 9; k++ {
				g.Cells = append(g.Cells, (o[0]+k/3)*9+o[1]+k%3)
			}
			out = append(out, g)
		}
		return out
	}
	specs := []spec{
		{name: "littlekiller", title: "Little killer", size: 9, make: func(r *Rules, sol []uint8, rng *rand.Rand) []Constraint {
			var out []Constraint
			for _, s := range rng.Perm(8)[:6] {
				st := []struct{ start, dr, dc int }{{1, 1, 1}, {9, 1, 1}, {7, 1, -1}, {17, 1, -1}, {72 + 2, -1, 1}, {63, -1, 1}, {80 - 2, -1, -1}, {71, -1, -1}}[s]
				out = append(out, diag(9, sol, st.start, st.dr, st.dc))
			}
			return out
		}},
		{name: "sandwich", title: "Sandwich", size: 9, make: func(r *Rules, sol []uint8, rng *rand.Rand) []Constraint {
			var out []Constraint
			for i := 0; i < 9; i++ {
				for _, col := range []bool{false, true} {
					s := &Sandwich{Column: col, Index: i}
					s.init(r)
					p1, p9 := -1, -1
					for k, c := range s.line {
						if sol[c] == 1 {
							p1 = k
						}
						if sol[c] == 9 {
							p9 = k
						}
					}
					for k := min(p1, p9) + 1; k < max(p1, p9); k++ {
						s.Sum += int(sol[s.line[k]])
					}
					out = append(out, &Sandwich{Column: col, Index: i, Sum: s.Sum})
				}
			}
			return out
		}},
		{name: "xv-negative", title: "XV (all X and V given)", size: 9, make: func(r *Rules, sol []uint8, rng *rand.Rand) []Constraint {
			out := []Constraint{&NoXV{}}
			for _, p := range orthogonal(9) {
				if s := int(sol[p[0]] + sol[p[1]]); s == 5 || s == 10 {
					out = append(out, &XV{Cells: p, Sum: s})
				}
			}
			return out
		}},
		{name: "whispers", title: "German whispers", size: 9, make: func(r *Rules, sol []uint8, rng *rand.Rand) []Constraint {
			// German whispers proper: neighbours differ by at least 5 (the
			// default, not written in the file), each line as long as the
			// solution allows along a random walk.
			var out []Constraint
			for tries := 0; len(out) < 10 && tries < 100000; tries++ {
				walk := randomWalk(9, 3+rng.Intn(4), rng)
				k := 1
				for k < len(walk) && absDiff(sol[walk[k]], sol[walk[k-1]]) >= 5 {
					k++
				}
				if k >= 3 {
					out = append(out, &Whispers{Cells: walk[:k]})
				}
			}
			return out
		}},
		{name: "between", title: "Between lines", size: 9, make: byKind("between", 8)},
		{name: "minmax", title: "Minimum and maximum cells", size: 9, make: func(r *Rules, sol []uint8, rng *rand.Rand) []Constraint {
			var out []Constraint
			for c := 0; c < 81; c++ {
				lo, hi := true, true
				for _, nb := range neighbours(9, c) {
					lo = lo && sol[c] < sol[nb]
					hi = hi && sol[c] > sol[nb]
				}
				if lo {
					out = append(out, &Minimum{extremum{Cell: c}})
				}
				if hi {
					out = append(out, &Maximum{extremum{Cell: c}})
				}
			}
			return out
		}},
		{name: "quadruple", title: "Quadruples", size: 9, make: byKind("quadruple", 12)},
		{name: "antiking", title: "Anti-king", size: 9, globals: []Constraint{&AntiKing{}}, make: func(*Rules, []uint8, *rand.Rand) []Constraint { return nil }},
		{name: "nonconsecutive", title: "Non-consecutive", size: 9, globals: []Constraint{&NoDifference{}}, make: func(*Rules, []uint8, *rand.Rand) []Constraint { return nil }},
		{name: "windoku", title: "Windoku", size: 9, extra: windoku, make: func(*Rules, []uint8, *rand.Rand) []Constraint { return nil }},
		{name: "diagonal", title: "Diagonal", size: 9, extra: diagonals, make: func(*Rules, []uint8, *rand.Rand) []Constraint { return nil }},
		{name: "killer-8x8", title: "Killer 8x8", size: 8, make: byKind("killer", 14)},
		{name: "thermo-4x4", title: "Thermo 4x4", size: 4, make: byKind("thermometer", 3)},
		{name: "clone-6x6", title: "Clones 6x6", size: 6, make: byKind("clone", 2)},
		// Appended after the others, so their seeds (100 + index) stay.
		{name: "rowindexer", title: "Row indexers in rows 1, 5 and 9", size: 9, globals: []Constraint{&RowIndexer{indexer{Cells: rowsCells(9, 0, 4, 8)}}}, make: func(*Rules, []uint8, *rand.Rand) []Constraint { return nil }},
		{name: "boxindexer-6x6", title: "Box indexers in the first cell of each box, 6x6", size: 6, globals: []Constraint{&BoxIndexer{indexer{Cells: []int{0, 3, 12, 15, 24, 27}}}}, make: func(*Rules, []uint8, *rand.Rand) []Constraint { return nil }},
	}
	for i, sp := range specs {
		if only := os.Getenv("GENONLY"); only != "" && only != sp.name {
			continue
		}
		rng := rand.New(rand.NewSource(int64(100 + i)))
		var extra []Region
		if sp.extra != nil {
			extra = sp.extra(sp.size)
		}
		base, err := NewRules(sp.size, nil, extra, sp.globals)
		if err != nil {
			t.Fatal(err)
		}
		sol := randomSolution(base, rng)
		if sol[0] == 0 {
			t.Fatalf("%s: no solution grid", sp.name)
		}
		cs := append(append([]Constraint(nil), sp.globals...), sp.make(base, sol, rng)...)
		r, err := NewRules(sp.size, nil, extra, cs)
		if err != nil {
			t.Fatal(err)
		}
		n := r.Cells()
		givens := make([]uint8, n)
		for {
			res, err := r.search(givens, Options{Limit: 2, MaxNodes: 200000})
			if err == nil && res.Count == 1 {
				break
			}
			// Reveal a cell where the solutions found disagree with sol, else any.
			c := rng.Intn(n)
			if res.Count > 0 {
				for _, k := range rng.Perm(n) {
					if res.Solution[k] != sol[k] && givens[k] == 0 {
						c = k
						break
					}
				}
			}
			givens[c] = sol[c]
		}
		for _, c := range rng.Perm(n) { // drop givens that are not needed
			if givens[c] == 0 {
				continue
			}
			d := givens[c]
			givens[c] = 0
			if res, err := r.search(givens, Options{Limit: 2, MaxNodes: 200000}); err != nil || res.Count != 1 {
				givens[c] = d
			}
		}
		p := &Puzzle{Title: sp.title + " (generated)", Author: "generated by a program for these tests (not a published puzzle)", Rules: r, Givens: givens, Solution: sol}
		js, err := p.FPuzzlesJSON()
		if err != nil {
			t.Fatal(err)
		}
		k := 0
		for _, d := range givens {
			if d != 0 {
				k++
			}
		}
		t.Logf("%s: %d constraints, %d givens", sp.name, len(cs), k)
		os.WriteFile(filepath.Join("..", "testdata", "variants", "gen-"+sp.name+".json"), append(js, '\n'), 0o644)
	}
}
