package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"sudoku/internal/lzstring"
	"sudoku/solver"
)

// variantPuzzles reads testdata/variants (from the repository root, where
// the tests run the binary).
func variantPuzzles(t *testing.T) map[string]*solver.Puzzle {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "..", "testdata", "variants", "*.json"))
	if err != nil || len(files) < 30 {
		t.Fatalf("testdata/variants: %d files, %v", len(files), err)
	}
	out := map[string]*solver.Puzzle{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		p, err := solver.ParseFPuzzles(string(b), f)
		if err != nil {
			t.Fatal(err)
		}
		out[filepath.ToSlash(filepath.Join("testdata", "variants", filepath.Base(f)))] = p
	}
	return out
}

func digits(ds []uint8) string {
	b := make([]byte, len(ds))
	for i, d := range ds {
		b[i] = '0' + d
	}
	return string(b)
}

// Every variant file solves, with limit 2, to its setter's solution, as a
// user runs it: -f FILE, and FILE as the argument.
func TestSolveVariantFiles(t *testing.T) {
	for name, p := range variantPuzzles(t) {
		want := digits(p.Solution) + "\n"
		for _, args := range [][]string{{"solve", "-limit", "2", "-f", name}, {"solve", "-limit", "2", name}} {
			out, errOut, code := sudoku(t, "", args...)
			if code != 0 || out != want {
				t.Errorf("sudoku %q: exit %d, printed %q (stderr %q), want %q", args, code, out, errOut, want)
			}
		}
	}
}

func TestSolveVariantForms(t *testing.T) {
	name := "testdata/variants/killer-uk2022.json"
	p := variantPuzzles(t)[name]
	js, err := os.ReadFile(filepath.Join("..", "..", name))
	if err != nil {
		t.Fatal(err)
	}
	data := lzstring.CompressToBase64(string(js))
	want := digits(p.Solution) + "\n"
	for _, tt := range []struct {
		name, stdin string
		args        []string
	}{
		{"f-puzzles link", "", []string{"solve", "-limit", "2", "https://f-puzzles.com/?load=" + data}},
		{"SudokuPad link", "", []string{"solve", "https://sudokupad.app/?puzzleid=fpuzzles" + strings.ReplaceAll(data, "+", "%2B")}},
		{"JSON argument", "", []string{"solve", string(js)}},
		{"JSON on stdin", string(js), []string{"solve", "-limit", "2"}},
		{"link on stdin", "https://f-puzzles.com/?load=" + data + "\n", []string{"solve", "-f", "-"}},
		{"grid output", "", []string{"solve", "-format", "grid", name}},
	} {
		w := want
		if tt.name == "grid output" {
			w = ""
			for i := 0; i < 81; i += 9 {
				w += want[i:i+9] + "\n"
			}
		}
		out, errOut, code := sudoku(t, tt.stdin, tt.args...)
		if code != 0 || out != w {
			t.Errorf("%s: exit %d, printed %q (stderr %q), want %q", tt.name, code, out, errOut, w)
		}
	}
}

// The f-puzzles link of an empty 9x9 grid with one given.
const oneGivenLink = "https://f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT1ADcBDAGwFc54BGVNCImAOwQBcMqBfZYHv3vyGCRfALrJCwgTOlyJU0XKVKFsles1c1yrRu2S9R+Yd1nVp/Vdk7r58WK5A"

func TestSolveVariantCounts(t *testing.T) {
	out, _, code := sudoku(t, "", "solve", "-limit", "2", oneGivenLink)
	if code != 1 || out != "arg 1: multiple solutions\n" {
		t.Errorf("one given, -limit 2: exit %d, printed %q; want 1 and multiple solutions", code, out)
	}
	out, _, code = sudoku(t, "", "solve", oneGivenLink)
	if code != 0 || len(out) != 82 || out[0] != '1' {
		t.Errorf("one given, -limit 1: exit %d, printed %q; want the first solution", code, out)
	}
	// No solution: a 4x4 cage that the givens break.
	none := `{"size":4,"grid":[[{"value":1,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"killercage":[{"cells":["R1C1","R1C2"],"value":"7"}]}`
	out, _, code = sudoku(t, "", "solve", "-limit", "2", none)
	if code != 1 || out != "arg 1: no solution\n" {
		t.Errorf("no solution: exit %d, printed %q", code, out)
	}
}

