//go:build wasm

package solver

import "math/bits"

// propagate runs updates and naked singles until nothing changes. It
// returns false on a contradiction.
func (s *fsearch) propagate(st *fstate) bool {
	for {
		{
			// The boards are held in uint64 here: compiled to WebAssembly, whose
			// registers are 64-bit, uint32 values are masked to 32 bits before each
			// index and comparison; natively it makes no difference.
			dirty := uint64(st.dirty)
			st.touched |= st.dirty
			st.dirty = 0
			for some(dirty) {
				i := bits.TrailingZeros64(dirty) & 31
				dirty &= dirty - 1
				f := uint64(st.cand[i])
				e := fastRow[0][f&rowBits] | fastRow[1][f>>9&rowBits] | fastRow[2][f>>18&rowBits]
				g := f & uint64(fastPerm[e>>32&511])
				// The cells alone in their row; when the valid placements took
				// cells, they are counted again.
				one := e & bandAll
				if g != f {
					if g == 0 {
						if simdBuild && hasAVX2 {
							endVec()
						}
						return false
					}
					f = g
					st.cand[i] = uint32(f)
					one = (fastRow[0][f&rowBits] | fastRow[1][f>>9&rowBits] | fastRow[2][f>>18&rowBits]) & bandAll
				}
				b := int(fastBandOf[i]) & 3 // masked: see fstate.cand
				p := one & uint64(st.unsolved[b&3])
				if p == 0 {
					continue
				}
				st.unsolved[b&3] &^= uint32(p)
				base := b * 9
				d := i - base
				var nc uint64
				if simdBuild && hasAVX2 {
					// The cells leave the other digits' boards (all but the
					// ninth), before the stores below.
					nc = clearBandVec((*[8]uint32)(st.cand[base:base+8]), p)
				}
				// The columns leave the digit's boards in the other bands.
				col := (p | p>>9 | p>>18) & rowBits * colRepl
				// The digit's boards are at d, d+9 and d+18; one at a time, so
				// that few values are live (drain is short of registers).
				y := uint64(st.cand[d&31])
				st.cand[d&31] = uint32(y &^ col)
				nd := nonzero64(y & col)
				y = uint64(st.cand[(d+9)&31])
				st.cand[(d+9)&31] = uint32(y &^ col)
				nd |= nonzero64(y&col) << 9
				y = uint64(st.cand[(d+18)&31])
				st.cand[(d+18)&31] = uint32(y &^ col)
				nd = (nd | nonzero64(y&col)<<18) << (d & 31)
				// The cells leave the other digits' boards.
				c := (*[9]uint32)(st.cand[base : base+9])
				if !simdBuild || !hasAVX2 {
					x := uint64(c[0])
					c[0] = uint32(x &^ p)
					nc = nonzero64(x & p)
					x = uint64(c[1])
					c[1] = uint32(x &^ p)
					nc |= nonzero64(x&p) << 1
					x = uint64(c[2])
					c[2] = uint32(x &^ p)
					nc |= nonzero64(x&p) << 2
					x = uint64(c[3])
					c[3] = uint32(x &^ p)
					nc |= nonzero64(x&p) << 3
					x = uint64(c[4])
					c[4] = uint32(x &^ p)
					nc |= nonzero64(x&p) << 4
					x = uint64(c[5])
					c[5] = uint32(x &^ p)
					nc |= nonzero64(x&p) << 5
					x = uint64(c[6])
					c[6] = uint32(x &^ p)
					nc |= nonzero64(x&p) << 6
					x = uint64(c[7])
					c[7] = uint32(x &^ p)
					nc |= nonzero64(x&p) << 7
				}
				x := uint64(c[8])
				c[8] = uint32(x &^ p)
				nc |= nonzero64(x&p) << 8
				nd |= nc << (base & 31)
				// Board i lost its own placed cells to both clears above: they
				// come back, and that gives the board as it was (its other cells
				// in those columns are in the placed cells' boxes, which the valid
				// placements already took from it).
				st.cand[i] |= uint32(p)
				nd &^= 1 << i
				dirty |= nd
				st.touched |= uint32(nd)
			}
			if simdBuild && hasAVX2 {
				endVec()
			}
		}
		if s.diag {
			if !st.diagonalPeers() {
				return false
			}
			if st.dirty != 0 {
				continue
			}
		}
		if st.unsolved[0]|st.unsolved[1]|st.unsolved[2] == 0 {
			return true
		}
		// The boards updated since the last stacks pass include those
		// changed since the last naked-singles pass: stacks runs right
		// after one.
		changed := st.touched
		for b := 0; b < 3; b++ {
			u := uint64(st.unsolved[b])
			// A band none of whose boards changed since the last pass has
			// no single and the same bivalue cells.
			if u == 0 || changed>>(b*9)&0x1ff == 0 {
				continue
			}
			c := (*[9]uint32)(st.cand[b*9 : b*9+9])
			// The cells with at least one, two and three candidates, by
			// three bit-parallel counters (written out here: as a function
			// it is not inlined). In uint64, as in drain.
			x0, x1, x2, x3, x4 := uint64(c[0]), uint64(c[1]), uint64(c[2]), uint64(c[3]), uint64(c[4])
			x5, x6, x7, x8 := uint64(c[5]), uint64(c[6]), uint64(c[7]), uint64(c[8])
			ones, twos := x0, x0&x1
			ones |= x1
			threes := twos & x2
			twos |= ones & x2
			ones |= x2
			threes |= twos & x3
			twos |= ones & x3
			ones |= x3
			threes |= twos & x4
			twos |= ones & x4
			ones |= x4
			threes |= twos & x5
			twos |= ones & x5
			ones |= x5
			threes |= twos & x6
			twos |= ones & x6
			ones |= x6
			threes |= twos & x7
			twos |= ones & x7
			ones |= x7
			threes |= twos & x8
			twos |= ones & x8
			ones |= x8
			st.bi[b&3] = uint32(twos &^ threes) // for pick, if this is the last pass
			if ones != bandAll {
				return false // a cell without candidates
			}
			ns := ones &^ twos & u
			if ns == 0 {
				continue
			}
			// The digit of each single, from four bit planes (the cells
			// whose digit has bit k set), leaves the cell's peers.
			v0 := x0 | x2 | x4 | x6 | x8
			v1 := x1 | x2 | x5 | x6
			v2 := x3 | x4 | x5 | x6
			v3 := x7 | x8
			// The single is placed here, not by the update of its board:
			// it has no other candidate to clear.
			st.unsolved[b] &^= uint32(ns)
			for ; some(ns); ns &= ns - 1 {
				p := bits.TrailingZeros64(ns) & 31
				d := (int(v0>>p&1|v1>>p&1<<1|v2>>p&1<<2|v3>>p&1<<3) - 1) & 15
				i := (b*9 + d) & 31
				x := st.cand[i] &^ fastPeers[p]
				// The column leaves the digit's boards in the other bands.
				col := uint64(fastColCells[p])
				// The digit's boards are at d, d+9 and d+18 (masked to the
				// array: no bounds check).
				i2 := (d + 18) & 31
				y0, y1, y2 := uint64(st.cand[d]), uint64(st.cand[d+9]), uint64(st.cand[i2])
				nd := (nonzero64(y0&col) | nonzero64(y1&col)<<9 | nonzero64(y2&col)<<18) << (d & 31)
				st.cand[d], st.cand[d+9], st.cand[i2] = uint32(y0&^col), uint32(y1&^col), uint32(y2&^col)
				st.cand[i] = x
				st.dirty |= uint32(nd) | 1<<i
			}
		}
		if st.dirty == 0 && s.diag && !st.diagonals() {
			return false
		}
		if st.dirty != 0 {
			continue
		}
		{
			// stacks, written in.
			t := uint64((st.touched | st.touched>>9 | st.touched>>18) & rowBits)
			st.touched = 0
			for ; some(t); t &= t - 1 {
				d := bits.TrailingZeros64(t) & 15
				i1, i2 := 9+d, (18+d)&31
				a := colsOf(uint64(st.cand[d])) | colsOf(uint64(st.cand[i1]))<<9 | colsOf(uint64(st.cand[i2]))<<18
				y0, y1, y2 := a&0x1c0e07, a>>3&0x1c0e07, a>>6&0x1c0e07
				k := uint64(fastPermSpread[(y0|y0>>6|y0>>12)&511]) | uint64(fastPermSpread[(y1|y1>>6|y1>>12)&511])<<3 |
					uint64(fastPermSpread[(y2|y2>>6|y2>>12)&511])<<6
				if r := a &^ k; some(r) {
					if r0 := r & rowBits; some(r0) {
						st.cand[d] &^= uint32(r0 * colRepl)
						st.dirty |= 1 << d
					}
					if r1 := r >> 9 & rowBits; some(r1) {
						st.cand[i1] &^= uint32(r1 * colRepl)
						st.dirty |= 1 << i1
					}
					if r2 := r >> 18 & rowBits; some(r2) {
						st.cand[i2] &^= uint32(r2 * colRepl)
						st.dirty |= 1 << i2
					}
				}
			}
		}
		if !some(uint64(st.dirty)) {
			// Nothing else to do: before a guess, the triad rules, when
			// the search asks for them and enough cells are open.
			if !s.triads || bits.OnesCount32(st.unsolved[0])+bits.OnesCount32(st.unsolved[1])+
				bits.OnesCount32(st.unsolved[2]) < triadMinOpen {
				return true
			}
			if !st.triads(&s.ws) {
				return false
			}
			if st.dirty == 0 {
				return true
			}
		}
	}
}

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
	if m0|m1|m2 == 0 {
		m0, m1, m2 = uint64(st.bi[0]&u0), uint64(st.bi[1]&u1), uint64(st.bi[2]&u2)
	}
	v0, v1, v2 := uint64(u0), uint64(u1), uint64(u2)
	b0 := m0
	for ; some(m0); m0 &= m0 - 1 {
		p := bits.TrailingZeros64(m0) & 31
		colm := uint64(fastColCells[p])
		peers := uint64(fastPeers[p]) & v0
		w := peers | (colm&v1|(colm&v2)<<1)<<32
		best = max(best, (2*bits.OnesCount64(w)+bits.OnesCount64(peers&b0))<<7|p)
	}
	b1 := m1
	for ; some(m1); m1 &= m1 - 1 {
		p := bits.TrailingZeros64(m1) & 31
		colm := uint64(fastColCells[p])
		peers := uint64(fastPeers[p]) & v1
		w := peers | (colm&v0|(colm&v2)<<1)<<32
		best = max(best, (2*bits.OnesCount64(w)+bits.OnesCount64(peers&b1))<<7|1<<5|p)
	}
	b2 := m2
	for ; some(m2); m2 &= m2 - 1 {
		p := bits.TrailingZeros64(m2) & 31
		colm := uint64(fastColCells[p])
		peers := uint64(fastPeers[p]) & v2
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
