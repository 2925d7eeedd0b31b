package solver

import "math/bits"

const (
	// pairMinOpen and pairMinGuesses gate the hidden pairs (see
	// hiddenPairs): propagation runs them before a guess, after the triad
	// rules found nothing, with this many cells open or more and once the
	// solve has made this many guesses. The rule is dearer than the triads
	// (about 2,000 instructions a call) and on easy trees it seldom saves
	// a node: docs/speed.md, seventeenth pass.
	pairMinOpen    = 52
	pairMinGuesses = 10
)

// hiddenPairs applies the hidden pair rule in rows and columns: when two
// digits have the same two places in a row or a column, and no other, they
// fill those two cells, which every other digit leaves. The boards it
// changes become dirty. It returns false on a contradiction: a digit left
// with no place in the unit. ws is scratch space (see triads).
func (st *fstate) hiddenPairs(ws *[9]uint64) bool {
	// Per digit, the rows (bits 0-8) and columns (bits 9-17) where it has
	// exactly two places; c2 the rows and columns where two digits or
	// more do. Two digits at a time, side by side in a uint64 (digit d
	// in bits 0-26, d+1 in bits 32-58); the ninth alone.
	var c1, c2 uint64
	c := &st.cand
	for d := 0; d < 9; d += 2 {
		var x0, x1, x2 uint64
		if d < 8 {
			x0 = uint64(c[d]) | uint64(c[d+1])<<32
			x1 = uint64(c[9+d]) | uint64(c[10+d])<<32
			x2 = uint64(c[18+d]) | uint64(c[19+d])<<32
		} else {
			x0, x1, x2 = uint64(c[8]), uint64(c[17]), uint64(c[26])
		}
		const m = rowBits | rowBits<<32
		// The nine rows in turn: exactly two places (rows), and the
		// columns' counters. Written out: as a loop over the rows,
		// hardmagictour took 2.2% more instructions (make bench-instr).
		y := x0 & m
		r := fastTwo[y&rowBits] | fastTwo[y>>32]<<16
		s1 := y
		y = x0 >> 9 & m
		r |= fastTwo[y&rowBits]<<1 | fastTwo[y>>32]<<17
		s2 := s1 & y
		s1 |= y
		y = x0 >> 18 & m
		r |= fastTwo[y&rowBits]<<2 | fastTwo[y>>32]<<18
		s3 := s2 & y
		s2 |= s1 & y
		s1 |= y
		y = x1 & m
		r |= fastTwo[y&rowBits]<<3 | fastTwo[y>>32]<<19
		s3 |= s2 & y
		s2 |= s1 & y
		s1 |= y
		y = x1 >> 9 & m
		r |= fastTwo[y&rowBits]<<4 | fastTwo[y>>32]<<20
		s3 |= s2 & y
		s2 |= s1 & y
		s1 |= y
		y = x1 >> 18 & m
		r |= fastTwo[y&rowBits]<<5 | fastTwo[y>>32]<<21
		s3 |= s2 & y
		s2 |= s1 & y
		s1 |= y
		y = x2 & m
		r |= fastTwo[y&rowBits]<<6 | fastTwo[y>>32]<<22
		s3 |= s2 & y
		s2 |= s1 & y
		s1 |= y
		y = x2 >> 9 & m
		r |= fastTwo[y&rowBits]<<7 | fastTwo[y>>32]<<23
		s3 |= s2 & y
		s2 |= s1 & y
		s1 |= y
		y = x2 >> 18 & m
		r |= fastTwo[y&rowBits]<<8 | fastTwo[y>>32]<<24
		s3 |= s2 & y
		s2 |= s1 & y
		e := s2 &^ s3
		w := uint64(r&rowBits) | (e&rowBits)<<9
		ws[d] = w
		c2 |= c1 & w
		c1 |= w
		if d < 8 {
			w = uint64(r>>16&rowBits) | (e>>32)<<9
			ws[d+1] = w
			c2 |= c1 & w
			c1 |= w
		}
	}
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
			for rows := uint32(both) & rowBits; rows != 0; rows &= rows - 1 {
				q := bits.TrailingZeros32(rows)
				b, sh := q/3, q%3*9
				i := (b*9 + d1) & 31
				p := c[i] & (rowBits << sh)
				// Nothing to do when the pair is already naked: both
				// cells bivalue (st.bi is up to date when propagation
				// calls this).
				if p != c[(b*9+d2)&31]&(rowBits<<sh) || p&^st.bi[b&3] == 0 {
					continue
				}
				if !st.keepPair(d1, d2, b, p, rowBits<<sh, 0) {
					return false
				}
			}
			if cols := uint32(both >> 9); cols != 0 {
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

// keepPair removes every digit but d1 and d2 from the cells p of band b,
// a hidden pair's cells in a row (the band's cells row) or a column (col,
// in every band). It returns false when a digit so loses its last place
// in the unit.
func (st *fstate) keepPair(d1, d2, b int, p, row, col uint32) bool {
	for e := 0; e < 9; e++ {
		i := (b*9 + e) & 31
		if e == d1 || e == d2 || st.cand[i]&p == 0 {
			continue
		}
		st.cand[i] &^= p
		st.dirty |= 1 << i
		left := st.cand[i] & row
		if col != 0 {
			left = (st.cand[e] | st.cand[9+e] | st.cand[(18+e)&31]) & col
		}
		if left == 0 {
			return false
		}
	}
	return true
}
