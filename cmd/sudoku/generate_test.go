package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sudoku/internal/sudokutest"
	"testing"

	"sudoku/solver"
	"sudoku/solver/generate"
)

var generateUsageTests = []struct {
	args     []string
	inStderr string
}{
	{[]string{"-level", "impossible"}, `-level "impossible": want one of easy, medium, hard, expert, extreme`},
	{[]string{"-technique", "telepathy"}, `-technique: unknown technique "telepathy"`},
	{[]string{"-level", "hard", "-technique", "xwing"}, "give at most one"},
	{[]string{"-uses", "xwing", "-score", "1-9"}, "give at most one"},
	{[]string{"-uses", "telepathy"}, `-uses: unknown technique "telepathy"`},
	{[]string{"-symmetry", "spiral"}, `-symmetry "spiral": want none, rotational, mirror or diagonal`},
	{[]string{"-score", "5-4"}, "score 5.0-4.0: no puzzle scores so"},
	{[]string{"-score", "hard"}, `-score "hard": want MIN-MAX`},
	{[]string{"-technique", "cleanup"}, "no puzzle needs it"},
	{[]string{"-n", "0"}, "-n 0: want at least 1"},
	{[]string{"-j", "0"}, "-j 0: want at least 1"},
	{[]string{"-attempts", "0"}, "-attempts 0: want at least 1"},
	{[]string{"-variant", "windoku"}, `-variant "windoku": unknown variant`},
	{[]string{"extra"}, `unexpected argument "extra"`},
	{[]string{"-frobnicate"}, "flag provided but not defined: -frobnicate"},
}

func TestGenerateUsage(t *testing.T) {
	for _, tt := range generateUsageTests {
		args := append([]string{"generate", "-seed", "1"}, tt.args...)
		out, errOut, code := sudoku(t, "", args...)
		if code != 2 || out != "" || !strings.Contains(errOut, tt.inStderr) {
			t.Errorf("sudoku %q: exit %d, stdout %q, stderr %q; want 2, nothing, and %q", args, code, out, errOut, tt.inStderr)
		}
	}
}

