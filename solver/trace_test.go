package solver

import (
	"encoding/json"
	"errors"
	"path/filepath"
	"reflect"
	"strconv"
	"sudoku/solver/trace"
	"testing"
)

// traceModel is the test's own position for walking a trace, written apart
// from trace.Replay (bools rather than bitsets) so that each checks the other.
type traceModel struct {
	v     *Variant
	val   [81]int
	cand  [81][10]bool
	saved []traceModelState
	depth int
}

type traceModelState struct {
	val  [81]int
	cand [81][10]bool
}

func newTraceModel(v *Variant) *traceModel {
	m := &traceModel{v: v}
	for c := range m.cand {
		for d := 1; d <= 9; d++ {
			m.cand[c][d] = true
		}
	}
	return m
}

func (m *traceModel) count(c int) int {
	n := 0
	for d := 1; d <= 9; d++ {
		if m.cand[c][d] {
			n++
		}
	}
	return n
}

// places returns the cells of unit u where d is a candidate (a placed d counts).
func (m *traceModel) places(u, d int) []int {
	var cs []int
	for _, c := range m.v.units[u] {
		if m.cand[c][d] {
			cs = append(cs, int(c))
		}
	}
	return cs
}

// unitHas reports whether some cell of unit u holds d.
func (m *traceModel) unitHas(u, d int) bool {
	for _, c := range m.v.units[u] {
		if m.val[c] == d {
			return true
		}
	}
	return false
}

// columnSize is the rows left in a dlx column: the candidates of an open
// cell, or the places of d in a unit that does not hold it yet.
func (m *traceModel) columnSize(cell, u, d int) int {
	if cell >= 0 {
		if m.val[cell] != 0 {
			return -1 // covered
		}
		return m.count(cell)
	}
	if m.unitHas(u, d) {
		return -1
	}
	n := 0
	for _, c := range m.places(u, d) {
		if m.val[c] == 0 {
			n++
		}
	}
	return n
}

// left counts the open dlx columns and the rows left.
func (m *traceModel) left() (cols, rows, minSize int) {
	minSize = 1 << 30
	for c := 0; c < 81; c++ {
		if m.val[c] == 0 {
			cols++
			rows += m.count(c)
			minSize = min(minSize, m.count(c))
		}
	}
	for u := range m.v.units {
		for d := 1; d <= 9; d++ {
			if k := m.columnSize(-1, u, d); k >= 0 {
				cols++
				minSize = min(minSize, k)
			}
		}
	}
	return cols, rows, minSize
}

func (m *traceModel) grid() Grid {
	var g Grid
	for c, d := range m.val {
		g[c] = uint8(d)
	}
	return g
}

