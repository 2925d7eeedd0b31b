package main

// The generate command: new puzzles from package solver/generate.
//
//	sudoku generate [-variant NAME] [-level L | -technique T | -uses T | -score MIN-MAX] [-symmetry S] [-seed N] [-n N] [-j N] [-o FILE] [-json]

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"sudoku/solver/generate"
	"sudoku/solver/logic"
)

// genJSON is one puzzle as -json writes it, one object a line.
type genJSON struct {
	Index    int     `json:"index"`
	Puzzle   string  `json:"puzzle"`
	Solution string  `json:"solution"`
	Variant  string  `json:"variant"`
	Symmetry string  `json:"symmetry"`
	Level    string  `json:"level"`
	Score    float64 `json:"score"`
	Hardest  string  `json:"hardest"`
	Clues    int     `json:"clues"`
	Seed     uint64  `json:"seed"`
}

// genResult is the outcome of puzzle i of a run.
type genResult struct {
	i    int
	line string
	err  error
}

func runGenerate(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("generate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	vf := addVariantFlags(fs, "")
	level := fs.String("level", "", "difficulty `L` as sudoku grade rates it: "+levelNames())
	tech := fs.String("technique", "", "technique `T` of the hardest step (see sudoku explain -h for the names)")
	uses := fs.String("uses", "", "technique `T` used in at least one step, whatever else the puzzle needs")
	score := fs.String("score", "", "score range `MIN-MAX` (the rating of the hardest step), such as 4.0-5.5")
	sym := fs.String("symmetry", "none", "clue pattern `S`: none, rotational (180 degrees), mirror (left-right) or diagonal")
	seed := fs.Uint64("seed", 0, "seed `N`: the same seed and flags give the same puzzles (default: from the clock, reported on standard error)")
	n := fs.Int("n", 1, "number of puzzles")
	jobs := fs.Int("j", runtime.NumCPU(), "puzzles made at once (the output does not depend on it)")
	outPath := fs.String("o", "", "write the puzzles to `FILE` (whole or not at all) instead of standard output")
	asJSON := fs.Bool("json", false, "write one JSON object per puzzle per line")
	attempts := fs.Int("attempts", generate.DefaultMaxAttempts, "candidate puzzles tried per puzzle before giving up")
	timeout := fs.Duration("timeout", 0, "give up after this long (0: no limit but -attempts)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: sudoku generate [flags]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	seedSet := false
	fs.Visit(func(f *flag.Flag) { seedSet = seedSet || f.Name == "seed" })
	opt, err := generateOptions(vf, *level, *tech, *uses, *score, *sym)
	switch {
	case err != nil:
	case fs.NArg() > 0:
		err = fmt.Errorf("unexpected argument %q: generate takes only flags", fs.Arg(0))
	case *n < 1:
		err = fmt.Errorf("-n %d: want at least 1", *n)
	case *jobs < 1:
		err = fmt.Errorf("-j %d: want at least 1", *jobs)
	case *attempts < 1:
		err = fmt.Errorf("-attempts %d: want at least 1", *attempts)
	case *timeout < 0:
		err = fmt.Errorf("-timeout %v: want 0 or more", *timeout)
	}
	if err != nil {
		fmt.Fprintln(stderr, "sudoku generate:", err)
		return 2
	}
	if !seedSet {
		*seed = uint64(time.Now().UnixNano())
		fmt.Fprintf(stderr, "sudoku generate: -seed %d\n", *seed)
	}
	opt.MaxAttempts = *attempts
	ctx := context.Background()
	if *timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, *timeout)
		defer cancel()
	}
	opt.Context = ctx

	out := stdout
	var tmp *atomicFile
	if *outPath != "" {
		tmp, err = createAtomic(*outPath)
		if err != nil {
			fmt.Fprintln(stderr, "sudoku generate:", err)
			return 2
		}
		defer tmp.abort()
		out = tmp
	}
	w := bufio.NewWriter(out)

	var done atomic.Int64
	var bar *progress
	if *n > 1 && isTerminal(stderr) {
		bar = startProgress(stderr, int64(*n), &done, &done)
	}
	failed := generateAll(opt, *seed, *n, *jobs, *asJSON, w, stderr, &done)
	bar.stop()

	if failed > 0 {
		fmt.Fprintf(stderr, "sudoku generate: %d of %d puzzles failed\n", failed, *n)
		if tmp != nil {
			return 1 // -o: nothing written (the deferred abort removes the file)
		}
	}
	err = w.Flush()
	if tmp != nil && err == nil {
		err = tmp.commit()
	}
	if err != nil {
		fmt.Fprintln(stderr, "sudoku generate: writing puzzles:", err)
		return 2
	}
	if failed > 0 {
		return 1
	}
	return 0
}

