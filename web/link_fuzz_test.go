package web

import (
	"errors"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sudoku/internal/lzstring"
	"sudoku/solver"
)

// variantSeedGames are variant puzzles of testdata/variants as games, one
// with digits and marks played, for the fuzz targets' seeds.
func variantSeedGames(tb testing.TB) []game {
	var out []game
	for _, name := range []string{"thermo-6x6-wsc2022.json", "killer-uk2022.json", "irregular-kropki-6x6-wsc2022.json", "gen-littlekiller.json"} {
		b, err := os.ReadFile(filepath.Join("..", "testdata", "variants", name))
		if err != nil {
			tb.Fatal(err)
		}
		p, err := solver.ParseFPuzzles(string(b), name)
		if err != nil {
			tb.Fatal(err)
		}
		s := newStore(game{})
		if err := s.Do(variantLoadAction(wireVariant(p))); err != nil {
			tb.Fatal(err)
		}
		out = append(out, s.Game())
		for _, a := range []action{{Kind: actPlace, Cell: 13, Digit: 2}, {Kind: actCorner, Cell: 20, Digit: 3}, {Kind: actColour, Cell: 21, Digit: 9}} {
			s.Do(a)
		}
		out = append(out, s.Game())
	}
	return out
}

// linkSeedGames are games whose links seed the fuzz targets: a puzzle
// alone, with entries, with corner marks only (sudokuwiki's board string),
// and with every kind of mark under the diagonal rules (the m= form).
func linkSeedGames(tb testing.TB) []game {
	clues, err := solver.Parse(unique)
	if err != nil {
		tb.Fatal(err)
	}
	s := newStore(game{Clues: clues})
	games := []game{s.Game()}
	for _, a := range []action{
		{Kind: actPlace, Cell: 1, Digit: 6},
		{Kind: actCandidates},
		{Kind: actVariant, Name: "diagonal"},
		{Kind: actCorner, Cell: 3, Digit: 9},
		{Kind: actCentre, Cell: 4, Digit: 2},
		{Kind: actColour, Cell: 5, Digit: 7},
	} {
		s.Do(a)
		games = append(games, s.Game())
	}
	return games
}

// FuzzLink reads an arbitrary query string as the page reads a share
// link's (url.ParseQuery, whose errors the page ignores as URL.Query
// does). gameFromQuery never panics. It fails with errNoLink exactly when
// the query names no puzzle, else with a message the page can show after
// "This link cannot be opened: " (starting "the link", no final period).
// A game it reads holds no digit on a clue, no mark on a filled cell and
// only marks and colours in range, and its link, with and without the
// player's progress, reads back to the same game (the puzzle and rules
// alone without it).
//
//	go test ./web -run '^$' -fuzz '^FuzzLink$' -fuzztime 30s
func FuzzLink(f *testing.F) {
	for _, g := range linkSeedGames(f) {
		f.Add(linkQuery(g, true))
		f.Add(linkQuery(g, false))
	}
	for _, c := range badMarks {
		f.Add("p=" + unique + "&m=" + c.m)
	}
	f.Add("bd=" + unique)
	f.Add("bd=" + strings.Repeat("v", 162))
	f.Add("p=" + unique + "&v=hex")
	f.Add("p=" + unique + "&e=4" + empty[1:])
	f.Add("p=" + strings.Repeat("1", 700))
	f.Add("q=1")
	for _, g := range variantSeedGames(f) {
		f.Add(linkQuery(g, true))
		f.Add(linkQuery(g, false))
	}
	f.Add("load=N4Ig@@@@")
	f.Add("load=" + url.QueryEscape(lzstring.CompressToBase64(`{"size":6,"grid":[]}`)))
	f.Fuzz(func(t *testing.T, raw string) {
		if len(raw) > 4096 {
			return
		}
		q, _ := url.ParseQuery(raw)
		g, err := gameFromQuery(q)
		if err != nil {
			named := q.Get(paramPuzzle) != "" || q.Get(paramWiki) != "" || q.Has(paramLoad)
			if errors.Is(err, errNoLink) == named {
				t.Fatalf("gameFromQuery(%q) = %v with a puzzle named: %v", raw, err, named)
			}
			if msg := err.Error(); !errors.Is(err, errNoLink) && (!strings.HasPrefix(msg, "the link") || strings.HasSuffix(msg, ".")) {
				t.Fatalf("gameFromQuery(%q): message %q, want one starting with \"the link\" and no final period", raw, msg)
			}
			return
		}
		verifyGame(t, "link "+raw, g)
		for _, progress := range []bool{true, false} {
			want := g
			if !progress {
				want = game{Clues: g.Clues, Variant: g.Variant, Custom: g.Custom, Title: g.Title, Author: g.Author, Solution: g.Solution}
			}
			link := linkQuery(g, progress)
			q2, err := url.ParseQuery(link)
			if err != nil {
				t.Fatalf("link %q of %q does not parse: %v", link, raw, err)
			}
			back, err := gameFromQuery(q2)
			if link == "" {
				if empty := (game{}); !want.Equal(&empty) || !errors.Is(err, errNoLink) {
					t.Fatalf("%q: no link for a game that is not empty, or it reads as %v", raw, err)
				}
				continue
			}
			if err != nil || !back.Equal(&want) {
				t.Fatalf("%q (progress %v): link %q reads back as %+v, %v; want %+v", raw, progress, link, back, err, want)
			}
		}
	})
}

