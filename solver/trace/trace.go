// Package trace holds the record of a traced solve: every digit placed,
// every candidate removed, every guess, backtrack and contradiction, each
// with its rule, as solver.TraceSolve records it for the "prop" and "dlx"
// engines; and Replay, which plays such a record back to the position it
// describes, for a page, a picture or a test. It needs no engine.
package trace

import (
	"fmt"
	"strconv"
	"strings"
)

// A Trace is the record of one solve by the "prop" or "dlx" engine, or by
// the rules engine of a variant puzzle: every digit placed, every candidate
// removed, every guess and backtrack, in the order the engine made them,
// each with the rule that caused it. solver.TraceSolve and
// solver.Rules.TraceSolve make one; Replay reads one back.
//
// A trace of the rules engine has Size, the grid's side (4 to 9): its cells
// are numbered r*Size+c, its digits 1 to Size. Size 0 means 9.
//
// A trace is bounded: once it holds Max events the solve goes on but no
// more events are kept, and Truncated is set.
type Trace struct {
	Engine    string    `json:"engine"`
	Variant   string    `json:"variant"`
	Size      int       `json:"size,omitempty"`
	Puzzle    [81]uint8 `json:"-"` // the clues, 0 for an empty cell
	Max       int       `json:"max"`
	Truncated bool      `json:"truncated"`
	Events    []Event   `json:"events"`
}

// DefaultMaxEvents bounds a trace when solver.TraceSolve is given no bound: about
// 10 MB of events, enough for every puzzle of the repository's corpora.
const DefaultMaxEvents = 100_000

// A Kind says what an Event did.
type Kind string

// The kinds of Event. A replay starts from empty cells with every candidate:
//
//   - KindAssign places Digit in Cell: its other candidates go. Rule says
//     why (RuleClue, RuleNakedSingle, RuleHiddenSingle).
//   - KindEliminate removes the candidate Digit from Cell, because the
//     placed digit in its peer From holds it (RuleElimination); under a
//     variant's rules also because a constraint rules it out
//     (RuleConstraint, Column says the constraint) or because the digit is
//     locked in the part Unit shares with Cell's unit (RuleLocked).
//   - KindGuess places Digit in Cell tentatively and starts level Depth of
//     the search; Rule says how the choice was made, Size how many options it
//     had (the guess is one of them).
//   - KindBacktrack undoes every event since the last guess at Depth+1: the
//     grid is as it was just before that guess.
//   - KindContradiction reports that the position has no solution: a cell
//     with no candidate (Cell), a digit with no place in Unit (Digit; 0
//     when the unit's cells have fewer digits left than cells), or a
//     constraint that cannot be kept (RuleConstraint, Column names it; also
//     a filled grid that breaks it).
//   - KindSolution reports that every cell holds a digit; Size counts the
//     solutions found so far.
//   - KindColumn (dlx only) is the exact-cover column the search branches on:
//     Column names the constraint, Size the rows left in it; Cell is set for
//     a cell's constraint, Unit and Digit for a unit's.
//
// Columns and Rows, on dlx events, count the constraints not yet met and the
// matrix rows (candidates of open cells) left after the event.
const (
	KindAssign        Kind = "assign"
	KindEliminate     Kind = "eliminate"
	KindGuess         Kind = "guess"
	KindBacktrack     Kind = "backtrack"
	KindContradiction Kind = "contradiction"
	KindSolution      Kind = "solution"
	KindColumn        Kind = "column"
)

// A Rule is the reason for an Event.
type Rule string

// The rules the engines use.
const (
	RuleClue        Rule = "clue"         // the puzzle gives the digit
	RuleElimination Rule = "elimination"  // a peer holds the digit
	RuleNakedSingle Rule = "naked single" // the cell's one candidate left
	// RuleHiddenSingle: the digit's one place left in Unit (the "only choice").
	RuleHiddenSingle Rule = "hidden single"
	// RuleFewestCandidates: prop guesses on the open cell with the fewest candidates.
	RuleFewestCandidates Rule = "fewest candidates"
	// RuleFewestPlaces: prop guesses on the places of the digit with the fewest in Unit.
	RuleFewestPlaces Rule = "fewest places"
	// RuleFewestRows: dlx branches on the column with the fewest rows (Knuth's S heuristic).
	RuleFewestRows  Rule = "fewest rows"
	RuleNoCandidate Rule = "no candidate" // contradiction: Cell has no candidate left
	RuleNoPlace     Rule = "no place"     // contradiction: Digit has no place left in Unit
	// RuleTwoDigits: contradiction: Cell is the only place in Unit of two digits.
	RuleTwoDigits Rule = "two digits"
	// RuleConstraint: a variant's constraint, named by the event's Column,
	// removes the candidate (or cannot be kept: a contradiction).
	RuleConstraint Rule = "constraint"
	// RuleLocked: the digit's places in Unit all lie in the cells Unit
	// shares with another unit, so it leaves the rest of that one.
	RuleLocked Rule = "locked candidates"
)

