package solver

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
)

// MaxLineBytes is the longest line a Reader accepts; a longer line becomes an
// error entry and the reader goes on with the next line.
const MaxLineBytes = 64 << 10

// ReadOptions tell a Reader (and ParsePosition) about its input.
type ReadOptions struct {
	// Name names the input in errors: a file name, "arg 1", "stdin"; ""
	// for none. A name ending in ".npy" is read as a NumPy array.
	Name string
	// Variant is the rules of every puzzle whose text names none; nil
	// means Standard.
	Variant *Variant
	// Size is the input's size in bytes when known (a regular file's), to
	// check a NumPy header against; 0 when unknown.
	Size int64
}

// An Entry is one puzzle or position read from a file, or the error that
// took its place.
type Entry struct {
	Position
	Solution    Grid // the solution given in a CSV file's second column
	HasSolution bool
	Line        int    // 1-based number of the line where the puzzle starts (NumPy: the grid's index from 1)
	Note        string // text after the puzzle on its line, the separator removed
	Err         error  // why this entry could not be read; a *ParseError
}

// A Reader reads a file of puzzles, one Entry at a time, in every format of
// the format table (see Format): the form is decided from the start of the
// input and then line by line.
//
//   - A NumPy array (the file starts with the .npy magic, or its name ends
//     in .npy): shape (9, 9) or (N, 9, 9) of small integers (dtype |u1,
//     |i1, <u2, <i2, <u4, <i4, <u8 or <i8, or big-endian), C order, 0 for an
//     empty cell; versions 1.0, 2.0 and 3.0 of the format.
//   - "quizzes,solutions" or any other header line with a comma as the first
//     line that is neither blank nor a '#' comment: Kaggle-style CSV, each
//     line "puzzle,solution"; the solution must be complete and keep every
//     clue of its puzzle.
//   - Otherwise line by line: a line of 30 characters or fewer is a row of a
//     9-line grid (the .sdk form, Pretty's output), with blank or comment
//     lines between grids; a longer line is one puzzle or position: the
//     "S9B" form, a 162-character board string, a 729-character candidate
//     grid, or an 81-character puzzle (the .sdm form and the benchmark
//     files), after which anything behind one of ':', ';', ',', a space or a
//     tab is kept as the entry's Note.
//
// A note of the form "count[:variant]" (the corpora's "1", "2+:diagonal")
// sets the entry's Variant; every other entry gets ReadOptions.Variant.
// A bad puzzle gives an Entry with Err set, and reading goes on: input
// order and line numbers are kept, and no puzzle is lost because of its
// neighbour.
type Reader struct {
	opt     ReadOptions
	br      *bufio.Reader
	line    int
	mode    int // 0 undecided, then one of the modes below
	err     error
	started bool
	one     bool // ParsePosition's reader: a CSV line's solution is not read
	npy     *npyArray
	npyNext int64 // the next grid, from 1

	pending     string // a line read too far, to be read again
	pendingLine int
	hasPending  bool
}

const (
	modeUndecided = iota
	modeCSV
	modeText // puzzle lines and grids, told apart line by line
)

// NewReader returns a Reader reading from r.
func NewReader(r io.Reader, opt ReadOptions) *Reader {
	if opt.Variant == nil {
		opt.Variant = Standard
	}
	return &Reader{opt: opt, br: bufio.NewReaderSize(r, 64<<10)}
}

// Header reads as much of the input as it takes to tell a NumPy array from
// text, and for an array reads and checks its header. Next does it before
// the first entry; a caller that wants to report a bad file before reading
// any puzzle calls it first. Its error, a *ParseError wrapping ErrSyntax or
// ErrLength, means no entry can be read: Next returns it too.
func (r *Reader) Header() error {
	if r.started {
		if r.npy == nil && r.err != nil && r.err != io.EOF {
			return r.err
		}
		return nil
	}
	r.started = true
	head, _ := r.br.Peek(len(npyMagic))
	if string(head) != npyMagic && !strings.EqualFold(filepath.Ext(r.opt.Name), ".npy") {
		return nil
	}
	fail := func(err error, sentinel error) error {
		r.err = &ParseError{File: r.opt.Name, Msg: err.Error(), Err: sentinel}
		return r.err
	}
	a, err := readNPYHeader(r.br)
	if err != nil {
		return fail(err, ErrSyntax)
	}
	if want := a.headerLen + a.dataLen(); r.opt.Size > 0 && r.opt.Size != want {
		return fail(fmt.Errorf("%d bytes, but its .npy header announces %d (%d grids of %d-byte values)", r.opt.Size, want, a.grids, a.size), ErrLength)
	}
	r.npy, r.npyNext = &a, 1
	return nil
}

