package web

import (
	"net/url"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// roundTrip writes g as a link and reads it back.
func roundTrip(t *testing.T, g Game) (string, Game) {
	t.Helper()
	raw := linkQuery(g, true)
	q, err := url.ParseQuery(raw)
	if err != nil {
		t.Fatalf("ParseQuery(%s): %v", raw, err)
	}
	back, err := gameFromQuery(q)
	if err != nil {
		t.Fatalf("gameFromQuery(%s): %v", raw, err)
	}
	return raw, back
}

// Links with marks: sudokuwiki's board string when it can say them, the
// m= form otherwise; both read back to the same game.
func TestLinkWithMarks(t *testing.T) {
	s := NewStore(Game{Clues: mustParse(t, unique)})
	s.Do(Action{Kind: ActPlace, Cell: 1, Digit: 6})
	s.Do(Action{Kind: ActCandidates})
	s.Do(Action{Kind: ActCorner, Cell: 2, Digit: 1}) // edited candidates
	g := s.Game()
	if !wikiFits(g) {
		for i := range g.Corner {
			if g.Corner[i].Len() == 1 {
				s.Do(Action{Kind: ActPlace, Cell: i, Digit: g.Corner[i].Digits()[0]})
			}
		}
		g = s.Game()
	}
	raw, back := roundTrip(t, g)
	if !strings.HasPrefix(raw, "bd=") || len(raw) != 3+162 {
		t.Errorf("candidates only: link %s, want sudokuwiki's 162-character board", raw)
	}
	if !back.Equal(&g) {
		t.Errorf("board-string round trip differs")
	}
	// A centre mark, a colour, a single corner mark and the diagonal rule
	// need the m= form.
	s.Do(Action{Kind: ActVariant, Name: "diagonal"})
	s.Do(Action{Kind: ActErase, Cell: 3})
	s.Do(Action{Kind: ActCorner, Cell: 3, Digit: 9})
	s.Do(Action{Kind: ActCentre, Cell: 4, Digit: 2})
	s.Do(Action{Kind: ActColour, Cell: 5, Digit: 7})
	g = s.Game()
	raw, back = roundTrip(t, g)
	if !strings.HasPrefix(raw, "p="+unique+"&v=diagonal&e=") || !strings.Contains(raw, "&m=") {
		t.Errorf("link %s, want p, v, e and m", raw)
	}
	if !back.Equal(&g) {
		t.Errorf("m= round trip differs")
	}
	// Without progress: the puzzle alone.
	if raw := linkQuery(g, false); raw != "p="+unique+"&v=diagonal" {
		t.Errorf("link without progress %s", raw)
	}
}

var badMarks = []struct{ m, want string }{
	{"0", "wrong length"},
	{"99000000", "wrong length"},
	{"8100000", "bad cell"},
	{"xx00000", "bad cell"},
	{"0200000" + "0100000", "bad cell"}, // not increasing
	{"01zz000", "bad marks"},
	{"01g0000", "bad marks"}, // 512: beyond 9 digits
	{"01000a", "wrong length"},
	{"010000x", "bad marks"},
	{"0010000", "filled cell r1c1"},
}

func TestBadMarksInLinks(t *testing.T) {
	for _, c := range badMarks {
		q := url.Values{"p": {unique}, "m": {c.m}}
		if _, err := gameFromQuery(q); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("m=%s: %v, want %q", c.m, err, c.want)
		}
	}
	// A sudokuwiki board string with a bad value.
	if _, err := gameFromQuery(url.Values{"bd": {strings.Repeat("v", 162)}}); err == nil {
		t.Error("bd= with values out of range accepted")
	}
}

// A link too long to share is reported, and the page offers the puzzle
// alone instead.
func TestTooLongLinkIsReported(t *testing.T) {
	defer func(n int) { maxLinkBytes = n }(maxLinkBytes)
	maxLinkBytes = 110
	h := open(t, "/?p="+unique, nil)
	h.keys("ArrowRight", "Ctrl+5") // a centre mark: the m= form, 116 bytes, over 110
	h.do(func(ctx app.Context) { h.root.onCopyClick(ctx, app.Event{}) })
	if !strings.Contains(h.html(), txtLinkTooLong) {
		t.Error("no note about the link being too long")
	}
	if l := h.root.share.link; strings.Contains(l, "m=") || !strings.Contains(l, "p="+unique) {
		t.Errorf("link %s, want the puzzle alone", l)
	}
}
