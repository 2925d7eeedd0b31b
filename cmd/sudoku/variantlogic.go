package main

// explain, hint and grade of variant puzzles (f-puzzles files, JSON and
// links): the steps come from logic.Position under the puzzle's rules.

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"sudoku/solver"
	"sudoku/solver/logic"
)

// variantJSONStep is a step of a variant puzzle in -json output: the
// classic step's fields, units named by the rules, and the constraints it
// reasons from in words.
type variantJSONStep struct {
	jsonStep
	Rules []string `json:"rules,omitempty"`
}

func toVariantJSONStep(st logic.Step, s *logic.State, r *solver.Rules) variantJSONStep {
	js := variantJSONStep{jsonStep: toJSONStepNamed(st, s.UnitName)}
	for _, i := range st.Rules {
		js.Rules = append(js.Rules, r.Constraints[i].Describe(r))
	}
	return js
}

// gridLine writes a frame grid's cells of a size x size grid as one line
// of digits, row by row ('.' for an empty cell).
func gridLine(n int, g solver.Grid) string {
	var b strings.Builder
	for c := 0; c < n*n; c++ {
		d := g[logic.FrameCell(n, c)]
		if d == 0 {
			b.WriteByte('.')
		} else {
			b.WriteByte('0' + d)
		}
	}
	return b.String()
}

// explainVariant explains one variant puzzle, as runExplain does a classic
// one.
func explainVariant(in variantInput, set logic.TechniqueSet, asJSON bool, stdout, stderr io.Writer) int {
	r := in.Rules
	ex, err := logic.Position{Rules: r, Givens: in.Givens}.Explain(logic.Options{Techniques: set})
	if err != nil {
		fmt.Fprintf(stderr, "sudoku explain: %s: %v\n", in.src, err)
		return 1
	}
	n := r.Size
	if asJSON {
		out := struct {
			Puzzle             string            `json:"puzzle"`
			Size               int               `json:"size"`
			Rules              []string          `json:"rules"`
			Solution           string            `json:"solution"`
			Level              string            `json:"level"`
			Score              float64           `json:"score"`
			Total              float64           `json:"total"`
			Solved             bool              `json:"solved"`
			NeedsContradiction bool              `json:"needs_contradiction"`
			Steps              []variantJSONStep `json:"steps"`
		}{gridLine(n, ex.Puzzle), n, r.Describe(), gridLine(n, ex.Solution), ex.Level.String(), round1(ex.Score), round1(ex.Total),
			ex.Solved, ex.NeedsContradiction, []variantJSONStep{}}
		for _, st := range ex.Steps {
			out.Steps = append(out.Steps, toVariantJSONStep(st, &ex.Start, r))
		}
		if !writeJSON(stdout, stderr, "explain", out) {
			return 1
		}
	} else {
		fmt.Fprintf(stdout, "Puzzle:   %s (%dx%d)\n", gridLine(n, ex.Puzzle), n, n)
		for _, rule := range r.Describe() {
			fmt.Fprintf(stdout, "Rule:     %s\n", rule)
		}
		for i, st := range ex.Steps {
			fmt.Fprintf(stdout, "%3d. %s: %s\n", i+1, st.Technique, st.Explanation)
		}
		if ex.Solved {
			fmt.Fprintf(stdout, "Solution: %s\nLevel:    %s, score %.1f (%d steps)\n", gridLine(n, ex.Solution), ex.Level, ex.Score, len(ex.Steps))
		}
	}
	if !ex.Solved {
		fmt.Fprintf(stderr, "sudoku explain: %s: stuck after %d steps: %v\n", in.src, len(ex.Steps), logic.ErrStuck)
		return 1
	}
	return 0
}

