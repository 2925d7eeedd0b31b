package solver

import (
	"errors"
	"io"
	"strings"
	"testing"
)

const (
	easyLine = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
	easyGrid = `
# an .sdk-style header line
. . 3 | . 2 . | 6 . .
9 . . | 3 . 5 | . . 1
. . 1 | 8 . 6 | 4 . .
------+-------+------
. . 8 | 1 . 2 | 9 . .
7 . . | . . . | . . 8
. . 6 | 7 . 8 | 2 . .
------+-------+------
. . 2 | 6 . 9 | 5 . .
8 . . | 2 . 3 | . . 9
. . 5 | . 1 . | 3 . .
`
	easySDK = "#AAuthor\n#DDescription\n003020600\n900305001\n001806400\n008102900\n700000008\n006708200\n002609500\n800203009\n005010300\n"
)

var parseTests = []struct {
	in        string
	want      string // the grid as a line, when parsing succeeds
	err       error  // the sentinel, when it fails
	line, col int    // where the error is
}{
	{in: easyLine, want: easyLine},
	{in: strings.ReplaceAll(easyLine, ".", "0"), want: easyLine},
	{in: "  " + easyLine + "  \r\n", want: easyLine},
	{in: easyGrid, want: easyLine},
	{in: strings.ReplaceAll(easyGrid, "\n", "\r\n"), want: easyLine},
	{in: easySDK, want: easyLine},
	{in: easyLine + "," + strings.Repeat("1", 81), want: easyLine}, // a CSV line: the puzzle column
	{in: "# only a comment\n", err: ErrLength},
	{in: "", err: ErrLength},
	{in: easyLine[:80], err: ErrLength, line: 1},
	{in: easyLine + "1", err: ErrLength, line: 1},
	{in: easyLine[:10] + "x" + easyLine[11:], err: ErrSyntax, line: 1, col: 11},
	{in: easyLine[:5] + "\x00" + easyLine[6:], err: ErrSyntax, line: 1, col: 6},
	{in: "５" + easyLine[1:], err: ErrSyntax, line: 1, col: 1}, // a full-width digit is not a digit
	{in: "\n\n" + easyLine[:40] + "é" + easyLine[41:], err: ErrSyntax, line: 3, col: 41},
	{in: strings.Replace(easyGrid, "7 . . | . . . | . . 8", "7 . . | . . . | . 8", 1), err: ErrLength, line: 8},
	{in: strings.Replace(easyGrid, ". . 5 | . 1 . | 3 . .\n", "", 1), err: ErrLength, line: 12},
	{in: easyGrid + ". . . | . . . | . . .\n", err: ErrLength, line: 14},
	{in: strings.Replace(easyGrid, "8 . . | 2", "8 . ? | 2", 1), err: ErrSyntax, line: 12, col: 5},
}

func TestParse(t *testing.T) {
	for _, tt := range parseTests {
		g, err := Parse(tt.in)
		if tt.err == nil {
			if err != nil || g.String() != tt.want {
				t.Errorf("Parse(%q) = %v, %v, want %s", tt.in, g, err, tt.want)
			}
			continue
		}
		var pe *ParseError
		if !errors.Is(err, tt.err) || !errors.As(err, &pe) {
			t.Errorf("Parse(%q) error = %v, want a *ParseError wrapping %v", tt.in, err, tt.err)
			continue
		}
		if pe.Line != tt.line || pe.Col != tt.col {
			t.Errorf("Parse(%q) error at line %d, column %d (%v), want line %d, column %d", tt.in, pe.Line, pe.Col, err, tt.line, tt.col)
		}
	}
}

func TestFormatRoundTrip(t *testing.T) {
	g, err := Parse(easyLine)
	if err != nil {
		t.Fatal(err)
	}
	if got := g.String(); got != easyLine {
		t.Errorf("String() = %q, want %q", got, easyLine)
	}
	if got, want := g.Pretty(), strings.TrimPrefix(easyGrid, "\n# an .sdk-style header line\n"); got != want {
		t.Errorf("Pretty() =\n%s\nwant\n%s", got, want)
	}
	for _, s := range []string{g.String(), g.Pretty()} {
		if back, err := Parse(s); err != nil || back != g {
			t.Errorf("Parse(%q) = %v, %v, want %v", s, back, err, g)
		}
	}
	if g.Clues() != 32 || g.Full() {
		t.Errorf("Clues() = %d, Full() = %v, want 32, false", g.Clues(), g.Full())
	}
}

