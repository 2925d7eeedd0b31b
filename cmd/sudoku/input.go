package main

// The one input path of every command: puzzles come from arguments, files
// (-f, or the grade and bench file arguments) or standard input, and are
// read by solver.ParsePosition (an argument, or the text of a command that
// takes one puzzle) or a solver.Reader (a file of many), whose format table
// knows every format: puzzle lines with notes, grids, .sdk, .sdm, CSV with
// solutions, sudokuwiki's S9B form and board string, candidate grids and
// NumPy arrays.

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync/atomic"

	"sudoku/solver"
)

// A source is one place puzzles come from: an argument, a file or stdin.
type source struct {
	name   string // "arg 2", a file name, or "stdin"
	text   string // an argument's text
	rd     *solver.Reader
	size   int64 // bytes in a regular file, for progress; 0 when unknown
	closer io.Closer
}

// An item is one puzzle read, with where it came from. Its Variant is the
// one its note names, else the command's -variant.
type item struct {
	src string
	solver.Entry
}

// fileList is a repeatable -f flag.
type fileList []string

func (f *fileList) String() string     { return strings.Join(*f, ",") }
func (f *fileList) Set(s string) error { *f = append(*f, s); return nil }

// openSources opens every source up front, so that an unreadable file (or
// a NumPy file with a bad header) is reported before anything is solved.
// With no arguments and no files it reads stdin. v is the rules of the
// puzzles whose text names none; consumed counts the bytes read from
// files, for progress.
func openSources(args, files []string, stdin io.Reader, v *solver.Variant, consumed *atomic.Int64) ([]source, error) {
	var srcs []source
	for i, a := range args {
		srcs = append(srcs, source{name: fmt.Sprintf("arg %d", i+1), text: a})
	}
	for _, name := range files {
		if name == "-" {
			srcs = append(srcs, stdinSource(stdin, v, consumed))
			continue
		}
		f, err := os.Open(name)
		if err != nil {
			closeSources(srcs)
			return nil, err
		}
		st, err := f.Stat()
		if err == nil && st.IsDir() {
			err = fmt.Errorf("%s: is a directory", name)
		}
		if err != nil {
			f.Close()
			closeSources(srcs)
			return nil, err
		}
		rd := solver.NewReader(&countingReader{r: f, n: consumed}, solver.ReadOptions{Name: name, Variant: v, Size: st.Size()})
		if err := rd.Header(); err != nil {
			f.Close()
			closeSources(srcs)
			return nil, err
		}
		srcs = append(srcs, source{name: name, rd: rd, size: st.Size(), closer: f})
	}
	if len(srcs) == 0 {
		srcs = append(srcs, stdinSource(stdin, v, consumed))
	}
	return srcs, nil
}

// stdinSource reads standard input; its NumPy header, if any, is read only
// when the puzzles are, and a bad one is reported as the source's error.
func stdinSource(stdin io.Reader, v *solver.Variant, consumed *atomic.Int64) source {
	return source{name: "stdin", rd: solver.NewReader(&countingReader{r: stdin, n: consumed}, solver.ReadOptions{Name: "stdin", Variant: v})}
}

func closeSources(srcs []source) {
	for _, s := range srcs {
		if s.closer != nil {
			s.closer.Close()
		}
	}
}

// readItems calls yield with every puzzle of every source, in order. An
// error that stops a source (a read error, a bad NumPy header on stdin)
// ends it with an error item.
func readItems(srcs []source, v *solver.Variant, yield func(item)) {
	for _, s := range srcs {
		if s.rd == nil {
			p, err := solver.ParsePosition(s.text, solver.ReadOptions{Name: s.name, Variant: v})
			yield(item{src: s.name, Entry: solver.Entry{Position: p, Err: err}})
			continue
		}
		for {
			e, err := s.rd.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				var pe *solver.ParseError
				if !errors.As(err, &pe) {
					err = fmt.Errorf("read error: %w", err)
				}
				yield(item{src: s.name, Entry: solver.Entry{Err: err}})
				break
			}
			yield(item{src: s.name, Entry: e})
		}
	}
}

// readAll reads every puzzle of srcs.
func readAll(srcs []source, v *solver.Variant) []item {
	var items []item
	readItems(srcs, v, func(it item) { items = append(items, it) })
	return items
}

// maxInputBytes bounds the text of a command that takes one puzzle.
const maxInputBytes = 1 << 20

// readOne reads the one puzzle or position of a command that takes one:
// the argument's text, or the file it names, or all of stdin when there is
// none or it is "-". Errors name the input ("arg 1:1:3: bad character
// 'x'"); usage is true for an error of the command line or of reading.
func readOne(args []string, stdin io.Reader, v *solver.Variant) (it item, usage bool, err error) {
	var text string
	switch {
	case len(args) > 1:
		return it, true, fmt.Errorf("want one puzzle, got %d arguments", len(args))
	case len(args) == 1 && args[0] != "-":
		if st, err := os.Stat(args[0]); err == nil && st.Mode().IsRegular() {
			b, err := os.ReadFile(args[0])
			if err != nil {
				return it, true, err
			}
			text, it.src = string(b), args[0]
		} else {
			text, it.src = args[0], "arg 1"
		}
	default:
		b, err := io.ReadAll(io.LimitReader(stdin, maxInputBytes))
		if err != nil {
			return it, true, err
		}
		text, it.src = string(b), "stdin"
	}
	it.Position, it.Err = solver.ParsePosition(text, solver.ReadOptions{Name: it.src, Variant: v})
	if it.Err != nil && it.src != "arg 1" {
		// A file of many puzzles: say so rather than where the second starts.
		rd := solver.NewReader(strings.NewReader(text), solver.ReadOptions{})
		if _, err := rd.Next(); err == nil {
			if _, err := rd.Next(); err == nil {
				return it, false, fmt.Errorf("%s holds more than one puzzle (sudoku grade takes files of many)", it.src)
			}
		}
	}
	if it.Err != nil {
		pos, msg := where(it, it.Err)
		return it, false, errors.New(pos + ": " + msg)
	}
	return it, false, nil
}

