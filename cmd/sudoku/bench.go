package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"sudoku/internal/corpus"
	"sudoku/solver"
)

// benchReport is one file's line of `sudoku bench -json`.
type benchReport struct {
	File             string      `json:"file"`
	Puzzles          int         `json:"puzzles"`
	Limit            int         `json:"limit"`
	Engine           string      `json:"engine"`
	Threads          int         `json:"threads"`
	USPerPuzzle      float64     `json:"us_per_puzzle"`
	PuzzlesPerSec    float64     `json:"puzzles_per_sec"`
	GuessesPerPuzzle float64     `json:"guesses_per_puzzle"`
	NoGuessPct       float64     `json:"no_guess_pct"`
	Counts           benchCounts `json:"counts"`
	Verified         int         `json:"verified"`
	Invalid          int         `json:"invalid"`
	Errors           int         `json:"errors"`
}

type benchCounts struct {
	Zero int `json:"0"`
	One  int `json:"1"`
	Many int `json:"2+"`
}

// add counts a puzzle with count solutions found.
func (c *benchCounts) add(count int) {
	switch {
	case count == 0:
		c.Zero++
	case count == 1:
		c.One++
	default:
		c.Many++
	}
}

func runBench(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	vf := addVariantFlags(fs, " unless a line's note names a variant")
	engineName := fs.String("engine", "", "solver engine: "+engineList())
	limit := fs.Int("limit", 2, "solutions to look for (2: find the solution and prove it unique)")
	jobs := fs.Int("j", runtime.NumCPU(), "goroutines solving at once")
	secs := fs.Float64("t", 0, "solve each file repeatedly for at least this many `SECONDS` (0: once)")
	asJSON := fs.Bool("json", false, "print one JSON object per file")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: sudoku bench [flags] FILE...")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	cfg, err := newSolveConfig(vf, *engineName, *limit)
	if err == nil && *jobs < 1 {
		err = fmt.Errorf("-j %d: want at least 1", *jobs)
	}
	if err == nil && fs.NArg() == 0 {
		err = fmt.Errorf("no files given")
	}
	if err != nil {
		fmt.Fprintln(stderr, "sudoku bench:", err)
		return 2
	}
	// Read every file before timing anything, so an unreadable one stops the
	// run at once.
	type loaded struct {
		name    string
		items   []item
		variant *solver.Puzzle // an f-puzzles file: its one puzzle, timed under its rules
	}
	var all []loaded
	for _, name := range fs.Args() {
		if name != "-" && solver.IsFPuzzles(fileHead(name)) {
			b, err := readLimited(name)
			var p *solver.Puzzle
			if err == nil {
				p, err = solver.ParseFPuzzles(string(b), name)
			}
			if err != nil {
				fmt.Fprintln(stderr, "sudoku bench:", err)
				return 2
			}
			all = append(all, loaded{name: name, variant: p})
			continue
		}
		srcs, err := openSources(nil, []string{name}, stdin, cfg.variant, new(atomic.Int64))
		if err != nil {
			fmt.Fprintln(stderr, "sudoku bench:", err)
			return 2
		}
		items := readAll(srcs, cfg.variant)
		closeSources(srcs)
		all = append(all, loaded{name: name, items: items})
	}
	status := 0
	for _, f := range all {
		minTime := time.Duration(*secs * float64(time.Second))
		var rep benchReport
		if f.variant != nil {
			rep = benchVariant(f.name, f.variant, cfg.limit, minTime, stderr)
		} else {
			rep = bench(f.name, f.items, cfg, *jobs, minTime, stderr)
		}
		if rep.Invalid > 0 || rep.Errors > 0 {
			status = 1
		}
		if *asJSON {
			json.NewEncoder(stdout).Encode(rep)
			continue
		}
		fmt.Fprintf(stdout, "%s: %d puzzles, %.2f µs/puzzle, %.0f puzzles/s, %.2f guesses/puzzle, %.1f%% without guessing, counts 0:%d 1:%d 2+:%d, verified %d, invalid %d",
			rep.File, rep.Puzzles, rep.USPerPuzzle, rep.PuzzlesPerSec, rep.GuessesPerPuzzle, rep.NoGuessPct,
			rep.Counts.Zero, rep.Counts.One, rep.Counts.Many, rep.Verified, rep.Invalid)
		if rep.Errors > 0 {
			fmt.Fprintf(stdout, ", errors %d", rep.Errors)
		}
		fmt.Fprintln(stdout)
	}
	return status
}

