package scan

import (
	"math"
	"sort"

	"sudoku/solver"
)

// Limits of deepCorrect's search. deepMargin was set on the finder, stress
// and tuning draw sets (2026-11-29, scan36): at 2 it mends one photo of
// them, with no digit read wrong; at 1 two (the second's next reading
// with another solution costs 1.06 more), at 0.5 four, two of them to
// valid readings with wrong digits (their next readings cost 0.19 and
// 0.73 more).
const (
	deepTried  = 3000   // partial readings whose solutions are looked for, at most
	deepBudget = 200000 // search nodes of the solver in all
	deepMargin = 2.0    // log-probability by which the cheapest reading beats every reading with another solution
)

// deepCorrect is the solver's second, wider try at a reading with a clash
// or no solution that correct could not mend (more than maxChanged cells
// read wrong, or some of them beyond its unsureCells least certain): a
// branch-and-bound search for the reading that gives up the least
// log-probability, within maxCost in all as correct's, and has exactly
// one solution. A marked cell read as a digit under sureProb may keep it,
// take another digit or be left empty, each at its cost in log-probability
// against what it was read as; a cell read at sureProb or more keeps its
// digit (so a clash between digits printed and read clearly stays); a
// cell read empty (no mark, a mark read as no digit or left empty) stays
// empty, so no digit is added where the photo shows none. The more cells
// may change, the more often another valid puzzle lies near the reading:
// the cheapest reading is taken only when every reading with another
// solution costs deepMargin more (readings with the same solution differ
// only in cells left empty). The cells changed are listed in
// rd.Corrections. It reports whether it changed the reading. Its cost is
// bounded by deepTried and deepBudget; a search cut short changes nothing.
func deepCorrect(rd *Reading, probs *[81][Classes]float32, marked *[81]bool) bool {
	d := deep{g: rd.Digits, best: math.Inf(1), second: math.Inf(1)}
	for c, v := range rd.Digits {
		if v == 0 || !marked[c] || rd.Confidence[c] >= sureProb {
			continue
		}
		d.cells = append(d.cells, c)
		d.g[c] = 0
		best := logp(probs[c][v])
		for k := 0; k < Classes; k++ {
			d.cost[c][k] = best - logp(probs[c][k])
		}
	}
	if solver.Standard.Check(d.g) != nil {
		return false // a clash among the digits read surely
	}
	// The surest first: a wrong digit shows as a dead end when it is
	// added to the digits it clashes with, and the search changes the
	// last cells placed first, the least certain.
	sort.SliceStable(d.cells, func(a, b int) bool { return rd.Confidence[d.cells[a]] > rd.Confidence[d.cells[b]] })
	d.read = rd.Digits
	d.search(0, 0)
	if !d.found || d.best > maxCost || d.second < d.best+deepMargin || d.tried > deepTried || d.spent > deepBudget {
		return false
	}
	for c := range d.sol {
		if d.sol[c] == rd.Digits[c] {
			continue
		}
		k := d.sol[c]
		rd.Corrections = append(rd.Corrections, Correction{Cell: c, Read: rd.Digits[c], Digit: k, Prob: float64(probs[c][k])})
		rd.Digits[c] = k
		rd.Confidence[c] = float64(probs[c][k])
	}
	sort.Slice(rd.Corrections, func(a, b int) bool { return rd.Corrections[a].Cell < rd.Corrections[b].Cell })
	return true
}

// deep is deepCorrect's search.
type deep struct {
	g, read, sol solver.Grid
	cells        []int // the cells that may change, surest first
	cost         [81][Classes]float64
	best, second float64 // the costs of the cheapest reading with one solution and of the cheapest with another solution
	sols         []solver.Grid
	bestSol      solver.Grid
	costs        []float64 // of the cheapest reading found with each solution of sols
	found        bool
	tried        int
	spent        int64
}

// search places d.cells[i:] on d.g, which holds the digits placed so far
// at a cost of cost, and keeps the cheapest reading with one solution.
func (d *deep) search(i int, cost float64) {
	if d.tried > deepTried || d.spent > deepBudget {
		return
	}
	limit := d.limit()
	// The least each cell left may still cost: its digit read, unless it
	// clashes with a digit placed; else another or none.
	bound := cost
	for _, c := range d.cells[i:] {
		if d.fits(c, d.read[c]) {
			continue
		}
		least := d.cost[c][0]
		for k := uint8(1); k <= 9; k++ {
			if d.fits(c, k) {
				least = min(least, d.cost[c][k])
			}
		}
		bound += least
		if bound >= limit {
			return
		}
	}
	if bound >= limit {
		return
	}
	d.tried++
	res, err := solver.Solve(d.g, solver.Options{Limit: 2, MaxNodes: tryBudget})
	d.spent += max(res.Nodes, 1)
	if err != nil || res.Count == 0 {
		return
	}
	if i == len(d.cells) {
		if res.Count == 1 {
			d.leaf(cost, res.Solution)
		}
		return
	}
	c := d.cells[i]
	var ks [Classes]uint8
	for k := range ks {
		ks[k] = uint8(k)
	}
	sort.SliceStable(ks[:], func(a, b int) bool { return d.cost[c][ks[a]] < d.cost[c][ks[b]] })
	for _, k := range ks {
		if cost+d.cost[c][k] >= d.limit() {
			break
		}
		if k != 0 && !d.fits(c, k) {
			continue
		}
		d.g[c] = k
		d.search(i+1, cost+d.cost[c][k])
		d.g[c] = 0
	}
}

// fits reports whether digit k in cell c clashes with no digit of d.g.
func (d *deep) fits(c int, k uint8) bool {
	r, col := c/9, c%9
	for j := 0; j < 9; j++ {
		if d.g[r*9+j] == k || d.g[j*9+col] == k {
			return false
		}
	}
	br, bc := r/3*3, col/3*3
	for y := br; y < br+3; y++ {
		for x := bc; x < bc+3; x++ {
			if d.g[y*9+x] == k {
				return false
			}
		}
	}
	return true
}

// limit is the cost from which a partial reading is not worth going on
// with: past maxCost and deepMargin before a reading is found; then past
// the second cheapest found, or deepMargin past the cheapest.
func (d *deep) limit() float64 {
	if !d.found {
		return maxCost + deepMargin
	}
	return min(d.second, d.best+deepMargin)
}

// leaf takes a reading of d.g, at cost, with one solution, sol: the
// cheapest reading is kept, and the cost of the cheapest reading with
// another solution. Readings with the same solution differ only in the
// cells left empty.
func (d *deep) leaf(cost float64, sol solver.Grid) {
	i := 0
	for i < len(d.sols) && d.sols[i] != sol {
		i++
	}
	if i == len(d.sols) {
		d.sols, d.costs = append(d.sols, sol), append(d.costs, cost)
	} else if cost < d.costs[i] {
		d.costs[i] = cost
	} else {
		return
	}
	if cost < d.best {
		d.best, d.sol, d.found, d.bestSol = cost, d.g, true, sol
	}
	d.second = math.Inf(1)
	for j, c := range d.costs {
		if d.sols[j] != d.bestSol {
			d.second = min(d.second, c)
		}
	}
}
