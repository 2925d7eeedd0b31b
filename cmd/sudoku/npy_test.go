package main

import (
	"bytes"
	byteorder "encoding/binary" // cli_test.go names the built command "binary"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"sudoku/solver"
)

// npyFile builds a .npy file the way NumPy's format spec describes it,
// apart from the code under test: magic, version, header length, the dict
// padded with spaces to a multiple of 64 bytes and a newline, then vals in
// the dtype's size and byte order.
func npyFile(major byte, descr string, fortran bool, shape string, vals []int64) []byte {
	f := "False"
	if fortran {
		f = "True"
	}
	dict := fmt.Sprintf("{'descr': '%s', 'fortran_order': %s, 'shape': %s, }", descr, f, shape)
	pre := 10
	if major > 1 {
		pre = 12
	}
	total := (pre + len(dict) + 1 + 63) / 64 * 64
	dict += strings.Repeat(" ", total-pre-len(dict)-1) + "\n"
	var b bytes.Buffer
	b.WriteString("\x93NUMPY")
	b.Write([]byte{major, 0})
	if major > 1 {
		byteorder.Write(&b, byteorder.LittleEndian, uint32(len(dict)))
	} else {
		byteorder.Write(&b, byteorder.LittleEndian, uint16(len(dict)))
	}
	b.WriteString(dict)
	var order byteorder.ByteOrder = byteorder.LittleEndian
	if descr[0] == '>' {
		order = byteorder.BigEndian
	}
	for _, v := range vals {
		switch descr[2] {
		case '1':
			b.WriteByte(byte(v))
		case '2':
			byteorder.Write(&b, order, uint16(v))
		case '4':
			byteorder.Write(&b, order, uint32(v))
		case '8':
			byteorder.Write(&b, order, uint64(v))
		}
	}
	return b.Bytes()
}

// rawNPY returns a version 1.0 .npy file with the given header and no values.
func rawNPY(header string) []byte {
	b := []byte("\x93NUMPY\x01\x00")
	b = byteorder.LittleEndian.AppendUint16(b, uint16(len(header)))
	return append(b, header...)
}

// values returns the cells of grids as int64s.
func values(gs ...solver.Grid) []int64 {
	var vs []int64
	for _, g := range gs {
		for _, d := range g {
			vs = append(vs, int64(d))
		}
	}
	return vs
}

