package solver

import (
	"fmt"
	"strings"
)

// A Variant is a set of rules given as data: a list of units, each nine cells
// that must hold the digits 1 to 9 once. The standard game has 27 units (9
// rows, 9 columns, 9 boxes); a variant adds units, and every engine in this
// package reads only the unit tables, so a new variant needs no new code in
// propagation or search.
//
// Unit indices: rows 0-8, columns 9-17, boxes 18-26 (numbered left to right,
// top to bottom), then the variant's extra units in the order given.
//
// A variant describes itself: Name is what links, flags and corpus notes
// call it ("diagonal"), Rule says its rules in one sentence for a player.
type Variant struct {
	Name string
	Rule string

	units     [][9]uint8
	unitNames []string
	unitsOf   [81][]int
	peers     [81][]uint8
	peerMask  [81][2]uint64 // peers of each cell as a 128-bit set, for fast tests
}

// Standard is the classic 9x9 game: rows, columns and boxes.
var Standard = NewVariant("standard", "Rows, columns and boxes hold 1 to 9 once.", nil, nil)

// Diagonal adds both main diagonals as units (also called X-Sudoku).
var Diagonal = NewVariant("diagonal", "Rows, columns, boxes and both main diagonals hold 1 to 9 once.",
	[]string{"main diagonal", "anti-diagonal"}, [][9]uint8{
		{0, 10, 20, 30, 40, 50, 60, 70, 80},
		{8, 16, 24, 32, 40, 48, 56, 64, 72},
	})

// known is the list of known variants, Standard first: the one table that
// LookupVariant, Variants (and through them the command's -variant flag and
// the page's Rules menu) read. A new variant is one more entry.
var known = []*Variant{Standard, Diagonal}

// Variants returns the known variants, Standard first.
func Variants() []*Variant { return append([]*Variant(nil), known...) }

// knownNames returns the names of the known variants for messages:
// "standard, diagonal".
func knownNames() string {
	names := make([]string, len(known))
	for i, v := range known {
		names[i] = v.Name
	}
	return strings.Join(names, ", ")
}

// LookupVariant returns the known variant with the given name (see
// Variants; case does not matter, and "" means Standard). An unknown name
// gives an error wrapping ErrUnknown that lists the known ones.
func LookupVariant(name string) (*Variant, error) {
	if name == "" {
		return Standard, nil
	}
	for _, v := range known {
		if strings.EqualFold(v.Name, name) {
			return v, nil
		}
	}
	return nil, fmt.Errorf("variant %q: %w (known: %s)", name, ErrUnknown, knownNames())
}

// NewVariant returns a variant made of the 27 standard units plus the extra
// ones, named by extraNames; rule is its Rule sentence. It panics if the
// tables are malformed (a cell out of range or repeated within a unit),
// since variants are program constants.
func NewVariant(name, rule string, extraNames []string, extra [][9]uint8) *Variant {
	if len(extraNames) != len(extra) {
		panic("solver: NewVariant: one name per extra unit")
	}
	v := &Variant{Name: name, Rule: rule}
	for i := 0; i < 9; i++ {
		var row [9]uint8
		for j := range row {
			row[j] = uint8(i*9 + j)
		}
		v.add(row, fmt.Sprintf("row %d", i+1))
	}
	for i := 0; i < 9; i++ {
		var col [9]uint8
		for j := range col {
			col[j] = uint8(j*9 + i)
		}
		v.add(col, fmt.Sprintf("column %d", i+1))
	}
	for i := 0; i < 9; i++ {
		var box [9]uint8
		for j := range box {
			box[j] = uint8((i/3*3+j/3)*9 + i%3*3 + j%3)
		}
		v.add(box, fmt.Sprintf("box %d", i+1))
	}
	for k, u := range extra {
		v.add(u, extraNames[k])
	}
	for c := 0; c < 81; c++ {
		for _, u := range v.unitsOf[c] {
			for _, p := range v.units[u] {
				if int(p) != c && v.peerMask[c][p/64]&(1<<(p%64)) == 0 {
					v.peerMask[c][p/64] |= 1 << (p % 64)
					v.peers[c] = append(v.peers[c], p)
				}
			}
		}
	}
	return v
}

func (v *Variant) add(u [9]uint8, name string) {
	var seen [81]bool
	for _, c := range u {
		if c >= 81 || seen[c] {
			panic("solver: NewVariant: malformed unit " + name)
		}
		seen[c] = true
		v.unitsOf[c] = append(v.unitsOf[c], len(v.units))
	}
	v.units = append(v.units, u)
	v.unitNames = append(v.unitNames, name)
}

// String returns the variant's name.
func (v *Variant) String() string { return v.Name }

// NumUnits returns the number of units: 27 for Standard, 29 for Diagonal.
func (v *Variant) NumUnits() int { return len(v.units) }

// Unit returns the nine cells of unit u, in reading order for rows, columns
// and boxes.
func (v *Variant) Unit(u int) [9]uint8 { return v.units[u] }

// UnitName returns a player's name for unit u: "row 3", "column 5", "box 2",
// "main diagonal", "anti-diagonal".
func (v *Variant) UnitName(u int) string { return v.unitNames[u] }

// UnitsOf returns the indices of the units that contain cell c, in increasing
// order. The slice is shared: do not modify it.
func (v *Variant) UnitsOf(c int) []int { return v.unitsOf[c] }

// Peers returns the cells that share at least one unit with cell c (20 in the
// standard game, more on a diagonal). The slice is shared: do not modify it.
func (v *Variant) Peers(c int) []uint8 { return v.peers[c] }

// IsPeer reports whether cells a and b are different and share a unit.
func (v *Variant) IsPeer(a, b int) bool { return v.peerMask[a][b/64]&(1<<(b%64)) != 0 }
