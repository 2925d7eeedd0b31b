package logic

import (
	"fmt"
	"strings"

	"sudoku/solver"
)

// Forcing chains follow every possibility of one choice: the candidates of
// a cell (Cell Forcing Chain), the places of a digit in a unit (Unit Forcing
// Chain), or one candidate being true or false (Digit Forcing Chain). Each
// possibility is followed by naked and hidden singles; what all of them
// lead to (a digit placed, or a candidate removed) holds whichever is true.
// The explanation follows each branch only through the singles the
// conclusion needs, each with its reason, so a player can check it with a
// pencil. They are the last named techniques before Contradiction.

// maxForcingBranches bounds the candidates of a forcing cell and the places
// of a forcing digit in a unit.
const maxForcingBranches = 4

// A branch is one possibility of a forcing step: a candidate assumed true
// (on) or false.
type branch struct {
	Candidate
	on bool
}

// branchEnd is where singles lead a branch: the digits placed and the
// candidates left.
type branchEnd struct {
	val  [81]uint8
	cand [81]digitMask
}

// Results of prop.follow.
const (
	followOK     = iota // singles ran out, the position holds
	followBroken        // the position broke: the branch is impossible
	followGaveUp        // the bounds ran out
)

// follow runs singles from the branch.
func (p *prop) follow(b branch) int {
	if !p.start(b) {
		return followBroken
	}
	return p.run()
}

// run places the queued singles and those they lead to.
func (p *prop) run() int {
	for count := 0; p.n > 0; count++ {
		if count > 4*81 {
			return followGaveUp
		}
		p.n--
		e := p.stack[p.n]
		c, d := int(e.c), int(e.d)
		if int(p.val[c]) == d {
			continue
		}
		if !p.cand[c].has(d) || !p.place(c, d) {
			return followBroken
		}
	}
	return followOK
}

// start applies the assumption of a branch; false on a break.
func (p *prop) start(b branch) bool {
	if b.on {
		return p.push(b.Cell, b.Digit)
	}
	return p.eliminate(b.Cell, b.Digit)
}

// eliminate removes candidate d from cell c and queues the singles it
// creates; false on a break.
func (p *prop) eliminate(c, d int) bool {
	if !p.cand[c].has(d) {
		return true
	}
	m := p.cand[c] &^ bit(d)
	p.cand[c] = m
	p.planes[d].remove(c)
	if m == 0 {
		return false
	}
	if m&(m-1) == 0 && !p.push(c, m.lowest()) {
		return false
	}
	for _, u := range p.t.unitsOf[c] {
		if p.placed[u]&bit(d) == 0 && !p.check(u, d) {
			return false
		}
	}
	return true
}

// followNet runs singles and locked candidates from the branch.
func (p *prop) followNet(b branch) int {
	r := p.follow(b)
	for rounds := 0; r == followOK; rounds++ {
		if rounds > 81 {
			return followGaveUp
		}
		changed := false
		// Each unit's places of a digit, read once for all its pairs.
		for a, prs := range p.t.pairsOf {
			if len(prs) == 0 {
				continue
			}
			for d := 1; d <= 9; d++ {
				if p.placed[a]&bit(d) != 0 {
					continue
				}
				in := p.planes[d].and(p.t.unitSet[a])
				if in.empty() {
					continue
				}
				for _, i := range prs {
					pr := &p.t.pairs[i]
					if !in.subsetOf(pr.inter) {
						continue
					}
					out := p.planes[d].and(p.t.unitSet[pr.b]).andNot(pr.inter)
					for _, c := range out.cells() {
						if !p.eliminate(c, d) {
							return followBroken
						}
						changed = true
					}
				}
			}
		}
		if !changed {
			break
		}
		r = p.run()
	}
	return r
}

// forcingSources lists the choices a forcing technique starts from, each as
// its branches, easiest (fewest branches) first.
func (s *State) forcingSources(tech Technique) [][]branch {
	var out [][]branch
	switch tech {
	case CellForcingChain:
		for k := 2; k <= maxForcingBranches; k++ {
			for c := 0; c < 81; c++ {
				if s.val[c] != 0 || s.cand[c].count() != k {
					continue
				}
				var bs []branch
				for _, d := range s.cand[c].digits() {
					bs = append(bs, branch{Candidate{c, d}, true})
				}
				out = append(out, bs)
			}
		}
	case UnitForcingChain:
		for k := 2; k <= maxForcingBranches; k++ {
			for u := 0; u < s.t.nu; u++ {
				for d := 1; d <= 9; d++ {
					cs := s.unitDigitCells(u, d)
					if cs.count() != k {
						continue
					}
					var bs []branch
					for _, c := range cs.cells() {
						bs = append(bs, branch{Candidate{c, d}, true})
					}
					out = append(out, bs)
				}
			}
		}
	case DigitForcingChain:
		for c := 0; c < 81; c++ {
			if s.cand[c].count() < 3 {
				continue // a bivalue cell is a cell forcing chain
			}
			for _, d := range s.cand[c].digits() {
				out = append(out, []branch{{Candidate{c, d}, true}, {Candidate{c, d}, false}})
			}
		}
	}
	return out
}

