package worker

import (
	"fmt"
	"strconv"
	"strings"

	"sudoku/internal/radix"
	"sudoku/solver"
)

// The logic engine's results on the wire, in types of this package, so
// that the page reads them without linking the engine (packages logic and
// generate): levels and techniques by number with their names, and steps
// whose candidates, cells and positions travel as short strings that the
// page decodes only for the step it draws. Cells are numbered as the
// request's Position numbers them (r*Size+c under a variant's own rules).

// A Level is a difficulty grade: logic.Level's number.
type Level int

// The levels, easiest first (logic's numbers).
const (
	Easy Level = iota
	Medium
	Hard
	Expert
	Extreme
)

var levelNames = [...]string{"Easy", "Medium", "Hard", "Expert", "Extreme"}

// String returns the level's name, such as "Hard".
func (l Level) String() string {
	if l < 0 || int(l) >= len(levelNames) {
		return "Level(" + strconv.Itoa(int(l)) + ")"
	}
	return levelNames[l]
}

// A Technique is a solving technique: logic.Technique's number.
type Technique int

// techniqueNames are the techniques in logic's order (the engine's order,
// easiest first): name, short name and level. The jobs' tests check them
// against package logic's table.
var techniqueNames = [...]struct {
	name, short string
	level       Level
}{
	{"Cleanup", "cleanup", 0},
	{"Full House", "fh", 0},
	{"Hidden Single", "hs", 0},
	{"Naked Single", "ns", 0},
	{"Constraint", "rule", 0},
	{"Line Bounds", "lines", 0},
	{"Sum Combinations", "combos", 0},
	{"Rule of 45", "45", 1},
	{"Locked Candidates (pointing)", "pointing", 1},
	{"Locked Candidates (claiming)", "claiming", 1},
	{"Locked Candidates (peers)", "lockedpeers", 1},
	{"Naked Pair", "np", 1},
	{"X-Wing", "xw", 2},
	{"Hidden Pair", "hp", 1},
	{"Naked Triple", "nt", 1},
	{"Swordfish", "sf", 2},
	{"Hidden Triple", "ht", 1},
	{"Skyscraper", "sky", 2},
	{"2-String Kite", "kite", 2},
	{"Empty Rectangle", "er", 2},
	{"Finned X-Wing", "fxw", 2},
	{"Finned Swordfish", "fsf", 2},
	{"XY-Wing", "ywing", 2},
	{"XYZ-Wing", "xyz", 2},
	{"W-Wing", "ww", 2},
	{"Unique Rectangle", "ur", 2},
	{"Unique Rectangle (type 2)", "ur2", 2},
	{"Unique Rectangle (type 3)", "ur3", 2},
	{"Unique Rectangle (type 4)", "ur4", 2},
	{"Unique Rectangle (type 5)", "ur5", 2},
	{"Unique Rectangle (type 6)", "ur6", 2},
	{"Hidden Rectangle", "hr", 2},
	{"Avoidable Rectangle", "ar", 2},
	{"Simple Colouring", "sc", 2},
	{"Naked Quad", "nq", 2},
	{"Jellyfish", "jf", 2},
	{"Finned Jellyfish", "fjf", 2},
	{"Hidden Quad", "hq", 2},
	{"BUG+1", "bug", 2},
	{"3D Medusa", "medusa", 2},
	{"Sue de Coq", "sdc", 3},
	{"X-Chain", "xc", 3},
	{"XY-Chain", "xyc", 3},
	{"Continuous Nice Loop", "cnl", 3},
	{"Alternating Inference Chain", "aic", 3},
	{"Grouped Alternating Inference Chain", "gaic", 3},
	{"ALS-XZ", "alsxz", 3},
	{"ALS-XY-Wing", "alsxy", 3},
	{"ALS Chain", "alschain", 3},
	{"Death Blossom", "db", 3},
	{"Cell Forcing Chain", "cfc", 4},
	{"Unit Forcing Chain", "ufc", 4},
	{"Digit Forcing Chain", "dfc", 4},
	{"Forcing Net", "fn", 4},
	{"Contradiction", "con", 4},
	{"Trial and Error", "trial", 4},
}

