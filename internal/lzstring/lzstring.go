// Package lzstring reads and writes the lz-string compression that
// f-puzzles and SudokuPad links carry (the npm package lz-string, version
// 1.5.0): CompressToBase64 and DecompressFromBase64 (f-puzzles' "?load="),
// and the URI-safe alphabet of CompressToEncodedURIComponent.
//
// lz-string works on UTF-16 code units, as JavaScript strings do: a Go
// string is encoded to UTF-16 before compression and decoded from it after
// (a lone surrogate becomes U+FFFD). It uses only the standard library.
//
// Decompression never panics: a character outside the alphabet, a stream
// that ends before its end mark, a reference to a dictionary entry that
// does not exist and an output longer than MaxOutput give errors wrapping
// one of the sentinel errors below, where the JavaScript library returns
// null or an empty string.
package lzstring

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf16"
)

// Sentinel errors: every error of Decompress* matches exactly one.
var (
	// ErrAlphabet: a character outside the encoding's alphabet.
	ErrAlphabet = errors.New("bad character")
	// ErrTruncated: the stream ends before its end mark, or is empty.
	ErrTruncated = errors.New("truncated stream")
	// ErrCorrupt: a code that names no dictionary entry.
	ErrCorrupt = errors.New("corrupt stream")
	// ErrTooLong: the output would be longer than MaxOutput code units.
	ErrTooLong = errors.New("output too long")
)

// MaxOutput bounds the decompressed text, in UTF-16 code units (an
// lz-string stream can grow quadratically): 1<<22, four million.
const MaxOutput = 1 << 22

const (
	base64Alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/="
	uriAlphabet    = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$"
)

// CompressToBase64 compresses s as lz-string's compressToBase64 does:
// six bits a character, padded with '=' to a multiple of four.
func CompressToBase64(s string) string {
	out := compress(utf16.Encode([]rune(s)), 6, base64Alphabet)
	switch len(out) % 4 {
	case 1:
		out += "==="
	case 2:
		out += "=="
	case 3:
		out += "="
	}
	return out
}

// CompressToEncodedURIComponent compresses s as lz-string's
// compressToEncodedURIComponent does: the URI-safe alphabet, no padding.
func CompressToEncodedURIComponent(s string) string {
	return compress(utf16.Encode([]rune(s)), 6, uriAlphabet)
}

// DecompressFromBase64 reverses CompressToBase64. Trailing '=' padding is
// optional, and white space (a link broken over lines) is ignored.
func DecompressFromBase64(s string) (string, error) {
	return decompress(s, base64Alphabet, MaxOutput)
}

// DecompressFromEncodedURIComponent reverses CompressToEncodedURIComponent;
// a space stands for '+', as the JavaScript library reads it (a '+' that
// went through form decoding).
func DecompressFromEncodedURIComponent(s string) (string, error) {
	return decompress(strings.ReplaceAll(s, " ", "+"), uriAlphabet, MaxOutput)
}

// A bitWriter packs values, lowest bit first, into characters of width bits.
type bitWriter struct {
	width    int
	alphabet string
	val, pos int
	out      strings.Builder
}

func (w *bitWriter) write(value, nbits int) {
	for i := 0; i < nbits; i++ {
		w.val = w.val<<1 | value&1
		value >>= 1
		if w.pos == w.width-1 {
			w.out.WriteByte(w.alphabet[w.val])
			w.pos, w.val = 0, 0
		} else {
			w.pos++
		}
	}
}

// flush writes the last, partly filled character.
func (w *bitWriter) flush() {
	for {
		w.val <<= 1
		if w.pos == w.width-1 {
			w.out.WriteByte(w.alphabet[w.val])
			return
		}
		w.pos++
	}
}

