package solver

import (
	"encoding/binary"
	"math/bits"
)

// fastEngine is the default engine: bitboards per digit and band, with
// band-local tables, for the Standard and Diagonal variants; any other
// variant goes to the generic prop engine.
//
// The state is 27 band boards (band b, digit d at index b*9+d; see
// fast_tables.go) plus the set of unsolved cells per band. The clues are
// placed when the boards are set up. Propagation repeats three steps until
// nothing changes. First, drain updates each changed board: it keeps only
// the cells that lie on some valid placement of its digit across the band
// (one cell per row and per box: this does hidden singles in rows and boxes
// and the locked candidates between rows and boxes), and places the digit
// in each row where one cell is left: the cell leaves the other digits'
// boards and the column leaves the other bands; for Diagonal, a pass after
// drain clears the diagonals of the placed cells. Then every naked single
// (a cell with one candidate, counted per band with three bit-parallel
// counters) is placed. Last, the same valid-placement rule runs across the
// bands of each stack (locked candidates between columns and boxes, and
// hidden singles in columns), after, for Diagonal, the hidden singles of the
// diagonals. When all that is done and a guess is next, with a limit above 1,
// at the root and after 8 guesses, the triad rules (fast_triads.go) run
// with 58 or more cells open: naked and hidden triples in the three cells
// where a row or column meets a box. When they find nothing or do not run,
// the hidden pairs of rows and columns run (fast_pairs.go), with 54 or
// more cells open.
//
// Search guesses on a bivalue cell chosen by its unsolved peers (see pick),
// on a copy of the state: the state is a fixed-size value (184 bytes), so a
// guess costs one copy and no allocation; the last candidate of a guess
// goes on in place.
type fastEngine struct{}

func (fastEngine) Name() string { return "fast" }

// fstate is the whole search state; a guess copies it by value.
type fstate struct {
	// The band boards, index b*9+d for band b, digit d (0-8). 27-35 are
	// unused: with a band's number masked to 0-3, its nine boards lie
	// inside the array, and drain and pick take them without a bounds
	// check (in WebAssembly a compare, a jump and spills on the usual side).
	cand     [36]uint32
	unsolved [4]uint32 // cells not yet placed, per band; entry 3 unused
	dirty    uint32    // boards changed since their last update, bit b*9+d
	touched  uint32    // boards updated since the last stacks pass, bit b*9+d
	bi       [4]uint32 // per band, the cells with two candidates at the last naked-singles pass; entry 3 unused
}

// fsearch is one solve: its bounds, what it found so far, and scratch
// space shared by propagate and pick.
type fsearch struct {
	budget  budget
	limit   int
	count   int
	guesses int64
	diag    bool // the Diagonal variant: placements also clear the diagonals
	triads  bool // propagation ends with the triad rules and the hidden pairs
	first   Grid
	ws      [9]uint64 // scratch for triads and hiddenPairs
}

func (fastEngine) Solve(g Grid, opt Options) (Result, error) {
	opt.defaults()
	if opt.Variant != Standard && opt.Variant != Diagonal {
		return propEngine{}.Solve(g, opt)
	}
	s := fsearch{
		budget: budget{max: opt.MaxNodes, ctx: opt.Context},
		limit:  opt.Limit,
		diag:   opt.Variant == Diagonal,
		// With Limit 1 the search stays as it was without the triad
		// rules and the hidden pairs, so that the solution found first for a grid with several
		// (the full grid package generate fills from a seed, and the Daily
		// puzzle) does not change.
		triads: opt.Limit > 1,
	}
	var st fstate
	st.dirty = bandAll
	st.touched = bandAll
	// Set up the boards for the clues, which are placed here rather than by
	// the first propagation: each leaves its peers in the band and its
	// column in the other bands, and is no longer unsolved. Two clues of
	// one digit in a unit take each other's cell: a clue cell left with no
	// candidate is a conflict, which Options.prepare (Variant.Check) then
	// names. Propagation alone would not find it in a band with every cell
	// placed, such as a full grid.
	var bad uint32
	var cols [3][16]uint32 // per band and digit, the cells of the columns of its clues
	clues := clueCells(&g)
	for b := 0; b < 3; b++ {
		m := clues[b]
		st.unsolved[b] = bandAll &^ m
		// Every digit keeps the cells that hold no clue and its own clues,
		// whose peers in the band it loses.
		base := b * 9
		// Written out: in WebAssembly each turn of a loop is a jump
		// through the function's dispatch loop.
		c, x := (*[9]uint32)(st.cand[base:base+9]), bandAll&^m
		c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8] = x, x, x, x, x, x, x, x, x
		band := (*[27]uint8)(g[b*27 : b*27+27])
		bc := &cols[b]
		for ; m != 0; m &= m - 1 {
			p := bits.TrailingZeros32(m)
			d := uint32(band[p]) - 1
			bad |= (d + 7) >> 4 // d > 8: the cell holds more than 9
			// With a bad clue these write to the wrong board, which no
			// longer matters.
			i := (base + int(d&15)) & 31
			st.cand[i] = st.cand[i]&^fastTab.peers[p&31] | 1<<p
			bc[d&15] |= fastTab.colCells[p&31]
		}
	}
	if bad != 0 {
		return Result{}, opt.prepare(&g)
	}
	for d := 0; d < 9; d++ {
		c0, c1, c2 := cols[0][d], cols[1][d], cols[2][d]
		st.cand[d] &^= c1 | c2
		st.cand[9+d] &^= c0 | c2
		st.cand[18+d] &^= c0 | c1
	}
	if s.diag {
		for i, d := range g {
			if d != 0 {
				st.clearDiagonals(i/27, int(d-1), 1<<(i%27))
			}
		}
	}
	for b := 0; b < 3; b++ {
		c := (*[9]uint32)(st.cand[b*9 : b*9+9])
		if m := clues[b]; (c[0]|c[1]|c[2]|c[3]|c[4]|c[5]|c[6]|c[7]|c[8])&m != m {
			return Result{}, opt.prepare(&g)
		}
	}
	if !s.budget.spend() {
		return Result{}, s.budget.err
	}
	if !s.propagate(&st) {
		if err := opt.prepare(&g); err != nil {
			return Result{}, err
		}
	} else {
		s.search(&st)
	}
	res := Result{Count: s.count, Solution: s.first, Stats: Stats{Nodes: s.budget.nodes, Guesses: s.guesses}}
	return res, s.budget.err
}

