package logic

import (
	"sync"

	"sudoku/solver"
)

// Unit kinds, from the variant's unit numbering.
const (
	kindRow = iota
	kindCol
	kindBox
	kindExtra
)

// tables holds what the techniques need to know about a variant, computed
// once per variant.
type tables struct {
	v        *solver.Variant
	nu       int
	units    [][9]uint8
	unitSet  []cellSet
	peers    [81]cellSet
	extra    [81]bool   // the cell lies in a unit beyond rows, columns and boxes
	unitBits [81]uint32 // the units of each cell, bit u for unit u (at most 32 units)
	pairs    []unitPair // units that share two or more cells
	candSees [729]candSet
}

// unitPair is two units whose intersection holds at least two cells.
type unitPair struct {
	a, b  int
	inter cellSet
}

var (
	tablesMu    sync.Mutex
	tablesCache = map[*solver.Variant]*tables{}
)

// tablesFor returns the tables of v, building them on first use.
func tablesFor(v *solver.Variant) *tables {
	tablesMu.Lock()
	defer tablesMu.Unlock()
	if t, ok := tablesCache[v]; ok {
		return t
	}
	t := &tables{v: v, nu: v.NumUnits()}
	// Units and peers come from the variant's own tables.
	for u := 0; u < t.nu; u++ {
		t.units = append(t.units, v.Unit(u))
		t.unitSet = append(t.unitSet, cellSet(v.UnitSet(u)))
	}
	for c := 0; c < 81; c++ {
		t.peers[c] = cellSet(v.PeerSet(c))
		for _, u := range v.UnitsOf(c) {
			t.unitBits[c] |= 1 << u
		}
		t.extra[c] = len(v.UnitsOf(c)) > 3
	}
	for a := 0; a < t.nu; a++ {
		for b := 0; b < t.nu; b++ {
			if a == b {
				continue
			}
			in := t.unitSet[a].and(t.unitSet[b])
			if in.count() >= 2 {
				t.pairs = append(t.pairs, unitPair{a, b, in})
			}
		}
	}
	for c := 0; c < 81; c++ {
		for d := 1; d <= 9; d++ {
			s := &t.candSees[candIndex(c, d)]
			for e := 1; e <= 9; e++ {
				if e != d {
					s.add(candIndex(c, e))
				}
			}
			for _, p := range t.peers[c].cells() {
				s.add(candIndex(p, d))
			}
		}
	}
	tablesCache[v] = t
	return t
}

// kind returns the kind of unit u.
func kind(u int) int {
	if u >= 27 {
		return kindExtra
	}
	return u / 9
}
