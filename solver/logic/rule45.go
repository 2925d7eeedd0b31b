package logic

import (
	"fmt"

	"sudoku/solver"
)

// A cage is a killer cage with a sum, in the frame, as the rule of 45
// reads it.
type cage struct {
	rule  int // index in Rules.Constraints
	cells []int
	set   cellSet
	sum   int
}

// A house is a set of whole units whose digits sum to a known total: a
// row, a column, a box or region, an extra region of every digit, or a run
// of neighbouring rows or columns.
type house struct {
	name  string // "box 5", "rows 1 to 3"
	units []int
	set   cellSet
	total int
}

// addCages fills t.cages and t.houses for the rule of 45: the killer cages
// with a sum, if no two of them overlap, and the houses they may cover.
func (t *tables) addCages(r *solver.Rules) {
	n := r.Size
	var used cellSet
	for i, c := range r.Constraints {
		k, ok := c.(*solver.Killer)
		if !ok || k.Sum == 0 {
			continue
		}
		cg := cage{rule: i, sum: k.Sum}
		for _, x := range k.Cells {
			f := FrameCell(n, x)
			if used.has(f) {
				t.cages = nil // overlapping cages: their sums do not add up
				return
			}
			used.add(f)
			cg.cells = append(cg.cells, f)
			cg.set.add(f)
		}
		t.cages = append(t.cages, cg)
	}
	if len(t.cages) == 0 {
		return
	}
	total := n * (n + 1) / 2
	var rows, cols []int
	for u := 0; u < t.nu; u++ {
		switch t.kind[u] {
		case kindRow:
			rows = append(rows, u)
		case kindCol:
			cols = append(cols, u)
		}
		name := t.names[u]
		if t.kind[u] == kindExtra {
			name = "the " + name
		}
		t.houses = append(t.houses, house{name: name, units: []int{u}, set: t.unitSet[u], total: total})
	}
	// Runs of 2 to n-1 neighbouring rows or columns, shortest first.
	for k := 2; k < n; k++ {
		for _, lines := range [][]int{rows, cols} {
			if len(lines) != n {
				continue
			}
			word := "rows"
			if t.kind[lines[0]] == kindCol {
				word = "columns"
			}
			for a := 0; a+k <= n; a++ {
				h := house{units: append([]int(nil), lines[a:a+k]...), total: k * total}
				for _, u := range h.units {
					h.set = h.set.or(t.unitSet[u])
				}
				if k == 2 {
					h.name = fmt.Sprintf("%s %d and %d", word, a+1, a+2)
				} else {
					h.name = fmt.Sprintf("%s %d to %d", word, a+1, a+k)
				}
				t.houses = append(t.houses, h)
			}
		}
	}
}

// maxInnies is the most cells the rule of 45 leaves to a sum: "all but one
// or two cells".
const maxInnies = 2

