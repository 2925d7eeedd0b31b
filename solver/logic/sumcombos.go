package logic

import (
	"fmt"
	"strings"

	"sudoku/solver"
)

// findSumCombinations finds a sum (a killer cage, an arrow, a little
// killer) whose cells cannot all keep their candidates: the ways the
// empty cells can still make the total, cells that see each other taking
// different digits, leave a candidate out. The Constraint step reads a
// sum by its bounds or by its digit sets alone; this one walks the ways
// themselves, so an arrow whose line lies in one box, or a cage cut by its
// cells' candidates, says which combinations remain.
func (s *State) findSumCombinations() (Step, bool) {
	n := s.t.size
	for i := range s.t.cons {
		ri := &s.t.cons[i]
		var cells []int // frame cells that sum
		var lo, hi int  // their total
		var circle []int
		switch k := ri.c.(type) {
		case *solver.Killer:
			if k.Sum == 0 {
				continue
			}
			cells, lo, hi = framed(n, k.Cells), k.Sum, k.Sum
		case *solver.LittleKiller:
			cells, lo, hi = framed(n, k.Cells), k.Sum, k.Sum
		case *solver.Arrow:
			cells, circle = framed(n, k.Line), framed(n, k.Circle)
			lo, hi = 1<<30, 0
			for _, v := range s.circleValues(circle) {
				lo, hi = min(lo, v), max(hi, v)
			}
		default:
			continue
		}
		empty, known := s.emptyOf(cells)
		if len(empty) < 2 || hi < lo {
			continue
		}
		key := s.sumKey(ri.index, cells, circle)
		if s.t.sumTried(key) {
			continue // these candidates gave no step before
		}
		q := s.newSumSearch(empty, lo-known, hi-known)
		if !q.run() {
			s.t.sumFailed(key)
			continue
		}
		ok := func(t int) bool { return t+known >= lo && t+known <= hi }
		var circleSup []digitMask
		if circle != nil {
			values := s.circleValues(circle)
			reached := map[int]bool{}
			for _, v := range values {
				if q.byTotal[v-known] != nil {
					reached[v] = true
				}
			}
			ok = func(t int) bool { return reached[t+known] }
			circleSup = make([]digitMask, len(circle))
			for _, v := range values {
				if reached[v] {
					for j, d := range circleDigits(v, len(circle)) {
						circleSup[j] |= bit(d)
					}
				}
			}
		}
		sup := q.support(empty, ok)
		es := s.supportElims(empty, sup)
		var cEmpty []int
		var cSup []digitMask
		for j, c := range circle {
			if s.val[c] == 0 {
				cEmpty = append(cEmpty, c)
				cSup = append(cSup, circleSup[j])
			}
		}
		es = append(es, s.supportElims(cEmpty, cSup)...)
		if len(es) == 0 {
			s.t.sumFailed(key)
			continue
		}
		var pat []Candidate
		for j, c := range empty {
			for _, d := range (s.cand[c] & sup[j]).digits() {
				pat = append(pat, Candidate{c, d})
			}
		}
		rule := strings.TrimSuffix(ri.c.Describe(s.t.rules), ".")
		text := rule + "; "
		fixed := lo == hi // the total is known
		if known > 0 {
			text += s.holdText(s.filledOf(cells))
			if fixed {
				text += fmt.Sprintf(", so %s sum to %d", cellList(empty), lo-known)
			}
			text += "; "
		}
		_, cage := ri.c.(*solver.Killer)
		if note := s.peerNote(empty); note != "" && !cage {
			text += note + "; "
		}
		if why := s.pairReasons(empty, lo-known, es); fixed && why != "" && len(cEmpty) == 0 {
			text += why
		} else if ways := q.combosText(ok); ways != "" {
			text += fmt.Sprintf("%s can only hold %s", cellList(empty), ways)
		} else {
			text += "no way of making the sum with the candidates left uses the digits removed"
		}
		if circle != nil && len(cEmpty) > 0 {
			var vs []string
			for _, v := range s.circleValues(circle) {
				if ok(v - known) {
					vs = append(vs, fmt.Sprint(v))
				}
			}
			text += ", so the circle is " + orList(vs)
		}
		text += ": remove " + elimByCell(es) + "."
		return Step{
			Technique:    SumCombinations,
			Pattern:      pat,
			Eliminations: es,
			Rules:        []int{ri.index},
			Explanation:  text,
			Rating:       SumCombinations.Rating(),
		}, true
	}
	return Step{}, false
}

// framed returns cells of the rules' numbering in the frame.
func framed(n int, cells []int) []int {
	out := make([]int, len(cells))
	for i, c := range cells {
		out[i] = FrameCell(n, c)
	}
	return out
}

// circleValues returns the numbers an arrow's circle (frame cells, one to
// three, read from the first) can still show, in increasing order.
func (s *State) circleValues(circle []int) []int {
	vals := []int{0}
	for _, c := range circle {
		m := s.cand[c]
		if v := s.val[c]; v != 0 {
			m = bit(int(v))
		}
		var next []int
		for _, v := range vals {
			for _, d := range m.digits() {
				next = append(next, v*10+d)
			}
		}
		vals = next
	}
	return vals
}

// circleDigits splits a circle's number into its k digits.
func circleDigits(v, k int) []int {
	out := make([]int, k)
	for i := k - 1; i >= 0; i-- {
		out[i] = v % 10
		v /= 10
	}
	return out
}

// sumKey writes what a Sum Combinations search of constraint i reads: the
// candidates (or digit) of its cells and its circle's.
func (s *State) sumKey(i int, cells, circle []int) string {
	b := make([]byte, 0, 2+2*(len(cells)+len(circle)))
	b = append(b, byte(i), byte(i>>8))
	for _, cs := range [][]int{cells, circle} {
		for _, c := range cs {
			m := uint16(s.digitsOf(c))
			if s.val[c] != 0 {
				m |= 1 << 15
			}
			b = append(b, byte(m), byte(m>>8))
		}
	}
	return string(b)
}

// maxSumMemo bounds the searches remembered (about 40 bytes each).
const maxSumMemo = 1 << 14

// sumTried reports whether a Sum Combinations search of key found nothing
// before: the result depends on the candidates in the key alone.
func (t *tables) sumTried(key string) bool {
	t.memoMu.Lock()
	defer t.memoMu.Unlock()
	return t.sumMemo[key]
}

// sumFailed records that the search of key found nothing.
func (t *tables) sumFailed(key string) {
	t.memoMu.Lock()
	defer t.memoMu.Unlock()
	if t.sumMemo == nil || len(t.sumMemo) >= maxSumMemo {
		t.sumMemo = map[string]bool{}
	}
	t.sumMemo[key] = true
}