// bench times the solving of items and checks every solution found.
func bench(name string, items []item, cfg solveConfig, jobs int, minTime time.Duration, stderr io.Writer) benchReport {
	rep := benchReport{File: name, Limit: cfg.limit, Engine: cfg.engine.Name(), Threads: jobs}
	var grids []solver.Grid
	var variants []*solver.Variant
	var from []item
	for _, it := range items {
		if it.Err != nil {
			rep.Errors++
			if rep.Errors <= 10 {
				pos, msg := where(it, it.Err)
				fmt.Fprintf(stderr, "%s: %s\n", pos, msg)
			}
			continue
		}
		grids = append(grids, it.Clues)
		variants = append(variants, it.Variant)
		from = append(from, it)
	}
	rep.Puzzles = len(grids)
	if len(grids) == 0 {
		return rep
	}
	results := make([]solver.Result, len(grids))
	errs := make([]error, len(grids))

	passes := 0
	start := time.Now()
	for {
		solveParallel(len(grids), jobs, func(i int) {
			r, err := cfg.engine.Solve(grids[i], solver.Options{Variant: variants[i], Limit: cfg.limit})
			if passes == 0 {
				results[i], errs[i] = r, err
			}
		})
		passes++
		if time.Since(start) >= minTime {
			break
		}
	}
	elapsed := time.Since(start)
	solved := float64(passes * len(grids))
	rep.USPerPuzzle = float64(elapsed.Nanoseconds()) / 1e3 / solved
	rep.PuzzlesPerSec = solved / elapsed.Seconds()

	var guesses int64
	noGuess := 0
	for i, r := range results {
		it, v := from[i], variants[i]
		if errs[i] != nil {
			rep.Errors++
			if rep.Errors <= 10 {
				pos, msg := where(it, errs[i])
				fmt.Fprintf(stderr, "%s: %s\n", pos, msg)
			}
			continue
		}
		guesses += r.Guesses
		if r.Guesses == 0 {
			noGuess++
		}
		rep.Counts.add(r.Count)
		want, _ := corpus.Count(it.Note) // a note of another form says nothing of the count
		c := corpus.Case{Clues: it.Clues, Variant: v, Want: want, Solution: it.Solution, HasSolution: it.HasSolution}
		bad := c.Check(r, cfg.limit)
		switch {
		case bad != nil:
			rep.Invalid++
			fmt.Fprintf(stderr, "%s: invalid result: %v\n", position(it.src, it.Line, 0), bad)
		case r.Count > 0:
			rep.Verified++
		}
	}
	if solved := rep.Counts.Zero + rep.Counts.One + rep.Counts.Many; solved > 0 {
		rep.GuessesPerPuzzle = float64(guesses) / float64(solved)
		rep.NoGuessPct = 100 * float64(noGuess) / float64(solved)
	}
	return rep
}

// solveParallel calls f(i) for every i in [0, n) on jobs goroutines, handing
// out indices in chunks.
func solveParallel(n, jobs int, f func(i int)) {
	if jobs <= 1 {
		for i := 0; i < n; i++ {
			f(i)
		}
		return
	}
	const chunk = 8 // small: hard puzzles cluster, and each pass ends with a wait for the slowest goroutine
	var next atomic.Int64
	var wg sync.WaitGroup
	for range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				lo := int(next.Add(chunk)) - chunk
				if lo >= n {
					return
				}
				for i := lo; i < min(lo+chunk, n); i++ {
					f(i)
				}
			}
		}()
	}
	wg.Wait()
}

// benchVariant times the solving of an f-puzzles puzzle under its rules
// (Rules.Solve: "fast" for classic and diagonal rules, else the rules
// engine), on one thread, and checks the solution found against the rules
// and against the setter's solution when the file gives one.
func benchVariant(name string, p *solver.Puzzle, limit int, minTime time.Duration, stderr io.Writer) benchReport {
	rep := benchReport{File: name, Puzzles: 1, Limit: limit, Engine: "rules", Threads: 1}
	opt := solver.Options{Limit: limit}
	var first solver.RulesResult
	var err error
	passes := 0
	start := time.Now()
	for {
		res, e := p.Rules.Solve(p.Givens, opt)
		if passes == 0 {
			first, err = res, e
		}
		passes++
		if time.Since(start) >= minTime {
			break
		}
	}
	elapsed := time.Since(start)
	rep.USPerPuzzle = float64(elapsed.Nanoseconds()) / 1e3 / float64(passes)
	rep.PuzzlesPerSec = float64(passes) / elapsed.Seconds()
	if err != nil {
		rep.Errors++
		fmt.Fprintf(stderr, "%s: %v\n", name, err)
		return rep
	}
	rep.GuessesPerPuzzle = float64(first.Guesses)
	if first.Guesses == 0 {
		rep.NoGuessPct = 100
	}
	rep.Counts.add(first.Count)
	bad := ""
	switch {
	case first.Count > 0 && p.Rules.Verify(p.Givens, first.Solution) != nil:
		bad = fmt.Sprintf("the solution found breaks the rules: %v", p.Rules.Verify(p.Givens, first.Solution))
	case p.Solution != nil && first.Count == 0:
		bad = "no solution found, but the file gives one"
	case p.Solution != nil && first.Count == 1 && limit > 1 && string(first.Solution) != string(p.Solution):
		bad = "the one solution found is not the file's"
	}
	switch {
	case bad != "":
		rep.Invalid++
		fmt.Fprintf(stderr, "%s: invalid result: %s\n", name, bad)
	case first.Count > 0:
		rep.Verified++
	}
	return rep
}
