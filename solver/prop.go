package solver

import (
	"math/bits"

	"sudoku/solver/trace"
)

// propEngine is constraint propagation plus depth-first search, the
// classic recipe: a candidate bitset per cell; naked singles (a cell with one
// candidate left) and hidden singles (a digit with one place left in a unit)
// repeated until nothing changes; then a guess on the cell with the fewest
// candidates, on a copy of the state. It reads only the variant's unit
// tables, so it works for every variant.
type propEngine struct{}

func (propEngine) Name() string { return "prop" }

const allDigits = 0x1ff // candidate bits 0..8 stand for digits 1..9

// pstate is the whole search state; a guess copies it by value.
type pstate struct {
	cand   [81]uint16
	placed [81]bool
	left   int // cells not yet placed
}

type psearch struct {
	v      *Variant
	limit  int
	count  int
	first  Grid
	budget budget
	stack  [512]uint8   // cells whose single candidate awaits placement (a cell can be pushed once per unit)
	tr     *trace.Trace // nil unless tracing; see proptrace.go
	depth  int          // guesses on the current path, counted only when tracing
}

func (e propEngine) Solve(g Grid, opt Options) (Result, error) { return e.solve(g, opt, nil) }

// solve solves g, recording a trace in tr unless it is nil.
func (propEngine) solve(g Grid, opt Options, tr *trace.Trace) (Result, error) {
	if err := opt.prepare(&g); err != nil {
		return Result{}, err
	}
	s := psearch{v: opt.Variant, limit: opt.Limit, budget: budget{max: opt.MaxNodes, ctx: opt.Context}, tr: tr}
	var st pstate
	st.left = 81
	n := 0
	for c, d := range g {
		if d == 0 {
			st.cand[c] = allDigits
		} else {
			st.cand[c] = 1 << (d - 1)
			s.stack[n] = uint8(c)
			n++
			if tr != nil {
				s.traceAssign(c, st.cand[c], trace.RuleClue, -1)
			}
		}
	}
	var guesses int64
	if s.budget.spend() && s.prop(&st, n) {
		s.search(&st, &guesses)
	}
	res := Result{Count: s.count, Solution: s.first, Stats: Stats{Nodes: s.budget.nodes, Guesses: guesses}}
	return res, s.budget.err
}

// propagate places the n cells on the stack and everything that follows by
// naked and hidden singles. It returns false on a contradiction.
func (s *psearch) propagate(st *pstate, n int) bool {
	v := s.v
	for {
		for n > 0 {
			n--
			c := s.stack[n]
			if st.placed[c] {
				continue
			}
			m := st.cand[c]
			st.placed[c] = true
			st.left--
			for _, p := range v.peers[c] {
				if st.cand[p]&m == 0 {
					continue
				}
				st.cand[p] &^= m
				x := st.cand[p]
				if x == 0 {
					return false
				}
				if x&(x-1) == 0 {
					s.stack[n] = p
					n++
				}
			}
		}
		if st.left == 0 {
			return true
		}
		// Hidden singles: a digit with one place left in a unit goes there.
		for _, u := range v.units {
			var once, twice uint16
			for _, c := range u {
				m := st.cand[c]
				twice |= once & m
				once |= m
			}
			if once != allDigits {
				return false // some digit has no place left in this unit
			}
			hidden := once &^ twice
			if hidden == 0 {
				continue
			}
			for _, c := range u {
				x := st.cand[c] & hidden
				if x == 0 || st.placed[c] {
					continue
				}
				if x&(x-1) != 0 {
					return false // one cell would need two digits
				}
				st.cand[c] = x
				s.stack[n] = c
				n++
			}
		}
		if n == 0 {
			return true
		}
	}
}

// prop propagates, with the traced copy of propagate when tracing, so that
// the loop of an untraced solve holds no trace checks.
func (s *psearch) prop(st *pstate, n int) bool {
	if s.tr != nil {
		return s.propagateTraced(st, n)
	}
	return s.propagate(st, n)
}

// search guesses on the open cell with the fewest candidates. It returns
// false when the solve must stop (limit reached or budget spent).
func (s *psearch) search(st *pstate, guesses *int64) bool {
	if st.left == 0 {
		if s.count == 0 {
			for c, m := range st.cand {
				s.first[c] = uint8(bits.TrailingZeros16(m) + 1)
			}
		}
		s.count++
		if s.tr != nil {
			s.tr.Add(trace.Event{Kind: trace.KindSolution, Cell: -1, Depth: s.depth, Unit: -1, From: -1, Size: s.count})
		}
		return s.count < s.limit
	}
	best, bestN := -1, 10
	for c := 0; c < 81; c++ {
		if st.placed[c] {
			continue
		}
		if k := bits.OnesCount16(st.cand[c]); k < bestN {
			best, bestN = c, k
			if k == 2 {
				break
			}
		}
	}
	if bestN > 2 {
		// A digit with fewer places in some unit than the best cell has
		// candidates is a smaller choice: branch over its places instead.
		if u, d, n := s.fewestPlaces(st); n < bestN {
			for _, c := range s.v.units[u] {
				if st.placed[c] || st.cand[c]&d == 0 {
					continue
				}
				if !s.budget.spend() {
					return false
				}
				*guesses++
				next := *st
				next.cand[c] = d
				s.stack[0] = c
				if s.tr != nil {
					s.traceGuess(int(c), d, trace.RuleFewestPlaces, u, n)
				}
				if s.prop(&next, 1) && !s.search(&next, guesses) {
					return false
				}
				if s.tr != nil {
					s.traceBacktrack()
				}
			}
			return true
		}
	}
	for m := st.cand[best]; m != 0; m &= m - 1 {
		if !s.budget.spend() {
			return false
		}
		*guesses++
		next := *st
		next.cand[best] = m & -m
		s.stack[0] = uint8(best)
		if s.tr != nil {
			s.traceGuess(best, m&-m, trace.RuleFewestCandidates, -1, bestN)
		}
		if s.prop(&next, 1) && !s.search(&next, guesses) {
			return false
		}
		if s.tr != nil {
			s.traceBacktrack()
		}
	}
	return true
}

// fewestPlaces returns the unit and digit bit with the fewest open places
// (at least two; singles were placed by propagation), and that number.
func (s *psearch) fewestPlaces(st *pstate) (unit int, digit uint16, n int) {
	n = 10
	for u, cells := range s.v.units {
		var count [9]uint8
		for _, c := range cells {
			if st.placed[c] {
				continue
			}
			for m := st.cand[c]; m != 0; m &= m - 1 {
				count[bits.TrailingZeros16(m)]++
			}
		}
		for d, k := range count {
			if k >= 2 && int(k) < n {
				unit, digit, n = u, 1<<d, int(k)
				if n == 2 {
					return
				}
			}
		}
	}
	return
}