func TestTrueCandidates(t *testing.T) {
	// A unique puzzle: its true candidates are its solution.
	name := "testdata/variants/thermo-6x6-wsc2022.json"
	p := variantPuzzles(t)[name]
	out, errOut, code := sudoku(t, "", "solve", "-true-candidates", name)
	var want strings.Builder
	for i, d := range p.Solution {
		want.WriteByte('0' + d)
		if i%6 == 5 {
			want.WriteByte('\n')
		} else {
			want.WriteByte(' ')
		}
	}
	if code != 0 || out != want.String() {
		t.Errorf("unique puzzle: exit %d, printed\n%s(stderr %q), want\n%s", code, out, errOut, want.String())
	}
	// Several solutions: r1c1 is 1; the rest of row 1, column 1 and box 1
	// may hold 2 to 9, every other cell anything.
	out, errOut, code = sudoku(t, "", "solve", "-true-candidates", oneGivenLink)
	lines := strings.Split(out, "\n")
	if code != 0 || len(lines) != 10 || !strings.HasPrefix(lines[0], "1 23456789 23456789 ") || !strings.HasSuffix(lines[8], " 123456789") {
		t.Errorf("one given: exit %d, printed\n%s(stderr %q)", code, out, errOut)
	}
	// A classic puzzle argument works too.
	out, _, code = sudoku(t, "", "solve", "-true-candidates", hard)
	if code != 0 || strings.ReplaceAll(strings.ReplaceAll(out, " ", ""), "\n", "") != hardSol {
		t.Errorf("classic puzzle: exit %d, printed\n%s", code, out)
	}
	// Classic puzzles run on the fast engine: with several solutions, its
	// answer is the rules engine's, standard and diagonal.
	for _, tt := range []struct {
		args   []string
		puzzle string
		diag   bool
	}{
		{nil, "......8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", false},
		{[]string{"-diagonal"}, "1...............................................................................2", true},
	} {
		g, err := solver.Parse(tt.puzzle)
		if err != nil {
			t.Fatal(err)
		}
		cands, err := solver.ClassicRules(tt.diag).TrueCandidates(g[:], solver.Options{})
		if err != nil {
			t.Fatal(err)
		}
		want := solver.FormatTrueCandidates(9, cands)
		out, errOut, code := sudoku(t, "", append(append([]string{"solve", "-true-candidates"}, tt.args...), tt.puzzle)...)
		if code != 0 || out != want || strings.Count(out, "123456789") == 81 {
			t.Errorf("%v %s: exit %d, printed\n%s(stderr %q), want\n%s", tt.args, tt.puzzle, code, out, errOut, want)
		}
	}
}

func TestSolveVariantErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte(`{"size":9,"grid":[`), 0o644)
	unknown := filepath.Join(dir, "unknown.json")
	os.WriteFile(unknown, []byte(`{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"skyscraper":[{"cell":"R0C1","value":"2"}]}`), 0o644)
	for _, tt := range []struct {
		name string
		args []string
		code int
		in   string // in stdout or stderr
	}{
		{"malformed JSON", []string{"solve", "-f", bad}, 1, bad + ": malformed JSON"},
		{"unsupported constraint", []string{"solve", unknown}, 1, unknown + ": unsupported constraint: skyscraper"},
		{"bad lz-string", []string{"solve", "https://f-puzzles.com/?load=N4Ig!x"}, 1, "arg 1: lz-string: bad character '!'"},
		{"gif", []string{"solve", "-gif", filepath.Join(dir, "x.gif"), oneGivenLink}, 1, "-gif takes classic puzzles"},
		{"npy", []string{"solve", "-o", filepath.Join(dir, "x.npy"), oneGivenLink}, 1, "x.npy holds 9x9 grids: write f-puzzles solutions and true candidates as text"},
		{"trace of true candidates", []string{"solve", "-trace", "-true-candidates", oneGivenLink}, 1, "-trace traces one solve: it cannot go with -true-candidates"},
		{"true candidates of many", []string{"solve", "-true-candidates", hard, easy}, 1, "-true-candidates takes one puzzle, got 2"},
		{"two files", []string{"solve", "-f", "testdata/variants/killer-uk2022.json", "-f", "testdata/cli/mixed.txt"}, 1, "testdata/variants/killer-uk2022.json holds an f-puzzles puzzle: give it alone"},
	} {
		out, errOut, code := sudoku(t, "", tt.args...)
		if code != tt.code || !strings.Contains(out+errOut, tt.in) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want %d and %q", tt.name, code, out, errOut, tt.code, tt.in)
		}
	}
}