// Puzzles read back: solve and grade take the output as it is, grade rates
// each puzzle at its note's level, and the output does not depend on -j.
func TestGenerateCommand(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "medium.txt")
	out, errOut, code := sudoku(t, "", "generate", "-level", "medium", "-symmetry", "rotational", "-n", "6", "-seed", "5", "-j", "1", "-o", file)
	if code != 0 || out != "" || errOut != "" {
		t.Fatalf("generate -o: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	out, errOut, code = sudoku(t, "", "generate", "-level", "medium", "-symmetry", "rotational", "-n", "6", "-seed", "5", "-j", "2")
	if code != 0 || out != string(data) {
		t.Fatalf("-j 2 printed\n%s(exit %d, %s)\nwant what -j 1 wrote\n%s", out, code, errOut, data)
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	if len(lines) != 6 {
		t.Fatalf("%d lines, want 6:\n%s", len(lines), data)
	}
	var puzzles []solver.Grid
	for _, l := range lines {
		p, note, ok := strings.Cut(l, ":")
		if !ok || !strings.HasPrefix(note, "Medium:") {
			t.Fatalf("line %q: want PUZZLE:Medium:score", l)
		}
		g := sudokutest.MustParse(p)
		if !generate.Rotational.IsSymmetric(g) {
			t.Errorf("%s: clue pattern not rotational", p)
		}
		puzzles = append(puzzles, g)
	}
	out, errOut, code = sudoku(t, "", "grade", file)
	if code != 0 || strings.Count(out, ": Medium ") != 6 || !strings.Contains(out, "6 graded (Easy 0, Medium 6,") {
		t.Errorf("grade of the output: exit %d\n%s%s", code, out, errOut)
	}
	out, errOut, code = sudoku(t, "", "solve", "-limit", "2", "-f", file)
	sols := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != 0 || len(sols) != 6 {
		t.Fatalf("solve of the output: exit %d\n%s%s", code, out, errOut)
	}
	for i, s := range sols {
		if err := solver.Standard.Verify(puzzles[i], sudokutest.MustParse(s)); err != nil {
			t.Errorf("line %d: %v", i+1, err)
		}
	}
}

// -technique asks for the hardest step, -uses for any step.
func TestGenerateTechnique(t *testing.T) {
	for _, tt := range []struct{ flag, want string }{{"-technique", "X-Wing"}, {"-uses", "XY-Wing"}} {
		out, errOut, code := sudoku(t, "", "generate", tt.flag, tt.want, "-n", "2", "-seed", "3")
		if code != 0 || strings.Count(out, "\n") != 2 {
			t.Fatalf("generate %s %q: exit %d\n%s%s", tt.flag, tt.want, code, out, errOut)
		}
		for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
			p, _, _ := strings.Cut(l, ":")
			exp, errOut, code := sudoku(t, "", "explain", p)
			if code != 0 || !strings.Contains(exp, ". "+tt.want+": ") {
				t.Errorf("explain %s (from %s %q): exit %d, no %s step\n%s%s", p, tt.flag, tt.want, code, tt.want, exp, errOut)
			}
		}
	}
}

func TestGenerateJSONDiagonal(t *testing.T) {
	out, errOut, code := sudoku(t, "", "generate", "-variant", "diagonal", "-symmetry", "mirror", "-n", "2", "-seed", "9", "-json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var text strings.Builder
	dec := json.NewDecoder(strings.NewReader(out))
	for i := 1; dec.More(); i++ {
		var p genJSON
		if err := dec.Decode(&p); err != nil {
			t.Fatalf("bad JSON: %v\n%s", err, out)
		}
		g := sudokutest.MustParse(p.Puzzle)
		if p.Index != i || p.Variant != "diagonal" || p.Symmetry != "mirror" || p.Clues != g.Clues() || p.Seed != generate.SeedAt(9, i-1) {
			t.Errorf("object %d: %+v", i, p)
		}
		if err := solver.Diagonal.Verify(g, sudokutest.MustParse(p.Solution)); err != nil || !generate.Mirror.IsSymmetric(g) {
			t.Errorf("object %d: %v, or the pattern is not mirrored: %s", i, err, p.Puzzle)
		}
		text.WriteString(p.Puzzle + "\n")
	}
	out, errOut, code = sudoku(t, text.String(), "grade", "-json", "-variant", "diagonal")
	if code != 0 || !strings.Contains(out, `"graded": 2`) {
		t.Errorf("grade -variant diagonal of the puzzles: exit %d\n%s%s", code, out, errOut)
	}
}

// A target out of reach within the budget is an error naming the puzzle,
// and -o then writes nothing.
func TestGenerateBudget(t *testing.T) {
	file := filepath.Join(t.TempDir(), "out.txt")
	out, errOut, code := sudoku(t, "", "generate", "-technique", "hidden quad", "-attempts", "2", "-n", "2", "-seed", "1", "-o", file)
	if code != 1 || out != "" || !strings.Contains(errOut, "puzzle 1 (seed ") || !strings.Contains(errOut, "no puzzle met the target within the budget") ||
		!strings.Contains(errOut, "2 of 2 puzzles failed") {
		t.Errorf("exit %d, stdout %q, stderr %q; want 1 and the reason", code, out, errOut)
	}
	if _, err := os.Stat(file); !os.IsNotExist(err) {
		t.Errorf("-o %s written after a failure: %v", file, err)
	}
	entries, _ := os.ReadDir(filepath.Dir(file))
	if len(entries) != 0 {
		t.Errorf("the output folder holds %d files, want none (no temporary left)", len(entries))
	}
	// -timeout: the puzzles not made in time are counted in one line.
	_, errOut, code = sudoku(t, "", "generate", "-level", "extreme", "-n", "20", "-seed", "1", "-timeout", "1ns")
	if code != 1 || !strings.Contains(errOut, "-timeout reached: 20 puzzles not made") || strings.Contains(errOut, "puzzle 1 ") {
		t.Errorf("-timeout 1ns: exit %d, stderr %q; want 1 and one line for all 20", code, errOut)
	}
	// Without -seed, one is taken from the clock and reported.
	out, errOut, code = sudoku(t, "", "generate", "-level", "easy")
	if code != 0 || len(out) < 82 || !strings.Contains(errOut, "sudoku generate: -seed ") {
		t.Errorf("without -seed: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}
