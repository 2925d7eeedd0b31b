package solver

import (
	"fmt"
	"math/bits"
	"sort"
	"strings"
)

// A Constraint is one rule beyond "every unit holds every digit once": a
// small value (its exported fields are its data, serialised to JSON) with
// a check of a filled grid, a propagation step on candidates and a
// sentence for a player. Each kind is one row of the constraintKinds
// table; see ConstraintKinds for the list.
//
// Candidates are bit masks, bit d-1 for digit d. propagate removes digits
// that cannot be part of any solution (it must never remove one that
// can) and returns false when a cell has none left; the engine always
// runs check on a filled grid too, so a weak propagation costs speed, not
// correctness.
type Constraint interface {
	// Kind is the constraint's name in JSON and messages: "killer".
	Kind() string
	// Describe says the rule in one sentence: "The cage r1c1, r1c2 sums to 3 without repeats."
	Describe(r *Rules) string

	init(r *Rules) error                    // check the cells and numbers; precompute
	distinct(r *Rules) [][]int              // groups of cells that must all differ
	check(r *Rules, g []uint8) bool         // a filled grid keeps the rule
	propagate(r *Rules, cand []uint16) bool // narrow candidates; false: no solution
}

// constraintKinds is the one table of constraint kinds: a new kind is one
// row (and its type).
var constraintKinds = []struct {
	kind string
	new  func() Constraint
	rule string
}{
	{"killer", func() Constraint { return &Killer{} }, "a cage's digits differ and sum to its total"},
	{"littlekiller", func() Constraint { return &LittleKiller{} }, "the digits along a diagonal sum to the clue (they may repeat)"},
	{"arrow", func() Constraint { return &Arrow{} }, "the digits on an arrow sum to the number in its circle"},
	{"sandwich", func() Constraint { return &Sandwich{} }, "the digits between 1 and the largest digit of a row or column sum to the clue"},
	{"thermometer", func() Constraint { return &Thermometer{} }, "digits increase from a thermometer's bulb"},
	{"whispers", func() Constraint { return &Whispers{} }, "neighbours on a German whispers line differ by at least 5"},
	{"renban", func() Constraint { return &Renban{} }, "a renban line holds distinct consecutive digits in any order"},
	{"palindrome", func() Constraint { return &Palindrome{} }, "a palindrome line reads the same both ways"},
	{"between", func() Constraint { return &Between{} }, "digits on a between line lie strictly between its two ends"},
	{"clone", func() Constraint { return &Clone{} }, "cloned cells hold the same digits"},
	{"difference", func() Constraint { return &Difference{} }, "a white dot joins digits that differ by its value (1 when none)"},
	{"ratio", func() Constraint { return &Ratio{} }, "a black dot joins digits in the ratio of its value (2 when none)"},
	{"xv", func() Constraint { return &XV{} }, "X joins digits summing to 10, V digits summing to 5"},
	{"nodifference", func() Constraint { return &NoDifference{} }, "all white dots are given: neighbours without a dot are not consecutive"},
	{"noratio", func() Constraint { return &NoRatio{} }, "all black dots are given: neighbours without a dot are not in ratio 2"},
	{"noxv", func() Constraint { return &NoXV{} }, "all X and V are given: neighbours without one sum to neither 10 nor 5"},
	{"antiknight", func() Constraint { return &AntiKnight{} }, "cells a knight's move apart differ"},
	{"antiking", func() Constraint { return &AntiKing{} }, "cells a king's move apart differ"},
	{"nonconsecutive", func() Constraint { return &NonConsecutive{} }, "orthogonal neighbours are not consecutive"},
	{"odd", func() Constraint { return &Odd{} }, "a grey circle holds an odd digit"},
	{"even", func() Constraint { return &Even{} }, "a grey square holds an even digit"},
	{"minimum", func() Constraint { return &Minimum{} }, "a minimum cell is smaller than its orthogonal neighbours"},
	{"maximum", func() Constraint { return &Maximum{} }, "a maximum cell is larger than its orthogonal neighbours"},
	{"quadruple", func() Constraint { return &Quadruple{} }, "a quadruple's digits appear in the cells around it"},
	{"rowindexer", func() Constraint { return &RowIndexer{} }, "a row indexer cell's digit is the row where its column holds the indexer's row number"},
	{"columnindexer", func() Constraint { return &ColumnIndexer{} }, "a column indexer cell's digit is the column where its row holds the indexer's column number"},
	{"boxindexer", func() Constraint { return &BoxIndexer{} }, "a box indexer cell's digit is the position where its box holds the indexer's position"},
}

