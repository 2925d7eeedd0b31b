package solver

// The deep search, an experiment (reverted in the next commit):
// propagation also runs the triad rule (triads) before each guess, and
// search guesses on a digit's placement across a band (pickBand) rather
// than on a bivalue cell, as tdoku does. It halves the guesses on
// testdata/hardmagictour.txt (118.8 -> 45.4 per puzzle, limit 2) and cuts
// them on hard17 (16.3 -> 9.2), but each node costs about twice as much,
// and on magictour, serg and extreme the guesses do not fall (19.2, 8.2,
// 10.8): instructions per solve rise by 20-76% there (see the README's
// Speed section). It applies to limits above 1 only.
const deepSearch = true

// triads applies the triad rule. A minirow (a row within a box) and a
// minicolumn (a column within a box) each hold exactly three digits. A
// digit whose row has cells left in one minirow only must be in that
// minirow, and one whose column has cells left in one minicolumn only must
// be in that minicolumn. When three digits must be in a triad whose cells
// are not all placed, the other digits leave its cells; more than three is
// a contradiction, and so is a triad where fewer than three digits can be.
// The boards it changes become dirty. It returns false on a contradiction.
//
// The 27 minirows are handled in one 27-bit word per digit, minirow k
// (box) of row r of band b at bit r*9 + 3k + b, so that the three minirows
// of a row sit 3 bits apart; the 27 minicolumns are the (band, column)
// pairs, bit band*9 + column, the three of a column 9 bits apart. A digit's
// two words share a uint64 (minicolumns in the high half), so that one set
// of bit-parallel counters counts both across the nine digits.
func (st *fstate) triads() bool {
	// Two digits at a time, d in the low half of each word and d+1 in the
	// high half: counters a* for the digits in the low halves, b* for
	// those in the high halves, merged at the end. h* count minirows,
	// v* minicolumns; c* count digits that can be there, m* that must.
	var hc1, hc2, hc3, vc1, vc2, vc3 uint64
	var hm1, hm2, hm3, hm4, vm1, vm2, vm3, vm4 uint64
	for d := 0; d < 9; d += 2 {
		h, v := st.triadWords(d)
		hc3 |= hc2 & h
		hc2 |= hc1 & h
		hc1 |= h
		vc3 |= vc2 & v
		vc2 |= vc1 & v
		vc1 |= v
		h, v = mustTriads(h, v)
		hm4 |= hm3 & h
		hm3 |= hm2 & h
		hm2 |= hm1 & h
		hm1 |= h
		vm4 |= vm3 & v
		vm3 |= vm2 & v
		vm2 |= vm1 & v
		vm1 |= v
	}
	// Merge the halves: at least k in all is at least i in the low half
	// and k-i in the high half.
	c1, c2, c3 := hc1&bandAll|vc1<<32, hc2&bandAll|vc2<<32, hc3&bandAll|vc3<<32 // low halves: minirows, then minicolumns
	b1, b2, b3 := hc1>>32|vc1&^bandAll, hc2>>32|vc2&^bandAll, hc3>>32|vc3&^bandAll
	can3 := c3 | b3 | c2&b1 | c1&b2
	const all = bandAll | bandAll<<32
	if can3 != all {
		return false
	}
	m1, m2, m3, m4 := hm1&bandAll|vm1<<32, hm2&bandAll|vm2<<32, hm3&bandAll|vm3<<32, hm4&bandAll|vm4<<32
	n1, n2, n3, n4 := hm1>>32|vm1&^bandAll, hm2>>32|vm2&^bandAll, hm3>>32|vm3&^bandAll, hm4>>32|vm4&^bandAll
	if m4|n4|m3&n1|m2&n2|m1&n3 != 0 {
		return false // four digits must be in one triad
	}
	must3 := m3 | n3 | m2&n1 | m1&n2
	u0, u1, u2 := st.unsolved[0], st.unsolved[1], st.unsolved[2]
	open := uint64(minirows(u0)|minirows(u1)<<1|minirows(u2)<<2) |
		uint64(colsOf(u0)|colsOf(u1)<<9|colsOf(u2)<<18)<<32
	full := must3 & open
	if full == 0 {
		return true
	}
	for d := 0; d < 9; d += 2 {
		h, v := st.triadWords(d)
		mh, mv := mustTriads(h, v)
		w, m := h&bandAll|v<<32, mh&bandAll|mv<<32
		if r := full & w &^ m; r != 0 {
			st.clearTriads(d, r)
		}
		if d < 8 {
			w, m = h>>32|v&^bandAll, mh>>32|mv&^bandAll
			if r := full & w &^ m; r != 0 {
				st.clearTriads(d+1, r)
			}
		}
	}
	return true
}

