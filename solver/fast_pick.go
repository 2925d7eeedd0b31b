//go:build !wasm

// pick and bestBivalue of the native build; the WebAssembly build has its
// own pick (fast_pick_wasm.go). They sit in a file of their own, after
// fast.go, because that keeps the native code as it was: with pick at the
// end of fast.go's file the profile-guided inlining into search changed.

package solver

import "math/bits"

// pick returns what to guess on, in band b: either the candidate digits
// set of cell p, or (p < 0) the cells set of digit d. It takes the bivalue
// cell with the most unsolved peers, bivalue peers in its band counting
// one and a half (the last one on a tie), so that either guess reaches far;
// with no bivalue cell, a row where a digit has two places; failing that, a
// cell with the fewest candidates.
//
// It must follow a call of propagate on st that returned true with cells
// left: it reads the bivalue cells that propagate's last pass counted.
func (s *fsearch) pick(st *fstate) (b, p, d int, set uint32) {
	u0, u1, u2 := st.unsolved[0], st.unsolved[1], st.unsolved[2]
	// A band with more than 6 unsolved cells fewer than the fullest one is
	// skipped, as long as another band has a bivalue cell: its cells have
	// few unsolved peers.
	n0, n1, n2 := bits.OnesCount32(u0), bits.OnesCount32(u1), bits.OnesCount32(u2)
	low := max(n0, n1, n2) - 6
	best := -1
	if n0 >= low {
		best = bestBivalue(st.bi[0], u0, u1, u2, 0, best)
	}
	if n1 >= low {
		best = bestBivalue(st.bi[1], u1, u0, u2, 1<<5, best)
	}
	if n2 >= low {
		best = bestBivalue(st.bi[2], u2, u0, u1, 2<<5, best)
	}
	if best < 0 {
		best = bestBivalue(st.bi[0], u0, u1, u2, 0, best)
		best = bestBivalue(st.bi[1], u1, u0, u2, 1<<5, best)
		best = bestBivalue(st.bi[2], u2, u0, u1, 2<<5, best)
	}
	if best < 0 {
		return st.pickSlow()
	}
	b, p = best>>5&3, best&31
	c := (*[9]uint32)(st.cand[b*9 : b*9+9])
	set = c[0]>>p&1 | c[1]>>p&1<<1 | c[2]>>p&1<<2 | c[3]>>p&1<<3 | c[4]>>p&1<<4 |
		c[5]>>p&1<<5 | c[6]>>p&1<<6 | c[7]>>p&1<<7 | c[8]>>p&1<<8
	return b, p, 0, set
}

// bestBivalue returns the larger of best and the best key score<<7|tag|cell
// of the bivalue cells bi of a band with unsolved cells u, the other bands
// having unsolved cells u1 and u2.
func bestBivalue(bi, u, u1, u2 uint32, tag, best int) int {
	// With u empty there is no cell to score, and no test for it: in
	// WebAssembly the branch past it was a jump through the dispatch loop
	// on every call. In uint64, as in drain.
	b := uint64(bi & u)
	uu, v1, v2 := uint64(u), uint64(u1), uint64(u2)
	tb := fastTabs // see fastTables
	for m := b; some(m); m &= m - 1 {
		p := bits.TrailingZeros64(m) & 31
		colm := uint64(tb.colCells[p])
		peers := uint64(tb.peers[p]) & uu
		// The peers in the band and the column's cells in the other bands
		// are counted by one popcount.
		w := peers | (colm&v1|(colm&v2)<<1)<<32
		score := 2*bits.OnesCount64(w) + bits.OnesCount64(peers&b)
		best = max(best, score<<7|tag|p)
	}
	return best
}
