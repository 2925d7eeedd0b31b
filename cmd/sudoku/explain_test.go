package main

import (
	"encoding/json"
	"strings"
	"sudoku/internal/sudokutest"
	"testing"

	"sudoku/solver"
	"sudoku/solver/logic"
)

const diagPuzzle = "2.............62....1....7...6..8...3...9...7...6..4...4....8....52.............3"

// logicTests run the explain, hint and grade commands as a user does.
var logicTests = []struct {
	name     string
	stdin    string
	args     []string
	inStdout []string // each must appear in stdout
	inStderr string   // must appear in stderr
	code     int
}{
	{name: "explain", args: []string{"explain", easy},
		inStdout: []string{"  1. Hidden Single: In box 1, 6 can only go in r2c2.\n", "Solution: " + easySol + "\n", "Level:    Easy, score 1.2"}},
	{name: "explain stdin grid", stdin: sudokutest.MustParse(easy).Pretty(), args: []string{"explain"},
		inStdout: []string{"Solution: " + easySol + "\n"}},
	{name: "explain sdk file", args: []string{"explain", "testdata/cli/easy.sdk"}, inStdout: []string{"Solution: " + easySol + "\n"}},
	{name: "explain file of many", args: []string{"explain", "testdata/logic/grade.txt"}, inStderr: "testdata/logic/grade.txt holds more than one puzzle", code: 1},
	{name: "explain diagonal", args: []string{"explain", "-diagonal", diagPuzzle}, inStdout: []string{"(diagonal)", "Solution: "}},
	{name: "explain variant diagonal", args: []string{"explain", "-variant", "diagonal", diagPuzzle}, inStdout: []string{"(diagonal)", "Solution: "}},
	{name: "explain unknown variant", args: []string{"explain", "-variant", "killer", diagPuzzle}, inStderr: `-variant "killer": unknown variant`, code: 2},
	{name: "hint unknown variant", args: []string{"hint", "-variant", "killer", easy}, inStderr: `sudoku hint: -variant "killer"`, code: 2},
	{name: "grade unknown variant", args: []string{"grade", "-variant", "killer", "testdata/logic/grade.txt"}, inStderr: `sudoku grade: -variant "killer"`, code: 2},
	{name: "explain diagonal needs the rule", args: []string{"explain", diagPuzzle}, inStderr: "puzzle has more than one solution", code: 1},
	{name: "explain no solution", args: []string{"explain", ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4........."}, inStderr: "puzzle has no solution", code: 1},
	{name: "explain bad character", args: []string{"explain", "12x"}, inStderr: "arg 1:1:3: bad character 'x'", code: 1},
	{name: "explain short", args: []string{"explain", "123"}, inStderr: "puzzle has 3 cells, want 81", code: 1},
	{name: "explain conflict", args: []string{"explain", "11" + strings.Repeat(".", 79)}, inStderr: "digit 1 appears twice in row 1: r1c1 and r1c2", code: 1},
	{name: "explain two puzzles", args: []string{"explain", easy, hard}, inStderr: "want one puzzle, got 2 arguments", code: 2},
	{name: "explain unknown technique", args: []string{"explain", "-techniques", "x-wing,magic", easy}, inStderr: `unknown technique "magic"`, code: 2},
	{name: "explain stuck with singles only", args: []string{"explain", "-techniques", "full house,hidden single,naked single", "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"},
		inStderr: "stuck after", code: 1},
	{name: "explain unknown flag", args: []string{"explain", "-frobnicate"}, inStderr: "flag provided but not defined", code: 2},
	{name: "hint puzzle", args: []string{"hint", easy}, inStdout: []string{"No mistakes.\n", "Next step: Hidden Single: In box 1, 6 can only go in r2c2.\n"}},
	{name: "hint pencil marks", args: []string{"hint", "testdata/logic/pencilmarks.txt"},
		inStdout: []string{"No mistakes.\n", "Next step: Hidden Single: In box 7, 7 can only go in r9c3.\n"}},
	{name: "hint pencil marks stdin", stdin: "see below", args: []string{"hint", "-"}, inStderr: "bad character 's'", code: 1},
	{name: "hint complete", args: []string{"hint", easySol}, inStdout: []string{"No mistakes.\n", "The grid is complete and correct.\n"}},
	{name: "hint wrong placed digit with -puzzle", args: []string{"hint", "-puzzle", easy, "5" + easy[1:]},
		inStdout: []string{"Mistakes (1):\n  r1c1 is not 5 (5 was placed there)\n", "Next step, once they are put right: "}},
	{name: "hint wrong digit without clues", args: []string{"hint", "5" + easy[1:]}, inStderr: "a placed digit may be wrong; give the clues with -puzzle", code: 1},
	{name: "hint placed digit clashing with a clue", args: []string{"hint", "-puzzle", easy, "3" + easy[1:]},
		inStdout: []string{"Mistakes (1):\n  r1c1 is not 3 (3 was placed there)\n", "Next step, once they are put right: "}},
	{name: "hint clashing clues", args: []string{"hint", "33" + easy[2:]}, inStderr: "digit 3 appears twice in row 1: r1c1 and r1c2", code: 1},
	{name: "hint clue changed", args: []string{"hint", "-puzzle", easy, easy[:2] + "." + easy[3:]}, inStderr: "clue r1c3 (3) is missing", code: 1},
	{name: "hint bad S9B", args: []string{"hint", "S9B0102"}, inStderr: "S9B form has 4 characters after S9B, want 162", code: 1},
	{name: "hint garbage", args: []string{"hint", "hello"}, inStderr: "arg 1:1:1: bad character 'h'", code: 1},
	{name: "grade", args: []string{"grade", "-j", "2", "testdata/logic/grade.txt"},
		inStdout: []string{
			"testdata/logic/grade.txt:2: Easy 1.2 (49 steps)\n",
			"testdata/logic/grade.txt:4: no solution\n",
			"testdata/logic/grade.txt:5:21: bad character 'x'\n",
			"testdata/logic/grade.txt:6: multiple solutions\n",
			"testdata/logic/grade.txt:7: ",
			"6 puzzles: 3 graded (",
			"; 3 not graded\n"},
		code: 1},
	{name: "grade stdin", stdin: easy + "\n", args: []string{"grade"}, inStdout: []string{"stdin:1: Easy 1.2 (49 steps)\n", "1 puzzles: 1 graded (Easy 1, Medium 0, Hard 0, Expert 0, Extreme 0), 100.0% of them without contradiction; 0 not graded\n"}},
	{name: "grade missing file", args: []string{"grade", "no/such/file.txt"}, inStderr: "no/such/file.txt: no such file or directory", code: 2},
	{name: "grade nothing", stdin: "# nothing\n", args: []string{"grade"}, inStderr: "no puzzles found", code: 1},
	{name: "grade empty file", args: []string{"grade", "testdata/logic/empty.txt"}, inStderr: "no puzzles found", code: 1},
}

func TestLogicCommands(t *testing.T) {
	for _, tt := range logicTests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := sudoku(t, tt.stdin, tt.args...)
			if code != tt.code {
				t.Errorf("sudoku %v: exit %d, want %d\nstdout: %s\nstderr: %s", tt.args, code, tt.code, out, errOut)
			}
			for _, want := range tt.inStdout {
				if !strings.Contains(out, want) {
					t.Errorf("sudoku %v: stdout lacks %q:\n%s", tt.args, want, out)
				}
			}
			if tt.inStderr != "" && !strings.Contains(errOut, tt.inStderr) {
				t.Errorf("sudoku %v: stderr %q, want it to contain %q", tt.args, errOut, tt.inStderr)
			}
			if tt.inStderr == "" && errOut != "" {
				t.Errorf("sudoku %v: unexpected stderr %q", tt.args, errOut)
			}
		})
	}
}

