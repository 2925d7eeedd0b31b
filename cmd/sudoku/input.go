package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"

	"sudoku/solver"
)

// A source is one place puzzles come from: an argument, a file or stdin.
type source struct {
	name   string // "arg 2", a file name, or "stdin"
	text   string // an argument's text
	r      io.Reader
	size   int64 // bytes in a regular file, for progress; 0 when unknown
	closer io.Closer
	npy    *npyArray // a .npy file whose header has been read; r is at its values
}

// An item is one puzzle read, with where it came from.
type item struct {
	src string
	solver.Entry
}

// variant returns the rules for the item: the variant its note names
// ("puzzle:1:diagonal"), or def.
func (it item) variant(def *solver.Variant) *solver.Variant {
	if _, v, ok := it.Expect(); ok && v != nil {
		return v
	}
	return def
}

// fileList is a repeatable -f flag.
type fileList []string

func (f *fileList) String() string     { return strings.Join(*f, ",") }
func (f *fileList) Set(s string) error { *f = append(*f, s); return nil }

// openSources opens every source up front, so that an unreadable file is
// reported before anything is solved. With no arguments and no files it
// reads stdin.
func openSources(args, files []string, stdin io.Reader) ([]source, error) {
	var srcs []source
	for i, a := range args {
		srcs = append(srcs, source{name: fmt.Sprintf("arg %d", i+1), text: a})
	}
	for _, name := range files {
		if name == "-" {
			srcs = append(srcs, source{name: "stdin", r: stdin})
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
		src := source{name: name, r: f, size: st.Size(), closer: f}
		if err := sniffNPY(&src, st.Size()); err != nil {
			f.Close()
			closeSources(srcs)
			return nil, err
		}
		srcs = append(srcs, src)
	}
	if len(srcs) == 0 {
		srcs = append(srcs, source{name: "stdin", r: stdin})
	}
	return srcs, nil
}

// sniffNPY reads the header of a .npy file: one named *.npy or starting
// with the .npy magic. size is the file's size, or -1 when unknown (stdin);
// a known size must be that of the header and the grids it announces.
func sniffNPY(s *source, size int64) error {
	br := bufio.NewReader(s.r)
	s.r = br
	head, _ := br.Peek(len(npyMagic))
	if string(head) != npyMagic && !strings.EqualFold(filepath.Ext(s.name), ".npy") {
		return nil
	}
	a, err := readNPYHeader(br)
	if err != nil {
		return fmt.Errorf("%s: %v", s.name, err)
	}
	if want := a.headerLen + a.dataLen(); size >= 0 && size != want {
		return fmt.Errorf("%s: %d bytes, but its .npy header announces %d (%d grids of %d-byte values)", s.name, size, want, a.grids, a.size)
	}
	s.npy = &a
	return nil
}

func closeSources(srcs []source) {
	for _, s := range srcs {
		if s.closer != nil {
			s.closer.Close()
		}
	}
}

// readItems calls yield with every puzzle of every source, in order. A read
// error ends that source with an error item. consumed counts the bytes read
// from files, for progress.
func readItems(srcs []source, consumed *atomic.Int64, yield func(item)) {
	for _, s := range srcs {
		if s.r == nil {
			g, err := solver.Parse(s.text)
			yield(item{src: s.name, Entry: solver.Entry{Grid: g, Err: err}})
			continue
		}
		if s.closer == nil { // stdin: sniffed only now, when it is read
			if err := sniffNPY(&s, -1); err != nil {
				yield(item{src: s.name, Entry: solver.Entry{Err: errors.New(strings.TrimPrefix(err.Error(), s.name+": "))}})
				continue
			}
		}
		if s.npy != nil {
			consumed.Add(s.npy.headerLen)
			readNPYGrids(&countingReader{r: s.r, n: consumed}, *s.npy, func(i int64, g solver.Grid, err error) {
				yield(item{src: s.name, Entry: solver.Entry{Grid: g, Line: int(i), Err: err}})
			})
			continue
		}
		rd := solver.NewReader(&countingReader{r: s.r, n: consumed})
		for {
			e, err := rd.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				yield(item{src: s.name, Entry: solver.Entry{Err: fmt.Errorf("read error: %w", err)}})
				break
			}
			yield(item{src: s.name, Entry: e})
		}
	}
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
