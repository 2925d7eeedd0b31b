package logic

import (
	"sync"

	"sudoku/solver"
)

// Unit kinds: rows, columns, boxes (or the irregular regions that replace
// them), and extra units (diagonals, windoku, disjoint groups).
const (
	kindRow = iota
	kindCol
	kindBox
	kindExtra
)

// maxUnits bounds the units of one set of tables (bit sets of units are 32
// bits wide). Rules with more full regions keep the rest as peers only.
const maxUnits = 32

// tables holds what the techniques need to know about a puzzle's rules,
// computed once per variant (or per solver.Rules). Cells are numbered
// r*9+c whatever the size (the "frame"): a 6x6 grid uses rows and columns
// 0 to 5 of it, and the cells outside, dead, are not in any unit and never
// empty. Every unit holds every digit of 1..size once; rules' groups of
// fewer cells (cages, short extra regions) and constraint neighbours
// (anti-knight, ...) only add peers.
type tables struct {
	v     *solver.Variant // the variant; nil for tables of solver.Rules
	rules *solver.Rules   // the rules; nil for a variant
	size  int             // digits 1..size in size rows and columns
	all   digitMask       // digits 1..size
	nu    int
	units [][]uint8 // cells of each unit, in the frame
	kind  []int     // kind of each unit
	names []string  // a player's name of each unit
	// std reports the classic geometry: 9x9 with 3x3 boxes as units 18-26
	// (rows 0-8, columns 9-17), which some techniques need.
	std bool
	// skip holds the techniques that do not hold under these rules (see
	// rulesSkip); 0 for a variant.
	skip     TechniqueSet
	unitSet  []cellSet
	unitsOf  [81][]int
	peers    [81]cellSet
	dead     cellSet    // cells outside a smaller grid
	extra    [81]bool   // the cell lies in a unit beyond rows, columns and boxes
	unitBits [81]uint32 // the units of each cell, bit u for unit u (at most 32 units)
	pairs    []unitPair // units that share two or more cells
	pairsOf  [][]int    // for each unit a, the indices in pairs of the pairs (a, b)
	hsOrder  []int      // the units in the order hidden singles are looked for: boxes, rows, columns, extra units
	candSees [729]candSet
	cons     []ruleInfo // the rules' constraints, for the Constraint technique
	cages    []cage     // the killer cages with a sum, for the rule of 45 (nil when two overlap)
	houses   []house    // the houses the rule of 45 adds up (none without cages)

	memoMu  sync.Mutex
	sumMemo map[string]bool // Sum Combinations searches that found nothing (sumTried)
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
	t := &tables{v: v, size: 9, all: allDigits, std: true}
	for u := 0; u < v.NumUnits(); u++ {
		cells := v.Unit(u)
		k := kindExtra
		if u < 27 {
			k = u / 9
		}
		t.addUnit(cells[:], k, v.UnitName(u))
	}
	for c := 0; c < 81; c++ {
		t.peers[c] = cellSet(v.PeerSet(c))
	}
	t.finish()
	tablesCache[v] = t
	return t
}

// addUnit appends a unit of cells (in the frame) of a kind.
func (t *tables) addUnit(cells []uint8, k int, name string) {
	u := t.nu
	t.nu++
	t.units = append(t.units, append([]uint8(nil), cells...))
	t.kind = append(t.kind, k)
	t.names = append(t.names, name)
	var set cellSet
	for _, c := range cells {
		set.add(int(c))
		t.unitsOf[c] = append(t.unitsOf[c], u)
		t.unitBits[c] |= 1 << u
		if k == kindExtra {
			t.extra[c] = true
		}
	}
	t.unitSet = append(t.unitSet, set)
}

// finish derives the unit pairs and the candidates' peers from the units
// and peers.
func (t *tables) finish() {
	for _, k := range []int{kindBox, kindRow, kindCol, kindExtra} {
		for u := 0; u < t.nu; u++ {
			if t.kind[u] == k {
				t.hsOrder = append(t.hsOrder, u)
			}
		}
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
	t.pairsOf = make([][]int, t.nu)
	for i, p := range t.pairs {
		t.pairsOf[p.a] = append(t.pairsOf[p.a], i)
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
}

// isPeer reports whether cells a and b must differ.
func (t *tables) isPeer(a, b int) bool { return t.peers[a].has(b) }
