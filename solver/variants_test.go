package solver

import (
	"encoding/json"
	"errors"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"sudoku/internal/lzstring"
)

// variantFiles returns the f-puzzles files of testdata/variants.
func variantFiles(t testing.TB) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "testdata", "variants", "*.json"))
	if err != nil || len(files) < 18 {
		t.Fatalf("testdata/variants: %d files, %v", len(files), err)
	}
	if testing.Short() {
		// In -short mode (make test-wasm runs it in Node) the one puzzle
		// that needs 72,141 nodes (2 s a solve natively, 5 s in wasm) is
		// left to the native tests.
		files = slices.DeleteFunc(files, func(f string) bool { return filepath.Base(f) == slowVariantFile })
	}
	return files
}

// slowVariantFile is the variant puzzle -short leaves out.
const slowVariantFile = "gen-nonconsecutive.json"

func readVariantFile(t testing.TB, file string) *Puzzle {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	p, err := ParseFPuzzles(string(b), filepath.Base(file))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestVariantCorpus solves every published puzzle of testdata/variants
// with limit 2: one solution, the setter's; then writes it back to
// f-puzzles JSON and reads it through a link, to the same solution.
func TestVariantCorpus(t *testing.T) {
	for _, file := range variantFiles(t) {
		name := filepath.Base(file)
		p := readVariantFile(t, file)
		if p.Solution == nil {
			t.Errorf("%s: no solution in the file", name)
			continue
		}
		res, err := p.Rules.Solve(p.Givens, Options{Limit: 2, MaxNodes: 1e6})
		if err != nil || res.Count != 1 || string(res.Solution) != string(p.Solution) {
			t.Errorf("%s: count %d, %v; solution matches: %v", name, res.Count, err, string(res.Solution) == string(p.Solution))
			continue
		}
		js, err := p.FPuzzlesJSON()
		if err != nil {
			t.Errorf("%s: FPuzzlesJSON: %v", name, err)
			continue
		}
		link := "https://f-puzzles.com/?load=" + lzstring.CompressToBase64(string(js))
		q, err := ParseFPuzzles(link, "link")
		if err != nil {
			t.Errorf("%s: reading back the link: %v", name, err)
			continue
		}
		if !sameRules(p.Rules, q.Rules) || string(q.Givens) != string(p.Givens) || string(q.Solution) != string(p.Solution) {
			t.Errorf("%s: the link reads back to other rules or givens", name)
		}
	}
}

// ruleKey is a comparable form of rules: the size, the regions as a
// partition, extra regions' cells and each constraint's JSON, sorted,
// each once.
func ruleKey(r *Rules) string {
	var parts []string
	for _, reg := range r.Regions {
		parts = append(parts, "region "+mustJSON(sortedCopy(reg)))
	}
	for _, e := range r.Extra {
		parts = append(parts, "extra "+mustJSON(sortedCopy(e.Cells)))
	}
	for _, c := range r.Constraints {
		parts = append(parts, c.Kind()+" "+mustJSON(c))
	}
	slices.Sort(parts)
	parts = slices.Compact(parts) // a rule given twice is the rule once
	return mustJSON(r.Size) + strings.Join(parts, "\n")
}

func sameRules(a, b *Rules) bool { return ruleKey(a) == ruleKey(b) }

func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// TestFPuzzlesRoundTrip writes random rules of every kind to f-puzzles
// JSON and reads them back.
func TestFPuzzlesRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for i := 0; i < 200; i++ {
		r, givens := randomRules(t, []int{4, 6, 8}[i%3], 1+rng.Intn(6), 0.2, rng)
		if slices.ContainsFunc(r.Constraints, func(c Constraint) bool { _, ok := c.(*NonConsecutive); return ok }) {
			continue // written as f-puzzles' nonconsecutive, read as NoDifference
		}
		p := &Puzzle{Rules: r, Givens: givens}
		js, err := p.FPuzzlesJSON()
		if err != nil {
			if errors.Is(err, ErrUnsupported) {
				continue // an XV of another sum
			}
			t.Fatal(err)
		}
		q, err := ParseFPuzzles(string(js), "")
		if err != nil {
			t.Fatalf("reading back %s: %v", js, err)
		}
		if ruleKey(q.Rules) != ruleKey(r) || string(q.Givens) != string(givens) {
			t.Fatalf("round trip of %s:\n%s\nwant\n%s", js, ruleKey(q.Rules), ruleKey(r))
		}
	}
}