var npyReadTests = []struct {
	name  string
	file  []byte
	grids []solver.Grid
	err   string // a part of the error, "" for none
}{
	{name: "u1 (N,9,9)", file: npyFile(1, "|u1", false, "(2, 9, 9)", values(mustGrid(hard), mustGrid(easy))), grids: []solver.Grid{mustGrid(hard), mustGrid(easy)}},
	{name: "u1 (9,9)", file: npyFile(1, "|u1", false, "(9, 9)", values(mustGrid(hard))), grids: []solver.Grid{mustGrid(hard)}},
	{name: "i1", file: npyFile(1, "|i1", false, "(1, 9, 9)", values(mustGrid(easy))), grids: []solver.Grid{mustGrid(easy)}},
	{name: "<i2", file: npyFile(1, "<i2", false, "(1, 9, 9)", values(mustGrid(easy))), grids: []solver.Grid{mustGrid(easy)}},
	{name: "<u2", file: npyFile(1, "<u2", false, "(1, 9, 9)", values(mustGrid(easy))), grids: []solver.Grid{mustGrid(easy)}},
	{name: "<i4", file: npyFile(1, "<i4", false, "(1, 9, 9)", values(mustGrid(easy))), grids: []solver.Grid{mustGrid(easy)}},
	{name: ">i4", file: npyFile(1, ">i4", false, "(1, 9, 9)", values(mustGrid(easy))), grids: []solver.Grid{mustGrid(easy)}},
	{name: "<i8", file: npyFile(1, "<i8", false, "(1, 9, 9)", values(mustGrid(hard))), grids: []solver.Grid{mustGrid(hard)}},
	{name: ">u8", file: npyFile(1, ">u8", false, "(1, 9, 9)", values(mustGrid(hard))), grids: []solver.Grid{mustGrid(hard)}},
	{name: "version 2", file: npyFile(2, "|u1", false, "(1, 9, 9)", values(mustGrid(hard))), grids: []solver.Grid{mustGrid(hard)}},
	{name: "version 3", file: npyFile(3, "<i8", false, "(1, 9, 9)", values(mustGrid(hard))), grids: []solver.Grid{mustGrid(hard)}},
	{name: "no grids", file: npyFile(1, "|u1", false, "(0, 9, 9)", nil), grids: nil},
	{name: "python 2 longs", file: npyFile(1, "|u1", false, "(1L, 9L, 9L)", values(mustGrid(hard))), grids: []solver.Grid{mustGrid(hard)}},

	{name: "empty", file: nil, err: "empty file, not .npy"},
	{name: "truncated magic", file: []byte("\x93NUM"), err: "truncated .npy header (4 bytes)"},
	{name: "wrong magic", file: []byte("\x93NUMPZ\x01\x00\x10\x00"), err: `not a .npy file: it starts with "\x93NUMPZ"`},
	{name: "text", file: []byte(hard + "\n"), err: "not a .npy file"},
	{name: "truncated length", file: []byte("\x93NUMPY\x01\x00\x76"), err: "truncated .npy header"},
	{name: "truncated header", file: npyFile(1, "|u1", false, "(1, 9, 9)", nil)[:40], err: "truncated .npy header: 30 of 118 bytes"},
	{name: "version 4", file: append([]byte("\x93NUMPY\x04\x00"), npyFile(2, "|u1", false, "(1, 9, 9)", nil)[8:]...), err: ".npy version 4.0: want 1.0, 2.0 or 3.0"},
	{name: "version 1.1", file: append([]byte("\x93NUMPY\x01\x01"), npyFile(1, "|u1", false, "(1, 9, 9)", nil)[8:]...), err: ".npy version 1.1"},
	{name: "float", file: npyFile(1, "<f8", false, "(1, 9, 9)", nil), err: `.npy dtype "<f8": want small integers`},
	{name: "bool", file: npyFile(1, "|b1", false, "(1, 9, 9)", nil), err: `.npy dtype "|b1"`},
	{name: "no byte order", file: npyFile(1, "|i4", false, "(1, 9, 9)", nil), err: `.npy dtype "|i4"`},
	{name: "structured", file: rawNPY("{'descr': [('a', '<i4')], 'fortran_order': False, }\n"), err: "bad .npy header"},
	{name: "fortran", file: npyFile(1, "<i8", true, "(9, 9)", nil), err: ".npy array in Fortran order: want C order"},
	{name: "shape 9x8", file: npyFile(1, "|u1", false, "(9, 8)", nil), err: ".npy shape (9, 8): want (9, 9) or (N, 9, 9)"},
	{name: "shape 81", file: npyFile(1, "|u1", false, "(81,)", nil), err: ".npy shape (81,): want"},
	{name: "shape 4d", file: npyFile(1, "|u1", false, "(1, 9, 9, 1)", nil), err: ".npy shape (1, 9, 9, 1): want"},
	{name: "negative", file: npyFile(1, "|u1", false, "(-1, 9, 9)", nil), err: ".npy shape (-1, 9, 9)"},
	{name: "unknown key", file: rawNPY("{'descr': '|u1', 'fortran_order': False, 'shape': (9, 9), 'x': 1}      \n"), err: `.npy header: unknown key "x"`},
	{name: "no shape", file: rawNPY("{'descr': '|u1', 'fortran_order': False}    \n"), err: "no 'shape' tuple"},
	{name: "bad dict", file: rawNPY("{'descr' '|u1'}\n"), err: `want ':' after "descr"`},
}

func TestReadNPY(t *testing.T) {
	for _, tt := range npyReadTests {
		r := bytes.NewReader(tt.file)
		a, err := readNPYHeader(r)
		var grids []solver.Grid
		if err == nil {
			readNPYGrids(r, a, func(i int64, g solver.Grid, gerr error) {
				if gerr != nil && err == nil {
					err = gerr
				}
				grids = append(grids, g)
			})
		}
		switch {
		case tt.err == "" && err != nil:
			t.Errorf("%s: %v", tt.name, err)
		case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
			t.Errorf("%s: error %v, want %q", tt.name, err, tt.err)
		case tt.err == "" && !reflect.DeepEqual(grids, tt.grids):
			t.Errorf("%s: grids %v, want %v", tt.name, grids, tt.grids)
		}
	}
}

