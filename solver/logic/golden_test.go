package logic

import (
	"bufio"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"sudoku/solver"
)

// updateGolden rewrites testdata/logic/golden.txt.gz from the current engine:
//
//	go test -run TestGolden -update-golden ./solver/logic
var updateGolden = flag.Bool("update-golden", false, "rewrite the golden step sequences")

// goldenFile records, for every puzzle of the repository's corpora, the
// techniques and ratings of its explanation and a hash of every step
// (technique, rating, pattern, units, changes, sentence), as the engine
// gave them before the techniques of issue 12 were added.
var goldenFile = filepath.Join(testdataDir, "golden.txt.gz")

// goldenTechniques are the techniques the golden file was made with, less
// Finned Swordfish: its search then missed every finned fish whose other
// candidates already lie in n cover lines, so it now fires where it did not.
var goldenTechniques = func() map[string]bool {
	m := map[string]bool{}
	for _, n := range []string{"Cleanup", "Full House", "Hidden Single", "Naked Single",
		"Locked Candidates (pointing)", "Locked Candidates (claiming)", "Naked Pair", "X-Wing",
		"Hidden Pair", "Naked Triple", "Swordfish", "Hidden Triple", "Skyscraper", "2-String Kite",
		"Empty Rectangle", "XY-Wing", "XYZ-Wing", "W-Wing", "Unique Rectangle",
		"Simple Colouring", "Naked Quad", "Jellyfish", "Hidden Quad", "BUG+1", "X-Chain", "XY-Chain",
		"Alternating Inference Chain", "Grouped Alternating Inference Chain", "Contradiction", "Trial and Error"} {
		m[techKey(n)] = true
	}
	return m
}()

var goldenCorpora = []struct {
	name, file string
	v          *solver.Variant
}{
	{"magictour", "../../testdata/magictour.txt", solver.Standard},
	{"17clue", "../../testdata/17clue.txt", solver.Standard},
	{"diagonal", filepath.Join(testdataDir, "diagonal.txt"), solver.Diagonal},
}

// stepHash hashes everything a step shows.
func stepHash(st Step) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s|%.2f|%v|%v|%v|%v|%s", st.Technique, st.Rating, st.Pattern, st.Units, st.Placements, st.Eliminations, st.Explanation)
	return hex.EncodeToString(h.Sum(nil)[:6])
}

// goldenLine is one puzzle's record: its corpus and index, a hash of all its
// steps, then for each step "technique:rating:hash" (a byte of the step's
// hash).
func goldenLine(corpus string, i int, ex *Explanation) string {
	var b strings.Builder
	all := sha256.New()
	for _, st := range ex.Steps {
		h := stepHash(st)
		all.Write([]byte(h))
		fmt.Fprintf(&b, " %s:%.2f:%s", techKey(st.Technique.String()), st.Rating, h[:2])
	}
	return fmt.Sprintf("%s %d %x%s", corpus, i, all.Sum(nil)[:6], b.String())
}

// TestGolden explains every puzzle of the repository's corpora on all
// cores, checks every step against the solution (explainAll), and checks
// that each explanation is the one recorded before the new techniques, step
// for step, up to the first step of a technique the record did not have; an
// explanation that uses none of them must be identical. Under -short and
// WebAssembly, where it runs several times slower, only the first 30
// puzzles of each corpus.
func TestGolden(t *testing.T) {
	var got []string
	for _, c := range goldenCorpora {
		ps := readCorpus(t, c.file)
		if (testing.Short() || runtime.GOOS == "js") && !*updateGolden {
			ps = ps[:30]
		}
		exs, st := explainAll(t, ps, c.v)
		if st.n != len(ps) {
			t.Fatalf("%s: %d of %d explained", c.name, st.n, len(ps))
		}
		st.report(t, filepath.Base(c.file))
		for i, ex := range exs {
			got = append(got, goldenLine(c.name, i, ex))
		}
	}
	if *updateGolden {
		f, err := os.Create(goldenFile)
		if err != nil {
			t.Fatal(err)
		}
		zw := gzip.NewWriter(f)
		for _, l := range got {
			fmt.Fprintln(zw, l)
		}
		if err := zw.Close(); err != nil {
			t.Fatal(err)
		}
		if err := f.Close(); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %d explanations to %s", len(got), goldenFile)
		return
	}
	want := readGolden(t)
	changed := 0
	for _, l := range got {
		f := strings.Fields(l)
		key := f[0] + " " + f[1]
		w, ok := want[key]
		if !ok {
			t.Errorf("%s: not in the golden file", key)
			continue
		}
		wf := strings.Fields(w)[3:]
		gf := f[3:]
		whole := f[2] == strings.Fields(w)[2]
		for k := 0; ; k++ {
			if k == len(gf) || k == len(wf) {
				if len(gf) != len(wf) || !whole {
					t.Errorf("%s: %d steps, golden %d, hash of all steps differs: %v", key, len(gf), len(wf), !whole)
				}
				break
			}
			if tech := strings.SplitN(gf[k], ":", 2)[0]; !goldenTechniques[tech] {
				changed++
				break // a new technique: the rest may differ
			}
			if gf[k] != wf[k] {
				t.Errorf("%s step %d: %s, golden %s", key, k+1, gf[k], wf[k])
				break
			}
		}
	}
	t.Logf("%d explanations compared, %d use a new technique (identical up to it)", len(got), changed)
}

func readGolden(t *testing.T) map[string]string {
	t.Helper()
	f, err := os.Open(goldenFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	sc := bufio.NewScanner(zr)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		out[f[0]+" "+f[1]] = sc.Text()
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}