// Techniques returns every technique in the engine's order.
func Techniques() []Technique {
	out := make([]Technique, len(techniqueNames))
	for i := range out {
		out[i] = Technique(i)
	}
	return out
}

func (t Technique) known() bool { return t >= 0 && int(t) < len(techniqueNames) }

// String returns the technique's name, such as "X-Wing".
func (t Technique) String() string {
	if !t.known() {
		return "Technique(" + strconv.Itoa(int(t)) + ")"
	}
	return techniqueNames[t].name
}

// ShortName returns the short name players type, such as "xw"; "" for an
// unknown technique.
func (t Technique) ShortName() string {
	if !t.known() {
		return ""
	}
	return techniqueNames[t].short
}

// Level returns the technique's level (Extreme for an unknown one).
func (t Technique) Level() Level {
	if !t.known() {
		return Extreme
	}
	return techniqueNames[t].level
}

// A Candidate is a digit in a cell, as a step names it.
type Candidate struct {
	Cell, Digit int
}

// String names the candidate on a 9x9 grid: "r3c5=7".
func (c Candidate) String() string { return solver.CellName(c.Cell) + "=" + strconv.Itoa(c.Digit) }

// A Link joins two candidates of a chain: strongly (one of them is true)
// or weakly (not both).
type Link struct {
	From, To Candidate
	Strong   bool
}

// A Mistake is a wrong digit of the player's: placed in Cell but wrong
// (Placed), or a candidate removed from Cell that is right.
type Mistake struct {
	Cell   int  `json:"cell"`
	Digit  int  `json:"digit"`
	Placed bool `json:"placed,omitempty"`
}

// A Step is a logical step on the wire: its technique, its explanation in
// words (Text), and in short strings (EncodeCandidates, EncodeCells,
// EncodeLinks, EncodeBoard) the candidates of its pattern, what it places
// and removes, its chain's links, the cells of the units it works in, and
// for an explanation's steps the position before it.
type Step struct {
	Technique    Technique `json:"t"`
	Text         string    `json:"x"`
	Pattern      string    `json:"p,omitempty"`
	Placements   string    `json:"a,omitempty"`
	Eliminations string    `json:"e,omitempty"`
	Links        string    `json:"l,omitempty"`
	Units        string    `json:"u,omitempty"`
	Before       string    `json:"b,omitempty"`
}

// An Explanation is the logic engine's solution of a position, step by
// step: the player's mistakes instead when there are some (no steps then);
// the hardest step's level and score, and whether the position explained
// was the clues alone (FromClues: its grade is then the puzzle's).
type Explanation struct {
	Mistakes  []Mistake `json:"mistakes,omitempty"`
	Steps     []Step    `json:"steps,omitempty"`
	Solved    bool      `json:"solved"`
	Level     Level     `json:"level"`
	Score     float64   `json:"score"`
	FromClues bool      `json:"from_clues,omitempty"`
}

// A Hint is the logic engine's next step from a position (HasStep false:
// the board is full and right), or the player's mistakes.
type Hint struct {
	Mistakes []Mistake `json:"mistakes,omitempty"`
	Step     Step      `json:"step"`
	HasStep  bool      `json:"has_step"`
}

// The short strings of a step use the base-32 pairs of package radix: two
// characters for a number below 1024.

// EncodeCandidates writes candidates as pairs: cell*9 + digit-1.
func EncodeCandidates(cs []Candidate) string {
	b := make([]byte, 0, 2*len(cs))
	for _, c := range cs {
		b = radix.AppendPair32(b, c.Cell*9+c.Digit-1)
	}
	return string(b)
}