const fpGrid4 = `"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]`

var badFPuzzles = []struct {
	name, in string
	want     error
	msg      string // in the message
}{
	{"malformed JSON", `{"size":4,`, ErrSyntax, "malformed JSON"},
	{"bad lz-string", "N4Ig!!!!", ErrSyntax, "bad character"},
	{"truncated lz-string", "https://f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT1ADcBDAGwFc54BGVNCImAOwQBcMqBfZYHv3vyGCRfALrJCwgTOlyJU0XKVKFsles1c1yrRu2S9R+Yd1nVp", ErrSyntax, "lz-string"},
	{"SudokuPad's own format", "https://sudokupad.app/sclN4Ig", ErrUnsupported, "scl"},
	{"unknown constraint", `{"size":4,` + fpGrid4 + `,"skyscraper":[{"cell":"R0C2","value":"3"}],"xsum":[{"cell":"R0C1","value":"3"}]}`, ErrUnsupported, "skyscraper, xsum"},
	{"unknown negative", `{"size":4,` + fpGrid4 + `,"negative":["difference"]}`, ErrUnsupported, "difference"},
	{"cell outside", `{"size":4,` + fpGrid4 + `,"killercage":[{"cells":["R1C1","R5C1"],"value":"3"}]}`, ErrRules, "R5C1 is outside"},
	{"bad cell name", `{"size":4,` + fpGrid4 + `,"odd":[{"cell":"A1"}]}`, ErrRules, "A1"},
	{"regions that do not tile", `{"size":4,"grid":[[{"region":0},{"region":0},{"region":0},{"region":0}],[{"region":0},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}`, ErrRules, "cells"},
	{"impossible cage", `{"size":4,` + fpGrid4 + `,"killercage":[{"cells":["R1C1","R1C2"],"value":"9"}]}`, ErrRules, "sum to 9"},
	{"size 16", `{"size":16,"grid":[]}`, ErrUnsupported, "16"},
	{"size 3", `{"size":3,"grid":[]}`, ErrRules, "size 3"},
	{"clashing givens", `{"size":4,"grid":[[{"value":1,"given":true},{"value":1,"given":true},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}`, ErrConflict, "r1c1 and r1c2"},
	{"given out of range", `{"size":4,"grid":[[{"value":7,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}`, ErrRules, "not a digit"},
	{"wrong solution", `{"size":4,` + fpGrid4 + `,"solution":[1,2,3,4,3,4,1,2,2,1,4,3,4,3,2,2]}`, ErrMismatch, "solution"},
	{"bad xv", `{"size":4,` + fpGrid4 + `,"xv":[{"cells":["R1C1","R1C2"],"value":"Y"}]}`, ErrRules, "X or V"},
	{"nothing", "hello", ErrSyntax, ""},
}

func TestBadFPuzzles(t *testing.T) {
	for _, tt := range badFPuzzles {
		p, err := ParseFPuzzles(tt.in, "in.json")
		if !errors.Is(err, tt.want) || !strings.Contains(err.Error(), tt.msg) || p != nil {
			t.Errorf("%s: ParseFPuzzles = %v, want %v containing %q", tt.name, err, tt.want, tt.msg)
			continue
		}
		if !strings.HasPrefix(err.Error(), "in.json: ") {
			t.Errorf("%s: error %q does not name the input", tt.name, err)
		}
	}
}

