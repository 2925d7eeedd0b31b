package web

import (
	"errors"
	"fmt"
	"net/url"

	"sudoku/solver"
	"sudoku/web/worker"
)

// Variant puzzles in links and the paste box. A variant puzzle travels in
// f-puzzles' own form: its JSON (solver.Puzzle.FPuzzlesJSON),
// lz-string-compressed to base64, after "load=", so that
//
//	?load=<lz-string>[&e=<entries>][&m=<marks>]
//
// opens in f-puzzles when the host is swapped for f-puzzles.com, and an
// f-puzzles link opens here when its host is swapped for the page's. The
// entries are Size² characters row by row ('.' for empty); the marks are
// the m= form of link.go, cells numbered r*Size+c. The paste box and a
// paste anywhere take an f-puzzles or SudokuPad link, the lz-string alone
// or the JSON itself (solver.IsFPuzzles tells them from a classic grid).
// The engine's worker reads and writes the f-puzzles form (texts.go): the
// page links neither it nor lz-string.

// paramLoad is the query key of a variant puzzle, as f-puzzles names it.
const paramLoad = "load"

// maxLoadBytes is the longest load= value read: a big killer's JSON
// compresses to a few kilobytes.
const maxLoadBytes = 60_000

// puzzleOf returns the variant puzzle a game holds, as the worker writes
// its link: its rules, givens and the setter's solution when it has one
// (the receiver's mistake check uses it).
func puzzleOf(g *game) worker.VariantPuzzle {
	p := worker.VariantPuzzle{Title: g.Title, Author: g.Author, Rules: rulesJSON(g.Custom), Givens: g.Clues.String()}
	if g.Solution != (solver.Grid{}) {
		p.Solution = g.Solution.String()
	}
	return p
}

// variantQuery is queryOf for a variant game: the puzzle, then the
// entries and marks when withProgress is set and there are any. A puzzle
// the f-puzzles form cannot say (never one read from f-puzzles) has no link.
func variantQuery(g game, withProgress bool, t *texts) (string, error) {
	load, err := t.link(puzzleOf(&g))
	if errors.Is(err, errPending) {
		return "", err
	}
	if err != nil || load == "" {
		return "", nil
	}
	q := paramLoad + "=" + load
	if withProgress && g.Entries.Clues() > 0 {
		q += "&" + paramEntries + "=" + g.Entries.String()[:g.cells()]
	}
	if withProgress && g.HasMarks() {
		q += "&" + paramMarks + "=" + marksParam(g)
	}
	return q, nil
}

// variantLoadAction is the action that opens a variant puzzle.
func variantLoadAction(p *worker.VariantPuzzle) action {
	return action{Kind: actLoad, Grid: p.Givens, Rules: p.Rules, Title: p.Title, Author: p.Author, Solution: p.Solution}
}

// gameFromLoad reads a variant puzzle's link: the load= value (already
// unescaped by the query's reader) and the optional entries and marks. The
// puzzle comes from t: errPending until the worker has read it.
func gameFromLoad(q url.Values, t *texts) (game, error) {
	load := q.Get(paramLoad)
	if len(load) > maxLoadBytes || len(q.Get(paramEntries)) > maxParamBytes || len(q.Get(paramMarks)) > maxParamBytes {
		return game{}, errors.New("the link is too long to be a puzzle")
	}
	p, err := t.variant("?load=" + url.QueryEscape(load))
	if errors.Is(err, errPending) {
		return game{}, err
	}
	if err != nil {
		return game{}, fmt.Errorf("the link's puzzle cannot be opened: %v", err)
	}
	a := variantLoadAction(p)
	g, err := customGame(a.Rules, a.Grid)
	if err != nil {
		return game{}, fmt.Errorf("the link's puzzle cannot be opened: %v", err)
	}
	g.Title, g.Author = p.Title, p.Author
	if err := setterSolution(&g, a.Solution); err != nil {
		return game{}, fmt.Errorf("the link's puzzle cannot be opened: %v", err)
	}
	if e := q.Get(paramEntries); e != "" {
		if err := readEntries(&g, e); err != nil {
			return game{}, err
		}
	}
	if m := q.Get(paramMarks); m != "" {
		if err := parseMarks(&g, m); err != nil {
			return game{}, err
		}
	}
	return g, nil
}

// readEntries reads a variant link's entries, Size² characters ('.' or '0'
// for empty), into g, which holds the clues.
func readEntries(g *game, s string) error {
	n := g.cells()
	if len(s) != n {
		return fmt.Errorf("the link's digits cannot be read (%d characters, want %d)", len(s), n)
	}
	for i := range n {
		ch := s[i]
		switch {
		case ch == '.' || ch == '0':
			continue
		case ch < '1' || int(ch-'0') > g.size():
			return fmt.Errorf("the link's digits cannot be read (%q at %s)", ch, g.cellName(i))
		case g.Clues[i] != 0:
			return fmt.Errorf("the link has a digit on the clue %s", g.cellName(i))
		}
		g.Entries[i] = ch - '0'
	}
	if err := g.check(g.Board()); err != nil {
		var ce *solver.ConflictError
		if errors.As(err, &ce) {
			return nil // the player's clashing digits travel too; the page shows the clash
		}
		return err
	}
	return nil
}