// Next returns the next entry, or io.EOF after the last one. Other errors
// are those of the underlying reader, or Header's.
func (r *Reader) Next() (Entry, error) {
	if err := r.Header(); err != nil {
		return Entry{}, err
	}
	if r.err != nil {
		return Entry{}, r.err
	}
	var e Entry
	var err error
	if r.npy != nil {
		e, err = r.nextNPY()
	} else {
		e, err = r.nextText()
	}
	if err != nil {
		return e, err
	}
	var pe *ParseError
	if errors.As(e.Err, &pe) {
		pe.File = r.opt.Name
	}
	e.Variant = r.opt.Variant
	if _, v, ok := noteForm(e.Note); ok && v != nil {
		e.Variant = v
	}
	return e, nil
}

// noteForm reads a note of the corpus form "count[:variant]": count is
// "0", "1" or "2+", variant a name LookupVariant knows (v is nil when the
// note names none). ok is false for any other note.
func noteForm(note string) (count string, v *Variant, ok bool) {
	fields := strings.Split(note, ":")
	switch fields[0] {
	case "0", "1", "2+":
	default:
		return "", nil, false
	}
	if len(fields) > 2 {
		return "", nil, false
	}
	if len(fields) == 2 {
		var err error
		if v, err = LookupVariant(fields[1]); err != nil {
			return "", nil, false
		}
	}
	return fields[0], v, true
}

