// Package radix holds the one alphabet of the sudokuwiki.org text forms
// that the solver's formats and the page's share links both write: base
// 36 ("S9B" form) and its first 32 characters (the 162-character board
// string, and the page's own marks parameter).
package radix

// Digits36 is the base-36 alphabet, lower case; Digits32 its first 32
// characters.
const (
	Digits36 = "0123456789abcdefghijklmnopqrstuvwxyz"
	Digits32 = "0123456789abcdefghijklmnopqrstuv"
)

// Value36 returns the value of one base-36 character, either case; ok is
// false for any other character.
func Value36(b byte) (v int, ok bool) {
	switch {
	case b >= '0' && b <= '9':
		return int(b - '0'), true
	case b >= 'a' && b <= 'z':
		return int(b-'a') + 10, true
	case b >= 'A' && b <= 'Z':
		return int(b-'A') + 10, true
	}
	return 0, false
}

// Pair32 returns the value of two base-32 characters, high first: 0 to
// 1023; ok is false when either is not in Digits32 (either case).
func Pair32(hi, lo byte) (n int, ok bool) {
	h, ok1 := Value36(hi)
	l, ok2 := Value36(lo)
	if !ok1 || !ok2 || h >= 32 || l >= 32 {
		return 0, false
	}
	return h*32 + l, true
}

// AppendPair32 appends n (0 to 1023) as two base-32 characters, high
// first, as Pair32 reads them.
func AppendPair32(b []byte, n int) []byte {
	return append(b, Digits32[n/32%32], Digits32[n%32])
}

// AppendPair36 appends n (0 to 1295) as two base-36 characters, high first.
func AppendPair36(b []byte, n int) []byte {
	return append(b, Digits36[n/36%36], Digits36[n%36])
}
