package solver

import "strings"

// Grid is a 9x9 board. Cell i lies in row i/9 and column i%9 (both 0-based);
// a cell holds 0 when it is empty and a digit 1..9 otherwise.
type Grid [81]uint8

// CellName returns the player's name of cell c, such as "r3c5" (1-based).
func CellName(c int) string {
	return "r" + string(rune('1'+c/9)) + "c" + string(rune('1'+c%9))
}

// String returns the grid as one 81-character line, '.' for an empty cell.
func (g Grid) String() string {
	var b [81]byte
	for i, d := range g {
		b[i] = digitChar(d)
	}
	return string(b[:])
}

// Pretty returns the grid over 11 lines, boxes separated by "|" and
// "------+-------+------", each line ending in a newline. Parse reads it back.
func (g Grid) Pretty() string {
	var sb strings.Builder
	sb.Grow(11 * 22)
	for r := 0; r < 9; r++ {
		if r == 3 || r == 6 {
			sb.WriteString("------+-------+------\n")
		}
		for c := 0; c < 9; c++ {
			if c == 3 || c == 6 {
				sb.WriteString(" |")
			}
			if c > 0 {
				sb.WriteByte(' ')
			}
			sb.WriteByte(digitChar(g[r*9+c]))
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// Clues returns the number of filled cells.
func (g Grid) Clues() int {
	n := 0
	for _, d := range g {
		if d != 0 {
			n++
		}
	}
	return n
}

// Full reports whether every cell holds a digit.
func (g Grid) Full() bool { return g.Clues() == 81 }

func digitChar(d uint8) byte {
	if d >= 1 && d <= 9 {
		return '0' + d
	}
	return '.'
}
