package solver

import (
	"errors"
	"fmt"
)

// Sentinel errors. Every error returned by this package matches exactly one
// of them with errors.Is.
var (
	// ErrSyntax: a character that is neither a digit, an empty-cell mark nor a separator.
	ErrSyntax = errors.New("bad character")
	// ErrLength: a puzzle with more or fewer than 81 cells.
	ErrLength = errors.New("wrong number of cells")
	// ErrConflict: two clues with the same digit in one unit.
	ErrConflict = errors.New("conflicting clues")
	// ErrBudget: the solve ran out of its node budget or its context was done.
	ErrBudget = errors.New("budget exhausted")
	// ErrMismatch: a grid is not a solution of its puzzle (wrong digits, a clue
	// changed, or a disagreement with a given solution).
	ErrMismatch = errors.New("not a solution")
	// ErrUnknown: a name that names nothing known: a variant (LookupVariant),
	// an engine (LookupEngine), a format.
	ErrUnknown = errors.New("unknown name")
	// ErrNoTrace: the engine cannot record a trace (only "prop" and "dlx"
	// can; see TraceSolve).
	ErrNoTrace = errors.New("engine cannot trace")
	// ErrRules: rules that cannot hold (a cell outside the grid, regions
	// that do not tile it, a cage sum no digits make, an unknown size).
	ErrRules = errors.New("bad rules")
	// ErrUnsupported: a constraint or format this package does not know;
	// solving without it would give wrong answers.
	ErrUnsupported = errors.New("unsupported constraint")
)

// ParseError reports where and why a puzzle could not be read: the input's
// name (ReadOptions.Name: a file, "arg 1"; "" when it has none), the line
// and column, both 1-based (Col is 0 when the error is about a whole line
// or puzzle, Line 0 when it is about the whole input; in a NumPy file Line
// is the grid's index from 1).
type ParseError struct {
	File      string
	Line, Col int
	Msg       string // what was wrong, such as `bad character 'x'`
	Err       error  // ErrSyntax, ErrLength, ErrMismatch, ErrUnknown; for f-puzzles also ErrRules, ErrUnsupported, ErrConflict
}

// Error returns "file:line:col: msg" when the input has a name (the parts
// that are 0 left out), else "line L, column C: msg".
func (e *ParseError) Error() string {
	if e.File != "" {
		s := e.File
		if e.Line > 0 {
			s += fmt.Sprintf(":%d", e.Line)
			if e.Col > 0 {
				s += fmt.Sprintf(":%d", e.Col)
			}
		}
		return s + ": " + e.Msg
	}
	switch {
	case e.Line > 0 && e.Col > 0:
		return fmt.Sprintf("line %d, column %d: %s", e.Line, e.Col, e.Msg)
	case e.Line > 0:
		return fmt.Sprintf("line %d: %s", e.Line, e.Msg)
	}
	return e.Msg
}

func (e *ParseError) Unwrap() error { return e.Err }

// ConflictError reports two clues with the same digit in one unit.
type ConflictError struct {
	Digit    int
	Unit     int    // index of the unit in its variant
	UnitName string // such as "row 3"
	Cells    [2]int // the two cells, in increasing order

	rules *Rules // names the cells of a grid of another size; nil: 9x9
}

func (e *ConflictError) Error() string {
	name := CellName
	if e.rules != nil {
		name = e.rules.CellName
	}
	return fmt.Sprintf("digit %d appears twice in %s: %s and %s",
		e.Digit, e.UnitName, name(e.Cells[0]), name(e.Cells[1]))
}

func (e *ConflictError) Unwrap() error { return ErrConflict }

// budgetError is returned when a solve stops early; it wraps ErrBudget and,
// when a context stopped it, the context's error too.
type budgetError struct {
	nodes int64
	cause error // nil, or ctx.Err()
}

func (e *budgetError) Error() string {
	if e.cause != nil {
		return fmt.Sprintf("solve stopped after %d nodes: %v", e.nodes, e.cause)
	}
	return fmt.Sprintf("solve stopped after %d nodes: node budget exhausted", e.nodes)
}

func (e *budgetError) Unwrap() []error {
	if e.cause != nil {
		return []error{ErrBudget, e.cause}
	}
	return []error{ErrBudget}
}
