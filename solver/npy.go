package solver

// NumPy .npy files: a Reader reads grids from them, and NPYHeader starts
// one for solutions (the command's solve -o FILE.npy).
//
// A .npy file is the magic "\x93NUMPY", a version (1.0, 2.0 or 3.0), the
// length of a header (2 bytes little-endian for 1.0, 4 for the others),
// the header (a Python dict literal such as "{'descr': '|u1',
// 'fortran_order': False, 'shape': (2, 9, 9), }" padded with spaces to end
// in a newline), then the array's values in C order.

import (
	byteorder "encoding/binary" // the tests name the built command "binary"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

const npyMagic = "\x93NUMPY"

// npyArray is what a .npy header says: the element type and the grids.
type npyArray struct {
	size      int                 // bytes per value: 1, 2, 4 or 8
	signed    bool                // i rather than u
	order     byteorder.ByteOrder // for size > 1
	grids     int64               // N of (N, 9, 9); 1 for (9, 9)
	headerLen int64               // bytes before the values
}

// dataLen returns the bytes of values the header announces.
func (a npyArray) dataLen() int64 { return a.grids * 81 * int64(a.size) }

const npyDtypes = "|u1, |i1, <u2, <i2, <u4, <i4, <u8, <i8 (or big-endian >)"

// readNPYHeader reads the magic, version and header of a .npy file and
// checks that it holds (9, 9) or (N, 9, 9) integers in C order.
func readNPYHeader(r io.Reader) (npyArray, error) {
	var a npyArray
	var pre [8]byte
	if n, err := io.ReadFull(r, pre[:]); err != nil {
		if n == 0 && err == io.EOF {
			return a, errors.New("empty file, not .npy")
		}
		return a, fmt.Errorf("truncated .npy header (%d bytes)", n)
	}
	if string(pre[:6]) != npyMagic {
		return a, fmt.Errorf("not a .npy file: it starts with %q, want %q", pre[:6], npyMagic)
	}
	var hlen int64
	switch major, minor := pre[6], pre[7]; {
	case major == 1 && minor == 0:
		var b [2]byte
		if _, err := io.ReadFull(r, b[:]); err != nil {
			return a, errors.New("truncated .npy header")
		}
		hlen, a.headerLen = int64(byteorder.LittleEndian.Uint16(b[:])), 10
	case (major == 2 || major == 3) && minor == 0:
		var b [4]byte
		if _, err := io.ReadFull(r, b[:]); err != nil {
			return a, errors.New("truncated .npy header")
		}
		hlen, a.headerLen = int64(byteorder.LittleEndian.Uint32(b[:])), 12
	default:
		return a, fmt.Errorf(".npy version %d.%d: want 1.0, 2.0 or 3.0", major, minor)
	}
	if hlen > 1<<16 {
		return a, fmt.Errorf(".npy header of %d bytes: too long", hlen)
	}
	h := make([]byte, hlen)
	if n, err := io.ReadFull(r, h); err != nil {
		return a, fmt.Errorf("truncated .npy header: %d of %d bytes", n, hlen)
	}
	a.headerLen += hlen
	dict, err := parsePyDict(strings.TrimRight(string(h), " \n\x00"))
	if err != nil {
		return a, fmt.Errorf("bad .npy header %q: %v", strings.TrimSpace(string(h)), err)
	}
	for k := range dict {
		if k != "descr" && k != "fortran_order" && k != "shape" {
			return a, fmt.Errorf(".npy header: unknown key %q", k)
		}
	}
	descr, ok := dict["descr"].(string)
	if !ok {
		return a, errors.New(".npy header: no 'descr' string")
	}
	if err := a.setDtype(descr); err != nil {
		return a, err
	}
	fortran, ok := dict["fortran_order"].(bool)
	if !ok {
		return a, errors.New(".npy header: no 'fortran_order' True or False")
	}
	if fortran {
		return a, errors.New(".npy array in Fortran order: want C order (save numpy.ascontiguousarray(a))")
	}
	shape, ok := dict["shape"].([]int64)
	if !ok {
		return a, errors.New(".npy header: no 'shape' tuple")
	}
	switch {
	case len(shape) == 2 && shape[0] == 9 && shape[1] == 9:
		a.grids = 1
	case len(shape) == 3 && shape[1] == 9 && shape[2] == 9 && shape[0] >= 0 && shape[0] < 1<<40:
		a.grids = shape[0]
	default:
		return a, fmt.Errorf(".npy shape %s: want (9, 9) or (N, 9, 9)", shapeString(shape))
	}
	return a, nil
}

func shapeString(shape []int64) string {
	parts := make([]string, len(shape))
	for i, n := range shape {
		parts[i] = strconv.FormatInt(n, 10)
	}
	if len(parts) == 1 {
		return "(" + parts[0] + ",)"
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// setDtype reads a dtype string such as "|u1" or "<i8".
func (a *npyArray) setDtype(descr string) error {
	bad := fmt.Errorf(".npy dtype %q: want small integers, one of %s", descr, npyDtypes)
	if len(descr) != 3 || (descr[1] != 'u' && descr[1] != 'i') {
		return bad
	}
	a.signed = descr[1] == 'i'
	switch descr[2] {
	case '1', '2', '4', '8':
		a.size = int(descr[2] - '0')
	default:
		return bad
	}
	switch descr[0] {
	case '<':
		a.order = byteorder.LittleEndian
	case '>':
		a.order = byteorder.BigEndian
	case '|':
		if a.size != 1 {
			return bad // '|' is for types without byte order
		}
	default:
		return bad
	}
	return nil
}

// nextNPY returns the next grid of a NumPy array, numbered from 1 in Line,
// or the error that keeps it from being read: a value outside 0-9 (that
// grid only), the end of the data before the last grid the header
// announces, or data after it (each an entry of its own, the last).
func (r *Reader) nextNPY() (Entry, error) {
	a, i := r.npy, r.npyNext
	if i > a.grids {
		r.err = io.EOF
		if n, _ := r.br.Read(make([]byte, 1)); n > 0 {
			return r.npyError(i, fmt.Sprintf("data after the %d grids the .npy header announces", a.grids), ErrLength), nil
		}
		return Entry{}, io.EOF
	}
	r.npyNext++
	buf := make([]byte, 81*a.size)
	if n, err := io.ReadFull(r.br, buf); err != nil {
		r.err = io.EOF
		return r.npyError(i, fmt.Sprintf("the .npy data ends %d bytes into grid %d of %d", n, i, a.grids), ErrLength), nil
	}
	e := Entry{Line: int(i)}
	for c := 0; c < 81; c++ {
		v := a.value(buf[c*a.size:])
		if v < 0 || v > 9 {
			return r.npyError(i, fmt.Sprintf("%s holds %d: want 0 (empty) to 9", CellName(c), v), ErrSyntax), nil
		}
		e.Clues[c] = uint8(v)
	}
	return e, nil
}

func (r *Reader) npyError(i int64, msg string, sentinel error) Entry {
	return Entry{Line: int(i), Err: &ParseError{Line: int(i), Msg: msg, Err: sentinel}}
}

// value decodes one value at the start of b.
func (a npyArray) value(b []byte) int64 {
	switch a.size {
	case 1:
		if a.signed {
			return int64(int8(b[0]))
		}
		return int64(b[0])
	case 2:
		if a.signed {
			return int64(int16(a.order.Uint16(b)))
		}
		return int64(a.order.Uint16(b))
	case 4:
		if a.signed {
			return int64(int32(a.order.Uint32(b)))
		}
		return int64(a.order.Uint32(b))
	}
	u := a.order.Uint64(b)
	if !a.signed && u > 1<<62 {
		return -1 // far out of range either way
	}
	return int64(u)
}

// npyHeaderLen is the size of the header NPYHeader writes, whatever the
// number of grids: version 1.0 padded to 128 bytes, so that the header can
// be written last, over the space kept for it.
const npyHeaderLen = 128

// NPYHeader returns the 128-byte header of a NumPy array of n grids of
// unsigned bytes (dtype |u1, shape (n, 9, 9)): the grids follow it, 81
// bytes each in reading order, 0 for an empty cell. Its length does not
// depend on n, so a writer that learns n last can keep the room for it
// and write it at the end.
func NPYHeader(n int64) []byte {
	dict := fmt.Sprintf("{'descr': '|u1', 'fortran_order': False, 'shape': (%d, 9, 9), }", n)
	pad := npyHeaderLen - 10 - len(dict) - 1 // never negative: n has at most 19 digits
	h := make([]byte, 0, npyHeaderLen)
	h = append(h, npyMagic...)
	h = append(h, 1, 0)
	h = byteorder.LittleEndian.AppendUint16(h, uint16(npyHeaderLen-10))
	h = append(h, dict...)
	h = append(h, strings.Repeat(" ", pad)...)
	h = append(h, '\n')
	return h
}

// parsePyDict parses the Python literal of a .npy header: a dict with
// string keys whose values are strings, True, False, integers or tuples of
// integers (returned as string, bool, int64 and []int64).
func parsePyDict(s string) (map[string]any, error) {
	p := &pyParser{s: s}
	p.space()
	if !p.eat('{') {
		return nil, errors.New("want '{'")
	}
	d := map[string]any{}
	for {
		p.space()
		if p.eat('}') {
			break
		}
		k, err := p.str()
		if err != nil {
			return nil, err
		}
		p.space()
		if !p.eat(':') {
			return nil, fmt.Errorf("want ':' after %q", k)
		}
		p.space()
		v, err := p.value()
		if err != nil {
			return nil, err
		}
		if _, dup := d[k]; dup {
			return nil, fmt.Errorf("key %q twice", k)
		}
		d[k] = v
		p.space()
		if p.eat('}') {
			break
		}
		if !p.eat(',') {
			return nil, errors.New("want ',' or '}'")
		}
	}
	p.space()
	if p.i != len(p.s) {
		return nil, fmt.Errorf("text after the dict: %q", p.s[p.i:])
	}
	return d, nil
}

type pyParser struct {
	s string
	i int
}

func (p *pyParser) space() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t' || p.s[p.i] == '\n') {
		p.i++
	}
}

func (p *pyParser) eat(c byte) bool {
	if p.i < len(p.s) && p.s[p.i] == c {
		p.i++
		return true
	}
	return false
}

// str reads a quoted string without escapes.
func (p *pyParser) str() (string, error) {
	if p.i >= len(p.s) || (p.s[p.i] != '\'' && p.s[p.i] != '"') {
		return "", errors.New("want a quoted string")
	}
	q := p.s[p.i]
	end := strings.IndexByte(p.s[p.i+1:], q)
	if end < 0 {
		return "", errors.New("unterminated string")
	}
	v := p.s[p.i+1 : p.i+1+end]
	p.i += end + 2
	return v, nil
}

func (p *pyParser) int() (int64, error) {
	j := p.i
	for j < len(p.s) && (p.s[j] >= '0' && p.s[j] <= '9' || j == p.i && p.s[j] == '-') {
		j++
	}
	n, err := strconv.ParseInt(p.s[p.i:j], 10, 64)
	if err != nil {
		return 0, fmt.Errorf("bad integer %q", p.s[p.i:j])
	}
	p.i = j
	p.eat('L') // Python 2 longs
	return n, nil
}

func (p *pyParser) value() (any, error) {
	switch {
	case p.i >= len(p.s):
		return nil, errors.New("want a value")
	case p.s[p.i] == '\'' || p.s[p.i] == '"':
		return p.str()
	case strings.HasPrefix(p.s[p.i:], "True"):
		p.i += 4
		return true, nil
	case strings.HasPrefix(p.s[p.i:], "False"):
		p.i += 5
		return false, nil
	case p.s[p.i] == '(':
		p.i++
		t := []int64{}
		for {
			p.space()
			if p.eat(')') {
				return t, nil
			}
			n, err := p.int()
			if err != nil {
				return nil, err
			}
			t = append(t, n)
			p.space()
			if p.eat(')') {
				return t, nil
			}
			if !p.eat(',') {
				return nil, errors.New("want ',' or ')' in a tuple")
			}
		}
	}
	return p.int()
}
