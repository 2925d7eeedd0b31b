package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"

	"sudoku/internal/corpus"
	"sudoku/solver"
	"sudoku/solver/trace"
)

// solveConfig is what every solve of one run shares.
type solveConfig struct {
	variant *solver.Variant
	engine  solver.Engine
	limit   int
	grid    bool // -format grid

	npy      bool // -o FILE.npy: solutions as a NumPy array, errors on stderr
	trace    bool // -trace: print each solve's trace
	json     bool // -json: the trace and results as JSON lines
	traceMax int  // -trace-max
	// keep, when set, receives the trace of every puzzle (for -gif, which
	// solves with one worker and draws the first).
	keep func(it item, tr *trace.Trace)
}

func runSolve(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("solve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	vf := addVariantFlags(fs, "")
	engineName := fs.String("engine", "", "solver engine: "+engineList())
	limit := fs.Int("limit", 1, "solutions to look for; 2 reports puzzles with several solutions")
	format := fs.String("format", "line", "output format: line (81 characters) or grid")
	jobs := fs.Int("j", runtime.NumCPU(), "puzzles solved at once")
	outPath := fs.String("o", "", "write the results to `FILE` (whole or not at all) instead of standard output; FILE.npy: a NumPy (N, 9, 9) uint8 array")
	var files fileList
	fs.Var(&files, "f", "read puzzles from `FILE` (repeatable; - is standard input; .npy arrays too)")
	traceOn := fs.Bool("trace", false, "print every event of each solve (engine prop unless -engine dlx), then the result")
	asJSON := fs.Bool("json", false, "with -trace: print one JSON object a line, events and results")
	traceMax := fs.Int("trace-max", trace.DefaultMaxEvents, "keep at most `N` events of each trace")
	gifPath := fs.String("gif", "", "draw the solve of the first puzzle as an animated GIF in `FILE`")
	gifFrames := fs.Int("gif-frames", defaultGIFFrames, "at most `N` frames in the -gif animation")
	trueCands := fs.Bool("true-candidates", false, "print every digit that appears in some solution of the one puzzle, per cell")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: sudoku solve [flags] [PUZZLE...]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if (*traceOn || *gifPath != "") && *engineName == "" {
		*engineName = "prop" // the default engine does not trace
	}
	cfg, err := newSolveConfig(vf, *engineName, *limit)
	if err == nil && (*traceOn || *gifPath != "") {
		if !solver.CanTrace(cfg.engine) {
			err = fmt.Errorf("-engine %s cannot trace: use prop or dlx", cfg.engine.Name())
		}
	}
	if err == nil && *asJSON && !*traceOn {
		err = errors.New("-json needs -trace")
	}
	if err == nil && *traceMax < 1 {
		err = fmt.Errorf("-trace-max %d: want at least 1", *traceMax)
	}
	if err == nil && *gifFrames < 2 {
		err = fmt.Errorf("-gif-frames %d: want at least 2", *gifFrames)
	}
	cfg.npy = strings.EqualFold(filepath.Ext(*outPath), ".npy")
	if err == nil && cfg.npy && *traceOn {
		err = fmt.Errorf("-trace prints text: it cannot go into %s", *outPath)
	}
	if err == nil && cfg.npy && *format != "line" {
		err = fmt.Errorf("-format %s: %s holds grids, not text", *format, *outPath)
	}
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
	cfg.trace, cfg.json, cfg.traceMax = *traceOn, *asJSON, *traceMax
	var gifItem item
	var gifTrace *trace.Trace
	if *gifPath != "" {
		*jobs = 1
		cfg.keep = func(it item, tr *trace.Trace) {
			if gifTrace == nil {
				gifItem, gifTrace = it, tr
			}
		}
	}

	vin, isVariant, stdin, err := readVariant(fs.Args(), files, stdin)
	if isVariant || *trueCands {
		switch {
		case err != nil:
		case *gifPath != "":
			err = errors.New("-gif takes classic puzzles, not f-puzzles data or -true-candidates")
		case cfg.npy:
			err = fmt.Errorf("%s holds 9x9 grids: write f-puzzles solutions and true candidates as text", *outPath)
		case *traceOn && *trueCands:
			err = errors.New("-trace traces one solve: it cannot go with -true-candidates")
		}
		if err == nil && !isVariant {
			vin, err = classicPuzzle(fs.Args(), files, stdin, cfg.variant)
		}
		if err != nil {
			fmt.Fprintln(stderr, "sudoku solve:", err)
			return 1
		}
		if *outPath == "" {
			return solveVariant(vin, cfg, *trueCands, stdout, stderr)
		}
		// The file holds what standard output would, whole or not at all.
		var b strings.Builder
		code := solveVariant(vin, cfg, *trueCands, &b, stderr)
		if err := writeFileAtomic(*outPath, func(w io.Writer) error {
			_, err := io.WriteString(w, b.String())
			return err
		}); err != nil {
			fmt.Fprintln(stderr, "sudoku solve: writing results:", err)
			return 2
		}
		return code
	}

	var consumed, done atomic.Int64
	srcs, err := openSources(fs.Args(), files, stdin, cfg.variant, &consumed)
	if err != nil {
		fmt.Fprintln(stderr, "sudoku solve:", err)
		return 2
	}
	defer closeSources(srcs)
	if len(fs.Args()) == 0 && len(files) == 0 && isTerminal(stdin) {
		fmt.Fprintln(stderr, "sudoku solve: reading puzzles from standard input (end with Ctrl-D)")
	}

	out := stdout
	var tmp *atomicFile
	if *outPath != "" {
		tmp, err = createAtomic(*outPath)
		if err == nil && cfg.npy {
			// Room for the header, written once the number of grids is known.
			_, err = tmp.Write(make([]byte, len(solver.NPYHeader(0))))
		}
		if err != nil {
			tmp.abort()
			fmt.Fprintln(stderr, "sudoku solve:", err)
			return 2
		}
		defer tmp.abort()
		out = tmp
	}
	w := bufio.NewWriterSize(out, 64<<10)

	var total int64
	for _, s := range srcs {
		total += s.size
	}
	var bar *progress
	if total >= progressMinBytes && isTerminal(stderr) {
		bar = startProgress(stderr, total, &consumed, &done)
	}
	n, failed := solveAll(srcs, cfg, *jobs, w, stderr, &done)
	bar.stop()

	err = w.Flush()
	if err == nil && cfg.npy {
		if _, err = tmp.Seek(0, io.SeekStart); err == nil {
			_, err = tmp.Write(solver.NPYHeader(int64(n)))
		}
	}
	if tmp != nil && err == nil {
		err = tmp.commit()
	}
	if err != nil {
		fmt.Fprintln(stderr, "sudoku solve: writing results:", err)
		return 2
	}
	if *gifPath != "" {
		if gifTrace == nil {
			fmt.Fprintln(stderr, "sudoku solve: -gif: no puzzle was solved, no GIF written")
			return 1
		}
		if n > 1 {
			fmt.Fprintf(stderr, "sudoku solve: -gif: drew the first of %d puzzles\n", n)
		}
		if err := writeFileAtomic(*gifPath, func(w io.Writer) error {
			return traceGIF(w, gifTrace, gifItem.Variant, *gifFrames)
		}); err != nil {
			fmt.Fprintln(stderr, "sudoku solve: -gif:", err)
			return 2
		}
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
	out    []byte // the results, or with cfg.npy the solutions' digits
	errs   []byte // with cfg.npy: the failures' lines, for stderr
	failed int
}

const batchSize = 256

// solveAll solves every item of srcs with jobs workers and writes one result
// per item to w, in input order: a line (or grid), or with cfg.npy 81
// bytes, all zero for a failure, whose line goes to errw. It returns the
// number of items and of failures.
func solveAll(srcs []source, cfg solveConfig, jobs int, w, errw io.Writer, done *atomic.Int64) (n, failed int) {
	work := make(chan *batch, jobs)
	results := make(chan *batch, jobs)
	go func() {
		b := &batch{}
		readItems(srcs, cfg.variant, func(it item) {
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
					line, sol, ok := solveItem(it, cfg)
					switch {
					case !cfg.npy:
						b.out = append(b.out, line...)
					case ok:
						b.out = append(b.out, sol[:]...)
					default:
						b.out = append(b.out, make([]byte, 81)...)
						b.errs = append(b.errs, line...)
					}
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
			errw.Write(b.errs)
			n += len(b.items)
			failed += b.failed
			next++
		}
	}
	return n, failed
}

// solveItem returns the output for one puzzle (its result line or lines,
// after its trace with -trace) and whether it was solved.
func solveItem(it item, cfg solveConfig) (string, solver.Grid, bool) {
	text, ok, res := solveText(it, cfg)
	if !ok {
		return text, solver.Grid{}, false
	}
	return text, res.Solution, true
}

// solveText returns the output for one puzzle, whether it was solved, and
// the result.
func solveText(it item, cfg solveConfig) (string, bool, solver.Result) {
	text, ok, res := "", false, solver.Result{}
	if it.Err != nil && cfg.trace && cfg.json {
		var b strings.Builder
		r := jsonResult{}
		r.Src, r.Error = where(it, it.Err)
		writeResultJSON(&b, r)
		return b.String(), false, res
	}
	if it.Err != nil {
		text, ok = resultText(it, cfg, res, it.Err)
		return text, ok, res
	}
	v := it.Variant
	opt := solver.Options{Variant: v, Limit: cfg.limit}
	if !cfg.trace && cfg.keep == nil {
		res, err := cfg.engine.Solve(it.Clues, opt)
		text, ok = resultText(it, cfg, res, check(it, v, res, err))
		return text, ok, res
	}
	res, tr, err := solver.TraceSolve(cfg.engine, it.Clues, opt, cfg.traceMax)
	err = check(it, v, res, err)
	if tr != nil && cfg.keep != nil {
		cfg.keep(it, tr)
	}
	if !cfg.trace {
		text, ok = resultText(it, cfg, res, err)
		return text, ok, res
	}
	pos, _ := where(it, errors.New(""))
	var b strings.Builder
	if !cfg.json {
		if tr != nil {
			writeTraceText(&b, pos, tr, v)
		}
		line, ok := resultText(it, cfg, res, err)
		return b.String() + line, ok, res
	}
	r := jsonResult{Src: pos, Count: res.Count}
	if tr != nil {
		writeTraceJSON(&b, pos, tr, v)
		r.Engine, r.Events, r.Truncated = tr.Engine, len(tr.Events), tr.Truncated
	}
	if err != nil {
		r.Src, r.Error = where(it, err)
	} else {
		r.Solution = res.Solution.String()
	}
	writeResultJSON(&b, r)
	return b.String(), err == nil, res
}

// resultText returns the result line(s) of a solve checked by check, and
// whether it succeeded: the solution, or the position and the error.
func resultText(it item, cfg solveConfig, res solver.Result, err error) (string, bool) {
	if err != nil {
		pos, msg := where(it, err)
		s := pos + ": " + msg + "\n"
		if cfg.grid {
			s += "\n"
		}
		return s, false
	}
	if cfg.grid {
		return res.Solution.Pretty() + "\n", true
	}
	return res.Solution.String() + "\n", true
}

// check returns nil when res holds the one solution of the item, else why not.
func check(it item, v *solver.Variant, res solver.Result, err error) error {
	switch {
	case err != nil:
		return err
	case res.Count == 0:
		return errors.New("no solution")
	case res.Count > 1:
		return errors.New("multiple solutions")
	}
	// With one solution found, a valid given solution that differs is
	// another solution: the limit was 1, and ours stands.
	c := corpus.Case{Clues: it.Clues, Variant: v, Solution: it.Solution, HasSolution: it.HasSolution}
	err = c.Check(res, 1)
	if errors.Is(err, corpus.ErrWrongSolution) {
		return fmt.Errorf("internal error: %w", err)
	}
	return err
}

// solveVariant solves one puzzle read as rules and givens (an f-puzzles
// puzzle, or a classic one for -true-candidates) and prints its solution
// (a line of Size*Size digits, or a grid), or with trueCands its true
// candidates, one line a row.
func solveVariant(in variantInput, cfg solveConfig, trueCands bool, stdout, stderr io.Writer) int {
	r, n := in.Rules, in.Rules.Size
	fail := func(msg string) int {
		fmt.Fprintf(stdout, "%s: %s\n", in.src, msg)
		return 1
	}
	if trueCands {
		var cands []uint16
		var err error
		if it := in.classic; it != nil {
			var c [81]uint16
			c, err = solver.TrueCandidates(it.Clues, solver.Options{Variant: it.Variant})
			cands = c[:]
		} else {
			cands, err = r.TrueCandidates(in.Givens, solver.Options{})
		}
		if err != nil {
			return fail(err.Error())
		}
		if cands[0] == 0 {
			return fail("no solution")
		}
		fmt.Fprint(stdout, solver.FormatTrueCandidates(n, cands))
		return 0
	}
	var res solver.RulesResult
	var err error
	var tr *trace.Trace
	if cfg.trace {
		res, tr, err = r.TraceSolve(in.Givens, solver.Options{Limit: cfg.limit}, cfg.traceMax)
	} else {
		res, err = r.Solve(in.Givens, solver.Options{Limit: cfg.limit})
	}
	msg := ""
	switch {
	case err != nil:
		msg = err.Error()
	case res.Count == 0:
		msg = "no solution"
	case res.Count > 1:
		msg = "multiple solutions"
	default:
		if err := r.Verify(in.Givens, res.Solution); err != nil {
			msg = fmt.Sprintf("internal error: the solver returned a wrong solution: %v", err)
		} else if in.Solution != nil && string(in.Solution) != string(res.Solution) && cfg.limit > 1 {
			msg = "the given solution differs from the one found"
		}
	}
	var b strings.Builder
	line := make([]byte, len(res.Solution))
	for i, d := range res.Solution {
		line[i] = '0' + d
	}
	if cfg.json { // -trace -json: the events, then the result, as JSON lines
		jr := jsonResult{Src: in.src, Count: res.Count, Error: msg}
		if tr != nil {
			writeTraceJSON(&b, in.src, tr, r)
			jr.Engine, jr.Events, jr.Truncated = tr.Engine, len(tr.Events), tr.Truncated
		}
		if msg == "" {
			jr.Solution = string(line)
		}
		writeResultJSON(&b, jr)
	} else if tr != nil {
		writeTraceText(&b, in.src, tr, r)
	}
	switch {
	case cfg.json:
	case msg != "":
		fmt.Fprintf(&b, "%s: %s\n", in.src, msg)
	case cfg.grid:
		for i := 0; i < len(line); i += n {
			b.Write(line[i : i+n])
			b.WriteByte('\n')
		}
	default:
		b.Write(line)
		b.WriteByte('\n')
	}
	fmt.Fprint(stdout, b.String())
	if msg != "" {
		return 1
	}
	return 0
}

// classicPuzzle reads the one classic puzzle of the input for
// -true-candidates, which runs on the fast engine (the rules and givens
// name its size for the output).
func classicPuzzle(args, files []string, stdin io.Reader, v *solver.Variant) (variantInput, error) {
	var consumed atomic.Int64
	srcs, err := openSources(args, files, stdin, v, &consumed)
	if err != nil {
		return variantInput{}, err
	}
	defer closeSources(srcs)
	items := readAll(srcs, v)
	if len(items) != 1 {
		return variantInput{}, fmt.Errorf("-true-candidates takes one puzzle, got %d", len(items))
	}
	it := items[0]
	if it.Err != nil {
		pos, msg := where(it, it.Err)
		return variantInput{}, errors.New(pos + ": " + msg)
	}
	return variantInput{src: it.src, Puzzle: &solver.Puzzle{
		Rules:  solver.ClassicRules(it.Variant == solver.Diagonal),
		Givens: append([]uint8(nil), it.Clues[:]...),
	}, classic: &it}, nil
}
