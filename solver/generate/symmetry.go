package generate

import (
	"fmt"
	"slices"
	"strings"

	"sudoku/solver"
)

// A Symmetry is the shape of a clue pattern: when a cell holds a clue, so
// do its images under the symmetry. The zero value is None.
type Symmetry int

// The symmetries.
const (
	None       Symmetry = iota // any pattern
	Rotational                 // 180-degree rotation about the centre
	Mirror                     // reflection in the middle column (left-right)
	Diagonal                   // reflection in the main diagonal (transposition)
	numSymmetries
)

var symmetryNames = [numSymmetries]string{"none", "rotational", "mirror", "diagonal"}

// String returns the symmetry's name: "none", "rotational", "mirror" or
// "diagonal".
func (s Symmetry) String() string {
	if s < 0 || s >= numSymmetries {
		return fmt.Sprintf("Symmetry(%d)", int(s))
	}
	return symmetryNames[s]
}

// Symmetries returns every symmetry, None first.
func Symmetries() []Symmetry {
	return []Symmetry{None, Rotational, Mirror, Diagonal}
}

// ParseSymmetry returns the symmetry named s (case does not matter; "" is
// None, and "180" and "rotate" mean Rotational). An unknown name gives an
// error wrapping ErrOptions.
func ParseSymmetry(s string) (Symmetry, error) {
	switch k := strings.ToLower(strings.TrimSpace(s)); k {
	case "":
		return None, nil
	case "180", "rotate", "rotation":
		return Rotational, nil
	default:
		for i, n := range symmetryNames {
			if n == k {
				return Symmetry(i), nil
			}
		}
	}
	return None, fmt.Errorf("symmetry %q: %w (known: %s)", s, ErrOptions, strings.Join(symmetryNames[:], ", "))
}

// Image returns the cell that cell c maps to.
func (s Symmetry) Image(c int) int {
	r, k := c/9, c%9
	switch s {
	case Rotational:
		return 80 - c
	case Mirror:
		return r*9 + 8 - k
	case Diagonal:
		return k*9 + r
	}
	return c
}

// Preserves reports whether the symmetry maps every unit of v onto a unit
// of v, so that a symmetric puzzle looks the same to the rules as to the
// eye. Every symmetry preserves the standard and diagonal units; Generate
// refuses a symmetry that does not preserve the variant's units. The cost
// is a few microseconds.
func (s Symmetry) Preserves(v *solver.Variant) bool {
	units := make(map[[9]uint8]bool, v.NumUnits())
	for u := 0; u < v.NumUnits(); u++ {
		units[sortedUnit(v.Unit(u))] = true
	}
	for u := 0; u < v.NumUnits(); u++ {
		var img [9]uint8
		for i, c := range v.Unit(u) {
			img[i] = uint8(s.Image(int(c)))
		}
		if !units[sortedUnit(img)] {
			return false
		}
	}
	return true
}

func sortedUnit(u [9]uint8) [9]uint8 {
	slices.Sort(u[:])
	return u
}

// orbits returns the cells grouped by the symmetry (each cell with its
// images), each group in increasing order, the groups by their first cell.
func (s Symmetry) orbits() [][]uint8 {
	var out [][]uint8
	var seen [81]bool
	for c := 0; c < 81; c++ {
		if seen[c] {
			continue
		}
		var orb []uint8
		for d := c; !seen[d]; d = s.Image(d) {
			seen[d] = true
			orb = append(orb, uint8(d))
		}
		slices.Sort(orb)
		out = append(out, orb)
	}
	return out
}

// IsSymmetric reports whether the clues of g form a pattern with symmetry s.
func (s Symmetry) IsSymmetric(g solver.Grid) bool {
	for c := 0; c < 81; c++ {
		if (g[c] == 0) != (g[s.Image(c)] == 0) {
			return false
		}
	}
	return true
}
