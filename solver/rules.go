package solver

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// Rules are a puzzle's rules as data, for any size from 4x4 to 9x9: the
// size, the regions that hold every digit once (boxes of the usual shape,
// or irregular regions replacing them), extra regions (diagonals, windoku,
// disjoint groups) and constraints (killer cages, thermometers, dots, ...;
// see ConstraintKinds). A Variant is the classic 9x9 special case; Rules
// with no constraints on a 9x9 grid with boxes and no extra region or both
// diagonals solve with the fast engine.
//
// Cells are numbered r*Size+c, rows and columns from 0; digits are 1 to
// Size. Build Rules with NewRules, which checks them; the zero value is
// not usable, and the fields must not change afterwards (the derived
// tables would not follow). Rules are then safe for concurrent use. Rules serialise to JSON (MarshalJSON, UnmarshalJSON) with
// every constraint as an object holding its "kind".
type Rules struct {
	Size        int          // digits 1 to Size in Size rows and columns
	Regions     [][]int      // irregular regions replacing the boxes; nil: boxes
	Extra       []Region     // extra regions whose cells differ (at most Size cells)
	Constraints []Constraint // the other rules

	boxRows, boxCols int      // box shape when Regions is nil
	units            [][]int  // rows, columns, boxes or regions, extra regions
	unitNames        []string //
	peers            [][]int  // cells that must differ from each cell
	peerBits         [][2]uint64
	overlaps         []overlap // pairs of full units sharing two or more cells
	overlapUnit      []int     // the index of each overlap's U in the units (a trace names it)
	props            []Constraint
}

// An overlap is two units of Size cells, U and V, that share cells: a
// digit whose places in U all lie in both leaves the rest of V (locked
// candidates, for boxes and lines and for any regions).
type overlap struct {
	both, onlyU, onlyV []int
}

// A Region is a named group of cells that holds no digit twice; one of
// Size cells holds every digit once.
type Region struct {
	Name  string `json:"name"`
	Cells []int  `json:"cells"`
}

// boxShape returns the usual box shape of a size: 4 is 2x2, 6 is 2x3, 8 is
// 2x4, 9 is 3x3; 5 and 7 have none (they need irregular regions).
func boxShape(n int) (rows, cols int) {
	switch n {
	case 4:
		return 2, 2
	case 6:
		return 2, 3
	case 8:
		return 2, 4
	case 9:
		return 3, 3
	}
	return 0, 0
}

// NewRules checks and builds rules: size 4 to 9; regions nil (boxes of
// the usual shape) or Size regions of Size cells that tile the grid;
// extra regions of at most Size distinct cells; every constraint's cells
// on the grid and its numbers possible. Errors wrap ErrRules and name
// what is wrong.
func NewRules(size int, regions [][]int, extra []Region, cs []Constraint) (*Rules, error) {
	r := &Rules{Size: size, Regions: regions, Extra: extra, Constraints: cs}
	if err := r.build(); err != nil {
		return nil, err
	}
	return r, nil
}

func rulesErr(format string, a ...any) error {
	return fmt.Errorf("%s: %w", fmt.Sprintf(format, a...), ErrRules)
}

// ClassicRules returns the rules of the classic 9x9 game, and with
// diagonal true those of the Diagonal variant.
func ClassicRules(diagonal bool) *Rules {
	var extra []Region
	if diagonal {
		extra = diagonals(9)
	}
	r, _ := NewRules(9, nil, extra, nil)
	return r
}

// diagonals returns both main diagonals of an n x n grid as regions.
func diagonals(n int) []Region {
	main, anti := Region{Name: "main diagonal"}, Region{Name: "anti-diagonal"}
	for i := 0; i < n; i++ {
		main.Cells = append(main.Cells, i*n+i)
		anti.Cells = append(anti.Cells, i*n+n-1-i)
	}
	return []Region{main, anti}
}