// forcingUnit returns the unit of a unit forcing source.
func (s *State) forcingUnit(bs []branch) int {
	for _, u := range s.t.unitsOf[bs[0].Cell] {
		all := true
		for _, b := range bs[1:] {
			all = all && s.t.unitSet[u].has(b.Cell)
		}
		if all && s.unitDigitCells(u, bs[0].Digit).count() == len(bs) {
			return u
		}
	}
	return -1
}

// findForcing finds a forcing chain of the given technique: among the
// choices with the fewest branches that agree on something, the one whose
// explanation is shortest (counting the singles of every branch), and of
// its conclusions the one with the shortest explanation (a placement before
// an elimination).
func (s *State) findForcing(tech Technique) (Step, bool) {
	var base, pr prop
	base.load(s)
	ends := make([]branchEnd, 0, maxForcingBranches)
	var broken [maxForcingBranches]bool
	var best Step
	bestN, bestK := 1<<30, 0
sources:
	for _, bs := range s.forcingSources(tech) {
		if bestK != 0 && len(bs) > bestK {
			break // sources come by number of branches
		}
		ends = ends[:0]
		for i, b := range bs {
			pr = base
			broken[i] = false
			switch pr.follow(b) {
			case followGaveUp:
				continue sources
			case followBroken:
				// A branch that breaks is impossible; a net needs two
				// others that hold. A digit's both branches must hold.
				if tech == DigitForcingChain {
					continue sources
				}
				broken[i] = true
				continue
			}
			ends = append(ends, branchEnd{pr.val, pr.cand})
		}
		if len(ends) < 2 {
			continue
		}
		places, elims := s.agreed(ends)
		if len(places)+len(elims) == 0 {
			continue
		}
		if st, n, ok := s.forcingStep(tech, bs, broken[:len(bs)], places, elims); ok && n < bestN {
			best, bestN, bestK = st, n, len(bs)
		}
	}
	return best, bestK != 0
}

// event is one fact of a branch, in the order the singles find them: the
// assumption, then each single placed.
type event struct {
	Candidate
	on   bool
	unit int // the unit of a hidden single or of locked candidates; -1 for a naked single, -2 for the assumption
	by   int // for locked candidates (on false, unit >= 0): the unit the digit's places in unit lie in
}

// A breakAt says how a branch broke: cell is left without a candidate, or
// (cell < 0) digit has no place left in unit.
type breakAt struct {
	cell, unit, digit int
}

// branchEvents follows branch b by singles on a copy of s, logging them,
// and tells where the position broke (ok false when it holds).
func (s *State) branchEvents(b branch) (evs []event, br breakAt, broke bool) {
	t := *s
	t.an = nil
	if b.on {
		t.place(b.Cell, b.Digit)
	} else {
		t.cand[b.Cell] &^= bit(b.Digit)
	}
	imps, why, _ := t.propagateSingles(81, true)
	evs = []event{{b.Candidate, b.on, -2, -1}}
	for _, im := range imps {
		evs = append(evs, event{Candidate{im.cell, im.digit}, true, im.unit, -1})
	}
	if why == "" {
		return evs, br, false
	}
	if at, ok := t.breakOf(); ok {
		return evs, at, true
	}
	return evs, br, false
}

// breakProof returns the events a break needs, in order.
func (s *State) breakProof(evs []event, br breakAt) []event {
	need := make([]bool, len(evs))
	if br.cell >= 0 {
		for _, x := range s.cand[br.cell].digits() {
			s.needs(evs, s.killer(evs, br.cell, x, len(evs)), need)
		}
	} else {
		for _, q := range s.t.units[br.unit] {
			if s.cand[q].has(br.digit) {
				s.needs(evs, s.killer(evs, int(q), br.digit, len(evs)), need)
			}
		}
	}
	var proof []event
	for i, e := range evs {
		if need[i] {
			proof = append(proof, e)
		}
	}
	return proof
}

// breakText says how a branch broke.
func (s *State) breakText(br breakAt) string {
	if br.cell >= 0 {
		return fmt.Sprintf("which leaves %s without a candidate: impossible.", solver.CellName(br.cell))
	}
	return fmt.Sprintf("which leaves no place for %d in %s: impossible.", br.digit, s.unitName(br.unit))
}