// readLine returns the next line without its line ending; a line longer than
// MaxLineBytes is consumed and reported as too long.
func (r *Reader) readLine() (string, bool, error) {
	if r.hasPending {
		r.hasPending = false
		r.line = r.pendingLine
		return r.pending, false, nil
	}
	var sb []byte
	long := false
	for {
		frag, err := r.br.ReadSlice('\n')
		if len(sb)+len(frag) <= MaxLineBytes {
			sb = append(sb, frag...)
		} else {
			long = true
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil && (err != io.EOF || (len(sb) == 0 && !long)) {
			return "", false, err
		}
		r.line++
		s := strings.TrimRight(string(sb), "\r\n")
		return s, long, nil
	}
}

// shortGrid is the error of a grid cut short after rows rows, the last on
// line last.
func shortGrid(rows, last int) error {
	return &ParseError{Line: last, Msg: fmt.Sprintf("grid has %d rows, want 9", rows), Err: ErrLength}
}

// nextText reads the next entry of a text file.
func (r *Reader) nextText() (Entry, error) {
	var grid Entry // the grid being assembled in grid mode
	var rows, last int
	for {
		l, long, err := r.readLine()
		if err != nil {
			if err == io.EOF && rows > 0 {
				r.err = io.EOF
				if grid.Err == nil {
					grid.Err = shortGrid(rows, last)
				}
				return grid, nil
			}
			r.err = err
			return Entry{}, err
		}
		if long {
			e := Entry{Line: r.line, Err: &ParseError{Line: r.line, Msg: fmt.Sprintf("line longer than %d bytes", MaxLineBytes), Err: ErrLength}}
			if rows > 0 { // the grid is cut short: report it, drop the long line
				grid.Err = e.Err
				return grid, nil
			}
			return e, nil
		}
		if isSkippable(l) {
			if rows > 0 && strings.TrimSpace(l) == "" {
				grid.Err = shortGrid(rows, last)
				return grid, nil
			}
			continue
		}
		if r.mode == modeUndecided {
			r.mode = detectMode(l)
			if r.mode == modeCSV && isCSVHeader(l) {
				continue
			}
		}
		if r.mode == modeCSV {
			return r.csvEntry(l), nil
		}
		if rows == 0 && !isGridRow(l) {
			return r.lineEntry(l), nil
		}
		if !isGridRow(l) {
			// A puzzle line cuts the grid short: report the grid, then read
			// the line again as a puzzle of its own.
			r.pending, r.pendingLine, r.hasPending = l, r.line, true
			grid.Err = shortGrid(rows, last)
			return grid, nil
		}
		// A grid: gather 9 rows of 9 cells.
		cells, err := gridCells(l, r.line)
		if len(cells) == 0 && err == nil {
			continue // a separator line such as "------+-------+------"
		}
		if rows == 0 && (err != nil || len(cells) != 9) {
			return r.lineEntry(l), nil // not the first row of a grid: a short puzzle line
		}
		if rows == 0 {
			grid = Entry{Line: r.line}
		}
		rows++
		last = r.line
		if err == nil && len(cells) != 9 {
			err = &ParseError{Line: r.line, Msg: fmt.Sprintf("row %d has %d cells, want 9", rows, len(cells)), Err: ErrLength}
		}
		if err != nil && grid.Err == nil {
			grid.Err = err
		}
		if grid.Err == nil {
			copy(grid.Clues[(rows-1)*9:], cells)
		}
		if rows == 9 {
			return grid, nil
		}
	}
}

// detectMode decides between CSV and the other forms from the first line.
func detectMode(l string) int {
	if isCSVHeader(l) {
		return modeCSV
	}
	if f := strings.Split(strings.TrimSpace(l), ","); len(f) == 2 && len(f[0]) == 81 && len(strings.TrimSpace(f[1])) == 81 {
		return modeCSV
	}
	return modeText
}

// isGridRow reports whether a line is short enough to be one row of a grid
// ("4 . . | . 3 . | . . ." and its variants) rather than a puzzle line.
func isGridRow(l string) bool { return len(strings.TrimSpace(l)) <= 30 }

// isCSVHeader reports whether l is a header line such as "quizzes,solutions".
func isCSVHeader(l string) bool {
	k := strings.IndexByte(l, ',')
	if k < 0 {
		return false
	}
	for _, c := range l[:k] {
		if (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') {
			return true
		}
	}
	return false
}

// lineEntry reads a puzzle or position from one line: a one-line form of
// the format table, or exactly 81 cells, then optionally a separator and a
// note.
func (r *Reader) lineEntry(l string) Entry {
	e := Entry{Line: r.line}
	t := strings.TrimSpace(l)
	for i := range formats {
		if f := &formats[i]; f.line != nil && f.line(t) {
			e.Position, e.Err = f.read(t, r.line)
			return e
		}
	}
	t = strings.TrimLeft(l, " \t")
	n, col := 0, len(l)-len(t)
	l = t
	for i, c := range l {
		col++
		if n == 81 {
			if !strings.ContainsRune(":;, \t", c) {
				if _, ok := cellOf(c); ok {
					e.Err = &ParseError{Line: r.line, Msg: "puzzle has more than 81 cells", Err: ErrLength}
				} else {
					e.Err = badChar(c, r.line, col)
				}
				return e
			}
			e.Note = strings.TrimSpace(l[i+1:])
			return e
		}
		d, ok := cellOf(c)
		if !ok {
			if strings.ContainsRune(":;, \t", c) {
				break
			}
			e.Err = badChar(c, r.line, col)
			return e
		}
		e.Clues[n] = d
		n++
	}
	if n != 81 {
		// The cells may be spaced out, as in a grid's rows: "4 . . | . 3 ...".
		if cells, err := gridCells(l, r.line); err == nil && len(cells) == 81 {
			copy(e.Clues[:], cells)
			return e
		}
		e.Err = &ParseError{Line: r.line, Msg: fmt.Sprintf("puzzle has %d cells, want 81", n), Err: ErrLength}
	}
	return e
}

// csvEntry reads "puzzle,solution[,more...]".
func (r *Reader) csvEntry(l string) Entry {
	fields := strings.Split(l, ",")
	e := r.lineEntry(strings.TrimSpace(fields[0]))
	if e.Err != nil || r.one {
		return e
	}
	if len(fields) < 2 || strings.TrimSpace(fields[1]) == "" {
		return e // a CSV line without a solution is still a puzzle
	}
	sol := r.lineEntry(strings.TrimSpace(fields[1]))
	if sol.Err != nil {
		var pe *ParseError
		if errors.As(sol.Err, &pe) {
			pe.Msg = "solution: " + pe.Msg
			pe.Col = 0
		}
		e.Err = sol.Err
		return e
	}
	for c := 0; c < 81; c++ {
		if sol.Clues[c] == 0 {
			e.Err = &ParseError{Line: r.line, Msg: fmt.Sprintf("solution leaves %s empty", CellName(c)), Err: ErrMismatch}
			return e
		}
		if e.Clues[c] != 0 && e.Clues[c] != sol.Clues[c] {
			e.Err = &ParseError{Line: r.line, Msg: fmt.Sprintf("solution changes the clue at %s", CellName(c)), Err: ErrMismatch}
			return e
		}
	}
	e.Solution, e.HasSolution = sol.Clues, true
	if len(fields) > 2 {
		e.Note = strings.Join(fields[2:], ",")
	}
	return e
}