// triadWords returns the minirows (h) and minicolumns (v) where digits d
// (low half) and d+1 (high half; none for d = 8) have cells.
func (st *fstate) triadWords(d int) (h, v uint64) {
	f0, f1, f2 := uint64(st.cand[d&31]), uint64(st.cand[(9+d)&31]), uint64(st.cand[(18+d)&31])
	if d < 8 {
		f0 |= uint64(st.cand[(d+1)&31]) << 32
		f1 |= uint64(st.cand[(10+d)&31]) << 32
		f2 |= uint64(st.cand[(19+d)&31]) << 32
	}
	const starts, row = triadStarts | triadStarts<<32, rowBits | rowBits<<32
	h = (f0|f0>>1|f0>>2)&starts | ((f1|f1>>1|f1>>2)&starts)<<1 | ((f2|f2>>1|f2>>2)&starts)<<2
	v = (f0|f0>>9|f0>>18)&row | ((f1|f1>>9|f1>>18)&row)<<9 | ((f2|f2>>9|f2>>18)&row)<<18
	return h, v
}

// mustTriads returns, of two triad words, the minirows alone in their row
// and the minicolumns alone in their column.
func mustTriads(h, v uint64) (uint64, uint64) {
	const (
		first = (7 | 7<<9 | 7<<18) * (1 | 1<<32) // the minirows of the first box of each row
		row   = rowBits | rowBits<<32
	)
	// A minirow goes when another of its row is open: count the three
	// boxes' minirows of each row to two.
	k0, k1, k2 := h&first, h>>3&first, h>>6&first
	h &^= (k0&k1 | k2&(k0|k1)) * (1 | 1<<3 | 1<<6)
	g0, g1, g2 := v&row, v>>9&row, v>>18&row
	v &^= (g0&g1 | g2&(g0|g1)) * colRepl
	return h, v
}

// minirows returns the minirows of band board f, at the first cell of each.
func minirows(f uint32) uint32 { return (f | f>>1 | f>>2) & triadStarts }

// clearTriads removes digit d from the triads r (a triad word).
func (st *fstate) clearTriads(d int, r uint64) {
	x, y := uint32(r), uint32(r>>32)
	for b := 0; b < 3; b++ {
		if m := (x>>b&triadStarts)*7 | (y>>(9*b)&rowBits)*colRepl; m != 0 {
			i := (b*9 + d) & 31
			st.cand[i] &^= m
			st.dirty |= 1 << i
		}
	}
}

// pickBand returns a digit's board to guess on and the two ways its digit
// can still be placed across the band (one minirow per row and per box,
// as cell masks): in the band with the fewest such placements over its
// nine digits, not counting a band where each has one, the lowest
// digit with two. It returns ok false when that band has no such digit.
func (st *fstate) pickBand() (i int, m1, m2 uint32, ok bool) {
	var n [3]int
	for b := 0; b < 3; b++ {
		c := (*[9]uint32)(st.cand[b*9 : b*9+9])
		for _, f := range c {
			n[b] += int(fastPermN[minirowSet(f)])
		}
		if n[b] == 9 {
			n[b] = 1 << 10 // every digit has one placement left
		}
	}
	b := 0
	if n[1] < n[b] {
		b = 1
	}
	if n[2] < n[b] {
		b = 2
	}
	c := (*[9]uint32)(st.cand[b*9 : b*9+9])
	for d, f := range c {
		if s := minirowSet(f); fastPermN[s] == 2 {
			return b*9 + d, fastPermTwo[s][0], fastPermTwo[s][1], true
		}
	}
	return 0, 0, 0, false
}

// minirowSet returns the minirows of band board f where it has a cell, bit
// r*3+k for row r and box k.
func minirowSet(f uint32) uint32 {
	return uint32((fastRow[0][f&rowBits] | fastRow[1][(f>>9)&rowBits] | fastRow[2][(f>>18)&rowBits]) >> 32 & rowBits)
}