// clueCells returns the cells of g that hold a clue, per band, found eight
// cells at a time.
func clueCells(g *Grid) [3]uint32 {
	var lo uint64 // cells 0-63
	for k := 0; k < 8; k++ {
		lo |= nonzeroBytes(binary.LittleEndian.Uint64(g[8*k:])) << (8 * k)
	}
	hi := nonzeroBytes(binary.LittleEndian.Uint64(g[64:])) | // cells 64-80
		nonzeroBytes(binary.LittleEndian.Uint64(g[72:]))<<8 | (uint64(g[80])+255)>>8<<16
	return [3]uint32{uint32(lo) & bandAll, uint32(lo>>27) & bandAll, uint32(lo>>54|hi<<10) & bandAll}
}

// nonzeroBytes returns the bytes of w that are not zero, bit i for byte i.
func nonzeroBytes(w uint64) uint64 {
	const low7, high = 0x7f7f7f7f7f7f7f7f, 0x8080808080808080
	t := (w&low7 + low7 | w) & high // the high bit of each nonzero byte
	return (t >> 7) * 0x0102040810204080 >> 56
}

// nonzero returns 1 if x, a set of band cells, is not empty, else 0.
func nonzero(x uint32) uint32 { return (x + bandAll) >> 27 }

// nonzero64 is nonzero on a set of band cells held in a uint64.
func nonzero64(x uint64) uint64 { return (x + bandAll) >> 27 }

// some reports whether x, which is below 1<<63, is not 0, by a signed
// comparison. Compiled to WebAssembly, x != 0 becomes two i64.eqz, which
// V8 turns into six instructions that make the flag a value and test it
// again; x > 0 is one compare and branch. Natively both are a test and
// a jump.
func some(x uint64) bool { return int64(x) > 0 }

// place puts digit d (0-8) on cell p of band b: the digit leaves the
// cell's peers in the band. The update of the board then finds the
// placement, clears the cell from the other digits' boards and the column
// from the other bands.
func (st *fstate) place(d, b, p int) {
	i := (b*9 + d) & 31
	st.cand[i] &^= fastTab.peers[p&31]
	st.dirty |= 1 << i
}

// diagonals does the hidden singles of the two diagonals of the Diagonal
// variant: a digit with one place left on a diagonal goes there. It returns
// false when a digit has no place left on a diagonal.
func (st *fstate) diagonals() bool {
	for d := 0; d < 9; d++ {
		for k := range fastDiag {
			m0 := st.cand[d] & fastDiag[k][0]
			m1 := st.cand[9+d] & fastDiag[k][1]
			m2 := st.cand[18+d] & fastDiag[k][2]
			switch bits.OnesCount32(m0) + bits.OnesCount32(m1) + bits.OnesCount32(m2) {
			case 0:
				return false
			case 1:
				switch {
				case m0&st.unsolved[0] != 0:
					st.place(d, 0, bits.TrailingZeros32(m0))
				case m1&st.unsolved[1] != 0:
					st.place(d, 1, bits.TrailingZeros32(m1))
				case m2&st.unsolved[2] != 0:
					st.place(d, 2, bits.TrailingZeros32(m2))
				}
			}
		}
	}
	return true
}

// colsOf returns the columns where board f has a cell.
func colsOf[T uint32 | uint64](f T) T {
	return (f | f>>9 | f>>18) & rowBits
}

