package solver

import "math/bits"

// fastEngine is the default engine: bitboards per digit and band, with
// band-local tables, for the Standard and Diagonal variants; any other
// variant goes to the generic prop engine.
//
// The state is 27 band boards (digit d, band b at index d*3+b; see
// fast_tables.go) plus the set of unsolved cells per band. Propagation
// repeats three steps until nothing changes: for each changed board, keep
// only the cells that lie on some valid placement of the digit across the
// band (this does hidden singles in rows and every locked-candidates move
// between the band's rows and boxes), and place the digit in each row where
// one cell is left (removing the cell from the other digits, the column from
// the other bands and, for Diagonal, the diagonal from every band); then
// place every naked single (a cell with one candidate). Search guesses on a
// cell with the fewest candidates, on a copy of the state: the state is a
// fixed-size value, so a guess costs one copy and no allocation.
type fastEngine struct{}

func (fastEngine) Name() string { return "fast" }

// fstate is the whole search state; a guess copies it by value.
type fstate struct {
	cand     [32]uint32 // band boards, index d*3+b; entries 27-31 unused
	unsolved [4]uint32  // cells not yet placed, per band; entry 3 unused
	dirty    uint32     // boards changed since their last update, bit d*3+b
}

type fsearch struct {
	budget  budget
	limit   int
	count   int
	guesses int64
	diag    bool // the Diagonal variant: placements also clear the diagonals
	first   Grid
}

func (fastEngine) Solve(g Grid, opt Options) (Result, error) {
	if err := opt.prepare(&g); err != nil {
		return Result{}, err
	}
	if opt.Variant != Standard && opt.Variant != Diagonal {
		return propEngine{}.Solve(g, opt)
	}
	s := fsearch{
		budget: budget{max: opt.MaxNodes, ctx: opt.Context},
		limit:  opt.Limit,
		diag:   opt.Variant == Diagonal,
	}
	var st fstate
	for i := 0; i < 27; i++ {
		st.cand[i] = bandAll
	}
	st.unsolved = [4]uint32{bandAll, bandAll, bandAll, 0}
	st.dirty = bandAll
	for c, d := range g {
		if d != 0 {
			st.place(int(d)-1, c/27, c%27)
		}
	}
	if s.budget.spend() && s.propagate(&st) {
		s.search(&st)
	}
	res := Result{Count: s.count, Solution: s.first, Stats: Stats{Nodes: s.budget.nodes, Guesses: s.guesses}}
	return res, s.budget.err
}

// place puts digit d (0-8) on cell p of band b: the cell loses its other
// candidates and the digit leaves the cell's peers in the band. The update
// of the board then finds the placement and clears the other bands.
func (st *fstate) place(d, b, p int) {
	bit := uint32(1) << (p & 31)
	for j := b; j < 27; j += 3 {
		if st.cand[j&31]&bit != 0 {
			st.cand[j&31] &^= bit
			st.dirty |= 1 << j
		}
	}
	i := (d*3 + b) & 31
	st.cand[i] = st.cand[i]&^fastPeers[p&31] | bit
	st.dirty |= 1 << i
}

// propagate runs updates and naked singles until nothing changes. It
// returns false on a contradiction.
func (s *fsearch) propagate(st *fstate) bool {
	for {
		for st.dirty != 0 {
			i := bits.TrailingZeros32(st.dirty)
			st.dirty &= st.dirty - 1
			if !s.update(st, i) {
				return false
			}
		}
		if st.unsolved[0]|st.unsolved[1]|st.unsolved[2] == 0 {
			return true
		}
		for b := 0; b < 3; b++ {
			u := st.unsolved[b]
			if u == 0 {
				continue
			}
			var ones, twos uint32
			for j := b; j < 27; j += 3 {
				x := st.cand[j&31]
				twos |= ones & x
				ones |= x
			}
			if ones != bandAll {
				return false // a cell without candidates
			}
			ns := ones &^ twos & u
			for j := b; ns != 0 && j < 27; j += 3 {
				m := ns & st.cand[j&31]
				if m == 0 {
					continue
				}
				ns &^= m
				x := st.cand[j&31]
				for ; m != 0; m &= m - 1 {
					x &^= fastPeers[bits.TrailingZeros32(m)&31]
				}
				st.cand[j&31] = x
				st.dirty |= 1 << j
			}
		}
		if st.dirty == 0 && !st.columnSingles() {
			return true
		}
	}
}

