package solver

import (
	"fmt"
	"math/rand"
	"testing"
)

// TestHiddenPairs runs the hidden pair rule on hand-built positions: every
// cell open with every candidate, less the candidates each case takes, and
// compares the boards with those expected.
func TestHiddenPairs(t *testing.T) {
	// A candidate: digit d (1-9) in row r, column c (1-9).
	type rc struct{ d, r, c int }
	// but returns f(k) for k from 1 to 9, less the k in keep.
	but := func(keep []int, f func(k int) rc) []rc {
		var out []rc
	next:
		for k := 1; k <= 9; k++ {
			for _, x := range keep {
				if x == k {
					continue next
				}
			}
			out = append(out, f(k))
		}
		return out
	}
	// others returns the places of digit d in row r (or column c, if r is
	// 0) other than those listed: to take them is to leave the digit only
	// there in the unit.
	others := func(d, r, c int, keep ...int) []rc {
		return but(keep, func(k int) rc {
			if r != 0 {
				return rc{d, r, k}
			}
			return rc{d, k, c}
		})
	}
	// allBut returns the candidates of cell (r, c) other than the digits
	// keep.
	allBut := func(r, c int, keep ...int) []rc {
		return but(keep, func(d int) rc { return rc{d, r, c} })
	}
	join := func(ls ...[]rc) []rc {
		var out []rc
		for _, l := range ls {
			out = append(out, l...)
		}
		return out
	}
	cases := []struct {
		name     string
		take     []rc // taken before the rule runs
		removed  []rc // what the rule must take
		possible bool // false: the rule must report a contradiction
	}{
		{"nothing", nil, nil, true},
		{"row pair", join(others(1, 1, 0, 2, 7), others(2, 1, 0, 2, 7)),
			join(allBut(1, 2, 1, 2), allBut(1, 7, 1, 2)), true},
		{"column pair across bands", join(others(4, 0, 6, 3, 8), others(9, 0, 6, 3, 8)),
			join(allBut(3, 6, 4, 9), allBut(8, 6, 4, 9)), true},
		{"column pair in one band", join(others(5, 0, 9, 4, 6), others(6, 0, 9, 4, 6)),
			join(allBut(4, 9, 5, 6), allBut(6, 9, 5, 6)), true},
		{"two places each, not the same", join(others(1, 5, 0, 1, 2), others(2, 5, 0, 2, 3)), nil, true},
		{"a digit with two places, another with three", join(others(1, 5, 0, 1, 2), others(2, 5, 0, 1, 2, 3)), nil, true},
		{"already a naked pair", join(others(3, 9, 0, 4, 5), others(8, 9, 0, 4, 5), allBut(9, 4, 3, 8), allBut(9, 5, 3, 8)), nil, true},
		{"three digits in two cells of a row", join(others(1, 2, 0, 5, 6), others(2, 2, 0, 5, 6), others(3, 2, 0, 5, 6)), nil, false},
		{"three digits in two cells of a column", join(others(7, 0, 1, 1, 9), others(8, 0, 1, 1, 9), others(9, 0, 1, 1, 9)), nil, false},
	}
	set := func(st *fstate, x rc, on bool) {
		b, p := (x.r-1)/3, (x.r-1)%3*9+x.c-1
		if on {
			st.cand[b*9+x.d-1] |= 1 << p
		} else {
			st.cand[b*9+x.d-1] &^= 1 << p
		}
	}
	for _, tc := range cases {
		var st fstate
		for i := 0; i < 27; i++ {
			st.cand[i] = bandAll
		}
		st.unsolved = [4]uint32{bandAll, bandAll, bandAll}
		for _, x := range tc.take {
			set(&st, x, false)
		}
		// The bivalue cells, as propagation leaves them.
		for i := 0; i < 81; i++ {
			n := 0
			for d := 0; d < 9; d++ {
				n += int(st.cand[i/27*9+d] >> (i % 27) & 1)
			}
			if n == 2 {
				st.bi[i/27] |= 1 << (i % 27)
			}
		}
		want := st
		var dirty uint32
		for _, x := range tc.removed {
			set(&want, x, false)
			dirty |= 1 << ((x.r-1)/3*9 + x.d - 1)
		}
		want.dirty = dirty
		ok := st.hiddenPairs(new([9]uint64))
		if ok != tc.possible {
			t.Errorf("%s: hiddenPairs returned %v, want %v", tc.name, ok, tc.possible)
			continue
		}
		if !ok {
			continue
		}
		if st != want {
			t.Errorf("%s: boards\n%s\nwant\n%s", tc.name, boardsString(&st), boardsString(&want))
		}
	}
}

// boardsString shows the candidates of each cell whose candidates are not
// all nine, and the dirty boards.
func boardsString(st *fstate) string {
	s := fmt.Sprintf("dirty %027b:", st.dirty)
	for i := 0; i < 81; i++ {
		var ds string
		for d := 0; d < 9; d++ {
			if st.cand[i/27*9+d]>>(i%27)&1 != 0 {
				ds += fmt.Sprint(d + 1)
			}
		}
		if len(ds) < 9 {
			s += fmt.Sprintf(" r%dc%d=%s", i/9+1, i%9+1, ds)
		}
	}
	return s
}

// TestPairPlaces checks pairPlaces against a plain count of each digit's
// places per row and column, on random candidate boards. Each board is
// sparse or dense at random, so that every count from 0 to 9 turns up.
func TestPairPlaces(t *testing.T) {
	rng := rand.New(rand.NewSource(19))
	var counts [10]int // rows and columns seen with each count
	for n := 0; n < 20000; n++ {
		var c [36]uint32
		p := rng.Intn(9)
		for i := 0; i < 27; i++ {
			for j := 0; j < 27; j++ {
				if rng.Intn(8) < p {
					c[i] |= 1 << j
				}
			}
		}
		// Garbage in the unused boards must not matter.
		for i := 27; i < 36; i++ {
			c[i] = rng.Uint32()
		}
		var ws [9]uint64
		c2 := pairPlaces(&c, &ws)
		var want [9]uint64
		var want2 uint64
		for d := 0; d < 9; d++ {
			has := func(r, k int) bool { return c[r/3*9+d]>>(r%3*9+k)&1 != 0 }
			for u := 0; u < 9; u++ {
				nr, nc := 0, 0
				for v := 0; v < 9; v++ {
					if has(u, v) {
						nr++
					}
					if has(v, u) {
						nc++
					}
				}
				counts[nr]++
				counts[nc]++
				if nr == 2 {
					want[d] |= 1 << (u%3*9 + u/3*3)
				}
				if nc == 2 {
					want[d] |= 1 << (27 + u)
				}
			}
			for e := 0; e < d; e++ {
				want2 |= want[d] & want[e]
			}
		}
		if ws != want || c2 != want2 {
			t.Fatalf("boards %x:\nws %x, two or more %x\nwant %x, %x", c, ws, c2, want, want2)
		}
	}
	for k, n := range counts {
		if n == 0 {
			t.Errorf("no row or column with %d places", k)
		}
	}
}
