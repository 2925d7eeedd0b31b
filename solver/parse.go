package solver

import (
	"fmt"
	"io"
	"strings"
)

// ParsePosition reads one puzzle or a player's position from a text that
// holds one, as pasted into a page or given as an argument: any form a
// Reader reads on a line (a puzzle line with its note, the "S9B" form, a
// board string, a candidate grid), a 9-line grid, a CSV line
// "puzzle,solution" (only the puzzle is read), a sudokuwiki.org link
// ("...?bd=" and a board string or a puzzle), and two forms that span lines:
// a 729-character candidate grid with blanks and line breaks anywhere, and
// a pencil-mark grid (81 groups of digits separated by blanks, line breaks
// or the frame characters | - + . * : ' =, HoDoKu's printout). The forms
// are tried in the order of the format table.
//
// In the candidate and pencil-mark grids a cell with one digit is filled,
// and like every puzzle form they do not tell clues from placed digits:
// every filled cell is a clue (GivensKnown false). A note "count:variant"
// after a puzzle line names the Variant; else it is opt.Variant (nil:
// Standard). ParsePosition does not check the rules (see Variant.Check).
// Errors are *ParseError values with opt.Name, the line and the column,
// wrapping ErrSyntax or ErrLength: when nothing fits, the error of the
// puzzle forms; a text with more than one puzzle gives ErrLength at the
// line where the second starts.
func ParsePosition(text string, opt ReadOptions) (Position, error) {
	t := strings.TrimSpace(text)
	if i := strings.Index(t, "bd="); i >= 0 && !strings.Contains(t, "S9B") {
		// A sudokuwiki.org link: keep the board, up to the next parameter.
		t = t[i+3:]
		if j := strings.IndexAny(t, "&# \t\r\n"); j >= 0 {
			t = t[:j]
		}
		text = t
	}
	var lineErr error
	for i := range formats {
		f := &formats[i]
		if f.id == FormatLine {
			p, err := readOne(text, opt)
			if err == nil {
				return p, nil
			}
			lineErr = err
			continue
		}
		if f.whole == nil || !f.whole(t) || (lineErr == nil && f.id == formatPencil) {
			continue
		}
		p, err := f.read(t, 1)
		if err != nil {
			return Position{}, named(err, opt.Name)
		}
		p.Variant = opt.Variant
		if p.Variant == nil {
			p.Variant = Standard
		}
		return p, nil
	}
	return Position{}, lineErr
}

// named sets the input's name on a *ParseError.
func named(err error, name string) error {
	if pe, ok := err.(*ParseError); ok {
		pe.File = name
	}
	return err
}

// readOne reads the one puzzle of text with a Reader: lines, grids, CSV.
func readOne(text string, opt ReadOptions) (Position, error) {
	r := NewReader(strings.NewReader(text), opt)
	r.one = true
	e, err := r.Next()
	switch {
	case err == io.EOF:
		return Position{}, &ParseError{File: opt.Name, Msg: "no puzzle found", Err: ErrLength}
	case err != nil:
		return Position{}, err
	case e.Err != nil:
		return Position{}, e.Err
	}
	if second, err := r.Next(); err == nil {
		return Position{}, &ParseError{File: opt.Name, Line: second.Line, Msg: "more than one puzzle: a second one starts here", Err: ErrLength}
	}
	return e.Position, nil
}

// Parse reads one puzzle: its clues, from a text ParsePosition reads with
// no options. A text that holds a player's digits or candidates is refused
// (read it with ParsePosition), and a note after the puzzle is ignored.
// Parse does not check the rules: see Variant.Check. Errors are
// *ParseError values that give the line and column and wrap ErrSyntax or
// ErrLength.
func Parse(s string) (Grid, error) {
	p, err := ParsePosition(s, ReadOptions{})
	if err != nil {
		return Grid{}, err
	}
	if p.HasCands || p.Placed != (Grid{}) {
		return Grid{}, &ParseError{Msg: "a player's position (digits and candidates), not a puzzle", Err: ErrSyntax}
	}
	return p.Clues, nil
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
