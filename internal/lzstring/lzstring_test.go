package lzstring

import (
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"
)

// fixture is one line of testdata/lzstring-1.5.0.json: an input and what
// the npm package lz-string 1.5.0 made of it (compressToBase64,
// compressToEncodedURIComponent), generated once with node.
type fixture struct {
	In     string `json:"in"`
	Base64 string `json:"base64"`
	URI    string `json:"uri"`
}

func loadFixtures(t testing.TB) []fixture {
	t.Helper()
	b, err := os.ReadFile("testdata/lzstring-1.5.0.json")
	if err != nil {
		t.Fatal(err)
	}
	var fs []fixture
	if err := json.Unmarshal(b, &fs); err != nil {
		t.Fatal(err)
	}
	if len(fs) < 20 {
		t.Fatalf("%d fixtures, want at least 20", len(fs))
	}
	return fs
}

func TestMatchesJavaScript(t *testing.T) {
	for _, f := range loadFixtures(t) {
		if got := CompressToBase64(f.In); got != f.Base64 {
			t.Errorf("CompressToBase64(%q) = %q, want %q", f.In, got, f.Base64)
		}
		if got := CompressToEncodedURIComponent(f.In); got != f.URI {
			t.Errorf("CompressToEncodedURIComponent(%q) = %q, want %q", f.In, got, f.URI)
		}
		if got, err := DecompressFromBase64(f.Base64); err != nil || got != f.In {
			t.Errorf("DecompressFromBase64(%q) = %q, %v, want %q", f.Base64, got, err, f.In)
		}
		if got, err := DecompressFromEncodedURIComponent(f.URI); err != nil || got != f.In {
			t.Errorf("DecompressFromEncodedURIComponent(%q) = %q, %v, want %q", f.URI, got, err, f.In)
		}
	}
}

func TestRoundTrip(t *testing.T) {
	long := strings.Repeat(`{"cells":["R1C1","R1C2"],"value":"12"},`, 500)
	for _, s := range []string{"x", "xyxyxyxyxyx", long, "🧩 and 数独", string([]byte{0, 1, 2, 255})} {
		got, err := DecompressFromBase64(CompressToBase64(s))
		if err != nil || got != strings.ToValidUTF8(s, "\uFFFD") {
			t.Errorf("round trip of %.40q = %.40q, %v", s, got, err)
		}
		got, err = DecompressFromEncodedURIComponent(CompressToEncodedURIComponent(s))
		if err != nil || got != strings.ToValidUTF8(s, "\uFFFD") {
			t.Errorf("URI round trip of %.40q = %.40q, %v", s, got, err)
		}
	}
	if n := len(CompressToBase64(long)); n > len(long)/10 {
		t.Errorf("CompressToBase64 of %d repetitive bytes: %d characters, want it compressed", len(long), n)
	}
}

func TestPaddingAndSpaces(t *testing.T) {
	enc := CompressToBase64("hello world")
	for _, in := range []string{strings.TrimRight(enc, "="), enc[:5] + "\n" + enc[5:]} {
		if got, err := DecompressFromBase64(in); err != nil || got != "hello world" {
			t.Errorf("DecompressFromBase64(%q) = %q, %v", in, got, err)
		}
	}
	uri := strings.ReplaceAll(CompressToEncodedURIComponent("a+b+c+d"), "+", " ")
	if got, err := DecompressFromEncodedURIComponent(uri); err != nil || got != "a+b+c+d" {
		t.Errorf("DecompressFromEncodedURIComponent(%q) = %q, %v", uri, got, err)
	}
}

var badInputs = []struct {
	in   string
	want error
}{
	{"", ErrTruncated},
	{"====", ErrTruncated}, // all zero bits: a literal whose stream then ends
	{"N4Ig!", ErrAlphabet},
	{"é", ErrAlphabet},
	{"N4Ig-", ErrAlphabet}, // '-' is URI-only
	{"IYI", ErrTruncated},  // "ab" cut short before its end mark
	{"wAAA", ErrCorrupt},   // first code 3
	{"AAs", ErrCorrupt},    // a code past the dictionary (lz-string returns null)
}

func TestBadInput(t *testing.T) {
	for _, tt := range badInputs {
		got, err := DecompressFromBase64(tt.in)
		if !errors.Is(err, tt.want) {
			t.Errorf("DecompressFromBase64(%q) = %q, %v, want %v", tt.in, got, err, tt.want)
		}
		if err != nil && (strings.ToLower(err.Error()[:1]) != err.Error()[:1] || strings.HasSuffix(err.Error(), ".")) {
			t.Errorf("error %q: want lowercase, no final punctuation", err)
		}
	}
	if _, err := DecompressFromEncodedURIComponent("a/b"); !errors.Is(err, ErrAlphabet) {
		t.Errorf("DecompressFromEncodedURIComponent(%q): %v, want ErrAlphabet", "a/b", err)
	}
}

func TestTooLong(t *testing.T) {
	// A run of one character: each code names a phrase one longer than the
	// last, so the output grows quadratically with the input.
	// The limit is MaxOutput in the exported calls; 1000 here keeps the test small.
	enc := CompressToBase64(strings.Repeat("a", 1010))
	if _, err := decompress(enc, base64Alphabet, 1000); !errors.Is(err, ErrTooLong) {
		t.Errorf("decompressing 1010 a's with a limit of 1000: %v, want ErrTooLong", err)
	}
	if got, err := decompress(enc, base64Alphabet, 1010); err != nil || len(got) != 1010 {
		t.Errorf("decompressing 1010 a's with a limit of 1010: %d code units, %v", len(got), err)
	}
}

func FuzzDecompress(f *testing.F) {
	for _, fx := range loadFixtures(f) {
		f.Add(fx.Base64)
		f.Add(fx.URI)
	}
	for _, tt := range badInputs {
		f.Add(tt.in)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 4096 {
			return
		}
		got, err := DecompressFromBase64(s)
		if err != nil {
			n := 0
			for _, e := range []error{ErrAlphabet, ErrTruncated, ErrCorrupt, ErrTooLong} {
				if errors.Is(err, e) {
					n++
				}
			}
			if n != 1 {
				t.Fatalf("DecompressFromBase64(%q): %v matches %d sentinels, want 1", s, err, n)
			}
			return
		}
		back, err := DecompressFromBase64(CompressToBase64(got))
		if err != nil || back != got {
			t.Fatalf("round trip of %q = %q, %v", got, back, err)
		}
		if _, err := DecompressFromEncodedURIComponent(s); err != nil && !errors.Is(err, ErrAlphabet) && !errors.Is(err, ErrTruncated) && !errors.Is(err, ErrCorrupt) && !errors.Is(err, ErrTooLong) {
			t.Fatalf("DecompressFromEncodedURIComponent(%q): %v matches no sentinel", s, err)
		}
	})
}