// TestNPYValues: a value outside 0-9 spoils its grid only; data that ends
// early or runs on is reported at the end.
func TestNPYValues(t *testing.T) {
	vals := values(mustGrid(hard), mustGrid(easy), mustGrid(hard))
	vals[81+12] = -1
	vals[2*81+80] = 10
	for _, descr := range []string{"|i1", "<i2", ">i4", "<i8"} {
		f := npyFile(1, descr, false, "(3, 9, 9)", vals)
		r := bytes.NewReader(f)
		a, err := readNPYHeader(r)
		if err != nil {
			t.Fatal(err)
		}
		var errs []string
		readNPYGrids(r, a, func(i int64, g solver.Grid, err error) {
			if err != nil {
				errs = append(errs, fmt.Sprintf("%d: %v", i, err))
			} else if g != mustGrid(hard) {
				t.Errorf("%s: grid %d = %s", descr, i, g)
			}
		})
		want := []string{"2: r2c4 holds -1: want 0 (empty) to 9", "3: r9c9 holds 10: want 0 (empty) to 9"}
		if !reflect.DeepEqual(errs, want) {
			t.Errorf("%s: errors %q, want %q", descr, errs, want)
		}
	}
	short := npyFile(1, "|u1", false, "(2, 9, 9)", values(mustGrid(hard)))
	long := append(npyFile(1, "|u1", false, "(1, 9, 9)", values(mustGrid(hard))), 0)
	for _, tc := range []struct {
		f    []byte
		want string
	}{{short, "the .npy data ends 0 bytes into grid 2 of 2"}, {long, "data after the 1 grids the .npy header announces"}} {
		r := bytes.NewReader(tc.f)
		a, _ := readNPYHeader(r)
		var last error
		readNPYGrids(r, a, func(_ int64, _ solver.Grid, err error) { last = err })
		if last == nil || last.Error() != tc.want {
			t.Errorf("last error %v, want %q", last, tc.want)
		}
	}
}

