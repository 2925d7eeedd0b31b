package scan

import (
	"errors"
	"sort"

	"sudoku/solver"
)

// Limits of the solver's corrections.
const (
	solveBudget = 20000  // search nodes of the final count
	tryBudget   = 5000   // search nodes per reading tried
	totalBudget = 200000 // search nodes of all the readings tried
	sureProb    = 0.97   // a cell read at least this sure is never changed
	maxCost     = 7.0    // total log-probability a correction may give up (a factor of about 1100)
	maxChanged  = 3      // cells changed at most
	maxTried    = 3000   // readings tried at most
	unsureCells = 12     // least certain cells whose other choices are tried
	doubtProb   = 0.1    // a digit read with "no digit" this likely or more is doubtful (dropDoubtful)
)

func isBudget(err error) bool { return errors.Is(err, solver.ErrBudget) }

// valid reports whether g has no clash and exactly one solution, found
// within tryBudget nodes, and adds the nodes it spent to *spent.
func valid(g solver.Grid, spent *int64) bool {
	if solver.Standard.Check(g) != nil {
		return false
	}
	res, err := solver.Solve(g, solver.Options{Limit: 2, MaxNodes: tryBudget})
	*spent += max(res.Nodes, 1)
	return err == nil && res.Count == 1
}

// solutions counts the solutions of g up to 2 within tryBudget nodes: 0
// for a clash or no solution (a reading the solver may correct), -1 when
// the budget ran out.
func solutions(g solver.Grid) int {
	if solver.Standard.Check(g) != nil {
		return 0
	}
	res, err := solver.Solve(g, solver.Options{Limit: 2, MaxNodes: tryBudget})
	if err != nil {
		return -1
	}
	return res.Count
}

// openDigit reports whether a reading with several solutions may be
// corrected (correct): no cell is cut off by the photo's edge (confidence
// 0: it may hold a digit not seen) and no mark that the classifier reads
// as a digit is left empty (a cell with no mark at all has confidence 1;
// a mark read as no digit, such as a speck in an empty cell, does not
// count).
func openDigit(rd *Reading, probs *[81][Classes]float32) bool {
	for c, d := range rd.Digits {
		if d == 0 && (rd.Confidence[c] == 0 || rd.Confidence[c] < 1 && likeliest(&probs[c]) != 0) {
			return false
		}
	}
	return true
}

// choice is one other reading of one cell and what it costs in
// log-probability against the cell's best reading.
type choice struct {
	cell  int
	class uint8
	cost  float64
}

// correct lets the solver pick the most probable reading that is valid
// and has one solution, when the best reading is broken: it tries the
// classifier's other choices for the least certain marked cells, one,
// two and three cells at a time, cheapest first, and keeps the first
// valid one. It tries at most maxTried readings and totalBudget search
// nodes in all, so its cost is bounded whatever the picture. Unmarked cells (no ink), and marks read as no digit, are never given a digit, cells read
// at sureProb or more never change, so a clash between printed digits
// read clearly stays (and is reported by the caller).
//
// A reading with several solutions is corrected too, one cell at most,
// when every mark of the grid is read as a digit (openDigit): a digit read
// as another leaves a puzzle of few clues open more often than it breaks it
// (the finder set's 18-clue puzzle: 83 of its 144 one-digit misreadings
// have several solutions, 60 none, and one has one). A reading that leaves a mark
// that looks like a digit empty (faint, unlike the grid's digits, or cut
// off by the photo's edge) lacks a digit, and is left alone: a change
// elsewhere could close the puzzle on a digit the photo does not show.
func correct(rd *Reading, probs *[81][Classes]float32, marked *[81]bool) {
	changed := maxChanged
	switch solutions(rd.Digits) {
	case 0:
	case 2:
		if !openDigit(rd, probs) {
			return
		}
		changed = 1
	default:
		return
	}
	var cells []int
	for i := 0; i < 81; i++ {
		if marked[i] && rd.Confidence[i] < sureProb {
			cells = append(cells, i)
		}
	}
	sort.SliceStable(cells, func(a, b int) bool { return rd.Confidence[cells[a]] < rd.Confidence[cells[b]] })
	if len(cells) > unsureCells {
		cells = cells[:unsureCells]
	}
	var opts []choice
	for _, c := range cells {
		if rd.Digits[c] == 0 {
			// A mark read as no digit stays empty: the solver may drop a
			// digit the photo may not show, never add one.
			continue
		}
		best := logp(probs[c][rd.Digits[c]])
		for k := 0; k < Classes; k++ {
			if uint8(k) == rd.Digits[c] {
				continue
			}
			if cost := best - logp(probs[c][k]); cost <= maxCost {
				opts = append(opts, choice{cell: c, class: uint8(k), cost: cost})
			}
		}
	}
	// Every set of at most maxChanged choices on distinct cells, cheapest first.
	type set struct {
		ch   [maxChanged]int
		n    int
		cost float64
	}
	var sets []set
	var grow func(s set, from int)
	grow = func(s set, from int) {
		for i := from; i < len(opts); i++ {
			o := opts[i]
			if s.cost+o.cost > maxCost {
				continue
			}
			dup := false
			for k := 0; k < s.n; k++ {
				dup = dup || opts[s.ch[k]].cell == o.cell
			}
			if dup {
				continue
			}
			t := s
			t.ch[t.n] = i
			t.n++
			t.cost += o.cost
			sets = append(sets, t)
			if t.n < changed {
				grow(t, i+1)
			}
		}
	}
	grow(set{}, 0)
	sort.SliceStable(sets, func(a, b int) bool { return sets[a].cost < sets[b].cost })
	var spent int64
	for i, s := range sets {
		if i >= maxTried || spent >= totalBudget {
			break
		}
		g := rd.Digits
		for k := 0; k < s.n; k++ {
			o := opts[s.ch[k]]
			g[o.cell] = o.class
		}
		if !valid(g, &spent) {
			continue
		}
		for k := 0; k < s.n; k++ {
			o := opts[s.ch[k]]
			rd.Corrections = append(rd.Corrections, Correction{Cell: o.cell, Read: rd.Digits[o.cell], Digit: o.class, Prob: float64(probs[o.cell][o.class])})
		}
		sort.Slice(rd.Corrections, func(a, b int) bool { return rd.Corrections[a].Cell < rd.Corrections[b].Cell })
		for _, c := range rd.Corrections {
			rd.Digits[c.Cell] = c.Digit
			rd.Confidence[c.Cell] = c.Prob
		}
		return
	}
}