// An Event is one move of a traced solve. Fields that do not apply are -1
// (Cell, Unit, From) or 0 (Digit, Size, Columns, Rows, Column ""), so an
// Event encodes to JSON as it stands.
type Event struct {
	Kind  Kind `json:"kind"`
	Rule  Rule `json:"rule,omitempty"`
	Cell  int  `json:"cell"`  // 0..80, row-major; -1 for none
	Digit int  `json:"digit"` // 1..9; 0 for none
	Depth int  `json:"depth"` // guesses on the current path
	Unit  int  `json:"unit"`  // index in the variant; -1 for none
	From  int  `json:"from"`  // eliminations: the cell whose digit removes the candidate; -1 for none
	Size  int  `json:"size,omitempty"`
	// Column names a dlx constraint: "r1c2 has a digit", "row 3 has a 5".
	Column  string `json:"column,omitempty"`
	Columns int    `json:"columns,omitempty"`
	Rows    int    `json:"rows,omitempty"`
}

// Add appends e unless the trace is full (the engines call it as they
// solve). It reports whether e was kept.
func (t *Trace) Add(e Event) bool {
	if len(t.Events) >= t.Max {
		t.Truncated = true
		return false
	}
	t.Events = append(t.Events, e)
	return true
}

// Full reports whether no more events fit, marking the trace truncated.
func (t *Trace) Full() bool {
	if len(t.Events) >= t.Max {
		t.Truncated = true
		return true
	}
	return false
}

// Units names the units of the rules a trace was made under; a
// *solver.Variant is one, and so are *solver.Rules, which also name the
// cells of their own size (a CellName method).
type Units interface {
	NumUnits() int
	UnitName(u int) string
}

// CellNamer returns how v names cells: its CellName method (a
// *solver.Rules names the cells of its own size), else rXcY of a 9x9 grid.
func CellNamer(v Units) func(int) string {
	if n, ok := v.(interface{ CellName(int) string }); ok {
		return n.CellName
	}
	return cellName
}

// cellName names cell c (0..80, row-major) as solver.CellName does: "r3c5".
func cellName(c int) string {
	return "r" + string(rune('1'+c/9)) + "c" + string(rune('1'+c%9))
}

// Text returns the event as one line a person reads, such as
// "assign r2c2=6 (hidden single in box 1)" or "guess r5c5=3 (fewest
// candidates: 1 of 2)". v, the variant the trace was made under (a
// *solver.Variant), names the units.
func (e Event) Text(v Units) string {
	cellName := CellNamer(v)
	cd := ""
	if e.Cell >= 0 && e.Cell < 81 {
		cd = cellName(e.Cell)
		if e.Digit > 0 {
			cd += "=" + strconv.Itoa(e.Digit)
		}
	}
	unit := ""
	if e.Unit >= 0 && e.Unit < v.NumUnits() {
		unit = v.UnitName(e.Unit)
	}
	var b strings.Builder
	b.WriteString(string(e.Kind))
	switch e.Kind {
	case KindAssign:
		fmt.Fprintf(&b, " %s (%s", cd, e.Rule)
		if e.Rule == RuleHiddenSingle && unit != "" {
			b.WriteString(" in " + unit)
		}
		b.WriteString(")")
	case KindEliminate:
		fmt.Fprintf(&b, " %s", cd)
		switch {
		case e.From >= 0 && e.From < 81:
			fmt.Fprintf(&b, " (%s holds %d)", cellName(e.From), e.Digit)
		case e.Rule == RuleConstraint && e.Column != "":
			fmt.Fprintf(&b, " (%s)", e.Column)
		case e.Rule == RuleLocked && unit != "":
			fmt.Fprintf(&b, " (locked candidates: %d in %s)", e.Digit, unit)
		}
	case KindGuess:
		fmt.Fprintf(&b, " %s (%s", cd, e.Rule)
		if e.Rule == RuleFewestPlaces && unit != "" {
			fmt.Fprintf(&b, " of %d in %s", e.Digit, unit)
		}
		if e.Column != "" {
			fmt.Fprintf(&b, ": %s", e.Column)
		}
		fmt.Fprintf(&b, ", %d options)", e.Size)
	case KindBacktrack:
		fmt.Fprintf(&b, " to depth %d", e.Depth)
	case KindContradiction:
		switch {
		case e.Rule == RuleConstraint && cd != "":
			fmt.Fprintf(&b, ": %s has no candidate (%s)", cd, e.Column)
		case e.Rule == RuleConstraint:
			fmt.Fprintf(&b, ": %s cannot be kept", e.Column)
		case e.Column != "":
			fmt.Fprintf(&b, ": no row left for %q", e.Column)
		case e.Rule == RuleNoPlace && e.Digit == 0:
			fmt.Fprintf(&b, ": %s has fewer digits left than cells", unit)
		case e.Rule == RuleNoPlace:
			fmt.Fprintf(&b, ": %d has no place in %s", e.Digit, unit)
		case e.Rule == RuleTwoDigits:
			fmt.Fprintf(&b, ": %s is the only place of two digits in %s", cd, unit)
		default:
			fmt.Fprintf(&b, ": %s has no candidate", cd)
		}
	case KindSolution:
		fmt.Fprintf(&b, " %d", e.Size)
	case KindColumn:
		fmt.Fprintf(&b, " %q (%s: %d)", e.Column, e.Rule, e.Size)
	}
	if e.Columns > 0 || e.Rows > 0 {
		fmt.Fprintf(&b, " [%d columns, %d rows left]", e.Columns, e.Rows)
	}
	return b.String()
}