// TestNPYWriteRead: what writeNPYHeader and 81 bytes a grid write reads back.
func TestNPYWriteRead(t *testing.T) {
	for _, n := range []int{0, 1, 3, 1000} {
		var b bytes.Buffer
		if err := writeNPYHeader(&b, int64(n)); err != nil || b.Len() != npyHeaderLen {
			t.Fatalf("writeNPYHeader(%d): %v, %d bytes", n, err, b.Len())
		}
		var want []solver.Grid
		for i := 0; i < n; i++ {
			g := mustGrid(hardSol)
			g[i%81] = 0
			want = append(want, g)
			b.Write(g[:])
		}
		a, err := readNPYHeader(&b)
		if err != nil {
			t.Fatal(err)
		}
		var got []solver.Grid
		readNPYGrids(&b, a, func(_ int64, g solver.Grid, err error) {
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, g)
		})
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%d grids: read back %d different ones", n, len(got))
		}
	}
}

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
	two := write("two.npy", npyFile(1, "<i8", false, "(2, 9, 9)", values(mustGrid(hard), mustGrid(easy))))
	noExt := write("two.bin", npyFile(1, "<i8", false, "(2, 9, 9)", values(mustGrid(hard), mustGrid(easy))))
	bad := npyFile(1, "|u1", false, "(3, 9, 9)", values(mustGrid(easy), mustGrid(hard), mustGrid(easy)))
	bad[npyHeaderLenOf(bad)+81+5] = 11
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
		{name: "npy on stdin", stdin: string(npyFile(1, "|u1", false, "(9, 9)", values(mustGrid(easy)))), args: []string{"solve"}, stdout: easySol + "\n"},
		{name: "bad value", args: []string{"solve", "-f", badVals}, stdout: easySol + "\n" + badVals + ":2: r1c6 holds 11: want 0 (empty) to 9\n" + easySol + "\n", inStderr: "1 of 3 puzzles failed", code: 1},
		{name: "bad header names the file", args: []string{"solve", "-f", write("f8.npy", npyFile(1, "<f8", false, "(1, 9, 9)", nil))}, inStderr: "f8.npy: .npy dtype \"<f8\"", code: 2},
		{name: "shape", args: []string{"solve", "-f", write("s.npy", npyFile(1, "|u1", false, "(9, 8)", make([]int64, 72)))}, inStderr: "s.npy: .npy shape (9, 8): want (9, 9) or (N, 9, 9)", code: 2},
		{name: "fortran", args: []string{"solve", "-f", write("fo.npy", npyFile(1, "|u1", true, "(9, 9)", make([]int64, 81)))}, inStderr: "fo.npy: .npy array in Fortran order", code: 2},
		{name: "npy name, text inside", args: []string{"solve", "-f", write("text.npy", []byte(hard+"\n"))}, inStderr: "text.npy: not a .npy file", code: 2},
		{name: "truncated data", args: []string{"solve", "-f", write("short.npy", npyFile(1, "|u1", false, "(2, 9, 9)", values(mustGrid(hard))))}, inStderr: "short.npy: 209 bytes, but its .npy header announces 290 (2 grids of 1-byte values)", code: 2},
		{name: "truncated stdin", stdin: string(npyFile(1, "|u1", false, "(2, 9, 9)", values(mustGrid(hard)))), args: []string{"solve"}, stdout: hardSol + "\nstdin:2: the .npy data ends 0 bytes into grid 2 of 2\n", code: 1},
		{name: "bad header on stdin", stdin: string(npyFile(3, "<f4", false, "(2, 9, 9)", nil)), args: []string{"solve"}, stdout: "stdin: .npy dtype \"<f4\": want small integers, one of |u1, |i1, <u2, <i2, <u4, <i4, <u8, <i8 (or big-endian >)\n", code: 1},
		{name: "trace into npy", args: []string{"solve", "-trace", "-o", filepath.Join(dir, "x.npy"), hard}, inStderr: "-trace prints text: it cannot go into", code: 2},
		{name: "grid into npy", args: []string{"solve", "-format", "grid", "-o", filepath.Join(dir, "x.NPY"), hard}, inStderr: "-format grid: ", code: 2},
	} {
		out, errOut, code := sudoku(t, tc.stdin, tc.args...)
		if code != tc.code || (tc.stdout != "" || tc.code == 2) && out != tc.stdout || !strings.Contains(errOut, tc.inStderr) {
			t.Errorf("%s: sudoku %q: exit %d, stdout %q, stderr %q; want %d, %q, %q", tc.name, tc.args, code, out, errOut, tc.code, tc.stdout, tc.inStderr)
		}
	}
}

// npyHeaderLenOf returns the bytes before the values of a .npy file of
// version 1.
func npyHeaderLenOf(f []byte) int { return 10 + int(byteorder.LittleEndian.Uint16(f[8:10])) }

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
	want := npyFile(1, "|u1", false, "(3, 9, 9)", values(mustGrid(hardSol), solver.Grid{}, mustGrid(easySol)))
	if !bytes.Equal(b[npyHeaderLenOf(b):], want[npyHeaderLenOf(want):]) || len(b) != npyHeaderLen+3*81 {
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

// FuzzReadNPY: the reader never panics, a header it accepts describes
// integers in (N, 9, 9), and it yields at most one grid more than announced
// (the error for data after them).
func FuzzReadNPY(f *testing.F) {
	for _, tt := range npyReadTests {
		f.Add(tt.file)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		r := bytes.NewReader(b)
		a, err := readNPYHeader(r)
		if err != nil {
			return
		}
		if (a.size != 1 && a.size != 2 && a.size != 4 && a.size != 8) || a.grids < 0 || a.headerLen < 10 {
			t.Fatalf("accepted header %+v", a)
		}
		var n int64
		readNPYGrids(r, a, func(i int64, g solver.Grid, err error) {
			n++
			if i != n || n > a.grids+1 {
				t.Fatalf("grid %d (call %d) of %d", i, n, a.grids)
			}
			for _, d := range g {
				if d > 9 {
					t.Fatalf("grid %d holds %d", i, d)
				}
			}
		})
	})
}
