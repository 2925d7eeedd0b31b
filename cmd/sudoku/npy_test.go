package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"sudoku/internal/sudokutest"
	"testing"

	"sudoku/internal/npyfile"
	"sudoku/solver"
)

// npyHeaderLen is the size of the header solve -o FILE.npy writes.
var npyHeaderLen = len(solver.NPYHeader(0))

// TestSolveNPY runs the command on .npy files as a user does.
func TestSolveNPY(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, b []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	two := write("two.npy", npyfile.NPY(1, "<i8", false, "(2, 9, 9)", npyfile.Values(sudokutest.MustParse(hard), sudokutest.MustParse(easy))))
	noExt := write("two.bin", npyfile.NPY(1, "<i8", false, "(2, 9, 9)", npyfile.Values(sudokutest.MustParse(hard), sudokutest.MustParse(easy))))
	bad := npyfile.NPY(1, "|u1", false, "(3, 9, 9)", npyfile.Values(sudokutest.MustParse(easy), sudokutest.MustParse(hard), sudokutest.MustParse(easy)))
	bad[npyfile.NPYHeaderLen(bad)+81+5] = 11
	badVals := write("bad.npy", bad)

	for _, tc := range []struct {
		name     string
		stdin    string
		args     []string
		stdout   string
		inStderr string
		code     int
	}{
		{name: "npy file", args: []string{"solve", "-f", two}, stdout: hardSol + "\n" + easySol + "\n"},
		{name: "magic without extension", args: []string{"solve", "-f", noExt}, stdout: hardSol + "\n" + easySol + "\n"},
		{name: "npy on stdin", stdin: string(npyfile.NPY(1, "|u1", false, "(9, 9)", npyfile.Values(sudokutest.MustParse(easy)))), args: []string{"solve"}, stdout: easySol + "\n"},
		{name: "bad value", args: []string{"solve", "-f", badVals}, stdout: easySol + "\n" + badVals + ":2: r1c6 holds 11: want 0 (empty) to 9\n" + easySol + "\n", inStderr: "1 of 3 puzzles failed", code: 1},
		{name: "bad header names the file", args: []string{"solve", "-f", write("f8.npy", npyfile.NPY(1, "<f8", false, "(1, 9, 9)", nil))}, inStderr: "f8.npy: .npy dtype \"<f8\"", code: 2},
		{name: "shape", args: []string{"solve", "-f", write("s.npy", npyfile.NPY(1, "|u1", false, "(9, 8)", make([]int64, 72)))}, inStderr: "s.npy: .npy shape (9, 8): want (9, 9) or (N, 9, 9)", code: 2},
		{name: "fortran", args: []string{"solve", "-f", write("fo.npy", npyfile.NPY(1, "|u1", true, "(9, 9)", make([]int64, 81)))}, inStderr: "fo.npy: .npy array in Fortran order", code: 2},
		{name: "npy name, text inside", args: []string{"solve", "-f", write("text.npy", []byte(hard+"\n"))}, inStderr: "text.npy: not a .npy file", code: 2},
		{name: "truncated data", args: []string{"solve", "-f", write("short.npy", npyfile.NPY(1, "|u1", false, "(2, 9, 9)", npyfile.Values(sudokutest.MustParse(hard))))}, inStderr: "short.npy: 209 bytes, but its .npy header announces 290 (2 grids of 1-byte values)", code: 2},
		{name: "truncated stdin", stdin: string(npyfile.NPY(1, "|u1", false, "(2, 9, 9)", npyfile.Values(sudokutest.MustParse(hard)))), args: []string{"solve"}, stdout: hardSol + "\nstdin:2: the .npy data ends 0 bytes into grid 2 of 2\n", code: 1},
		{name: "bad header on stdin", stdin: string(npyfile.NPY(3, "<f4", false, "(2, 9, 9)", nil)), args: []string{"solve"}, stdout: "stdin: .npy dtype \"<f4\": want small integers, one of |u1, |i1, <u2, <i2, <u4, <i4, <u8, <i8 (or big-endian >)\n", code: 1},
		{name: "trace into npy", args: []string{"solve", "-trace", "-o", filepath.Join(dir, "x.npy"), hard}, inStderr: "-trace prints text: it cannot go into", code: 2},
		{name: "grid into npy", args: []string{"solve", "-format", "grid", "-o", filepath.Join(dir, "x.NPY"), hard}, inStderr: "-format grid: ", code: 2},
	} {
		out, errOut, code := sudoku(t, tc.stdin, tc.args...)
		if code != tc.code || (tc.stdout != "" || tc.code == 2) && out != tc.stdout || !strings.Contains(errOut, tc.inStderr) {
			t.Errorf("%s: sudoku %q: exit %d, stdout %q, stderr %q; want %d, %q, %q", tc.name, tc.args, code, out, errOut, tc.code, tc.stdout, tc.inStderr)
		}
	}
}

// TestSolveNPYOutput: -o FILE.npy writes (N, 9, 9) |u1, a failure as a zero
// grid with its line on stderr and exit 1; reading the file back solves
// every solution to itself.
func TestSolveNPYOutput(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.npy")
	out, errOut, code := sudoku(t, "", "solve", "-j", "2", "-o", path, hard, "12x", easy)
	if code != 1 || out != "" || errOut != "arg 2:1:3: bad character 'x'\nsudoku solve: 1 of 3 puzzles failed\n" {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want := npyfile.NPY(1, "|u1", false, "(3, 9, 9)", npyfile.Values(sudokutest.MustParse(hardSol), solver.Grid{}, sudokutest.MustParse(easySol)))
	if !bytes.Equal(b[npyfile.NPYHeaderLen(b):], want[npyfile.NPYHeaderLen(want):]) || len(b) != npyHeaderLen+3*81 {
		t.Errorf("%s holds %d bytes, values differ from the solutions", path, len(b))
	}
	if !strings.Contains(string(b[:npyHeaderLen]), "'shape': (3, 9, 9)") || !strings.HasSuffix(string(b[:npyHeaderLen]), "\n") {
		t.Errorf("header %q", b[:npyHeaderLen])
	}
	if st, err := os.Stat(path); err != nil || st.Mode().Perm() != 0o644 {
		t.Errorf("stat %s: %v, %v; want mode 0644", path, st.Mode(), err)
	}
	// Round trip: the solutions read back solve to themselves (the zero
	// grid of the failure has many solutions).
	path2 := filepath.Join(dir, "again.npy")
	_, errOut, code = sudoku(t, "", "solve", "-limit", "2", "-f", path, "-o", path2)
	if code != 1 || errOut != path+":2: multiple solutions\nsudoku solve: 1 of 3 puzzles failed\n" {
		t.Fatalf("solving the output: exit %d, %q", code, errOut)
	}
	b2, _ := os.ReadFile(path2)
	if !bytes.Equal(b, b2) {
		t.Errorf("solving the solutions again changed them")
	}
	// One puzzle is still (1, 9, 9).
	_, _, code = sudoku(t, "", "solve", "-o", path, easy)
	b, _ = os.ReadFile(path)
	if code != 0 || !strings.Contains(string(b[:npyHeaderLen]), "'shape': (1, 9, 9)") {
		t.Errorf("one puzzle: exit %d, header %q", code, b[:min(len(b), npyHeaderLen)])
	}
}
