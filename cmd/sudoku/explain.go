package main

// sudoku explain [-variant NAME] [-json] [-techniques LIST] [-gif FILE [-gif-frames N]] [PUZZLE]
// sudoku explain [-json] [-techniques LIST] F-PUZZLES-FILE|JSON|LINK (or -f FILE)
//
// Explain prints the numbered steps that solve a puzzle (an argument, a
// file holding one puzzle, or standard input) as a person solves it, then
// its level and score; -json prints one object instead.

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"sudoku/solver/logic"
)

func runExplain(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("explain", flag.ContinueOnError)
	fs.SetOutput(stderr)
	vf := addVariantFlags(fs, "")
	asJSON := fs.Bool("json", false, "print one JSON object")
	techs := fs.String("techniques", "", "comma-separated `LIST` of allowed techniques (default all): "+techniqueNames())
	gifPath := fs.String("gif", "", "also draw the steps as an animated GIF in `FILE`")
	gifFrames := fs.Int("gif-frames", defaultGIFFrames, "at most `N` frames in the -gif animation")
	file := fs.String("f", "", "read the puzzle from `FILE` (a variant puzzle's f-puzzles JSON, or any puzzle)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: sudoku explain [flags] [PUZZLE]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	v, err := vf.get()
	if err != nil {
		fmt.Fprintln(stderr, "sudoku explain:", err)
		return 2
	}
	set, err := techniquesFlag(*techs)
	if err == nil && *gifFrames < 2 {
		err = fmt.Errorf("-gif-frames %d: want at least 2", *gifFrames)
	}
	if err != nil {
		fmt.Fprintln(stderr, "sudoku explain:", err)
		return 2
	}
	puzzleArgs := fs.Args()
	if *file != "" {
		if len(puzzleArgs) > 0 {
			fmt.Fprintln(stderr, "sudoku explain: give the puzzle as -f FILE or as an argument, not both")
			return 2
		}
		puzzleArgs = []string{*file}
	}
	vin, isVariant, stdin, err := readVariant(puzzleArgs, nil, stdin)
	if err == nil && isVariant && *gifPath != "" {
		err = errors.New("-gif takes classic puzzles, not f-puzzles data")
	}
	if err != nil {
		fmt.Fprintln(stderr, "sudoku explain:", err)
		return 1
	}
	if isVariant {
		return explainVariant(vin, set, *asJSON, stdout, stderr)
	}
	it, usage, err := readOne(puzzleArgs, stdin, v)
	if err != nil {
		fmt.Fprintln(stderr, "sudoku explain:", err)
		return exitStatus(usage)
	}
	name, g := it.src, it.Clues
	ex, err := logic.Explain(it.Position, logic.Options{Techniques: set})
	if err != nil {
		fmt.Fprintf(stderr, "sudoku explain: %s: %v\n", name, err)
		return 1
	}
	if len(ex.Mistakes) > 0 {
		fmt.Fprintf(stderr, "sudoku explain: %s: the position has %d mistakes; put them right first (sudoku hint names them)\n", name, len(ex.Mistakes))
		return 1
	}
	v = ex.Variant
	if *asJSON {
		out := struct {
			Puzzle             string     `json:"puzzle"`
			Variant            string     `json:"variant"`
			Solution           string     `json:"solution"`
			Level              string     `json:"level"`
			Score              float64    `json:"score"`
			Total              float64    `json:"total"`
			Solved             bool       `json:"solved"`
			NeedsContradiction bool       `json:"needs_contradiction"`
			Steps              []jsonStep `json:"steps"`
		}{g.String(), v.Name, ex.Solution.String(), ex.Level.String(), round1(ex.Score), round1(ex.Total), ex.Solved, ex.NeedsContradiction, []jsonStep{}}
		for _, st := range ex.Steps {
			out.Steps = append(out.Steps, toJSONStep(st, v))
		}
		if !writeJSON(stdout, stderr, "explain", out) {
			return 1
		}
	} else {
		fmt.Fprintf(stdout, "Puzzle:   %s (%s)\n", g, v.Name)
		for i, st := range ex.Steps {
			fmt.Fprintf(stdout, "%3d. %s: %s\n", i+1, st.Technique, st.Explanation)
		}
		if ex.Solved {
			fmt.Fprintf(stdout, "Solution: %s\nLevel:    %s, score %.1f (%d steps)\n", ex.Solution, ex.Level, ex.Score, len(ex.Steps))
		}
	}
	if *gifPath != "" {
		if err := writeFileAtomic(*gifPath, func(w io.Writer) error { return explainGIF(w, ex, *gifFrames) }); err != nil {
			fmt.Fprintln(stderr, "sudoku explain: -gif:", err)
			return 2
		}
	}
	if !ex.Solved {
		fmt.Fprintf(stderr, "sudoku explain: %s: stuck after %d steps: %v\n", name, len(ex.Steps), logic.ErrStuck)
		return 1
	}
	return 0
}