// TestSolveClassicUnderComment: classic puzzles on standard input under
// a '#' comment that names SudokuPad or holds an f-puzzles link are
// solved as classic puzzles, not read as f-puzzles data.
func TestSolveClassicUnderComment(t *testing.T) {
	const grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	const want = "417369825632158947958724316825437169791586432346912758289643571573291684164875293\n"
	for _, head := range []string{"# puzzles from sudokupad\n", "# see https://www.f-puzzles.com/?load=N4Ig\n\n"} {
		out, errOut, code := sudoku(t, head+grid+"\n", "solve")
		if code != 0 || out != want {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want 0 and %q", head, code, out, errOut, want)
		}
	}
}

// TestSolveVariantToFile: -o writes what standard output would show, for
// an f-puzzles puzzle, its true candidates and a puzzle with no solution
// (the file says so and the exit code is 1); an existing file is replaced
// whole.
func TestSolveVariantToFile(t *testing.T) {
	dir := t.TempDir()
	name := "testdata/variants/thermo-6x6-wsc2022.json"
	for _, tt := range []struct {
		name string
		args []string
		code int
	}{
		{"solution", []string{name}, 0},
		{"grid", []string{"-format", "grid", name}, 0},
		{"true candidates", []string{"-true-candidates", oneGivenLink}, 0},
		{"classic true candidates", []string{"-true-candidates", hard}, 0},
		{"trace", []string{"-trace", name}, 0},
	} {
		want, errOut, code := sudoku(t, "", append([]string{"solve"}, tt.args...)...)
		if code != tt.code || want == "" {
			t.Fatalf("%s to standard output: exit %d, stderr %q", tt.name, code, errOut)
		}
		path := filepath.Join(dir, "out.txt")
		os.WriteFile(path, []byte("an older, longer file that must be replaced whole\n"+strings.Repeat("x", 4096)), 0o644)
		out, errOut, code := sudoku(t, "", append([]string{"solve", "-o", path}, tt.args...)...)
		got, err := os.ReadFile(path)
		if err != nil || code != tt.code || out != "" || string(got) != want {
			t.Errorf("%s -o: exit %d, stdout %q, stderr %q, file %q (%v); want the file to hold\n%s", tt.name, code, out, errOut, got, err, want)
		}
	}
	// No solution: the file holds the reason, and the exit code says it.
	none := filepath.Join(dir, "none.json")
	js, err := os.ReadFile(filepath.Join("..", "..", name))
	if err != nil {
		t.Fatal(err)
	}
	p, err := solver.ParseFPuzzles(string(js), "")
	if err != nil {
		t.Fatal(err)
	}
	p.Givens[0], p.Givens[1] = p.Solution[1], p.Solution[0] // each its neighbour's digit
	p.Solution = nil
	if res, err := p.Rules.Solve(p.Givens, solver.Options{Limit: 1}); err != nil || res.Count != 0 {
		t.Fatalf("the swapped givens: %d solutions, %v; want none", res.Count, err)
	}
	bad, err := p.FPuzzlesJSON()
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(none, bad, 0o644)
	path := filepath.Join(dir, "none.txt")
	_, errOut, code := sudoku(t, "", "solve", "-o", path, none)
	got, _ := os.ReadFile(path)
	if code != 1 || string(got) != none+": no solution\n" {
		t.Errorf("no solution -o: exit %d, file %q, stderr %q", code, got, errOut)
	}
	// A directory that does not exist: nothing written, a clear error.
	_, errOut, code = sudoku(t, "", "solve", "-o", filepath.Join(dir, "missing", "out.txt"), name)
	if code != 2 || !strings.Contains(errOut, "sudoku solve: writing results:") {
		t.Errorf("missing directory: exit %d, stderr %q", code, errOut)
	}
}

