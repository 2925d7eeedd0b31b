package logic

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"sudoku/solver"
)

// A Candidate is a digit in a cell: a placement, an elimination, or a part
// of a pattern.
type Candidate struct {
	Cell  int // 0..80, row-major
	Digit int // 1..9
}

// String returns the candidate as "r3c5=7".
func (c Candidate) String() string {
	return solver.CellName(c.Cell) + "=" + strconv.Itoa(c.Digit)
}

// MarshalJSON writes {"cell":"r3c5","digit":7}.
func (c Candidate) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Cell  string `json:"cell"`
		Digit int    `json:"digit"`
	}{solver.CellName(c.Cell), c.Digit})
}

// UnmarshalJSON reads what MarshalJSON writes; a cell name other than
// "rXcY" (X and Y 1-9) or a digit out of 1-9 is an error wrapping
// solver.ErrSyntax.
func (c *Candidate) UnmarshalJSON(b []byte) error {
	var w struct {
		Cell  string `json:"cell"`
		Digit int    `json:"digit"`
	}
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	n := w.Cell
	if len(n) != 4 || n[0] != 'r' || n[2] != 'c' || n[1] < '1' || n[1] > '9' || n[3] < '1' || n[3] > '9' || w.Digit < 1 || w.Digit > 9 {
		return fmt.Errorf("candidate %s=%d: %w", n, w.Digit, solver.ErrSyntax)
	}
	*c = Candidate{Cell: int(n[1]-'1')*9 + int(n[3]-'1'), Digit: w.Digit}
	return nil
}

// A Step is one move a player can make and why it is right.
type Step struct {
	Technique Technique
	// Pattern holds the candidates that make up the pattern, in the order
	// the explanation names them (for a chain: the chain's nodes).
	Pattern []Candidate
	// Units are the units the argument uses, as indices of the variant.
	Units []int
	// Links are the links between consecutive nodes of a chain, in chain
	// order (and, for a loop, the link that closes it); nil for other steps.
	Links []Link
	// Rules are the constraints the step reasons from, as indices into
	// solver.Rules.Constraints (a Constraint step); nil for other steps.
	Rules []int
	// Placements and Eliminations are what the step changes.
	Placements   []Candidate
	Eliminations []Candidate
	// Explanation is one plain-English sentence saying why.
	Explanation string
	// Rating is the step's difficulty on the Sudoku Explainer scale.
	Rating float64
}

// A Link joins two consecutive nodes of a chain. A strong link says that
// at least one of its ends is true, a weak link that they are not both
// true. A node that is a group of cells (grouped chains) is named by its
// first cell.
type Link struct {
	From, To Candidate
	Strong   bool
}

// cellList writes cells as "r1c2, r1c5 and r3c4".
func cellList(cs []int) string {
	names := make([]string, len(cs))
	for i, c := range cs {
		names[i] = solver.CellName(c)
	}
	return andList(names)
}

func andList(xs []string) string {
	switch len(xs) {
	case 0:
		return ""
	case 1:
		return xs[0]
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " and " + xs[len(xs)-1]
}

func orList(xs []string) string {
	if len(xs) < 2 {
		return andList(xs)
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " or " + xs[len(xs)-1]
}

// digitList writes digits as "3, 5 and 7" (or "3/5/7" with sep "/").
func digitList(ds []int, sep string) string {
	s := make([]string, len(ds))
	for i, d := range ds {
		s[i] = strconv.Itoa(d)
	}
	if sep != "" {
		return strings.Join(s, sep)
	}
	return andList(s)
}

// elimText writes eliminations grouped by digit: "5 from r1c2 and r3c3".
func elimText(es []Candidate) string {
	var parts []string
	done := map[int]bool{}
	for _, e := range es {
		if done[e.Digit] {
			continue
		}
		done[e.Digit] = true
		var cs []int
		for _, f := range es {
			if f.Digit == e.Digit {
				cs = append(cs, f.Cell)
			}
		}
		parts = append(parts, strconv.Itoa(e.Digit)+" from "+cellList(cs))
	}
	return andList(parts)
}

// elimByCell writes eliminations grouped by cell: "3/7 from r2c2" (or, when
// they all remove one digit, as elimText does: "5 from r1c2 and r3c3").
func elimByCell(es []Candidate) string {
	one := true
	for _, e := range es {
		one = one && e.Digit == es[0].Digit
	}
	if one {
		return elimText(es)
	}
	var parts []string
	done := map[int]bool{}
	for _, e := range es {
		if done[e.Cell] {
			continue
		}
		done[e.Cell] = true
		var ds []int
		for _, f := range es {
			if f.Cell == e.Cell {
				ds = append(ds, f.Digit)
			}
		}
		parts = append(parts, digitList(ds, "/")+" from "+solver.CellName(e.Cell))
	}
	return andList(parts)
}

// unitName names unit u for a sentence: "row 3", "box 5", "the main
// diagonal" (extra units take an article).
func (s *State) unitName(u int) string {
	if s.t.kind[u] == kindExtra {
		return "the " + s.t.names[u]
	}
	return s.t.names[u]
}

// elimsOf returns the eliminations of digit d from the cells of cs that
// still have it.
func (s *State) elimsOf(cs cellSet, d int) []Candidate {
	var out []Candidate
	for _, c := range cs.cells() {
		if s.cand[c].has(d) {
			out = append(out, Candidate{c, d})
		}
	}
	return out
}

// sees returns "sees" for one cell and "see" for more.
func sees(n int) string {
	if n == 1 {
		return "sees"
	}
	return "see"
}
