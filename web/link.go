package web

import (
	"errors"
	"fmt"
	"net/url"
	"strings"

	"sudoku/internal/radix"
	"sudoku/solver"
)

// Share links keep the game in the query string:
//
//	?p=<81 clue chars>[&v=<variant name>][&e=<81 entry chars>][&m=<marks>]
//
// with '.' for an empty cell. The variant is named as solver.LookupVariant
// knows it ("diagonal"); standard is left out. Marks, when the link carries
// them, take one of two forms:
//
//   - sudokuwiki.org's 162-character board string, ?bd=<162 chars>, when
//     it can say them: corner marks only, never exactly one in a cell (a
//     single candidate reads as a placed digit), no centre mark, no colour;
//   - else m=, seven characters per marked cell in increasing cell order:
//     the cell as two decimal digits (00-80), its corner marks and its
//     centre marks each as two base-32 digits (bit d-1 for digit d), its
//     colour as one digit (0 for none).
//
// Links of sudokuwiki.org, ?bd=<81 chars> or ?bd=<162 chars>, open too.
const (
	paramPuzzle   = "p"
	paramVariant  = "v"
	paramEntries  = "e"
	paramMarks    = "m"
	paramWiki     = "bd"
	maxParamBytes = 600 // longer values are rejected before parsing
)

// maxLinkBytes is the longest share link the page offers: longer links break
// in some chat and mail programs. A link with marks that would be longer is
// offered without them, and the page says so. A variable so that tests can
// make it small.
var maxLinkBytes = 2000

// queryOf returns the raw query string holding g, puzzle first, then the
// variant, then the entries and marks (when withProgress is set and there
// are any). An empty standard game (marks included, with withProgress) has
// no query. Every character it writes is URL-safe. A variant puzzle's
// load= value comes from t: errPending until the worker has written it.
func queryOf(g game, withProgress bool, t *texts) (string, error) {
	if g.Custom != nil {
		return variantQuery(g, withProgress, t) // variant_load.go
	}
	return classicQuery(g, withProgress), nil
}

// classicQuery is queryOf for a game under the classic rules.
func classicQuery(g game, withProgress bool) string {
	v := g.Rules()
	if g.Clues.Clues() == 0 && g.Entries.Clues() == 0 && v == solver.Standard && !(withProgress && g.HasMarks()) {
		return ""
	}
	variant := ""
	if v != solver.Standard {
		variant = "&" + paramVariant + "=" + url.QueryEscape(v.Name)
	}
	if withProgress && g.HasMarks() && wikiFits(g) {
		return paramWiki + "=" + wikiBoard(g) + variant
	}
	q := paramPuzzle + "=" + g.Clues.String() + variant
	if withProgress && g.Entries.Clues() > 0 {
		q += "&" + paramEntries + "=" + g.Entries.String()
	}
	if withProgress && g.HasMarks() {
		q += "&" + paramMarks + "=" + marksParam(g)
	}
	return q
}

// wikiFits reports whether sudokuwiki's board string can say g's marks.
func wikiFits(g game) bool {
	for i := range g.Corner {
		if g.Centre[i] != 0 || g.Colour[i] != 0 || g.Corner[i].Len() == 1 {
			return false
		}
	}
	return true
}

// wikiBoard writes g as sudokuwiki's 162-character board string
// (solver.FormatBoard): clues, entries and corner marks as candidates.
func wikiBoard(g game) string {
	p := solver.Position{Clues: g.Clues, HasCands: true, GivensKnown: true, Variant: g.Rules()}
	for i := range g.Corner {
		if g.Clues[i] == 0 {
			p.Placed[i] = g.Entries[i]
		}
		p.Cands[i] = uint16(g.Corner[i])
	}
	return p.Text(solver.FormatBoard)
}

// marksParam writes g's marks in the m= form.
func marksParam(g game) string {
	var b []byte
	for i := range g.Corner {
		if g.Corner[i] == 0 && g.Centre[i] == 0 && g.Colour[i] == 0 {
			continue
		}
		b = append(b, byte('0'+i/10), byte('0'+i%10))
		b = radix.AppendPair32(b, int(g.Corner[i]))
		b = radix.AppendPair32(b, int(g.Centre[i]))
		b = append(b, byte('0'+g.Colour[i]))
	}
	return string(b)
}

// parseMarks reads the m= form into g, which already holds the digits.
func parseMarks(g *game, s string) error {
	if len(s)%7 != 0 {
		return errors.New("the link's marks cannot be read (wrong length)")
	}
	board := g.Board()
	last := -1
	for k := 0; k < len(s); k += 7 {
		r := s[k : k+7]
		c := int(r[0]-'0')*10 + int(r[1]-'0')
		corner, ok1 := radix.Pair32(r[2], r[3])
		centre, ok2 := radix.Pair32(r[4], r[5])
		colour := r[6]
		switch {
		case r[0] < '0' || r[0] > '9' || r[1] < '0' || r[1] > '9' || c >= g.cells() || c <= last:
			return errors.New("the link's marks cannot be read (bad cell)")
		case !ok1 || !ok2 || corner > int(g.digitMarks()) || centre > int(g.digitMarks()) || colour < '0' || colour > '9':
			return fmt.Errorf("the link's marks cannot be read (bad marks for %s)", g.cellName(c))
		case board[c] != 0:
			return fmt.Errorf("the link has marks on the filled cell %s", g.cellName(c))
		}
		g.Corner[c], g.Centre[c], g.Colour[c] = marks(corner), marks(centre), colour-'0'
		last = c
	}
	return nil
}