// bench times f-puzzles files under their rules beside classic files: each
// variant file is one puzzle, solved with limit 2 to one verified solution,
// its setter's.
func TestBenchVariantFiles(t *testing.T) {
	ps := variantPuzzles(t)
	args := []string{"bench", "-json", "testdata/special.txt"}
	for name := range ps {
		args = append(args, name)
	}
	out, errOut, code := sudoku(t, "", args...)
	if code != 0 {
		t.Fatalf("sudoku bench: exit %d\nstderr: %s", code, errOut)
	}
	dec := json.NewDecoder(strings.NewReader(out))
	n := 0
	for dec.More() {
		var rep benchReport
		if err := dec.Decode(&rep); err != nil {
			t.Fatalf("bad JSON line: %v\n%s", err, out)
		}
		n++
		if _, ok := ps[rep.File]; !ok {
			if rep.File != "testdata/special.txt" || rep.Engine != "fast" || rep.Puzzles < 5 || rep.Invalid != 0 {
				t.Errorf("classic file: %+v", rep)
			}
			continue
		}
		if rep.Engine != "rules" || rep.Puzzles != 1 || rep.Counts.One != 1 || rep.Verified != 1 || rep.Invalid != 0 || rep.Errors != 0 || rep.USPerPuzzle <= 0 {
			t.Errorf("%s: %+v; want one puzzle, unique and verified", rep.File, rep)
		}
	}
	if n != len(ps)+1 {
		t.Errorf("%d reports for %d files", n, len(ps)+1)
	}
	// A file that is not f-puzzles data after all stops the run before any timing.
	bad := filepath.Join(t.TempDir(), "bad.json")
	if err := os.WriteFile(bad, []byte(`{"size": 9, "grid": 3}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, errOut, code := sudoku(t, "", "bench", bad); code != 2 || !strings.Contains(errOut, "bad.json") {
		t.Errorf("bench of a broken f-puzzles file: exit %d, stderr %q; want 2 naming the file", code, errOut)
	}
}

// TestSolveTraceVariant: -trace on an f-puzzles file prints the rules
// engine's events, cells named in the puzzle's own grid, then the
// solution; with -json, one JSON object a line, the result last; a puzzle
// with several solutions (-limit 2) prints its trace and says so.
func TestSolveTraceVariant(t *testing.T) {
	name := "testdata/variants/thermo-6x6-wsc2022.json"
	p := variantPuzzles(t)[name]
	sol := make([]byte, len(p.Solution))
	for i, d := range p.Solution {
		sol[i] = '0' + d
	}
	cellRe := regexp.MustCompile(`\br(\d+)c(\d+)\b`)
	inGrid := func(text string) int {
		t.Helper()
		n := 0
		for _, m := range cellRe.FindAllStringSubmatch(text, -1) {
			if r, c := atoi(t, m[1]), atoi(t, m[2]); r < 1 || r > 6 || c < 1 || c > 6 {
				t.Fatalf("cell %s outside the 6x6 grid in %q", m[0], text)
			}
			n++
		}
		return n
	}

	out, errOut, code := sudoku(t, "", "solve", "-trace", name)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != 0 || len(lines) < 3 || lines[len(lines)-1] != string(sol) {
		t.Fatalf("exit %d, stderr %q, output ends %q; want the solution %s", code, errOut, lines[len(lines)-1], sol)
	}
	var events int
	if _, err := fmt.Sscanf(lines[0], name+": rules trace, %d events", &events); err != nil || events != len(lines)-2 {
		t.Fatalf("header %q (%v): want %d events", lines[0], err, len(lines)-2)
	}
	if inGrid(out) == 0 {
		t.Error("no event names a cell")
	}

	out, _, code = sudoku(t, "", "solve", "-trace", "-json", name)
	var last jsonResult
	n := 0
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var ev jsonEvent
		if err := json.Unmarshal([]byte(line), &ev); err != nil {
			t.Fatalf("line %q: %v", line, err)
		}
		if ev.Seq == 0 {
			json.Unmarshal([]byte(line), &last)
			continue
		}
		n++
		if ev.Name != "" && inGrid(ev.Name) != 1 {
			t.Errorf("event %d names cell %q", ev.Seq, ev.Name)
		}
	}
	if code != 0 || last.Kind != "result" || last.Solution != string(sol) || last.Events != n || last.Engine != "rules" || n != events {
		t.Errorf("-json: exit %d, result %+v after %d events; want the solution and %d events", code, last, n, events)
	}

	out, _, code = sudoku(t, "", "solve", "-trace", "-limit", "2", oneGivenLink)
	if code != 1 || !strings.HasSuffix(out, "arg 1: multiple solutions\n") || !strings.Contains(out, "arg 1: rules trace, ") {
		t.Errorf("several solutions: exit %d, output ends %q", code, out[max(0, len(out)-200):])
	}
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}
