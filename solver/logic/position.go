package logic

import (
	"errors"
	"fmt"
	"strings"

	"sudoku/solver"
)

// A Position is a player's position as read from text, before it is checked
// against a variant's rules.
type Position struct {
	Puzzle solver.Grid // the clues
	Placed solver.Grid // digits the player placed (0 elsewhere)
	// Cands holds the player's candidates of empty cells (bit d-1 for digit
	// d) when HasCands is true; otherwise candidates are computed.
	Cands    [81]uint16
	HasCands bool
	// GivensKnown is false for forms that do not tell clues from placed
	// digits (candidate grids, plain puzzles): every filled cell is then a
	// clue.
	GivensKnown bool
}

// ErrPosition is wrapped by errors about a position's text that the
// solver's parser does not report.
var ErrPosition = errors.New("bad position")

// ParsePosition reads a position in one of these forms:
//
//   - the sudokuwiki.org form "S9B" followed by two base-36 characters per
//     cell (alone or inside a "?bd=" link): 1-9 a clue, 10-18 a placed digit
//     plus 9, 19 and up a candidate set plus 18 (bit 0 for digit 1), and 0
//     (an extension) an empty cell without candidates;
//   - sudokuwiki.org's 162-character board string (alone or as a "?bd="
//     link): two base-32 characters per cell holding the cell's digit or
//     candidates as bits (bit 0 for digit 1) shifted left once, plus 1 for a
//     clue; a non-clue cell with a single bit is a placed digit;
//   - a candidate grid of 729 characters, nine per cell, the k-th being the
//     digit k or '.' or '0' (spaces and line breaks ignored);
//   - a pencil-mark grid: 81 groups of digits separated by spaces, line
//     breaks or the frame characters | - + . * : ' = (HoDoKu's printout),
//     one group per cell in reading order;
//   - any puzzle form solver.Parse reads (candidates are then computed),
//     also as a sudokuwiki.org "?bd=" link.
//
// In the last three forms a cell with one digit is filled, and filled cells
// count as clues (GivensKnown false). Errors are those of solver.Parse when
// nothing fits.
func ParsePosition(text string) (Position, error) {
	t := strings.TrimSpace(text)
	if i := strings.Index(t, "S9B"); i >= 0 {
		return parseS9B(t[i+3:])
	}
	if i := strings.Index(t, "bd="); i >= 0 {
		// A link: keep the board, up to the next parameter.
		t = t[i+3:]
		if j := strings.IndexAny(t, "&# \t\r\n"); j >= 0 {
			t = t[:j]
		}
		text = t
	}
	if len(t) == 162 && isBase32(t) {
		return parseBoard32(t)
	}
	var p Position
	compact := strings.Map(func(r rune) rune {
		if r == ' ' || r == '\t' || r == '\n' || r == '\r' {
			return -1
		}
		return r
	}, t)
	if len(compact) == 729 && strings.Trim(compact, "0123456789.") == "" {
		for c := 0; c < 81; c++ {
			var m uint16
			for k := 0; k < 9; k++ {
				ch := compact[c*9+k]
				if ch >= '1' && ch <= '9' {
					m |= 1 << (ch - '1')
				}
			}
			p.setCell(c, m)
		}
		return p, nil
	}
	g, err := solver.Parse(text)
	if err == nil {
		p.Puzzle = g
		return p, nil
	}
	groups := strings.FieldsFunc(t, func(r rune) bool { return r < '1' || r > '9' })
	if len(groups) == 81 && strings.IndexFunc(t, func(r rune) bool { return !strings.ContainsRune("123456789 \t\r\n|-+.*:'=", r) }) < 0 {
		for c, gr := range groups {
			var m uint16
			for _, ch := range gr {
				m |= 1 << (ch - '1')
			}
			p.setCell(c, m)
		}
		return p, nil
	}
	return Position{}, err
}

// setCell records a cell of a candidate grid: one digit fills it.
func (p *Position) setCell(c int, m uint16) {
	p.HasCands = true
	if m != 0 && m&(m-1) == 0 {
		p.Puzzle[c] = uint8(digitMask(m).lowest())
		return
	}
	p.Cands[c] = m
}