// generateOptions turns the flags into options, checked.
func generateOptions(vf *variantFlags, level, tech, uses, score, sym string) (generate.Options, error) {
	var opt generate.Options
	var err error
	if opt.Variant, err = vf.get(); err != nil {
		return opt, err
	}
	set := 0
	for _, s := range []string{level, tech, uses, score} {
		if s != "" {
			set++
		}
	}
	if set > 1 {
		return opt, errors.New("-level, -technique, -uses and -score: give at most one")
	}
	switch {
	case level != "":
		l, err := parseLevel(level)
		if err != nil {
			return opt, err
		}
		opt.Target = generate.AtLevel(l)
	case tech != "":
		t, err := logic.ParseTechnique(tech)
		if err != nil {
			return opt, fmt.Errorf("-technique: %v (known: %s)", err, techniqueNames())
		}
		opt.Target = generate.HardestTechnique(t)
	case uses != "":
		t, err := logic.ParseTechnique(uses)
		if err != nil {
			return opt, fmt.Errorf("-uses: %v (known: %s)", err, techniqueNames())
		}
		opt.Target = generate.UsingTechnique(t)
	case score != "":
		lo, hi, ok := strings.Cut(score, "-")
		a, err1 := strconv.ParseFloat(strings.TrimSpace(lo), 64)
		b, err2 := strconv.ParseFloat(strings.TrimSpace(hi), 64)
		if !ok || err1 != nil || err2 != nil {
			return opt, fmt.Errorf("-score %q: want MIN-MAX, such as 4.0-5.5", score)
		}
		opt.Target = generate.ScoreBetween(a, b)
	}
	if opt.Symmetry, err = generate.ParseSymmetry(sym); err != nil {
		return opt, fmt.Errorf("-symmetry %q: want none, rotational, mirror or diagonal", sym)
	}
	if err := opt.Check(); err != nil {
		return opt, err
	}
	return opt, nil
}

// parseLevel reads a level name as grade prints it; case does not matter.
func parseLevel(s string) (logic.Level, error) {
	for l := logic.Easy; l <= logic.Extreme; l++ {
		if strings.EqualFold(s, l.String()) {
			return l, nil
		}
	}
	return 0, fmt.Errorf("-level %q: want one of %s", s, levelNames())
}

func levelNames() string {
	var names []string
	for l := logic.Easy; l <= logic.Extreme; l++ {
		names = append(names, strings.ToLower(l.String()))
	}
	return strings.Join(names, ", ")
}

// generateAll makes puzzles 0..n-1, puzzle i from generate.SeedAt(seed, i),
// with jobs goroutines, and writes them to w in index order as they come.
// Failures go to stderr (those of -timeout as one line); it returns their
// number.
func generateAll(opt generate.Options, seed uint64, n, jobs int, asJSON bool, w io.Writer, stderr io.Writer, done *atomic.Int64) (failed int) {
	timedOut := 0
	var next atomic.Int64
	results := make(chan genResult, jobs)
	for range min(jobs, n) {
		go func() {
			for {
				i := int(next.Add(1)) - 1
				if i >= n {
					return
				}
				o := opt
				o.Seed = generate.SeedAt(seed, i)
				p, err := generate.Generate(o)
				r := genResult{i: i, err: err}
				if err == nil {
					r.line = formatPuzzle(i, p, asJSON)
				}
				results <- r
			}
		}()
	}
	pending := map[int]genResult{}
	for k := 0; k < n; {
		r := <-results
		pending[r.i] = r
		for {
			r, ok := pending[k]
			if !ok {
				break
			}
			delete(pending, k)
			if r.err != nil {
				failed++
				if errors.Is(r.err, context.DeadlineExceeded) {
					timedOut++
				} else if failed-timedOut <= 10 {
					fmt.Fprintf(stderr, "sudoku generate: puzzle %d (seed %d): %v\n", k+1, generate.SeedAt(seed, k), r.err)
				}
			} else {
				io.WriteString(w, r.line) // a write error is sticky in bufio.Writer and reported by Flush
			}
			done.Add(1)
			k++
		}
	}
	if timedOut > 0 {
		fmt.Fprintf(stderr, "sudoku generate: -timeout reached: %d puzzles not made\n", timedOut)
	}
	return failed
}

// formatPuzzle writes one puzzle: "PUZZLE:Level:score", a line the readers
// of solve and grade take back (the note after ':' is kept, not checked),
// or with -json one object.
func formatPuzzle(i int, p *generate.Puzzle, asJSON bool) string {
	if !asJSON {
		return fmt.Sprintf("%s:%s:%.1f\n", p.Grid, p.Level, round1(p.Score))
	}
	b, _ := json.Marshal(genJSON{
		Index: i + 1, Puzzle: p.Grid.String(), Solution: p.Solution.String(), Variant: p.Variant.Name,
		Symmetry: p.Symmetry.String(), Level: p.Level.String(), Score: round1(p.Score),
		Hardest: p.Hardest.String(), Clues: p.Clues(), Seed: p.Seed,
	})
	return string(b) + "\n"
}
