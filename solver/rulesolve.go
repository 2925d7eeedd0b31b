package solver

import (
	"fmt"
	"math/bits"
	"strings"

	"sudoku/solver/trace"
)

// RulesResult is what a solve under Rules found.
type RulesResult struct {
	// Count is the number of solutions found, at most the limit: with
	// Limit 2, Count 2 means "two or more".
	Count int
	// Solution is the first solution found, Size*Size digits row by row;
	// nil when Count is 0.
	Solution []uint8
	Stats
}

// Solve counts the solutions of givens (Size*Size digits, 0 for an empty
// cell) under the rules, up to opt.Limit, and returns the first. The
// classic game and the Diagonal variant go to the fast engine; everything
// else to the rules engine: candidates per cell narrowed by naked and
// hidden singles and every constraint's propagation until nothing
// changes, then a guess on the cell with the fewest candidates. Every
// solution returned has passed Verify's checks.
//
// opt.Variant and the engine are ignored; opt.MaxNodes and opt.Context
// bound the solve as for Engine.Solve (an error wrapping ErrBudget, with
// the solutions found so far). Givens that repeat a digit where digits
// must differ give a *ConflictError; givens that break another constraint
// give Count 0 and no error.
func (r *Rules) Solve(givens []uint8, opt Options) (RulesResult, error) {
	if err := r.Check(givens); err != nil {
		return RulesResult{}, err
	}
	if opt.Limit <= 0 {
		opt.Limit = 1
	}
	if v := r.classic(); v != nil {
		var g Grid
		copy(g[:], givens)
		opt.Variant = v
		res, err := engines[0].Solve(g, opt)
		out := RulesResult{Count: res.Count, Stats: res.Stats}
		if res.Count > 0 {
			out.Solution = append([]uint8(nil), res.Solution[:]...)
		}
		return out, err
	}
	return r.search(givens, opt)
}

// rstate is the rules engine's search state; a guess copies it by value.
type rstate struct {
	cand [81]uint16
	done [81]bool // the cell's single digit was taken out of its peers
}

type rsearch struct {
	r      *Rules
	n      int // cells
	all    uint16
	limit  int
	count  int
	first  []uint8
	budget budget
	guess  int64
	sol    []uint8 // scratch for checks

	tr    *trace.Trace // the trace being recorded (Rules.TraceSolve), or nil
	depth int          // guesses on the current path, for the trace
}

// search runs the rules engine itself (Solve without the fast path; the
// tests compare the two).
func (r *Rules) search(givens []uint8, opt Options) (RulesResult, error) {
	return r.traced(givens, opt, nil)
}

// traced is search, recording a trace in tr unless it is nil.
func (r *Rules) traced(givens []uint8, opt Options, tr *trace.Trace) (RulesResult, error) {
	s := r.newSearch(opt, tr)
	var st rstate
	for c := 0; c < s.n; c++ {
		st.cand[c] = s.all
		if d := givens[c]; d != 0 {
			st.cand[c] = 1 << (d - 1)
			if tr != nil {
				s.traceAssign(c, st.cand[c], trace.RuleClue, -1)
			}
		}
	}
	return s.run(&st)
}

// newSearch returns a search under opt's limit and budget, recording a
// trace in tr unless it is nil.
func (r *Rules) newSearch(opt Options, tr *trace.Trace) *rsearch {
	if opt.Limit <= 0 {
		opt.Limit = 1
	}
	return &rsearch{r: r, n: r.Cells(), all: uint16(1)<<r.Size - 1, limit: opt.Limit,
		budget: budget{max: opt.MaxNodes, ctx: opt.Context}, sol: make([]uint8, r.Cells()), tr: tr}
}

// run searches from st: propagation, then guesses.
func (s *rsearch) run(st *rstate) (RulesResult, error) {
	if s.budget.spend() && s.prop(st) {
		s.dfs(st)
	}
	return RulesResult{Count: s.count, Solution: s.first, Stats: Stats{Nodes: s.budget.nodes, Guesses: s.guess}}, s.budget.err
}

// prop is propagate, recorded when a trace is (propagateTraced makes the
// same moves; the check is here, not in propagate, which stays as fast as
// it was without traces).
func (s *rsearch) prop(st *rstate) bool {
	if s.tr != nil {
		return s.propagateTraced(st) // rulestrace.go
	}
	return s.propagate(st)
}

// SolveCandidates is Solve from candidates rather than givens: cands[c]
// holds the digits cell c may still take (bit d-1 for digit d, one bit for
// a filled cell), as a position of play has them, so that a search from a
// position whose candidates logic has narrowed need not find again what
// they already say. Every solution returned keeps the rules and lies
// within cands; a cell without candidates gives Count 0. The classic fast
// path is not taken. opt bounds the search as for Solve; cands of the
// wrong length give an error wrapping ErrLength.
func (r *Rules) SolveCandidates(cands []uint16, opt Options) (RulesResult, error) {
	if len(cands) != r.Cells() {
		return RulesResult{}, fmt.Errorf("%d candidate masks for %d cells: %w", len(cands), r.Cells(), ErrLength)
	}
	s := r.newSearch(opt, nil)
	var st rstate
	for c := 0; c < s.n; c++ {
		if st.cand[c] = cands[c] & s.all; st.cand[c] == 0 {
			return RulesResult{}, nil
		}
	}
	return s.run(&st)
}

