package solver

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"

	"sudoku/internal/npyfile"
)

const (
	npyHard    = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	npyEasy    = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
	npyHardSol = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
)

var npyFile, rawNPY, values = npyfile.NPY, npyfile.RawNPY, npyfile.Values

func grid(s string) Grid {
	g, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return g
}

var npyReadTests = []struct {
	name  string
	file  []byte
	grids []Grid
	err   string // a part of the error, "" for none
}{
	{name: "u1 (N,9,9)", file: npyFile(1, "|u1", false, "(2, 9, 9)", values(grid(npyHard), grid(npyEasy))), grids: []Grid{grid(npyHard), grid(npyEasy)}},
	{name: "u1 (9,9)", file: npyFile(1, "|u1", false, "(9, 9)", values(grid(npyHard))), grids: []Grid{grid(npyHard)}},
	{name: "i1", file: npyFile(1, "|i1", false, "(1, 9, 9)", values(grid(npyEasy))), grids: []Grid{grid(npyEasy)}},
	{name: "<i2", file: npyFile(1, "<i2", false, "(1, 9, 9)", values(grid(npyEasy))), grids: []Grid{grid(npyEasy)}},
	{name: "<u2", file: npyFile(1, "<u2", false, "(1, 9, 9)", values(grid(npyEasy))), grids: []Grid{grid(npyEasy)}},
	{name: "<i4", file: npyFile(1, "<i4", false, "(1, 9, 9)", values(grid(npyEasy))), grids: []Grid{grid(npyEasy)}},
	{name: ">i4", file: npyFile(1, ">i4", false, "(1, 9, 9)", values(grid(npyEasy))), grids: []Grid{grid(npyEasy)}},
	{name: "<i8", file: npyFile(1, "<i8", false, "(1, 9, 9)", values(grid(npyHard))), grids: []Grid{grid(npyHard)}},
	{name: ">u8", file: npyFile(1, ">u8", false, "(1, 9, 9)", values(grid(npyHard))), grids: []Grid{grid(npyHard)}},
	{name: "version 2", file: npyFile(2, "|u1", false, "(1, 9, 9)", values(grid(npyHard))), grids: []Grid{grid(npyHard)}},
	{name: "version 3", file: npyFile(3, "<i8", false, "(1, 9, 9)", values(grid(npyHard))), grids: []Grid{grid(npyHard)}},
	{name: "no grids", file: npyFile(1, "|u1", false, "(0, 9, 9)", nil), grids: nil},
	{name: "python 2 longs", file: npyFile(1, "|u1", false, "(1L, 9L, 9L)", values(grid(npyHard))), grids: []Grid{grid(npyHard)}},

	{name: "empty", file: nil, err: "empty file, not .npy"},
	{name: "truncated magic", file: []byte("\x93NUM"), err: "truncated .npy header (4 bytes)"},
	{name: "wrong magic", file: []byte("\x93NUMPZ\x01\x00\x10\x00"), err: `not a .npy file: it starts with "\x93NUMPZ"`},
	{name: "text", file: []byte(npyHard + "\n"), err: "not a .npy file"},
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

// readNPY reads every entry of a .npy file (named so, whatever it holds)
// with a Reader; err is Next's error or the first entry's.
func readNPY(b []byte) (es []Entry, err error) {
	r := NewReader(bytes.NewReader(b), ReadOptions{Name: "t.npy"})
	for {
		e, rerr := r.Next()
		if rerr == io.EOF {
			return es, err
		}
		if rerr != nil {
			return es, rerr
		}
		if e.Err != nil && err == nil {
			err = e.Err
		}
		es = append(es, e)
	}
}

func TestReadNPY(t *testing.T) {
	for _, tt := range npyReadTests {
		es, err := readNPY(tt.file)
		var grids []Grid
		for _, e := range es {
			grids = append(grids, e.Clues)
		}
		var pe *ParseError
		switch {
		case tt.err == "" && err != nil:
			t.Errorf("%s: %v", tt.name, err)
		case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
			t.Errorf("%s: error %v, want %q", tt.name, err, tt.err)
		case tt.err != "" && (!errors.As(err, &pe) || pe.File != "t.npy" || !matchesOneSentinel(err)):
			t.Errorf("%s: error %v: want a *ParseError naming t.npy, matching one sentinel", tt.name, err)
		case tt.err == "" && !reflect.DeepEqual(grids, tt.grids):
			t.Errorf("%s: grids %v, want %v", tt.name, grids, tt.grids)
		}
	}
}

// TestNPYValues: a value outside 0-9 spoils its grid only; data that ends
// early or runs on is reported at the end.
func TestNPYValues(t *testing.T) {
	vals := values(grid(npyHard), grid(npyEasy), grid(npyHard))
	vals[81+12] = -1
	vals[2*81+80] = 10
	for _, descr := range []string{"|i1", "<i2", ">i4", "<i8"} {
		es, err := readNPY(npyFile(1, descr, false, "(3, 9, 9)", vals))
		if err == nil || len(es) != 3 {
			t.Fatalf("%s: %d entries, %v", descr, len(es), err)
		}
		var errs []string
		for _, e := range es {
			var pe *ParseError
			if errors.As(e.Err, &pe) {
				errs = append(errs, fmt.Sprintf("%d: %s", e.Line, pe.Msg))
			} else if e.Clues != grid(npyHard) {
				t.Errorf("%s: grid %d = %s", descr, e.Line, e.Clues)
			}
		}
		want := []string{"2: r2c4 holds -1: want 0 (empty) to 9", "3: r9c9 holds 10: want 0 (empty) to 9"}
		if !reflect.DeepEqual(errs, want) {
			t.Errorf("%s: errors %q, want %q", descr, errs, want)
		}
	}
	short := npyFile(1, "|u1", false, "(2, 9, 9)", values(grid(npyHard)))
	long := append(npyFile(1, "|u1", false, "(1, 9, 9)", values(grid(npyHard))), 0)
	for _, tc := range []struct {
		f    []byte
		want string
	}{{short, "the .npy data ends 0 bytes into grid 2 of 2"}, {long, "data after the 1 grids the .npy header announces"}} {
		es, _ := readNPY(tc.f)
		var pe *ParseError
		if len(es) == 0 || !errors.As(es[len(es)-1].Err, &pe) || pe.Msg != tc.want {
			t.Errorf("entries %+v, want the last with the error %q", es, tc.want)
		}
	}
}

// TestNPYWriteRead: what NPYHeader and 81 bytes a grid write reads back.
func TestNPYWriteRead(t *testing.T) {
	for _, n := range []int{0, 1, 3, 1000} {
		var b bytes.Buffer
		if h := NPYHeader(int64(n)); len(h) != npyHeaderLen {
			t.Fatalf("NPYHeader(%d): %d bytes", n, len(h))
		} else {
			b.Write(h)
		}
		var want []Grid
		for i := 0; i < n; i++ {
			g := grid(npyHardSol)
			g[i%81] = 0
			want = append(want, g)
			b.Write(g[:])
		}
		es, err := readNPY(b.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		var got []Grid
		for _, e := range es {
			got = append(got, e.Clues)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%d grids: read back %d different ones", n, len(got))
		}
	}
}

// TestNPYSize: a known input size must be that of the header and the grids
// it announces; Header says so before any entry is read.
func TestNPYSize(t *testing.T) {
	f := npyFile(1, "|u1", false, "(2, 9, 9)", values(grid(npyHard)))
	r := NewReader(bytes.NewReader(f), ReadOptions{Name: "short.npy", Size: int64(len(f))})
	err := r.Header()
	if err == nil || err.Error() != "short.npy: 209 bytes, but its .npy header announces 290 (2 grids of 1-byte values)" || !errors.Is(err, ErrLength) {
		t.Fatalf("Header() = %v", err)
	}
	if _, err2 := r.Next(); err2 != err {
		t.Errorf("Next() after a bad header = %v, want %v", err2, err)
	}
}

// FuzzReadNPY: the reader never panics, a header it accepts describes
// integers in (N, 9, 9), and it gives at most one entry more than
// announced (the error for data after them), numbered in order.
func FuzzReadNPY(f *testing.F) {
	for _, tt := range npyReadTests {
		f.Add(tt.file)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		r := NewReader(bytes.NewReader(b), ReadOptions{Name: "f.npy"})
		if err := r.Header(); err != nil {
			if !matchesOneSentinel(err) {
				t.Fatalf("header error %v matches no single sentinel", err)
			}
			return
		}
		a := r.npy
		if (a.size != 1 && a.size != 2 && a.size != 4 && a.size != 8) || a.grids < 0 || a.headerLen < 10 {
			t.Fatalf("accepted header %+v", a)
		}
		var n int64
		for {
			e, err := r.Next()
			if err != nil {
				break
			}
			n++
			if int64(e.Line) != n || n > a.grids+1 {
				t.Fatalf("grid %d (entry %d) of %d", e.Line, n, a.grids)
			}
			for _, d := range e.Clues {
				if d > 9 {
					t.Fatalf("grid %d holds %d", e.Line, d)
				}
			}
		}
	})
}
