package solver

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"sort"
	"strconv"
	"strings"

	"sudoku/internal/lzstring"
)

// A Puzzle is a variant puzzle read from f-puzzles data: its rules, its
// givens (Size*Size digits row by row, 0 for an empty cell) and, when the
// data has one, the setter's solution (nil otherwise), already checked.
type Puzzle struct {
	Title, Author string
	Rules         *Rules
	Givens        []uint8
	Solution      []uint8
}

// IsFPuzzles reports whether text looks like f-puzzles data rather than
// a classic grid: a JSON object, an f-puzzles or SudokuPad link, or the
// lz-string form of a JSON object (which starts "N4Ig"). It looks at the
// first line that is neither blank nor a '#' comment, which the classic
// readers skip: a file of classic puzzles whose comment names SudokuPad
// stays classic.
func IsFPuzzles(text string) bool {
	var t string
	for rest := text; rest != ""; {
		t, rest, _ = strings.Cut(rest, "\n")
		if t = strings.TrimSpace(t); !isSkippable(t) {
			break
		}
		t = ""
	}
	return strings.HasPrefix(t, "{") || strings.HasPrefix(t, "N4Ig") ||
		strings.Contains(t, "load=") || strings.Contains(t, "f-puzzles.com") ||
		strings.Contains(t, "sudokupad") || strings.HasPrefix(t, "fpuzzles")
}

// linkData returns the data a link carries: after f-puzzles' "load=",
// SudokuPad's "puzzleid=" or "sudokupad.app/", up to the next '&' or
// '#'; text itself when it is no link.
func linkData(t string) string {
	for _, key := range []string{"load=", "puzzleid=", "sudokupad.app/"} {
		if i := strings.Index(t, key); i >= 0 {
			t = t[i+len(key):]
			if j := strings.IndexAny(t, "&#"); j >= 0 {
				t = t[:j]
			}
			return t
		}
	}
	return t
}

// ParseFPuzzles reads a puzzle in f-puzzles' format: the JSON itself, its
// lz-string base64 form, or a link that carries it (f-puzzles "?load=",
// SudokuPad "?puzzleid=fpuzzles..." or "sudokupad.app/fpuzzles..."). The
// rules it reads: size 4 to 9, irregular regions ("region" of each cell),
// givens, diagonal+ and diagonal-, antiknight, antiking, disjointgroups,
// nonconsecutive, negative ("ratio", "xv"), extraregion, killercage,
// littlekillersum, sandwichsum, arrow, thermometer, whispers, renban,
// palindrome, betweenline, clone, difference, ratio, xv, odd, even,
// minimum, maximum, quadruple, rowindexer, columnindexer, boxindexer;
// cosmetic marks (text, line, circle, rectangle, cage) are ignored.
// f-puzzles has no slow thermometer, so neither do its files. A "solution" is checked against the rules.
//
// Errors name the input (name) and wrap one sentinel: ErrSyntax (bad
// lz-string, malformed JSON), ErrUnsupported (a constraint it does not
// know, named), ErrRules (cells outside the grid, regions that do not
// tile, sums no digits make), ErrConflict (clashing givens) or
// ErrMismatch (a solution that breaks the rules).
func ParseFPuzzles(text, name string) (*Puzzle, error) {
	fail := func(err error, msg string, a ...any) error {
		return &ParseError{File: name, Msg: fmt.Sprintf(msg, a...), Err: err}
	}
	t := strings.TrimSpace(text)
	if !strings.HasPrefix(t, "{") {
		data, err := url.PathUnescape(linkData(t))
		if err != nil {
			return nil, fail(ErrSyntax, "bad link: %v", err)
		}
		for _, p := range []string{"scl", "ctc"} {
			if strings.HasPrefix(data, p) {
				return nil, fail(ErrUnsupported, "SudokuPad's own format (%s): export the puzzle to f-puzzles", p)
			}
		}
		data = strings.ReplaceAll(strings.TrimPrefix(data, "fpuzzles"), " ", "+")
		js, err := lzstring.DecompressFromBase64(data)
		if err != nil {
			return nil, fail(ErrSyntax, "%v", err)
		}
		t = js
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal([]byte(t), &top); err != nil {
		return nil, fail(ErrSyntax, "malformed JSON: %v", err)
	}
	p, err := readFPuzzles(top)
	if err != nil {
		var pe *ParseError
		if errors.As(err, &pe) {
			pe.File = name
			return nil, pe
		}
		sentinel := ErrSyntax
		for _, s := range []error{ErrRules, ErrUnsupported, ErrConflict, ErrMismatch, ErrSyntax} {
			if errors.Is(err, s) {
				sentinel = s
				break
			}
		}
		return nil, &ParseError{File: name, Msg: strings.TrimSuffix(err.Error(), ": "+sentinel.Error()), Err: sentinel}
	}
	return p, nil
}

// fnum is a number that f-puzzles writes as a number or a string.
type fnum struct {
	set bool
	v   int
	s   string
}

func (f *fnum) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		return nil
	}
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		f.s = strings.TrimSpace(s)
		if f.s == "" {
			return nil
		}
		v, err := strconv.Atoi(f.s)
		f.set, f.v = err == nil, v
		return nil
	}
	var v float64
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	f.set, f.v, f.s = true, int(v), string(b)
	return nil
}

