package web

import (
	"fmt"
	"net/url"

	"sudoku/solver"
)

// Share links keep the game in the query string:
//
//	?p=<81 clue chars>[&v=diagonal][&e=<81 entry chars>]
//
// with '.' for an empty cell. Links of sudokuwiki.org, ?bd=<81 chars>, open too.
const (
	paramPuzzle   = "p"
	paramVariant  = "v"
	paramEntries  = "e"
	paramWiki     = "bd"
	variantDiag   = "diagonal"
	maxParamBytes = 400 // longer values are rejected before parsing
)

// linkQuery returns the raw query string holding g, puzzle first, then the
// variant, then the entries (when withEntries is set and there are any). An
// empty game has no query. Every character it writes is URL-safe.
func linkQuery(g Game, withEntries bool) string {
	if g.Empty() && !g.Diagonal {
		return ""
	}
	q := paramPuzzle + "=" + g.Clues.String()
	if g.Diagonal {
		q += "&" + paramVariant + "=" + variantDiag
	}
	if withEntries && g.Entries.Clues() > 0 {
		q += "&" + paramEntries + "=" + g.Entries.String()
	}
	return q
}

// errNoLink means the URL holds no game.
var errNoLink = fmt.Errorf("no game in the link")

// gameFromQuery reads a game from a share link's query. It returns errNoLink
// when the query names no puzzle, and a message-ready error for a link that
// cannot be read: too long, not a puzzle, an unknown variant, entries on clues.
func gameFromQuery(q url.Values) (Game, error) {
	p, wiki := q.Get(paramPuzzle), q.Get(paramWiki)
	if p == "" && wiki == "" {
		return Game{}, errNoLink
	}
	if p == "" {
		p = wiki
	}
	var g Game
	if len(p) > maxParamBytes || len(q.Get(paramEntries)) > maxParamBytes || len(q.Get(paramVariant)) > 20 {
		return Game{}, fmt.Errorf("the link is too long to be a puzzle")
	}
	clues, err := solver.Parse(p)
	if err != nil {
		return Game{}, fmt.Errorf("the link's puzzle cannot be read (%v)", err)
	}
	g.Clues = clues
	switch v := q.Get(paramVariant); v {
	case "", "standard":
	case variantDiag:
		g.Diagonal = true
	default:
		return Game{}, fmt.Errorf("the link names an unknown variant")
	}
	if e := q.Get(paramEntries); e != "" {
		entries, err := solver.Parse(e)
		if err != nil {
			return Game{}, fmt.Errorf("the link's digits cannot be read (%v)", err)
		}
		for i, d := range entries {
			if d != 0 && clues[i] != 0 {
				return Game{}, fmt.Errorf("the link has a digit on the clue %s", solver.CellName(i))
			}
		}
		g.Entries = entries
	}
	return g, nil
}
