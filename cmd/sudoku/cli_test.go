package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sudoku/internal/sudokutest"
	"testing"

	"sudoku/solver"
)

// binary is the sudoku command built for these tests: they run it as a user does.
var binary string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "sudoku-cli-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	binary = filepath.Join(dir, "sudoku")
	if runtime.GOOS == "windows" {
		binary += ".exe"
	}
	if out, err := exec.Command("go", "build", "-o", binary, ".").CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "building sudoku: %v\n%s", err, out)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// sudoku runs the binary with args and stdin, and returns stdout, stderr and the exit status.
func sudoku(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	cmd := exec.Command(binary, args...)
	cmd.Dir = filepath.Join("..", "..")
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("running sudoku %v: %v", args, err)
	}
	return out.String(), errb.String(), code
}

const (
	easy    = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
	easySol = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
	hard    = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	hardSol = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
)

var solveTests = []struct {
	name     string
	stdin    string
	args     []string
	stdout   string // exact, unless empty
	inStderr string // must appear in stderr
	code     int
}{
	{name: "one puzzle", args: []string{"solve", hard}, stdout: hardSol + "\n"},
	{name: "two puzzles in order", args: []string{"solve", hard, easy}, stdout: hardSol + "\n" + easySol + "\n"},
	{name: "stdin", stdin: "# comment\n" + easy + "\n" + hard + "\n", args: []string{"solve"}, stdout: easySol + "\n" + hardSol + "\n"},
	{name: "grid format", args: []string{"solve", "-format", "grid", easy}, stdout: sudokutest.MustParse(easySol).Pretty() + "\n"},
	{name: "bad lines in the middle", args: []string{"solve", "-limit", "2", "-f", "testdata/cli/mixed.txt"},
		stdout: easySol + "\n" +
			"testdata/cli/mixed.txt:3: puzzle has 80 cells, want 81\n" +
			"testdata/cli/mixed.txt:4: no solution\n" +
			"testdata/cli/mixed.txt:5:21: bad character 'x'\n" +
			"testdata/cli/mixed.txt:6: multiple solutions\n" +
			"testdata/cli/mixed.txt:7: digit 4 appears twice in row 1: r1c1 and r1c2\n" +
			hardSol + "\n",
		inStderr: "5 of 7 puzzles failed", code: 1},
	{name: "limit 1 takes the first of several", args: []string{"solve", "-limit", "1", "8.........95.......76.........472986...531742...896135......567....2.493....5.218"}, code: 0},
	{name: "csv checks the given solution", args: []string{"solve", "-f", "testdata/cli/kaggle.csv"},
		stdout: easySol + "\n" + hardSol + "\n" + "testdata/cli/kaggle.csv:4: the given solution is wrong: row 2 does not hold every digit once: not a solution\n", code: 1},
	{name: "sdk", args: []string{"solve", "-f", "testdata/cli/easy.sdk"}, stdout: easySol + "\n"},
	{name: "diagonal", args: []string{"solve", "-diagonal", "-limit", "2", "2.............62....1....7...6..8...3...9...7...6..4...4....8....52.............3"},
		stdout: "", code: 0},
	{name: "diagonal needs the rule", args: []string{"solve", "-limit", "2", "2.............62....1....7...6..8...3...9...7...6..4...4....8....52.............3"},
		stdout: "arg 1: multiple solutions\n", code: 1},
	{name: "variant by name", args: []string{"solve", "-variant", "Diagonal", "-limit", "2", "2.............62....1....7...6..8...3...9...7...6..4...4....8....52.............3"},
		stdout: "267945381853716249491823576576438192384192657129657438642379815935281764718564923\n", code: 0},
	{name: "variant standard by name", args: []string{"solve", "-variant", "standard", "-limit", "2", "2.............62....1....7...6..8...3...9...7...6..4...4....8....52.............3"},
		stdout: "arg 1: multiple solutions\n", code: 1},
	{name: "unknown variant", args: []string{"solve", "-variant", "windoku", hard}, inStderr: `-variant "windoku": unknown variant (known: standard, diagonal)`, code: 2},
	{name: "bench unknown variant", args: []string{"bench", "-variant", "x", "testdata/cli/mixed.txt"}, inStderr: `-variant "x": unknown variant`, code: 2},
	{name: "dlx engine", args: []string{"solve", "-engine", "dlx", hard}, stdout: hardSol + "\n"},
	{name: "bad argument", args: []string{"solve", "12x"}, stdout: "arg 1:1:3: bad character 'x'\n", code: 1},
	{name: "empty input", stdin: "# nothing\n\n", args: []string{"solve"}, inStderr: "no puzzles found", code: 1},
	{name: "unknown flag", args: []string{"solve", "-frobnicate"}, inStderr: "flag provided but not defined: -frobnicate", code: 2},
	{name: "unknown engine", args: []string{"solve", "-engine", "quantum", hard}, inStderr: `engine "quantum": unknown name`, code: 2},
	{name: "bad format", args: []string{"solve", "-format", "xml", hard}, inStderr: `-format "xml": want line or grid`, code: 2},
	{name: "bad limit", args: []string{"solve", "-limit", "0", hard}, inStderr: "-limit 0: want at least 1", code: 2},
	{name: "missing file", args: []string{"solve", "-f", "testdata/cli/mixed.txt", "-f", "no/such/file.txt"}, stdout: "", inStderr: "no/such/file.txt: no such file or directory", code: 2},
	{name: "directory", args: []string{"solve", "-f", "testdata"}, inStderr: "testdata: is a directory", code: 2},
	{name: "unknown command", args: []string{"frobnicate"}, inStderr: `unknown command "frobnicate"`, code: 2},
	{name: "no command", args: nil, inStderr: "usage:", code: 2},
	{name: "help", args: []string{"help"}, inStderr: "", code: 0},
}

