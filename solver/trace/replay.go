package trace

import (
	"errors"
	"fmt"
)

// A Replay is the position a Trace describes after some of its events: the
// digit of every cell, the candidates left, and the rule that placed each
// digit. NewReplay starts from an empty grid with every candidate; the
// trace's clue events place the clues. A Replay is what a page or a picture
// shows of a traced solve; it needs no engine.
type Replay struct {
	Grid  [81]uint8  // placed digits, clues included; 0 for an open cell
	Cand  [81]uint16 // candidates of each cell, bit d-1 for digit d (a placed cell keeps its digit's bit)
	By    [81]Rule   // the rule that placed each digit; "" for an open cell
	Depth int        // guesses on the current path
	Size  int        // the grid's side: cells 0 to Size²-1, digits 1 to Size
	saved []replayState
}

type replayState struct {
	grid [81]uint8
	cand [81]uint16
	by   [81]Rule
}

// NewReplay returns the position before the first event of a trace of a
// 9x9 grid.
func NewReplay() *Replay { return NewReplaySize(9) }

// NewReplaySize returns the position before the first event of a trace of
// an n x n grid (Trace.Size; 0 means 9): its n² cells open with the
// digits 1 to n, the other cells of the arrays unused.
func NewReplaySize(n int) *Replay {
	if n <= 0 || n > 9 {
		n = 9
	}
	r := &Replay{Size: n}
	for c := range n * n {
		r.Cand[c] = 1<<n - 1
	}
	return r
}

// Guessed reports whether the digit of cell c was placed by a guess.
func (r *Replay) Guessed(c int) bool {
	return r.By[c] == RuleFewestCandidates || r.By[c] == RuleFewestPlaces || r.By[c] == RuleFewestRows
}

// Apply plays one event. It returns an error, and leaves the position as
// it was, when the event cannot follow the position: a digit placed in a
// filled cell or that is no longer a candidate, a candidate removed twice,
// a backtrack below the current depth, a cell or digit out of range.
func (r *Replay) Apply(e Event) error {
	n := r.Size
	if n == 0 {
		n = 9 // a Replay made without NewReplay
	}
	cellOK := e.Cell >= 0 && e.Cell < n*n
	digitOK := e.Digit >= 1 && e.Digit <= n
	switch e.Kind {
	case KindAssign, KindGuess:
		if !cellOK || !digitOK {
			return badEvent("%s: cell %d, digit %d out of range", e.Kind, e.Cell, e.Digit)
		}
		if r.Grid[e.Cell] != 0 {
			return badEvent("%s %s=%d: the cell holds %d", e.Kind, cellName(e.Cell), e.Digit, r.Grid[e.Cell])
		}
		bit := uint16(1) << (e.Digit - 1)
		if r.Cand[e.Cell]&bit == 0 {
			return badEvent("%s %s=%d: %d is not a candidate", e.Kind, cellName(e.Cell), e.Digit, e.Digit)
		}
		if e.Kind == KindGuess {
			if e.Depth != r.Depth+1 {
				return badEvent("guess at depth %d after depth %d", e.Depth, r.Depth)
			}
			r.saved = append(r.saved[:r.Depth], replayState{r.Grid, r.Cand, r.By})
			r.Depth = e.Depth
		}
		r.Grid[e.Cell] = uint8(e.Digit)
		r.Cand[e.Cell] = bit
		r.By[e.Cell] = e.Rule
	case KindEliminate:
		if !cellOK || !digitOK {
			return badEvent("eliminate: cell %d, digit %d out of range", e.Cell, e.Digit)
		}
		bit := uint16(1) << (e.Digit - 1)
		if r.Cand[e.Cell]&bit == 0 {
			return badEvent("eliminate %s=%d: not a candidate", cellName(e.Cell), e.Digit)
		}
		r.Cand[e.Cell] &^= bit
	case KindBacktrack:
		if e.Depth < 0 || e.Depth >= r.Depth || e.Depth >= len(r.saved) {
			return badEvent("backtrack to depth %d from depth %d", e.Depth, r.Depth)
		}
		s := r.saved[e.Depth]
		r.Grid, r.Cand, r.By = s.grid, s.cand, s.by
		r.saved = r.saved[:e.Depth]
		r.Depth = e.Depth
	case KindSolution:
		if k := open(r.Grid[:n*n]); k > 0 {
			return badEvent("solution with %d open cells", k)
		}
	case KindContradiction, KindColumn:
		// They report the position; they do not change it.
	default:
		return badEvent("unknown event kind %q", e.Kind)
	}
	return nil
}

// ErrBadEvent: a trace event that cannot follow the position it is applied
// to (Replay.Apply).
var ErrBadEvent = errors.New("event does not fit the position")

// An eventError says why Apply refused an event; it matches ErrBadEvent.
type eventError struct{ msg string }

func (e *eventError) Error() string { return e.msg }
func (e *eventError) Unwrap() error { return ErrBadEvent }

func badEvent(format string, a ...any) error { return &eventError{fmt.Sprintf(format, a...)} }

// open counts the empty cells of g.
func open(g []uint8) int {
	n := 0
	for _, d := range g {
		if d == 0 {
			n++
		}
	}
	return n
}
