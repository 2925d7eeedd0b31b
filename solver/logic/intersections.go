package logic

import (
	"fmt"
	"math/bits"
)

// findLocked finds a digit whose places in unit a all lie in unit b, and
// removes it from the rest of b. pointing selects a as a box; otherwise a is
// any other unit (a line claiming a box, or a diagonal confined to a box).
func (s *State) findLocked(pointing bool) (Step, bool) {
	tech := LockedClaiming
	if pointing {
		tech = LockedPointing
	}
	for _, p := range s.t.pairs {
		if (s.t.kind[p.a] == kindBox) != pointing {
			continue
		}
		for d := 1; d <= 9; d++ {
			in := s.unitDigitCells(p.a, d)
			if in.count() < 2 || !in.subsetOf(p.inter) {
				continue
			}
			es := s.elimsOf(s.t.unitSet[p.b].andNot(p.inter), d)
			if len(es) == 0 {
				continue
			}
			cs := in.cells()
			var pat []Candidate
			for _, c := range cs {
				pat = append(pat, Candidate{c, d})
			}
			both := "both"
			if len(cs) > 2 {
				both = "all"
			}
			var ec []int
			for _, e := range es {
				ec = append(ec, e.Cell)
			}
			return Step{
				Technique:    tech,
				Pattern:      pat,
				Units:        []int{p.a, p.b},
				Eliminations: es,
				Explanation: fmt.Sprintf("In %s, %d can only go in %s, %s in %s, so %d is removed from the rest of %s: %s.",
					s.unitName(p.a), d, cellList(cs), both, s.unitName(p.b), d, s.unitName(p.b), cellList(ec)),
				Rating: tech.Rating(),
			}, true
		}
	}
	return Step{}, false
}

// findSueDeCoq finds Sue de Coq: where a line (or a diagonal) crosses a
// box, two or three empty cells C hold digits V, at least two more than
// cells. With cells L from the rest of the line and B from the rest of the
// box, whose digits DL and DB share none, the cells C, L and B hold as many
// digits as cells. No digit can be twice among them (two cells of C or of
// C and L share the line, of C and B the box, and L and B share no digit),
// so each digit is there exactly once: the digits not in B stay in the
// line's cells C and L, the digits not in L stay in the box's cells C and
// B, and the rest of the line and of the box lose them.
func (s *State) findSueDeCoq() (Step, bool) {
	for _, p := range s.t.pairs {
		if s.t.kind[p.b] != kindBox || s.t.kind[p.a] == kindBox {
			continue
		}
		var inter []int
		for _, c := range p.inter.cells() {
			if s.val[c] == 0 {
				inter = append(inter, c)
			}
		}
		lineRest := s.emptyIn(s.t.unitSet[p.a].andNot(p.inter))
		boxRest := s.emptyIn(s.t.unitSet[p.b].andNot(p.inter))
		for k := 2; k <= len(inter); k++ {
			var st Step
			if combos(len(inter), k, func(idx []int) bool {
				var cs []int
				var v digitMask
				for _, i := range idx {
					cs = append(cs, inter[i])
					v |= s.cand[inter[i]]
				}
				if v.count() < k+2 {
					return false
				}
				var ok bool
				st, ok = s.sueDeCoqSides(p.a, p.b, cs, v, lineRest, boxRest)
				return ok
			}) {
				return st, true
			}
		}
	}
	return Step{}, false
}

// emptyIn returns the empty cells of cs.
func (s *State) emptyIn(cs cellSet) []int {
	var out []int
	for _, c := range cs.cells() {
		if s.val[c] == 0 {
			out = append(out, c)
		}
	}
	return out
}

// sueDeCoqSides tries the choices of the line cells L and box cells B for
// the crossing cells cs (digits v). Counting digits outside v: the cells
// hold as many digits as cells when L has eL more cells than digits outside
// v, B has eB more, and eL + eB is the surplus of v over cs; each side must
// bring at least one.
func (s *State) sueDeCoqSides(line, box int, cs []int, v digitMask, lineRest, boxRest []int) (Step, bool) {
	n := len(cs)
	surplus := v.count() - n
	// The digits of every subset of each rest, built up from smaller ones.
	// A rest has at most seven cells (the crossing has two or more).
	var lds, bds [128]digitMask
	if len(lineRest) > 7 || len(boxRest) > 7 {
		return Step{}, false
	}
	for m := 1; m < 1<<len(lineRest); m++ {
		low := bits.TrailingZeros(uint(m))
		lds[m] = lds[m&(m-1)] | s.cand[lineRest[low]]
	}
	for m := 1; m < 1<<len(boxRest); m++ {
		low := bits.TrailingZeros(uint(m))
		bds[m] = bds[m&(m-1)] | s.cand[boxRest[low]]
	}
	// excess is how many more cells than digits outside v a subset has.
	excess := func(m int, ds digitMask) int { return bits.OnesCount(uint(m)) - (ds &^ v).count() }
	pick := func(rest []int, m int) []int {
		var out []int
		for i, c := range rest {
			if m&(1<<i) != 0 {
				out = append(out, c)
			}
		}
		return out
	}
	for mL := 1; mL < 1<<len(lineRest); mL++ {
		dl := lds[mL]
		eL := excess(mL, dl)
		if eL < 1 || eL >= surplus || dl&v == 0 {
			continue
		}
		for mB := 1; mB < 1<<len(boxRest); mB++ {
			db := bds[mB]
			if db&dl != 0 || db&v == 0 || excess(mB, db) != surplus-eL {
				continue
			}
			ls, bs := pick(lineRest, mL), pick(boxRest, mB)
			lineDigits := (dl | v) &^ db
			boxDigits := (db | v) &^ dl
			var used cellSet
			for _, c := range append(append(append([]int{}, cs...), ls...), bs...) {
				used.add(c)
			}
			var es []Candidate
			for _, d := range lineDigits.digits() {
				es = append(es, s.elimsOf(s.t.unitSet[line].andNot(used), d)...)
			}
			for _, d := range boxDigits.digits() {
				for _, e := range s.elimsOf(s.t.unitSet[box].andNot(used), d) {
					es = appendUnique(es, e)
				}
			}
			if len(es) == 0 {
				continue
			}
			var pat []Candidate
			for _, c := range append(append(append([]int{}, cs...), ls...), bs...) {
				for _, d := range s.cand[c].digits() {
					pat = append(pat, Candidate{c, d})
				}
			}
			return Step{
				Technique:    SueDeCoq,
				Pattern:      pat,
				Units:        []int{line, box},
				Eliminations: es,
				Explanation: fmt.Sprintf("%s, where %s crosses %s, hold %s. With %s from the rest of %s (holding %s) and %s from the rest of %s (holding %s), these %d cells hold only %d digits, and none can be there twice, so each is there once: %s stay in these cells of %s, and %s in these cells of %s. Remove %s.",
					cellList(cs), s.unitName(line), s.unitName(box), digitList(v.digits(), ""),
					cellList(ls), s.unitName(line), digitList(dl.digits(), ""), cellList(bs), s.unitName(box), digitList(db.digits(), ""),
					n+len(ls)+len(bs), n+len(ls)+len(bs), digitList(lineDigits.digits(), ""), s.unitName(line), digitList(boxDigits.digits(), ""), s.unitName(box), elimByCell(es)),
			}, true
		}
	}
	return Step{}, false
}
