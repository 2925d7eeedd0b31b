package solver

import "math/bits"

// The prop engine's trace: psearch calls these only when s.tr is set, so
// the untraced solve pays one predictable branch per event site.

// digitOf returns the digit of a one-bit candidate mask.
func digitOf(m uint16) int { return bits.TrailingZeros16(m) + 1 }

func (s *psearch) traceAssign(c int, m uint16, r Rule, unit int) {
	s.tr.add(Event{Kind: KindAssign, Rule: r, Cell: c, Digit: digitOf(m), Depth: s.depth, Unit: unit, From: -1})
}

func (s *psearch) traceEliminate(c uint8, m uint16, from uint8) {
	s.tr.add(Event{Kind: KindEliminate, Rule: RuleElimination, Cell: int(c), Digit: digitOf(m), Depth: s.depth, Unit: -1, From: int(from)})
}

// traceContradiction records a dead end: cell c without candidates, or the
// digits of missing (the lowest is named) without a place in unit.
func (s *psearch) traceContradiction(c int, missing uint16, unit int, r Rule) {
	d := 0
	if missing != 0 {
		d = digitOf(missing & -missing)
	}
	s.tr.add(Event{Kind: KindContradiction, Rule: r, Cell: c, Digit: d, Depth: s.depth, Unit: unit, From: -1})
}

func (s *psearch) traceGuess(c int, m uint16, r Rule, unit, options int) {
	s.depth++
	s.tr.add(Event{Kind: KindGuess, Rule: r, Cell: c, Digit: digitOf(m), Depth: s.depth, Unit: unit, From: -1, Size: options})
}

func (s *psearch) traceBacktrack() {
	s.depth--
	s.tr.add(Event{Kind: KindBacktrack, Cell: -1, Depth: s.depth, Unit: -1, From: -1})
}