type fcell struct {
	Cell string `json:"cell"`
}
type fcells struct {
	Cells []string `json:"cells"`
	Value fnum     `json:"value"`
}
type flines struct {
	Lines [][]string `json:"lines"`
	Value fnum       `json:"value"`
}
type farrow struct {
	Cells []string   `json:"cells"`
	Lines [][]string `json:"lines"`
}
type flittle struct {
	Cell  string   `json:"cell"`
	Cells []string `json:"cells"`
	Value fnum     `json:"value"`
}
type fclone struct {
	Cells      []string `json:"cells"`
	CloneCells []string `json:"cloneCells"`
}
type fquad struct {
	Cells  []string `json:"cells"`
	Values []fnum   `json:"values"`
}
type fgridCell struct {
	Value  fnum `json:"value"`
	Given  bool `json:"given"`
	Region *int `json:"region"`
}

// fpuzzlesIgnored are the keys that carry no rule: metadata, cosmetic
// marks, the editor's and solver's settings.
var fpuzzlesIgnored = map[string]bool{
	"size": true, "grid": true, "title": true, "author": true, "ruleset": true, "solution": true,
	"text": true, "line": true, "circle": true, "rectangle": true, "cage": true,
	"highlightConflicts": true, "disabledlogic": true, "truecandidatesoptions": true,
}