// ConstraintKinds returns the kinds NewConstraint knows, each with its
// rule in a phrase, in table order.
func ConstraintKinds() [][2]string {
	out := make([][2]string, len(constraintKinds))
	for i, k := range constraintKinds {
		out[i] = [2]string{k.kind, k.rule}
	}
	return out
}

// NewConstraint returns an empty constraint of a kind, ready to be
// filled from JSON; an unknown kind gives an error wrapping ErrUnsupported.
func NewConstraint(kind string) (Constraint, error) {
	for _, k := range constraintKinds {
		if k.kind == kind {
			return k.new(), nil
		}
	}
	return nil, fmt.Errorf("%w %q", ErrUnsupported, kind)
}

// noDistinct is embedded by constraints that add no peers.
type noDistinct struct{}

func (noDistinct) distinct(*Rules) [][]int { return nil }

// digitMask returns the candidate mask of digits lo..hi (clipped to 1..n).
func digitMask(lo, hi, n int) uint16 {
	lo, hi = max(lo, 1), min(hi, n)
	if lo > hi {
		return 0
	}
	return uint16(1<<hi-1) &^ uint16(1<<(lo-1)-1)
}

func lowDigit(m uint16) int  { return bits.TrailingZeros16(m) + 1 }
func highDigit(m uint16) int { return 16 - bits.LeadingZeros16(m) }

// orthogonal returns every pair of orthogonally adjacent cells, each once.
func orthogonal(n int) [][2]int {
	var out [][2]int
	for c := 0; c < n*n; c++ {
		if c%n+1 < n {
			out = append(out, [2]int{c, c + 1})
		}
		if c+n < n*n {
			out = append(out, [2]int{c, c + n})
		}
	}
	return out
}

// neighbours returns the cells orthogonally next to c.
func neighbours(n, c int) []int {
	var out []int
	r, k := c/n, c%n
	if r > 0 {
		out = append(out, c-n)
	}
	if k > 0 {
		out = append(out, c-1)
	}
	if k+1 < n {
		out = append(out, c+1)
	}
	if r+1 < n {
		out = append(out, c+n)
	}
	return out
}

// adjacent reports whether cells a and b share an edge.
func adjacent(n, a, b int) bool {
	if a > b {
		a, b = b, a
	}
	return b-a == n || (b-a == 1 && a/n == b/n)
}

// A rel is a relation between the digits of two cells: fwd[x] holds the
// digits b may take when a holds x+1, back[y] those a may take when b
// holds y+1. Most constraints are lists of rels.
type rel struct {
	a, b      int
	fwd, back [9]uint16
}

func newRel(a, b, n int, ok func(x, y int) bool) rel {
	r := rel{a: a, b: b}
	for x := 1; x <= n; x++ {
		for y := 1; y <= n; y++ {
			if ok(x, y) {
				r.fwd[x-1] |= 1 << (y - 1)
				r.back[y-1] |= 1 << (x - 1)
			}
		}
	}
	return r
}

type rels []rel

func (rs rels) propagate(cand []uint16) bool {
	for i := range rs {
		r := &rs[i]
		var okB, okA uint16
		for m := cand[r.a]; m != 0; m &= m - 1 {
			okB |= r.fwd[bits.TrailingZeros16(m)]
		}
		if cand[r.b] &= okB; cand[r.b] == 0 {
			return false
		}
		for m := cand[r.b]; m != 0; m &= m - 1 {
			okA |= r.back[bits.TrailingZeros16(m)]
		}
		if cand[r.a] &= okA; cand[r.a] == 0 {
			return false
		}
	}
	return true
}

func (rs rels) check(g []uint8) bool {
	for _, r := range rs {
		if r.fwd[g[r.a]-1]&(1<<(g[r.b]-1)) == 0 {
			return false
		}
	}
	return true
}

// digitSets narrows cells that hold distinct digits forming one of sets
// (masks with one bit per cell): the precomputed sum combinations of a
// cage, the runs of a renban line.
type digitSets struct {
	cells []int
	sets  []uint16
}

func (s *digitSets) propagate(cand []uint16) bool {
	var fixed uint16
	for _, c := range s.cells {
		if m := cand[c]; m&(m-1) == 0 {
			fixed |= m
		}
	}
	var union uint16
	for _, set := range s.sets {
		if set&fixed != fixed || set&union == set {
			continue
		}
		var cover uint16
		ok := true
		for _, c := range s.cells {
			x := cand[c] & set
			if x == 0 {
				ok = false
				break
			}
			cover |= x
		}
		if ok && cover == set {
			union |= set
		}
	}
	if union == 0 {
		return false
	}
	for _, c := range s.cells {
		keep := union
		if m := cand[c]; m&(m-1) != 0 {
			keep &^= fixed // the cells differ: a placed digit leaves the others
		}
		if cand[c] &= keep; cand[c] == 0 {
			return false
		}
	}
	return true
}

