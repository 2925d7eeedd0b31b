package solver

// Tables for the fast engine. A band is three rows (rows 0-2, 3-5, 6-8); a
// band board is a 27-bit set of the band's cells, bit r*9+c for row r (0-2)
// within the band and column c. Cell i of a Grid is bit i%27 of band i/27.
// Within a band, the "minirows" are the nine row segments of three cells
// where a row meets a box: minirow r*3+k is row r within box k.

const (
	bandAll = 1<<27 - 1 // every cell of a band
	colRepl = 1 | 1<<9 | 1<<18
	rowBits = 0x1ff
	// pairAll and pairCarry are bandAll and bit 27 in each 32-bit half
	// of a uint64 holding two band boards (drain).
	pairAll   = bandAll | bandAll<<32
	pairCarry = 1<<27 | 1<<59
	// triadStarts is bit 3k of a band board: the first cell of each
	// minirow.
	triadStarts = 0x1249249
	// stackCols is the first stack's three columns in the three bands of
	// a 27-bit set of (band, column) pairs, bit band*9+column (stacks).
	// Multiplied by stackGather in 32 bits, the stack's band 0 lands at
	// bits 23-25, band 1 at 26-28 and band 2 at 29-31, and every other
	// partial product below bit 23 or past bit 31, no two of them on the
	// same bit (so nothing carries): the top 9 bits are the stack's 3x3
	// matrix, bit band*3+column. For stack s, the set masked with
	// stackCols<<3s and multiplied by stackGather>>3s.
	stackCols   = 7 | 7<<9 | 7<<18
	stackGather = 1<<23 | 1<<17 | 1<<11
	diagMain    = 0 // index of the main diagonal in fastDiag
	diagAnti    = 1 // index of the anti-diagonal
)

// fastTables holds the fast engine's tables that its loops read most. The
// native drain, stacks and pick reach them from one pointer (fastTabs)
// held in a register: a table's own address is a constant that the
// compiler computes again (a LEAQ) on each turn of a loop, for each table.
type fastTables struct {
	// row maps the 9 bits of row r (0-2) of a band board to what drain
	// needs of it: the bits themselves at r*9 when exactly one is set (a
	// row with one cell), and at 32+r*3 the 3 bits of its minirows that
	// hold a bit. OR-ing the three rows' entries gives both for the board.
	row [3][512]uint64
	// perm maps the 9-bit set of non-empty minirows of a digit in a band
	// (bit r*3+k: row r meets box k) to the 27-bit union of every placement
	// of the digit that stays inside it: one minirow per row and one per box,
	// a permutation. It is 0 when no placement fits. Masking a band board with
	// it does every locked-candidates step between the band's rows and boxes.
	perm [512]uint32
	// permSpread is the same rule for a stack, where a digit takes one
	// column per band and one band per column: it maps the 9-bit set of
	// open (band, column) pairs, bit band*3+column, to the union of the
	// valid placements, spread as bits band*9+column (the stack's part of
	// three 9-bit column sets side by side).
	permSpread [512]uint32
	// peers gives, for each cell of a band, the other cells of the band in
	// its row, its box and its column.
	peers [32]uint32
	// colCells gives the cells of each cell's column in a band.
	colCells [32]uint32
	// bandOf gives the band of each board index b*9+d.
	bandOf [32]uint8
	// others gives the same digit's boards in the other two bands of
	// each board index i: (i+9)%27 | (i+18)%27<<5.
	others [32]uint16
}

var (
	fastTab  fastTables
	fastTabs = &fastTab // see fastTables
	// fastTwo maps a row's 9 bits to 1 when exactly two bits are set.
	fastTwo [512]uint32
	// fastDiag holds the cells of both diagonals, per band.
	fastDiag [2][3]uint32
	// fastSpread maps 8 bits to 8 bytes, byte i holding bit i.
	fastSpread [256]uint64
)

func init() {
	for x := 0; x < 512; x++ {
		var s, n uint32
		for c := 0; c < 9; c++ {
			if x&(1<<c) != 0 {
				s |= 1 << (c / 3)
				n++
			}
		}
		for r := range fastTab.row {
			e := uint64(s) << (32 + 3*r)
			if n == 1 {
				e |= uint64(x) << (9 * r)
			}
			fastTab.row[r][x] = e
		}
		if n == 2 {
			fastTwo[x] = 1
		}
	}
	perms := [6][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	for sh := 0; sh < 512; sh++ {
		var m, m9 uint32
		for _, p := range perms {
			ok := true
			for r, k := range p {
				if sh&(1<<(r*3+k)) == 0 {
					ok = false
				}
			}
			if !ok {
				continue
			}
			for r, k := range p {
				m |= 7 << (r*9 + k*3)
				m9 |= 1 << (r*9 + k)
			}
		}
		fastTab.perm[sh] = m
		fastTab.permSpread[sh] = m9
	}
	for p := 0; p < 27; p++ {
		r, c := p/9, p%9
		var m uint32
		for q := 0; q < 27; q++ {
			qr, qc := q/9, q%9
			if q != p && (qr == r || qc == c || qc/3 == c/3) {
				m |= 1 << q
			}
		}
		fastTab.peers[p] = m
	}
	for x := range fastSpread {
		for i := 0; i < 8; i++ {
			fastSpread[x] |= uint64(x>>i&1) << (8 * i)
		}
	}
	for p := 0; p < 27; p++ {
		fastTab.colCells[p] = colRepl << (p % 9)
	}
	for i := 0; i < 27; i++ {
		fastTab.others[i] = uint16((i+9)%27 | (i+18)%27<<5)
	}
	for i := range fastTab.bandOf {
		fastTab.bandOf[i] = uint8(min(i/9, 2))
	}
	for r := 0; r < 9; r++ {
		fastDiag[diagMain][r/3] |= 1 << ((r%3)*9 + r)
		fastDiag[diagAnti][r/3] |= 1 << ((r%3)*9 + 8 - r)
	}
}
