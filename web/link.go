package web

import (
	"errors"
	"fmt"
	"net/url"

	"sudoku/solver"
)

// Share links keep the game in the query string:
//
//	?p=<81 clue chars>[&v=<variant name>][&e=<81 entry chars>]
//
// with '.' for an empty cell. The variant is named as solver.LookupVariant
// knows it ("diagonal"); standard is left out. Links of sudokuwiki.org,
// ?bd=<81 chars>, open too.
const (
	paramPuzzle   = "p"
	paramVariant  = "v"
	paramEntries  = "e"
	paramWiki     = "bd"
	maxParamBytes = 400 // longer values are rejected before parsing
)

// linkQuery returns the raw query string holding g, puzzle first, then the
// variant, then the entries (when withEntries is set and there are any). An
// empty standard game has no query. Every character it writes is URL-safe.
func linkQuery(g Game, withEntries bool) string {
	v := g.Rules()
	if g.Clues.Clues() == 0 && g.Entries.Clues() == 0 && v == solver.Standard {
		return ""
	}
	q := paramPuzzle + "=" + g.Clues.String()
	if v != solver.Standard {
		q += "&" + paramVariant + "=" + url.QueryEscape(v.Name)
	}
	if withEntries && g.Entries.Clues() > 0 {
		q += "&" + paramEntries + "=" + g.Entries.String()
	}
	return q
}

// errNoLink means the URL holds no game.
var errNoLink = errors.New("no game in the link")

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
	if len(p) > maxParamBytes || len(q.Get(paramEntries)) > maxParamBytes || len(q.Get(paramVariant)) > 20 {
		return Game{}, errors.New("the link is too long to be a puzzle")
	}
	clues, err := solver.Parse(p)
	if err != nil {
		return Game{}, fmt.Errorf("the link's puzzle cannot be read (%v)", err)
	}
	g := Game{Clues: clues}
	if name := q.Get(paramVariant); name != "" {
		v, err := solver.LookupVariant(name)
		if err != nil {
			return Game{}, errors.New("the link names an unknown variant")
		}
		g.Variant = v
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