// findRuleOf45 finds a house whose cages leave one or two empty cells
// with a known sum: the cells inside the house outside the cages that lie
// wholly in it (innies), or the cells outside the house of the cages that
// cover it (outies). One cell is then placed; two lose the digits that
// make no pair of that sum. One innie and one outie differ by a known
// amount, and lose the digits without a partner at that distance.
func (s *State) findRuleOf45() (Step, bool) {
	for i := range s.t.houses {
		h := &s.t.houses[i]
		var inside, reach cellSet
		insideSum, reachSum := 0, 0
		var inRules, reachRules []int
		for j := range s.t.cages {
			cg := &s.t.cages[j]
			if cg.set.and(h.set).empty() {
				continue
			}
			reach = reach.or(cg.set)
			reachSum += cg.sum
			reachRules = append(reachRules, cg.rule)
			if cg.set.subsetOf(h.set) {
				inside = inside.or(cg.set)
				insideSum += cg.sum
				inRules = append(inRules, cg.rule)
			}
		}
		if len(inRules) == 0 && len(reachRules) == 0 {
			continue
		}
		// Innies: the house's cells outside the cages inside it.
		rest := h.set.andNot(inside).cells()
		empty, known := s.emptyOf(rest)
		if len(inRules) > 0 && len(empty) >= 1 && len(empty) <= maxInnies {
			if st, ok := s.virtualCage(h, empty, h.total-insideSum-known, insideSum, rest, inRules, false); ok {
				return st, true
			}
		}
		// Outies: the cells outside the house of the cages reaching into
		// it, when every cell of the house under no cage is filled; with
		// one empty cell under no cage and one outie, their difference.
		if reach.subsetOf(h.set) {
			continue
		}
		free := h.set.andNot(reach).cells()
		freeEmpty, knownFree := s.emptyOf(free)
		out := reach.andNot(h.set).cells()
		outEmpty, knownOut := s.emptyOf(out)
		switch {
		case len(freeEmpty) == 0 && len(outEmpty) >= 1 && len(outEmpty) <= maxInnies:
			sum := reachSum - (h.total - knownFree) - knownOut
			if st, ok := s.virtualCage(h, outEmpty, sum, reachSum, append(free, out...), reachRules, true); ok {
				return st, true
			}
		case len(freeEmpty) == 1 && len(outEmpty) == 1:
			k := h.total - reachSum - knownFree + knownOut // innie - outie
			if st, ok := s.innieOutie(h, freeEmpty[0], outEmpty[0], k, reachSum, append(free, out...), reachRules); ok {
				return st, true
			}
		}
	}
	return Step{}, false
}

// innieOutie makes the step of the rule of 45 for one innie x (the
// house's one empty cell under none of the cages reaching into it) and
// one outie y (those cages' one empty cell outside it): x - y = k.
func (s *State) innieOutie(h *house, x, y, k, cagesSum int, others, rules []int) (Step, bool) {
	if k == 0 && s.t.peers[x].has(y) {
		return Step{}, false // a broken position; another step says why
	}
	var keepX, keepY digitMask
	for _, a := range s.cand[x].digits() {
		if s.cand[y].has(a - k) {
			keepX |= bit(a)
		}
	}
	for _, b := range s.cand[y].digits() {
		if s.cand[x].has(b + k) {
			keepY |= bit(b)
		}
	}
	es := s.supportElims([]int{x, y}, []digitMask{keepX, keepY})
	if len(es) == 0 || keepX == 0 || keepY == 0 {
		return Step{}, false
	}
	var pat []Candidate
	for _, d := range keepX.digits() {
		pat = append(pat, Candidate{x, d})
	}
	for _, d := range keepY.digits() {
		pat = append(pat, Candidate{y, d})
	}
	cagesWord := "cages"
	if len(rules) == 1 {
		cagesWord = "cage"
	}
	text := fmt.Sprintf("%s sum%s to %d; the %s reaching into %s sum%s to %d", capital(h.name), plural1(len(h.units) == 1), h.total,
		countWord(len(rules), cagesWord), pronoun(len(h.units)), plural1(len(rules) == 1), cagesSum)
	if hold := s.filledOf(others); len(hold) > 0 {
		text += " and " + s.holdText(hold)
	}
	rel := "equals"
	switch {
	case k > 0:
		rel = fmt.Sprintf("is %d more than", k)
	case k < 0:
		rel = fmt.Sprintf("is %d less than", -k)
	}
	text += fmt.Sprintf(", so %s, %s one cell under none of them, %s %s, their one cell outside %s: remove %s.",
		solver.CellName(x), possessive(len(h.units)), rel, solver.CellName(y), pronoun(len(h.units)), elimByCell(es))
	return Step{
		Technique:    RuleOf45,
		Pattern:      pat,
		Units:        append([]int(nil), h.units...),
		Rules:        append([]int(nil), rules...),
		Eliminations: es,
		Explanation:  text,
		Rating:       RuleOf45.Rating() + 0.2,
	}, true
}