// checkTrace walks every event of tr with its own model and fails unless
// each is consistent with the candidates at that point: a placed digit is a
// candidate of an open cell and the rule holds (a naked single is the cell's
// one candidate, a hidden single the digit's one place in the unit, a clue
// is the puzzle's digit), an elimination removes a candidate that a placed
// peer holds, a guess is one of the fewest options, a backtrack restores the
// position of its guess, a contradiction is real, a dlx column has the rows
// it claims and no open column has fewer, and every solution is valid; the
// first is the engine's. The exported trace.Replay must agree with the model at
// every event.
func checkTrace(t *testing.T, name string, puzzle Grid, v *Variant, tr *trace.Trace, res Result) {
	t.Helper()
	m := newTraceModel(v)
	rp := trace.NewReplay()
	solutions, guesses := 0, int64(0)
	var wantCols, wantRows int // dlx counts claimed by the last assign or guess
	checkCounts := false
	colAt := map[int]trace.Event{} // the last dlx column chosen at each depth
	fail := func(i int, e trace.Event, format string, args ...any) {
		t.Helper()
		t.Fatalf("%s (%s): event %d %s: "+format, append([]any{name, tr.Engine, i, e.Text(v)}, args...)...)
	}
	for i, e := range tr.Events {
		if checkCounts && e.Kind != trace.KindEliminate {
			if cols, rows, _ := m.left(); cols != wantCols || rows != wantRows {
				fail(i, e, "the move before left %d columns and %d rows, event says %d and %d", cols, rows, wantCols, wantRows)
			}
			checkCounts = false
		}
		if e.Depth != m.depth && e.Kind != trace.KindGuess && e.Kind != trace.KindBacktrack {
			fail(i, e, "depth %d, want %d", e.Depth, m.depth)
		}
		if i > 0 && tr.Events[i-1].Kind == trace.KindContradiction && e.Kind != trace.KindBacktrack {
			fail(i, e, "a contradiction must be followed by a backtrack or the end")
		}
		switch e.Kind {
		case trace.KindAssign, trace.KindGuess:
			c, d := e.Cell, e.Digit
			if c < 0 || c >= 81 || d < 1 || d > 9 || m.val[c] != 0 || !m.cand[c][d] {
				fail(i, e, "not a candidate of an open cell")
			}
			switch e.Rule {
			case trace.RuleClue:
				if puzzle[c] != uint8(d) || m.depth != 0 || guesses > 0 {
					fail(i, e, "not a clue placed before the search")
				}
			case trace.RuleNakedSingle:
				if m.count(c) != 1 {
					fail(i, e, "the cell has %d candidates", m.count(c))
				}
			case trace.RuleHiddenSingle:
				if e.Unit < 0 || e.Unit >= len(v.units) || !reflect.DeepEqual(m.places(e.Unit, d), []int{c}) {
					fail(i, e, "places of %d in the unit: %v", d, m.places(max(e.Unit, 0)%len(v.units), d))
				}
			case trace.RuleFewestCandidates:
				if e.Kind != trace.KindGuess || e.Size != m.count(c) || e.Size < 2 || e.Size != minCellCount(m) {
					fail(i, e, "%d candidates; the fewest of an open cell is %d", m.count(c), minCellCount(m))
				}
			case trace.RuleFewestPlaces:
				if e.Kind != trace.KindGuess || e.Unit < 0 || len(m.places(e.Unit, d)) != e.Size || e.Size >= minCellCount(m) {
					fail(i, e, "%d places, fewest cell candidates %d", len(m.places(max(e.Unit, 0), d)), minCellCount(m))
				}
			case trace.RuleFewestRows:
				last := colAt[m.depth]
				if e.Kind != trace.KindGuess || last.Size != e.Size || !inColumn(v, last, c, d) {
					fail(i, e, "not a row of the column %q", last.Column)
				}
			default:
				fail(i, e, "unexpected rule")
			}
			if e.Kind == trace.KindGuess {
				guesses++
				if e.Depth != m.depth+1 {
					fail(i, e, "guess depth %d after depth %d", e.Depth, m.depth)
				}
				m.saved = append(m.saved[:m.depth], traceModelState{m.val, m.cand})
				m.depth++
			}
			m.val[c] = d
			for k := 1; k <= 9; k++ {
				m.cand[c][k] = k == d
			}
			if tr.Engine == "dlx" {
				wantCols, wantRows, checkCounts = e.Columns, e.Rows, true
			}
		case trace.KindEliminate:
			c, d, p := e.Cell, e.Digit, e.From
			if c < 0 || c >= 81 || d < 1 || d > 9 || !m.cand[c][d] {
				fail(i, e, "not a candidate")
			}
			if p < 0 || p >= 81 || !v.IsPeer(c, p) || m.val[p] != d || e.Rule != trace.RuleElimination {
				fail(i, e, "%s is not a peer holding %d", CellName(max(p, 0)), d)
			}
			m.cand[c][d] = false
		case trace.KindBacktrack:
			if e.Depth < 0 || e.Depth >= m.depth {
				fail(i, e, "backtrack to depth %d from %d", e.Depth, m.depth)
			}
			s := m.saved[e.Depth]
			m.val, m.cand = s.val, s.cand
			m.saved, m.depth = m.saved[:e.Depth], e.Depth
		case trace.KindContradiction:
			switch e.Rule {
			case trace.RuleNoCandidate:
				if e.Cell < 0 || m.count(e.Cell) != 0 {
					fail(i, e, "the cell has candidates")
				}
			case trace.RuleNoPlace:
				if e.Unit < 0 || len(m.places(e.Unit, e.Digit)) != 0 {
					fail(i, e, "the digit has a place")
				}
			case trace.RuleTwoDigits:
				n := 0
				for d := 1; d <= 9; d++ {
					if e.Unit >= 0 && reflect.DeepEqual(m.places(e.Unit, d), []int{e.Cell}) && m.val[e.Cell] == 0 {
						n++
					}
				}
				if n < 2 {
					fail(i, e, "the cell is the only place of %d digits", n)
				}
			default:
				fail(i, e, "unexpected rule")
			}
		case trace.KindColumn:
			size := m.columnSize(e.Cell, e.Unit, e.Digit)
			colAt[m.depth] = e
			cols, rows, minSize := m.left()
			if size != e.Size || cols != e.Columns || rows != e.Rows || size > 1 && size != minSize || e.Column == "" {
				fail(i, e, "model: size %d, %d columns, %d rows, fewest %d", size, cols, rows, minSize)
			}
		case trace.KindSolution:
			solutions++
			g := m.grid()
			if err := v.Verify(puzzle, g); err != nil {
				fail(i, e, "%v", err)
			}
			if solutions == 1 && g != res.Solution {
				fail(i, e, "the replayed solution %s is not the engine's %s", g, res.Solution)
			}
			if e.Size != solutions {
				fail(i, e, "solution %d, want %d", e.Size, solutions)
			}
		default:
			fail(i, e, "unknown kind")
		}
		if err := rp.Apply(e); err != nil {
			fail(i, e, "trace.Replay.Apply: %v", err)
		}
		if rp.Grid != m.grid() || rp.Depth != m.depth {
			fail(i, e, "trace.Replay grid %s depth %d, model %s depth %d", rp.Grid, rp.Depth, m.grid(), m.depth)
		}
		for c := 0; c < 81; c++ {
			for d := 1; d <= 9; d++ {
				if (rp.Cand[c]>>(d-1)&1 == 1) != m.cand[c][d] {
					fail(i, e, "trace.Replay and the model disagree on candidate %s=%d", CellName(c), d)
				}
			}
		}
	}
	if tr.Truncated {
		return
	}
	if solutions != res.Count || guesses != res.Guesses {
		t.Fatalf("%s (%s): trace has %d solutions and %d guesses, result %d and %d", name, tr.Engine, solutions, guesses, res.Count, res.Guesses)
	}
	if res.Count == 1 && m.grid() != res.Solution && tr.Events[len(tr.Events)-1].Kind == trace.KindSolution {
		t.Fatalf("%s (%s): the trace ends on %s, not the solution %s", name, tr.Engine, m.grid(), res.Solution)
	}
}

