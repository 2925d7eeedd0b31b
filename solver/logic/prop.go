package logic

import "math/bits"

// prop is a fast form of singles propagation used to test assumptions: the
// candidates as one 81-cell set per digit, and the digits placed per unit.
// Only the units a placement touches are looked at again.
type prop struct {
	t      *tables
	val    [81]uint8
	cand   [81]digitMask
	planes [10]cellSet
	placed [32]digitMask // digits placed per unit
	stack  [256]struct{ c, d uint8 }
	n      int
}

// load copies a position into p.
func (p *prop) load(s *State) {
	p.t = s.t
	p.cand = s.cand
	p.val = s.val
	p.planes = [10]cellSet{}
	for c := 0; c < 81; c++ {
		for m := s.cand[c]; m != 0; m &= m - 1 {
			p.planes[m.lowest()].add(c)
		}
	}
	for u := 0; u < s.t.nu; u++ {
		var m digitMask
		for _, c := range s.t.units[u] {
			if v := s.val[c]; v != 0 {
				m |= bit(int(v))
			}
		}
		p.placed[u] = m
	}
	p.n = 0
}

func (p *prop) push(c, d int) bool {
	if p.n == len(p.stack) {
		return false
	}
	p.stack[p.n] = struct{ c, d uint8 }{uint8(c), uint8(d)}
	p.n++
	return true
}

// refutes reports whether placing d in c leads by singles to a broken
// position within max placements, and how many placements it took.
func (p *prop) refutes(c, d, max int) (int, bool) {
	p.push(c, d)
	for count := 1; p.n > 0; count++ {
		if count > max {
			return 0, false
		}
		p.n--
		e := p.stack[p.n]
		c, d := int(e.c), int(e.d)
		if int(p.val[c]) == d {
			continue // a single queued twice
		}
		if !p.cand[c].has(d) {
			return count, true // a clash: c lost d, or holds another digit
		}
		if !p.place(c, d) {
			return count, true
		}
	}
	return 0, false
}

// place fills c with d and queues the singles it creates; false on a break.
func (p *prop) place(c, d int) bool {
	t := p.t
	b := bit(d)
	others := p.cand[c] &^ b
	p.cand[c] = 0
	p.val[c] = uint8(d)
	for e := others; e != 0; e &= e - 1 {
		p.planes[e.lowest()].remove(c)
	}
	p.planes[d].remove(c)
	hit := p.planes[d].and(t.peers[c])
	p.planes[d] = p.planes[d].andNot(hit)
	var touched uint32 // units where d lost a place
	for w := 0; w < 2; w++ {
		for x := hit[w]; x != 0; x &= x - 1 {
			q := w*64 + bits.TrailingZeros64(x)
			touched |= t.unitBits[q]
			m := p.cand[q] &^ b
			p.cand[q] = m
			if m == 0 {
				return false
			}
			if m&(m-1) == 0 && !p.push(q, m.lowest()) {
				return false
			}
		}
	}
	units := t.unitsOf[c]
	for _, u := range units {
		if p.placed[u]&b != 0 {
			return false
		}
		p.placed[u] |= b
	}
	// Digit d left the peers: the units they lie in may have a hidden
	// single of d now.
	for x := touched; x != 0; x &= x - 1 {
		u := bits.TrailingZeros32(x)
		if p.placed[u]&b == 0 && !p.check(u, d) {
			return false
		}
	}
	// The other digits left c: only the units of c change for them.
	for e := others; e != 0; e &= e - 1 {
		k := e.lowest()
		for _, u := range units {
			if p.placed[u].has(k) {
				continue
			}
			if !p.check(u, k) {
				return false
			}
		}
	}
	return true
}

// check queues a hidden single of d in unit u; false when d has no place.
func (p *prop) check(u, d int) bool {
	x := p.planes[d].and(p.t.unitSet[u])
	switch x.count() {
	case 0:
		return false
	case 1:
		return p.push(x.first(), d)
	}
	return true
}
