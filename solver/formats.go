package solver

import (
	"fmt"
	"strings"

	"sudoku/internal/radix"
)

// A Format names a text form that Position.Text writes and ParsePosition
// and a Reader read back. The formats that are only read (CSV with
// solutions, pencil-mark grids, NumPy arrays) have no Format.
type Format int

// The formats Position.Text writes.
const (
	// FormatLine is one line of 81 characters, '.' for an empty cell
	// (Grid.String; '0' is read too, and a note after the puzzle).
	FormatLine Format = iota
	// FormatGrid is 9 lines of 9 cells with box separators (Grid.Pretty;
	// the .sdk form and any spacing with ' ', '|', '-', '+' are read too).
	FormatGrid
	// FormatS9B is sudokuwiki.org's "S9B" form: two base-36 characters per
	// cell, 1-9 a clue, 10-18 a placed digit plus 9, 19 and up the
	// candidates plus 18 (bit 0 for digit 1), 0 an empty cell without
	// candidates. It keeps clues, placed digits and candidates apart.
	FormatS9B
	// FormatBoard is sudokuwiki.org's 162-character board string (its links'
	// "?bd="): two base-32 characters per cell holding its digit or its
	// candidates as bits (bit 0 for digit 1) shifted left once, plus 1 for
	// a clue. A cell that is not a clue with a single bit is a placed digit.
	FormatBoard
	// FormatCandidates is 729 characters, nine per cell, the k-th the
	// digit k when it is a candidate (or the cell's digit), else '.'.
	// A cell with one digit reads back as a clue.
	FormatCandidates

	formatCSV    // "puzzle,solution" lines under a header: read only
	formatPencil // pencil-mark grids: read only
	formatNPY    // NumPy arrays: read only
)

// String returns the format's name: "line", "grid", "s9b", "board",
// "candidates".
func (f Format) String() string {
	for i := range formats {
		if formats[i].id == f {
			return formats[i].name
		}
	}
	return fmt.Sprintf("Format(%d)", int(f))
}

// A format is one text form of a puzzle or position: the one place that
// names how it is recognised, read and written. ParsePosition tries the
// forms in the table's order; a Reader recognises the one-line forms on
// each line of a file and gathers grids, CSV and NumPy itself.
type format struct {
	id   Format
	name string
	// whole recognises a whole text in this form (ParsePosition); nil for the
	// forms a Reader's own driver reads (lines, grids, CSV).
	whole func(t string) bool
	// line recognises one line of a file in this form (a Reader); nil for
	// forms that never fit on a line of their own.
	line func(l string) bool
	// read reads the text (or line) of the form; line numbers its first line.
	read func(s string, line int) (Position, error)
	// write writes a position; nil for the forms that are only read.
	write func(p *Position) string
}

var formats = []format{
	{id: FormatS9B, name: "s9b",
		whole: func(t string) bool { return strings.Contains(t, "S9B") },
		line:  func(l string) bool { return strings.HasPrefix(l, "S9B") },
		read:  readS9B, write: writeS9B},
	{id: FormatBoard, name: "board",
		whole: isBoard, line: isBoard,
		read: readBoard, write: writeBoard},
	{id: FormatCandidates, name: "candidates",
		whole: func(t string) bool { return isCandidates(compact(t)) },
		line:  isCandidates,
		read:  func(s string, line int) (Position, error) { return readCandidates(compact(s)), nil },
		write: writeCandidates},
	{id: FormatLine, name: "line", write: func(p *Position) string { return p.Filled().String() }},
	{id: FormatGrid, name: "grid", write: func(p *Position) string { return p.Filled().Pretty() }},
	{id: formatCSV, name: "CSV"},
	{id: formatPencil, name: "pencil marks", whole: isPencil, read: readPencil},
	{id: formatNPY, name: "NumPy"},
}

// ParseFormat reads a position in the one form f (FormatS9B, FormatBoard
// or FormatCandidates: the forms a whole text is recognised in), as
// ParsePosition reads that form, without trying the others. It is for a
// program that reads back the positions it wrote without linking every
// reader ParsePosition tries (the page: its links and its history hold
// positions in these forms). The Variant is Standard. Errors are
// *ParseError values wrapping ErrSyntax or ErrLength.
func ParseFormat(text string, f Format) (Position, error) {
	t := strings.TrimSpace(text)
	for i := range formats {
		fm := &formats[i]
		if fm.id != f || fm.whole == nil || fm.read == nil {
			continue
		}
		if !fm.whole(t) {
			return Position{}, &ParseError{Line: 1, Msg: "not the " + fm.name + " form", Err: ErrSyntax}
		}
		p, err := fm.read(t, 1)
		if err != nil {
			return Position{}, err
		}
		p.Variant = Standard
		return p, nil
	}
	return Position{}, &ParseError{Msg: fmt.Sprintf("%v is not read alone (ParsePosition reads it)", f), Err: ErrSyntax}
}