func minCellCount(m *traceModel) int {
	n := 10
	for c := 0; c < 81; c++ {
		if m.val[c] == 0 {
			n = min(n, m.count(c))
		}
	}
	return n
}

// inColumn reports whether placing d in cell c meets the column's constraint.
func inColumn(v *Variant, col trace.Event, c, d int) bool {
	if col.Cell >= 0 {
		return col.Cell == c
	}
	if col.Digit != d || col.Unit < 0 {
		return false
	}
	for _, x := range v.Unit(col.Unit) {
		if int(x) == c {
			return true
		}
	}
	return false
}

// A traceCase is a puzzle and where it comes from.
type traceCase struct {
	file    string
	line    int
	grid    Grid
	variant *Variant
}

// traceCases are the puzzles every engine's trace is checked on.
func traceCases(t *testing.T) []traceCase {
	n := 40
	if testing.Short() {
		n = 10
	}
	var cs []traceCase
	for _, f := range []struct {
		path   string
		sample bool // only the first n puzzles
	}{
		{"../testdata/magictour.txt", true},
		{"../testdata/17clue.txt", true},
		{"../testdata/serg.txt", true},
		{"../testdata/special.txt", false},
	} {
		all := readEntries(t, f.path)
		if f.sample && len(all) > n {
			all = all[:n]
		}
		for _, e := range all {
			cs = append(cs, traceCase{file: filepath.Base(f.path), line: e.Line, grid: e.Clues, variant: e.Variant})
		}
	}
	return cs
}

// TestTraceReplay checks the trace of every engine that traces, with limit 1
// and 2, on every case: each event against the model, the replay against
// the engine's solution, counts of solutions and guesses against Result.
func TestTraceReplay(t *testing.T) {
	for _, e := range []Engine{propEngine{}, dlxEngine{}} {
		for _, c := range traceCases(t) {
			for _, limit := range []int{1, 2} {
				opt := Options{Variant: c.variant, Limit: limit}
				want, werr := e.Solve(c.grid, opt)
				res, tr, err := TraceSolve(e, c.grid, opt, 0)
				if err != nil || werr != nil {
					t.Fatalf("%s:%d (%s): TraceSolve: %v, Solve: %v", c.file, c.line, e.Name(), err, werr)
				}
				if res != want {
					t.Fatalf("%s:%d (%s): TraceSolve gives %+v, Solve %+v", c.file, c.line, e.Name(), res, want)
				}
				if tr.Truncated || len(tr.Events) == 0 || tr.Engine != e.Name() || tr.Variant != c.variant.Name {
					t.Fatalf("%s:%d (%s): trace of %d events, truncated %v, engine %q, variant %q", c.file, c.line, e.Name(), len(tr.Events), tr.Truncated, tr.Engine, tr.Variant)
				}
				checkTrace(t, c.file+":"+strconv.Itoa(c.line), c.grid, c.variant, tr, res)
			}
		}
	}
}

