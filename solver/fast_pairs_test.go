package solver

import (
	"fmt"
	"math/bits"
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

// hiddenPairsLoop is hiddenPairs as it was before the pairs' mask
// (pairMask): a test of each of the 36 pairs of digits as a branch. It is
// kept here as the reference TestHiddenPairsMask compares with.
func (st *fstate) hiddenPairsLoop(ws *[9]uint64) bool {
	c := &st.cand
	c2 := pairPlaces(c, ws)
	if c2 == 0 {
		return true
	}
	for d1 := 0; d1 < 8; d1++ {
		w1 := ws[d1] & c2
		if w1 == 0 {
			continue
		}
		for d2 := d1 + 1; d2 < 9; d2++ {
			both := w1 & ws[d2]
			if both == 0 {
				continue
			}
			for rows := uint32(both) & pairRows; rows != 0; rows &= rows - 1 {
				q := uint32(bits.TrailingZeros32(rows))
				b := int(pairBands >> (2 * q & 63) & 3)
				sh := q - uint32(b)*3
				i := (b*9 + d1) & 31
				p := c[i] & (rowBits << sh)
				if p != c[(b*9+d2)&31]&(rowBits<<sh) || p&^st.bi[b&3] == 0 {
					continue
				}
				if !st.keepPair(d1, d2, b, p, rowBits<<sh, 0) {
					return false
				}
			}
			if cols := uint32(both >> 27); cols != 0 {
				cols &^= colsOf((c[d1] ^ c[d2]) | (c[9+d1] ^ c[9+d2]) | (c[18+d1] ^ c[18+d2]))
				for ; cols != 0; cols &= cols - 1 {
					col := uint32(colRepl) << bits.TrailingZeros32(cols)
					for b := 0; b < 3; b++ {
						if p := c[(b*9+d1)&31] & col; p&^st.bi[b&3] != 0 {
							if !st.keepPair(d1, d2, b, p, 0, col) {
								return false
							}
						}
					}
				}
			}
		}
	}
	return true
}

// TestPairMask checks pairMask against a plain test of each pair of digits,
// and pairDigits against the order of a loop over d1 < d2.
func TestPairMask(t *testing.T) {
	k := 0
	for d1 := 0; d1 < 8; d1++ {
		for d2 := d1 + 1; d2 < 9; d2++ {
			if v := pairDigits[k]; int(v&7) != d1 || int(v>>4&7)+1 != d2 {
				t.Fatalf("pairDigits[%d] = %#x, want digits %d and %d", k, v, d1, d2)
			}
			k++
		}
	}
	rng := rand.New(rand.NewSource(24))
	for n := 0; n < 100000; n++ {
		var ws [9]uint64
		for d := range ws {
			// Sparse masks under 1<<36, so that pairs both share and do not.
			ws[d] = rng.Uint64() & rng.Uint64() & rng.Uint64() & (1<<36 - 1)
			if rng.Intn(4) == 0 {
				ws[d] = 1 << rng.Intn(36)
			}
		}
		var want uint64
		k := 0
		for d1 := 0; d1 < 8; d1++ {
			for d2 := d1 + 1; d2 < 9; d2++ {
				if ws[d1]&ws[d2] != 0 {
					want |= 1 << k
				}
				k++
			}
		}
		if got := pairMask(&ws); got != want {
			t.Fatalf("pairMask(%x) = %x, want %x", ws, got, want)
		}
	}
}

// TestHiddenPairsMask checks that hiddenPairs (with the pairs' mask) does
// what the loop over the 36 pairs did (hiddenPairsLoop): the same result and
// the same boards, dirty bits included, on the states of solves of corpus
// puzzles. From the clues, the state follows propagation (without the rules)
// and a random candidate of the cell or row pick chooses, to a solution or a
// contradiction; on each state both run, and also on a copy with random
// candidates taken out (more pairs, and contradictions).
func TestHiddenPairsMask(t *testing.T) {
	rng := rand.New(rand.NewSource(2024))
	states, changed, failed := 0, 0, 0
	check := func(st *fstate, what string) {
		a, b := *st, *st
		okA := a.hiddenPairs(new([9]uint64))
		okB := b.hiddenPairsLoop(new([9]uint64))
		if okA != okB || a != b {
			t.Fatalf("%s: hiddenPairs %v, the loop %v\nboards before\n%s\nmask\n%s\nloop\n%s",
				what, okA, okB, boardsString(st), boardsString(&a), boardsString(&b))
		}
		states++
		if !okA {
			failed++
		} else if a.dirty != st.dirty {
			changed++
		}
	}
	for _, path := range []string{"testdata/hardnew.txt", "testdata/hardtdoku.txt", "testdata/multimagictour.txt", "../testdata/magictour.txt"} {
		grids := loadGrids(t, path)
		if testing.Short() && len(grids) > 300 {
			grids = grids[:300]
		}
		for n, g := range grids {
			s := fsearch{limit: 2}
			st := cluesPlaced(g)
			for s.propagate(&st) {
				if st.unsolved[0]|st.unsolved[1]|st.unsolved[2] == 0 {
					break
				}
				what := fmt.Sprintf("%s #%d", path, n)
				check(&st, what)
				// Random candidates out of unsolved cells.
				x := st
				for j := rng.Intn(12); j > 0; j-- {
					b := rng.Intn(3)
					if x.unsolved[b] == 0 {
						continue
					}
					x.cand[b*9+rng.Intn(9)] &^= 1 << rng.Intn(27) & x.unsolved[b]
				}
				check(&x, what+" (candidates taken)")
				b, p, d, set := s.pick(&st)
				if p >= 0 {
					var ds []int
					for e := 0; e < 9; e++ {
						if st.cand[b*9+e]>>p&1 != 0 {
							ds = append(ds, e)
						}
					}
					st.place(ds[rng.Intn(len(ds))], b, p)
				} else {
					var qs []int
					for m := set; m != 0; m &= m - 1 {
						qs = append(qs, bits.TrailingZeros32(m))
					}
					st.place(d, b, qs[rng.Intn(len(qs))])
				}
			}
		}
	}
	t.Logf("%d states: the rule removed candidates in %d, found a contradiction in %d", states, changed, failed)
	if changed < states/50 || failed == 0 {
		t.Fatalf("%d states, %d changed, %d contradictions: too few to compare", states, changed, failed)
	}
}