// killer returns the first event before end that removes digit d from
// cell c, -1 if none.
func (s *State) killer(evs []event, c, d, end int) int {
	for i, e := range evs[:end] {
		if !e.on {
			if e.Cell == c && e.Digit == d {
				return i
			}
			continue
		}
		if (e.Cell == c && e.Digit != d) || (e.Digit == d && e.Cell != c && s.t.peers[c].has(e.Cell)) {
			return i
		}
	}
	return -1
}

// needs marks in need the events that event i rests on, and i itself.
func (s *State) needs(evs []event, i int, need []bool) {
	if i < 0 || need[i] {
		return
	}
	need[i] = true
	e := evs[i]
	switch {
	case e.unit == -1: // naked single: every other candidate of the cell went
		for _, x := range s.cand[e.Cell].digits() {
			if x != e.Digit {
				s.needs(evs, s.killer(evs, e.Cell, x, i), need)
			}
		}
	case e.unit >= 0 && e.on: // hidden single: every other place in the unit went
		for _, q := range s.t.units[e.unit] {
			if int(q) != e.Cell && s.cand[q].has(e.Digit) {
				s.needs(evs, s.killer(evs, int(q), e.Digit, i), need)
			}
		}
	case e.unit >= 0: // locked candidates: the digit's places in unit outside by went
		for _, q := range s.t.units[e.unit] {
			if !s.t.unitSet[e.by].has(int(q)) && s.cand[q].has(e.Digit) {
				s.needs(evs, s.killer(evs, int(q), e.Digit, i), need)
			}
		}
	}
}

// branchProof returns the events of a branch a conclusion needs, in order;
// ok is false when the logged singles do not reach the conclusion.
func (s *State) branchProof(evs []event, concl Candidate, place bool) (proof []event, ok bool) {
	need := make([]bool, len(evs))
	at := -1
	if place {
		for i, e := range evs {
			if e.on && e.Candidate == concl {
				at = i
				break
			}
		}
	} else {
		at = s.killer(evs, concl.Cell, concl.Digit, len(evs))
	}
	if at < 0 {
		return nil, false
	}
	s.needs(evs, at, need)
	for i, e := range evs {
		if need[i] {
			proof = append(proof, e)
		}
	}
	return proof, true
}

// eventText says an implied single with its reason.
func (s *State) eventText(e event) string {
	if !e.on {
		return fmt.Sprintf("%s is not %d (%d in %s can only be in %s)", solver.CellName(e.Cell), e.Digit, e.Digit, s.unitName(e.unit), s.unitName(e.by))
	}
	if e.unit == -1 {
		return fmt.Sprintf("%s is %d (its last candidate)", solver.CellName(e.Cell), e.Digit)
	}
	return fmt.Sprintf("%s is %d (the last place for %d in %s)", solver.CellName(e.Cell), e.Digit, e.Digit, s.unitName(e.unit))
}

// assumeText says a branch's assumption: "r1c2 is 3", "r1c2 is not 3".
func assumeText(b branch) string {
	if b.on {
		return fmt.Sprintf("%s is %d", solver.CellName(b.Cell), b.Digit)
	}
	return fmt.Sprintf("%s is not %d", solver.CellName(b.Cell), b.Digit)
}

// forcingStep writes a forcing chain: it follows every branch again with a
// log, keeps for each conclusion the singles it needs, and takes the
// conclusion with the shortest proof; it returns the singles the proofs
// use, and false when the log reaches no conclusion.
func (s *State) forcingStep(tech Technique, bs []branch, broken []bool, places, elims []Candidate) (Step, int, bool) {
	logs := make([][]event, len(bs))
	breaks := make([]breakAt, len(bs))
	for i, b := range bs {
		var broke bool
		logs[i], breaks[i], broke = s.branchEvents(b)
		if broke != broken[i] {
			return Step{}, 0, false // the two propagations disagree: leave it to others
		}
	}
	return s.forcingStepFrom(tech, tech, bs, logs, breaks, broken, places, elims)
}

