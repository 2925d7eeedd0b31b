package solver

import "math/bits"

// pairMinOpen is the fewest open cells for the hidden pairs, at the root
// and once ruleMinGuesses guesses are made (see triadMinOpen): a call costs
// about 1,900 instructions, and on small trees it seldom saves a node
// (docs/speed.md, seventeenth to twenty-fourth passes).
const pairMinOpen = 54

// hiddenPairs applies the hidden pair rule in rows and columns: when two
// digits have the same two places in a row or a column, and no other, they
// fill those two cells, which every other digit leaves. Propagation runs
// it after the triad rules, when they found nothing or did not run
// (pairMinOpen). The boards it changes become dirty. It returns false on
// a contradiction: a digit left with no place in the unit. ws is scratch
// space (see triads).
func (st *fstate) hiddenPairs(ws *[9]uint64) bool {
	// Per digit, the rows and columns where it has exactly two places;
	// nothing to do unless two digits or more share one.
	c := &st.cand
	if pairPlaces(c, ws) == 0 {
		return true
	}
	// The pairs of digits d1 < d2 that share such a row or column, as a
	// mask: bit k for the k-th pair in the order d1 = 0..7, d2 = d1+1..8
	// (pairDigits), each bit set without a branch (nz36). The tests of the
	// 36 pairs as branches were the engine's most mispredicted (docs/speed.md,
	// twenty-third and twenty-fourth passes). ws does not change below, so
	// the pairs and their order are those of a loop over d1 and d2.
	m := pairMask(ws)
	for ; m != 0; m &= m - 1 {
		v := pairDigits[bits.TrailingZeros64(m)&63]
		// Masked so that the compiler drops the bounds checks.
		d1, d2 := int(v&7), int(v>>4&7)+1
		both := ws[d1] & ws[d2]
		for rows := uint32(both) & pairRows; rows != 0; rows &= rows - 1 {
			// Bit 9r+3b: row r of band b.
			q := uint32(bits.TrailingZeros32(rows))
			b := int(pairBands >> (2 * q & 63) & 3)
			sh := q - uint32(b)*3
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
	return true
}

// pairMask returns the pairs of digits whose masks in ws (pairPlaces's)
// share a row or a column: bit k for pair k of pairDigits.
func pairMask(ws *[9]uint64) uint64 {
	a0, a1, a2, a3, a4, a5, a6, a7, a8 := ws[0], ws[1], ws[2], ws[3], ws[4], ws[5], ws[6], ws[7], ws[8]
	return nz36(a0&a1) | nz36(a0&a2)<<1 | nz36(a0&a3)<<2 | nz36(a0&a4)<<3 | nz36(a0&a5)<<4 | nz36(a0&a6)<<5 | nz36(a0&a7)<<6 | nz36(a0&a8)<<7 |
		nz36(a1&a2)<<8 | nz36(a1&a3)<<9 | nz36(a1&a4)<<10 | nz36(a1&a5)<<11 | nz36(a1&a6)<<12 | nz36(a1&a7)<<13 | nz36(a1&a8)<<14 |
		nz36(a2&a3)<<15 | nz36(a2&a4)<<16 | nz36(a2&a5)<<17 | nz36(a2&a6)<<18 | nz36(a2&a7)<<19 | nz36(a2&a8)<<20 |
		nz36(a3&a4)<<21 | nz36(a3&a5)<<22 | nz36(a3&a6)<<23 | nz36(a3&a7)<<24 | nz36(a3&a8)<<25 |
		nz36(a4&a5)<<26 | nz36(a4&a6)<<27 | nz36(a4&a7)<<28 | nz36(a4&a8)<<29 |
		nz36(a5&a6)<<30 | nz36(a5&a7)<<31 | nz36(a5&a8)<<32 |
		nz36(a6&a7)<<33 | nz36(a6&a8)<<34 |
		nz36(a7&a8)<<35
}

// nz36 is 1 if x (under 1<<36) is not zero, else 0.
func nz36(x uint64) uint64 { return (x + 1<<36 - 1) >> 36 }

// pairDigits holds, for pair k of pairMask, its digits d1 < d2 as
// d1 | (d2-1)<<4.
var pairDigits = [64]uint8{
	0 | 0<<4, 0 | 1<<4, 0 | 2<<4, 0 | 3<<4, 0 | 4<<4, 0 | 5<<4, 0 | 6<<4, 0 | 7<<4,
	1 | 1<<4, 1 | 2<<4, 1 | 3<<4, 1 | 4<<4, 1 | 5<<4, 1 | 6<<4, 1 | 7<<4,
	2 | 2<<4, 2 | 3<<4, 2 | 4<<4, 2 | 5<<4, 2 | 6<<4, 2 | 7<<4,
	3 | 3<<4, 3 | 4<<4, 3 | 5<<4, 3 | 6<<4, 3 | 7<<4,
	4 | 4<<4, 4 | 5<<4, 4 | 6<<4, 4 | 7<<4,
	5 | 5<<4, 5 | 6<<4, 5 | 7<<4,
	6 | 6<<4, 6 | 7<<4,
	7 | 7<<4,
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

const (
	// pairRows holds bit 9r+3b for row r (0-2) of band b: the rows in
	// pairPlaces's masks.
	pairRows = 1 | 1<<3 | 1<<6 | 1<<9 | 1<<12 | 1<<15 | 1<<18 | 1<<21 | 1<<24
	// pairBands holds, at bits 2q and 2q+1, the band of pairRows's bit q.
	pairBands = 1<<(2*3) | 2<<(2*6) | 1<<(2*12) | 2<<(2*15) | 1<<(2*21) | 2<<(2*24)
	// pairCols is where pairPlaces's masks hold the columns (bit 27+c).
	pairCols = rowBits << 27
	// pairLo3 is the first three cells of each row of a band board (box
	// column 0), twice: for two digits side by side (bits 0-26, 32-58).
	pairLo3 = (7 | 7<<9 | 7<<18) * (1 | 1<<32)
)

// pairPlaces sets ws[d], for each digit d, to the rows and columns where d
// has exactly two places among the candidates c (the band boards, as in
// fstate): row r (0-8) at bit 9*(r%3)+3*(r/3) (pairRows), column k at bit
// 27+k (pairCols). It returns the rows and columns where two digits or
// more have exactly two places.
//
// Two digits at a time, side by side in a uint64 (digit d in bits 0-26,
// d+1 in bits 32-58; the ninth alone), counted with saturating counters:
// s1, s2, s3 at a bit say that at least one, two, three of the inputs have
// it. For the rows, the inputs are the three box columns' parts of the
// nine rows, laid side by side (row r of band b at 9r+3b); for the
// columns, the three band boards. Each count then adds up three lanes: for
// a row the three places in its box column part (bits p, p+1, p+2), for a
// column its three rows in a band (p, p+9, p+18). Where the total is two
// and not three, the digit has exactly two places.
func pairPlaces(c *[36]uint32, ws *[9]uint64) (c2 uint64) {
	var c1 uint64
	for d := 0; d < 9; d += 2 {
		var x0, x1, x2 uint64
		if d < 8 {
			x0 = uint64(c[d]) | uint64(c[d+1])<<32
			x1 = uint64(c[9+d]) | uint64(c[10+d])<<32
			x2 = uint64(c[18+d]) | uint64(c[19+d])<<32
		} else {
			x0, x1, x2 = uint64(c[8]), uint64(c[17]), uint64(c[26])
		}

		// Rows.
		a := x0&pairLo3 | (x1&pairLo3)<<3 | (x2&pairLo3)<<6
		b := x0>>3&pairLo3 | x1&(pairLo3<<3) | x2<<3&(pairLo3<<6)
		e := x0>>6&pairLo3 | x1>>3&(pairLo3<<3) | x2&(pairLo3<<6)
		ab := a & b
		s1 := a | b | e
		s2 := ab | (a|b)&e
		s3 := ab & e
		// The lanes p and p+1, then p+2.
		t1, t2, t3 := s1>>1, s2>>1, s3>>1
		u1 := s1 | t1
		u2 := s2 | t2 | s1&t1
		u3 := s3 | t3 | s2&t1 | s1&t2
		t1, t2, t3 = s1>>2, s2>>2, s3>>2
		rows := (u2 | t2 | u1&t1) &^ (u3 | t3 | u2&t1 | u1&t2)

		// Columns.
		ab = x0 & x1
		s1 = x0 | x1 | x2
		s2 = ab | (x0|x1)&x2
		s3 = ab & x2
		// The lanes p and p+9, then p+18.
		t1, t2, t3 = s1>>9, s2>>9, s3>>9
		u1 = s1 | t1
		u2 = s2 | t2 | s1&t1
		u3 = s3 | t3 | s2&t1 | s1&t2
		t1, t2, t3 = s1>>18, s2>>18, s3>>18
		cols := (u2 | t2 | u1&t1) &^ (u3 | t3 | u2&t1 | u1&t2)

		w := rows&pairRows | cols<<27&pairCols
		ws[d] = w
		c2 |= c1 & w
		c1 |= w
		if d < 8 {
			w = rows>>32&pairRows | cols>>5&pairCols
			ws[d+1] = w
			c2 |= c1 & w
			c1 |= w
		}
	}
	return c2
}
