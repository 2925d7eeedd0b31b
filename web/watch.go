package web

import (
	"errors"
	"fmt"
	"time"

	"sudoku/solver"
	"sudoku/solver/trace"
	"sudoku/web/worker"
)

// Watch the solver: the engine's worker records a traced solve of the
// player's clues (solver.TraceSolve, bounded in events, nodes and time), and
// the page replays it on a read-only board. watchModel is that replay
// without the page: the trace, the position after the first pos events,
// and the counters. The panel
// (watchPanel, watch_view.go) shows it and drives it with a timer.

// Budgets of the recording. The trace keeps at most watchMaxEvents events
// (the solve goes on without recording); the solve itself is bounded like
// the page's Solve. Variables so that tests can make them tiny.
var (
	watchMaxEvents       = 20_000
	watchBudget    int64 = 2_000_000
	watchTime            = 3 * time.Second
)

// watchEngines are the engines the panel offers, by name, and their labels.
var watchEngines = []struct{ name, label string }{
	{"prop", "Propagation + search"},
	{"dlx", "Algorithm X (dancing links)"},
}

// watchRulesEngine is the one engine of a variant puzzle with its own
// rules: the rules engine (solver.Rules.TraceSolve), propagation of
// singles, locked candidates and every constraint, and search.
var watchRulesEngine = struct{ name, label string }{"rules", "Rules engine (propagation + search)"}

// watchSpeeds are the speeds offered, in events per second.
var watchSpeeds = []int{1, 2, 5, 10, 20, 50, 100, 200, 500}

// watchDefaultSpeed is the speed on opening, in events per second.
const watchDefaultSpeed = 20

// watchFrame is the shortest time between two repaints while playing: at
// higher speeds each repaint applies several events.
const watchFrame = 50 * time.Millisecond

// watchCounts are the counters of a replay at its position.
type watchCounts struct {
	Nodes      int // digits placed by the search (assignments and guesses, clues not counted)
	Guesses    int
	Backtracks int
}

// watchModel is a recorded trace and its replay.
type watchModel struct {
	engine  string
	variant *solver.Variant
	custom  *solver.Rules // a variant puzzle's own rules (cells r*Size+c), or nil
	clues   solver.Grid

	trace *trace.Trace
	res   solver.Result
	err   error         // the solve's error (budget, conflict), if any
	took  time.Duration // the time TraceSolve took

	pos    int // events applied
	rep    *trace.Replay
	counts watchCounts
	undone [81]bool      // cells the last event (a backtrack) emptied
	path   []trace.Event // dlx: the column event branched on at each depth of the current path

	playing bool
	speed   int  // events per second
	reduced bool // prefers-reduced-motion: stepping only, no playback
}

// newWatchModel returns a model for the clues of a game under variant v,
// or under a variant puzzle's own rules custom (then with the rules
// engine, whatever engine says), nothing recorded yet, at the default
// speed.
func newWatchModel(clues solver.Grid, v *solver.Variant, custom *solver.Rules, engine string) *watchModel {
	if v == nil {
		v = solver.Standard
	}
	m := &watchModel{engine: engine, variant: v, custom: custom, clues: clues, speed: watchDefaultSpeed}
	if custom != nil {
		m.engine = watchRulesEngine.name
	}
	m.rep = m.newReplay()
	return m
}

// size is the side of the model's grid: 9, or a variant puzzle's own.
func (m *watchModel) size() int {
	if m.custom != nil {
		return m.custom.Size
	}
	return 9
}

func (m *watchModel) newReplay() *trace.Replay { return trace.NewReplaySize(m.size()) }

// units names the units and cells of the model's rules in event texts.
func (m *watchModel) units() trace.Units {
	if m.custom != nil {
		return m.custom
	}
	return m.variant
}

// cellName names cell c of the model's grid: "r3c5".
func (m *watchModel) cellName(c int) string {
	if m.custom != nil {
		return m.custom.CellName(c)
	}
	return solver.CellName(c)
}

// traceRequest is the job that records the model's trace in the engine's
// worker: a solve of the clues with the model's engine (with a variant
// puzzle's rules, the rules engine), bounded in events, nodes and time.
func (m *watchModel) traceRequest() worker.Request {
	return worker.Request{Op: worker.OpTrace, Position: worker.FromPosition(solver.Position{Clues: m.clues, Variant: m.variant}),
		Engine: m.engine, MaxEvents: watchMaxEvents, MaxNodes: watchBudget, Millis: int(watchTime / time.Millisecond),
		Rules: worker.RulesOf(m.custom)}
}

// take keeps the trace the worker recorded (the answer to traceRequest),
// positioned before its first event. It reports an error only when there
// is no trace to show (an unknown engine, conflicting clues, a cancelled
// job); a solve that ran out of budget or found no solution still has a
// trace, and m.err says why it stopped.
func (m *watchModel) take(resp worker.Response) error {
	m.stop()
	m.trace, m.err, m.res = nil, nil, solver.Result{}
	m.seek(0)
	tr, res, err := resp.TraceResult(m.clues)
	m.took = time.Duration(resp.Millis * float64(time.Millisecond))
	if tr == nil {
		return err
	}
	m.trace, m.res, m.err = tr, res, err
	return nil
}

// setEngine chooses the engine ("prop" or "dlx"); the trace is then to be
// recorded again (traceRequest).
func (m *watchModel) setEngine(name string) error {
	if m.custom != nil {
		if name != watchRulesEngine.name {
			return fmt.Errorf("engine %q cannot be watched on this puzzle's rules (rules)", name)
		}
		return nil
	}
	for _, e := range watchEngines {
		if e.name == name {
			m.engine = name
			return nil
		}
	}
	return fmt.Errorf("engine %q cannot be watched (prop or dlx)", name)
}

