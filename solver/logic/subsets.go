package logic

import "fmt"

// combos calls fn with every k-element subset of 0..m-1 (as increasing
// indices, k <= 9) until fn returns true; it reports whether fn did.
func combos(m, k int, fn func(idx []int) bool) bool {
	if k > m || k < 1 || k > 9 {
		return false
	}
	var idx [9]int
	for i := 0; i < k; i++ {
		idx[i] = i
	}
	for {
		if fn(idx[:k]) {
			return true
		}
		// Advance the rightmost index that can move.
		i := k - 1
		for i >= 0 && idx[i] == m-k+i {
			i--
		}
		if i < 0 {
			return false
		}
		idx[i]++
		for j := i + 1; j < k; j++ {
			idx[j] = idx[j-1] + 1
		}
	}
}

var subsetTech = [2][5]Technique{
	{2: NakedPair, 3: NakedTriple, 4: NakedQuad},
	{2: HiddenPair, 3: HiddenTriple, 4: HiddenQuad},
}

// findNaked finds n cells of one unit whose candidates are n digits between
// them; those digits leave every other cell of each unit holding all n cells.
func (s *State) findNaked(n int) (Step, bool) {
	var st Step
	found := false
	for u := 0; u < s.t.nu && !found; u++ {
		var cells []int
		for _, c := range s.t.units[u] {
			if s.val[c] == 0 && s.cand[c].count() >= 2 && s.cand[c].count() <= n {
				cells = append(cells, int(c))
			}
		}
		if len(cells) < n {
			continue
		}
		found = combos(len(cells), n, func(idx []int) bool {
			var m digitMask
			for _, k := range idx {
				m |= s.cand[cells[k]]
			}
			if m.count() != n {
				return false
			}
			var set cellSet
			cs := make([]int, n)
			for i, k := range idx {
				set.add(cells[k])
				cs[i] = cells[k]
			}
			var units []int
			var es []Candidate
			for w := 0; w < s.t.nu; w++ {
				if !set.subsetOf(s.t.unitSet[w]) {
					continue
				}
				units = append(units, w)
				for _, c := range s.t.units[w] {
					if !set.has(int(c)) && s.cand[c]&m != 0 {
						for _, d := range (s.cand[c] & m).digits() {
							es = appendUnique(es, Candidate{int(c), d})
						}
					}
				}
			}
			if len(es) == 0 {
				return false
			}
			var pat []Candidate
			for _, c := range cs {
				for _, d := range s.cand[c].digits() {
					pat = append(pat, Candidate{c, d})
				}
			}
			names := make([]string, len(units))
			for i, w := range units {
				names[i] = s.unitName(w)
			}
			tech := subsetTech[0][n]
			st = Step{
				Technique:    tech,
				Pattern:      pat,
				Units:        units,
				Eliminations: es,
				Explanation: fmt.Sprintf("%s hold only %s between them, so these digits go in these cells and are removed from the other cells of %s: %s.",
					cellList(cs), digitList(m.digits(), ""), andList(names), elimText(es)),
				Rating: tech.Rating(),
			}
			return true
		})
	}
	return st, found
}

// findHidden finds n digits of one unit confined to n of its cells; the
// other candidates of those cells go.
func (s *State) findHidden(n int) (Step, bool) {
	var st Step
	found := false
	for u := 0; u < s.t.nu && !found; u++ {
		var digits []int
		var where [10]cellSet
		for d := 1; d <= 9; d++ {
			where[d] = s.unitDigitCells(u, d)
			if k := where[d].count(); k >= 2 && k <= n {
				digits = append(digits, d)
			}
		}
		if len(digits) < n {
			continue
		}
		found = combos(len(digits), n, func(idx []int) bool {
			var set cellSet
			var m digitMask
			for _, k := range idx {
				set = set.or(where[digits[k]])
				m |= bit(digits[k])
			}
			if set.count() != n {
				return false
			}
			cs := set.cells()
			var es, pat []Candidate
			for _, c := range cs {
				for _, d := range (s.cand[c] &^ m).digits() {
					es = append(es, Candidate{c, d})
				}
				for _, d := range (s.cand[c] & m).digits() {
					pat = append(pat, Candidate{c, d})
				}
			}
			if len(es) == 0 {
				return false
			}
			tech := subsetTech[1][n]
			st = Step{
				Technique:    tech,
				Pattern:      pat,
				Units:        []int{u},
				Eliminations: es,
				Explanation: fmt.Sprintf("In %s, %s can only go in %s, so those cells hold nothing else: remove %s.",
					s.unitName(u), digitList(m.digits(), ""), cellList(cs), elimByCell(es)),
				Rating: tech.Rating(),
			}
			return true
		})
	}
	return st, found
}

func appendUnique(es []Candidate, e Candidate) []Candidate {
	for _, x := range es {
		if x == e {
			return es
		}
	}
	return append(es, e)
}
