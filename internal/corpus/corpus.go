// Package corpus is the one place that checks a solve's result against what
// a corpus file says of its puzzle: the solver's and the explainer's tests,
// `sudoku bench`, `sudoku solve` and the browser benchmark (web/e2e/wasmbench)
// all check through Case.Check.
//
// A corpus line is read by solver.Reader. What it says of its puzzle is its
// note in the form "count[:variant]" (count "0", "1" or "2+", as in
// testdata/*.txt and ../shared/data/special.txt; the variant is read by the
// Reader itself) and, in a CSV file, the solution beside the puzzle.
package corpus

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"sudoku/solver"
)

// The errors Check returns wrap one of these.
var (
	// ErrWrongSolution: the engine returned a solution the variant's rules
	// reject, or a solution with a count of 0.
	ErrWrongSolution = errors.New("wrong solution")
	// ErrCount: the count disagrees with the corpus note.
	ErrCount = errors.New("count disagrees with the note")
	// ErrGivenSolution: the solution given beside the puzzle is wrong, or
	// is not the one solution the engine proved.
	ErrGivenSolution = errors.New("given solution disagrees")
)

// A Case is one puzzle of a corpus with what the corpus says of it.
type Case struct {
	File        string // the file's base name, for messages
	Line        int
	Clues       solver.Grid
	Variant     *solver.Variant // never nil
	Want        string          // "0", "1", "2+", or "" when nothing is known of the count
	Solution    solver.Grid     // the solution given beside the puzzle (CSV)
	HasSolution bool
}

// Count returns the count a note "count[:variant]" gives: "0", "1" or "2+"
// (two or more). ok is false when the note is not of that form, or names a
// variant solver.LookupVariant does not know.
func Count(note string) (count string, ok bool) {
	fields := strings.Split(note, ":")
	switch {
	case fields[0] != "0" && fields[0] != "1" && fields[0] != "2+", len(fields) > 2:
		return "", false
	case len(fields) == 2:
		if _, err := solver.LookupVariant(fields[1]); err != nil {
			return "", false
		}
	}
	return fields[0], true
}

// FromEntry makes the Case of an entry the Reader returned for file. The
// count comes from the entry's note or, when the note is empty, from
// defaultWant ("" for none). An entry that could not be read, or a note of
// another form, is an error.
func FromEntry(file string, e solver.Entry, defaultWant string) (Case, error) {
	if e.Err != nil {
		return Case{}, e.Err
	}
	c := Case{File: filepath.Base(file), Line: e.Line, Clues: e.Clues, Variant: e.Variant,
		Want: defaultWant, Solution: e.Solution, HasSolution: e.HasSolution}
	if c.Variant == nil {
		c.Variant = solver.Standard
	}
	if e.Note != "" {
		count, ok := Count(e.Note)
		if !ok {
			return Case{}, fmt.Errorf("%s:%d: note %q: want count[:variant]", c.File, e.Line, e.Note)
		}
		c.Want = count
	}
	return c, nil
}

// Read returns every puzzle of a corpus file, as FromEntry makes them. The
// first unreadable line is an error; so is a file without a puzzle.
func Read(path, defaultWant string) ([]Case, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r := solver.NewReader(f, solver.ReadOptions{Name: filepath.Base(path)})
	var cs []Case
	for {
		e, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		c, err := FromEntry(path, e, defaultWant)
		if err != nil {
			return nil, err
		}
		cs = append(cs, c)
	}
	if len(cs) == 0 {
		return nil, fmt.Errorf("%s: no puzzles", filepath.Base(path))
	}
	return cs, nil
}

// Check reports whether res, a solve of the case with the given limit, is
// right, and if not, why, in an error wrapping ErrWrongSolution, ErrCount or
// ErrGivenSolution:
//   - a solution found must pass the variant's Verify; with none found,
//     res.Solution must be empty;
//   - the count must agree with c.Want: "2+" is told apart from "1" only
//     with a limit of 2 or more, so below that one solution agrees with it;
//   - a solution given with the puzzle must be valid, and must be the one
//     found when res proves it unique; a puzzle with a given solution has one.
func (c Case) Check(res solver.Result, limit int) error {
	if res.Count > 0 {
		if err := c.Variant.Verify(c.Clues, res.Solution); err != nil {
			return &checkError{ErrWrongSolution, "the solver returned a wrong solution", err}
		}
	} else if res.Solution != (solver.Grid{}) {
		return &checkError{ErrWrongSolution, "the solver returned a solution with a count of 0", nil}
	}
	if c.Want != "" && !agrees(c.Want, res.Count, limit) {
		msg := fmt.Sprintf("%d solutions found (limit %d), the file says %s", res.Count, limit, c.Want)
		return &checkError{ErrCount, msg, nil}
	}
	if c.HasSolution && res.Solution != c.Solution {
		if err := c.Variant.Verify(c.Clues, c.Solution); err != nil {
			return &checkError{ErrGivenSolution, "the given solution is wrong", err}
		}
		if res.Count == 0 || (res.Count == 1 && limit > 1) {
			msg := fmt.Sprintf("the given solution is not the solver's (%d solutions found)", res.Count)
			return &checkError{ErrGivenSolution, msg, nil}
		}
	}
	return nil
}

// A checkError is what Check returns: a message, the sentinel it matches,
// and the cause, if any (Verify's error).
type checkError struct {
	kind  error
	msg   string
	cause error
}

func (e *checkError) Error() string {
	if e.cause == nil {
		return e.msg
	}
	return e.msg + ": " + e.cause.Error()
}

func (e *checkError) Unwrap() []error { return []error{e.kind, e.cause} }

// agrees reports whether count solutions found under limit agree with want.
func agrees(want string, count, limit int) bool {
	switch {
	case want == "0":
		return count == 0
	case limit < 2:
		return count >= 1
	case want == "1":
		return count == 1
	}
	return count >= 2
}