func (r *Rules) build() error {
	n := r.Size
	if n < 4 || n > 9 {
		return rulesErr("size %d: want 4 to 9", n)
	}
	r.units, r.unitNames = nil, nil
	for i := 0; i < n; i++ {
		row, col := make([]int, n), make([]int, n)
		for j := 0; j < n; j++ {
			row[j], col[j] = i*n+j, j*n+i
		}
		r.addUnit(row, fmt.Sprintf("row %d", i+1))
		r.addUnit(col, fmt.Sprintf("column %d", i+1))
	}
	if r.Regions == nil {
		r.boxRows, r.boxCols = boxShape(n)
		if r.boxRows == 0 {
			return rulesErr("size %d has no boxes: give its regions", n)
		}
		for b := 0; b < n; b++ {
			r0, c0 := b/(n/r.boxCols)*r.boxRows, b%(n/r.boxCols)*r.boxCols
			var box []int
			for k := 0; k < n; k++ {
				box = append(box, (r0+k/r.boxCols)*n+c0+k%r.boxCols)
			}
			r.addUnit(box, fmt.Sprintf("box %d", b+1))
		}
	} else {
		r.boxRows, r.boxCols = 0, 0
		if len(r.Regions) != n {
			return rulesErr("%d regions: want %d", len(r.Regions), n)
		}
		owner := make([]int, n*n)
		for i, reg := range r.Regions {
			if len(reg) != n {
				return rulesErr("region %d has %d cells: want %d", i+1, len(reg), n)
			}
			for _, c := range reg {
				if c < 0 || c >= n*n {
					return rulesErr("region %d: cell %d is outside the %dx%d grid", i+1, c, n, n)
				}
				if owner[c] != 0 {
					return rulesErr("regions do not tile the grid: %s is in regions %d and %d", r.CellName(c), owner[c], i+1)
				}
				owner[c] = i + 1
			}
			r.addUnit(reg, fmt.Sprintf("region %d", i+1))
		}
	}
	for _, e := range r.Extra {
		if len(e.Cells) > n || len(e.Cells) < 2 {
			return rulesErr("extra region %q has %d cells: want 2 to %d", e.Name, len(e.Cells), n)
		}
		if err := r.checkCells(e.Name, e.Cells, true); err != nil {
			return err
		}
		r.addUnit(e.Cells, e.Name)
	}
	peerSet := make([]map[int]bool, n*n)
	for c := range peerSet {
		peerSet[c] = map[int]bool{}
	}
	group := func(cells []int) {
		for _, a := range cells {
			for _, b := range cells {
				if a != b {
					peerSet[a][b] = true
				}
			}
		}
	}
	for _, u := range r.units {
		group(u)
	}
	r.props = nil
	for _, c := range r.Constraints {
		if c == nil {
			return rulesErr("a nil constraint")
		}
		if err := c.init(r); err != nil {
			return fmt.Errorf("%s: %w", c.Kind(), err)
		}
		for _, g := range c.distinct(r) {
			group(g)
		}
		r.props = append(r.props, c)
	}
	r.peers = make([][]int, n*n)
	r.peerBits = make([][2]uint64, n*n)
	for c := range r.peers {
		for p := 0; p < n*n; p++ {
			if peerSet[c][p] {
				r.peers[c] = append(r.peers[c], p)
				r.peerBits[c][p/64] |= 1 << (p % 64)
			}
		}
	}
	for _, c := range r.Constraints {
		if p, ok := c.(interface{ prepare(*Rules) }); ok {
			p.prepare(r) // work that needs the peers
		}
	}
	r.overlaps, r.overlapUnit = nil, nil
	for u, a := range r.units {
		for v, b := range r.units {
			if u == v || len(a) < n || len(b) < n {
				continue
			}
			var o overlap
			in := map[int]bool{}
			for _, c := range b {
				in[c] = true
			}
			for _, c := range a {
				if in[c] {
					o.both = append(o.both, c)
				} else {
					o.onlyU = append(o.onlyU, c)
				}
			}
			if len(o.both) < 2 || len(o.onlyU) == 0 {
				continue
			}
			inA := map[int]bool{}
			for _, c := range a {
				inA[c] = true
			}
			for _, c := range b {
				if !inA[c] {
					o.onlyV = append(o.onlyV, c)
				}
			}
			r.overlaps = append(r.overlaps, o)
			r.overlapUnit = append(r.overlapUnit, u)
		}
	}
	return nil
}

func (r *Rules) addUnit(cells []int, name string) {
	r.units = append(r.units, cells)
	r.unitNames = append(r.unitNames, name)
}

// checkCells reports a cell outside the grid, or (with distinct) a cell
// given twice, in the cells of what.
func (r *Rules) checkCells(what string, cells []int, distinct bool) error {
	seen := map[int]bool{}
	for _, c := range cells {
		if c < 0 || c >= r.Size*r.Size {
			return rulesErr("%s: cell %d is outside the %dx%d grid", what, c, r.Size, r.Size)
		}
		if distinct && seen[c] {
			return rulesErr("%s: %s appears twice", what, r.CellName(c))
		}
		seen[c] = true
	}
	return nil
}