func TestSolveCommand(t *testing.T) {
	for _, tt := range solveTests {
		out, errOut, code := sudoku(t, tt.stdin, tt.args...)
		if code != tt.code {
			t.Errorf("%s: sudoku %q exited %d, want %d\nstderr: %s", tt.name, tt.args, code, tt.code, errOut)
		}
		if (tt.stdout != "" || tt.code == 2) && out != tt.stdout {
			t.Errorf("%s: sudoku %q printed\n%s\nwant\n%s", tt.name, tt.args, out, tt.stdout)
		}
		if !strings.Contains(errOut, tt.inStderr) {
			t.Errorf("%s: sudoku %q stderr %q, want it to contain %q", tt.name, tt.args, errOut, tt.inStderr)
		}
	}
}

// Every puzzle yields one line in input order, whatever the number of workers.
func TestSolveOrderWithJobs(t *testing.T) {
	var want string
	for _, j := range []string{"1", "2", "7"} {
		out, errOut, code := sudoku(t, "", "solve", "-j", j, "-limit", "2", "-f", "testdata/17clue.txt", "-f", "testdata/cli/mixed.txt", "-f", "testdata/serg.txt")
		if code != 1 {
			t.Fatalf("-j %s: exit %d, want 1 (mixed.txt and serg.txt hold failures)\n%s", j, code, errOut)
		}
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if len(lines) != 1004+7+500 {
			t.Fatalf("-j %s: %d lines, want %d", j, len(lines), 1004+7+500)
		}
		if want == "" {
			want = out
		} else if out != want {
			t.Errorf("-j %s: output differs from -j 1", j)
		}
	}
	// Check the first file's lines against the puzzles.
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "17clue.txt"))
	if err != nil {
		t.Fatal(err)
	}
	out := strings.Split(want, "\n")
	k := 0
	for _, l := range strings.Split(string(data), "\n") {
		if l == "" || l[0] == '#' {
			continue
		}
		p := sudokutest.MustParse(l[:81])
		if err := solver.Standard.Verify(p, sudokutest.MustParse(out[k])); err != nil {
			t.Fatalf("line %d of the output is not the solution of puzzle %d: %v", k+1, k+1, err)
		}
		k++
	}
}

func TestSolveOutputFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "out.txt")
	out, errOut, code := sudoku(t, "", "solve", "-o", path, hard, easy)
	if code != 0 || out != "" {
		t.Fatalf("exit %d, stdout %q, stderr %q; want 0 and nothing on stdout", code, out, errOut)
	}
	got, err := os.ReadFile(path)
	if err != nil || string(got) != hardSol+"\n"+easySol+"\n" {
		t.Errorf("%s holds %q, %v", path, got, err)
	}
	entries, _ := os.ReadDir(filepath.Dir(path))
	if len(entries) != 1 {
		t.Errorf("the output folder holds %d files, want only out.txt (no temporary left)", len(entries))
	}
	// An output file that cannot be written: exit 2 and a message.
	_, errOut, code = sudoku(t, "", "solve", "-o", filepath.Join(t.TempDir(), "missing", "out.txt"), hard)
	if code != 2 || !strings.Contains(errOut, "no such file or directory") {
		t.Errorf("unwritable -o: exit %d, stderr %q; want 2 and the reason", code, errOut)
	}
}