// explainJSON is the shape of `sudoku explain -json`.
type explainJSON struct {
	Puzzle, Variant, Solution, Level string
	Score                            float64
	Steps                            []struct {
		Technique  string
		Placements []struct {
			Cell  string
			Digit int
		}
		Eliminations []struct {
			Cell  string
			Digit int
		}
		Explanation string
	}
}

// TestExplainJSON replays the JSON steps on the puzzle: every placement is
// the solution's digit, every elimination is not, and the placements fill
// every empty cell exactly once.
func TestExplainJSON(t *testing.T) {
	for _, tc := range []struct {
		puzzle string
		flags  []string
	}{
		{"4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........", nil},
		{diagPuzzle, []string{"-diagonal"}},
	} {
		out, errOut, code := sudoku(t, "", append(append([]string{"explain", "-json"}, tc.flags...), tc.puzzle)...)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		var ex explainJSON
		if err := json.Unmarshal([]byte(out), &ex); err != nil {
			t.Fatalf("bad JSON: %v\n%s", err, out)
		}
		v := solver.Standard
		if ex.Variant == "diagonal" {
			v = solver.Diagonal
		}
		puzzle, sol := sudokutest.MustParse(ex.Puzzle), sudokutest.MustParse(ex.Solution)
		if ex.Puzzle != tc.puzzle || v.Verify(puzzle, sol) != nil || len(ex.Steps) == 0 || ex.Level == "" || ex.Score < 1 {
			t.Fatalf("bad header: %+v", ex)
		}
		names := map[string]int{}
		for c := 0; c < 81; c++ {
			names[solver.CellName(c)] = c
		}
		grid := puzzle
		for i, st := range ex.Steps {
			if _, err := logic.ParseTechnique(st.Technique); err != nil || st.Explanation == "" {
				t.Errorf("step %d: technique %q, explanation %q", i+1, st.Technique, st.Explanation)
			}
			for _, p := range st.Placements {
				c := names[p.Cell]
				if grid[c] != 0 || int(sol[c]) != p.Digit {
					t.Errorf("step %d places %d in %s (holds %d, solution %d)", i+1, p.Digit, p.Cell, grid[c], sol[c])
				}
				grid[c] = uint8(p.Digit)
			}
			for _, e := range st.Eliminations {
				if int(sol[names[e.Cell]]) == e.Digit {
					t.Errorf("step %d removes the solution's %d from %s", i+1, e.Digit, e.Cell)
				}
			}
		}
		if grid != sol {
			t.Errorf("placements end in %s, want %s", grid, sol)
		}
	}
}

