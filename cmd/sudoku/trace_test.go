package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"image"
	"image/gif"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unicode"

	"sudoku/solver"
	"sudoku/solver/trace"
)

// traceLine is one line of `sudoku solve -trace -json`: an event or a result.
type traceLine struct {
	Src       string
	Seq       int
	Name      string
	Text      string
	Events    int
	Truncated bool
	Count     int
	Solution  string
	Error     string
	trace.Event
}

// readTraceJSON parses the JSON lines of `sudoku solve -trace -json`.
func readTraceJSON(t *testing.T, out string) []traceLine {
	t.Helper()
	var ls []traceLine
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var l traceLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatalf("bad JSON line %q: %v", sc.Text(), err)
		}
		ls = append(ls, l)
	}
	return ls
}

// TestSolveTraceJSON replays the JSON events of both tracing engines with
// trace.Replay: every event applies, the numbering runs on, the replay
// ends on the solution, and the result line says so.
func TestSolveTraceJSON(t *testing.T) {
	for _, engine := range []string{"prop", "dlx"} {
		out, errOut, code := sudoku(t, "", "solve", "-trace", "-json", "-engine", engine, hard)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", engine, code, errOut)
		}
		ls := readTraceJSON(t, out)
		if len(ls) < 100 {
			t.Fatalf("%s: %d lines", engine, len(ls))
		}
		rp := trace.NewReplay()
		for i, l := range ls[:len(ls)-1] {
			if l.Src != "arg 1" || l.Seq != i+1 || l.Text == "" {
				t.Fatalf("%s: line %d: src %q seq %d text %q", engine, i+1, l.Src, l.Seq, l.Text)
			}
			if l.Cell >= 0 && l.Name != solver.CellName(l.Cell) {
				t.Fatalf("%s: line %d: name %q for cell %d", engine, i+1, l.Name, l.Cell)
			}
			if err := rp.Apply(l.Event); err != nil {
				t.Fatalf("%s: line %d: %v", engine, i+1, err)
			}
		}
		last := ls[len(ls)-1]
		if last.Kind != "result" || last.Solution != hardSol || last.Events != len(ls)-1 || last.Truncated || last.Count != 1 {
			t.Errorf("%s: result line %+v", engine, last)
		}
		if solver.Grid(rp.Grid).String() != hardSol {
			t.Errorf("%s: the replay ends on %s, want %s", engine, rp.Grid, hardSol)
		}
	}
}

var traceCLITests = []struct {
	name     string
	args     []string
	inStdout []string
	inStderr string
	code     int
}{
	{name: "text", args: []string{"solve", "-trace", hard},
		inStdout: []string{"arg 1: prop trace, ", "     1  assign r1c1=4 (clue)\n", "(naked single)", "(hidden single in ", "  guess r", "solution 1\n" + hardSol + "\n"}},
	{name: "text dlx", args: []string{"solve", "-trace", "-engine", "dlx", hard},
		inStdout: []string{"arg 1: dlx trace, ", "columns, ", "rows left]", "  guess r", "backtrack to depth", hardSol + "\n"}},
	{name: "truncated", args: []string{"solve", "-trace", "-trace-max", "5", hard},
		inStdout: []string{"arg 1: prop trace, 5 events\n", "     5  assign ", "arg 1: trace truncated after 5 events (raise -trace-max)\n" + hardSol + "\n"}},
	{name: "bad lines keep their place", args: []string{"solve", "-trace", "-limit", "2", "-f", "testdata/cli/mixed.txt"},
		inStdout: []string{"testdata/cli/mixed.txt:3: puzzle has 80 cells, want 81\ntestdata/cli/mixed.txt:4: prop trace, ", "testdata/cli/mixed.txt:4: no solution\n", "testdata/cli/mixed.txt:6: multiple solutions\n"},
		inStderr: "5 of 7 puzzles failed", code: 1},
	{name: "json error line", args: []string{"solve", "-trace", "-json", "12x"},
		inStdout: []string{`{"src":"arg 1:1:3","kind":"result","events":0,"truncated":false,"count":0,"error":"bad character 'x'"}` + "\n"}, code: 1},
	{name: "fast cannot trace", args: []string{"solve", "-trace", "-engine", "fast", hard}, inStderr: "-engine fast cannot trace: use prop or dlx", code: 2},
	{name: "fast cannot draw", args: []string{"solve", "-gif", "x.gif", "-engine", "fast", hard}, inStderr: "-engine fast cannot trace", code: 2},
	{name: "json needs trace", args: []string{"solve", "-json", hard}, inStderr: "-json needs -trace", code: 2},
	{name: "bad trace-max", args: []string{"solve", "-trace", "-trace-max", "0", hard}, inStderr: "-trace-max 0: want at least 1", code: 2},
	{name: "bad gif-frames", args: []string{"solve", "-gif", "x.gif", "-gif-frames", "1", hard}, inStderr: "-gif-frames 1: want at least 2", code: 2},
	{name: "explain bad gif-frames", args: []string{"explain", "-gif", "x.gif", "-gif-frames", "0", hard}, inStderr: "-gif-frames 0: want at least 2", code: 2},
}