// FuzzPaste loads arbitrary text as the page's paste box does: a text that
// ParsePosition reads and gameFromPosition accepts becomes a loading
// action, which must apply to any game and give that very game, with the
// rules the text names; a text refused gives an error matching one of the
// solver's sentinels or a digit on a clue.
//
//	go test ./web -run '^$' -fuzz '^FuzzPaste$' -fuzztime 30s
func FuzzPaste(f *testing.F) {
	for _, g := range linkSeedGames(f) {
		p := solver.Position{Clues: g.Clues, Placed: g.Entries, GivensKnown: true, HasCands: true, Variant: g.Rules()}
		for i := range g.Corner {
			p.Cands[i] = uint16(g.Corner[i])
		}
		for _, ft := range []solver.Format{solver.FormatLine, solver.FormatGrid, solver.FormatS9B, solver.FormatBoard, solver.FormatCandidates} {
			f.Add(p.Text(ft))
		}
	}
	f.Add(unique + ":1:diagonal")
	f.Add("https://www.sudokuwiki.org/sudoku.htm?bd=" + unique)
	f.Add("S9B12")
	for _, g := range variantSeedGames(f) {
		js := fpuzzlesJSON(f, g)
		f.Add(js)
		f.Add("https://f-puzzles.com/?" + linkQuery(g, false))
		f.Add("https://sudokupad.app/fpuzzles" + lzstring.CompressToBase64(js))
	}
	f.Add(`{"size": 9, "grid": [[`)
	f.Fuzz(func(t *testing.T, text string) {
		if len(text) > maxPasteBytes {
			return
		}
		if solver.IsFPuzzles(text) { // the page reads it as f-puzzles data (loadVariant)
			p, err := readVariant(text)
			if err != nil {
				if err.Error() == "" {
					t.Fatalf("readVariant(%q): an empty message", text)
				}
				return
			}
			a := variantLoadAction(p)
			for _, from := range linkSeedGames(t)[:2] {
				g := from
				if err := apply(&g, a); err != nil {
					t.Fatalf("f-puzzles %q: loading action: %v", text, err)
				}
				verifyGame(t, "f-puzzles "+text, g)
				if rules, err := rulesFromJSON(p.Rules); err != nil || !sameRules(g.Custom, rules) || g.Clues.String() != p.Givens {
					t.Fatalf("f-puzzles %q: loaded another puzzle", text)
				}
			}
			return
		}
		p, err := readPosition(text, "") // by the worker, as the paste box reads it
		if err != nil {
			n := 0
			for _, s := range []error{solver.ErrSyntax, solver.ErrLength, solver.ErrConflict, solver.ErrBudget, solver.ErrMismatch, solver.ErrUnknown} {
				if errors.Is(err, s) {
					n++
				}
			}
			if n != 1 {
				t.Fatalf("reading %q: %v matches %d sentinels, want 1", text, err, n)
			}
			return
		}
		want, err := gameFromPosition(p)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "a digit on the clue ") {
				t.Fatalf("gameFromPosition(%q): %v", text, err)
			}
			return
		}
		want.Variant = p.Variant
		verifyGame(t, "paste "+text, want)
		a := action{Kind: actLoad, Grid: positionText(p)}
		if p.Variant != solver.Standard {
			a.Name = p.Variant.Name
		}
		for _, from := range linkSeedGames(t)[:2] {
			g := from
			if err := apply(&g, a); err != nil && !(errors.Is(err, errNoChange) && from.Equal(&want)) {
				t.Fatalf("paste %q: loading action %+v: %v", text, a, err)
			}
			if !g.Equal(&want) {
				t.Fatalf("paste %q: loading action %+v gives %+v, want %+v", text, a, g, want)
			}
		}
	})
}