// DecodeCandidates reads what EncodeCandidates writes; an odd length, a
// character outside the alphabet or a cell past 80 is an error wrapping
// solver.ErrSyntax.
func DecodeCandidates(s string) ([]Candidate, error) {
	vs, err := pairs(s, 81*9)
	if err != nil {
		return nil, err
	}
	out := make([]Candidate, len(vs))
	for i, v := range vs {
		out[i] = Candidate{Cell: v / 9, Digit: v%9 + 1}
	}
	return out, nil
}

// EncodeCells writes cells as pairs.
func EncodeCells(cells []int) string {
	b := make([]byte, 0, 2*len(cells))
	for _, c := range cells {
		b = radix.AppendPair32(b, c)
	}
	return string(b)
}

// DecodeCells reads what EncodeCells writes (cells 0 to 80).
func DecodeCells(s string) ([]int, error) { return pairs(s, 81) }

// EncodeLinks writes links as their two candidates' pairs and 's' (strong)
// or 'w' (weak): five characters a link.
func EncodeLinks(ls []Link) string {
	b := make([]byte, 0, 5*len(ls))
	for _, l := range ls {
		b = radix.AppendPair32(b, l.From.Cell*9+l.From.Digit-1)
		b = radix.AppendPair32(b, l.To.Cell*9+l.To.Digit-1)
		if l.Strong {
			b = append(b, 's')
		} else {
			b = append(b, 'w')
		}
	}
	return string(b)
}

// DecodeLinks reads what EncodeLinks writes.
func DecodeLinks(s string) ([]Link, error) {
	if len(s)%5 != 0 {
		return nil, fmt.Errorf("links %q: length %d: %w", s, len(s), solver.ErrSyntax)
	}
	out := make([]Link, 0, len(s)/5)
	for i := 0; i < len(s); i += 5 {
		cs, err := DecodeCandidates(s[i : i+4])
		if err != nil {
			return nil, err
		}
		if s[i+4] != 's' && s[i+4] != 'w' {
			return nil, fmt.Errorf("link %q: %w", s[i:i+5], solver.ErrSyntax)
		}
		out = append(out, Link{From: cs[0], To: cs[1], Strong: s[i+4] == 's'})
	}
	return out, nil
}

// A Board is a position's cells as a step's Before holds them: each cell's
// digit, or its candidates (a set of digits 1-9, bit d-1 for d) when it
// has none.
type Board struct {
	Digits []uint8
	Cands  []uint16
}

// EncodeBoard writes the cells in order as pairs: 512+digit for a cell
// with a digit, else its candidates' bits.
func EncodeBoard(b Board) string {
	out := make([]byte, 0, 2*len(b.Digits))
	for i, d := range b.Digits {
		v := int(b.Cands[i] & 0x1ff)
		if d != 0 {
			v = 512 + int(d)
		}
		out = radix.AppendPair32(out, v)
	}
	return string(out)
}

// DecodeBoard reads what EncodeBoard writes.
func DecodeBoard(s string) (Board, error) {
	vs, err := pairs(s, 512+10)
	if err != nil {
		return Board{}, err
	}
	b := Board{Digits: make([]uint8, len(vs)), Cands: make([]uint16, len(vs))}
	for i, v := range vs {
		if v >= 512 {
			b.Digits[i] = uint8(v - 512)
		} else {
			b.Cands[i] = uint16(v)
		}
	}
	return b, nil
}

// pairs reads base-32 pairs, each below limit.
func pairs(s string, limit int) ([]int, error) {
	if len(s)%2 != 0 {
		return nil, fmt.Errorf("%q: odd length: %w", short(s), solver.ErrSyntax)
	}
	out := make([]int, len(s)/2)
	for i := range out {
		v, ok := radix.Pair32(s[2*i], s[2*i+1])
		if !ok || v >= limit {
			return nil, fmt.Errorf("%q: pair %q: %w", short(s), s[2*i:2*i+2], solver.ErrSyntax)
		}
		out[i] = v
	}
	return out, nil
}

// short is s cut for an error message.
func short(s string) string {
	if len(s) > 20 {
		return s[:20] + "…"
	}
	return strings.Clone(s)
}
