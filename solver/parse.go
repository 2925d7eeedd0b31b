package solver

import (
	"fmt"
	"strings"
)

// Parse reads one puzzle in any of the text forms people paste:
//
//   - one line of 81 cells: '1'-'9' a clue, '.' or '0' an empty cell;
//   - a grid over 9 lines, 9 cells a line, with any of ' ', '|', '-', '+'
//     as separators and lines made only of separators ignored (the form
//     Pretty writes, and the .sdk form);
//   - a CSV line "puzzle,solution" (only the puzzle is read).
//
// Blank lines and lines starting with '#' are ignored. Parse does not check
// the rules: see Variant.Check. Errors are *ParseError values that give the
// line and column and wrap ErrSyntax or ErrLength.
func Parse(s string) (Grid, error) {
	var g Grid
	lines := strings.Split(s, "\n")
	type row struct {
		line  int
		cells []uint8
	}
	var rows []row
	for i, l := range lines {
		l = strings.TrimRight(l, "\r")
		if isSkippable(l) {
			continue
		}
		if k := strings.IndexByte(l, ','); k >= 0 {
			l = l[:k] // CSV: keep the puzzle column
		}
		cells, err := gridCells(l, i+1)
		if err != nil {
			return g, err
		}
		if len(cells) == 0 {
			continue // a separator line
		}
		rows = append(rows, row{i + 1, cells})
	}
	switch {
	case len(rows) == 0:
		return g, &ParseError{Msg: "no puzzle found", Err: ErrLength}
	case len(rows) == 1:
		r := rows[0]
		if len(r.cells) != 81 {
			return g, &ParseError{Line: r.line, Msg: fmt.Sprintf("puzzle has %d cells, want 81", len(r.cells)), Err: ErrLength}
		}
		copy(g[:], r.cells)
		return g, nil
	}
	n := 0
	for k, r := range rows {
		if len(r.cells) != 9 {
			return g, &ParseError{Line: r.line, Msg: fmt.Sprintf("row %d has %d cells, want 9", k+1, len(r.cells)), Err: ErrLength}
		}
		if k == 9 {
			return g, &ParseError{Line: r.line, Msg: "more than 9 rows", Err: ErrLength}
		}
		n += copy(g[n:], r.cells)
	}
	if len(rows) != 9 {
		return g, &ParseError{Line: rows[len(rows)-1].line, Msg: fmt.Sprintf("grid has %d rows, want 9", len(rows)), Err: ErrLength}
	}
	return g, nil
}

// isSkippable reports whether a line holds nothing: blank, or a '#' comment.
func isSkippable(l string) bool {
	t := strings.TrimSpace(l)
	return t == "" || t[0] == '#'
}

// cellOf returns the digit a character stands for: 1-9 for a clue, 0 for an
// empty cell; ok is false for any other character.
func cellOf(r rune) (d uint8, ok bool) {
	switch {
	case r >= '1' && r <= '9':
		return uint8(r - '0'), true
	case r == '.' || r == '0':
		return 0, true
	}
	return 0, false
}

func isSeparator(r rune) bool {
	return r == ' ' || r == '\t' || r == '|' || r == '-' || r == '+'
}

// gridCells returns the cells of one line of a grid, skipping separators.
func gridCells(l string, line int) ([]uint8, error) {
	var cells []uint8
	col := 0
	for _, r := range l {
		col++
		if d, ok := cellOf(r); ok {
			cells = append(cells, d)
			continue
		}
		if !isSeparator(r) {
			return nil, badChar(r, line, col)
		}
	}
	return cells, nil
}

func badChar(r rune, line, col int) error {
	return &ParseError{Line: line, Col: col, Msg: fmt.Sprintf("bad character %q", r), Err: ErrSyntax}
}
