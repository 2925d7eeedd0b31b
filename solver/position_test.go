package solver

import (
	"errors"
	"os"
	"slices"
	"strings"
	"testing"
)

// samplePosition is a game in progress: the easy puzzle's clues, two
// placed digits (one wrong), and candidates with one removed and one cell
// left without any.
func samplePosition(t *testing.T) Position {
	t.Helper()
	p := Position{Clues: mustParse(t, easyLine), GivensKnown: true, Variant: Diagonal}
	p.Placed[0], p.Placed[1] = 4, 8
	p.Cands = p.Candidates()
	p.HasCands = true
	p.Cands[10] &^= 1 << 6
	p.Cands[80] = 0
	return p
}

// TestPositionTextRoundTrip writes a position in every format and reads it
// back with ParsePosition, and with a Reader as one line of a file, keeping
// what each format can say.
func TestPositionTextRoundTrip(t *testing.T) {
	p := samplePosition(t)
	filled := p.Filled()
	// The board string and the candidate grid cannot tell a cell with one
	// candidate from a filled one: it reads back placed (board) or as a
	// clue (candidates).
	single := p
	for c, m := range p.Cands {
		if m != 0 && m&(m-1) == 0 {
			single.Placed[c], single.Cands[c] = uint8(digitOf(m)), 0
		}
	}
	singleFilled := single.Filled()
	for _, tt := range []struct {
		f    Format
		want func(got Position) bool
	}{
		{FormatLine, func(got Position) bool { return got.Clues == filled && !got.HasCands }},
		{FormatGrid, func(got Position) bool { return got.Clues == filled && !got.HasCands }},
		{FormatS9B, func(got Position) bool {
			return got.Clues == p.Clues && got.Placed == p.Placed && got.Cands == p.Cands && got.HasCands && got.GivensKnown
		}},
		{FormatBoard, func(got Position) bool {
			return got.Clues == p.Clues && got.Placed == single.Placed && got.Cands == single.Cands && got.HasCands
		}},
		{FormatCandidates, func(got Position) bool {
			return got.Clues == singleFilled && got.Cands == single.Cands && got.HasCands && !got.GivensKnown
		}},
	} {
		text := p.Text(tt.f)
		if text == "" {
			t.Fatalf("%v: Text wrote nothing", tt.f)
		}
		got, err := ParsePosition(text, ReadOptions{Variant: Diagonal})
		if err != nil || !tt.want(got) || got.Variant != Diagonal {
			t.Errorf("%v: ParsePosition(%q) = %+v, %v", tt.f, text, got, err)
		}
		if tt.f == FormatGrid {
			continue // not one line
		}
		e, err := NewReader(strings.NewReader("# a file\n"+text+"\n"), ReadOptions{Variant: Diagonal}).Next()
		if err != nil || e.Err != nil || e.Line != 2 || !tt.want(e.Position) {
			t.Errorf("%v: Reader on the line %q = %+v, %v", tt.f, text, e, err)
		}
	}
	if got := p.Text(Format(99)); got != "" {
		t.Errorf("Text(Format(99)) = %q, want nothing", got)
	}
}

// TestFormatNames: every Format has its name, and formats that are only
// read have none a caller can ask Text for.
func TestFormatNames(t *testing.T) {
	for f, want := range map[Format]string{FormatLine: "line", FormatGrid: "grid", FormatS9B: "s9b", FormatBoard: "board", FormatCandidates: "candidates"} {
		if f.String() != want {
			t.Errorf("Format(%d).String() = %q, want %q", int(f), f.String(), want)
		}
	}
	var p Position
	for _, f := range []Format{formatCSV, formatPencil, formatNPY} {
		if p.Text(f) != "" {
			t.Errorf("Text(%v) wrote a read-only format", f)
		}
	}
}

var positionTests = []struct {
	name, in string
	err      error  // the sentinel, when it fails
	clues    string // the clues as a line, when it succeeds
	variant  *Variant
}{
	{name: "note names the variant", in: easyLine + ":1:diagonal", clues: easyLine, variant: Diagonal},
	{name: "note without variant", in: easyLine + " 2+ hard", clues: easyLine, variant: Standard},
	{name: "spaced-out cells", in: strings.Join(strings.Split(easyLine, ""), " "), clues: easyLine, variant: Standard},
	{name: "rows in groups", in: easyLine[:9] + " " + easyLine[9:18] + " " + easyLine[18:], clues: easyLine, variant: Standard},
	{name: "sudokuwiki link", in: "https://www.sudokuwiki.org/sudoku.htm?bd=" + easyLine + "&x=1", clues: easyLine, variant: Standard},
	{name: "two puzzles", in: easyLine + "\n" + easyLine + "\n", err: ErrLength},
	{name: "a grid and a line", in: strings.TrimPrefix(easyGrid, "\n") + "\n" + easyLine, err: ErrLength},
	{name: "S9B too short", in: "S9B0102", err: ErrLength},
	{name: "S9B bad character", in: "S9B" + strings.Repeat("0!", 81), err: ErrSyntax},
	{name: "board clue of two digits", in: strings.Repeat("07", 81), err: ErrSyntax},
	{name: "nothing", in: " \n# c\n", err: ErrLength},
}

