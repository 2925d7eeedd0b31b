package main

// sudoku grade [-variant NAME] [-json] [-j N] [FILE...]
//
// A FILE (or an argument that is f-puzzles JSON or a link) holding a
// variant puzzle is graded under its own rules, after the classic files.
//
// Grade grades every puzzle of the files (or standard input) with the
// logic engine and prints a line each and a summary.

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"runtime"
	"strings"
	"sync/atomic"

	"sudoku/solver"
	"sudoku/solver/logic"
)

// gradeResult is one puzzle graded, or why it was not.
type gradeResult struct {
	File               string  `json:"file"`
	Line               int     `json:"line"`
	Puzzle             string  `json:"puzzle,omitempty"`
	Level              string  `json:"level,omitempty"`
	Score              float64 `json:"score,omitempty"`
	Steps              int     `json:"steps,omitempty"`
	NeedsContradiction bool    `json:"needs_contradiction,omitempty"`
	Error              string  `json:"error,omitempty"`
	level              logic.Level
	pos                string // "file:line" or "file:line:col" for messages
}

func runGrade(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("grade", flag.ContinueOnError)
	fs.SetOutput(stderr)
	vf := addVariantFlags(fs, " unless a line's note names a variant")
	asJSON := fs.Bool("json", false, "print one JSON object with every result and the summary")
	jobs := fs.Int("j", runtime.NumCPU(), "puzzles graded at once")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: sudoku grade [flags] [FILE...]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	v, err := vf.get()
	if err != nil {
		fmt.Fprintln(stderr, "sudoku grade:", err)
		return 2
	}
	if *jobs < 1 {
		fmt.Fprintf(stderr, "sudoku grade: -j %d: want at least 1\n", *jobs)
		return 2
	}
	// Variant puzzles (f-puzzles files, JSON or links) are graded under
	// their own rules, after the classic files' puzzles.
	var files []string
	var variants []variantInput
	for _, a := range fs.Args() {
		in, ok, err := variantArg(a)
		switch {
		case err != nil:
			fmt.Fprintln(stderr, "sudoku grade:", err)
			return 1
		case ok:
			variants = append(variants, in)
		default:
			files = append(files, a)
		}
	}
	if len(fs.Args()) == 0 {
		in, ok, rest, err := readVariant(nil, nil, stdin)
		if err != nil {
			fmt.Fprintln(stderr, "sudoku grade:", err)
			return 1
		}
		if ok {
			variants = append(variants, in)
			stdin = strings.NewReader("")
		} else {
			stdin = rest
		}
	}
	var srcs []source
	var err2 error
	if len(files) > 0 || len(variants) == 0 {
		srcs, err2 = openSources(nil, files, stdin, v, new(atomic.Int64))
	}
	err = err2
	if err != nil {
		fmt.Fprintln(stderr, "sudoku grade:", err)
		return 2
	}
	defer closeSources(srcs)
	items := readAll(srcs, v)
	results := make([]gradeResult, len(items))
	solveParallel(len(items), *jobs, func(i int) {
		it := items[i]
		r := gradeResult{File: it.src, Line: it.Line, pos: it.src}
		if it.Line > 0 {
			r.pos = fmt.Sprintf("%s:%d", it.src, it.Line)
		}
		if it.Err != nil {
			r.pos, r.Error = where(it, it.Err)
			results[i] = r
			return
		}
		r.Puzzle = it.Clues.String()
		r.fill(logic.Explain(solver.Position{Clues: it.Clues, Variant: it.Variant}, logic.Options{}))
		results[i] = r
	})
	for _, in := range variants {
		r := gradeResult{File: in.src, pos: in.src}
		gradeVariant(in, &r)
		results = append(results, r)
	}
	if len(results) == 0 {
		fmt.Fprintln(stderr, "sudoku grade: no puzzles found")
		return 1
	}
	var perLevel [5]int
	graded, failed, noContra := 0, 0, 0
	for _, r := range results {
		if r.Error != "" {
			failed++
			continue
		}
		graded++
		perLevel[r.level]++
		if !r.NeedsContradiction {
			noContra++
		}
	}
	pct := 0.0
	if graded > 0 {
		pct = 100 * float64(noContra) / float64(graded)
	}
	if *asJSON {
		levels := map[string]int{}
		for l, n := range perLevel {
			levels[logic.Level(l).String()] = n
		}
		out := struct {
			Puzzles []gradeResult `json:"puzzles"`
			Summary any           `json:"summary"`
		}{results, struct {
			Puzzles            int            `json:"puzzles"`
			Graded             int            `json:"graded"`
			Failed             int            `json:"failed"`
			Levels             map[string]int `json:"levels"`
			NoContradictionPct float64        `json:"no_contradiction_pct"`
		}{len(results), graded, failed, levels, round1(pct)}}
		if out.Puzzles == nil {
			out.Puzzles = []gradeResult{}
		}
		if !writeJSON(stdout, stderr, "grade", out) {
			return 1
		}
	} else {
		for _, r := range results {
			pos := r.pos
			if r.Error != "" {
				fmt.Fprintf(stdout, "%s: %s\n", pos, r.Error)
				continue
			}
			extra := ""
			if r.NeedsContradiction {
				extra = ", needs contradiction"
			}
			fmt.Fprintf(stdout, "%s: %s %.1f (%d steps%s)\n", pos, r.Level, r.Score, r.Steps, extra)
		}
		var parts []string
		for l, n := range perLevel {
			parts = append(parts, fmt.Sprintf("%s %d", logic.Level(l), n))
		}
		fmt.Fprintf(stdout, "%d puzzles: %d graded (%s), %.1f%% of them without contradiction; %d not graded\n",
			len(results), graded, strings.Join(parts, ", "), pct, failed)
	}
	if failed > 0 {
		return 1
	}
	return 0
}

// fill records what Explain gave for one puzzle: its grade, or why it has
// none.
func (r *gradeResult) fill(ex *logic.Explanation, err error) {
	switch {
	case errors.Is(err, logic.ErrNoSolution):
		r.Error = "no solution"
	case errors.Is(err, logic.ErrMultipleSolutions):
		r.Error = "multiple solutions"
	case err != nil:
		r.Error = err.Error()
	case !ex.Solved:
		r.Error = logic.ErrStuck.Error()
	default:
		r.Level, r.level, r.Score, r.Steps, r.NeedsContradiction = ex.Level.String(), ex.Level, round1(ex.Score), len(ex.Steps), ex.NeedsContradiction
	}
}
