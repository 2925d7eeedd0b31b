package solver

import (
	"math/bits"

	"sudoku/solver/trace"
)

// The prop engine's trace: psearch calls these only when s.tr is set.

// digitOf returns the digit of a one-bit candidate mask.
func digitOf(m uint16) int { return bits.TrailingZeros16(m) + 1 }

func (s *psearch) traceAssign(c int, m uint16, r trace.Rule, unit int) {
	s.tr.Add(trace.Event{Kind: trace.KindAssign, Rule: r, Cell: c, Digit: digitOf(m), Depth: s.depth, Unit: unit, From: -1})
}

func (s *psearch) traceEliminate(c uint8, m uint16, from uint8) {
	s.tr.Add(trace.Event{Kind: trace.KindEliminate, Rule: trace.RuleElimination, Cell: int(c), Digit: digitOf(m), Depth: s.depth, Unit: -1, From: int(from)})
}

// traceContradiction records a dead end: cell c without candidates, or the
// digits of missing (the lowest is named) without a place in unit.
func (s *psearch) traceContradiction(c int, missing uint16, unit int, r trace.Rule) {
	d := 0
	if missing != 0 {
		d = digitOf(missing & -missing)
	}
	s.tr.Add(trace.Event{Kind: trace.KindContradiction, Rule: r, Cell: c, Digit: d, Depth: s.depth, Unit: unit, From: -1})
}

func (s *psearch) traceGuess(c int, m uint16, r trace.Rule, unit, options int) {
	s.depth++
	s.tr.Add(trace.Event{Kind: trace.KindGuess, Rule: r, Cell: c, Digit: digitOf(m), Depth: s.depth, Unit: unit, From: -1, Size: options})
}

func (s *psearch) traceBacktrack() {
	s.depth--
	s.tr.Add(trace.Event{Kind: trace.KindBacktrack, Cell: -1, Depth: s.depth, Unit: -1, From: -1})
}

// propagateTraced is propagate recording every event in s.tr. The two must
// make the same moves: the trace tests compare the results, counts and
// guesses of traced and untraced solves, and check every event.
func (s *psearch) propagateTraced(st *pstate, n int) bool {
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
				s.traceEliminate(p, m, c)
				x := st.cand[p]
				if x == 0 {
					s.traceContradiction(int(p), 0, -1, trace.RuleNoCandidate)
					return false
				}
				if x&(x-1) == 0 {
					s.stack[n] = p
					n++
					s.traceAssign(int(p), x, trace.RuleNakedSingle, -1)
				}
			}
		}
		if st.left == 0 {
			return true
		}
		// Hidden singles: a digit with one place left in a unit goes there.
		for ui, u := range v.units {
			var once, twice uint16
			for _, c := range u {
				m := st.cand[c]
				twice |= once & m
				once |= m
			}
			if once != allDigits {
				s.traceContradiction(-1, allDigits&^once, ui, trace.RuleNoPlace)
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
					s.traceContradiction(int(c), 0, ui, trace.RuleTwoDigits)
					return false // one cell would need two digits
				}
				if st.cand[c] != x {
					s.traceAssign(int(c), x, trace.RuleHiddenSingle, ui)
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
