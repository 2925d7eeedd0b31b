package solver

import (
	"context"
	"fmt"
	"math"
	"strings"
)

// Options bound and shape one solve. The zero value asks for the first
// solution of a standard puzzle with no budget.
type Options struct {
	Variant  *Variant        // the rules; nil means Standard
	Limit    int             // stop after this many solutions; 0 means 1, 2 proves uniqueness
	MaxNodes int64           // stop with ErrBudget after this many search nodes; 0: no limit
	Context  context.Context // stop with ErrBudget (and the context's error) once it is done; nil: never
}

// Stats count the work of one solve. A node is one round of propagation
// (the first one, and one per guess); a guess is one tentative placement.
type Stats struct {
	Nodes   int64
	Guesses int64
}

// Result is what a solve found.
type Result struct {
	// Count is the number of solutions found, at most the limit: with
	// Limit 2, Count 2 means "two or more".
	Count int
	// Solution is the first solution found; the zero Grid when Count is 0.
	// For a puzzle with several solutions, which one comes first depends on
	// the engine and may depend on the limit ("fast" orders its guesses
	// differently when it must look for a second solution); with Limit 1
	// it stays the same from version to version, as the generator's seeds
	// rely on it.
	Solution Grid
	Stats
}

// CountString returns the count as a player reads it under the given limit:
// "0", "1", ... and "2+" when the limit was reached (for limits above 1).
func (r Result) CountString(limit int) string {
	if limit <= 0 {
		limit = 1
	}
	if r.Count >= limit && limit > 1 {
		return fmt.Sprintf("%d+", limit)
	}
	return fmt.Sprint(r.Count)
}

// An Engine solves puzzles. Every engine returns the same counts, and with
// Limit 1 a valid solution; which solution comes first may differ.
//
// Solve returns a *ConflictError when two clues break a rule, a Result with
// Count 0 and a nil error when the clues agree but no solution exists, and an
// error wrapping ErrBudget when Options.MaxNodes or Options.Context stopped it
// (the Result then holds the solutions found so far). Engines are safe for
// concurrent use and deterministic: the same input gives the same Result.
type Engine interface {
	Name() string
	Solve(g Grid, opt Options) (Result, error)
}

// engines lists every engine, the default first.
var engines = []Engine{fastEngine{}, propEngine{}, dlxEngine{}}

// Engines returns every engine, the default first.
func Engines() []Engine { return append([]Engine(nil), engines...) }

// EngineNames returns the names of Engines, the default first.
func EngineNames() []string {
	names := make([]string, len(engines))
	for i, e := range engines {
		names[i] = e.Name()
	}
	return names
}

// LookupEngine returns the engine with the given name; "" means the default.
// An unknown name gives an error wrapping ErrUnknown.
func LookupEngine(name string) (Engine, error) {
	if name == "" {
		return engines[0], nil
	}
	for _, e := range engines {
		if e.Name() == name {
			return e, nil
		}
	}
	return nil, fmt.Errorf("engine %q: %w (known: %s)", name, ErrUnknown, strings.Join(EngineNames(), ", "))
}

// Solve solves g with the default engine; see Engine for the results.
func Solve(g Grid, opt Options) (Result, error) { return engines[0].Solve(g, opt) }

// defaults fills in the zero values: a nil Variant is Standard, a Limit
// below 1 is 1. It is the package's one "nil means Standard": every entry
// point calls it (or prepare) first, so that past it no variant is nil.
func (opt *Options) defaults() {
	if opt.Variant == nil {
		opt.Variant = Standard
	}
	if opt.Limit <= 0 {
		opt.Limit = 1
	}
}

// prepare fills in defaults and checks the clues.
func (opt *Options) prepare(g *Grid) error {
	opt.defaults()
	return opt.Variant.Check(*g)
}

// budget tracks nodes against Options.MaxNodes and Options.Context.
type budget struct {
	nodes, max int64
	ctx        context.Context
	err        error
	// free is the node count below which spend needs neither the limit
	// nor the context checked (0 until spendChecked sets it).
	free int64
}

// spend counts one node and reports whether the solve may go on. Its
// usual case is small enough to be inlined: a call costs most in
// WebAssembly.
func (b *budget) spend() bool {
	if b.nodes < b.free {
		b.nodes++
		return true
	}
	return b.spendChecked()
}

// spendChecked is spend with the checks: the node limit, and every 1024
// nodes the context.
func (b *budget) spendChecked() bool {
	if b.max > 0 && b.nodes >= b.max {
		b.err = &budgetError{nodes: b.nodes}
		return false
	}
	b.nodes++
	if b.ctx != nil && b.nodes&1023 == 0 {
		if err := b.ctx.Err(); err != nil {
			b.err = &budgetError{nodes: b.nodes, cause: err}
			return false
		}
	}
	// Below free, the next calls pass both checks: under the limit, and
	// no count that is a multiple of 1024 with a context.
	b.free = math.MaxInt64
	if b.max > 0 {
		b.free = b.max
	}
	if b.ctx != nil {
		b.free = min(b.free, b.nodes|1023)
	}
	return true
}
