package logic

// A forcing net is a forcing chain whose branches follow locked candidates
// as well as naked and hidden singles: a digit whose places in one unit all
// lie in another leaves the rest of that other unit. It is tried when no
// forcing chain of singles works, before Contradiction.

// maxNetEvents bounds the facts one branch of a net follows.
const maxNetEvents = 400

// netEvents follows branch b by singles and locked candidates on a copy of
// s, logging each fact, and tells where the position broke.
func (s *State) netEvents(b branch) (evs []event, end branchEnd, br breakAt, broke bool) {
	t := *s
	t.an = nil
	if b.on {
		t.place(b.Cell, b.Digit)
	} else {
		t.cand[b.Cell] &^= bit(b.Digit)
	}
	evs = []event{{b.Candidate, b.on, -2, -1}}
	for len(evs) < maxNetEvents {
		if br, bad := t.breakOf(); bad {
			return evs, end, br, true
		}
		if bad, imp, found := t.scan(); !bad && found {
			t.place(imp.cell, imp.digit)
			evs = append(evs, event{Candidate{imp.cell, imp.digit}, true, imp.unit, -1})
			continue
		}
		// Locked candidates: the places of d in unit a all lie in unit b.
		locked := false
		for _, p := range s.t.pairs {
			ua, ub := s.t.units[p.a], s.t.units[p.b]
			for d := 1; d <= 9; d++ {
				in, out := cellSet{}, cellSet{}
				for _, c := range ua {
					if t.cand[c].has(d) {
						if p.inter.has(int(c)) {
							in.add(int(c))
						} else {
							out.add(int(c))
						}
					}
				}
				if in.empty() || !out.empty() {
					continue
				}
				for _, c := range ub {
					if !p.inter.has(int(c)) && t.cand[c].has(d) {
						t.cand[c] &^= bit(d)
						evs = append(evs, event{Candidate{int(c), d}, false, p.a, p.b})
						locked = true
					}
				}
				if locked {
					break
				}
			}
			if locked {
				break
			}
		}
		if !locked {
			break
		}
	}
	if len(evs) >= maxNetEvents {
		return nil, end, br, true // gave up: treated as unusable by the caller
	}
	end.val, end.cand = t.val, t.cand
	return evs, end, br, false
}

// breakOf reports a cell without candidates or a unit's digit without a
// place.
func (s *State) breakOf() (breakAt, bool) {
	for c := 0; c < 81; c++ {
		if s.val[c] == 0 && s.cand[c] == 0 {
			return breakAt{c, -1, 0}, true
		}
	}
	all := s.t.all
	for u, cells := range s.t.units {
		var have, can digitMask
		for _, c := range cells {
			have |= bit(int(s.val[c]))
			can |= s.cand[c]
		}
		if miss := all &^ have &^ can; miss != 0 {
			return breakAt{-1, u, miss.lowest()}, true
		}
	}
	return breakAt{}, false
}

// findForcingNet finds a forcing net from the candidates of a cell or the
// places of a digit in a unit (up to four branches), the one with the
// shortest explanation among those with the fewest branches.
func (s *State) findForcingNet() (Step, bool) {
	type source struct {
		bs   []branch
		kind Technique
	}
	var srcs []source
	cells, units := s.forcingSources(CellForcingChain), s.forcingSources(UnitForcingChain)
	for k := 2; k <= maxForcingBranches; k++ {
		for _, bs := range cells {
			if len(bs) == k {
				srcs = append(srcs, source{bs, CellForcingChain})
			}
		}
		for _, bs := range units {
			if len(bs) == k {
				srcs = append(srcs, source{bs, UnitForcingChain})
			}
		}
	}
	var best Step
	bestN, bestK := 1<<30, 0
	var base, pr prop
	base.load(s)
	for _, src := range srcs {
		bs := src.bs
		if bestK != 0 && len(bs) > bestK {
			break
		}
		// Find the outcome fast first; log the branches only when they agree.
		broken := make([]bool, len(bs))
		var ends []branchEnd
		usable := true
		for i, b := range bs {
			pr = base
			switch pr.followNet(b) {
			case followGaveUp:
				usable = false
			case followBroken:
				broken[i] = true
			default:
				ends = append(ends, branchEnd{pr.val, pr.cand})
			}
		}
		if !usable || len(ends) < 2 {
			continue
		}
		places, elims := s.agreed(ends)
		if len(places)+len(elims) == 0 {
			continue
		}
		logs := make([][]event, len(bs))
		breaks := make([]breakAt, len(bs))
		for i, b := range bs {
			var broke bool
			logs[i], _, breaks[i], broke = s.netEvents(b)
			if logs[i] == nil || broke != broken[i] {
				usable = false
			}
		}
		if !usable {
			continue
		}
		if st, n, ok := s.forcingStepFrom(ForcingNet, src.kind, bs, logs, breaks, broken, places, elims); ok && n < bestN {
			best, bestN, bestK = st, n, len(bs)
		}
	}
	return best, bestK != 0
}
