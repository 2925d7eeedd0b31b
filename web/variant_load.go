package web

import (
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"sudoku/internal/lzstring"
	"sudoku/solver"
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

// paramLoad is the query key of a variant puzzle, as f-puzzles names it.
const paramLoad = "load"

// maxLoadBytes is the longest load= value read: a big killer's JSON
// compresses to a few kilobytes.
const maxLoadBytes = 60_000

// puzzleOf returns the variant puzzle a game holds: its rules, givens and
// the setter's solution when it has one.
func puzzleOf(g *game) *solver.Puzzle {
	n := g.cells()
	p := &solver.Puzzle{Title: g.Title, Author: g.Author, Rules: g.Custom, Givens: append([]uint8(nil), g.Clues[:n]...)}
	if g.Solution != (solver.Grid{}) {
		p.Solution = append([]uint8(nil), g.Solution[:n]...) // the receiver's mistake check uses it
	}
	return p
}

// loadParam is the load= value of a variant game: its f-puzzles JSON,
// lz-string-compressed, query-escaped.
func loadParam(g *game) (string, error) {
	js, err := puzzleOf(g).FPuzzlesJSON()
	if err != nil {
		return "", err
	}
	return url.QueryEscape(lzstring.CompressToBase64(string(js))), nil
}

// variantQuery is linkQuery for a variant game: the puzzle, then the
// entries and marks when withProgress is set and there are any. A puzzle
// the f-puzzles form cannot say (never one read from f-puzzles) has no link.
func variantQuery(g game, withProgress bool) string {
	load, err := loadParam(&g)
	if err != nil {
		return ""
	}
	q := paramLoad + "=" + load
	if withProgress && g.Entries.Clues() > 0 {
		q += "&" + paramEntries + "=" + g.Entries.String()[:g.cells()]
	}
	if withProgress && g.HasMarks() {
		q += "&" + paramMarks + "=" + marksParam(g)
	}
	return q
}

// loadAction is the action that opens a variant puzzle.
func variantLoadAction(p *solver.Puzzle) action {
	var clues, sol solver.Grid
	copy(clues[:], p.Givens)
	a := action{Kind: actLoad, Grid: clues.String(), Rules: rulesJSON(p.Rules), Title: p.Title, Author: p.Author}
	if p.Solution != nil {
		copy(sol[:], p.Solution)
		a.Solution = sol.String()
	}
	return a
}

// readVariant reads a variant puzzle from f-puzzles data (a link, the
// lz-string, the JSON) and says what is wrong in a sentence the page can
// show: a constraint the page does not support is named.
func readVariant(text string) (*solver.Puzzle, error) {
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

// gameFromLoad reads a variant puzzle's link: the load= value (already
// unescaped by the query's reader) and the optional entries and marks.
func gameFromLoad(q url.Values) (game, error) {
	load := q.Get(paramLoad)
	if len(load) > maxLoadBytes || len(q.Get(paramEntries)) > maxParamBytes || len(q.Get(paramMarks)) > maxParamBytes {
		return game{}, errors.New("the link is too long to be a puzzle")
	}
	p, err := readVariant("?load=" + url.QueryEscape(load))
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

// loadVariant opens a variant puzzle pasted as f-puzzles data, as a new
// game (undo brings the old one back). Text that cannot be opened changes
// nothing and the page says why, naming the rules it does not support.
func (r *root) loadVariant(ctx app.Context, text string) bool {
	p, err := readVariant(text)
	if err != nil {
		r.say(msgError, txtVariantRefused(err))
		return false
	}
	r.editing = false
	r.selected = 0
	if r.doNewGame(ctx, variantLoadAction(p)) {
		r.gameStarted(ctx, "", "")
	}
	r.say(msgInfo, txtVariantLoaded(p))
	return true
}