func TestParsePositionForms(t *testing.T) {
	for _, tt := range positionTests {
		p, err := ParsePosition(tt.in, ReadOptions{Name: "pasted"})
		if tt.err != nil {
			var pe *ParseError
			if !errors.Is(err, tt.err) || !errors.As(err, &pe) || pe.File != "pasted" || !matchesOneSentinel(err) {
				t.Errorf("%s: ParsePosition error %v, want a *ParseError of pasted wrapping %v", tt.name, err, tt.err)
			}
			continue
		}
		if err != nil || p.Clues.String() != tt.clues || p.Variant != tt.variant {
			t.Errorf("%s: ParsePosition = %s (%v), %v; want %s (%v)", tt.name, p.Clues, p.Variant, err, tt.clues, tt.variant)
		}
	}
	// The second puzzle's line is named.
	_, err := ParsePosition("# c\n"+easyLine+"\n\n"+easyLine, ReadOptions{})
	var pe *ParseError
	if !errors.As(err, &pe) || pe.Line != 4 {
		t.Errorf("two puzzles: %v, want an error at line 4", err)
	}
}

// TestParseRefusesPositions: Parse reads puzzles; a player's position,
// which it would lose, is refused.
func TestParseRefusesPositions(t *testing.T) {
	p := samplePosition(t)
	for _, f := range []Format{FormatS9B, FormatBoard, FormatCandidates} {
		if _, err := Parse(p.Text(f)); !errors.Is(err, ErrSyntax) {
			t.Errorf("Parse(%v text) = %v, want ErrSyntax", f, err)
		}
	}
}

// TestCandidatesFromRules: without candidates of its own, a position's
// candidates are those no filled peer holds under its variant.
func TestCandidatesFromRules(t *testing.T) {
	var p Position
	p.Clues[0] = 5 // r1c1
	c := p.Candidates()
	if c[0] != 0 || c[1]&(1<<4) != 0 || c[80] != 0x1ff {
		t.Errorf("standard: r1c1 %b, r1c2 %b, r9c9 %b", c[0], c[1], c[80])
	}
	p.Variant = Diagonal
	if c := p.Candidates(); c[80]&(1<<4) != 0 {
		t.Errorf("diagonal: r9c9 keeps 5 (%b), a peer on the main diagonal", c[80])
	}
}

// TestDocListsFormats: the package documentation's list of formats names
// every row of the format table, and nothing else.
func TestDocListsFormats(t *testing.T) {
	b, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	doc = doc[strings.Index(doc, "// # Formats"):strings.Index(doc, "// # Solving")]
	var listed []string
	for _, l := range strings.Split(doc, "\n") {
		if item, ok := strings.CutPrefix(l, "//   - "); ok {
			names, _, _ := strings.Cut(item, ":")
			for _, n := range strings.Split(names, ", ") {
				listed = append(listed, n)
			}
		}
	}
	var table []string
	for _, f := range formats {
		table = append(table, f.name)
	}
	slices.Sort(listed)
	slices.Sort(table)
	if !slices.Equal(listed, table) {
		t.Errorf("doc.go lists the formats %q, the table holds %q", listed, table)
	}
}

// ParseFormat reads back what Text writes in the whole-text forms, as
// ParsePosition does, and refuses any other form and a damaged text.
func TestParseFormat(t *testing.T) {
	p := samplePosition(t)
	for _, f := range []Format{FormatS9B, FormatBoard, FormatCandidates} {
		text := p.Text(f)
		got, err := ParseFormat(text, f)
		if err != nil {
			t.Fatalf("ParseFormat(%q, %v): %v", text, f, err)
		}
		want, err := ParsePosition(text, ReadOptions{})
		if err != nil {
			t.Fatalf("ParsePosition(%q): %v", text, err)
		}
		if got.Clues != want.Clues || got.Placed != want.Placed || got.Cands != want.Cands || got.HasCands != want.HasCands || got.Variant != Standard {
			t.Errorf("ParseFormat(%v) = %+v, want %+v (ParsePosition's)", f, got, want)
		}
		for _, bad := range []string{p.Clues.String(), text[:100], text + "zz"} {
			if _, err := ParseFormat(bad, f); !errors.Is(err, ErrSyntax) && !errors.Is(err, ErrLength) {
				t.Errorf("ParseFormat(%.40q…, %v) = %v, want ErrSyntax or ErrLength", bad, f, err)
			}
		}
	}
	if _, err := ParseFormat(p.Clues.String(), FormatLine); !errors.Is(err, ErrSyntax) {
		t.Errorf("ParseFormat(line) = %v, want ErrSyntax: the line form is ParsePosition's", err)
	}
}
