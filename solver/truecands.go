package solver

import (
	"errors"
	"fmt"
	"strings"
)

// True candidates: the digits that appear in a cell in some solution, what
// setters look at while they build a puzzle. Both forms solve once, then
// once per cell and digit no solution so far has shown there, with that
// digit added to the givens: a digit is a true candidate exactly when such
// a solve finds a solution, and every solution found marks all its digits,
// so most cells cost nothing.

// TrueCandidates returns, for each cell of a classic or named-variant
// puzzle (opt.Variant), the digits that appear in that cell in some
// solution of g's clues (bit d-1 for digit d; a clue's cell holds its own
// digit). All zero means no solution. Each solve is bounded by opt, the
// node budget counting over all of them (on ErrBudget the digits seen so
// far come back with the error); Limit is ignored. Errors are
// those of Solve.
func TrueCandidates(g Grid, opt Options) ([81]uint16, error) {
	var out [81]uint16
	seen, err := trueCandidates(g[:], 9, opt, func(h []uint8, o Options) (solved, error) {
		res, err := Solve(Grid(h), o)
		return solved{res.Count, res.Solution[:], res.Nodes}, err
	})
	copy(out[:], seen)
	return out, err
}

// TrueCandidates returns, for each cell, the digits that appear in that
// cell in some solution of the givens under r (bit d-1 for digit d), as
// the function TrueCandidates does for classic puzzles: all zero means no
// solution; the node budget counts over every solve, and on ErrBudget the
// digits seen so far come back with the error. Errors are those of Solve.
func (r *Rules) TrueCandidates(givens []uint8, opt Options) ([]uint16, error) {
	return trueCandidates(givens, r.Size, opt, func(g []uint8, o Options) (solved, error) {
		res, err := r.Solve(g, o)
		return solved{res.Count, res.Solution, res.Nodes}, err
	})
}

// solved is what trueCandidates needs of a solve.
type solved struct {
	count    int
	solution []uint8
	nodes    int64
}

// trueCandidates is both TrueCandidates' search over givens of size-digit
// cells, solve being the engine's solve with Limit 1.
func trueCandidates(givens []uint8, size int, opt Options, solve func([]uint8, Options) (solved, error)) ([]uint16, error) {
	seen := make([]uint16, len(givens))
	opt.Limit = 1
	spent := int64(0)
	try := func(g []uint8) (bool, error) {
		o := opt
		if opt.MaxNodes > 0 {
			if o.MaxNodes = opt.MaxNodes - spent; o.MaxNodes <= 0 {
				return false, &budgetError{nodes: spent}
			}
		}
		res, err := solve(g, o)
		spent += res.nodes
		if res.count > 0 {
			for k, x := range res.solution {
				seen[k] |= 1 << (x - 1)
			}
		}
		return res.count > 0, err
	}
	if ok, err := try(givens); err != nil || !ok {
		return seen, err
	}
	g := append([]uint8(nil), givens...)
	for c := range givens {
		if givens[c] != 0 {
			continue
		}
		for d := 1; d <= size; d++ {
			if seen[c]&(1<<(d-1)) != 0 {
				continue
			}
			g[c] = uint8(d)
			if _, err := try(g); err != nil && !errors.Is(err, ErrConflict) {
				return seen, err // a conflict: d is a peer's given, so not a candidate
			}
		}
		g[c] = 0
	}
	return seen, nil
}

// FormatTrueCandidates formats true candidates as the CLI prints them:
// one field a cell, its digits run together ("." for none), a line a row.
func FormatTrueCandidates(size int, cands []uint16) string {
	var b strings.Builder
	for c, m := range cands {
		if c%size > 0 {
			b.WriteByte(' ')
		}
		n := b.Len()
		for d := 1; d <= size; d++ {
			if m&(1<<(d-1)) != 0 {
				fmt.Fprint(&b, d)
			}
		}
		if b.Len() == n {
			b.WriteByte('.')
		}
		if c%size == size-1 {
			b.WriteByte('\n')
		}
	}
	return b.String()
}