func TestBenchCommand(t *testing.T) {
	out, errOut, code := sudoku(t, "", "bench", "-json", "-j", "2", "testdata/serg.txt", "testdata/magictour.txt", "testdata/cli/kaggle.csv")
	if code != 1 { // kaggle.csv holds a wrong given solution
		t.Fatalf("exit %d, want 1\nstderr: %s", code, errOut)
	}
	var reps []map[string]any
	dec := json.NewDecoder(strings.NewReader(out))
	for dec.More() {
		var m map[string]any
		if err := dec.Decode(&m); err != nil {
			t.Fatalf("bad JSON line: %v\n%s", err, out)
		}
		reps = append(reps, m)
	}
	if len(reps) != 3 {
		t.Fatalf("%d JSON lines, want 3:\n%s", len(reps), out)
	}
	for _, k := range []string{"file", "puzzles", "limit", "engine", "us_per_puzzle", "puzzles_per_sec", "guesses_per_puzzle", "no_guess_pct", "counts", "invalid"} {
		if _, ok := reps[0][k]; !ok {
			t.Errorf("JSON lacks the key %q: %v", k, reps[0])
		}
	}
	wantCounts := []map[string]any{{"0": 0.0, "1": 0.0, "2+": 500.0}, {"0": 0.0, "1": 294.0 - 1, "2+": 0.0}, {"0": 0.0, "1": 3.0, "2+": 0.0}}
	wantInvalid := []float64{0, 0, 1}
	for i, r := range reps {
		if fmt.Sprint(r["counts"]) != fmt.Sprint(wantCounts[i]) || r["invalid"] != wantInvalid[i] || r["limit"] != 2.0 {
			t.Errorf("%v: counts %v, invalid %v, limit %v; want %v, %v, 2", r["file"], r["counts"], r["invalid"], r["limit"], wantCounts[i], wantInvalid[i])
		}
		if us, _ := r["us_per_puzzle"].(float64); us <= 0 {
			t.Errorf("%v: us_per_puzzle = %v, want > 0", r["file"], r["us_per_puzzle"])
		}
	}
	if !strings.Contains(errOut, "kaggle.csv:4: invalid result") {
		t.Errorf("stderr %q does not name the invalid line", errOut)
	}
	// The plain form, and usage errors.
	out, _, code = sudoku(t, "", "bench", "-j", "1", "-engine", "dlx", "testdata/special.txt")
	if code != 0 || !strings.Contains(out, "testdata/special.txt: 7 puzzles") || !strings.Contains(out, "counts 0:1 1:5 2+:1, verified 6, invalid 0") {
		t.Errorf("bench special.txt: exit %d, %q", code, out)
	}
	// A note that gives the wrong count makes the result invalid.
	wrong := filepath.Join(t.TempDir(), "wrong.txt")
	if err := os.WriteFile(wrong, []byte(hard+":2+\n"+easy+":1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, code = sudoku(t, "", "bench", wrong)
	if code != 1 || !strings.Contains(out, "invalid 1") || !strings.Contains(errOut, "wrong.txt:1: invalid result") {
		t.Errorf("bench with a wrong note: exit %d, %q, %q; want 1 and line 1 invalid", code, out, errOut)
	}
	// Unreadable puzzles and conflicting clues are errors, outside the averages.
	errs := filepath.Join(t.TempDir(), "errs.txt")
	if err := os.WriteFile(errs, []byte("55"+strings.Repeat(".", 79)+"\n"+easy+"\n12\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, code = sudoku(t, "", "bench", "-json", errs)
	var rep map[string]any
	if err := json.Unmarshal([]byte(out), &rep); err != nil || code != 1 {
		t.Fatalf("bench with errors: exit %d, %q, %v", code, out, err)
	}
	if rep["errors"] != 2.0 || rep["no_guess_pct"] != 100.0 || rep["verified"] != 1.0 {
		t.Errorf("bench with errors: %v; want errors 2, no_guess_pct 100 (of the one solved), verified 1", rep)
	}
	if !strings.Contains(errOut, "errs.txt:1: digit 5 appears twice in row 1") || !strings.Contains(errOut, "errs.txt:3: puzzle has 2 cells") {
		t.Errorf("stderr %q does not name both errors", errOut)
	}
	if _, errOut, code := sudoku(t, "", "bench"); code != 2 || !strings.Contains(errOut, "no files given") {
		t.Errorf("bench with no files: exit %d, %q", code, errOut)
	}
	if _, errOut, code := sudoku(t, "", "bench", "no/such/file"); code != 2 || !strings.Contains(errOut, "no such file") {
		t.Errorf("bench with a missing file: exit %d, %q", code, errOut)
	}
}
