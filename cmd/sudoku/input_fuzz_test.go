package main

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sudoku/solver"
)

// FuzzSolveInput feeds arbitrary bytes to `sudoku solve -limit 2` on
// standard input, the CLI's whole path from its reader to its output
// (in-process, one worker). It never panics and exits 0 or 1 (1 exactly
// when a puzzle failed or there was none); nothing is lost and the order is
// kept: one output line per entry a separate solver.Reader finds, in order
// (plus one for an error that stops the input). A puzzle read gives its
// solution, which Variant.Verify accepts and the dlx engine finds too
// (when it can within its budget), or a message at its line; never an
// internal error. An entry that cannot be read gives its error's message
// at its line.
//
//	go test ./cmd/sudoku -run '^$' -fuzz '^FuzzSolveInput$' -fuzztime 30s
func FuzzSolveInput(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "cli", "*"))
	more, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "*.txt"))
	for _, name := range append(files, more...) {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data[:min(len(data), 2048)])
	}
	f.Add([]byte(strings.Repeat("1", 81) + "\n" + strings.Repeat("123456789", 9) + ":1:diagonal\n"))
	f.Add([]byte("\x93NUMPY\x01\x00v\x00{'descr': '|u1', 'fortran_order': False, 'shape': (2, 9, 9), }"))
	dlx, err := solver.LookupEngine("dlx")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 4096 {
			return
		}
		var out, errOut bytes.Buffer
		code := run([]string{"solve", "-j", "1", "-limit", "2"}, bytes.NewReader(data), &out, &errOut)
		if solver.IsFPuzzles(string(data[:min(len(data), 512)])) {
			// Standard input that starts like an f-puzzles puzzle (JSON,
			// its lz-string form, a link) is read as one (readVariant),
			// not by the classic reader.
			checkVariantRun(t, code, out.String(), errOut.String())
			return
		}

		// The entries, read on their own.
		var items []solver.Entry
		r := solver.NewReader(bytes.NewReader(data), solver.ReadOptions{Name: "stdin", Variant: solver.Standard})
		for {
			e, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				items = append(items, solver.Entry{Err: err})
				break
			}
			items = append(items, e)
		}
		lines := strings.SplitAfter(out.String(), "\n")
		if lines[len(lines)-1] == "" {
			lines = lines[:len(lines)-1]
		}
		if len(lines) != len(items) {
			t.Fatalf("%d output lines for %d entries:\n%s", len(lines), len(items), out.String())
		}
		failed := 0
		for i, e := range items {
			l := strings.TrimSuffix(lines[i], "\n")
			if strings.Contains(l, "internal error") {
				t.Fatalf("entry %d: %s", i+1, l)
			}
			if !strings.HasPrefix(l, "stdin") {
				checkSolvedLine(t, dlx, e, l)
				continue
			}
			failed++
			if e.Err != nil {
				var pe *solver.ParseError
				msg := e.Err.Error()
				if errors.As(e.Err, &pe) {
					msg = pe.Msg
				}
				if !strings.HasSuffix(l, ": "+msg) {
					t.Fatalf("entry %d: %q, want its error %q", i+1, l, msg)
				}
			}
		}
		if want := map[bool]int{true: 1, false: 0}[failed > 0 || len(items) == 0]; code != want {
			t.Fatalf("exit status %d with %d of %d entries failed, want %d; stderr %s", code, failed, len(items), want, errOut.String())
		}
	})
}

// checkVariantRun checks a run of solve on standard input read as an
// f-puzzles puzzle: it exits 0 with output, or 1 with a message on
// standard error that names stdin; never an internal error.
func checkVariantRun(t *testing.T, code int, out, errOut string) {
	t.Helper()
	if strings.Contains(out+errOut, "internal error") {
		t.Fatalf("internal error: %s%s", out, errOut)
	}
	switch code {
	case 0:
		if out == "" {
			t.Fatalf("exit status 0 with no output; stderr %q", errOut)
		}
	case 1:
		if !strings.HasPrefix(errOut, "sudoku solve: stdin") && out == "" {
			t.Fatalf("exit status 1, stderr %q does not name stdin, and no output", errOut)
		}
	default:
		t.Fatalf("exit status %d, want 0 or 1; stderr %q", code, errOut)
	}
}

// checkSolvedLine checks the output line of an entry the CLI solved: its
// unique solution under the entry's rules, the one dlx finds.
func checkSolvedLine(t *testing.T, dlx solver.Engine, e solver.Entry, l string) {
	t.Helper()
	if e.Err != nil {
		t.Fatalf("line %d: %q for an entry that cannot be read (%v)", e.Line, l, e.Err)
	}
	sol, err := solver.Parse(l)
	if err != nil || sol.Clues() != 81 {
		t.Fatalf("line %d: output %q is neither a solution nor a message", e.Line, l)
	}
	if err := e.Variant.Verify(e.Clues, sol); err != nil {
		t.Fatalf("line %d: %s for %s: %v", e.Line, l, e.Clues, err)
	}
	res, err := dlx.Solve(e.Clues, solver.Options{Variant: e.Variant, Limit: 2, MaxNodes: 100000})
	if err == nil && (res.Count != 1 || res.Solution != sol) {
		t.Fatalf("line %d: %s for %s, dlx finds %d solutions, first %s", e.Line, l, e.Clues, res.Count, res.Solution)
	}
}
