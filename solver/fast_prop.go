//go:build !wasm

// propagate, stacks and drain of the native build. The WebAssembly build
// has its own propagate (fast_prop_wasm.go), with drain and stacks written
// in: there a call passes its arguments and the caller's live values
// through the Go stack in memory. Natively drain is a function of its own
// (with the profile, cmd/sudoku/default.pgo, the compiler inlines it).

package solver

import "math/bits"

// propagate runs updates and naked singles until nothing changes. It
// returns false on a contradiction.
func (s *fsearch) propagate(st *fstate) bool {
	for {
		if !s.drain(st) {
			return false
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
			// it is not inlined), two boards at a time: boards 2j and 2j+1
			// side by side in a uint64 (one load each), the even boards
			// counted in the low lane and the odd ones in the high lane,
			// then the two lanes' counters added and the ninth board
			// counted in.
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
			// The low 32 bits are the band's counts (the high ones are
			// left over from the high lane).
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
		if st.dirty == 0 && !st.stacks() {
			// Nothing else to do: before a guess, the triad rules, when
			// the search asks for them and enough cells are open.
			if !s.triads {
				return true
			}
			open := bits.OnesCount64(uint64(st.unsolved[0])|uint64(st.unsolved[1])<<27) + bits.OnesCount32(st.unsolved[2])
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

// stacks does the locked candidates between columns and boxes, for the
// digits with a board updated since the last call: in each stack, a digit
// takes one column per band and one band per column, so only the cells on
// such a placement stay (this also finds the digits with one place left in
// a column). It reports whether it removed anything.
func (st *fstate) stacks() bool {
	// In uint64, as in drain; the board indices are masked to the array,
	// which costs less than the bounds checks they replace.
	t := uint64((st.touched | st.touched>>9 | st.touched>>18) & rowBits)
	st.touched = 0
	tb := fastTabs // see fastTables
	// With the vectors, digits 1-8 take what stackKeysVec worked out.
	vec := simdBuild && hasAVX2 && t&0xff != 0
	var keys stackKeys
	if vec {
		stackKeysVec((*[32]uint32)(st.cand[:32]), &keys)
	}
	for ; some(t); t &= t - 1 {
		d := bits.TrailingZeros64(t) & 15
		i1, i2 := 9+d, (18+d)&31
		var a, k uint64
		if vec && d < 8 {
			a32, k32 := keys.key(d)
			a, k = uint64(a32), uint64(k32)
		} else {
			// The columns open to the digit, per band; placed cells count, as
			// they fill their column and box.
			// Bands 0 and 1 side by side in one word, as in triadCols.
			x := uint64(st.cand[d]) | uint64(st.cand[i1])<<32
			v := (x | x>>9 | x>>18) & (rowBits | rowBits<<32)
			a = (v|v>>23)&(1<<18-1) | colsOf(uint64(st.cand[i2]))<<18
			// a holds the 3x3 (band, column) matrix of each stack s at bits
			// band*9 + 3s + column; gather it to 9 bits, keep the valid
			// placements and spread them back. The gather is one 32-bit
			// multiplication (see stackGather).
			a32 := uint32(a)
			k = uint64(tb.permSpread[stackMatrix(a32, 0)]) | uint64(tb.permSpread[stackMatrix(a32, 1)])<<3 |
				uint64(tb.permSpread[stackMatrix(a32, 2)])<<6
		}
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
	return some(uint64(st.dirty))
}

// drain brings the dirty boards up to date, one at a time, until none is
// left. Updating board i (band i/9, digit i%9) keeps the cells on valid
// placements only, then places the rows left with one cell: the columns
// leave the digit's boards in the other bands and the cells leave the other
// digits' boards, which become dirty if they lose a cell. It returns false
// on a contradiction.
func (s *fsearch) drain(st *fstate) bool {
	// The boards are held in uint64 here: compiled to WebAssembly, whose
	// registers are 64-bit, uint32 values are masked to 32 bits before each
	// index and comparison; natively it makes no difference.
	dirty := uint64(st.dirty)
	st.touched |= st.dirty
	st.dirty = 0
	tb := fastTabs // see fastTables
	for some(dirty) {
		i := bits.TrailingZeros64(dirty) & 31
		dirty &= dirty - 1
		f := uint64(st.cand[i])
		e := tb.row[0][f&rowBits] | tb.row[1][f>>9&rowBits] | tb.row[2][f>>18&rowBits]
		g := f & uint64(tb.perm[e>>32&511])
		// The cells alone in their row; when the valid placements took
		// cells, they are counted again.
		one := e & bandAll
		upd := g != f
		if upd {
			if g == 0 {
				if simdBuild && hasAVX2 {
					endVec()
				}
				return false
			}
			f = g
			one = (tb.row[0][f&rowBits] | tb.row[1][f>>9&rowBits] | tb.row[2][f>>18&rowBits]) & bandAll
		}
		b := int(tb.bandOf[i]) & 3 // masked: see fstate.cand
		p := one & uint64(st.unsolved[b&3])
		if p == 0 {
			if upd {
				st.cand[i] = uint32(f)
			}
			continue
		}
		// With cells to place, board i is stored at the end.
		st.unsolved[b&3] &^= uint32(p)
		base := b * 9
		var nc uint64
		if simdBuild && hasAVX2 {
			// The cells leave the other digits' boards (all but the
			// ninth), before the stores below.
			nc = clearBandVec((*[8]uint32)(st.cand[base:base+8]), p)
		}
		// The cells leave the other digits' boards.
		c := (*[9]uint32)(st.cand[base : base+9])
		if !simdBuild || !hasAVX2 {
			// Two boards at a time, side by side in a uint64 (one load
			// and one store each): a board lost cells when what it lost,
			// plus bandAll, carries into its lane's bit 27. Boards 2j and
			// 2j+1 leave their carries at bits 21+2j and 53+2j. This
			// comes before any store to the band's boards in this update
			// (board i's new value is stored last): a 64-bit load over a
			// 32-bit store still in the store buffer waits for the store.
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
			nc = (t | t>>31) >> 21 & 0xff
		}
		// The columns leave the digit's boards in the other bands, i+9
		// and i+18 (mod 27; the band's own board keeps its placed cells,
		// and its other cells in those columns are in the placed cells'
		// boxes, which the valid placements already took from it). The
		// placed cells are in different boxes (the valid placements
		// left no two rows with their one cell in the same box), so in
		// different columns: their three rows added (p*colRepl, bits
		// 18-26) carry nowhere and are their columns.
		col := p * colRepl >> 18 & rowBits * colRepl
		o := int(tb.others[i])
		j1, j2 := o&31, o>>5&31
		y := uint64(st.cand[j1])
		st.cand[j1] = uint32(y &^ col)
		nd := nonzero64(y&col) << j1
		y = uint64(st.cand[j2])
		st.cand[j2] = uint32(y &^ col)
		nd |= nonzero64(y&col) << j2
		x := uint64(c[8])
		c[8] = uint32(x &^ p)
		nc |= nonzero64(x&p) << 8
		nd |= nc << (base & 31)
		// Board i lost its own placed cells to the clear above: it is
		// stored as the update left it.
		st.cand[i] = uint32(f)
		nd &^= 1 << i
		dirty |= nd
		st.touched |= uint32(nd)
	}
	if simdBuild && hasAVX2 {
		endVec()
	}
	return true
}