func TestTraceCommand(t *testing.T) {
	for _, tt := range traceCLITests {
		out, errOut, code := sudoku(t, "", tt.args...)
		if code != tt.code {
			t.Errorf("%s: sudoku %q exited %d, want %d\nstderr: %s", tt.name, tt.args, code, tt.code, errOut)
		}
		for _, want := range tt.inStdout {
			if !strings.Contains(out, want) {
				t.Errorf("%s: sudoku %q: stdout lacks %q:\n%.2000s", tt.name, tt.args, want, out)
			}
		}
		if !strings.Contains(errOut, tt.inStderr) || tt.code == 0 && errOut != "" {
			t.Errorf("%s: sudoku %q stderr %q, want it to contain %q", tt.name, tt.args, errOut, tt.inStderr)
		}
	}
}

// TestTraceTextLines: the text trace has a header, one numbered line per
// event, and the result.
func TestTraceTextLines(t *testing.T) {
	out, _, code := sudoku(t, "", "solve", "-trace", "-engine", "dlx", easy)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	var n int
	if _, err := fmt.Sscanf(lines[0], "arg 1: dlx trace, %d events", &n); err != nil || code != 0 {
		t.Fatalf("header %q: %v, exit %d", lines[0], err, code)
	}
	if len(lines) != n+2 || lines[n+1] != easySol {
		t.Fatalf("%d lines for %d events, last %q", len(lines), n, lines[len(lines)-1])
	}
	for i, l := range lines[1 : n+1] {
		var k int
		if _, err := fmt.Sscanf(l, "%d", &k); err != nil || k != i+1 {
			t.Fatalf("line %d: %q", i+2, l)
		}
	}
}

// moves counts the frames a trace's animation has besides the puzzle's:
// every event but the clues, eliminations and column choices.
func moves(ls []traceLine) int {
	n := 0
	for _, l := range ls {
		switch {
		case l.Kind == "result", l.Kind == trace.KindEliminate, l.Kind == trace.KindColumn:
		case l.Kind == trace.KindAssign && l.Rule == trace.RuleClue:
		default:
			n++
		}
	}
	return n
}

// checkGIF decodes a GIF file and checks its frames: the count, every frame
// inside the picture, the first covering it, one delay per frame.
func checkGIF(t *testing.T, path string, frames int) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	g, err := gif.DecodeAll(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if len(g.Image) != frames || len(g.Delay) != frames {
		t.Fatalf("%s: %d frames, %d delays; want %d", path, len(g.Image), len(g.Delay), frames)
	}
	if g.Config.Width != gifW || g.Config.Height != gifH || g.Image[0].Bounds() != image.Rect(0, 0, gifW, gifH) {
		t.Fatalf("%s: %dx%d, first frame %v", path, g.Config.Width, g.Config.Height, g.Image[0].Bounds())
	}
	for i, im := range g.Image {
		if b := im.Bounds(); b.Empty() || b.Max.X > gifW || b.Max.Y > gifH || b.Min.X < 0 || b.Min.Y < 0 {
			t.Fatalf("%s: frame %d at %v", path, i, b)
		}
		if g.Delay[i] < 5 {
			t.Fatalf("%s: frame %d delay %d", path, i, g.Delay[i])
		}
	}
}

// TestSolveGIF draws the solve of both engines, whole and cut to 20 frames,
// and checks the frame counts against the moves of the JSON trace.
func TestSolveGIF(t *testing.T) {
	dir := t.TempDir()
	for _, engine := range []string{"prop", "dlx"} {
		out, _, _ := sudoku(t, "", "solve", "-trace", "-json", "-engine", engine, hard)
		n := moves(readTraceJSON(t, out))
		for _, tc := range []struct {
			max    string
			frames int
		}{{"1000000", 1 + n}, {"20", 20}, {"2", 2}} {
			path := filepath.Join(dir, engine+tc.max+".gif")
			out, errOut, code := sudoku(t, "", "solve", "-engine", engine, "-gif", path, "-gif-frames", tc.max, hard)
			if code != 0 || out != hardSol+"\n" || errOut != "" {
				t.Fatalf("%s -gif: exit %d, %q, %q", engine, code, out, errOut)
			}
			checkGIF(t, path, tc.frames)
		}
	}
	// Several puzzles: the first is drawn; a failed one draws nothing.
	path := filepath.Join(dir, "first.gif")
	_, errOut, code := sudoku(t, "", "solve", "-gif", path, easy, hard)
	if code != 0 || !strings.Contains(errOut, "-gif: drew the first of 2 puzzles") {
		t.Errorf("two puzzles: exit %d, %q", code, errOut)
	}
	out, _, _ := sudoku(t, "", "solve", "-trace", "-json", easy)
	checkGIF(t, path, 1+moves(readTraceJSON(t, out)))
	_, errOut, code = sudoku(t, "", "solve", "-gif", filepath.Join(dir, "none.gif"), "12x")
	if _, err := os.Stat(filepath.Join(dir, "none.gif")); code != 1 || !strings.Contains(errOut, "no puzzle was solved, no GIF written") || err == nil {
		t.Errorf("bad puzzle: exit %d, %q, stat %v", code, errOut, err)
	}
}

