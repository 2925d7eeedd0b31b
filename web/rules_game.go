package web

import (
	"bytes"
	"encoding/json"
	"fmt"

	"sudoku/solver"
)

// A game's geometry under its rules. A classic game (Custom nil) is the
// 9x9 grid of its Variant; a variant puzzle's game (Custom set, opened from
// f-puzzles or SudokuPad data) is an N x N grid, 4 <= N <= 9, whose cells
// r*N+c are the first N*N of the game's 81-cell arrays (the rest stay
// empty), with the digits 1 to N. Everything that walks cells, peers or
// units asks these methods, never 9 or 81.

// size is the grid's side: the custom rules' size, else 9.
func (g *game) size() int {
	if g.Custom != nil {
		return g.Custom.Size
	}
	return 9
}

// cells is the number of cells in play: size*size.
func (g *game) cells() int { n := g.size(); return n * n }

// digitMarks is the set of digits 1 to size.
func (g *game) digitMarks() marks { return marks(1)<<g.size() - 1 }

// peers returns the cells that must differ from cell c.
func (g *game) peers(c int) []int {
	if g.Custom != nil {
		return g.Custom.Peers(c)
	}
	ps := g.Rules().Peers(c)
	out := make([]int, len(ps))
	for i, p := range ps {
		out[i] = int(p)
	}
	return out
}

// units returns every unit's cells: rows, columns, boxes or regions and
// extra regions.
func (g *game) units() [][]int {
	if g.Custom != nil {
		out := make([][]int, g.Custom.NumUnits())
		for u := range out {
			out[u] = g.Custom.Unit(u)
		}
		return out
	}
	v := g.Rules()
	out := make([][]int, v.NumUnits())
	for u := range out {
		cells := v.Unit(u)
		out[u] = make([]int, len(cells))
		for i, c := range cells {
			out[u][i] = int(c)
		}
	}
	return out
}

// cellName names cell c as a player does, "r3c5", by the game's size.
func (g *game) cellName(c int) string {
	if g.Custom != nil {
		return g.Custom.CellName(c)
	}
	return solver.CellName(c)
}

// check reports the first pair of digits on b that share a unit or must
// differ (a *solver.ConflictError), under the game's rules.
func (g *game) check(b solver.Grid) error {
	if g.Custom != nil {
		return g.Custom.Check(b[:g.cells()])
	}
	return g.Rules().Check(b)
}

// solved reports whether b is a full solution of the game's clues under
// every rule, constraints included.
func (g *game) solved(b solver.Grid) bool {
	if g.Custom != nil {
		n := g.cells()
		return g.Custom.Verify(g.Clues[:n], b[:n]) == nil
	}
	return b.Clues() == 81 && g.Rules().Check(b) == nil
}

// rulesJSON is the custom rules' JSON ("" for a classic game), as actions
// and saves carry it.
func rulesJSON(r *solver.Rules) string {
	if r == nil {
		return ""
	}
	b, err := r.MarshalJSON()
	if err != nil {
		return "" // rules built by NewRules always marshal
	}
	return string(b)
}

// rulesFromJSON reads rules that rulesJSON wrote; "" is none (nil).
func rulesFromJSON(s string) (*solver.Rules, error) {
	if s == "" {
		return nil, nil
	}
	var r solver.Rules
	if err := json.Unmarshal([]byte(s), &r); err != nil {
		return nil, fmt.Errorf("the puzzle's rules cannot be read (%v)", err)
	}
	return &r, nil
}

// sameRules reports whether two custom rules are the same rules (nil for
// none): the same pointer, or the same JSON.
func sameRules(a, b *solver.Rules) bool {
	if a == b {
		return true
	}
	if a == nil || b == nil {
		return false
	}
	x, err1 := a.MarshalJSON()
	y, err2 := b.MarshalJSON()
	return err1 == nil && err2 == nil && bytes.Equal(x, y)
}

// customGame is the game a variant puzzle's load action describes: its
// rules (JSON) and its givens (an 81-cell grid, only the first Size² cells
// set, each a digit of the size, none clashing).
// setterSolution reads a variant puzzle's solution as an action or a save
// carries it (Grid's line form, Size² cells first; "" for none) and checks
// it against the game's rules and clues.
func setterSolution(g *game, s string) error {
	if s == "" {
		return nil
	}
	sol, err := parseGrid(s)
	if err != nil {
		return err
	}
	n := g.cells()
	if err := g.Custom.Verify(g.Clues[:n], sol[:n]); err != nil {
		return fmt.Errorf("the setter's solution: %v", err)
	}
	for i := n; i < len(sol); i++ {
		if sol[i] != 0 {
			return fmt.Errorf("the setter's solution has a digit outside the %dx%d grid", g.size(), g.size())
		}
	}
	g.Solution = sol
	return nil
}

// solutionText is g's setter's solution as actions and saves carry it, ""
// when it has none.
func solutionText(g *game) string {
	if g.Solution == (solver.Grid{}) {
		return ""
	}
	return g.Solution.String()
}

func customGame(rulesText, grid string) (game, error) {
	r, err := rulesFromJSON(rulesText)
	if err != nil {
		return game{}, err
	}
	clues, err := parseGrid(grid)
	if err != nil {
		return game{}, err
	}
	n := r.Cells()
	for i := n; i < len(clues); i++ {
		if clues[i] != 0 {
			return game{}, fmt.Errorf("a given outside the %dx%d grid", r.Size, r.Size)
		}
	}
	if err := r.Check(clues[:n]); err != nil {
		return game{}, err
	}
	return game{Clues: clues, Custom: r}, nil
}
