package generate

import (
	"context"
	"errors"
	"fmt"
	"time"

	"sudoku/solver"
	"sudoku/solver/logic"
)

// Errors. Every error Generate returns wraps one of them (ErrBudget with
// the context's error when the context stopped it), except an internal
// error of the logic engine, which would be a bug.
var (
	// ErrBudget: no puzzle met the target within Options.MaxAttempts, or
	// the context was done first.
	ErrBudget = errors.New("no puzzle met the target within the budget")
	// ErrOptions: options no puzzle can meet (an unknown symmetry or level,
	// an empty score range, a symmetry that breaks the variant's units).
	ErrOptions = errors.New("bad generator options")
)

// DefaultMaxAttempts is the number of candidate puzzles Generate makes for
// one puzzle when Options.MaxAttempts is 0: far more than every level of
// the standard and diagonal variants needs on average (about 50 for a
// standard Extreme puzzle, about 300 for a diagonal Easy one).
const DefaultMaxAttempts = 20000

// Options say what to make. The zero value asks for a standard puzzle of
// any level with no symmetry, from seed 0.
type Options struct {
	Variant  *solver.Variant // the rules; nil means solver.Standard
	Symmetry Symmetry        // the shape of the clue pattern
	Target   Target          // the difficulty; the zero Target accepts any
	Seed     uint64          // the same seed and options give the same puzzle

	// MaxAttempts bounds the candidate puzzles made (each a full grid and
	// a minimal puzzle from it, graded); 0 means DefaultMaxAttempts.
	MaxAttempts int
	// Context stops the search early; its deadline is checked between
	// steps even where nothing else can preempt the work (WebAssembly in a
	// browser). nil means no limit but MaxAttempts.
	Context context.Context
}

// A Puzzle is a generated puzzle with its grade.
type Puzzle struct {
	Grid     solver.Grid
	Solution solver.Grid
	Variant  *solver.Variant
	Symmetry Symmetry
	// Level and Score are logic.Explain's grade; Hardest is the technique
	// of its highest-rated step (of equal ratings, the one the engine
	// tries later).
	Level   logic.Level
	Score   float64
	Hardest logic.Technique
	Seed    uint64 // the seed it was made from
	// Attempts counts the candidate puzzles made, this one included.
	Attempts int
}

// Clues returns the number of clues.
func (p *Puzzle) Clues() int { return p.Grid.Clues() }

// Generate makes one puzzle with exactly one solution, minimal (taking away
// any clue, or with a symmetry any group of symmetric clues, leaves several
// solutions), with the clue pattern of opt.Symmetry and the difficulty of
// opt.Target. It is deterministic: the same options give the same puzzle on
// every platform, whatever the time taken.
//
// Each attempt fills a grid at random with the fast engine, takes clues
// away in random order while the solution stays unique, and grades the
// result, stopping the grading as soon as the puzzle proves harder than
// asked. An attempt takes about a millisecond natively for easy puzzles and
// a few for hard ones; Extreme and rare techniques need hundreds of
// attempts. When none succeeds within opt.MaxAttempts, or the context is
// done, Generate returns an error wrapping ErrBudget (and the context's
// error); options no puzzle can meet give an error wrapping ErrOptions.
func Generate(opt Options) (*Puzzle, error) {
	if err := opt.Check(); err != nil {
		return nil, err
	}
	v := opt.variant()
	max := opt.MaxAttempts
	if max <= 0 {
		max = DefaultMaxAttempts
	}
	b := newBudget(opt.Context)
	r := rng{s: opt.Seed}
	orbits := opt.Symmetry.orbits()
	for attempt := 1; attempt <= max; attempt++ {
		if err := b.check(); err != nil {
			return nil, fmt.Errorf("after %d attempts for %v: %w", attempt-1, opt.Target, err)
		}
		sol, err := fill(&r, v)
		if err != nil {
			return nil, err
		}
		p, err := minimize(&r, sol, v, orbits, b, pruneSingles && opt.Target.singlesOnly())
		if err == errTooHard {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("after %d attempts for %v: %w", attempt-1, opt.Target, err)
		}
		g, ok, err := rate(p, sol, v, opt.Target, b)
		if err != nil {
			if errors.Is(err, ErrBudget) {
				err = fmt.Errorf("after %d attempts for %v: %w", attempt-1, opt.Target, err)
			}
			return nil, err
		}
		if ok {
			return &Puzzle{Grid: p, Solution: sol, Variant: v, Symmetry: opt.Symmetry,
				Level: g.level, Score: g.score, Hardest: g.hardest, Seed: opt.Seed, Attempts: attempt}, nil
		}
	}
	return nil, fmt.Errorf("%d attempts made, none with %v: %w", max, opt.Target, ErrBudget)
}

// variant returns the rules: the package's one place where a nil Variant
// means solver.Standard.
func (opt Options) variant() *solver.Variant {
	if opt.Variant == nil {
		return solver.Standard
	}
	return opt.Variant
}

