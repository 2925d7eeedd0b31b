package solver

import "math/bits"

const (
	// triadMinOpen is the fewest unsolved cells at which propagation
	// runs the triad rules before a guess: at the root (no guess made
	// yet) and once ruleMinGuesses guesses are made. After the first
	// guess and before the eighth neither they nor the hidden pairs run:
	// in a tree that is still small they seldom pay for their calls
	// (docs/speed.md, twenty-second pass). The hidden pairs, cheaper
	// since the twenty-fourth pass, run after them from pairMinOpen
	// (fewer) open cells: between the two the pairs alone find about as
	// much as both for fewer instructions. Before that pass the triads
	// ran from 51 open cells at the root and 48 deeper, the pairs from
	// 56 at the root and 52 deeper.
	triadMinOpen   = 58
	ruleMinGuesses = 8

	// triadAll is every triad of a triad word (see triads).
	triadAll = bandAll | bandAll<<32
	// triadFirst is, in a triad word, the first triad of each row's
	// minirows: the other two sit 3 and 6 bits above.
	triadFirst = 7 | 7<<9 | 7<<18
)

// triads applies the triad rules. A minirow (a row within a box) and a
// minicolumn (a column within a box) hold three digits. A digit whose row
// has cells left in one minirow only must be in that minirow, and likewise
// for a column and a minicolumn. When three digits must be in a triad, the
// others leave its cells (naked triad); when only three digits can be in a
// triad, each must be there, so it leaves the rest of the triad's row or
// column and box (hidden triad); fewer than three is a contradiction. The
// boards it changes become dirty. It returns false on a contradiction.
//
// Each digit's triads are one word: bits 0-26 the minirows, minirow k of
// row r of band b at bit r*9+3k+b (so the three minirows of a row sit 3
// bits apart), and bits 32-58 the minicolumns, band b and column c at bit
// 32+b*9+c (the three of a column 9 bits apart). Bit-parallel counters
// count, per triad, the digits that can be there and those that must.
// ws is scratch space for the nine words: a local array would be zeroed
// on each call, and in WebAssembly that and the copy a range over it
// makes are calls out of the module (memory.fill, memory.copy).
func (st *fstate) triads(ws *[9]uint64) bool {
	// In two passes, so that few values are live at once: first the
	// words and the counts of digits that can be in each triad, then
	// where each digit must be and their counts.
	var c1, c2, c3, c4 uint64
	c := &st.cand
	for d := range ws {
		// Bands 0 and 1 side by side in one word, then band 2.
		x, y := uint64(c[d])|uint64(c[9+d])<<32, uint64(c[18+d])
		w := triadRows(x, y) | triadCols(x, y)<<32
		ws[d] = w
		c4 |= c3 & w
		c3 |= c2 & w
		c2 |= c1 & w
		c1 |= w
	}
	if c3 != triadAll {
		return false // a triad where fewer than three digits can be
	}
	var m1, m2, m3 uint64
	for k := 0; k < 3; k++ {
		// Three digits a turn: compiled to WebAssembly, each turn of a
		// loop is a jump through the function's dispatch loop.
		d := 3 * k
		m := triadMust(ws[d])
		m3 |= m2 & m
		m2 |= m1 & m
		m1 |= m
		m = triadMust(ws[d+1])
		m3 |= m2 & m
		m2 |= m1 & m
		m1 |= m
		m = triadMust(ws[d+2])
		m3 |= m2 & m
		m2 |= m1 & m
		m1 |= m
	}
	naked := m3 & c4         // three digits must be there, and others can
	hidden := c3 &^ c4 &^ m3 // three digits can be there, not all must yet
	if naked|hidden == 0 {
		return true
	}
	for d, w := range ws {
		m := triadMust(w)
		if r := naked & w &^ m; some(r) {
			st.clearTriads(d, r)
		}
		if r := hidden & w &^ m; some(r) {
			st.confineTriads(d, r)
		}
	}
	return true
}

// triadMust returns, of a triad word, the minirows alone in their row and
// the minicolumns alone in their column: where the digit must be.
func triadMust(w uint64) uint64 {
	a, b := w>>3, w>>6
	g, g1, g2 := w>>32, w>>41, w>>50
	two := (w&a|b&(w|a))&triadFirst*(1|1<<3|1<<6) | (g&g1|g2&(g|g1))&rowBits*colRepl<<32
	return w &^ two
}

// triadRows returns the minirows of a digit's triad word (see triads), from
// its band boards 0 and 1 in x (band 1 at bit 32) and 2 in y; triadCols
// its minicolumns. In two parts so that each is inlined: a call costs most
// in WebAssembly.
func triadRows(x, y uint64) uint64 {
	h := (x | x>>1 | x>>2) & (triadStarts | triadStarts<<32)
	return (h | h>>31 | (y|y>>1|y>>2)&triadStarts<<2) & bandAll
}

// triadCols returns the minicolumns of a triad word, from x and y as for
// triadRows.
func triadCols(x, y uint64) uint64 {
	v := (x | x>>9 | x>>18) & (rowBits | rowBits<<32)
	return (v|v>>23)&(1<<18-1) | (y|y>>9|y>>18)&rowBits<<18
}

// clearTriads removes digit d from the cells of triads r (a triad word).
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

// confineTriads keeps digit d inside the triads r (a triad word): out of
// the rest of each minirow's row and box, and of each minicolumn's column
// and box.
func (st *fstate) confineTriads(d int, r uint64) {
	const box = 7 | 7<<9 | 7<<18
	for x := uint32(r); x != 0; x &= x - 1 {
		q := bits.TrailingZeros32(x)
		b := q % 3
		q -= b // r*9+3k
		i := (b*9 + d) & 31
		st.cand[i] &^= (rowBits<<(q/9*9) | box<<(q%9)) &^ (7 << q)
		st.dirty |= 1 << i
	}
	for y := uint32(r >> 32); y != 0; y &= y - 1 {
		q := bits.TrailingZeros32(y)
		b, c := q/9, q%9
		col := uint32(colRepl) << c
		for bb := 0; bb < 3; bb++ {
			i := (bb*9 + d) & 31
			if bb == b {
				st.cand[i] &^= box << (c / 3 * 3) &^ col
			} else {
				st.cand[i] &^= col
			}
			st.dirty |= 1 << i
		}
	}
}