// CellName names cell c as a player does: "r3c5", rows and columns from 1.
func (r *Rules) CellName(c int) string {
	return fmt.Sprintf("r%dc%d", c/r.Size+1, c%r.Size+1)
}

// cellList names cells: "r1c1, r1c2 and r2c1"; runs of a row are not merged.
func (r *Rules) cellList(cells []int) string {
	names := make([]string, len(cells))
	for i, c := range cells {
		names[i] = r.CellName(c)
	}
	if len(names) <= 1 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// Cells returns the number of cells, Size*Size.
func (r *Rules) Cells() int { return r.Size * r.Size }

// NumUnits returns the number of units: rows, columns, boxes or regions,
// then extra regions.
func (r *Rules) NumUnits() int { return len(r.units) }

// Unit returns the cells of unit u. The slice is shared: do not modify it.
func (r *Rules) Unit(u int) []int { return r.units[u] }

// UnitName returns a player's name for unit u: "row 3", "box 2",
// "region 4", or an extra region's name.
func (r *Rules) UnitName(u int) string { return r.unitNames[u] }

// Peers returns the cells that must differ from cell c: those sharing a
// unit, a cage, a renban line, a knight's or king's move under those
// rules. The slice is shared: do not modify it.
func (r *Rules) Peers(c int) []int { return r.peers[c] }

// isPeer reports whether cells a and b must differ.
func (r *Rules) isPeer(a, b int) bool { return r.peerBits[a][b/64]&(1<<(b%64)) != 0 }

// Describe returns the rules in sentences, one per rule: the regions
// first, then each constraint's.
func (r *Rules) Describe() []string {
	n := r.Size
	what := fmt.Sprintf("%dx%d boxes", r.boxRows, r.boxCols)
	if r.Regions != nil {
		what = "irregular regions"
	}
	out := []string{fmt.Sprintf("Rows, columns and %s hold 1 to %d once.", what, n)}
	for _, e := range r.Extra {
		verb := "holds"
		if len(e.Cells) < n {
			verb = "has no repeated digit; it holds"
		}
		out = append(out, fmt.Sprintf("The %s (%s) %s %s.", e.Name, r.cellList(e.Cells), verb, digitsOnce(len(e.Cells), n)))
	}
	for _, c := range r.Constraints {
		out = append(out, c.Describe(r))
	}
	return out
}

func digitsOnce(k, n int) string {
	if k == n {
		return fmt.Sprintf("1 to %d once", n)
	}
	return fmt.Sprintf("%d different digits", k)
}

// classic reports whether the rules are the classic game (0) or the
// Diagonal variant (1), which the fast engine solves; -1 otherwise.
func (r *Rules) classic() *Variant {
	if r.Size != 9 || r.Regions != nil || len(r.Constraints) > 0 {
		return nil
	}
	switch len(r.Extra) {
	case 0:
		return Standard
	case 2:
		d := diagonals(9)
		for _, e := range r.Extra {
			if !sameCells(e.Cells, d[0].Cells) && !sameCells(e.Cells, d[1].Cells) {
				return nil
			}
		}
		if sameCells(r.Extra[0].Cells, r.Extra[1].Cells) {
			return nil
		}
		return Diagonal
	}
	return nil
}

func sameCells(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	in := map[int]bool{}
	for _, c := range a {
		in[c] = true
	}
	for _, c := range b {
		if !in[c] {
			return false
		}
	}
	return true
}

// Check reports the first pair of givens that share a unit or must
// differ and hold the same digit: nil or a *ConflictError (Unit is -1 when
// a constraint, not a unit, makes them differ). A digit outside 1..Size
// gives an error wrapping ErrSyntax; givens that break another constraint
// are not an error here: the puzzle then has no solution.
func (r *Rules) Check(g []uint8) error {
	if len(g) != r.Cells() {
		return fmt.Errorf("%d cells, want %d: %w", len(g), r.Cells(), ErrLength)
	}
	for c, d := range g {
		if int(d) > r.Size {
			return fmt.Errorf("%s holds %d, not a digit of a %dx%d grid: %w", r.CellName(c), d, r.Size, r.Size, ErrSyntax)
		}
	}
	for u, cells := range r.units {
		at := map[uint8]int{}
		for _, c := range cells {
			d := g[c]
			if d == 0 {
				continue
			}
			if a, ok := at[d]; ok {
				return &ConflictError{Digit: int(d), Unit: u, UnitName: r.unitNames[u], Cells: [2]int{min(a, c), max(a, c)}, rules: r}
			}
			at[d] = c
		}
	}
	for c, ps := range r.peers {
		for _, p := range ps {
			if p > c && g[c] != 0 && g[c] == g[p] {
				return &ConflictError{Digit: int(g[c]), Unit: -1, UnitName: "cells that must differ", Cells: [2]int{c, p}, rules: r}
			}
		}
	}
	return nil
}

// Verify reports whether sol solves puzzle under the rules: every cell
// filled, every unit and peer pair without repeats, every constraint kept,
// every given kept. It returns nil or an error wrapping ErrMismatch that
// names the broken rule.
func (r *Rules) Verify(puzzle, sol []uint8) error {
	n := r.Cells()
	if len(sol) != n || len(puzzle) != n {
		return fmt.Errorf("%d and %d cells, want %d: %w", len(puzzle), len(sol), n, ErrMismatch)
	}
	for c := 0; c < n; c++ {
		if sol[c] < 1 || int(sol[c]) > r.Size {
			return fmt.Errorf("%s is empty: %w", r.CellName(c), ErrMismatch)
		}
		if puzzle[c] != 0 && puzzle[c] != sol[c] {
			return fmt.Errorf("%s holds %d but the given is %d: %w", r.CellName(c), sol[c], puzzle[c], ErrMismatch)
		}
	}
	if err := r.Check(sol); err != nil {
		return fmt.Errorf("%v: %w", err, ErrMismatch)
	}
	for _, c := range r.Constraints {
		if !c.check(r, sol) {
			return fmt.Errorf("breaks the rule %q: %w", c.Describe(r), ErrMismatch)
		}
	}
	return nil
}

// rulesJSON is the serialised form of Rules.
type rulesJSON struct {
	Size        int               `json:"size"`
	Regions     [][]int           `json:"regions,omitempty"`
	Extra       []Region          `json:"extra,omitempty"`
	Constraints []json.RawMessage `json:"constraints,omitempty"`
}

// MarshalJSON writes the rules as {"size":9,"regions":[...],"extra":[...],
// "constraints":[{"kind":"killer","cells":[0,1],"sum":3},...]}, cells as
// numbers r*Size+c.
func (r *Rules) MarshalJSON() ([]byte, error) {
	out := rulesJSON{Size: r.Size, Regions: r.Regions, Extra: r.Extra}
	for _, c := range r.Constraints {
		body, err := json.Marshal(c)
		if err != nil {
			return nil, err
		}
		kind, _ := json.Marshal(c.Kind())
		obj := []byte(`{"kind":` + string(kind))
		if !bytes.Equal(body, []byte("{}")) {
			obj = append(append(obj, ','), body[1:]...)
		} else {
			obj = append(obj, '}')
		}
		out.Constraints = append(out.Constraints, obj)
	}
	return json.Marshal(out)
}

// UnmarshalJSON reads what MarshalJSON writes and checks it as NewRules
// does; an unknown kind gives an error wrapping ErrUnsupported.
func (r *Rules) UnmarshalJSON(b []byte) error {
	var in rulesJSON
	if err := json.Unmarshal(b, &in); err != nil {
		return fmt.Errorf("rules: %v: %w", err, ErrRules)
	}
	var cs []Constraint
	for _, raw := range in.Constraints {
		var head struct {
			Kind string `json:"kind"`
		}
		if err := json.Unmarshal(raw, &head); err != nil {
			return fmt.Errorf("rules: %v: %w", err, ErrRules)
		}
		c, err := NewConstraint(head.Kind)
		if err != nil {
			return err
		}
		if err := json.Unmarshal(raw, c); err != nil {
			return fmt.Errorf("rules: %s: %v: %w", head.Kind, err, ErrRules)
		}
		cs = append(cs, c)
	}
	nr, err := NewRules(in.Size, in.Regions, in.Extra, cs)
	if err != nil {
		return err
	}
	*r = *nr
	return nil
}

// Narrow runs the propagation step of constraint i (an index into
// r.Constraints) once on cand, the candidates of every cell (Size*Size
// masks, bit d-1 for digit d; a filled cell is its digit's single bit):
// it removes digits that the constraint, given the other cells'
// candidates, rules out, and never one that a solution keeping those
// candidates could hold. It reports false when a cell is left without
// candidates (no solution), and for an i or a cand of the wrong length.
// The logic package calls it to explain each constraint's own steps.
func (r *Rules) Narrow(i int, cand []uint16) bool {
	if i < 0 || i >= len(r.Constraints) || len(cand) != r.Cells() {
		return false
	}
	return r.Constraints[i].propagate(r, cand)
}
