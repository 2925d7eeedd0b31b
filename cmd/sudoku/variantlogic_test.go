package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sudoku/internal/lzstring"
	"sudoku/solver"
)

var solverLimit2 = solver.Options{Limit: 2}

// explain -json on every variant file, as a user runs it: every puzzle is
// explained to its setter's solution, every step's eliminations and
// placements agree with that solution, and Constraint steps name their
// rule.
func TestExplainVariantFiles(t *testing.T) {
	for name, p := range variantPuzzles(t) {
		t.Run(filepath.Base(name), func(t *testing.T) {
			t.Parallel() // each its own process: two at a time
			out, errOut, code := sudoku(t, "", "explain", "-json", "-f", name)
			if code != 0 {
				t.Fatalf("explain -json -f %s: exit %d, stderr %q", name, code, errOut)
			}
			var ex struct {
				Size     int      `json:"size"`
				Solution string   `json:"solution"`
				Level    string   `json:"level"`
				Score    float64  `json:"score"`
				Solved   bool     `json:"solved"`
				Rules    []string `json:"rules"`
				Steps    []struct {
					Technique    string `json:"technique"`
					Placements   []cand `json:"placements"`
					Eliminations []cand `json:"eliminations"`
					Explanation  string `json:"explanation"`
					Rules        []string
				} `json:"steps"`
			}
			if err := json.Unmarshal([]byte(out), &ex); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			n := ex.Size
			sol := p.Solution
			if sol == nil {
				res, err := p.Rules.Solve(p.Givens, solverLimit2)
				if err != nil || res.Count != 1 {
					t.Fatalf("%s: %d solutions, %v", name, res.Count, err)
				}
				sol = res.Solution
			}
			if !ex.Solved || ex.Solution != digits(sol) || n != p.Rules.Size || len(ex.Rules) != len(p.Rules.Describe()) {
				t.Errorf("%s: solved %v, solution %s, size %d, %d rules; want %s, %d, %d rules", name, ex.Solved, ex.Solution, n, len(ex.Rules), digits(sol), p.Rules.Size, len(p.Rules.Describe()))
			}
			for i, st := range ex.Steps {
				for _, pl := range st.Placements {
					if c := pl.index(n); c < 0 || int(sol[c]) != pl.Digit {
						t.Errorf("%s: step %d places %s=%d", name, i+1, pl.Cell, pl.Digit)
					}
				}
				for _, e := range st.Eliminations {
					if c := e.index(n); c < 0 || int(sol[c]) == e.Digit {
						t.Errorf("%s: step %d removes %s=%d", name, i+1, e.Cell, e.Digit)
					}
				}
				if st.Technique == "Constraint" && (len(st.Rules) != 1 || !strings.HasPrefix(st.Explanation, strings.TrimSuffix(st.Rules[0], "."))) {
					t.Errorf("%s: step %d: constraint step %q names rules %q", name, i+1, st.Explanation, st.Rules)
				}
			}
			if ex.Level == "" || ex.Score <= 0 {
				t.Errorf("%s: level %q, score %v", name, ex.Level, ex.Score)
			}
		})
	}
}

// cand is a candidate as -json writes it.
type cand struct {
	Cell  string `json:"cell"`
	Digit int    `json:"digit"`
}

// index returns the cell r*n+c of the candidate's name "rXcY"; -1 when it
// is not one of an n x n grid.
func (c cand) index(n int) int {
	if len(c.Cell) != 4 || c.Cell[0] != 'r' || c.Cell[2] != 'c' {
		return -1
	}
	r, k := int(c.Cell[1]-'1'), int(c.Cell[3]-'1')
	if r < 0 || r >= n || k < 0 || k >= n {
		return -1
	}
	return r*n + k
}