func TestCellName(t *testing.T) {
	for c, want := range map[int]string{0: "r1c1", 8: "r1c9", 9: "r2c1", 40: "r5c5", 80: "r9c9"} {
		if got := CellName(c); got != want {
			t.Errorf("CellName(%d) = %q, want %q", c, got, want)
		}
	}
}

// readAll reads every entry of a text through a Reader.
func readAll(t *testing.T, text string) []Entry {
	t.Helper()
	r := NewReader(strings.NewReader(text), ReadOptions{})
	var es []Entry
	for {
		e, err := r.Next()
		if err == io.EOF {
			return es
		}
		if err != nil {
			t.Fatalf("Next() error = %v", err)
		}
		es = append(es, e)
	}
}

const easySolution = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"

var readerTests = []struct {
	name string
	in   string
	want []string // per entry: the puzzle line, or "ERR <sentinel> <line>"
}{
	{"lines with notes and comments", "# c\n" + easyLine + ":1\n\n" + easyLine + "\t2+ hard\n" + easyLine + "\n",
		[]string{easyLine, easyLine, easyLine}},
	{"bad lines keep their place", easyLine + "\n" + easyLine[:80] + "\n" + easyLine[:3] + "x" + easyLine[4:] + "\n" + easyLine + "1\n" + easyLine + "\n",
		[]string{easyLine, "ERR wrong number of cells 2", "ERR bad character 3", "ERR wrong number of cells 4", easyLine}},
	{"csv with solutions", "quizzes,solutions\n" + strings.ReplaceAll(easyLine, ".", "0") + "," + easySolution + "\n" +
		easyLine + "," + easySolution[:2] + "5" + easySolution[3:] + "\n" + easyLine + "," + easySolution[:80] + "\n" + easyLine + ",\n",
		[]string{easyLine, "ERR not a solution 3", "ERR wrong number of cells 4", easyLine}},
	{"csv without header", easyLine + "," + easySolution + "\n", []string{easyLine}},
	{"grids", easySDK + "\n" + easyGrid + "\n" + easyLine + "\n", []string{easyLine, easyLine, easyLine}},
	{"short line then a grid", "1 2 3\n\n" + easyGrid, []string{"ERR wrong number of cells 1", easyLine}},
	{"short line among puzzle lines", easyLine + "\n" + easyLine[:11] + "\n" + easyLine + "\n", []string{easyLine, "ERR wrong number of cells 2", easyLine}},
	{"grid cut by a puzzle line", ". . 3 | . 2 . | 6 . .\n" + easyLine + "\n", []string{"ERR wrong number of cells 1", easyLine}},
	{"grid with a bad row", strings.Replace(easyGrid, "7 . . | . . . | . . 8", "7 . . | . . . | . x 8", 1) + easyLine + "\n", []string{"ERR bad character 3", easyLine}},
	{"grid cut by the end", ". . 3 | . 2 . | 6 . .\n", []string{"ERR wrong number of cells 1"}},
	{"long line", easyLine + "\n" + strings.Repeat("1", MaxLineBytes+10) + "\n" + easyLine + "\n",
		[]string{easyLine, "ERR wrong number of cells 2", easyLine}},
	{"no final newline", easyLine, []string{easyLine}},
	{"empty", "", nil},
}

func TestReader(t *testing.T) {
	for _, tt := range readerTests {
		es := readAll(t, tt.in)
		var got []string
		for _, e := range es {
			if e.Err != nil {
				var pe *ParseError
				if !errors.As(e.Err, &pe) {
					t.Errorf("%s: entry error %v is not a *ParseError", tt.name, e.Err)
				}
				got = append(got, "ERR "+errors.Unwrap(e.Err).Error()+" "+itoa(e.Line))
				continue
			}
			got = append(got, e.Clues.String())
		}
		if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
			t.Errorf("%s: entries\n%s\nwant\n%s", tt.name, strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
		}
	}
}

func TestReaderNotesAndSolutions(t *testing.T) {
	es := readAll(t, easyLine+":1:diagonal\nquizzes,solutions\n")
	if len(es) != 2 || es[0].Note != "1:diagonal" || es[0].Line != 1 {
		t.Fatalf("entries = %+v, want the note %q on line 1", es, "1:diagonal")
	}
	es = readAll(t, "quizzes,solutions\n"+easyLine+","+easySolution+"\n")
	if len(es) != 1 || !es[0].HasSolution || es[0].Solution.String() != easySolution || es[0].Line != 2 {
		t.Fatalf("entries = %+v, want one puzzle on line 2 with its solution", es)
	}
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}