// forcingStepFrom writes a forcing step of technique tech from the logs of
// its branches; kind (a cell, unit or digit forcing chain) says what the
// branches are.
func (s *State) forcingStepFrom(tech, kind Technique, bs []branch, logs [][]event, breaks []breakAt, broken []bool, places, elims []Candidate) (Step, int, bool) {
	type cand struct {
		c      Candidate
		place  bool
		proofs [][]event
		n      int
	}
	var best cand
	try := func(c Candidate, place bool) {
		k := cand{c: c, place: place}
		for i, b := range bs {
			if broken[i] && !place && b.on && b.Candidate == c {
				return // only the broken branch's own candidate: a contradiction, not a forcing chain
			}
		}
		for i, evs := range logs {
			if broken[i] {
				p := s.breakProof(evs, breaks[i])
				k.proofs = append(k.proofs, p)
				k.n += len(p)
				continue
			}
			p, ok := s.branchProof(evs, c, place)
			if !ok {
				return
			}
			k.proofs = append(k.proofs, p)
			k.n += len(p)
		}
		if best.proofs == nil || k.n < best.n {
			best = k
		}
	}
	for _, p := range places {
		try(p, true)
	}
	if best.proofs == nil {
		for _, e := range elims {
			try(e, false)
		}
	}
	if best.proofs == nil {
		return Step{}, 0, false
	}
	var b strings.Builder
	var units []int
	switch kind {
	case CellForcingChain:
		var ds []int
		for _, x := range bs {
			ds = append(ds, x.Digit)
		}
		fmt.Fprintf(&b, "%s holds %s. ", solver.CellName(bs[0].Cell), orList(strings.Fields(digitList(ds, " "))))
	case UnitForcingChain:
		u := s.forcingUnit(bs)
		units = append(units, u)
		var cs []string
		for _, x := range bs {
			cs = append(cs, solver.CellName(x.Cell))
		}
		fmt.Fprintf(&b, "%d goes in %s in %s. ", bs[0].Digit, orList(cs), s.unitName(u))
	case DigitForcingChain:
		fmt.Fprintf(&b, "%s is %d or it is not. ", solver.CellName(bs[0].Cell), bs[0].Digit)
	}
	var pat []Candidate
	for _, x := range bs {
		pat = appendUnique(pat, x.Candidate)
	}
	total := 0
	for i, proof := range best.proofs {
		var parts []string
		last := ""
		if best.place {
			last = fmt.Sprintf("%s is %d", solver.CellName(best.c.Cell), best.c.Digit)
		} else {
			last = fmt.Sprintf("%s is not %d", solver.CellName(best.c.Cell), best.c.Digit)
		}
		for k, e := range proof[1:] {
			if k == len(proof)-2 && !broken[i] && e.Candidate == best.c && e.on == best.place {
				last = s.eventText(e) // the conclusion itself, with its reason, said last
				pat = appendUnique(pat, e.Candidate)
				if e.unit >= 0 {
					units = appendUniqueInt(units, e.unit)
				}
				continue
			}
			parts = append(parts, s.eventText(e))
			pat = appendUnique(pat, e.Candidate)
			if e.unit >= 0 {
				units = appendUniqueInt(units, e.unit)
			}
		}
		total += len(proof) - 1
		if i == 0 {
			b.WriteString("If ")
		} else {
			b.WriteString(" If ")
		}
		b.WriteString(assumeText(bs[i]))
		if broken[i] {
			if len(parts) > 0 {
				b.WriteString(", then " + andList(parts) + ", ")
			} else {
				b.WriteString(", ")
			}
			b.WriteString(s.breakText(breaks[i]))
			continue
		}
		if len(parts) > 0 {
			b.WriteString(", then " + andList(parts) + ", so ")
		} else {
			b.WriteString(", then ")
		}
		b.WriteString(last + ".")
	}
	st := Step{Technique: tech, Pattern: pat, Units: units, Rating: tech.Rating() + 0.1*float64(min(total/8, 4))}
	if best.place {
		fmt.Fprintf(&b, " Either way %s is %d.", solver.CellName(best.c.Cell), best.c.Digit)
		st.Placements = []Candidate{best.c}
	} else {
		fmt.Fprintf(&b, " Either way %s is not %d: remove it.", solver.CellName(best.c.Cell), best.c.Digit)
		st.Eliminations = []Candidate{best.c}
	}
	st.Explanation = b.String()
	return st, total, true
}

// agreed is what every branch end agrees on: a digit all of them place in
// an open cell, and each candidate none of them keeps.
func (s *State) agreed(ends []branchEnd) (places, elims []Candidate) {
	for c := 0; c < 81; c++ {
		if s.val[c] != 0 {
			continue
		}
		d := ends[0].val[c]
		gone := s.cand[c]
		for i := range ends {
			if ends[i].val[c] != d {
				d = 0
			}
			gone &^= ends[i].cand[c] | bit(int(ends[i].val[c]))
		}
		if d != 0 {
			places = append(places, Candidate{c, int(d)})
		}
		for m := gone; m != 0; m &= m - 1 {
			elims = append(elims, Candidate{c, m.lowest()})
		}
	}
	return places, elims
}
