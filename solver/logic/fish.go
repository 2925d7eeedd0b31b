package logic

import "fmt"

var fishTech = [5]Technique{2: XWing, 3: Swordfish, 4: Jellyfish}

// findFish finds n rows (or columns) in which digit d can only go in n
// columns (rows): those columns lose d everywhere else. Rows and columns are
// disjoint units in every variant, so the argument needs nothing more.
func (s *State) findFish(n int) (Step, bool) {
	tech := fishTech[n]
	size := s.t.size // rows are units 0..size-1, columns size..2*size-1
	for d := 1; d <= 9; d++ {
		dc := s.digitCells(d)
		for base := 0; base < 2; base++ {
			var lines []int
			var pos [9]uint16 // cross positions of d in each base line (a smaller grid's lines beyond its size stay empty)
			for l := 0; l < 9; l++ {
				var m uint16
				for k := 0; k < 9; k++ {
					c := l*9 + k
					if base == 1 {
						c = k*9 + l
					}
					if dc.has(c) {
						m |= 1 << k
					}
				}
				pos[l] = m
				if k := digitMask(m).count(); k >= 2 && k <= n {
					lines = append(lines, l)
				}
			}
			if len(lines) < n {
				continue
			}
			var st Step
			if combos(len(lines), n, func(idx []int) bool {
				var cover uint16
				for _, k := range idx {
					cover |= pos[lines[k]]
				}
				if digitMask(cover).count() != n {
					return false
				}
				var baseSet cellSet
				bl := make([]int, n)
				for i, k := range idx {
					bl[i] = lines[k]
					baseSet = baseSet.or(s.t.unitSet[base*size+lines[k]])
				}
				cl := digitMask(cover).digits() // 1-based cross lines
				var coverSet cellSet
				for _, x := range cl {
					coverSet = coverSet.or(s.t.unitSet[(1-base)*size+x-1])
				}
				es := s.elimsOf(coverSet.andNot(baseSet), d)
				if len(es) == 0 {
					return false
				}
				var pat []Candidate
				for _, c := range dc.and(baseSet).cells() {
					pat = append(pat, Candidate{c, d})
				}
				var units []int
				for _, l := range bl {
					units = append(units, base*size+l)
				}
				for _, x := range cl {
					units = append(units, (1-base)*size+x-1)
				}
				kinds := [2]string{"rows", "columns"}
				bn := make([]int, n)
				for i, l := range bl {
					bn[i] = l + 1
				}
				st = Step{
					Technique:    tech,
					Pattern:      pat,
					Units:        units,
					Eliminations: es,
					Explanation: fmt.Sprintf("In %s %s, %d can only go in %s %s, so each of those %s holds its %d in these %s, and %d is removed from the rest of them: %s.",
						kinds[base], digitList(bn, ""), d, kinds[1-base], digitList(cl, ""), kinds[1-base], d, kinds[base], d, cellsOfElims(es)),
					Rating: tech.Rating(),
				}
				return true
			}) {
				return st, true
			}
		}
	}
	return Step{}, false
}

func cellsOfElims(es []Candidate) string {
	cs := make([]int, len(es))
	for i, e := range es {
		cs[i] = e.Cell
	}
	return cellList(cs)
}

// finnedTech names the finned fish by size. The finned X-Wing includes the
// sashimi one, whose base line keeps only fins in the box; it comes after
// the skyscraper, the 2-string kite and the empty rectangle (each a sashimi
// X-Wing or a grouped form of one), as HoDoKu tries them, so that they
// keep their own names.
var finnedTech = [5]Technique{2: FinnedXWing, 3: FinnedSwordfish, 4: FinnedJellyfish}