// TestTraceTruncated: a bounded trace keeps the first events and says so;
// the solve itself is unchanged.
func TestTraceTruncated(t *testing.T) {
	g := mustParse(t, "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
	for _, e := range []Engine{propEngine{}, dlxEngine{}} {
		opt := Options{Limit: 2}
		_, full, err := TraceSolve(e, g, opt, 0)
		if err != nil {
			t.Fatal(err)
		}
		res, tr, err := TraceSolve(e, g, opt, 25)
		want, _ := e.Solve(g, opt)
		if err != nil || res != want {
			t.Fatalf("%s: truncated trace solve = %+v, %v; want %+v", e.Name(), res, err, want)
		}
		if !tr.Truncated || len(tr.Events) != 25 || !reflect.DeepEqual(tr.Events, full.Events[:25]) {
			t.Errorf("%s: trace of %d events, truncated %v; want the first 25 events of the full trace, truncated", e.Name(), len(tr.Events), tr.Truncated)
		}
		if full.Truncated {
			t.Errorf("%s: full trace of %d events is truncated", e.Name(), len(full.Events))
		}
		checkTrace(t, "truncated", g, Standard, tr, res)
	}
}

var traceErrorTests = []struct {
	engine string
	puzzle string
	want   error
}{
	{"fast", "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", ErrNoTrace},
	{"prop", "44...............................................................................", ErrConflict},
	{"dlx", "4........4.......................................................................", ErrConflict},
}

func TestTraceErrors(t *testing.T) {
	for _, tt := range traceErrorTests {
		e, err := LookupEngine(tt.engine)
		if err != nil {
			t.Fatal(err)
		}
		_, tr, err := TraceSolve(e, mustParse(t, tt.puzzle), Options{}, 0)
		if !errors.Is(err, tt.want) || tr != nil {
			t.Errorf("TraceSolve(%s, %s) = trace %v, %v; want nil, %v", tt.engine, tt.puzzle, tr, err, tt.want)
		}
	}
}

// TestTraceBudget: a budget stops a traced solve as it stops Solve, and the
// trace up to there still replays.
func TestTraceBudget(t *testing.T) {
	g := mustParse(t, ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4.........")
	for _, e := range []Engine{propEngine{}, dlxEngine{}} {
		res, tr, err := TraceSolve(e, g, Options{MaxNodes: 50}, 0)
		if !errors.Is(err, ErrBudget) || tr == nil || len(tr.Events) == 0 {
			t.Fatalf("%s: budget 50: %v, trace %v", e.Name(), err, tr != nil)
		}
		checkTrace(t, "budget", g, Standard, tr, Result{Count: res.Count, Stats: Stats{Guesses: res.Guesses}})
	}
}

// TestTraceJSON: an event encodes to JSON and back unchanged.
func TestTraceJSON(t *testing.T) {
	_, tr, err := TraceSolve(dlxEngine{}, mustParse(t, "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"), Options{}, 500)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(tr)
	if err != nil {
		t.Fatal(err)
	}
	var back trace.Trace
	if err := json.Unmarshal(b, &back); err != nil || !reflect.DeepEqual(back.Events, tr.Events) || back.Truncated != tr.Truncated {
		t.Errorf("JSON round trip: %v; events equal %v", err, reflect.DeepEqual(back.Events, tr.Events))
	}
	kinds := map[trace.Kind]bool{}
	for _, e := range tr.Events {
		kinds[e.Kind] = true
	}
	for _, k := range []trace.Kind{trace.KindAssign, trace.KindEliminate, trace.KindColumn, trace.KindGuess} {
		if !kinds[k] {
			t.Errorf("the first 500 dlx events hold no %q event", k)
		}
	}
}

var eventTextTests = []struct {
	e    trace.Event
	want string
}{
	{trace.Event{Kind: trace.KindAssign, Rule: trace.RuleHiddenSingle, Cell: 10, Digit: 6, Unit: 18, From: -1}, "assign r2c2=6 (hidden single in box 1)"},
	{trace.Event{Kind: trace.KindAssign, Rule: trace.RuleClue, Cell: 0, Digit: 4, Unit: -1, From: -1}, "assign r1c1=4 (clue)"},
	{trace.Event{Kind: trace.KindEliminate, Rule: trace.RuleElimination, Cell: 1, Digit: 4, Unit: -1, From: 0}, "eliminate r1c2=4 (r1c1 holds 4)"},
	{trace.Event{Kind: trace.KindGuess, Rule: trace.RuleFewestCandidates, Cell: 40, Digit: 3, Depth: 1, Unit: -1, From: -1, Size: 2}, "guess r5c5=3 (fewest candidates, 2 options)"},
	{trace.Event{Kind: trace.KindGuess, Rule: trace.RuleFewestPlaces, Cell: 40, Digit: 3, Depth: 1, Unit: 4, From: -1, Size: 3}, "guess r5c5=3 (fewest places of 3 in row 5, 3 options)"},
	{trace.Event{Kind: trace.KindBacktrack, Cell: -1, Depth: 2, Unit: -1, From: -1}, "backtrack to depth 2"},
	{trace.Event{Kind: trace.KindContradiction, Rule: trace.RuleNoPlace, Cell: -1, Digit: 7, Unit: 9, From: -1}, "contradiction: 7 has no place in column 1"},
	{trace.Event{Kind: trace.KindColumn, Rule: trace.RuleFewestRows, Cell: -1, Digit: 5, Unit: 2, From: -1, Size: 2, Column: "row 3 has a 5", Columns: 200, Rows: 400},
		`column "row 3 has a 5" (fewest rows: 2) [200 columns, 400 rows left]`},
	{trace.Event{Kind: trace.KindSolution, Cell: -1, Unit: -1, From: -1, Size: 1}, "solution 1"},
}

func TestEventText(t *testing.T) {
	for _, tt := range eventTextTests {
		if got := tt.e.Text(Standard); got != tt.want {
			t.Errorf("%+v.Text() = %q, want %q", tt.e, got, tt.want)
		}
	}
}

// TestSolveAllocs: tracing adds no allocation to an untraced solve. The
// counts are those from before tracing existed: prop copies its state to the
// heap once per guess, dlx allocates its matrix (seven slices and headers).
func TestSolveAllocs(t *testing.T) {
	g := mustParse(t, "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
	for _, e := range []Engine{propEngine{}, dlxEngine{}} {
		res, _ := e.Solve(g, Options{Limit: 2})
		want := float64(7)
		if e.Name() == "prop" {
			want = float64(res.Guesses)
		}
		got := testing.AllocsPerRun(10, func() { e.Solve(g, Options{Limit: 2}) })
		if got != want {
			t.Errorf("%s: %v allocations per solve, want %v", e.Name(), got, want)
		}
	}
}

// FuzzTrace traces any puzzle with both engines under a node budget and
// checks every event: the trace never panics and always replays.
func FuzzTrace(f *testing.F) {
	seedFuzz(f)
	f.Fuzz(func(t *testing.T, s string) {
		g, err := Parse(s)
		if err != nil {
			return
		}
		for _, e := range []Engine{propEngine{}, dlxEngine{}} {
			opt := Options{Limit: 2, MaxNodes: 200}
			res, tr, err := TraceSolve(e, g, opt, 5000)
			if errors.Is(err, ErrConflict) {
				return
			}
			if err != nil && !errors.Is(err, ErrBudget) {
				t.Fatalf("%s: %s: %v", e.Name(), g, err)
			}
			checkTrace(t, g.String(), g, Standard, tr, res)
		}
	})
}

// TestColumnNames checks the dlx constraint names a trace shows, "an 8"
// included.
func TestColumnNames(t *testing.T) {
	tr := &dlxTrace{v: Standard}
	for _, tc := range []struct {
		h    int32
		want string
	}{
		{1, "r1c1 has a digit"},
		{81, "r9c9 has a digit"},
		{82, "row 1 has a 1"},
		{81 + 2*9 + 5, "row 3 has a 5"},
		{81 + 8, "row 1 has an 8"},
		{81 + 9*9 + 8, "column 1 has an 8"},
	} {
		if got := tr.columnName(tc.h); got != tc.want {
			t.Errorf("columnName(%d) = %q, want %q", tc.h, got, tc.want)
		}
	}
}
