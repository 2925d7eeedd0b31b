//go:build wasm

// pick of the WebAssembly build: as in fast_pick.go, with bestBivalue's
// loop written in once per band, which saves its calls (about 1,000 x86
// instructions per magictour puzzle, make measure-wasm-instr).

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
	var m0, m1, m2 uint64
	if n0 >= low {
		m0 = uint64(st.bi[0] & u0)
	}
	if n1 >= low {
		m1 = uint64(st.bi[1] & u1)
	}
	if n2 >= low {
		m2 = uint64(st.bi[2] & u2)
	}
	if m0|m1|m2 == 0 { // no bivalue cell in the bands kept: every band
		m0, m1, m2 = uint64(st.bi[0]&u0), uint64(st.bi[1]&u1), uint64(st.bi[2]&u2)
	}
	// The bivalue cells of each band scored as bestBivalue does (the
	// same keys, so the same cell wins), in three loops rather than
	// three calls.
	v0, v1, v2 := uint64(u0), uint64(u1), uint64(u2)
	b0 := m0
	for ; some(m0); m0 &= m0 - 1 {
		p := bits.TrailingZeros64(m0) & 31
		colm := uint64(fastTab.colCells[p])
		peers := uint64(fastTab.peers[p]) & v0
		w := peers | (colm&v1|(colm&v2)<<1)<<32
		best = max(best, (2*bits.OnesCount64(w)+bits.OnesCount64(peers&b0))<<7|p)
	}
	b1 := m1
	for ; some(m1); m1 &= m1 - 1 {
		p := bits.TrailingZeros64(m1) & 31
		colm := uint64(fastTab.colCells[p])
		peers := uint64(fastTab.peers[p]) & v1
		w := peers | (colm&v0|(colm&v2)<<1)<<32
		best = max(best, (2*bits.OnesCount64(w)+bits.OnesCount64(peers&b1))<<7|1<<5|p)
	}
	b2 := m2
	for ; some(m2); m2 &= m2 - 1 {
		p := bits.TrailingZeros64(m2) & 31
		colm := uint64(fastTab.colCells[p])
		peers := uint64(fastTab.peers[p]) & v2
		w := peers | (colm&v0|(colm&v1)<<1)<<32
		best = max(best, (2*bits.OnesCount64(w)+bits.OnesCount64(peers&b2))<<7|2<<5|p)
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