// findFinnedFish finds n rows (or columns) in which digit d lies in n
// columns (rows) except for some "fin" cells, all in one box. Either the
// fish holds, and the columns lose d outside the rows, or a fin holds d, and
// the box loses it elsewhere: cells in both places lose d. The search works
// on 9-bit masks of positions per line.
func (s *State) findFinnedFish(n int) (Step, bool) {
	tech := finnedTech[n]
	kinds := [2]string{"rows", "columns"}
	for d := 1; d <= 9; d++ {
		dc := s.digitCells(d)
		for base := 0; base < 2; base++ {
			cross := 1 - base
			var pos [9]uint16 // cross positions of d in each base line
			var lines []int
			for l := 0; l < 9; l++ {
				for k := 0; k < 9; k++ {
					c := l*9 + k
					if base == 1 {
						c = k*9 + l
					}
					if dc.has(c) {
						pos[l] |= 1 << k
					}
				}
				if k := digitMask(pos[l]).count(); k >= 1 && k <= n+3 {
					lines = append(lines, l)
				}
			}
			var st Step
			found := combos(len(lines), n, func(idx []int) bool {
				var all uint16
				for _, k := range idx {
					all |= pos[lines[k]]
				}
				// Fins lie in one box: at most three cross lines beyond the n.
				if k := digitMask(all).count(); k <= n || k > n+3 {
					return false
				}
				for stack := 0; stack < 3; stack++ { // the fin box's stack across the base lines
					sm := uint16(7) << (3 * stack)
					if digitMask(all&^sm).count() > n {
						continue // the cover needs more than n lines whatever the band
					}
					for band := 0; band < 3; band++ { // and its band along them
						var core, finPos uint16
						inBand := false
						for _, k := range idx {
							l := lines[k]
							if l/3 == band {
								core |= pos[l] &^ sm
								finPos |= pos[l] & sm
								inBand = true
							} else {
								core |= pos[l]
							}
						}
						if !inBand || finPos == 0 || digitMask(core).count() > n {
							continue
						}
						need := n - digitMask(core).count()
						free := sm &^ core
						if digitMask(free).count() < need {
							continue
						}
						var fillers []int
						for _, x := range digitMask(free).digits() {
							fillers = append(fillers, x-1)
						}
						try := func(jdx []int) bool {
							cover := core
							for _, j := range jdx {
								cover |= 1 << fillers[j]
							}
							if finPos&^cover == 0 {
								return false // no fin left: a plain fish
							}
							// Eliminations: cover lines inside the box, off the base lines.
							var es []Candidate
							isBase := map[int]bool{}
							for _, k := range idx {
								isBase[lines[k]] = true
							}
							for bl := band * 3; bl < band*3+3; bl++ {
								if isBase[bl] {
									continue
								}
								for x := cover & sm; x != 0; x &= x - 1 {
									k := digitMask(x).lowest() - 1
									c := bl*9 + k
									if base == 1 {
										c = k*9 + bl
									}
									if dc.has(c) {
										es = append(es, Candidate{c, d})
									}
								}
							}
							if len(es) == 0 {
								return false
							}
							box := 18 + band*3 + stack
							if base == 1 {
								box = 18 + stack*3 + band
							}
							var pat []Candidate
							var fins, units, bl, cl []int
							for _, k := range idx {
								l := lines[k]
								units = append(units, base*9+l)
								bl = append(bl, l+1)
								for x := pos[l]; x != 0; x &= x - 1 {
									kk := digitMask(x).lowest() - 1
									c := l*9 + kk
									if base == 1 {
										c = kk*9 + l
									}
									pat = append(pat, Candidate{c, d})
									if cover&(1<<kk) == 0 {
										fins = append(fins, c)
									}
								}
							}
							for x := cover; x != 0; x &= x - 1 {
								l := digitMask(x).lowest() - 1
								units = append(units, cross*9+l)
								cl = append(cl, l+1)
							}
							units = append(units, box)
							st = Step{
								Technique:    tech,
								Pattern:      pat,
								Units:        units,
								Eliminations: es,
								Explanation: fmt.Sprintf("In %s %s, %d can only go in %s %s, except for %s in %s. Either those %s hold their %d in these %s, or %s %d; both ways %s %s no %d: remove it.",
									kinds[base], digitList(bl, ""), d, kinds[cross], digitList(cl, ""), cellList(fins), s.unitName(box),
									kinds[cross], d, kinds[base], oneOf(fins), d, cellsOfElims(es), holds(len(es)), d),
								Rating: tech.Rating(),
							}
							return true
						}
						// need 0: the core alone gives the n cover lines, the
						// plain finned fish (combos calls nothing for k = 0).
						if need == 0 {
							if try(nil) {
								return true
							}
						} else if combos(len(fillers), need, try) {
							return true
						}
					}
				}
				return false
			})
			if found {
				return st, true
			}
		}
	}
	return Step{}, false
}

func holds(n int) string {
	if n == 1 {
		return "holds"
	}
	return "hold"
}

// oneOf writes "r1c2 is" or "one of r1c2 and r1c3 is".
func oneOf(cs []int) string {
	if len(cs) == 1 {
		return cellList(cs) + " is"
	}
	return "one of " + cellList(cs) + " is"
}
