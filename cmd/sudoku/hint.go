package main

// sudoku hint [-variant NAME] [-json] [-puzzle CLUES] [-techniques LIST] [STATE]
// sudoku hint [-json] [-techniques LIST] [-placed DIGITS] F-PUZZLES-FILE|JSON|LINK (or -f FILE)
//
// Hint reads a player's position (any puzzle form, a candidate grid, a
// pencil-mark grid or the sudokuwiki "S9B" form), lists the placed digits
// and removed candidates that contradict the solution, and prints the next
// step. STATE defaults to standard input.

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"sudoku/solver"
	"sudoku/solver/logic"
)

func runHint(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("hint", flag.ContinueOnError)
	fs.SetOutput(stderr)
	vf := addVariantFlags(fs, "")
	asJSON := fs.Bool("json", false, "print one JSON object")
	clues := fs.String("puzzle", "", "the puzzle's clues, when STATE does not tell them from placed digits")
	techs := fs.String("techniques", "", "comma-separated `LIST` of allowed techniques (default all)")
	file := fs.String("f", "", "read the puzzle from `FILE` (a variant puzzle's f-puzzles JSON, or any position)")
	placedFlag := fs.String("placed", "", "for a variant puzzle: the player's `DIGITS`, one per cell row by row, '.' or '0' for an empty cell")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: sudoku hint [flags] [STATE]")
		fmt.Fprintln(stderr, "STATE: a puzzle, a 729-character candidate grid, a pencil-mark grid or sudokuwiki's S9B form;")
		fmt.Fprintln(stderr, "or a variant puzzle (f-puzzles JSON, file or link) with the player's digits in -placed")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	v, err := vf.get()
	if err != nil {
		fmt.Fprintln(stderr, "sudoku hint:", err)
		return 2
	}
	set, err := techniquesFlag(*techs)
	if err != nil {
		fmt.Fprintln(stderr, "sudoku hint:", err)
		return 2
	}
	puzzleArgs := fs.Args()
	if *file != "" {
		if len(puzzleArgs) > 0 {
			fmt.Fprintln(stderr, "sudoku hint: give the puzzle as -f FILE or as an argument, not both")
			return 2
		}
		puzzleArgs = []string{*file}
	}
	vin, isVariant, stdin, err := readVariant(puzzleArgs, nil, stdin)
	if err == nil && isVariant && *clues != "" {
		err = errors.New("-puzzle takes classic positions; a variant puzzle's givens come with it, the player's digits in -placed")
	}
	if err != nil {
		fmt.Fprintln(stderr, "sudoku hint:", err)
		return 1
	}
	if isVariant {
		return hintVariant(vin, *placedFlag, set, *asJSON, stdout, stderr)
	}
	if *placedFlag != "" {
		fmt.Fprintln(stderr, "sudoku hint: -placed takes a variant puzzle; a classic position carries its placed digits (S9B, or -puzzle with the clues)")
		return 2
	}
	it, usage, err := readOne(puzzleArgs, stdin, v)
	if err != nil {
		fmt.Fprintln(stderr, "sudoku hint:", err)
		return exitStatus(usage)
	}
	name, pos := it.src, it.Position
	v = pos.Variant
	if *clues != "" {
		p, err := solver.ParsePosition(*clues, solver.ReadOptions{Name: "-puzzle", Variant: v})
		if err != nil {
			pos, msg := where(item{src: "-puzzle"}, err)
			fmt.Fprintln(stderr, "sudoku hint:", pos+": "+msg)
			return 1
		}
		g := p.Clues
		all := pos.Clues
		for c := 0; c < 81; c++ {
			if pos.Placed[c] != 0 {
				all[c] = pos.Placed[c]
			}
			if g[c] != 0 && all[c] != 0 && all[c] != g[c] {
				fmt.Fprintf(stderr, "sudoku hint: %s holds %d but the clue is %d\n", solver.CellName(c), all[c], g[c])
				return 1
			}
			if g[c] != 0 && all[c] == 0 {
				fmt.Fprintf(stderr, "sudoku hint: clue %s (%d) is missing from the position\n", solver.CellName(c), g[c])
				return 1
			}
			if g[c] == 0 && all[c] != 0 {
				pos.Placed[c] = all[c]
			} else {
				pos.Placed[c] = 0
			}
		}
		pos.Clues, pos.GivensKnown = g, true
	}
	h, err := logic.Hint(pos, logic.Options{Techniques: set})
	if err != nil && !errors.Is(err, logic.ErrStuck) {
		if errors.Is(err, logic.ErrNoSolution) && !pos.GivensKnown {
			err = fmt.Errorf("%w with the filled cells as clues: a placed digit may be wrong; give the clues with -puzzle to find it", err)
		}
		fmt.Fprintf(stderr, "sudoku hint: %s: %v\n", name, err)
		return 1
	}
	if *asJSON {
		out := struct {
			Mistakes []string  `json:"mistakes"`
			Step     *jsonStep `json:"step"`
			Complete bool      `json:"complete"`
			Position string    `json:"position"`
		}{Mistakes: []string{}, Position: h.Fixed.Position().Text(solver.FormatS9B)}
		for _, m := range h.Mistakes {
			out.Mistakes = append(out.Mistakes, m.String())
		}
		if h.HasStep {
			js := toJSONStep(h.Step, v)
			out.Step = &js
		}
		out.Complete = h.Fixed.Solved() && len(h.Mistakes) == 0
		if !writeJSON(stdout, stderr, "hint", out) {
			return 1
		}
	} else {
		printHint(h, stdout)
	}
	if errors.Is(err, logic.ErrStuck) {
		fmt.Fprintf(stderr, "sudoku hint: %s: %v\n", name, err)
		return 1
	}
	return 0
}

// printHint writes a hint as text: the mistakes, then the next step.
func printHint(h *logic.HintResult, stdout io.Writer) {
	if len(h.Mistakes) == 0 {
		fmt.Fprintln(stdout, "No mistakes.")
	} else {
		fmt.Fprintf(stdout, "Mistakes (%d):\n", len(h.Mistakes))
		for _, m := range h.Mistakes {
			fmt.Fprintf(stdout, "  %s\n", m)
		}
	}
	switch {
	case h.HasStep && len(h.Mistakes) > 0:
		fmt.Fprintf(stdout, "Next step, once they are put right: %s: %s\n", h.Step.Technique, h.Step.Explanation)
	case h.HasStep:
		fmt.Fprintf(stdout, "Next step: %s: %s\n", h.Step.Technique, h.Step.Explanation)
	case h.Fixed.Solved() && len(h.Mistakes) == 0:
		fmt.Fprintln(stdout, "The grid is complete and correct.")
	case h.Fixed.Solved():
		fmt.Fprintln(stdout, "Once they are put right, the grid is complete.")
	}
}