// dropDoubtful leaves empty each doubtful digit of a reading that the
// solver's corrections left broken (a clash, no solution, or several): a
// digit the classifier read with "no digit" at doubtProb or more. Such a
// reading is wrong somewhere, and a doubtful mark is where a digit is most
// likely invented: noise in a deep shadow, a stain, a shadow's edge, a bit
// of grid line (on the synthetic sets, 14 of the 28 digits invented,
// against 47 wrong digits and 107 right ones). A lost digit is typed by
// the player; an invented one changes the puzzle. Digits read clearly stay,
// so a clash that is printed is still reported.
//
// A reading still left with a clash or no solution (Solutions 0; one with
// several lacks a digit, and may hold no wrong one) holds a digit that is
// not printed, or not as printed. Its digits that fail the bar a weak
// mark must pass on its own (faintKept: read at faintSureProb or more,
// from a mark with at least faintRel of the print's contrast; light marks
// the others) are left empty too, the light marks first and then the
// least sure, one at a time until the reading has a solution (or none is
// left to drop). On the finder, stress and tuning draw sets (2026-11-27,
// scan22), with the eighth pass's weights, this changes 39 readings and
// takes 71 wrong digits and 92 right ones: 31 readings are left with
// several solutions, none with one, and 8 still with none. With a net
// retrained on more faint and thin print, which invents 8 digits more in
// such readings, it takes those 8, 70 wrong digits and 92 right ones. It
// ships with the twenty-fourth pass's weights, which it keeps from
// inventing more digits than the eighth's (docs/scan.md).
//
// Each digit left empty is listed in rd.Corrections (Digit 0) and its
// confidence becomes that of no digit. It reports whether any digit was
// dropped.
func dropDoubtful(rd *Reading, probs *[81][Classes]float32, light *[81]bool) bool {
	dropped := false
	drop := func(c int) {
		rd.Corrections = append(rd.Corrections, Correction{Cell: c, Read: rd.Digits[c], Digit: 0, Prob: float64(probs[c][0])})
		rd.Digits[c] = 0
		rd.Confidence[c] = float64(probs[c][0])
		dropped = true
	}
	for c, d := range rd.Digits {
		if d != 0 && probs[c][0] >= doubtProb {
			drop(c)
		}
	}
	if rd.Solutions == 0 && (!dropped || countSolutions(rd.Digits) == 0) {
		var cs []int
		for c, d := range rd.Digits {
			if d != 0 && (float64(probs[c][d]) < faintSureProb || light[c]) {
				cs = append(cs, c)
			}
		}
		key := func(c int) float32 {
			if light[c] {
				return -1
			}
			return probs[c][rd.Digits[c]]
		}
		sort.SliceStable(cs, func(a, b int) bool { return key(cs[a]) < key(cs[b]) })
		for _, c := range cs {
			drop(c)
			if countSolutions(rd.Digits) != 0 {
				break
			}
		}
	}
	if dropped {
		sort.Slice(rd.Corrections, func(a, b int) bool { return rd.Corrections[a].Cell < rd.Corrections[b].Cell })
	}
	return dropped
}