// parsePlaced reads -placed: Size*Size characters, a digit for each cell
// the player filled and '.' or '0' for the others (spaces and line breaks
// ignored).
func parsePlaced(s string, r *solver.Rules) ([]uint8, error) {
	var out []uint8
	for _, ch := range s {
		switch {
		case ch == ' ' || ch == '\n' || ch == '\r' || ch == '\t':
		case ch == '.' || ch == '0':
			out = append(out, 0)
		case ch >= '1' && int(ch-'0') <= r.Size:
			out = append(out, uint8(ch-'0'))
		default:
			return nil, fmt.Errorf("-placed: bad character %q (want 1 to %d, '.' or '0')", ch, r.Size)
		}
	}
	if len(out) != r.Cells() {
		return nil, fmt.Errorf("-placed: %d cells, want %d for a %dx%d grid", len(out), r.Cells(), r.Size, r.Size)
	}
	return out, nil
}

// hintVariant checks a player's position in a variant puzzle (the digits
// of -placed) and prints its mistakes and the next step.
func hintVariant(in variantInput, placedText string, set logic.TechniqueSet, asJSON bool, stdout, stderr io.Writer) int {
	r := in.Rules
	p := logic.Position{Rules: r, Givens: in.Givens}
	if placedText != "" {
		placed, err := parsePlaced(placedText, r)
		if err != nil {
			fmt.Fprintln(stderr, "sudoku hint:", err)
			return 2
		}
		for c, d := range placed {
			if g := in.Givens[c]; g != 0 && d != 0 && d != g {
				fmt.Fprintf(stderr, "sudoku hint: -placed: %s holds %d but the given is %d\n", r.CellName(c), d, g)
				return 1
			}
		}
		p.Placed = placed
	}
	h, err := p.Hint(logic.Options{Techniques: set})
	if err != nil && !errors.Is(err, logic.ErrStuck) {
		fmt.Fprintf(stderr, "sudoku hint: %s: %v\n", in.src, err)
		return 1
	}
	n := r.Size
	complete := h.Fixed.Solved() && len(h.Mistakes) == 0
	if asJSON {
		out := struct {
			Mistakes []string         `json:"mistakes"`
			Step     *variantJSONStep `json:"step"`
			Complete bool             `json:"complete"`
			Position string           `json:"position"`
		}{Mistakes: []string{}, Complete: complete, Position: gridLine(n, h.Fixed.Grid())}
		for _, m := range h.Mistakes {
			out.Mistakes = append(out.Mistakes, m.String())
		}
		if h.HasStep {
			js := toVariantJSONStep(h.Step, h.Fixed, r)
			out.Step = &js
		}
		if !writeJSON(stdout, stderr, "hint", out) {
			return 1
		}
	} else {
		printHint(h, stdout)
	}
	if errors.Is(err, logic.ErrStuck) {
		fmt.Fprintf(stderr, "sudoku hint: %s: %v\n", in.src, err)
		return 1
	}
	return 0
}

// gradeVariant grades one variant puzzle into a grade line's result.
func gradeVariant(in variantInput, r *gradeResult) {
	r.Puzzle = gridLine(in.Rules.Size, frameOf(in.Rules.Size, in.Givens))
	ex, err := logic.Position{Rules: in.Rules, Givens: in.Givens}.Explain(logic.Options{})
	r.fill(ex, err)
}

func frameOf(n int, g []uint8) solver.Grid {
	var out solver.Grid
	for c, d := range g {
		out[logic.FrameCell(n, c)] = d
	}
	return out
}

// variantArg reads a grade argument that is a variant puzzle: a file
// holding f-puzzles data, or the data or a link itself. ok is false for a
// classic file.
func variantArg(arg string) (in variantInput, ok bool, err error) {
	text, src := arg, arg
	if st, err := os.Stat(arg); err == nil {
		if !st.Mode().IsRegular() || !solver.IsFPuzzles(fileHead(arg)) {
			return in, false, nil
		}
		b, err := readLimited(arg)
		if err != nil {
			return in, true, err
		}
		text = string(b)
	} else if !solver.IsFPuzzles(arg) {
		return in, false, nil
	} else {
		src = "link"
	}
	in.src = src
	in.Puzzle, err = solver.ParseFPuzzles(text, src)
	return in, true, err
}
