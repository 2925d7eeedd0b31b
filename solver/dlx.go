package solver

import "sudoku/solver/trace"

// dlxEngine is Knuth's Algorithm X with dancing links on the exact-cover
// form of the puzzle. Each of the 729 rows places one digit in one cell; the
// columns are the constraints: every cell holds one digit (81 columns), and
// every unit holds each digit once (9 columns per unit: 243 for the standard
// game, 261 with the diagonals). The matrix is built from the variant's
// unit tables, so it serves every variant. It is the independent engine the
// tests compare the default engine against.
type dlxEngine struct{}

func (dlxEngine) Name() string { return "dlx" }

// dlx holds the linked matrix. Node 0 is the root; nodes 1..ncols are the
// column headers; the rest are the ones of the matrix.
type dlx struct {
	l, r, u, d []int32
	col        []int32 // column header of each node
	row        []int16 // matrix row (cell*9 + digit-1) of each node
	size       []int32 // ones left in each column
	budget     budget
	limit      int
	count      int
	first      Grid
	guesses    int64
	partial    [81]int16 // rows chosen on the current path
	depth      int
	t          *dlxTrace // nil unless tracing; see dlxtrace.go
}

func (e dlxEngine) Solve(g Grid, opt Options) (Result, error) { return e.solve(g, opt, nil) }

// solve solves g, recording a trace in tr unless it is nil.
func (dlxEngine) solve(g Grid, opt Options, tr *trace.Trace) (Result, error) {
	if err := opt.prepare(&g); err != nil {
		return Result{}, err
	}
	v := opt.Variant
	ncols := 81 + 9*len(v.units)
	perRow := 0
	for c := 0; c < 81; c++ {
		perRow = max(perRow, 1+len(v.unitsOf[c]))
	}
	n := 1 + ncols + 729*perRow
	x := &dlx{
		l: make([]int32, n), r: make([]int32, n), u: make([]int32, n), d: make([]int32, n),
		col: make([]int32, n), row: make([]int16, n), size: make([]int32, ncols+1),
		budget: budget{max: opt.MaxNodes, ctx: opt.Context}, limit: opt.Limit,
	}
	for i := 0; i <= ncols; i++ {
		x.l[i], x.r[i] = int32(i-1), int32(i+1)
		x.u[i], x.d[i], x.col[i] = int32(i), int32(i), int32(i)
	}
	x.l[0], x.r[ncols] = int32(ncols), 0
	if tr != nil {
		x.t = &dlxTrace{Trace: tr, v: v}
	}
	next := int32(ncols + 1)
	var rowStart [729]int32
	for c := 0; c < 81; c++ {
		for d := 0; d < 9; d++ {
			rowStart[c*9+d] = next
			first := next
			add := func(column int) {
				h := int32(column)
				x.col[next], x.row[next] = h, int16(c*9+d)
				x.u[next], x.d[next] = x.u[h], h
				x.d[x.u[h]] = next
				x.u[h] = next
				x.size[h]++
				if next != first { // the row's links are closed into a ring below
					x.l[next], x.r[next-1] = next-1, next
				}
				next++
			}
			add(1 + c)
			for _, u := range v.unitsOf[c] {
				add(1 + 81 + u*9 + d)
			}
			x.l[first] = next - 1
			x.r[next-1] = first
		}
	}
	// Place the clues by choosing their rows up front.
	for c, d := range g {
		if d == 0 {
			continue
		}
		r := rowStart[c*9+int(d)-1]
		for j := r; ; {
			if x.covered(x.col[j]) {
				return Result{}, nil // two clues claim one constraint (Check catches this first)
			}
			if j = x.r[j]; j == r {
				break
			}
		}
		if x.t != nil {
			x.traceRemoved(r)
		}
		for j := r; ; {
			x.cover(x.col[j])
			if j = x.r[j]; j == r {
				break
			}
		}
		if x.t != nil {
			x.emitChosen(x.chosenEvent(r, trace.KindAssign, trace.RuleClue, -1))
		}
		x.partial[x.depth] = x.row[r]
		x.depth++
	}
	x.search()
	res := Result{Count: x.count, Solution: x.first, Stats: Stats{Nodes: x.budget.nodes, Guesses: x.guesses}}
	return res, x.budget.err
}

// covered reports whether column header c has been unlinked from the header list.
func (x *dlx) covered(c int32) bool { return x.r[x.l[c]] != c }

func (x *dlx) cover(c int32) {
	x.r[x.l[c]], x.l[x.r[c]] = x.r[c], x.l[c]
	for i := x.d[c]; i != c; i = x.d[i] {
		for j := x.r[i]; j != i; j = x.r[j] {
			x.d[x.u[j]], x.u[x.d[j]] = x.d[j], x.u[j]
			x.size[x.col[j]]--
		}
	}
}

func (x *dlx) uncover(c int32) {
	for i := x.u[c]; i != c; i = x.u[i] {
		for j := x.l[i]; j != i; j = x.l[j] {
			x.size[x.col[j]]++
			x.d[x.u[j]], x.u[x.d[j]] = j, j
		}
	}
	x.r[x.l[c]], x.l[x.r[c]] = c, c
}

// search returns false when the solve must stop.
func (x *dlx) search() bool {
	if !x.budget.spend() {
		return false
	}
	if x.r[0] == 0 {
		if x.count == 0 {
			for _, row := range x.partial[:x.depth] {
				x.first[row/9] = uint8(row%9 + 1)
			}
		}
		x.count++
		if x.t != nil {
			x.t.Add(trace.Event{Kind: trace.KindSolution, Cell: -1, Depth: x.t.depth, Unit: -1, From: -1, Size: x.count})
		}
		return x.count < x.limit
	}
	// Choose the column with the fewest ones (Knuth's S heuristic).
	best, bestSize := int32(-1), int32(1<<30)
	for c := x.r[0]; c != 0; c = x.r[c] {
		if x.size[c] < bestSize {
			best, bestSize = c, x.size[c]
			if bestSize <= 1 {
				break
			}
		}
	}
	if x.t != nil {
		x.traceColumn(best, bestSize)
	}
	if bestSize == 0 {
		return true // a constraint no row can meet: dead end
	}
	x.cover(best)
	ok := true
	for r := x.d[best]; r != best && ok; r = x.d[r] {
		if bestSize > 1 {
			x.guesses++
		}
		x.partial[x.depth] = x.row[r]
		x.depth++
		if x.t != nil {
			x.traceRemoved(r)
		}
		for j := x.r[r]; j != r; j = x.r[j] {
			x.cover(x.col[j])
		}
		if x.t != nil {
			x.traceBranch(r, best, bestSize)
		}
		ok = x.search()
		for j := x.l[r]; j != r; j = x.l[j] {
			x.uncover(x.col[j])
		}
		x.depth--
		if x.t != nil && ok && bestSize > 1 {
			x.t.depth--
			x.t.Add(trace.Event{Kind: trace.KindBacktrack, Cell: -1, Depth: x.t.depth, Unit: -1, From: -1})
		}
	}
	x.uncover(best)
	return ok
}
