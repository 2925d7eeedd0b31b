//go:build wasm

// propagate of the WebAssembly build: as in fast_prop.go, with drain and
// stacks written in. Compiled to WebAssembly, a call stores its arguments,
// results and the caller's live values on the Go stack in linear memory,
// and returns through the caller's dispatch loop; written in, a magictour
// puzzle takes about 1,800 fewer x86 instructions in V8 (docs/speed.md,
// ninth pass). The two must do the same: the tests run this one
// under Node (make test-wasm), against dlx as natively.

package solver

import "math/bits"

// propagate runs updates and naked singles until nothing changes. It
// returns false on a contradiction.
func (s *fsearch) propagate(st *fstate) bool {
	for {
		{
			// drain (fast_prop.go), written in; WebAssembly has no
			// vectors, so its scalar code alone. The boards are held in
			// uint64, as there.
			dirty := uint64(st.dirty)
			st.touched |= st.dirty
			st.dirty = 0
			for some(dirty) {
				i := bits.TrailingZeros64(dirty) & 31
				dirty &= dirty - 1
				f := uint64(st.cand[i])
				e := fastTab.row[0][f&rowBits] | fastTab.row[1][f>>9&rowBits] | fastTab.row[2][f>>18&rowBits]
				g := f & uint64(fastTab.perm[e>>32&511])
				// The cells alone in their row; when the valid placements took
				// cells, they are counted again.
				one := e & bandAll
				if g != f {
					if g == 0 {
						return false
					}
					f = g
					st.cand[i] = uint32(f)
					one = (fastTab.row[0][f&rowBits] | fastTab.row[1][f>>9&rowBits] | fastTab.row[2][f>>18&rowBits]) & bandAll
				}
				b := int(fastTab.bandOf[i]) & 3 // masked: see fstate.cand
				p := one & uint64(st.unsolved[b&3])
				if p == 0 {
					continue
				}
				st.unsolved[b&3] &^= uint32(p)
				base := b * 9
				d := i - base
				// The columns leave the digit's boards in the other bands
				// (by a multiplication, as in the native drain).
				col := p * colRepl >> 18 & rowBits * colRepl
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
				// Two boards at a time, as in fast_prop.go.
				pp := p | p<<32
				x := uint64(c[0]) | uint64(c[1])<<32
				c[0], c[1] = uint32(x&^pp), uint32((x&^pp)>>32)
				t := (x&pp + pairAll) & pairCarry >> 6
				x = uint64(c[2]) | uint64(c[3])<<32
				c[2], c[3] = uint32(x&^pp), uint32((x&^pp)>>32)
				t |= (x&pp + pairAll) & pairCarry >> 4
				x = uint64(c[4]) | uint64(c[5])<<32
				c[4], c[5] = uint32(x&^pp), uint32((x&^pp)>>32)
				t |= (x&pp + pairAll) & pairCarry >> 2
				x = uint64(c[6]) | uint64(c[7])<<32
				c[6], c[7] = uint32(x&^pp), uint32((x&^pp)>>32)
				t |= (x&pp + pairAll) & pairCarry
				nc := (t | t>>31) >> 21 & 0xff
				x = uint64(c[8])
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
			// it is not inlined), two boards at a time as in fast_prop.go.
			a := uint64(c[0]) | uint64(c[1])<<32
			o := a
			a = uint64(c[2]) | uint64(c[3])<<32
			t := o & a
			o |= a
			a = uint64(c[4]) | uint64(c[5])<<32
			h := t & a
			t |= o & a
			o |= a
			a = uint64(c[6]) | uint64(c[7])<<32
			h |= t & a
			t |= o & a
			o |= a
			oh, th := o>>32, t>>32
			threes := h | h>>32 | t&oh | o&th
			twos := t | th | o&oh
			ones := o | oh
			x8 := uint64(c[8])
			threes |= twos & x8
			twos |= ones & x8
			ones |= x8
			st.bi[b&3] = uint32(twos &^ threes) // for pick, if this is the last pass
			if uint32(ones) != bandAll {
				return false // a cell without candidates
			}
			ns := ones &^ twos & u
			if ns == 0 {
				continue
			}
			// The digit of each single, from four bit planes (the cells
			// whose digit has bit k set), leaves the cell's peers.
			x0, x1, x2, x3, x4 := uint64(c[0]), uint64(c[1]), uint64(c[2]), uint64(c[3]), uint64(c[4])
			x5, x6, x7 := uint64(c[5]), uint64(c[6]), uint64(c[7])
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
				x := st.cand[i] &^ fastTab.peers[p]
				// The column leaves the digit's boards in the other bands.
				col := uint64(fastTab.colCells[p])
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
				a32 := uint32(a)
				k := uint64(fastTab.permSpread[stackMatrix(a32, 0)]) | uint64(fastTab.permSpread[stackMatrix(a32, 1)])<<3 |
					uint64(fastTab.permSpread[stackMatrix(a32, 2)])<<6
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
			if !s.triads {
				return true
			}
			open := bits.OnesCount32(st.unsolved[0]) + bits.OnesCount32(st.unsolved[1]) + bits.OnesCount32(st.unsolved[2])
			// At the root and once ruleMinGuesses guesses are made, not in
			// between: the triads with triadMinOpen cells open or more, then
			// (when they found nothing or did not run) the hidden pairs with
			// pairMinOpen or more.
			if open < pairMinOpen || s.guesses > 0 && s.guesses < ruleMinGuesses {
				return true
			}
			if open >= triadMinOpen {
				if !st.triads(&s.ws) {
					return false
				}
				if st.dirty != 0 {
					continue
				}
			}
			if !st.hiddenPairs(&s.ws) {
				return false
			}
			if st.dirty == 0 {
				return true
			}
		}
	}
}
