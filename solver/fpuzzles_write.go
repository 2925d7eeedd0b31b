package solver

import (
	"encoding/json"
	"fmt"
)

// FPuzzlesJSON writes the puzzle in f-puzzles' JSON, which ParseFPuzzles
// reads back to the same rules (and which f-puzzles and SudokuPad open):
// the grid with givens and irregular regions, the flags, and one list per
// constraint kind; the solution when the puzzle has one. Constraints
// f-puzzles cannot say (an XV mark of another sum than 5 or 10) give an
// error wrapping ErrUnsupported. Links carry the result through
// lzstring's CompressToBase64 after "?load=".
func (p *Puzzle) FPuzzlesJSON() ([]byte, error) {
	r := p.Rules
	n := r.Size
	name := func(c int) string { return fmt.Sprintf("R%dC%d", c/n+1, c%n+1) }
	names := func(cs []int) []string {
		out := make([]string, len(cs))
		for i, c := range cs {
			out[i] = name(c)
		}
		return out
	}
	type obj = map[string]any
	grid := make([][]obj, n)
	for i := range grid {
		grid[i] = make([]obj, n)
		for j := range grid[i] {
			grid[i][j] = obj{}
		}
	}
	for c, d := range p.Givens {
		if d != 0 {
			grid[c/n][c%n]["value"] = int(d)
			grid[c/n][c%n]["given"] = true
		}
	}
	for g, reg := range r.Regions {
		for _, c := range reg {
			grid[c/n][c%n]["region"] = g
		}
	}
	out := obj{"size": n, "grid": grid}
	if p.Title != "" {
		out["title"] = p.Title
	}
	if p.Author != "" {
		out["author"] = p.Author
	}
	add := func(key string, v any) { out[key] = append(asList(out[key]), v) }
	d := diagonals(n)
	for _, e := range r.Extra {
		switch {
		case sameCells(e.Cells, d[0].Cells):
			out["diagonal-"] = true
		case sameCells(e.Cells, d[1].Cells):
			out["diagonal+"] = true
		default:
			add("extraregion", obj{"cells": names(e.Cells)})
		}
	}
	line := func(cs []int) obj { return obj{"lines": [][]string{names(cs)}} }
	for _, c := range r.Constraints {
		switch k := c.(type) {
		case *Killer:
			o := obj{"cells": names(k.Cells)}
			if k.Sum != 0 {
				o["value"] = fmt.Sprint(k.Sum)
			}
			add("killercage", o)
		case *LittleKiller:
			o := obj{"cells": names(k.Cells), "value": fmt.Sprint(k.Sum)}
			if len(k.Cells) > 1 {
				dr, dc := k.Cells[1]/n-k.Cells[0]/n, k.Cells[1]%n-k.Cells[0]%n
				o["cell"] = fmt.Sprintf("R%dC%d", k.Cells[0]/n+1-dr, k.Cells[0]%n+1-dc)
				o["direction"] = map[bool]string{true: "D", false: "U"}[dr > 0] + map[bool]string{true: "R", false: "L"}[dc > 0]
			}
			add("littlekillersum", o)
		case *Sandwich:
			cell := fmt.Sprintf("R%dC0", k.Index+1)
			if k.Column {
				cell = fmt.Sprintf("R0C%d", k.Index+1)
			}
			add("sandwichsum", obj{"cell": cell, "value": fmt.Sprint(k.Sum)})
		case *Arrow:
			add("arrow", obj{"cells": names(k.Circle), "lines": [][]string{append([]string{name(k.Circle[0])}, names(k.Line)...)}})
		case *Thermometer:
			add("thermometer", line(k.Cells))
		case *Whispers:
			o := line(k.Cells)
			if k.Diff != 5 {
				o["value"] = fmt.Sprint(k.Diff)
			}
			add("whispers", o)
		case *Renban:
			add("renban", line(k.Cells))
		case *Palindrome:
			add("palindrome", line(k.Cells))
		case *Between:
			add("betweenline", line(k.Cells))
		case *Clone:
			add("clone", obj{"cells": names(k.Cells), "cloneCells": names(k.Clones)})
		case *Difference:
			o := obj{"cells": names(k.Cells[:])}
			if k.Diff > 1 {
				o["value"] = fmt.Sprint(k.Diff)
			}
			add("difference", o)
		case *Ratio:
			o := obj{"cells": names(k.Cells[:])}
			if k.Ratio != 0 && k.Ratio != 2 {
				o["value"] = fmt.Sprint(k.Ratio)
			}
			add("ratio", o)
		case *XV:
			v := map[int]string{5: "V", 10: "X"}[k.Sum]
			if v == "" {
				return nil, fmt.Errorf("%w: f-puzzles has no XV mark for the sum %d", ErrUnsupported, k.Sum)
			}
			add("xv", obj{"cells": names(k.Cells[:]), "value": v})
		case *NoDifference:
			out["nonconsecutive"] = true
		case *NonConsecutive:
			// f-puzzles' flag reads as NoDifference, the same rule only
			// when no dot is drawn.
			for _, o := range r.Constraints {
				if _, dot := dotted(o); dot {
					return nil, fmt.Errorf("%w: nonconsecutive with dots", ErrUnsupported)
				}
			}
			out["nonconsecutive"] = true
		case *NoRatio:
			add("negative", "ratio")
		case *NoXV:
			add("negative", "xv")
		case *AntiKnight:
			out["antiknight"] = true
		case *AntiKing:
			out["antiking"] = true
		case *Odd:
			add("odd", obj{"cell": name(k.Cell)})
		case *Even:
			add("even", obj{"cell": name(k.Cell)})
		case *Minimum:
			add("minimum", obj{"cell": name(k.Cell)})
		case *Maximum:
			add("maximum", obj{"cell": name(k.Cell)})
		case *Quadruple:
			add("quadruple", obj{"cells": names(k.Cells), "values": k.Digits})
		case *RowIndexer:
			add("rowindexer", obj{"cells": names(k.Cells)})
		case *ColumnIndexer:
			add("columnindexer", obj{"cells": names(k.Cells)})
		case *BoxIndexer:
			add("boxindexer", obj{"cells": names(k.Cells)})
		default:
			return nil, fmt.Errorf("%w %q", ErrUnsupported, c.Kind())
		}
	}
	if p.Solution != nil {
		sol := make([]int, len(p.Solution))
		for i, d := range p.Solution {
			sol[i] = int(d)
		}
		out["solution"] = sol
	}
	return json.Marshal(out)
}

func asList(v any) []any {
	l, _ := v.([]any)
	return l
}