// stackMatrix returns the 3x3 matrix of stack s (0-2) in a, a set of
// (band, column) pairs at bits band*9+column: bit band*3+c of the result is
// bit band*9+3s+c of a. By one multiplication: see stackCols.
func stackMatrix(a uint32, s int) uint32 {
	return a & (stackCols << (3 * s)) * (stackGather >> (3 * s)) >> 23
}

// diagonalPeers removes, for the Diagonal variant, the digit of each
// placed cell on a diagonal from the other cells of that diagonal (drain
// and the naked singles leave this to it), marking the boards it changes
// dirty. It returns false when a diagonal holds a digit twice.
func (st *fstate) diagonalPeers() bool {
	var dirty uint32
	for k := range fastDiag {
		for d := 0; d < 9; d++ {
			var m [3]uint32 // the placed cells of d on the diagonal, per band
			for b := range m {
				m[b] = st.cand[b*9+d] & fastDiag[k][b] &^ st.unsolved[b]
			}
			switch bits.OnesCount32(m[0]) + bits.OnesCount32(m[1]) + bits.OnesCount32(m[2]) {
			case 0:
				continue
			case 1:
			default:
				return false
			}
			for b := range m {
				if x := st.cand[b*9+d] & fastDiag[k][b] &^ m[b]; x != 0 {
					st.cand[b*9+d] &^= x
					dirty |= 1 << (b*9 + d)
				}
			}
		}
	}
	st.dirty |= dirty
	return true
}

// clearDiagonals removes digit d from the diagonals of the cells p just
// placed in band b, and returns the boards it changed.
func (st *fstate) clearDiagonals(b, d int, p uint32) uint32 {
	var dirty uint32
	for k := range fastDiag {
		if p&fastDiag[k][b&3] == 0 {
			continue
		}
		for bb := 0; bb < 3; bb++ {
			m := fastDiag[k][bb]
			if bb == b {
				m &^= p
			}
			j := (bb*9 + d) & 31
			if st.cand[j]&m != 0 {
				st.cand[j] &^= m
				dirty |= 1 << j
			}
		}
	}
	return dirty
}

// search records a solution or guesses on a cell with the fewest
// candidates. It returns false when the solve must stop (limit reached or
// budget spent).
func (s *fsearch) search(st *fstate) bool {
	var next fstate // declared outside the loop so that it stays on the stack
	for {
		if st.unsolved[0]|st.unsolved[1]|st.unsolved[2] == 0 {
			if s.count == 0 {
				s.record(st)
			}
			s.count++
			return s.count < s.limit
		}
		b, p, d, set := s.pick(st)
		first := bits.TrailingZeros32(set)
		if p >= 0 && s.limit > 1 && some(uint64(set&(set-1))) {
			first = firstDigit(st, b, p, set)
		}
		for some(uint64(set & (set - 1))) {
			x := first
			set &^= 1 << x
			first = bits.TrailingZeros32(set)
			if !s.budget.spend() {
				return false
			}
			s.guesses++
			next = *st
			next.place(pickMove(b, p, d, x))
			if s.propagate(&next) && !s.search(&next) {
				return false
			}
		}
		// The last candidate needs no copy: go on with st itself.
		if !s.budget.spend() {
			return false
		}
		s.guesses++
		st.place(pickMove(b, p, d, bits.TrailingZeros32(set)))
		if !s.propagate(st) {
			return true
		}
	}
}

// pickMove returns the placement (digit, band, cell) of candidate x of
// what pick returned: digit x on cell p of band b, or (p < 0) digit d on
// cell x. Chosen without a branch, which in WebAssembly is a jump through
// the dispatch loop.
func pickMove(b, p, d, x int) (digit, band, cell int) {
	digit, cell = x, p
	if p < 0 {
		digit, cell = d, x
	}
	return digit, b, cell
}

// firstDigit returns which of the candidates set (two or more) of cell p
// in band b to try first: of the two lowest, the digit with more cells left
// among p's peers in the band, whose placement takes more candidates. On a
// puzzle with several solutions this reaches the first one with fewer
// guesses (serg, limit 2: 7.66 guesses per puzzle become 7.04); when every
// branch is searched to the end, as on a puzzle with one solution, the
// order changes nothing.
//
// search uses it only with a limit above 1: with Limit 1 the lowest digit
// still goes first, so the solution found for a puzzle with several (the
// full grid package generate fills from a seed, which must not change) is
// the same as before.
func firstDigit(st *fstate, b, p int, set uint32) int {
	lo := bits.TrailingZeros32(set)
	hi := bits.TrailingZeros32(set & (set - 1))
	pe := fastTab.peers[p&31]
	if bits.OnesCount32(st.cand[(b*9+hi)&31]&pe) > bits.OnesCount32(st.cand[(b*9+lo)&31]&pe) {
		return hi
	}
	return lo
}