// exitStatus is the exit status of a failed read: 2 for a usage error, 1
// for a puzzle that cannot be read.
func exitStatus(usage bool) int {
	if usage {
		return 2
	}
	return 1
}

type countingReader struct {
	r io.Reader
	n *atomic.Int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n.Add(int64(n))
	return n, err
}

// where formats the position of a problem and its message: "file:line:col",
// "file:line" or, for an argument, "arg 2" (plus line and column inside a
// multi-line grid). A *solver.ParseError gives its own line and column.
func where(it item, err error) (pos, msg string) {
	line, col := it.Line, 0
	msg = err.Error()
	var pe *solver.ParseError
	if errors.As(err, &pe) {
		msg = pe.Msg
		if pe.Line > 0 {
			line, col = pe.Line, pe.Col
		}
	}
	return position(it.src, line, col), msg
}

// position formats "src:line:col", leaving out a zero line or column.
func position(src string, line, col int) string {
	if line > 0 {
		src += fmt.Sprintf(":%d", line)
		if col > 0 {
			src += fmt.Sprintf(":%d", col)
		}
	}
	return src
}

// A variantInput is one f-puzzles puzzle read by readVariant, with where it
// came from.
type variantInput struct {
	src string
	*solver.Puzzle
	// classic is set when the input was a classic puzzle read for
	// -true-candidates: its clues and variant, for the fast engine.
	classic *item
}

// readVariant reads an f-puzzles puzzle when the input is one: a single
// argument (the JSON, its lz-string form, an f-puzzles or SudokuPad link,
// or a file holding one of them), a single -f file, or standard input that
// starts like one. ok is false when the input is classic puzzles; then
// stdin (which may have been peeked at) is what the classic readers must
// read instead of the original.
func readVariant(args, files []string, stdin io.Reader) (in variantInput, ok bool, rest io.Reader, err error) {
	rest = stdin
	var text string
	switch {
	case len(args) == 1 && len(files) == 0 && args[0] != "-":
		text, in.src = args[0], "arg 1"
		if st, err := os.Stat(args[0]); err == nil && st.Mode().IsRegular() {
			if !solver.IsFPuzzles(fileHead(args[0])) {
				return in, false, rest, nil
			}
			b, err := readLimited(args[0])
			if err != nil {
				return in, false, rest, err
			}
			text, in.src = string(b), args[0]
		}
	case len(args) == 0 && len(files) == 1 && files[0] != "-":
		if st, err := os.Stat(files[0]); err != nil || !st.Mode().IsRegular() {
			return in, false, rest, nil // openSources reports it
		}
		if !solver.IsFPuzzles(fileHead(files[0])) {
			return in, false, rest, nil // a classic file, maybe a large one
		}
		b, err := readLimited(files[0])
		if err != nil {
			return in, false, rest, err
		}
		text, in.src = string(b), files[0]
	case len(args) == 0 && (len(files) == 0 || len(files) == 1 && files[0] == "-"):
		br := bufio.NewReader(stdin)
		rest = br
		head, _ := br.Peek(512)
		if !solver.IsFPuzzles(string(head)) {
			return in, false, rest, nil
		}
		b, err := io.ReadAll(io.LimitReader(br, maxInputBytes))
		if err != nil {
			return in, false, rest, err
		}
		text, in.src = string(b), "stdin"
	default:
		for _, f := range files {
			if f != "-" && solver.IsFPuzzles(fileHead(f)) {
				return in, true, rest, fmt.Errorf("%s holds an f-puzzles puzzle: give it alone (one variant puzzle a run)", f)
			}
		}
		return in, false, rest, nil
	}
	if !solver.IsFPuzzles(text) {
		return in, false, rest, nil
	}
	in.Puzzle, err = solver.ParseFPuzzles(text, in.src)
	return in, true, rest, err
}

// fileHead returns the first bytes of a file ("" when it cannot be read:
// the classic readers report that).
func fileHead(name string) string {
	f, err := os.Open(name)
	if err != nil {
		return ""
	}
	defer f.Close()
	b := make([]byte, 512)
	n, _ := io.ReadFull(f, b)
	return string(b[:n])
}

// readLimited reads a file of at most maxInputBytes.
func readLimited(name string) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxInputBytes+1))
	if err == nil && len(b) > maxInputBytes {
		err = fmt.Errorf("%s: more than %d bytes", name, maxInputBytes)
	}
	return b, err
}