func readS9B(t string, line int) (Position, error) {
	s := t[strings.Index(t, "S9B")+3:]
	p := Position{HasCands: true, GivensKnown: true}
	bad := func(format string, a ...any) (Position, error) {
		return p, &ParseError{Line: line, Msg: "S9B form: " + fmt.Sprintf(format, a...), Err: ErrSyntax}
	}
	if len(s) < 162 {
		return p, &ParseError{Line: line, Msg: fmt.Sprintf("S9B form has %d characters after S9B, want 162", len(s)), Err: ErrLength}
	}
	for c := 0; c < 81; c++ {
		hi, ok1 := radix.Value36(s[2*c])
		lo, ok2 := radix.Value36(s[2*c+1])
		if !ok1 || !ok2 {
			return bad("bad character in cell %s (%q)", CellName(c), s[2*c:2*c+2])
		}
		v := hi*36 + lo
		switch {
		case v == 0: // an empty cell without candidates
		case v <= 9:
			p.Clues[c] = uint8(v)
		case v <= 18:
			p.Placed[c] = uint8(v - 9)
		case v-18 <= allDigits:
			p.Cands[c] = uint16(v - 18)
		default:
			return bad("value %d out of range in cell %s", v, CellName(c))
		}
	}
	if rest := strings.TrimSpace(s[162:]); rest != "" && !strings.HasPrefix(rest, "&") && !strings.HasPrefix(rest, "#") {
		return p, &ParseError{Line: line, Msg: fmt.Sprintf("S9B form: %d unexpected characters after the 81 cells", len(rest)), Err: ErrLength}
	}
	return p, nil
}

func writeS9B(p *Position) string {
	cands := p.Candidates()
	b := make([]byte, 0, 165)
	b = append(b, "S9B"...)
	for c := 0; c < 81; c++ {
		var v int
		switch {
		case p.Clues[c] != 0:
			v = int(p.Clues[c])
		case p.Placed[c] != 0:
			v = int(p.Placed[c]) + 9
		case cands[c] != 0:
			v = int(cands[c]) + 18
		}
		b = radix.AppendPair36(b, v)
	}
	return string(b)
}

// isBoard reports whether t is a board string: 162 base-32 characters.
func isBoard(t string) bool {
	if len(t) != 162 {
		return false
	}
	for i := 0; i < len(t); i += 2 {
		if _, ok := radix.Pair32(t[i], t[i+1]); !ok {
			return false
		}
	}
	return true
}

func readBoard(s string, line int) (Position, error) {
	p := Position{HasCands: true, GivensKnown: true}
	for c := 0; c < 81; c++ {
		n, _ := radix.Pair32(s[2*c], s[2*c+1])
		clue, m := n&1 == 1, uint16(n>>1)
		if m > allDigits {
			return p, &ParseError{Line: line, Msg: fmt.Sprintf("board string: value %d out of range in cell %s", n, CellName(c)), Err: ErrSyntax}
		}
		single := m != 0 && m&(m-1) == 0
		switch {
		case clue && !single:
			return p, &ParseError{Line: line, Msg: fmt.Sprintf("board string: clue %s does not hold one digit", CellName(c)), Err: ErrSyntax}
		case clue:
			p.Clues[c] = uint8(digitOf(m))
		case single:
			p.Placed[c] = uint8(digitOf(m))
		default:
			p.Cands[c] = m
		}
	}
	return p, nil
}

func writeBoard(p *Position) string {
	cands := p.Candidates()
	g := p.Filled()
	b := make([]byte, 0, 162)
	for c := 0; c < 81; c++ {
		n := int(cands[c]) << 1
		if g[c] != 0 {
			n = 1 << g[c] // the digit's bit, shifted left once
		}
		if p.Clues[c] != 0 {
			n |= 1
		}
		b = radix.AppendPair32(b, n)
	}
	return string(b)
}

// compact removes the blanks and line breaks of a text.
func compact(t string) string {
	return strings.Map(func(r rune) rune {
		if r == ' ' || r == '\t' || r == '\n' || r == '\r' {
			return -1
		}
		return r
	}, t)
}

// isCandidates reports whether s is a candidate grid: 729 digits and dots.
func isCandidates(s string) bool {
	return len(s) == 729 && strings.Trim(s, "0123456789.") == ""
}

func readCandidates(s string) Position {
	var p Position
	for c := 0; c < 81; c++ {
		var m uint16
		for k := 0; k < 9; k++ {
			if ch := s[c*9+k]; ch >= '1' && ch <= '9' {
				m |= 1 << (ch - '1')
			}
		}
		p.setCell(c, m)
	}
	return p
}

func writeCandidates(p *Position) string {
	cands := p.Candidates()
	g := p.Filled()
	b := make([]byte, 729)
	for c := 0; c < 81; c++ {
		m := cands[c]
		if g[c] != 0 {
			m = 1 << (g[c] - 1)
		}
		for k := 0; k < 9; k++ {
			b[c*9+k] = '.'
			if m&(1<<k) != 0 {
				b[c*9+k] = byte('1' + k)
			}
		}
	}
	return string(b)
}

// pencilChars are the characters of a pencil-mark grid: digits, blanks and
// the frame characters of HoDoKu's printout.
const pencilChars = "123456789 \t\r\n|-+.*:'="

// isPencil reports whether t is a pencil-mark grid: 81 groups of digits
// separated by blanks, line breaks or frame characters.
func isPencil(t string) bool {
	return strings.IndexFunc(t, func(r rune) bool { return !strings.ContainsRune(pencilChars, r) }) < 0 &&
		len(pencilGroups(t)) == 81
}

func pencilGroups(t string) []string {
	return strings.FieldsFunc(t, func(r rune) bool { return r < '1' || r > '9' })
}

func readPencil(t string, line int) (Position, error) {
	var p Position
	for c, gr := range pencilGroups(t) {
		var m uint16
		for _, ch := range gr {
			m |= 1 << (ch - '1')
		}
		p.setCell(c, m)
	}
	return p, nil
}