func readFPuzzles(top map[string]json.RawMessage) (*Puzzle, error) {
	var size int
	if err := json.Unmarshal(top["size"], &size); err != nil || size < 4 || size > 9 {
		if size > 9 {
			return nil, fmt.Errorf("%w: size %d (4 to 9 are supported)", ErrUnsupported, size)
		}
		return nil, fmt.Errorf("size %s: want 4 to 9: %w", top["size"], ErrRules)
	}
	p := &Puzzle{Givens: make([]uint8, size*size)}
	json.Unmarshal(top["title"], &p.Title)
	json.Unmarshal(top["author"], &p.Author)
	cellOf := func(s string, outside bool) (int, int, error) {
		var r, c int
		if _, err := fmt.Sscanf(strings.ToUpper(s), "R%dC%d", &r, &c); err != nil || fmt.Sprintf("R%dC%d", r, c) != strings.ToUpper(s) {
			return 0, 0, fmt.Errorf("cell %q: want R1C1 to R%dC%d: %w", s, size, size, ErrRules)
		}
		lo, hi := 1, size
		if outside {
			lo, hi = 0, size+1
		}
		if r < lo || r > hi || c < lo || c > hi {
			return 0, 0, fmt.Errorf("cell %s is outside the %dx%d grid: %w", s, size, size, ErrRules)
		}
		return r - 1, c - 1, nil
	}
	cells := func(ss []string) ([]int, error) {
		out := make([]int, 0, len(ss))
		for _, s := range ss {
			r, c, err := cellOf(s, false)
			if err != nil {
				return nil, err
			}
			out = append(out, r*size+c)
		}
		return out, nil
	}
	var grid [][]fgridCell
	if err := json.Unmarshal(top["grid"], &grid); err != nil || len(grid) != size {
		return nil, fmt.Errorf("grid: want %d rows of %d cells: %w", size, size, ErrRules)
	}
	br, bc := boxShape(size)
	regionOf := make([]int, size*size)
	irregular := false
	for r, row := range grid {
		if len(row) != size {
			return nil, fmt.Errorf("grid row %d has %d cells, want %d: %w", r+1, len(row), size, ErrRules)
		}
		for c, cell := range row {
			i := r*size + c
			if br > 0 {
				regionOf[i] = r/br*(size/bc) + c/bc
			} else {
				regionOf[i] = -1
			}
			if cell.Region != nil {
				if *cell.Region < 0 || *cell.Region >= size {
					return nil, fmt.Errorf("r%dc%d: region %d, want 0 to %d: %w", r+1, c+1, *cell.Region, size-1, ErrRules)
				}
				if *cell.Region != regionOf[i] {
					irregular = true
				}
				regionOf[i] = *cell.Region
			}
			if cell.Given && cell.Value.set {
				if cell.Value.v < 1 || cell.Value.v > size {
					return nil, fmt.Errorf("r%dc%d: given %d is not a digit of 1 to %d: %w", r+1, c+1, cell.Value.v, size, ErrRules)
				}
				p.Givens[i] = uint8(cell.Value.v)
			}
		}
	}
	var regions [][]int
	if irregular || br == 0 {
		regions = make([][]int, size)
		for i, g := range regionOf {
			if g < 0 {
				return nil, fmt.Errorf("r%dc%d has no region (a %dx%d grid has no boxes): %w", i/size+1, i%size+1, size, size, ErrRules)
			}
			regions[g] = append(regions[g], i)
		}
	}

	var extra []Region
	var cs []Constraint
	flag := func(key string) bool {
		var b bool
		json.Unmarshal(top[key], &b)
		return b
	}
	list := func(key string, v any) error {
		raw, ok := top[key]
		if !ok || string(raw) == "null" {
			return nil
		}
		if err := json.Unmarshal(raw, v); err != nil {
			return fmt.Errorf("%s: %v: %w", key, err, ErrSyntax)
		}
		return nil
	}
	var unsupported []string
	for key, raw := range top {
		if fpuzzlesIgnored[key] || fpuzzlesReaders[key] {
			continue
		}
		s := strings.TrimSpace(string(raw))
		if s == "false" || s == "[]" || s == "null" || s == "{}" || s == `""` {
			continue
		}
		unsupported = append(unsupported, key)
	}
	if len(unsupported) > 0 {
		sort.Strings(unsupported)
		return nil, fmt.Errorf("%w: %s", ErrUnsupported, strings.Join(unsupported, ", "))
	}

	d := diagonals(size)
	if flag("diagonal-") {
		extra = append(extra, d[0])
	}
	if flag("diagonal+") {
		extra = append(extra, d[1])
	}
	if flag("disjointgroups") {
		if regions != nil {
			return nil, fmt.Errorf("%w: disjointgroups on irregular regions", ErrUnsupported)
		}
		for k := 0; k < size; k++ {
			g := Region{Name: fmt.Sprintf("disjoint group %d", k+1)}
			for b := 0; b < size; b++ {
				r0, c0 := b/(size/bc)*br, b%(size/bc)*bc
				g.Cells = append(g.Cells, (r0+k/bc)*size+c0+k%bc)
			}
			extra = append(extra, g)
		}
	}
	var ers []fcells
	if err := list("extraregion", &ers); err != nil {
		return nil, err
	}
	for i, e := range ers {
		cc, err := cells(e.Cells)
		if err != nil {
			return nil, err
		}
		extra = append(extra, Region{Name: fmt.Sprintf("extra region %d", i+1), Cells: cc})
	}
	if flag("antiknight") {
		cs = append(cs, &AntiKnight{})
	}
	if flag("antiking") {
		cs = append(cs, &AntiKing{})
	}
	if flag("nonconsecutive") {
		// f-puzzles' nonconsecutive is the white dots' negative rule:
		// neighbours are consecutive only across a white dot.
		cs = append(cs, &NoDifference{})
	}
	var negs []string
	if err := list("negative", &negs); err != nil {
		return nil, err
	}
	for _, ng := range negs {
		switch ng {
		case "ratio":
			cs = append(cs, &NoRatio{})
		case "xv":
			cs = append(cs, &NoXV{})
		default:
			return nil, fmt.Errorf("%w: negative %q", ErrUnsupported, ng)
		}
	}
	var kc []fcells
	if err := list("killercage", &kc); err != nil {
		return nil, err
	}
	for _, k := range kc {
		cc, err := cells(k.Cells)
		if err != nil {
			return nil, err
		}
		if k.Value.s != "" && !k.Value.set {
			return nil, fmt.Errorf("killer cage sum %q: %w", k.Value.s, ErrRules)
		}
		cs = append(cs, &Killer{Cells: cc, Sum: k.Value.v})
	}
	var lk []flittle
	if err := list("littlekillersum", &lk); err != nil {
		return nil, err
	}
	for _, k := range lk {
		if !k.Value.set {
			continue // a little killer arrow without a sum says nothing
		}
		cc, err := cells(k.Cells)
		if err != nil {
			return nil, err
		}
		cs = append(cs, &LittleKiller{Cells: cc, Sum: k.Value.v})
	}
	var sw []flittle
	if err := list("sandwichsum", &sw); err != nil {
		return nil, err
	}
	for _, s := range sw {
		if !s.Value.set {
			continue
		}
		r, c, err := cellOf(s.Cell, true)
		if err != nil {
			return nil, err
		}
		switch {
		case (r == -1 || r == size) && c >= 0 && c < size:
			cs = append(cs, &Sandwich{Column: true, Index: c, Sum: s.Value.v})
		case (c == -1 || c == size) && r >= 0 && r < size:
			cs = append(cs, &Sandwich{Index: r, Sum: s.Value.v})
		default:
			return nil, fmt.Errorf("sandwich clue at %s: want a cell just outside the grid: %w", s.Cell, ErrRules)
		}
	}
	var arrows []farrow
	if err := list("arrow", &arrows); err != nil {
		return nil, err
	}
	for _, a := range arrows {
		circle, err := cells(a.Cells)
		if err != nil {
			return nil, err
		}
		in := map[int]bool{}
		for _, c := range circle {
			in[c] = true
		}
		var line []int
		for _, l := range a.Lines {
			lc, err := cells(l)
			if err != nil {
				return nil, err
			}
			for _, c := range lc {
				if !in[c] {
					in[c] = true
					line = append(line, c)
				}
			}
		}
		cs = append(cs, &Arrow{Circle: circle, Line: line})
	}
	lineKinds := []struct {
		key  string
		make func(cells []int, v fnum) Constraint
	}{
		{"thermometer", func(c []int, _ fnum) Constraint { return &Thermometer{Cells: c} }},
		{"whispers", func(c []int, v fnum) Constraint { return &Whispers{Cells: c, Diff: v.v} }},
		{"renban", func(c []int, _ fnum) Constraint { return &Renban{Cells: c} }},
		{"palindrome", func(c []int, _ fnum) Constraint { return &Palindrome{Cells: c} }},
		{"betweenline", func(c []int, _ fnum) Constraint { return &Between{Cells: c} }},
	}
	for _, lkind := range lineKinds {
		var ls []flines
		if err := list(lkind.key, &ls); err != nil {
			return nil, err
		}
		for _, l := range ls {
			for _, line := range l.Lines {
				cc, err := cells(line)
				if err != nil {
					return nil, err
				}
				cs = append(cs, lkind.make(cc, l.Value))
			}
		}
	}
	var clones []fclone
	if err := list("clone", &clones); err != nil {
		return nil, err
	}
	for _, cl := range clones {
		a, err := cells(cl.Cells)
		if err != nil {
			return nil, err
		}
		b, err := cells(cl.CloneCells)
		if err != nil {
			return nil, err
		}
		cs = append(cs, &Clone{Cells: a, Clones: b})
	}
	pairKinds := []struct {
		key  string
		make func(p [2]int, v fnum) (Constraint, error)
	}{
		{"difference", func(p [2]int, v fnum) (Constraint, error) { return &Difference{Cells: p, Diff: v.v}, nil }},
		{"ratio", func(p [2]int, v fnum) (Constraint, error) { return &Ratio{Cells: p, Ratio: v.v}, nil }},
		{"xv", func(p [2]int, v fnum) (Constraint, error) {
			switch strings.ToUpper(v.s) {
			case "X":
				return &XV{Cells: p, Sum: 10}, nil
			case "V":
				return &XV{Cells: p, Sum: 5}, nil
			}
			return nil, fmt.Errorf("xv value %q: want X or V: %w", v.s, ErrRules)
		}},
	}
	for _, pk := range pairKinds {
		var ps []fcells
		if err := list(pk.key, &ps); err != nil {
			return nil, err
		}
		for _, p := range ps {
			cc, err := cells(p.Cells)
			if err != nil {
				return nil, err
			}
			if len(cc) != 2 {
				return nil, fmt.Errorf("%s with %d cells, want 2: %w", pk.key, len(cc), ErrRules)
			}
			c, err := pk.make([2]int{cc[0], cc[1]}, p.Value)
			if err != nil {
				return nil, err
			}
			cs = append(cs, c)
		}
	}
	cellKinds := []struct {
		key  string
		make func(c int) Constraint
	}{
		{"odd", func(c int) Constraint { return &Odd{parity{Cell: c}} }},
		{"even", func(c int) Constraint { return &Even{parity{Cell: c}} }},
		{"minimum", func(c int) Constraint { return &Minimum{extremum{Cell: c}} }},
		{"maximum", func(c int) Constraint { return &Maximum{extremum{Cell: c}} }},
	}
	for _, ck := range cellKinds {
		var cl []fcell
		if err := list(ck.key, &cl); err != nil {
			return nil, err
		}
		for _, c := range cl {
			cc, err := cells([]string{c.Cell})
			if err != nil {
				return nil, err
			}
			cs = append(cs, ck.make(cc[0]))
		}
	}
	var quads []fquad
	if err := list("quadruple", &quads); err != nil {
		return nil, err
	}
	for _, q := range quads {
		cc, err := cells(q.Cells)
		if err != nil {
			return nil, err
		}
		var ds []int
		for _, v := range q.Values {
			if v.set {
				ds = append(ds, v.v)
			}
		}
		cs = append(cs, &Quadruple{Cells: cc, Digits: ds})
	}

	indexers := []struct {
		key  string
		make func(cells []int) Constraint
	}{
		{"rowindexer", func(c []int) Constraint { return &RowIndexer{indexer{Cells: c}} }},
		{"columnindexer", func(c []int) Constraint { return &ColumnIndexer{indexer{Cells: c}} }},
		{"boxindexer", func(c []int) Constraint { return &BoxIndexer{indexer{Cells: c}} }},
	}
	for _, ik := range indexers {
		var groups []fcells
		if err := list(ik.key, &groups); err != nil {
			return nil, err
		}
		for _, g := range groups {
			cc, err := cells(g.Cells)
			if err != nil {
				return nil, err
			}
			if len(cc) > 0 {
				cs = append(cs, ik.make(cc))
			}
		}
	}

	rules, err := NewRules(size, regions, extra, cs)
	if err != nil {
		return nil, err
	}
	p.Rules = rules
	if err := rules.Check(p.Givens); err != nil {
		return nil, err
	}
	var sol []fnum
	if err := list("solution", &sol); err != nil {
		return nil, err
	}
	if len(sol) > 0 {
		s := make([]uint8, size*size)
		complete := len(sol) == size*size
		for i := 0; complete && i < len(sol); i++ {
			if !sol[i].set || sol[i].v < 1 || sol[i].v > size {
				complete = false
			} else {
				s[i] = uint8(sol[i].v)
			}
		}
		if complete {
			if err := rules.Verify(p.Givens, s); err != nil {
				return nil, fmt.Errorf("the solution given: %w", err)
			}
			p.Solution = s
		}
	}
	return p, nil
}

// fpuzzlesReaders are the keys readFPuzzles reads as rules.
var fpuzzlesReaders = map[string]bool{
	"diagonal+": true, "diagonal-": true, "antiknight": true, "antiking": true, "disjointgroups": true,
	"nonconsecutive": true, "negative": true, "extraregion": true, "killercage": true,
	"littlekillersum": true, "sandwichsum": true, "arrow": true, "thermometer": true, "whispers": true,
	"renban": true, "palindrome": true, "betweenline": true, "clone": true, "difference": true,
	"ratio": true, "xv": true, "odd": true, "even": true, "minimum": true, "maximum": true, "quadruple": true,
	"rowindexer": true, "columnindexer": true, "boxindexer": true,
}