// The same puzzle as a link, as JSON on the command line, and from a file
// explains the same, in text.
func TestExplainVariantForms(t *testing.T) {
	name := "testdata/variants/thermo-6x6-wsc2022.json"
	p := variantPuzzles(t)[name]
	js, err := os.ReadFile(filepath.Join("..", "..", name))
	if err != nil {
		t.Fatal(err)
	}
	link := "https://f-puzzles.com/?load=" + lzstring.CompressToBase64(string(js))
	want, errOut, code := sudoku(t, "", "explain", name)
	if code != 0 || !strings.Contains(want, "Solution: "+digits(p.Solution)+"\n") || !strings.Contains(want, "Rule:     Digits increase along the thermometer") ||
		!strings.Contains(want, "1. Constraint: Digits increase along the thermometer r1c1") {
		t.Fatalf("explain %s: exit %d, stderr %q, printed\n%s", name, code, errOut, want)
	}
	for _, args := range [][]string{{"explain", link}, {"explain", string(js)}, {"explain", "-f", name}} {
		if out, errOut, code := sudoku(t, "", args...); code != 0 || out != want {
			t.Errorf("sudoku %.40q: exit %d, stderr %q, printed\n%s\nwant\n%s", args, code, errOut, out, want)
		}
	}
	if out, _, code := sudoku(t, string(js), "explain"); code != 0 || out != want {
		t.Errorf("explain with the JSON on stdin: exit %d, printed\n%s", code, out)
	}
}

// hint on a player's position with one wrong digit: the mistake is named
// and the next step comes from the position put right.
func TestHintVariantMistake(t *testing.T) {
	name := "testdata/variants/killer-ksonline.json"
	p := variantPuzzles(t)[name]
	placed := []byte(strings.Repeat(".", 81))
	k := 0
	wrongCell := -1
	for c := 0; c < 81 && k < 6; c++ {
		if p.Givens[c] != 0 {
			continue
		}
		placed[c] = '0' + p.Solution[c]
		if k == 5 {
			placed[c] = '0' + p.Solution[c]%9 + 1
			wrongCell = c
		}
		k++
	}
	out, errOut, code := sudoku(t, "", "hint", "-json", "-placed", string(placed), name)
	if code != 0 {
		t.Fatalf("hint: exit %d, stderr %q", code, errOut)
	}
	var h struct {
		Mistakes []string `json:"mistakes"`
		Step     *struct {
			Technique    string `json:"technique"`
			Placements   []cand `json:"placements"`
			Eliminations []cand `json:"eliminations"`
			Explanation  string `json:"explanation"`
		} `json:"step"`
		Complete bool   `json:"complete"`
		Position string `json:"position"`
	}
	if err := json.Unmarshal([]byte(out), &h); err != nil {
		t.Fatal(err)
	}
	r, c := wrongCell/9+1, wrongCell%9+1
	want := "r" + string(rune('0'+r)) + "c" + string(rune('0'+c)) + " is not " + string(placed[wrongCell])
	if len(h.Mistakes) != 1 || !strings.HasPrefix(h.Mistakes[0], want) || h.Step == nil || h.Complete {
		t.Fatalf("hint: %+v, want one mistake %q and a step", h, want)
	}
	if h.Position[wrongCell] != '.' {
		t.Errorf("the position put right still holds %c in %s", h.Position[wrongCell], want[:4])
	}
	for _, e := range h.Step.Eliminations {
		if int(p.Solution[e.index(9)]) == e.Digit {
			t.Errorf("the step removes the solution's %s=%d", e.Cell, e.Digit)
		}
	}
	for _, pl := range h.Step.Placements {
		if int(p.Solution[pl.index(9)]) != pl.Digit {
			t.Errorf("the step places %s=%d", pl.Cell, pl.Digit)
		}
	}
	// Text: the mistake, then the step.
	text, _, code := sudoku(t, "", "hint", "-f", name, "-placed", string(placed))
	if code != 0 || !strings.Contains(text, "Mistakes (1):\n  "+want) || !strings.Contains(text, "Next step, once they are put right: ") {
		t.Errorf("hint text: exit %d, printed\n%s", code, text)
	}
	// The solution placed: complete.
	text, _, code = sudoku(t, "", "hint", "-placed", digits(p.Solution), name)
	if code != 0 || text != "No mistakes.\nThe grid is complete and correct.\n" {
		t.Errorf("hint on the solution: exit %d, printed %q", code, text)
	}
}