// TestExplainGIF: one frame for the puzzle, one per step, one for the
// solution; cut to -gif-frames.
func TestExplainGIF(t *testing.T) {
	dir := t.TempDir()
	out, _, code := sudoku(t, "", "explain", "-json", easy)
	var ex explainJSON
	if err := json.Unmarshal([]byte(out), &ex); err != nil || code != 0 {
		t.Fatalf("explain -json: %v, exit %d", err, code)
	}
	for _, tc := range []struct {
		max    string
		frames int
	}{{"300", len(ex.Steps) + 2}, {"10", 10}} {
		path := filepath.Join(dir, tc.max+".gif")
		out, errOut, code := sudoku(t, "", "explain", "-gif", path, "-gif-frames", tc.max, easy)
		if code != 0 || !strings.Contains(out, "Solution: "+easySol) || errOut != "" {
			t.Fatalf("explain -gif: exit %d, %q, %q", code, out, errOut)
		}
		checkGIF(t, path, tc.frames)
	}
	// A stuck explanation still draws its steps, without a solution frame.
	stuck := "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
	out, _, _ = sudoku(t, "", "explain", "-json", "-techniques", "hidden single,naked single", stuck)
	var part explainJSON
	if err := json.Unmarshal([]byte(out), &part); err != nil || len(part.Steps) == 0 {
		t.Fatalf("stuck explain -json: %v, %d steps", err, len(part.Steps))
	}
	path := filepath.Join(dir, "stuck.gif")
	if _, _, code := sudoku(t, "", "explain", "-gif", path, "-techniques", "hidden single,naked single", stuck); code != 1 {
		t.Fatalf("stuck explain: exit %d, want 1", code)
	}
	checkGIF(t, path, len(part.Steps)+1)
}

var pickTests = []struct {
	n, k int
	want []int
}{
	{0, 5, []int{}},
	{3, 5, []int{0, 1, 2}},
	{5, 5, []int{0, 1, 2, 3, 4}},
	{10, 4, []int{0, 3, 6, 9}},
	{100, 2, []int{0, 99}},
	{7, 1, []int{6}},
}

func TestPick(t *testing.T) {
	for _, tt := range pickTests {
		if got := pick(tt.n, tt.k); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("pick(%d, %d) = %v, want %v", tt.n, tt.k, got, tt.want)
		}
	}
}

var wrapTests = []struct {
	s     string
	width int
	lines int
	want  []string
}{
	{"in box 7, 1 can only go in r8c2", 12, 4, []string{"in box 7, 1", "can only go", "in r8c2"}},
	{"a b c d e f", 3, 2, []string{"a b", "..."}},
	{"abcdefgh", 3, 4, []string{"abc", "def", "gh"}},
	{"", 10, 2, nil},
}

func TestWrapText(t *testing.T) {
	for _, tt := range wrapTests {
		if got := wrapText(tt.s, tt.width, tt.lines); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("wrapText(%q, %d, %d) = %q, want %q", tt.s, tt.width, tt.lines, got, tt.want)
		}
	}
}

// TestFont: every glyph is 3x5 of '#' and '.', no two glyphs are the same,
// and the font draws every character of the trace and explanation texts.
func TestFont(t *testing.T) {
	seen := map[[5]string]rune{}
	for r, g := range glyphs {
		for _, row := range g {
			if len(row) != glyphW || strings.Trim(row, "#.") != "" {
				t.Errorf("glyph %q: row %q", r, row)
			}
		}
		if other, ok := seen[g]; ok && r != ' ' {
			t.Errorf("glyphs %q and %q are the same", r, other)
		}
		seen[g] = r
	}
	out, _, _ := sudoku(t, "", "explain", "-json", "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")
	trace, _, _ := sudoku(t, "", "solve", "-trace", "-engine", "dlx", hard)
	var ex explainJSON
	json.Unmarshal([]byte(out), &ex)
	text := trace
	for _, st := range ex.Steps {
		text += st.Technique + ": " + st.Explanation
	}
	for _, r := range text {
		if _, ok := glyphs[unicode.ToUpper(r)]; !ok && r != '\n' {
			t.Errorf("the font lacks %q", r)
		}
	}
}
