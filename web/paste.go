package web

import (
	"errors"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"sudoku/solver"
	"sudoku/web/worker"
)

// pasted is a pasted text read as a puzzle: the load action that opens it
// as a new game and what the page says then, or why it is no puzzle.
type pasted struct {
	load    action
	said    string // what the page says once it is loaded
	refused string // why the text is no puzzle (an error), "" when it is one
	again   bool   // the read was cancelled with the worker's other jobs: read it again
}

// readText reads text, pasted on a page playing under rules, as a puzzle,
// or a player's position, in any format solver.ParsePosition reads: its
// clues, and the player's digits and candidates (as corner marks) when the
// text carries them. A note naming a variant ("puzzle:1:diagonal") sets
// the rules. F-puzzles data opens as a variant puzzle (variant_load.go).
// The page reads the 81-character line itself, and done gets it at once;
// the engine's worker (e) reads every other form, and done gets it as an
// update of the page when it answers, or, when the read was cancelled with
// the worker's other jobs, that it is to be read again (again).
func readText(ctx app.Context, e *engine, text string, rules *solver.Variant, done func(ctx app.Context, p pasted)) {
	if len(text) > maxPasteBytes {
		done(ctx, pasted{refused: txtTooLong})
		return
	}
	if clues, err := worker.ParseGrid(strings.TrimSpace(text)); err == nil {
		done(ctx, positionPasted(solver.Position{Clues: clues, Variant: rules}, rules))
		return
	}
	q := worker.ReadRequest{As: worker.ReadPosition, Text: text, Variant: rules.Name}
	if solver.IsFPuzzles(text) {
		q = worker.ReadRequest{As: worker.ReadFPuzzles, Text: text}
	}
	e.do(ctx, worker.Request{Op: worker.OpRead, Read: &q}, func(ctx app.Context, resp worker.Response) {
		if errors.Is(resp.Err.Err(), worker.ErrCancelled) {
			done(ctx, pasted{again: true})
			return
		}
		done(ctx, readPasted(q, resp, rules))
	})
}

// readPasted is what the worker read of a pasted text (q), or why it is
// no puzzle.
func readPasted(q worker.ReadRequest, resp worker.Response, rules *solver.Variant) pasted {
	err := resp.Err.Err()
	if err == nil && resp.Read == nil {
		err = errors.New("the engine's worker read nothing")
	}
	if q.As == worker.ReadFPuzzles {
		if err == nil && resp.Read.Puzzle == nil {
			err = errors.New("the engine's worker read no puzzle")
		}
		if err != nil {
			return pasted{refused: txtVariantRefused(err)}
		}
		return variantPasted(resp.Read.Puzzle)
	}
	var p solver.Position
	if err == nil && resp.Read.Position == nil {
		err = errors.New("the engine's worker read no position")
	}
	if err == nil {
		p, err = resp.Read.Position.Solver()
	}
	if err != nil {
		return pasted{refused: txtNotPuzzle(err)}
	}
	return positionPasted(p, rules)
}

// positionPasted opens a position read from a pasted text; rules are the
// page's when it was pasted (the action names the position's only when
// they differ).
func positionPasted(p solver.Position, rules *solver.Variant) pasted {
	if _, err := gameFromPosition(p); err != nil {
		return pasted{refused: txtNotPuzzle(err)}
	}
	a := action{Kind: actLoad, Grid: positionText(p)}
	if p.Variant != rules {
		a.Name = p.Variant.Name
	}
	return pasted{load: a, said: txtLoaded(p.Clues.Clues())}
}

// variantPasted opens a variant puzzle pasted as f-puzzles data, which the
// worker read into p; a puzzle that cannot be opened is refused.
func variantPasted(p *worker.VariantPuzzle) pasted {
	a := variantLoadAction(p)
	g, err := customGame(a.Rules, a.Grid)
	if err == nil {
		g.Title, g.Author = p.Title, p.Author
		err = setterSolution(&g, a.Solution)
	}
	if err != nil {
		return pasted{refused: txtVariantRefused(err)}
	}
	return pasted{load: a, said: txtVariantLoaded(&g)}
}
