package solver

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Difference is a white dot: its two cells differ by Diff (1 when 0).
type Difference struct {
	Cells [2]int `json:"cells"`
	Diff  int    `json:"diff,omitempty"`
	noDistinct

	rels rels
}

func (*Difference) Kind() string { return "difference" }

func (d *Difference) diff() int { return max(d.Diff, 1) }

func (d *Difference) Describe(r *Rules) string {
	return fmt.Sprintf("The digits in %s and %s differ by %d.", r.CellName(d.Cells[0]), r.CellName(d.Cells[1]), d.diff())
}

func (d *Difference) init(r *Rules) error {
	d.Diff = d.diff() // the default written out, so equal rules serialise alike
	if err := dotCells(r, "white dot", d.Cells); err != nil {
		return err
	}
	if d.diff() >= r.Size {
		return rulesErr("white dot between %s and %s: no digits differ by %d", r.CellName(d.Cells[0]), r.CellName(d.Cells[1]), d.diff())
	}
	d.rels = rels{newRel(d.Cells[0], d.Cells[1], r.Size, func(x, y int) bool { return x-y == d.diff() || y-x == d.diff() })}
	return nil
}

func (d *Difference) check(_ *Rules, g []uint8) bool { return d.rels.check(g) }

func (d *Difference) propagate(_ *Rules, cand []uint16) bool { return d.rels.propagate(cand) }

// dotCells checks the two cells of a dot or XV mark: on the grid and
// adjacent.
func dotCells(r *Rules, what string, cells [2]int) error {
	if err := r.checkCells(what, cells[:], true); err != nil {
		return err
	}
	if !adjacent(r.Size, cells[0], cells[1]) {
		return rulesErr("%s between %s and %s: the cells are not neighbours", what, r.CellName(cells[0]), r.CellName(cells[1]))
	}
	return nil
}

// Ratio is a black dot: one of its two cells is Ratio (2 when 0) times the
// other.
type Ratio struct {
	Cells [2]int `json:"cells"`
	Ratio int    `json:"ratio,omitempty"`
	noDistinct

	rels rels
}

func (*Ratio) Kind() string { return "ratio" }

func (d *Ratio) ratio() int {
	if d.Ratio == 0 {
		return 2
	}
	return d.Ratio
}

func (d *Ratio) Describe(r *Rules) string {
	return fmt.Sprintf("One of the digits in %s and %s is %d times the other.", r.CellName(d.Cells[0]), r.CellName(d.Cells[1]), d.ratio())
}

func (d *Ratio) init(r *Rules) error {
	d.Ratio = d.ratio()
	if err := dotCells(r, "black dot", d.Cells); err != nil {
		return err
	}
	if k := d.ratio(); k < 2 || k > r.Size {
		return rulesErr("black dot between %s and %s: ratio %d, want 2 to %d", r.CellName(d.Cells[0]), r.CellName(d.Cells[1]), k, r.Size)
	}
	d.rels = rels{newRel(d.Cells[0], d.Cells[1], r.Size, func(x, y int) bool { return x == y*d.ratio() || y == x*d.ratio() })}
	return nil
}

func (d *Ratio) check(_ *Rules, g []uint8) bool { return d.rels.check(g) }

func (d *Ratio) propagate(_ *Rules, cand []uint16) bool { return d.rels.propagate(cand) }

// XV: the two cells sum to Sum, 10 for an X and 5 for a V.
type XV struct {
	Cells [2]int `json:"cells"`
	Sum   int    `json:"sum"`
	noDistinct

	rels rels
}

func (*XV) Kind() string { return "xv" }

func (x *XV) Describe(r *Rules) string {
	mark := map[int]string{5: "V", 10: "X"}[x.Sum]
	if mark == "" {
		mark = fmt.Sprint(x.Sum)
	}
	return fmt.Sprintf("The %s between %s and %s: they sum to %d.", mark, r.CellName(x.Cells[0]), r.CellName(x.Cells[1]), x.Sum)
}

func (x *XV) init(r *Rules) error {
	if err := dotCells(r, "XV mark", x.Cells); err != nil {
		return err
	}
	if x.Sum < 3 || x.Sum > 2*r.Size-1 {
		return rulesErr("XV mark between %s and %s: two different digits cannot sum to %d", r.CellName(x.Cells[0]), r.CellName(x.Cells[1]), x.Sum)
	}
	x.rels = rels{newRel(x.Cells[0], x.Cells[1], r.Size, func(a, b int) bool { return a+b == x.Sum })}
	return nil
}