// compress is LZW over UTF-16 code units with a growing code width: codes
// 0 and 1 introduce a new 8- or 16-bit character, 2 ends the stream, and
// every other code names a dictionary phrase.
func compress(units []uint16, width int, alphabet string) string {
	w := bitWriter{width: width, alphabet: alphabet}
	dict := map[string]int{}
	pending := map[string]bool{} // single characters not yet written out
	size, nbits, enlarge := 3, 2, 2
	grow := func() {
		enlarge--
		if enlarge == 0 {
			enlarge = 1 << nbits
			nbits++
		}
	}
	emit := func(phrase string) {
		if pending[phrase] {
			c := int(phrase[0])<<8 | int(phrase[1])
			if c < 256 {
				w.write(0, nbits)
				w.write(c, 8)
			} else {
				w.write(1, nbits)
				w.write(c, 16)
			}
			grow()
			delete(pending, phrase)
		} else {
			w.write(dict[phrase], nbits)
		}
		grow()
	}
	var cur string
	for _, u := range units {
		c := string([]byte{byte(u >> 8), byte(u)}) // a phrase is its code units, two bytes each
		if _, ok := dict[c]; !ok {
			dict[c] = size
			size++
			pending[c] = true
		}
		if _, ok := dict[cur+c]; ok {
			cur += c
			continue
		}
		emit(cur)
		dict[cur+c] = size
		size++
		cur = c
	}
	if cur != "" {
		emit(cur)
	}
	w.write(2, nbits)
	w.flush()
	return w.out.String()
}

// A bitReader reads values, lowest bit first, from characters of six bits.
type bitReader struct {
	vals []byte // each character's value
	i    int    // next character
	val  int    // the current character's value
	mask int    // its next bit
}

func (r *bitReader) read(nbits int) (int, error) {
	v := 0
	for i := 0; i < nbits; i++ {
		if r.mask == 0 {
			if r.i >= len(r.vals) {
				return 0, ErrTruncated
			}
			r.val, r.mask = int(r.vals[r.i]), 32
			r.i++
		}
		if r.val&r.mask != 0 {
			v |= 1 << i
		}
		r.mask >>= 1
	}
	return v, nil
}

func decompress(s, alphabet string, max int) (string, error) {
	var index [256]int8
	for i := range index {
		index[i] = -1
	}
	for i := 0; i < 64; i++ {
		index[alphabet[i]] = int8(i)
	}
	vals := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		b := s[i]
		switch {
		case b == '=' && alphabet == base64Alphabet:
			vals = append(vals, 0) // padding reads as zero bits
		case b == ' ' || b == '\n' || b == '\r' || b == '\t':
		case index[b] < 0:
			return "", fmt.Errorf("lz-string: %w %q at offset %d", ErrAlphabet, rune(b), i)
		default:
			vals = append(vals, byte(index[b]))
		}
	}
	if len(vals) == 0 {
		return "", fmt.Errorf("lz-string: %w: no data", ErrTruncated)
	}
	out, err := decode(&bitReader{vals: vals}, max)
	if err != nil {
		return "", fmt.Errorf("lz-string: %w", err)
	}
	return string(utf16.Decode(out)), nil
}

// decode reverses compress (see there for the codes), giving ErrTooLong
// past max code units.
func decode(r *bitReader, max int) ([]uint16, error) {
	dict := [][]uint16{nil, nil, nil} // codes 0-2 are markers
	nbits, enlarge := 3, 4
	literal := func(code int) ([]uint16, error) {
		n := 8
		if code == 1 {
			n = 16
		}
		c, err := r.read(n)
		return []uint16{uint16(c)}, err
	}
	code, err := r.read(2)
	if err != nil {
		return nil, err
	}
	if code == 2 {
		return nil, nil
	}
	if code == 3 {
		return nil, ErrCorrupt
	}
	cur, err := literal(code)
	if err != nil {
		return nil, err
	}
	dict = append(dict, cur)
	out := append([]uint16(nil), cur...)
	for {
		code, err := r.read(nbits)
		if err != nil {
			return nil, err
		}
		switch code {
		case 0, 1:
			c, err := literal(code)
			if err != nil {
				return nil, err
			}
			dict = append(dict, c)
			code = len(dict) - 1
			enlarge--
		case 2:
			return out, nil
		}
		if enlarge == 0 {
			enlarge = 1 << nbits
			nbits++
		}
		var entry []uint16
		switch {
		case code < len(dict):
			entry = dict[code]
		case code == len(dict):
			entry = append(append([]uint16(nil), cur...), cur[0])
		default:
			return nil, ErrCorrupt
		}
		if len(out)+len(entry) > max {
			return nil, ErrTooLong
		}
		out = append(out, entry...)
		next := make([]uint16, len(cur)+1)
		copy(next, cur)
		next[len(cur)] = entry[0]
		dict = append(dict, next)
		enlarge--
		cur = entry
		if enlarge == 0 {
			enlarge = 1 << nbits
			nbits++
		}
	}
}