// TestHintS9B gives hint a sudokuwiki position with a wrong placed digit and
// a needed candidate removed.
func TestHintS9B(t *testing.T) {
	g, sol := sudokutest.MustParse(easy), sudokutest.MustParse(easySol)
	var placed solver.Grid
	placed[3] = 4 // r1c4: the solution has 9
	s, err := logic.NewState(solver.Position{Clues: g, Placed: placed})
	if err != nil {
		t.Fatal(err)
	}
	var cands [81]uint16
	for c := 0; c < 81; c++ {
		cands[c] = s.Candidates(c)
	}
	cands[80] &^= 1 << (sol[80] - 1) // r9c9 loses its solution digit
	s, err = logic.NewState(solver.Position{Clues: g, Placed: placed, Cands: cands, HasCands: true})
	if err != nil {
		t.Fatal(err)
	}
	out, errOut, code := sudoku(t, "", "hint", s.Position().Text(solver.FormatS9B))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"r1c4 is not 4 (4 was placed there)", "r9c9 can be 2 (the candidate was removed)", "Next step, once they are put right: "} {
		if !strings.Contains(out, want) {
			t.Errorf("hint output lacks %q:\n%s", want, out)
		}
	}
	// The same position as a candidate grid, with the clues given apart.
	out, errOut, code = sudoku(t, "", "hint", "-json", "-puzzle", easy, s.Position().Text(solver.FormatCandidates))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var h struct {
		Mistakes []string
		Step     *struct{ Technique, Explanation string }
	}
	if err := json.Unmarshal([]byte(out), &h); err != nil {
		t.Fatalf("bad JSON: %v\n%s", err, out)
	}
	// A candidate grid cannot tell a cell with one candidate from a filled
	// one, so more "placed" mistakes show up here; r1c4 must be among them.
	if !strings.Contains(strings.Join(h.Mistakes, "\n"), "r1c4 is not 4 (4 was placed there)") || h.Step == nil {
		t.Errorf("hint -json = %s", out)
	}
}