func parseS9B(s string) (Position, error) {
	p := Position{HasCands: true, GivensKnown: true}
	if len(s) < 162 {
		return p, fmt.Errorf("S9B form has %d characters after S9B, want 162: %w", len(s), ErrPosition)
	}
	for c := 0; c < 81; c++ {
		hi, ok1 := base36(s[2*c])
		lo, ok2 := base36(s[2*c+1])
		if !ok1 || !ok2 {
			return p, fmt.Errorf("S9B form: bad character in cell %s (%q): %w", solver.CellName(c), s[2*c:2*c+2], ErrPosition)
		}
		v := hi*36 + lo
		switch {
		case v == 0:
			p.Cands[c] = 0 // an empty cell without candidates (written by SudokuWiki)
		case v <= 9:
			p.Puzzle[c] = uint8(v)
		case v <= 18:
			p.Placed[c] = uint8(v - 9)
		case v-18 <= int(allDigits):
			p.Cands[c] = uint16(v - 18)
		default:
			return p, fmt.Errorf("S9B form: value %d out of range in cell %s: %w", v, solver.CellName(c), ErrPosition)
		}
	}
	if rest := strings.TrimSpace(s[162:]); rest != "" && !strings.HasPrefix(rest, "&") && !strings.HasPrefix(rest, "#") {
		return p, fmt.Errorf("S9B form: %d unexpected characters after the 81 cells: %w", len(rest), ErrPosition)
	}
	return p, nil
}

func isBase32(s string) bool {
	for i := 0; i < len(s); i++ {
		if v, ok := base36(s[i]); !ok || v >= 32 {
			return false
		}
	}
	return true
}

func parseBoard32(s string) (Position, error) {
	p := Position{HasCands: true, GivensKnown: true}
	for c := 0; c < 81; c++ {
		hi, _ := base36(s[2*c])
		lo, _ := base36(s[2*c+1])
		n := hi*32 + lo
		clue, m := n&1 == 1, uint16(n>>1)
		if m > uint16(allDigits) {
			return p, fmt.Errorf("board string: value %d out of range in cell %s: %w", n, solver.CellName(c), ErrPosition)
		}
		single := m != 0 && m&(m-1) == 0
		switch {
		case clue && !single:
			return p, fmt.Errorf("board string: clue %s does not hold one digit: %w", solver.CellName(c), ErrPosition)
		case clue:
			p.Puzzle[c] = uint8(digitMask(m).lowest())
		case single:
			p.Placed[c] = uint8(digitMask(m).lowest())
		default:
			p.Cands[c] = m
		}
	}
	return p, nil
}

// SudokuWikiBoard returns the position as sudokuwiki.org's 162-character
// board string (see ParsePosition).
func (s *State) SudokuWikiBoard() string {
	const digits = "0123456789abcdefghijklmnopqrstuv"
	var b strings.Builder
	for c := 0; c < 81; c++ {
		m := int(s.cand[c])
		if s.val[c] != 0 {
			m = int(bit(int(s.val[c])))
		}
		n := m << 1
		if s.given[c] {
			n |= 1
		}
		b.WriteByte(digits[n/32])
		b.WriteByte(digits[n%32])
	}
	return b.String()
}

func base36(b byte) (int, bool) {
	switch {
	case b >= '0' && b <= '9':
		return int(b - '0'), true
	case b >= 'a' && b <= 'z':
		return int(b-'a') + 10, true
	case b >= 'A' && b <= 'Z':
		return int(b-'A') + 10, true
	}
	return 0, false
}

// State checks the position under variant v and returns it as a State.
// Without candidates (HasCands false) they are computed from the filled
// cells.
func (p Position) State(v *solver.Variant) (*State, error) {
	if !p.HasCands {
		return NewStateWithPlacements(p.Puzzle, p.Placed, v)
	}
	return NewStateWithCandidates(p.Puzzle, p.Placed, p.Cands, v)
}

// SudokuWiki returns the position in the sudokuwiki.org "S9B" form that
// ParsePosition reads: clues, placed digits and the candidates of every
// empty cell (an empty cell without candidates, which that form cannot
// say, is written "00").
func (s *State) SudokuWiki() string {
	const digits = "0123456789abcdefghijklmnopqrstuvwxyz"
	var b strings.Builder
	b.WriteString("S9B")
	for c := 0; c < 81; c++ {
		var v int
		switch {
		case s.given[c]:
			v = int(s.val[c])
		case s.val[c] != 0:
			v = int(s.val[c]) + 9
		case s.cand[c] != 0:
			v = int(s.cand[c]) + 18
		}
		b.WriteByte(digits[v/36])
		b.WriteByte(digits[v%36])
	}
	return b.String()
}

// CandidateGrid returns the position as 729 characters, nine per cell:
// the k-th is the digit k when it is a candidate (or the cell's digit),
// '.' otherwise. ParsePosition reads it back, clues and placed digits alike
// becoming clues.
func (s *State) CandidateGrid() string {
	b := make([]byte, 729)
	for c := 0; c < 81; c++ {
		m := s.cand[c]
		if s.val[c] != 0 {
			m = bit(int(s.val[c]))
		}
		for k := 0; k < 9; k++ {
			b[c*9+k] = '.'
			if m.has(k + 1) {
				b[c*9+k] = byte('1' + k)
			}
		}
	}
	return string(b)
}
