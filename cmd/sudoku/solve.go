package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"

	"sudoku/solver"
)

// solveConfig is what every solve of one run shares.
type solveConfig struct {
	variant *solver.Variant
	engine  solver.Engine
	limit   int
	grid    bool // -format grid
}

func runSolve(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("solve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	vf := addVariantFlags(fs, "")
	engineName := fs.String("engine", "", "solver engine: "+engineList())
	limit := fs.Int("limit", 1, "solutions to look for; 2 reports puzzles with several solutions")
	format := fs.String("format", "line", "output format: line (81 characters) or grid")
	jobs := fs.Int("j", runtime.NumCPU(), "puzzles solved at once")
	outPath := fs.String("o", "", "write the results to `FILE` (whole or not at all) instead of standard output")
	var files fileList
	fs.Var(&files, "f", "read puzzles from `FILE` (repeatable; - is standard input)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: sudoku solve [flags] [PUZZLE...]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	cfg, err := newSolveConfig(vf, *engineName, *limit)
	if err == nil && *format != "line" && *format != "grid" {
		err = fmt.Errorf("-format %q: want line or grid", *format)
	}
	if err == nil && *jobs < 1 {
		err = fmt.Errorf("-j %d: want at least 1", *jobs)
	}
	if err != nil {
		fmt.Fprintln(stderr, "sudoku solve:", err)
		return 2
	}
	cfg.grid = *format == "grid"

	srcs, err := openSources(fs.Args(), files, stdin)
	if err != nil {
		fmt.Fprintln(stderr, "sudoku solve:", err)
		return 2
	}
	defer closeSources(srcs)
	if len(fs.Args()) == 0 && len(files) == 0 && isTerminal(stdin) {
		fmt.Fprintln(stderr, "sudoku solve: reading puzzles from standard input (end with Ctrl-D)")
	}

	out := stdout
	var tmp *os.File
	if *outPath != "" {
		tmp, err = os.CreateTemp(filepath.Dir(*outPath), "."+filepath.Base(*outPath)+".tmp*")
		if err != nil {
			fmt.Fprintln(stderr, "sudoku solve:", err)
			return 2
		}
		defer os.Remove(tmp.Name()) // fails harmlessly once renamed
		out = tmp
	}
	w := bufio.NewWriterSize(out, 64<<10)

	var total int64
	for _, s := range srcs {
		total += s.size
	}
	var consumed, done atomic.Int64
	var bar *progress
	if total >= progressMinBytes && isTerminal(stderr) {
		bar = startProgress(stderr, total, &consumed, &done)
	}
	n, failed := solveAll(srcs, cfg, *jobs, w, &consumed, &done)
	bar.stop()

	err = w.Flush()
	if tmp != nil {
		if cerr := tmp.Close(); err == nil {
			err = cerr
		}
		if err == nil {
			err = os.Rename(tmp.Name(), *outPath)
		}
	}
	if err != nil {
		fmt.Fprintln(stderr, "sudoku solve: writing results:", err)
		return 2
	}
	switch {
	case n == 0:
		fmt.Fprintln(stderr, "sudoku solve: no puzzles found in the input")
		return 1
	case failed > 0:
		fmt.Fprintf(stderr, "sudoku solve: %d of %d puzzles failed\n", failed, n)
		return 1
	}
	return 0
}

func newSolveConfig(vf *variantFlags, engineName string, limit int) (solveConfig, error) {
	cfg := solveConfig{limit: limit}
	var err error
	if cfg.variant, err = vf.get(); err != nil {
		return cfg, err
	}
	if limit < 1 {
		return cfg, fmt.Errorf("-limit %d: want at least 1", limit)
	}
	cfg.engine, err = solver.LookupEngine(engineName)
	return cfg, err
}

func engineList() string {
	names := solver.EngineNames()
	s := names[0] + " (default)"
	for _, n := range names[1:] {
		s += ", " + n
	}
	return s
}

// A batch is a run of consecutive items, solved by one worker; batches are
// written in the order they were read.
type batch struct {
	seq    int
	items  []item
	out    []byte
	failed int
}

const batchSize = 256

// solveAll solves every item of srcs with jobs workers and writes one result
// per item to w, in input order. It returns the number of items and of failures.
func solveAll(srcs []source, cfg solveConfig, jobs int, w io.Writer, consumed, done *atomic.Int64) (n, failed int) {
	work := make(chan *batch, jobs)
	results := make(chan *batch, jobs)
	go func() {
		b := &batch{}
		readItems(srcs, consumed, func(it item) {
			b.items = append(b.items, it)
			if len(b.items) == batchSize {
				work <- b
				b = &batch{seq: b.seq + 1}
			}
		})
		if len(b.items) > 0 {
			work <- b
		}
		close(work)
	}()
	var wg sync.WaitGroup
	for range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for b := range work {
				for _, it := range b.items {
					line, ok := solveItem(it, cfg)
					b.out = append(b.out, line...)
					if !ok {
						b.failed++
					}
				}
				done.Add(int64(len(b.items)))
				results <- b
			}
		}()
	}
	go func() { wg.Wait(); close(results) }()

	pending := map[int]*batch{}
	next := 0
	for b := range results {
		pending[b.seq] = b
		for {
			b, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			w.Write(b.out) // a write error is sticky in bufio.Writer and reported by Flush
			n += len(b.items)
			failed += b.failed
			next++
		}
	}
	return n, failed
}

// solveItem returns the result line(s) for one puzzle and whether it was solved.
func solveItem(it item, cfg solveConfig) (string, bool) {
	fail := func(err error) (string, bool) {
		pos, msg := where(it, err)
		s := pos + ": " + msg + "\n"
		if cfg.grid {
			s += "\n"
		}
		return s, false
	}
	if it.Err != nil {
		return fail(it.Err)
	}
	v := it.variant(cfg.variant)
	res, err := cfg.engine.Solve(it.Grid, solver.Options{Variant: v, Limit: cfg.limit})
	switch {
	case err != nil:
		return fail(err)
	case res.Count == 0:
		return fail(errors.New("no solution"))
	case res.Count > 1:
		return fail(errors.New("multiple solutions"))
	}
	if err := v.Verify(it.Grid, res.Solution); err != nil {
		return fail(fmt.Errorf("internal error: the solver returned a wrong solution: %w", err))
	}
	if it.HasSolution && res.Solution != it.Solution {
		if err := v.Verify(it.Grid, it.Solution); err != nil {
			return fail(fmt.Errorf("the given solution is wrong: %w", err))
		}
		// Both are valid: the puzzle has several solutions; ours stands.
	}
	if cfg.grid {
		return res.Solution.Pretty() + "\n", true
	}
	return res.Solution.String() + "\n", true
}