// virtualCage makes the step of the rule of 45: empty cells (one or two)
// that sum to sum, because the cages (rules) inside house h (or, for
// outies, reaching into it) sum to cagesSum; filled cells of others add
// their digits.
func (s *State) virtualCage(h *house, empty []int, sum, cagesSum int, others []int, rules []int, outies bool) (Step, bool) {
	n := s.t.size
	if sum < len(empty) || sum > len(empty)*n {
		return Step{}, false // a broken position; another step says why
	}
	q := s.newSumSearch(empty, sum, sum)
	if !q.run() {
		return Step{}, false
	}
	sup := q.support(empty, func(t int) bool { return t == sum })
	var pat []Candidate
	for i, c := range empty {
		for _, d := range (s.cand[c] & sup[i]).digits() {
			pat = append(pat, Candidate{c, d})
		}
	}
	st := Step{Technique: RuleOf45, Pattern: pat, Units: append([]int(nil), h.units...), Rules: append([]int(nil), rules...)}
	// The argument: "box 5 sums to 45; the 4 cages inside it sum to 38".
	what := "inside " + pronoun(len(h.units))
	if outies {
		what = "reaching into " + pronoun(len(h.units))
	}
	cagesWord := "cages"
	if len(rules) == 1 {
		cagesWord = "cage"
	}
	text := fmt.Sprintf("%s sum%s to %d; the %s %s sum%s to %d", capital(h.name), plural1(len(h.units) == 1), h.total,
		countWord(len(rules), cagesWord), what, plural1(len(rules) == 1), cagesSum)
	if hold := s.filledOf(others); len(hold) > 0 {
		text += " and " + s.holdText(hold)
	}
	where := "outside them"
	if outies {
		where = "outside " + pronoun(len(h.units))
	}
	if len(empty) == 1 {
		c := empty[0]
		if !s.cand[c].has(sum) {
			return Step{}, false
		}
		if outies {
			text += fmt.Sprintf(", so %s, their one cell %s, is %d.", solver.CellName(c), where, sum)
		} else {
			text += fmt.Sprintf(", so %s, %s one cell %s, is %d.", solver.CellName(c), possessive(len(h.units)), where, sum)
		}
		st.Placements = []Candidate{{c, sum}}
		st.Explanation = text
		st.Rating = RuleOf45.Rating()
		return st, true
	}
	es := s.supportElims(empty, sup)
	if len(es) == 0 {
		return Step{}, false
	}
	owner := possessive(len(h.units)) + " cells"
	if outies {
		owner = "their cells"
	}
	text += fmt.Sprintf(", so %s, %s %s, sum to %d", cellList(empty), owner, where, sum)
	if note := s.peerNote(empty); note != "" {
		text += "; " + note
	}
	if ways := q.combosText(func(t int) bool { return t == sum }); ways != "" {
		text += ", so that is " + ways
	}
	text += ": remove " + elimByCell(es) + "."
	st.Eliminations = es
	st.Explanation = text
	st.Rating = RuleOf45.Rating() + 0.2
	return st, true
}

// filledOf returns the filled cells among cells.
func (s *State) filledOf(cells []int) []int {
	var out []int
	for _, c := range cells {
		if s.val[c] != 0 {
			out = append(out, c)
		}
	}
	return out
}

func capital(x string) string {
	if x == "" || x[0] < 'a' || x[0] > 'z' {
		return x
	}
	return string(x[0]-'a'+'A') + x[1:]
}

// plural1 returns "s" for a singular subject of a verb ("row 3 sums").
func plural1(one bool) string {
	if one {
		return "s"
	}
	return ""
}

func pronoun(units int) string {
	if units == 1 {
		return "it"
	}
	return "them"
}

func possessive(units int) string {
	if units == 1 {
		return "its"
	}
	return "their"
}

// countWord writes "cage", "2 cages".
func countWord(k int, word string) string {
	if k == 1 {
		return word
	}
	return fmt.Sprintf("%d %s", k, word)
}
