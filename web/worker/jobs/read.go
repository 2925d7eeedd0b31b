package jobs

import (
	"errors"
	"fmt"
	"net/url"
	"strings"

	"sudoku/internal/lzstring"
	"sudoku/solver"
	"sudoku/web/worker"
)

// The reading jobs: a pasted text or a link's puzzle read with the
// solver's readers, and a variant puzzle written as its link's load=
// value, so that the page links neither the readers nor f-puzzles' format.

// read runs an OpRead job.
func read(q *worker.ReadRequest, resp *worker.Response) error {
	if q == nil {
		return fmt.Errorf("%w: read without its text", worker.ErrRequest)
	}
	switch q.As {
	case worker.ReadGrid:
		g, err := solver.Parse(q.Text)
		if err != nil {
			return err
		}
		resp.Read = &worker.Read{Position: &worker.Position{Clues: g.String()}}
	case worker.ReadPosition:
		v, err := solver.LookupVariant(q.Variant)
		if err != nil {
			return err
		}
		p, err := solver.ParsePosition(q.Text, solver.ReadOptions{Variant: v})
		if err != nil {
			return err
		}
		w := worker.FromPosition(p)
		resp.Read = &worker.Read{Position: &w}
	case worker.ReadFPuzzles:
		p, err := ReadVariant(q.Text)
		if err != nil {
			return err
		}
		resp.Read = &worker.Read{Puzzle: FromVariant(p)}
	default:
		return fmt.Errorf("%w: unknown way to read %q", worker.ErrRequest, q.As)
	}
	return nil
}

// ReadVariant reads a variant puzzle from f-puzzles data (a link, the
// lz-string, the JSON) and says what is wrong in a sentence the page can
// show: a constraint the page does not support is named.
func ReadVariant(text string) (*solver.Puzzle, error) {
	p, err := solver.ParseFPuzzles(text, "")
	if err == nil {
		return p, nil
	}
	msg := err.Error()
	var pe *solver.ParseError
	if errors.As(err, &pe) {
		msg = pe.Msg
	}
	if rest, ok := strings.CutPrefix(msg, "unsupported constraint: "); ok && errors.Is(err, solver.ErrUnsupported) {
		return nil, fmt.Errorf("it uses rules this page does not support yet: %s", rest)
	}
	return nil, errors.New(msg)
}

// FromVariant returns p on the wire.
func FromVariant(p *solver.Puzzle) *worker.VariantPuzzle {
	var givens, sol solver.Grid
	copy(givens[:], p.Givens)
	w := &worker.VariantPuzzle{Title: p.Title, Author: p.Author, Givens: givens.String()}
	if b, err := p.Rules.MarshalJSON(); err == nil {
		w.Rules = string(b)
	}
	if p.Solution != nil {
		copy(sol[:], p.Solution)
		w.Solution = sol.String()
	}
	return w
}

// link runs an OpLink job: the puzzle's f-puzzles JSON, lz-string
// compressed to base64, query-escaped. A puzzle the f-puzzles form cannot
// say is an error.
func link(w *worker.VariantPuzzle, resp *worker.Response) error {
	if w == nil {
		return fmt.Errorf("%w: link without its puzzle", worker.ErrRequest)
	}
	var r solver.Rules
	if err := r.UnmarshalJSON([]byte(w.Rules)); err != nil {
		return fmt.Errorf("%w: the rules: %v", worker.ErrRequest, err)
	}
	n := r.Cells()
	givens, err := worker.ParseGrid(w.Givens)
	if err != nil {
		return fmt.Errorf("%w: the givens: %v", worker.ErrRequest, err)
	}
	p := &solver.Puzzle{Title: w.Title, Author: w.Author, Rules: &r, Givens: append([]uint8(nil), givens[:n]...)}
	if w.Solution != "" {
		sol, err := worker.ParseGrid(w.Solution)
		if err != nil {
			return fmt.Errorf("%w: the solution: %v", worker.ErrRequest, err)
		}
		p.Solution = append([]uint8(nil), sol[:n]...)
	}
	js, err := p.FPuzzlesJSON()
	if err != nil {
		return err
	}
	resp.Link = url.QueryEscape(lzstring.CompressToBase64(string(js)))
	return nil
}
