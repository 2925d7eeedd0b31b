package logic

import (
	"fmt"
	"math/bits"
	"sort"

	"sudoku/solver"
)

// maxSumNodes bounds one enumeration of a sum's digits (sumSearch.run).
const maxSumNodes = 20000

// A sumSearch enumerates the ways the empty cells of a sum (a cage, an
// arrow's line, a little killer's diagonal, the cells the rule of 45
// leaves) can take their candidates, cells that are peers taking
// different digits, and keeps, for every total reached, the digits each
// cell takes in some way of reaching it and the sets of digits used.
type sumSearch struct {
	s     *State
	cells []int // frame cells, all empty
	lo    int   // the totals wanted, lo..hi
	hi    int
	// byTotal[t][i]: the digits cell i takes in some way of making t.
	byTotal map[int][]digitMask
	// combos[t]: the multisets of digits (sorted, as text "1+2+4") making t.
	combos map[int]map[string]bool
	nodes  int

	val       []int
	minRest   []int // the least sum of cells[i:], ignoring peers
	maxRest   []int
	peerEarly [][]int // for each cell, the earlier cells it sees
}

// newSumSearch prepares the enumeration of cells (empty, frame) summing to
// lo..hi.
func (s *State) newSumSearch(cells []int, lo, hi int) *sumSearch {
	cs := append([]int(nil), cells...)
	// Fewest candidates first: the search branches late.
	sort.SliceStable(cs, func(i, j int) bool { return s.cand[cs[i]].count() < s.cand[cs[j]].count() })
	q := &sumSearch{s: s, cells: cs, lo: lo, hi: hi, byTotal: map[int][]digitMask{}, combos: map[int]map[string]bool{}}
	k := len(cs)
	q.val = make([]int, k)
	q.minRest, q.maxRest = make([]int, k+1), make([]int, k+1)
	for i := k - 1; i >= 0; i-- {
		m := s.cand[cs[i]]
		q.minRest[i] = q.minRest[i+1] + m.lowest()
		q.maxRest[i] = q.maxRest[i+1] + 16 - bits.LeadingZeros16(uint16(m))
	}
	q.peerEarly = make([][]int, k)
	for i := range cs {
		for j := 0; j < i; j++ {
			if s.t.peers[cs[i]].has(cs[j]) {
				q.peerEarly[i] = append(q.peerEarly[i], j)
			}
		}
	}
	return q
}

// run enumerates; it reports false when the search passed maxSumNodes (the
// results are then incomplete and must not be used).
func (q *sumSearch) run() bool {
	q.walk(0, 0)
	return q.nodes <= maxSumNodes
}

func (q *sumSearch) walk(i, t int) {
	if q.nodes++; q.nodes > maxSumNodes {
		return
	}
	if t+q.minRest[i] > q.hi || t+q.maxRest[i] < q.lo {
		return
	}
	if i == len(q.cells) {
		sup := q.byTotal[t]
		if sup == nil {
			sup = make([]digitMask, len(q.cells))
			q.byTotal[t] = sup
			q.combos[t] = map[string]bool{}
		}
		ds := make([]int, len(q.val))
		for j, d := range q.val {
			sup[j] |= bit(d)
			ds[j] = d
		}
		sort.Ints(ds)
		q.combos[t][digitList(ds, "+")] = true
		return
	}
	for m := q.s.cand[q.cells[i]]; m != 0; m &= m - 1 {
		d := m.lowest()
		ok := true
		for _, j := range q.peerEarly[i] {
			if q.val[j] == d {
				ok = false
				break
			}
		}
		if !ok {
			continue
		}
		q.val[i] = d
		q.walk(i+1, t+d)
	}
}

// support returns the digits each cell (in the order of cells given to
// newSumSearch) takes in some way of making one of the totals ok allows.
func (q *sumSearch) support(cells []int, ok func(t int) bool) []digitMask {
	out := make([]digitMask, len(cells))
	for t, sup := range q.byTotal {
		if !ok(t) {
			continue
		}
		for i, c := range q.cells {
			for j, d := range cells {
				if d == c {
					out[j] |= sup[i]
				}
			}
		}
	}
	return out
}

// combosText lists the multisets of digits that make the totals ok allows:
// "1+2+4 or 1+3+5"; "" when there are more than six.
func (q *sumSearch) combosText(ok func(t int) bool) string {
	var all []string
	for t, cs := range q.combos {
		if !ok(t) {
			continue
		}
		for c := range cs {
			all = append(all, c)
		}
	}
	if len(all) == 0 || len(all) > 6 {
		return ""
	}
	sort.Strings(all)
	return orList(all)
}

// supportElims returns the candidates of cells outside sup (one mask per
// cell).
func (s *State) supportElims(cells []int, sup []digitMask) []Candidate {
	var es []Candidate
	for i, c := range cells {
		for _, d := range (s.cand[c] &^ sup[i]).digits() {
			es = append(es, Candidate{c, d})
		}
	}
	return es
}

// emptyOf splits frame cells into the empty ones and the sum of the digits
// of the filled ones.
func (s *State) emptyOf(cells []int) (empty []int, known int) {
	for _, c := range cells {
		if v := s.val[c]; v != 0 {
			known += int(v)
		} else {
			empty = append(empty, c)
		}
	}
	return empty, known
}

// holdText says what filled cells hold: "r5c4 holds 3", "r5c4 and r6c4
// hold 3 and 4".
func (s *State) holdText(cells []int) string {
	var cs []int
	var ds []int
	for _, c := range cells {
		if s.val[c] != 0 {
			cs = append(cs, c)
			ds = append(ds, int(s.val[c]))
		}
	}
	if len(cs) == 1 {
		return fmt.Sprintf("%s holds %d", cellList(cs), ds[0])
	}
	return fmt.Sprintf("%s hold %s", cellList(cs), digitList(ds, ""))
}

// peerNote says which of cells see each other, for a sentence:
// "r4c6, r5c6 and r6c6 see each other", "r1c2 sees r1c3"; "" when none
// do.
func (s *State) peerNote(cells []int) string {
	var pairs []string
	all := true
	for i, a := range cells {
		for _, b := range cells[i+1:] {
			if s.t.peers[a].has(b) {
				pairs = append(pairs, solver.CellName(a)+" sees "+solver.CellName(b))
			} else {
				all = false
			}
		}
	}
	switch {
	case len(pairs) == 0:
		return ""
	case all:
		return cellList(cells) + " see each other"
	}
	return andList(pairs)
}

// pairReasons says why each of es, candidates of a pair of cells that sum
// to total, is out: "r1c3 = 1 needs r1c4 = 8"; "" for more than four.
func (s *State) pairReasons(pair []int, total int, es []Candidate) string {
	if len(pair) != 2 || len(es) > 4 {
		return ""
	}
	var rs []string
	for _, e := range es {
		o := pair[0]
		if o == e.Cell {
			o = pair[1]
		}
		need := total - e.Digit
		r := fmt.Sprintf("%s = %d needs %s = %d", solver.CellName(e.Cell), e.Digit, solver.CellName(o), need)
		switch {
		case need == e.Digit && s.t.peers[e.Cell].has(o):
			r += ", a repeat"
		case need < 1 || need > s.t.size || !s.digitsOf(o).has(need):
			r += ", not a candidate"
		}
		rs = append(rs, r)
	}
	return andList(rs)
}