func TestGradeJSON(t *testing.T) {
	out, errOut, code := sudoku(t, "", "grade", "-json", "testdata/logic/grade.txt")
	if code != 1 {
		t.Fatalf("exit %d, want 1 (some lines cannot be graded): %s", code, errOut)
	}
	var g struct {
		Puzzles []struct {
			Line  int
			Level string
			Error string
		}
		Summary struct {
			Puzzles, Graded, Failed int
			Levels                  map[string]int
		}
	}
	if err := json.Unmarshal([]byte(out), &g); err != nil {
		t.Fatalf("bad JSON: %v\n%s", err, out)
	}
	if g.Summary.Puzzles != 6 || g.Summary.Graded != 3 || g.Summary.Failed != 3 || len(g.Puzzles) != 6 {
		t.Errorf("summary %+v, %d results", g.Summary, len(g.Puzzles))
	}
	if g.Puzzles[0].Level != "Easy" || g.Puzzles[2].Error != "no solution" {
		t.Errorf("results %+v", g.Puzzles)
	}
}

// TestExplainJSONLinks: a chain step's links join the chain's nodes one
// after the other, strong first and then alternating; other steps have an
// empty list.
func TestExplainJSONLinks(t *testing.T) {
	const puzzle = "7.8...3.....6.1...4.........6.....253...8.......1...9..9.5....2....7.4..........."
	out, errOut, code := sudoku(t, "", "explain", "-json", puzzle)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	type cand struct {
		Cell  string
		Digit int
	}
	var ex struct {
		Steps []struct {
			Technique string
			Pattern   []cand
			Links     *[]struct {
				From, To cand
				Strong   bool
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &ex); err != nil {
		t.Fatalf("bad JSON: %v", err)
	}
	chains := 0
	for i, st := range ex.Steps {
		if st.Links == nil {
			t.Fatalf("step %d (%s): no links key", i+1, st.Technique)
		}
		links := *st.Links
		switch st.Technique {
		case "X-Chain", "XY-Chain", "Alternating Inference Chain", "Continuous Nice Loop":
		default:
			if len(links) != 0 && st.Technique != "Grouped AIC" {
				t.Errorf("step %d (%s) has %d links", i+1, st.Technique, len(links))
			}
			continue
		}
		chains++
		if n := len(st.Pattern); len(links) < n-1 || len(links) > n {
			t.Errorf("step %d (%s): %d links for %d nodes", i+1, st.Technique, len(links), n)
			continue
		}
		for k, l := range links {
			if l.Strong != (k%2 == 0) && k < len(st.Pattern)-1 {
				t.Errorf("step %d (%s): link %d strong=%v", i+1, st.Technique, k, l.Strong)
			}
			if k > 0 && links[k-1].To != l.From {
				t.Errorf("step %d (%s): link %d starts at %v, the last ended at %v", i+1, st.Technique, k, l.From, links[k-1].To)
			}
			if k < len(st.Pattern)-1 && (l.From != st.Pattern[k] || l.To != st.Pattern[k+1]) {
				t.Errorf("step %d (%s): link %d joins %v and %v, the pattern has %v and %v", i+1, st.Technique, k, l.From, l.To, st.Pattern[k], st.Pattern[k+1])
			}
		}
	}
	if chains == 0 {
		t.Fatal("no chain step in the explanation: pick another puzzle")
	}
	t.Logf("%d chain steps checked", chains)
}
