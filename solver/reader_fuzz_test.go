package solver

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// seedReaderFuzz adds whole files as the CLI reads them: the head of every
// corpus and CLI test file, the NumPy test files, and one position written
// in every format, alone and as a small batch with a CSV header, a grid and
// a bad line.
func seedReaderFuzz(f *testing.F) {
	var files []string
	for _, pat := range []string{"*.txt", "cli/*"} {
		m, _ := filepath.Glob(filepath.Join("..", "testdata", pat))
		files = append(files, m...)
	}
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data[:min(len(data), 4096)], false, false)
	}
	for _, tt := range npyReadTests {
		f.Add(tt.file, true, true)
	}
	p, err := ParsePosition("S9B"+strings.Repeat("0a0b", 40)+"2b", ReadOptions{})
	if err != nil {
		f.Fatal(err)
	}
	p.Clues[0], p.Placed[0] = 4, 0
	var batch []string
	for _, ft := range []Format{FormatLine, FormatGrid, FormatS9B, FormatBoard, FormatCandidates} {
		f.Add([]byte(p.Text(ft)), false, false)
		batch = append(batch, p.Text(ft))
	}
	f.Add([]byte(strings.Join(batch, "\n")+"\n"+hardLine+":1:diagonal\nx\n"), false, false)
	f.Add([]byte("quizzes,solutions\n"+hardLine+","+hardSol+"\n"+hardLine+",\n"), false, true)
}

// FuzzReader reads arbitrary bytes as a file of puzzles, as the CLI reads
// its inputs (as text, or as a NumPy array by name, with or without the
// file's size). The reader never panics and stops at io.EOF or at a header
// error; each error, the header's or an entry's, is a *ParseError naming
// the file and matching exactly one sentinel; entries come in increasing
// line order; an entry read without error holds digits and candidates in
// range, no digit placed on a clue, a rule set, and a CSV solution that is
// complete and keeps the clues; and the first entries read round-trip
// through each format Position.Text writes, as far as the format can say
// it. Inputs are bounded to 8 KiB.
//
//	go test ./solver -run '^$' -fuzz '^FuzzReader$' -fuzztime 30s
func FuzzReader(f *testing.F) {
	seedReaderFuzz(f)
	f.Fuzz(func(t *testing.T, data []byte, npyName, sized bool) {
		if len(data) > 8<<10 {
			return
		}
		opt := ReadOptions{Name: "f.txt"}
		if npyName {
			opt.Name = "f.npy"
		}
		if sized {
			opt.Size = int64(len(data))
		}
		r := NewReader(bytes.NewReader(data), opt)
		last, checked := 0, 0
		for n := 0; ; n++ {
			if n > len(data)+1 {
				t.Fatalf("%d entries from %d bytes", n, len(data))
			}
			e, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				checkReadError(t, err, opt.Name)
				if _, err2 := r.Next(); err2 != err {
					t.Fatalf("Next after %v = %v, want the same error", err, err2)
				}
				break
			}
			if e.Line <= last {
				t.Fatalf("entry at line %d after one at line %d", e.Line, last)
			}
			last = e.Line
			if e.Err != nil {
				checkReadError(t, e.Err, opt.Name)
				continue
			}
			if checked < 4 { // the round trips cost five parses each
				checkEntry(t, e)
				checked++
			}
		}
	})
}

// checkReadError checks an error of a Reader: a *ParseError naming the input,
// matching one sentinel, with a message.
func checkReadError(t *testing.T, err error, name string) {
	t.Helper()
	var pe *ParseError
	if !errors.As(err, &pe) || !matchesOneSentinel(err) || pe.File != name || pe.Msg == "" {
		t.Fatalf("read error %v (%#v): want a *ParseError naming %q and matching one sentinel", err, err, name)
	}
}

// checkEntry checks an entry read without error and its round trips
// through every format.
func checkEntry(t *testing.T, e Entry) {
	t.Helper()
	p := e.Position
	if p.Variant == nil {
		t.Fatalf("line %d: no variant", e.Line)
	}
	for c := range 81 {
		if p.Clues[c] > 9 || p.Placed[c] > 9 || p.Cands[c] > allDigits {
			t.Fatalf("line %d: %s out of range: clue %d, digit %d, candidates %#x", e.Line, CellName(c), p.Clues[c], p.Placed[c], p.Cands[c])
		}
		if p.Clues[c] != 0 && p.Placed[c] != 0 {
			t.Fatalf("line %d: digit %d placed on the clue %s", e.Line, p.Placed[c], CellName(c))
		}
		if e.HasSolution && (e.Solution[c] == 0 || e.Solution[c] > 9 || (p.Clues[c] != 0 && p.Clues[c] != e.Solution[c])) {
			t.Fatalf("line %d: solution %s of the puzzle %s", e.Line, e.Solution, p.Clues)
		}
	}
	filled, cands := p.Filled(), p.Candidates()
	for _, f := range []Format{FormatLine, FormatGrid, FormatS9B, FormatBoard, FormatCandidates} {
		text := p.Text(f)
		back, err := ParsePosition(text, ReadOptions{Variant: p.Variant})
		if err != nil {
			t.Fatalf("line %d: %v form %q does not read back: %v", e.Line, f, text, err)
		}
		if back.Variant != p.Variant {
			t.Fatalf("line %d: %v form reads back with variant %v, want %v", e.Line, f, back.Variant, p.Variant)
		}
		bf, bc := back.Filled(), back.Candidates()
		for c := range 81 {
			ok := true
			switch single := cands[c] != 0 && cands[c]&(cands[c]-1) == 0; {
			case f == FormatLine || f == FormatGrid:
				ok = back.Clues[c] == filled[c] && back.Placed[c] == 0 && !back.HasCands
			case f == FormatS9B:
				ok = back.Clues[c] == p.Clues[c] && back.Placed[c] == p.Placed[c] && bc[c] == cands[c]
			case filled[c] != 0:
				// The board string keeps clues apart; the candidate grid
				// makes every filled cell a clue.
				ok = bf[c] == filled[c] && (f == FormatCandidates || back.Clues[c] == p.Clues[c])
			case single:
				// One candidate left reads back as that digit.
				ok = bf[c] != 0 && cands[c] == 1<<(bf[c]-1)
			default:
				ok = bf[c] == 0 && bc[c] == cands[c]
			}
			if !ok {
				t.Fatalf("line %d: %v form %q reads back %s as %d/%d/%#x, want %d/%d/%#x (clue/digit/candidates)",
					e.Line, f, text, CellName(c), back.Clues[c], back.Placed[c], bc[c], p.Clues[c], p.Placed[c], cands[c])
			}
		}
	}
}