// columnSingles places every digit that has one cell left in a column. It
// reports whether it placed any.
func (st *fstate) columnSingles() bool {
	for d := 0; d < 27; d += 3 {
		f0, f1, f2 := st.cand[d&31], st.cand[(d+1)&31], st.cand[(d+2)&31]
		o0, t0 := colCount(f0)
		o1, t1 := colCount(f1)
		o2, t2 := colCount(f2)
		one := (o0 | o1 | o2) &^ (t0 | t1 | t2 | o0&o1 | o0&o2 | o1&o2)
		if one == 0 {
			continue
		}
		cols := one * colRepl
		for b := 0; b < 3; b++ {
			j := (d + b) & 31
			m := st.cand[j] & cols & st.unsolved[b]
			if m == 0 {
				continue
			}
			x := st.cand[j]
			for ; m != 0; m &= m - 1 {
				p := bits.TrailingZeros32(m) & 31
				x &^= fastPeers[p]
				bit := uint32(1) << p
				for e := b; e < 27; e += 3 {
					st.cand[e&31] &^= bit
				}
			}
			st.cand[j] = x
			st.dirty |= 1<<j | uint32(0x1249249)<<b&bandAll
		}
	}
	return st.dirty != 0
}

// colCount returns the columns where board f has at least one cell and at
// least two cells.
func colCount(f uint32) (once, twice uint32) {
	a, b, c := f&rowBits, f>>9&rowBits, f>>18&rowBits
	return a | b | c, a&b | a&c | b&c
}

// update brings board i (digit i/3, band i%3) up to date: valid placements
// only, then the rows left with one cell are placed. It returns false on a
// contradiction.
func (s *fsearch) update(st *fstate, i int) bool {
	i &= 31
	f := st.cand[i]
	sh := fastShrink[f&rowBits] | fastShrink[(f>>9)&rowBits]<<3 | fastShrink[(f>>18)&rowBits]<<6
	f &= fastPerm[sh&511]
	if f == 0 {
		return false
	}
	st.cand[i] = f
	rs := fastOne[f&rowBits] | fastOne[(f>>9)&rowBits]<<1 | fastOne[(f>>18)&rowBits]<<2
	b := i % 3
	p := f & fastRows[rs&7] & st.unsolved[b&3]
	if p == 0 {
		return true
	}
	st.unsolved[b&3] &^= p
	for j := b; j < 27; j += 3 {
		if j != i && st.cand[j&31]&p != 0 {
			st.cand[j&31] &^= p
			st.dirty |= 1 << j
		}
	}
	col := (p | p>>9 | p>>18) & rowBits * colRepl
	base := i - b
	for j := base; j < base+3; j++ {
		if j != i && st.cand[j&31]&col != 0 {
			st.cand[j&31] &^= col
			st.dirty |= 1 << j
		}
	}
	if s.diag {
		for k := range fastDiag {
			if p&fastDiag[k][b&3] == 0 {
				continue
			}
			for bb := 0; bb < 3; bb++ {
				m := fastDiag[k][bb]
				if bb == b {
					m &^= p
				}
				j := (base + bb) & 31
				if st.cand[j]&m != 0 {
					st.cand[j] &^= m
					st.dirty |= 1 << j
				}
			}
		}
	}
	return true
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
		b, p := st.pick()
		bit := uint32(1) << (p & 31)
		var ds uint32 // candidate digits of the cell
		for d := 0; d < 9; d++ {
			if st.cand[(d*3+b)&31]&bit != 0 {
				ds |= 1 << d
			}
		}
		for ds&(ds-1) != 0 {
			d := bits.TrailingZeros32(ds)
			ds &= ds - 1
			if !s.budget.spend() {
				return false
			}
			s.guesses++
			next = *st
			next.place(d, b, p)
			if s.propagate(&next) && !s.search(&next) {
				return false
			}
		}
		// The last candidate needs no copy: go on with st itself.
		if !s.budget.spend() {
			return false
		}
		s.guesses++
		st.place(bits.TrailingZeros32(ds), b, p)
		if !s.propagate(st) {
			return true
		}
	}
}

// pick returns an unsolved cell (band, bit) with the fewest candidates,
// the first bivalue cell when there is one.
func (st *fstate) pick() (int, int) {
	bestB, bestP, bestN := 0, 0, 10
	for b := 0; b < 3; b++ {
		u := st.unsolved[b]
		if u == 0 {
			continue
		}
		var ones, twos, threes uint32
		for j := b; j < 27; j += 3 {
			x := st.cand[j&31]
			threes |= twos & x
			twos |= ones & x
			ones |= x
		}
		if m := twos &^ threes & u; m != 0 {
			return b, bits.TrailingZeros32(m)
		}
		if bestN > 3 {
			if m := threes & u; m != 0 {
				for ; m != 0; m &= m - 1 {
					p := bits.TrailingZeros32(m)
					n := 0
					for j := b; j < 27; j += 3 {
						n += int(st.cand[j&31] >> p & 1)
					}
					if n < bestN {
						bestB, bestP, bestN = b, p, n
						if n == 3 {
							break
						}
					}
				}
			}
		}
	}
	return bestB, bestP
}

// record writes the solution held by a solved state into s.first.
func (s *fsearch) record(st *fstate) {
	for j := 0; j < 27; j++ {
		d := uint8(j/3 + 1)
		base := j % 3 * 27
		for x := st.cand[j]; x != 0; x &= x - 1 {
			s.first[(base+bits.TrailingZeros32(x))%81] = d
		}
	}
}