// Bad input to the variant commands: clear errors, the right exit status.
func TestVariantLogicErrors(t *testing.T) {
	name := "testdata/variants/classic-6x6.json"
	for _, tt := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"hint", "-placed", "123", name}, 2, "-placed: 3 cells, want 36 for a 6x6 grid"},
		{[]string{"hint", "-placed", strings.Repeat("7", 36), name}, 2, "-placed: bad character '7' (want 1 to 6"},
		{[]string{"hint", "-placed", "1" + strings.Repeat(".", 80), "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"}, 2, "-placed takes a variant puzzle"},
		{[]string{"explain", "-gif", "/tmp/x.gif", name}, 1, "-gif takes classic puzzles"},
		{[]string{"explain", "-f", name, name}, 2, "not both"},
		{[]string{"explain", oneGivenLink}, 1, "puzzle has more than one solution"},
		{[]string{"explain", `{"size":4,"grid":[[{"value":1,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"killercage":[{"cells":["R1C1","R1C2"],"value":"7"}]}`}, 1, "puzzle has no solution"},
		{[]string{"explain", `{"size":9,"grid":[],"xsum":[]}`}, 1, "grid: want 9 rows"},
		{[]string{"grade", "https://f-puzzles.com/?load=N4Ig!!!"}, 1, "sudoku grade:"},
	} {
		out, errOut, code := sudoku(t, "", tt.args...)
		if code != tt.code || !strings.Contains(errOut, tt.msg) {
			t.Errorf("sudoku %.60q: exit %d, stdout %q, stderr %q; want exit %d and %q", tt.args, code, out, errOut, tt.code, tt.msg)
		}
	}
}

// grade takes variant files beside classic ones, and links.
func TestGradeVariantFiles(t *testing.T) {
	// The quick ones (explain -json above takes every file to the end).
	ps := map[string]bool{}
	for _, f := range []string{"classic-6x6", "thermo-6x6-wsc2022", "irregular-kropki-6x6-wsc2022", "gen-thermo-4x4",
		"killer-ksonline", "renban-lmi-sm202403", "palindrome-wsc", "antiknight-ctc", "oddeven-gp2023r1"} {
		ps["testdata/variants/"+f+".json"] = true
	}
	args := []string{"grade"}
	for name := range ps {
		args = append(args, name)
	}
	args = append(args, "testdata/cli/kaggle.csv")
	out, errOut, code := sudoku(t, "", args...)
	if code != 0 {
		t.Fatalf("grade: exit %d, stderr %q", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	summary := lines[len(lines)-1]
	variantLines := 0
	for _, l := range lines {
		if strings.HasPrefix(l, "testdata/variants/") {
			variantLines++
			if !strings.Contains(l, " steps") {
				t.Errorf("grade line %q", l)
			}
		}
	}
	if variantLines != len(ps) || !strings.Contains(summary, "not graded") || !strings.Contains(summary, " 0 not graded") {
		t.Errorf("grade: %d variant lines of %d, summary %q", variantLines, len(ps), summary)
	}
	js, _ := os.ReadFile(filepath.Join("..", "..", "testdata/variants/palindrome-wsc.json"))
	link := "https://f-puzzles.com/?load=" + lzstring.CompressToBase64(string(js))
	out, errOut, code = sudoku(t, "", "grade", "-json", link)
	var g struct {
		Puzzles []struct {
			File, Level string
			Steps       int
		}
	}
	if err := json.Unmarshal([]byte(out), &g); err != nil || code != 0 || len(g.Puzzles) != 1 || g.Puzzles[0].Level == "" || g.Puzzles[0].Steps == 0 {
		t.Errorf("grade -json LINK: exit %d, stderr %q, %+v (%v)", code, errOut, g, err)
	}
}
