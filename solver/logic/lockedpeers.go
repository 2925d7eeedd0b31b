package logic

import (
	"fmt"

	"sudoku/solver"
)

// findLockedPeers finds, under rules whose constraints make more cells
// differ than the units do (anti-knight, anti-king, cages, renban lines),
// a digit whose places in a unit all see one cell outside it: wherever the
// unit holds the digit, that cell cannot. Under units alone this is
// locked candidates, found before; the constraints' peers make new ones.
func (s *State) findLockedPeers() (Step, bool) {
	if len(s.t.cons) == 0 {
		return Step{}, false
	}
	for u := 0; u < s.t.nu; u++ {
		for d := 1; d <= s.t.size; d++ {
			places := s.unitDigitCells(u, d)
			if places.count() < 2 {
				continue
			}
			seen := cellSet{^uint64(0), ^uint64(0)}
			for _, p := range places.cells() {
				seen = seen.and(s.t.peers[p])
			}
			es := s.elimsOf(seen.andNot(s.t.unitSet[u]), d)
			if len(es) == 0 {
				continue
			}
			var pat []Candidate
			for _, p := range places.cells() {
				pat = append(pat, Candidate{p, d})
			}
			var targets []int
			for _, e := range es {
				targets = append(targets, e.Cell)
			}
			text := fmt.Sprintf("%s %s every place for %d in %s", cellList(targets), sees(len(targets)), d, s.unitName(u))
			if len(targets) == 1 {
				text += " (" + s.seeReasons(targets[0], places.cells()) + ")"
			}
			text += fmt.Sprintf(", so %s: remove %s.", cannotHold(len(targets), d), elimText(es))
			return Step{
				Technique:    LockedPeers,
				Pattern:      pat,
				Units:        []int{u},
				Eliminations: es,
				Rules:        s.peerRules(targets, places.cells()),
				Explanation:  text,
				Rating:       LockedPeers.Rating(),
			}, true
		}
	}
	return Step{}, false
}

func cannotHold(k, d int) string {
	if k == 1 {
		return fmt.Sprintf("it cannot be %d", d)
	}
	return fmt.Sprintf("none of them can be %d", d)
}

// seeReasons says why cell c sees each of cells: "r4c4 and r6c6 a
// knight's move away, r6c2 in column 2".
func (s *State) seeReasons(c int, cells []int) string {
	var order []string
	by := map[string][]int{}
	for _, p := range cells {
		why := s.seeReason(c, p)
		if by[why] == nil {
			order = append(order, why)
		}
		by[why] = append(by[why], p)
	}
	var parts []string
	for _, why := range order {
		parts = append(parts, cellList(by[why])+" "+why)
	}
	return joinComma(parts)
}

// seeReason says why cells a and b (frame) must differ: "in column 2", "a
// knight's move away", "in one cage".
func (s *State) seeReason(a, b int) string {
	for _, u := range s.t.unitsOf[a] {
		if s.t.unitSet[u].has(b) {
			return "in " + s.unitName(u)
		}
	}
	ra, ca, rb, cb := a/9, a%9, b/9, b%9
	dr, dc := abs(ra-rb), abs(ca-cb)
	for i := range s.t.cons {
		switch s.t.cons[i].c.(type) {
		case *solver.AntiKnight:
			if dr*dc == 2 {
				return "a knight's move away"
			}
		case *solver.AntiKing:
			if dr <= 1 && dc <= 1 {
				return "a king's move away"
			}
		case *solver.Killer:
			if hasBoth(s.t.cons[i].cells, a, b) {
				return "in one cage"
			}
		case *solver.Renban:
			if hasBoth(s.t.cons[i].cells, a, b) {
				return "on one renban line"
			}
		}
	}
	return "by the rules"
}

// peerRules returns the constraints that make the targets see the places
// (beyond units), as Step.Rules numbers them.
func (s *State) peerRules(targets, places []int) []int {
	var out []int
	for _, a := range targets {
		for _, b := range places {
			for i := range s.t.cons {
				ri := &s.t.cons[i]
				ra, ca, rb, cb := a/9, a%9, b/9, b%9
				dr, dc := abs(ra-rb), abs(ca-cb)
				hit := false
				switch ri.c.(type) {
				case *solver.AntiKnight:
					hit = dr*dc == 2
				case *solver.AntiKing:
					hit = dr <= 1 && dc <= 1
				case *solver.Killer, *solver.Renban:
					hit = hasBoth(ri.cells, a, b)
				}
				if hit {
					out = appendUniqueInt(out, ri.index)
				}
			}
		}
	}
	return out
}

func hasBoth(cells []int, a, b int) bool {
	ha, hb := false, false
	for _, c := range cells {
		ha = ha || c == a
		hb = hb || c == b
	}
	return ha && hb
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// joinComma joins with ", ".
func joinComma(xs []string) string {
	out := ""
	for i, x := range xs {
		if i > 0 {
			out += ", "
		}
		out += x
	}
	return out
}