func (x *XV) check(_ *Rules, g []uint8) bool { return x.rels.check(g) }

func (x *XV) propagate(_ *Rules, cand []uint16) bool { return x.rels.propagate(cand) }

// negative holds the relation between the neighbours that carry no mark of
// a kind, under an "all marks are given" rule; marked lists the cell
// pairs with a mark, from the rules' other constraints.
type negative struct {
	noDistinct
	rels rels
}

func (ng *negative) build(r *Rules, marked func(Constraint) ([2]int, bool), ok func(x, y int) bool) {
	has := map[[2]int]bool{}
	for _, c := range r.Constraints {
		if p, yes := marked(c); yes {
			has[[2]int{min(p[0], p[1]), max(p[0], p[1])}] = true
		}
	}
	ng.rels = nil
	for _, p := range orthogonal(r.Size) {
		if !has[p] {
			ng.rels = append(ng.rels, newRel(p[0], p[1], r.Size, ok))
		}
	}
}

func (ng *negative) check(_ *Rules, g []uint8) bool { return ng.rels.check(g) }

func (ng *negative) propagate(_ *Rules, cand []uint16) bool { return ng.rels.propagate(cand) }

// NoDifference is the negative rule of white dots: every white dot is
// given, so neighbours without a dot are not consecutive.
type NoDifference struct{ negative }

func (*NoDifference) Kind() string { return "nodifference" }

func (*NoDifference) Describe(*Rules) string {
	return "All white dots are given: neighbours without a dot are not consecutive."
}

func (n *NoDifference) init(r *Rules) error {
	n.build(r, dotted, func(x, y int) bool { return x-y != 1 && y-x != 1 })
	return nil
}

// dotted reports the cells of a white or black dot. The negative rules of
// dots leave out every pair with a dot of either colour: between 1 and 2
// either dot may stand, as in the usual "all dots are given" wording.
func dotted(c Constraint) ([2]int, bool) {
	switch d := c.(type) {
	case *Difference:
		return d.Cells, true
	case *Ratio:
		return d.Cells, true
	}
	return [2]int{}, false
}

// NoRatio is the negative rule of black dots: every black dot is given,
// so of two neighbours without a dot neither is twice the other, nor k
// times the other for any other ratio k that a black dot of the puzzle
// shows (as f-puzzles' solver reads "negative": ["ratio"]).
type NoRatio struct{ negative }

func (*NoRatio) Kind() string { return "noratio" }

func (*NoRatio) Describe(r *Rules) string {
	ks := dotRatios(r)
	if len(ks) == 1 {
		return "All black dots are given: of two neighbours without a dot, neither is twice the other."
	}
	words := make([]string, len(ks))
	for i, k := range ks {
		words[i] = strconv.Itoa(k)
	}
	last := len(words) - 1
	return "All black dots are given: of two neighbours without a dot, neither is " + strings.Join(words[:last], ", ") + " or " + words[last] + " times the other."
}

// dotRatios lists the ratios the negative rule forbids: 2 and every other
// ratio of the rules' black dots, in increasing order.
func dotRatios(r *Rules) []int {
	ks := []int{2}
	if r == nil {
		return ks
	}
	for _, c := range r.Constraints {
		if d, ok := c.(*Ratio); ok && !slices.Contains(ks, d.ratio()) {
			ks = append(ks, d.ratio())
		}
	}
	slices.Sort(ks)
	return ks
}

func (n *NoRatio) init(r *Rules) error {
	ks := dotRatios(r)
	n.build(r, dotted, func(x, y int) bool {
		for _, k := range ks {
			if x == k*y || y == k*x {
				return false
			}
		}
		return true
	})
	return nil
}

// NoXV is the negative rule of XV: every X and V is given, so neighbours
// without one sum to neither 10 nor 5.
type NoXV struct{ negative }

func (*NoXV) Kind() string { return "noxv" }

func (*NoXV) Describe(*Rules) string {
	return "All X and V marks are given: neighbours without one sum to neither 10 nor 5."
}

func (n *NoXV) init(r *Rules) error {
	n.build(r, func(c Constraint) ([2]int, bool) {
		x, ok := c.(*XV)
		if ok && (x.Sum == 5 || x.Sum == 10) {
			return x.Cells, true
		}
		return [2]int{}, false
	}, func(x, y int) bool { return x+y != 5 && x+y != 10 })
	return nil
}