func (s *digitSets) check(g []uint8) bool {
	var m uint16
	for _, c := range s.cells {
		m |= 1 << (g[c] - 1)
	}
	for _, set := range s.sets {
		if set == m {
			return true
		}
	}
	return false
}

// sumSets returns the sets of k distinct digits of 1..n summing to sum.
func sumSets(k, sum, n int) []uint16 {
	var out []uint16
	for m := uint16(1); m < 1<<n; m++ {
		if bits.OnesCount16(m) != k {
			continue
		}
		s := 0
		for x := m; x != 0; x &= x - 1 {
			s += bits.TrailingZeros16(x) + 1
		}
		if s == sum {
			out = append(out, m)
		}
	}
	return out
}

// A sumLine is cells whose digits are summed (a little killer's
// diagonal, an arrow's line), split into groups of mutual peers: digits
// may repeat on the line, but not within a group, so a group of k cells
// sums to at least its k least candidates. The groups are found once the
// rules' peers are known (prepare).
type sumLine struct {
	cells []int
	group []int // group of each cell, from 0
	n     int   // groups
}

func newSumLine(r *Rules, cells []int) sumLine {
	s := sumLine{cells: cells, group: make([]int, len(cells))}
	var members [][]int
	for i, c := range cells {
		g := 0
		for ; g < len(members); g++ {
			all := true
			for _, p := range members[g] {
				if !r.isPeer(c, p) {
					all = false
					break
				}
			}
			if all {
				break
			}
		}
		if g == len(members) {
			members = append(members, nil)
		}
		members[g] = append(members[g], c)
		s.group[i] = g
	}
	s.n = len(members)
	return s
}

// bounds returns the least and greatest sums of the line without
// cells[skip] (-1: all of it).
func (s *sumLine) bounds(cand []uint16, skip int) (lo, hi int) {
	var union [81]uint16
	var cmin, cmax, k [81]int
	for i, c := range s.cells {
		if i == skip {
			continue
		}
		g := s.group[i]
		union[g] |= cand[c]
		cmin[g] += lowDigit(cand[c])
		cmax[g] += highDigit(cand[c])
		k[g]++
	}
	for g := 0; g < s.n; g++ {
		// The k least and k greatest digits of the group's candidates.
		dmin, dmax := 0, 0
		m := union[g]
		for i := 0; i < k[g] && m != 0; i++ {
			dmin += lowDigit(m)
			m &= m - 1
		}
		m = union[g]
		for i := 0; i < k[g] && m != 0; i++ {
			h := highDigit(m)
			dmax += h
			m &^= 1 << (h - 1)
		}
		lo += max(cmin[g], dmin)
		hi += min(cmax[g], dmax)
	}
	return lo, hi
}

// narrow keeps in each cell the digits that let the line sum to a value
// between lo and hi, given the others' least and greatest sums.
func (s *sumLine) narrow(cand []uint16, lo, hi int) bool {
	smin, smax := s.bounds(cand, -1)
	if smax < lo || smin > hi {
		return false
	}
	for i, c := range s.cells {
		omin, omax := s.bounds(cand, i)
		if cand[c] &= digitMask(lo-omax, hi-omin, 9); cand[c] == 0 {
			return false
		}
	}
	return true
}

func sumOf(cells []int, g []uint8) int {
	s := 0
	for _, c := range cells {
		s += int(g[c])
	}
	return s
}

// lineCells checks the cells of a line or group: on the grid, at least
// min of them, and (with distinct) none twice.
func lineCells(r *Rules, what string, cells []int, least int, distinct bool) error {
	if len(cells) < least {
		return rulesErr("%s has %d cells: want at least %d", what, len(cells), least)
	}
	return r.checkCells(what, cells, distinct)
}

// sortedCopy returns the cells sorted, for a stable description.
func sortedCopy(cells []int) []int {
	out := append([]int(nil), cells...)
	sort.Ints(out)
	return out
}

func digitsList(ds []int) string {
	s := make([]string, len(ds))
	for i, d := range ds {
		s[i] = fmt.Sprint(d)
	}
	return strings.Join(s, ", ")
}
