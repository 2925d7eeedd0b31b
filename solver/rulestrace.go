package solver

import (
	"math/bits"
	"strings"

	"sudoku/solver/trace"
)

// TraceSolve solves givens under the rules with the rules engine, as Solve
// does for rules that are not classic (classic and diagonal rules too: no
// fast path here), and records the solve as a trace.Trace of at most
// maxEvents events (0 means trace.DefaultMaxEvents), in the format of the
// classic engines' traces (package solver/trace), with Size set: each
// clue, each candidate removed and why (a placed peer, a constraint named
// by the event's Column, locked candidates), each digit placed (naked or
// hidden single), guess, backtrack, contradiction and solution. It costs
// the solve plus a copy of the candidates per constraint and propagation
// round; Solve records nothing.
//
// The trace is returned with the result and error of the solve; it is nil
// only for givens that break a rule (a *ConflictError) or have the wrong
// length.
func (r *Rules) TraceSolve(givens []uint8, opt Options, maxEvents int) (RulesResult, *trace.Trace, error) {
	if err := r.Check(givens); err != nil {
		return RulesResult{}, nil, err
	}
	if maxEvents <= 0 {
		maxEvents = trace.DefaultMaxEvents
	}
	tr := &trace.Trace{Engine: "rules", Variant: "rules", Size: r.Size, Max: maxEvents, Events: []trace.Event{}}
	copy(tr.Puzzle[:], givens)
	res, err := r.traced(givens, opt, tr)
	return res, tr, err
}

// ConstraintText names constraint i (an index into r.Constraints) as a
// trace's events do: its sentence without the final stop.
func (r *Rules) ConstraintText(i int) string {
	if i < 0 || i >= len(r.Constraints) {
		return ""
	}
	return strings.TrimSuffix(r.Constraints[i].Describe(r), ".")
}

// The rules engine's trace: rsearch calls these only when s.tr is set.

func (s *rsearch) traceAssign(c int, m uint16, rule trace.Rule, unit int) {
	s.tr.Add(trace.Event{Kind: trace.KindAssign, Rule: rule, Cell: c, Digit: digitOf(m), Depth: s.depth, Unit: unit, From: -1})
}

// traceEliminate records the removal of the digits of removed from cell c,
// by the placed digit of from (-1: none), a constraint (column names it)
// or locked candidates in unit.
func (s *rsearch) traceEliminate(c int, removed uint16, from int, rule trace.Rule, unit int, column string) {
	for m := removed; m != 0; m &= m - 1 {
		s.tr.Add(trace.Event{Kind: trace.KindEliminate, Rule: rule, Cell: c, Digit: digitOf(m & -m), Depth: s.depth, Unit: unit, From: from, Column: column})
	}
}

// traceLeft records what an elimination left in cell c: its one digit,
// placed (a naked single), or nothing (a contradiction). held are the
// digits the trace shows placed, as candidate masks (see tracePlace).
func (s *rsearch) traceLeft(c int, left uint16, held []uint16) bool {
	switch {
	case left == 0:
		s.traceContradiction(c, 0, -1, trace.RuleNoCandidate, "")
	case left&(left-1) == 0:
		return s.tracePlace(c, left, trace.RuleNakedSingle, -1, held)
	}
	return false
}

// tracePlace records a single found in cell c, unless a peer already
// holds that digit as its single in held (the cells' candidates as the
// trace has shown them): the position is then dead (the peer's
// eliminations will empty c, or c's the peer), and the trace shows the
// contradiction that follows rather than a clashing digit. It reports
// whether it recorded the digit.
func (s *rsearch) tracePlace(c int, m uint16, rule trace.Rule, unit int, held []uint16) bool {
	for _, p := range s.r.peers[c] {
		if held[p] == m {
			return false
		}
	}
	s.traceAssign(c, m, rule, unit)
	return true
}

func (s *rsearch) traceContradiction(c, digit, unit int, rule trace.Rule, column string) {
	s.tr.Add(trace.Event{Kind: trace.KindContradiction, Rule: rule, Cell: c, Digit: digit, Depth: s.depth, Unit: unit, From: -1, Column: column})
}

func (s *rsearch) traceGuess(c int, m uint16, rule trace.Rule, unit, options int) {
	s.depth++
	s.tr.Add(trace.Event{Kind: trace.KindGuess, Rule: rule, Cell: c, Digit: digitOf(m), Depth: s.depth, Unit: unit, From: -1, Size: options})
}

func (s *rsearch) traceBacktrack() {
	s.depth--
	s.tr.Add(trace.Event{Kind: trace.KindBacktrack, Cell: -1, Depth: s.depth, Unit: -1, From: -1})
}

// constraintTraced runs constraint i's propagation and records what it
// removed, cell by cell, named by the constraint's sentence.
func (s *rsearch) constraintTraced(i int, c Constraint, cand []uint16) bool {
	var before, held [81]uint16
	copy(before[:], cand)
	ok := c.propagate(s.r, cand)
	held = before // what the trace shows: the singles before, and those placed below
	name := ""
	for k := range cand {
		if removed := before[k] &^ cand[k]; removed != 0 {
			if name == "" {
				name = s.r.ConstraintText(i)
			}
			s.traceEliminate(k, removed, -1, trace.RuleConstraint, -1, name)
			if (before[k]&(before[k]-1) != 0 || cand[k] == 0) && s.traceLeft(k, cand[k], held[:]) {
				held[k] = cand[k]
			}
		}
	}
	if !ok && !hasEmpty(cand) {
		s.traceContradiction(-1, 0, -1, trace.RuleConstraint, s.r.ConstraintText(i))
	}
	return ok
}

func hasEmpty(cand []uint16) bool {
	for _, m := range cand {
		if m == 0 {
			return true
		}
	}
	return false
}

// propagateTraced is propagate recording every move in s.tr. The two must
// make the same moves: TestRulesTraceReplays compares the results, nodes
// and guesses of traced and untraced solves, and checks every event.
func (s *rsearch) propagateTraced(st *rstate) bool {
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
					cand[p] &^= m
					s.traceEliminate(p, m, c, trace.RuleElimination, -1, "")
					s.traceLeft(p, cand[p], cand)
					if cand[p] == 0 {
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
		for ui, u := range r.units {
			var once, twice uint16
			for _, c := range u {
				m := cand[c]
				twice |= once & m
				once |= m
			}
			if len(u) < r.Size {
				if bits.OnesCount16(once) < len(u) {
					s.traceContradiction(-1, 0, ui, trace.RuleNoPlace, "")
					return false
				}
				continue
			}
			if once != s.all {
				missing := s.all &^ once
				s.traceContradiction(-1, digitOf(missing&-missing), ui, trace.RuleNoPlace, "")
				return false
			}
			for hidden := once &^ twice; hidden != 0; hidden &= hidden - 1 {
				d := hidden & -hidden
				for _, c := range u {
					if cand[c]&d != 0 {
						if cand[c] != d {
							cand[c] = d
							s.tracePlace(c, d, trace.RuleHiddenSingle, ui, cand)
						}
						break
					}
				}
			}
		}
		for i, c := range r.props {
			if !s.constraintTraced(i, c, cand) {
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
						s.traceEliminate(c, cand[c]&locked, -1, trace.RuleLocked, r.overlapUnit[i], "")
						s.traceLeft(c, cand[c]&^locked, cand)
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