// total is the number of events recorded.
func (m *watchModel) total() int {
	if m.trace == nil {
		return 0
	}
	return len(m.trace.Events)
}

// done reports whether every recorded event is shown.
func (m *watchModel) done() bool { return m.pos >= m.total() }

// current is the last event applied, and false before the first.
func (m *watchModel) current() (trace.Event, bool) {
	if m.pos == 0 || m.trace == nil {
		return trace.Event{}, false
	}
	return m.trace.Events[m.pos-1], true
}

// step applies the next event. It reports false at the end of the trace or
// when the event does not follow the position (the replay then stops
// there: a trace the page recorded always follows).
func (m *watchModel) step() bool {
	if m.done() {
		return false
	}
	e := m.trace.Events[m.pos]
	before := m.rep.Grid
	if err := m.rep.Apply(e); err != nil {
		m.err = fmt.Errorf("event %d does not follow: %w", m.pos+1, err)
		m.trace.Events = m.trace.Events[:m.pos]
		return false
	}
	m.pos++
	m.undone = [81]bool{}
	switch e.Kind {
	case trace.KindAssign:
		if e.Rule != trace.RuleClue {
			m.counts.Nodes++
		}
	case trace.KindGuess:
		m.counts.Nodes++
		m.counts.Guesses++
	case trace.KindBacktrack:
		m.counts.Backtracks++
		for c := range m.undone {
			m.undone[c] = before[c] != 0 && m.rep.Grid[c] == 0
		}
		if len(m.path) > e.Depth+1 {
			m.path = m.path[:e.Depth+1] // the same column's next row is tried
		}
	case trace.KindColumn:
		if e.Depth <= len(m.path) {
			m.path = append(m.path[:e.Depth], e)
		}
	}
	return true
}

// advance applies up to n events and returns how many it applied; playing
// stops at the end of the trace.
func (m *watchModel) advance(n int) int {
	k := 0
	for k < n && m.step() {
		k++
	}
	if m.done() {
		m.playing = false
	}
	return k
}

// seek puts the replay after the first n events (clamped to the trace),
// replaying from the start: a trace is at most watchMaxEvents long, so this
// costs a few milliseconds at most.
func (m *watchModel) seek(n int) {
	m.rep = m.newReplay()
	m.pos, m.counts, m.undone, m.path = 0, watchCounts{}, [81]bool{}, nil
	n = max(0, min(n, m.total()))
	for m.pos < n && m.step() {
	}
}

// back steps one event back. It reports false at the start.
func (m *watchModel) back() bool {
	if m.pos == 0 {
		return false
	}
	m.stop()
	m.seek(m.pos - 1)
	return true
}

// restart goes back before the first event and stops.
func (m *watchModel) restart() {
	m.stop()
	m.seek(0)
}

// canPlay reports whether Play may animate: not under reduced motion, and
// not at the end.
func (m *watchModel) canPlay() bool { return !m.reduced && m.trace != nil && !m.done() }

// play starts playback; it reports false when playback is not allowed
// (reduced motion, nothing left to show).
func (m *watchModel) play() bool {
	if !m.canPlay() {
		m.playing = false
		return false
	}
	m.playing = true
	return true
}

func (m *watchModel) stop() { m.playing = false }

// setSpeed sets the speed in events per second, clamped to the offered range.
func (m *watchModel) setSpeed(perSecond int) {
	m.speed = max(watchSpeeds[0], min(perSecond, watchSpeeds[len(watchSpeeds)-1]))
}

// tick is the playback timer at the model's speed: how long between
// repaints and how many events each applies. Up to one event per frame,
// one event per tick; above, one tick per frame with a batch of events.
func (m *watchModel) tick() (every time.Duration, batch int) {
	s := max(1, m.speed)
	if every = time.Second / time.Duration(s); every >= watchFrame {
		return every, 1
	}
	return watchFrame, max(1, s*int(watchFrame)/int(time.Second))
}

// note says what was recorded: how many events in how long, whether the
// trace was cut short, and why the solve stopped when it did not finish.
func (m *watchModel) note() string {
	if m.trace == nil {
		return ""
	}
	s := fmt.Sprintf("Recorded %s events in %s.", thousands(m.total()), formatDuration(m.took))
	if m.trace.Truncated {
		s += fmt.Sprintf(" The trace keeps only the first %s events: the solve went on unrecorded.", thousands(m.trace.Max))
	}
	switch {
	case errors.Is(m.err, solver.ErrBudget):
		s += " The solver stopped at its budget before finishing."
	case m.err != nil:
		s += " " + capitalise(m.err.Error()) + "."
	case m.res.Count == 0:
		s += " The puzzle has no solution."
	}
	return s
}

// watchRuleClass is the class of a placed digit by the rule that placed it.
func watchRuleClass(r trace.Rule) string {
	switch r {
	case trace.RuleClue:
		return "clue"
	case trace.RuleNakedSingle:
		return "w-naked"
	case trace.RuleHiddenSingle:
		return "w-hidden"
	case trace.RuleFewestCandidates, trace.RuleFewestPlaces, trace.RuleFewestRows:
		return "w-guess"
	}
	return "w-other"
}

// thousands writes n with a comma every three digits.
func thousands(n int) string {
	s := fmt.Sprint(n)
	if n < 0 {
		return s
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

func capitalise(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}
