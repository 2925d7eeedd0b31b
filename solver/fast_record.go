// pickSlow and record, after pick (fast_pick.go, fast_pick_wasm.go) as
// they were in fast.go.

package solver

import (
	"encoding/binary"
	"math/bits"
)

// pickSlow is pick when no cell is bivalue: a row where a digit has two
// places, or else a cell with the fewest candidates.
func (st *fstate) pickSlow() (b, p, d int, set uint32) {
	for i := 0; i < 27; i++ {
		b := int(fastTab.bandOf[i])
		f := st.cand[i] & st.unsolved[b&3]
		for sh := 0; sh < 27; sh += 9 {
			if row := f >> sh & rowBits; fastTwo[row] != 0 {
				return b, -1, i - b*9, row << sh
			}
		}
	}
	bestB, bestP, bestN := 0, 0, 10
	for b := 0; b < 3; b++ {
		c := (*[9]uint32)(st.cand[b*9 : b*9+9])
		// With no bivalue cell, every unsolved cell has three candidates
		// or more.
		for m := st.unsolved[b]; m != 0; m &= m - 1 {
			p := bits.TrailingZeros32(m)
			n := 0
			for _, x := range c {
				n += int(x >> p & 1)
			}
			if n < bestN {
				bestB, bestP, bestN = b, p, n
			}
		}
	}
	for d := 0; d < 9; d++ {
		set |= (st.cand[(bestB*9+d)&31] >> bestP & 1) << d
	}
	return bestB, bestP, 0, set
}

// record writes the solution held by a solved state into s.first. The
// digit of each cell is built from four bit planes (the cells whose digit
// has bit k set), eight cells at a time.
func (s *fsearch) record(st *fstate) {
	var out [96]uint8
	for b := 0; b < 3; b++ {
		c := (*[9]uint32)(st.cand[b*9 : b*9+9])
		v0 := c[0] | c[2] | c[4] | c[6] | c[8] // digits 1, 3, 5, 7, 9
		v1 := c[1] | c[2] | c[5] | c[6]        // 2, 3, 6, 7
		v2 := c[3] | c[4] | c[5] | c[6]        // 4, 5, 6, 7
		v3 := c[7] | c[8]                      // 8, 9
		// Four words, written out (in WebAssembly each turn of a loop is
		// a jump through the dispatch loop). The last spills into the
		// next band, written after.
		o := (*[32]uint8)(out[b*27 : b*27+32])
		binary.LittleEndian.PutUint64(o[0:], spreadDigits(v0, v1, v2, v3, 0))
		binary.LittleEndian.PutUint64(o[8:], spreadDigits(v0, v1, v2, v3, 8))
		binary.LittleEndian.PutUint64(o[16:], spreadDigits(v0, v1, v2, v3, 16))
		binary.LittleEndian.PutUint64(o[24:], spreadDigits(v0, v1, v2, v3, 24))
	}
	copy(s.first[:], out[:81])
}

// spreadDigits returns the digits of cells k to k+7 of a band, one a byte,
// from the band's four bit planes (see record).
func spreadDigits(v0, v1, v2, v3 uint32, k int) uint64 {
	return fastSpread[v0>>k&255] | fastSpread[v1>>k&255]<<1 | fastSpread[v2>>k&255]<<2 | fastSpread[v3>>k&255]<<3
}