// errNoLink means the URL holds no game.
var errNoLink = errors.New("no game in the link")

// gameFromLink reads a game from a share link's query. It returns errNoLink
// when the query names no puzzle, and a message-ready error for a link that
// cannot be read: too long, not a puzzle, an unknown variant, entries on clues.
// A puzzle in a form the page does not read itself comes from t: errPending
// until the worker has read it.
func gameFromLink(q url.Values, t *texts) (game, error) {
	if q.Has(paramLoad) {
		return gameFromLoad(q, t) // a variant puzzle (variant_load.go)
	}
	p, wiki := q.Get(paramPuzzle), q.Get(paramWiki)
	if p == "" && wiki == "" {
		return game{}, errNoLink
	}
	if len(p) > maxParamBytes || len(wiki) > maxParamBytes || len(q.Get(paramEntries)) > maxParamBytes ||
		len(q.Get(paramMarks)) > maxParamBytes || len(q.Get(paramVariant)) > 20 {
		return game{}, errors.New("the link is too long to be a puzzle")
	}
	if p == "" && len(wiki) == 162 {
		return gameFromWikiBoard(wiki, q.Get(paramVariant), t)
	}
	if p == "" {
		p = wiki
	}
	clues, err := t.grid(p)
	if errors.Is(err, errPending) {
		return game{}, err
	}
	if err != nil {
		return game{}, fmt.Errorf("the link's puzzle cannot be read (%v)", err)
	}
	g := game{Clues: clues}
	if name := q.Get(paramVariant); name != "" {
		v, err := solver.LookupVariant(name)
		if err != nil {
			return game{}, errors.New("the link names an unknown variant")
		}
		g.Variant = v
	}
	if e := q.Get(paramEntries); e != "" {
		entries, err := t.grid(e)
		if errors.Is(err, errPending) {
			return game{}, err
		}
		if err != nil {
			return game{}, fmt.Errorf("the link's digits cannot be read (%v)", err)
		}
		for i, d := range entries {
			if d != 0 && clues[i] != 0 {
				return game{}, fmt.Errorf("the link has a digit on the clue %s", solver.CellName(i))
			}
		}
		g.Entries = entries
	}
	if m := q.Get(paramMarks); m != "" {
		if err := parseMarks(&g, m); err != nil {
			return game{}, err
		}
	}
	return g, nil
}

// gameFromWikiBoard reads sudokuwiki's 162-character board string: clues,
// placed digits and candidates, which become corner marks. The page reads
// the board string it writes; a text of another form is the worker's.
func gameFromWikiBoard(s, variant string, t *texts) (game, error) {
	p, err := solver.ParseFormat(s, solver.FormatBoard)
	if err != nil {
		p, err = t.position(s, "")
	}
	if errors.Is(err, errPending) {
		return game{}, err
	}
	if err != nil {
		return game{}, fmt.Errorf("the link's board cannot be read (%v)", err)
	}
	g, err := gameFromPosition(p)
	if err != nil {
		return game{}, fmt.Errorf("the link has %v", err)
	}
	if variant != "" {
		v, err := solver.LookupVariant(variant)
		if err != nil {
			return game{}, errors.New("the link names an unknown variant")
		}
		g.Variant = v
	}
	return g, nil
}

// gameFromPosition returns the game a position read by solver.ParsePosition
// describes: its clues, the player's digits and, when it has candidates,
// those of its empty cells as corner marks. Share links and pasted text
// both load through it. It refuses a digit on a clue ("a digit on the clue
// r1c2").
func gameFromPosition(p solver.Position) (game, error) {
	g := game{Clues: p.Clues, Entries: p.Placed}
	for i := range g.Entries {
		if g.Clues[i] != 0 && g.Entries[i] != 0 {
			return game{}, fmt.Errorf("a digit on the clue %s", solver.CellName(i))
		}
		if p.HasCands && g.Clues[i] == 0 && g.Entries[i] == 0 {
			g.Corner[i] = marks(p.Cands[i]) & allMarks
		}
	}
	return g, nil
}

// positionText is the text a loading action carries for a position: its
// 81 clues when it holds nothing more, else the S9B form (clues, digits and
// candidates), which gameFromText reads back.
func positionText(p solver.Position) string {
	if !p.HasCands && p.Placed == (solver.Grid{}) {
		return p.Clues.String()
	}
	return p.Text(solver.FormatS9B)
}

// gameFromText reads the text of a loading action: 81 clues, or a
// position's S9B form.
func gameFromText(s string) (game, error) {
	if !strings.HasPrefix(s, "S9B") {
		clues, err := parseGrid(s)
		return game{Clues: clues}, err
	}
	p, err := solver.ParseFormat(s, solver.FormatS9B)
	if err == nil {
		var g game
		if g, err = gameFromPosition(p); err == nil {
			return g, nil
		}
	}
	return game{}, fmt.Errorf("%v: %w", err, errBadAction)
}