// Check reports options that no puzzle can meet, with an error wrapping
// ErrOptions: an unknown symmetry, level or technique, an empty score
// range, a symmetry that does not map the variant's units onto units.
// Generate makes the same check first.
func (opt Options) Check() error {
	v := opt.variant()
	if opt.Symmetry < 0 || opt.Symmetry >= numSymmetries {
		return fmt.Errorf("%v: %w", opt.Symmetry, ErrOptions)
	}
	if _, err := logic.NewState(solver.Position{Variant: v}); err != nil {
		return fmt.Errorf("variant %s cannot be graded: %w: %w", v.Name, ErrOptions, err)
	}
	if !opt.Symmetry.Preserves(v) {
		return fmt.Errorf("symmetry %v does not map the units of variant %s onto units: %w", opt.Symmetry, v.Name, ErrOptions)
	}
	return opt.Target.check()
}

// fillSeeds is the number of random clues a full grid grows from.
const fillSeeds = 11

// fill returns a random full grid of variant v: a few clues at random, the
// first solution the fast engine finds for them, and the digits relabelled
// at random (which maps a solution to a solution under any variant).
func fill(r *rng, v *solver.Variant) (solver.Grid, error) {
	eng, err := solver.LookupEngine("fast")
	if err != nil {
		return solver.Grid{}, err
	}
	for try := 0; try < 1000; try++ {
		var g solver.Grid
		for k := 0; k < fillSeeds; k++ {
			c, d := r.intn(81), uint8(1+r.intn(9))
			if g[c] != 0 {
				continue
			}
			g[c] = d
			if v.Check(g) != nil {
				g[c] = 0
			}
		}
		res, err := eng.Solve(g, solver.Options{Variant: v, MaxNodes: 10000})
		if err != nil || res.Count == 0 {
			continue // a dead end or a slow one: draw again
		}
		perm := [10]uint8{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
		r.shuffle(9, func(i, j int) { perm[i+1], perm[j+1] = perm[j+1], perm[i+1] })
		for c := range res.Solution {
			res.Solution[c] = perm[res.Solution[c]]
		}
		return res.Solution, nil
	}
	return solver.Grid{}, fmt.Errorf("variant %s: no full grid found in 1000 tries: %w", v.Name, ErrOptions)
}

// uniqueNodes bounds one uniqueness check; a check that runs out counts as
// "not unique", so the clue stays (it never happens with the standard and
// diagonal rules, whose checks take a few hundred nodes at most).
const uniqueNodes = 200000

// pruneSingles turns on the early end of minimize for singles-only targets;
// the tests turn it off to show that it changes no puzzle, only the time.
var pruneSingles = true

// errTooHard ends an attempt whose puzzle already needs more than singles.
var errTooHard = errors.New("harder than singles")

// minimize takes the groups of cells of orbits away from the full grid sol
// in random order, each only when the solution stays unique. One pass
// gives a minimal puzzle: a group that had to stay cannot go later, since
// fewer clues only allow more solutions.
//
// With singles set, the target needs a puzzle that singles solve, and
// minimize gives up with errTooHard once the fast engine has to guess: its
// propagation does every single (and more), and what it cannot solve, it
// cannot solve with fewer clues either.
func minimize(r *rng, sol solver.Grid, v *solver.Variant, orbits [][]uint8, b *budget, singles bool) (solver.Grid, error) {
	eng, err := solver.LookupEngine("fast")
	if err != nil {
		return solver.Grid{}, err
	}
	order := make([]int, len(orbits))
	for i := range order {
		order[i] = i
	}
	r.shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	p := sol
	for k, i := range order {
		if k%16 == 15 {
			if err := b.check(); err != nil {
				return p, err
			}
		}
		for _, c := range orbits[i] {
			p[c] = 0
		}
		res, err := eng.Solve(p, solver.Options{Variant: v, Limit: 2, MaxNodes: uniqueNodes})
		if err != nil || res.Count != 1 {
			for _, c := range orbits[i] {
				p[c] = sol[c]
			}
		} else if singles && res.Guesses > 0 {
			return p, errTooHard
		}
	}
	return p, nil
}

// budget watches the context. In WebAssembly a running computation never
// yields to the timer that would cancel a context at its deadline, so the
// deadline is compared with the clock as well.
type budget struct {
	ctx      context.Context
	deadline time.Time
	hasDL    bool
}

func newBudget(ctx context.Context) *budget {
	b := &budget{ctx: ctx}
	if ctx != nil {
		b.deadline, b.hasDL = ctx.Deadline()
	}
	return b
}

// check returns an error wrapping ErrBudget and the context's error once
// the context is done or its deadline has passed.
func (b *budget) check() error {
	if b.ctx == nil {
		return nil
	}
	err := b.ctx.Err()
	if err == nil && b.hasDL && !time.Now().Before(b.deadline) {
		err = context.DeadlineExceeded
	}
	if err != nil {
		return fmt.Errorf("%w: %w", ErrBudget, err)
	}
	return nil
}