func TestSudokuPadLink(t *testing.T) {
	p := readVariantFile(t, filepath.Join("..", "testdata", "variants", "killer-uk2022.json"))
	js, _ := p.FPuzzlesJSON()
	data := lzstring.CompressToBase64(string(js))
	for _, link := range []string{
		"https://sudokupad.app/?puzzleid=fpuzzles" + strings.ReplaceAll(data, "+", "%2B"),
		"https://sudokupad.app/fpuzzles" + data,
		"fpuzzles" + data,
		data,
		" " + string(js) + "\n",
	} {
		q, err := ParseFPuzzles(link, "")
		if err != nil || !sameRules(p.Rules, q.Rules) {
			t.Errorf("ParseFPuzzles(%.60q...): %v", link, err)
		}
	}
}

func FuzzParseFPuzzles(f *testing.F) {
	for _, file := range variantFiles(f) {
		b, _ := os.ReadFile(file)
		f.Add(string(b))
	}
	for _, tt := range badFPuzzles {
		f.Add(tt.in)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseFPuzzles(s, "fuzz")
		if err != nil {
			n := 0
			for _, e := range []error{ErrSyntax, ErrRules, ErrUnsupported, ErrConflict, ErrMismatch} {
				if errors.Is(err, e) {
					n++
				}
			}
			if n != 1 {
				t.Fatalf("ParseFPuzzles(%q): %v matches %d sentinels", s, err, n)
			}
			return
		}
		if _, err := p.Rules.Solve(p.Givens, Options{Limit: 2, MaxNodes: 2000}); err != nil && !errors.Is(err, ErrBudget) {
			t.Fatalf("solving %q: %v", s, err)
		}
	})
}

// variantKind names the kind of a testdata/variants file: the part of its
// name before the first '-', after "gen-" for generated ones.
func variantKind(file string) string {
	name := strings.TrimPrefix(strings.TrimSuffix(filepath.Base(file), ".json"), "gen-")
	kind, _, _ := strings.Cut(name, "-")
	return kind
}

// BenchmarkVariants times the rules engine (the fast one for classic and
// diagonal rules) on the puzzles of testdata/variants with limit 2, per
// kind, one puzzle per op, cycling through the kind's puzzles: ns/op is
// the time per puzzle.
func BenchmarkVariants(b *testing.B) {
	byKind := map[string][]*Puzzle{}
	var kinds []string
	for _, f := range variantFiles(b) {
		k := variantKind(f)
		if byKind[k] == nil {
			kinds = append(kinds, k)
		}
		byKind[k] = append(byKind[k], readVariantFile(b, f))
	}
	slices.Sort(kinds)
	for _, k := range kinds {
		ps := byKind[k]
		b.Run(k, func(b *testing.B) {
			var nodes int64
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				p := ps[i%len(ps)]
				res, err := p.Rules.Solve(p.Givens, Options{Limit: 2})
				if err != nil || res.Count != 1 {
					b.Fatalf("%s: count %d, %v", k, res.Count, err)
				}
				nodes += res.Nodes
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N), "µs/puzzle")
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
		})
	}
}

// TestIsFPuzzles: the forms of f-puzzles data are told from classic text
// by the first line that is neither blank nor a '#' comment, so a classic
// file whose comment names SudokuPad or a link stays classic.
func TestIsFPuzzles(t *testing.T) {
	const grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	for _, c := range []struct {
		text string
		want bool
	}{
		{`{"size":9}`, true},
		{"\n  {\n\"size\": 9\n}", true},
		{"N4IgzglgXgpiBcBOANCA", true},
		{"https://www.f-puzzles.com/?load=N4Ig", true},
		{"https://sudokupad.app/fpuzzlesN4Ig", true},
		{"# my note\nhttps://sudokupad.app/fpuzzlesN4Ig", true},
		{grid, false},
		{"# puzzles from sudokupad\n" + grid + "\n", false},
		{"# see https://www.f-puzzles.com/?load=N4Ig\n\n" + grid, false},
		{grid + "\n# next: sudokupad\n", false},
		{"", false},
		{"# only a comment\n\n", false},
	} {
		if got := IsFPuzzles(c.text); got != c.want {
			t.Errorf("IsFPuzzles(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}