// propagate narrows st to a fixed point; false on a contradiction.
func (s *rsearch) propagate(st *rstate) bool {
	r, cand := s.r, st.cand[:s.n]
	for {
		before := st.cand
		// Naked singles: a placed digit leaves its peers.
		for again := true; again; {
			again = false
			for c := 0; c < s.n; c++ {
				m := cand[c]
				if st.done[c] || m&(m-1) != 0 {
					continue
				}
				st.done[c] = true
				for _, p := range r.peers[c] {
					if cand[p]&m == 0 {
						continue
					}
					if cand[p] &^= m; cand[p] == 0 {
						return false
					}
					if p < c {
						again = true
					}
				}
			}
		}
		// Hidden singles in units of Size cells; fewer digits than cells
		// left to place in any unit is a contradiction.
		for _, u := range r.units {
			var once, twice uint16
			for _, c := range u {
				m := cand[c]
				twice |= once & m
				once |= m
			}
			if len(u) < r.Size {
				if bits.OnesCount16(once) < len(u) {
					return false
				}
				continue
			}
			if once != s.all {
				return false
			}
			for hidden := once &^ twice; hidden != 0; hidden &= hidden - 1 {
				d := hidden & -hidden
				for _, c := range u {
					if cand[c]&d != 0 {
						if cand[c] != d {
							cand[c] = d
						}
						break
					}
				}
			}
		}
		for _, c := range r.props {
			if !c.propagate(r, cand) {
				return false
			}
		}
		// Locked candidates: a digit confined, in one unit, to the cells it
		// shares with another leaves the rest of the other.
		for i := range r.overlaps {
			o := &r.overlaps[i]
			var in, out uint16
			for _, c := range o.both {
				in |= cand[c]
			}
			for _, c := range o.onlyU {
				out |= cand[c]
			}
			if locked := in &^ out; locked != 0 {
				for _, c := range o.onlyV {
					if cand[c]&locked != 0 {
						if cand[c] &^= locked; cand[c] == 0 {
							return false
						}
					}
				}
			}
		}
		if st.cand == before {
			return true
		}
	}
}

// dfs guesses on the open cell with the fewest candidates. It returns
// false when the solve must stop.
func (s *rsearch) dfs(st *rstate) bool {
	// The open cell with the fewest candidates; among those, the one with
	// the most open peers.
	best, bestN, bestDeg := -1, 99, -1
	for c := 0; c < s.n; c++ {
		k := bits.OnesCount16(st.cand[c])
		if k < 2 || k > bestN {
			continue
		}
		deg := 0
		for _, p := range s.r.peers[c] {
			if m := st.cand[p]; m&(m-1) != 0 {
				deg++
			}
		}
		if k < bestN || deg > bestDeg {
			best, bestN, bestDeg = c, k, deg
		}
	}
	if best < 0 {
		return s.leaf(st)
	}
	if bestN > 2 {
		// A digit with fewer places in a unit than the best cell has
		// candidates is a smaller choice: branch over its places.
		if u, d, k := s.fewestPlaces(st); k < bestN {
			for _, c := range s.r.units[u] {
				if st.cand[c]&d == 0 {
					continue
				}
				if !s.budget.spend() {
					return false
				}
				s.guess++
				next := *st
				next.cand[c] = d
				if s.tr != nil {
					s.traceGuess(c, d, trace.RuleFewestPlaces, u, k)
				}
				if s.prop(&next) && !s.dfs(&next) {
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
		s.guess++
		next := *st
		next.cand[best] = m & -m
		if s.tr != nil {
			s.traceGuess(best, m&-m, trace.RuleFewestCandidates, -1, bestN)
		}
		if s.prop(&next) && !s.dfs(&next) {
			return false
		}
		if s.tr != nil {
			s.traceBacktrack()
		}
	}
	return true
}

// fewestPlaces returns the unit of Size cells and the digit bit with the
// fewest places open (at least two), and that number.
func (s *rsearch) fewestPlaces(st *rstate) (unit int, digit uint16, k int) {
	k = 99
	for u, cells := range s.r.units {
		if len(cells) < s.r.Size {
			continue
		}
		var count [9]uint8
		for _, c := range cells {
			if m := st.cand[c]; m&(m-1) != 0 {
				for ; m != 0; m &= m - 1 {
					count[bits.TrailingZeros16(m)]++
				}
			}
		}
		for d, n := range count[:s.r.Size] {
			if n >= 2 && int(n) < k {
				unit, digit, k = u, 1<<d, int(n)
				if k == 2 {
					return
				}
			}
		}
	}
	return
}

// leaf checks a filled grid against every rule and counts it.
func (s *rsearch) leaf(st *rstate) bool {
	for c := 0; c < s.n; c++ {
		s.sol[c] = uint8(lowDigit(st.cand[c]))
	}
	for c, ps := range s.r.peers {
		for _, p := range ps {
			if s.sol[c] == s.sol[p] {
				if s.tr != nil {
					s.traceContradiction(c, 0, -1, trace.RuleConstraint, fmt.Sprintf("%s and %s must differ", s.r.CellName(c), s.r.CellName(p)))
				}
				return true
			}
		}
	}
	for _, c := range s.r.props {
		if !c.check(s.r, s.sol) {
			if s.tr != nil {
				s.traceContradiction(-1, 0, -1, trace.RuleConstraint, strings.TrimSuffix(c.Describe(s.r), "."))
			}
			return true
		}
	}
	if s.count == 0 {
		s.first = append([]uint8(nil), s.sol...)
	}
	s.count++
	if s.tr != nil {
		s.tr.Add(trace.Event{Kind: trace.KindSolution, Cell: -1, Depth: s.depth, Unit: -1, From: -1, Size: s.count})
	}
	return s.count < s.limit
}
