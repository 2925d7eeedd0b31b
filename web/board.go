package web

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"sudoku/solver"
)

// cellView is what the board shows of one cell.
type cellView struct {
	Digit      uint8
	Clue       bool   // a given of the puzzle
	Solved     bool   // filled in by Solve
	Conflict   bool   // the digit also appears in a peer
	Wrong      bool   // marked by Check, Hint or the mistake check
	Corner     marks  // corner marks (candidates), empty cells only
	Centre     marks  // centre marks, empty cells only
	Colour     uint8  // 0 or 1-9
	Could      marks  // the digits that can still go here (empty cells): its marks, or else the rules' candidates
	Peer       bool   // a peer of the selected cell outside its row, column and box (a diagonal's), when highlighting
	Hint       bool   // in the pattern of the last hint
	HintTarget bool   // filled or narrowed by the last hint's step
	HintMarks  marks  // the hint's candidates in this cell (pattern, removed, placed)
	HintElim   marks  // of which removed
	HintPlace  marks  // of which placed
	Explain    bool   // shows the Explain panel's position, not the player's marks
	Stepped    bool   // Digit was placed by an earlier step of the explanation
	Unit       bool   // in a unit of the explained step
	Size       int    // the grid's side, 0 for 9 (a variant puzzle's N)
	Notes      string // the cell's constraints in words, for its accessible name ("on a thermometer, third from the bulb")

	// The Watch panel's replay (watch_view.go) draws its grid with the
	// board too: how each digit was placed, the current event's cell, the
	// cells a backtrack emptied, and its own label for each cell.
	Placed  string // the class of the rule that placed Digit ("w-naked", ...), or ""
	Current bool   // the current event's cell
	Undone  bool   // emptied by the current event (a backtrack)
	Label   string // the cell's name for screen readers instead of cellLabel's, or ""
	Mark    string // a class of its own: the scan review's "scan-unsure" and "scan-fixed"
}

// boardLink is a line over the board between two candidates, in cells from
// the top left corner: a chain's link, solid when strong, dashed when weak.
type boardLink struct {
	X1, Y1, X2, Y2 float64
	Strong         bool
	From, To       string // the candidates it joins, "r3c5=7" (data-from, data-to)
}

// board is the 9x9 grid. It is one tab stop (role grid): the selected cell
// is its active descendant, moved with the arrow keys, Home/End and
// Ctrl+Home/End; every cell is announced by cellLabel. The board keeps no
// state: the root passes the cells in and gets commands and clicks back.
//
// The same component draws the Watch panel's replay: read-only (a table of
// cells that takes no input and no focus), under its own id and cell ids.
type board struct {
	app.Compo

	ID       string // the grid's id; "board" when empty
	Class    string // classes added to "board"
	Label    string // the grid's name; "Sudoku board" when empty
	CellID   string // the cells' id prefix; "cell-" when empty
	ReadOnly bool   // a picture: role table, no focus, no input

	// Cells is what each cell shows. A caller that renders often keeps
	// the same array while nothing changed (root.boardCells): go-app then
	// compares the pointers, not 81 cells field by field.
	Cells    *[81]cellView
	Selected int
	Diagonal []bool // cells of the variant's extra units, shaded
	Editing  bool
	Shade    boardShade  // what the style sheet shades around the selection
	Links    []boardLink // drawn over the cells (the explained step's chain)
	// Rules, for a variant puzzle, are its own rules: the board is
	// Rules.Size cells wide and draws them (rules_view.go); nil for the
	// classic 9x9 board with CSS-drawn boxes.
	Rules *solver.Rules
	// Rows, above 0, mounts only the first rows: the Watch panel mounts
	// its read-only grid a few rows a frame (watchPanel.mountRows). 0
	// mounts every row.
	Rows      int
	OnSelect  *callback[func(ctx app.Context, cell int)]
	OnCommand *callback[func(ctx app.Context, c command)]

	boxes     [81]int8 // each cell's box or region (cellBoxes), for boxesFor
	boxesFor  *solver.Rules
	boxesDone bool
	// cells holds each cell's view as the rows and cells were last given
	// it: a new pointer only when the view changed (cellPointers), so that
	// go-app's comparison of a row's or a cell's fields (reflect.DeepEqual,
	// which takes equal pointers as equal at once) does not walk the views
	// of the cells that did not change.
	cells [81]*cellView
}

// cellPointers updates b.cells from b.Cells.
func (b *board) cellPointers() {
	var none [81]cellView
	cv := b.Cells
	if cv == nil {
		cv = &none
	}
	for i := range cv {
		if p := b.cells[i]; p == nil || *p != cv[i] {
			c := cv[i]
			b.cells[i] = &c
		}
	}
}

// boardShade is what the board shades around the selection. The style
// sheet does it from classes of the grid's element (pr, pc and pb: the
// selected cell's row, column and box; sd: the highlighted digit; md: the
// digit whose corner marks stand out) and of each cell (its row, column,
// box and digit, and o1-o9: the digits that can still go in it), which
// change only with the cell: a move or a new highlighted digit then
// changes the grid's element and the two cells' selected state, not the
// dozens of cells whose shade changes, so that go-app renders two cells
// instead of about sixteen (make measure).
type boardShade struct {
	Peers bool  // the selected cell's row, column and box (the highlight setting)
	Same  uint8 // the cells holding this digit and those where it can still go; 0 for none
	Marks uint8 // the corner marks of this digit stand out; 0 for none
}

// cellBoxes numbers each cell's box (for a variant puzzle, its region) from
// 0, the boxes' order in the rules; -1 for a cell of none. nil rules are the
// classic 9x9 grid.
func cellBoxes(rules *solver.Rules) [81]int8 {
	var out [81]int8
	if rules == nil {
		for i := range out {
			out[i] = int8(i/27*3 + i%9/3)
		}
		return out
	}
	for i := range out {
		out[i] = -1
	}
	n := rules.Size
	// The rules' units are the rows and columns (2n), then the n boxes or
	// regions (solver.Rules.build).
	for b := 0; b < n && 2*n+b < rules.NumUnits(); b++ {
		for _, c := range rules.Unit(2*n + b) {
			if c >= 0 && c < len(out) {
				out[c] = int8(b)
			}
		}
	}
	return out
}

// cellBoxes returns the boxes of the board's grid, computed once per rules.
func (b *board) cellBoxes() *[81]int8 {
	if !b.boxesDone || b.boxesFor != b.Rules {
		b.boxes, b.boxesFor, b.boxesDone = cellBoxes(b.Rules), b.Rules, true
	}
	return &b.boxes
}

// shadeClass is the grid element's classes for b.Shade (see boardShade).
func (b *board) shadeClass(n int, boxes *[81]int8) string {
	class := ""
	if s := b.Selected; b.Shade.Peers && s >= 0 && s < n*n {
		class += " pr" + strconv.Itoa(s/n) + " pc" + strconv.Itoa(s%n)
		if boxes[s] >= 0 {
			class += " pb" + strconv.Itoa(int(boxes[s]))
		}
	}
	if d := b.Shade.Same; d != 0 {
		class += " sd" + strconv.Itoa(int(d))
	}
	if d := b.Shade.Marks; d != 0 {
		class += " md" + strconv.Itoa(int(d))
	}
	return class
}

func (b *board) Render() app.UI {
	renders.add("board")
	class := "board"
	if b.Editing {
		class += " editing"
	}
	n := 9
	if b.Rules != nil {
		n = b.Rules.Size
		class += " variant n" + strconv.Itoa(n)
		if outsideClues(b.Rules) {
			class += " outside"
		}
	}
	if b.Class != "" {
		class += " " + b.Class
	}
	var boxes *[81]int8
	if !b.ReadOnly {
		boxes = b.cellBoxes()
		class += b.shadeClass(n, boxes)
	}
	id, label := or(b.ID, "board"), or(b.Label, "Sudoku board")
	b.cellPointers()
	shown := n
	if b.Rows > 0 && b.Rows < n {
		shown = b.Rows
	}
	rows := app.Range(rowsOf9[:shown]).Slice(func(row int) app.UI {
		r := &boardRow{Row: row, N: n, Selected: -1, Editing: b.Editing, CellID: or(b.CellID, "cell-"), ReadOnly: b.ReadOnly}
		copy(r.Cells[:n], b.cells[row*n:row*n+n])
		if boxes != nil {
			copy(r.Boxes[:n], boxes[row*n:row*n+n])
		}
		if b.Selected >= 0 && b.Selected/n == row {
			r.Selected = b.Selected % n
		}
		if len(b.Diagonal) == 81 {
			copy(r.Diagonal[:n], b.Diagonal[row*n:row*n+n])
		}
		return r
	})
	if b.ReadOnly {
		return app.Div().ID(id).Class(class).Role("table").Aria("label", label).Body(rows, app.If(b.Rules != nil, &rulesOverlay{Rules: b.Rules}))
	}
	return app.Div().ID(id).Class(class).Role("grid").TabIndex(0).
		Aria("label", label).
		Aria("activedescendant", cellID(b.Selected)).
		OnKeyDown(b.onKeyDown).
		OnClick(b.onClick).
		Body(rows, app.If(b.Rules != nil, &rulesOverlay{Rules: b.Rules}), app.If(len(b.Links) > 0, b.renderLinks()))
}

// ptr is a pointer to a copy of v.
func ptr[T any](v T) *T { return &v }

// or is s, or else def when s is empty.
func or(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// svgNS is the namespace of the links' SVG elements. They are styled by
// their id and data attributes: go-app sets a class through the className
// property, which SVG elements do not take.
const svgNS = "http://www.w3.org/2000/svg"

// renderLinks draws the links as an SVG layer over the cells, one unit per
// cell; it ignores the pointer so clicks reach the cells.
func (b *board) renderLinks() app.UI {
	n := "9"
	if b.Rules != nil {
		n = strconv.Itoa(b.Rules.Size)
	}
	return app.Elem("svg").XMLNS(svgNS).ID("explain-links").Attr("viewBox", "0 0 "+n+" "+n).
		Attr("preserveAspectRatio", "none").Aria("hidden", true).Body(
		app.Range(b.Links).Slice(func(i int) app.UI {
			l := b.Links[i]
			kind := "weak"
			if l.Strong {
				kind = "strong"
			}
			return app.Elem("line").XMLNS(svgNS).DataSet("link", kind).DataSet("from", l.From).DataSet("to", l.To).
				Attr("x1", svgNum(l.X1)).Attr("y1", svgNum(l.Y1)).Attr("x2", svgNum(l.X2)).Attr("y2", svgNum(l.Y2))
		}),
	)
}

func svgNum(x float64) string { return strconv.FormatFloat(x, 'f', 3, 64) }

// rowsOf9 gives app.Range nine items.
var rowsOf9 = make([]struct{}, 9)

func cellID(i int) string { return "cell-" + strconv.Itoa(i) }

// boardRow is one row of the board. It holds only data, so that go-app
// skips the rows whose cells did not change (it compares a component's
// fields before rendering it again), and within a row the cells
// (boardCell) that did not: a key press renders a few cells, not 81.
// Clicks are handled by the board.
type boardRow struct {
	app.Compo

	Row      int
	N        int          // cells in a row: the grid's size
	Cells    [9]*cellView // the board's, unchanged while the cell's view is (board.cells)
	Selected int          // column of the selected cell, -1 when it is in another row
	Diagonal [9]bool
	Boxes    [9]int8 // the cells' boxes (cellBoxes); unused when ReadOnly
	Editing  bool
	CellID   string // the cells' id prefix
	ReadOnly bool   // cells of a read-only grid (role cell, no state)
}

func (r *boardRow) Render() app.UI {
	renders.add("row")
	return app.Div().Class("row").Role("row").Body(
		app.Range(rowsOf9[:r.N]).Slice(func(col int) app.UI {
			return &boardCell{Index: r.Row*r.N + col, N: r.N, Box: r.Boxes[col], Cell: r.Cells[col], Selected: col == r.Selected,
				Diagonal: r.Diagonal[col], Editing: r.Editing, CellID: r.CellID, ReadOnly: r.ReadOnly}
		}),
	)
}

// boardCell is one cell of the board, a component of data only as the rows
// are: go-app renders again only the cells whose view changed (a move
// changes two cells, not the rows they are in; the shading around the
// selection is the grid's, boardShade).
type boardCell struct {
	app.Compo

	Index    int       // the cell's number, r*N+c
	N        int       // the grid's side
	Box      int8      // the cell's box or region (cellBoxes), -1 for none
	Cell     *cellView // never nil; the board's (board.cells)
	Selected bool
	Diagonal bool
	Editing  bool
	CellID   string
	ReadOnly bool
}

func (b *boardCell) Render() app.UI {
	renders.add("cell")
	i, c := b.Index, *b.Cell
	class := "cell"
	switch {
	case c.Digit != 0 && c.Placed != "":
		class += " " + c.Placed // the replay's digits, by the rule that placed them
	case c.Clue:
		class += " clue"
	case c.Solved:
		class += " entry solved"
	case c.Digit != 0:
		class += " entry"
	}
	for _, f := range []struct {
		on   bool
		name string
	}{
		{c.Conflict, "conflict"}, {c.Wrong, "wrong"}, {c.Hint, "hint"}, {c.HintTarget, "hint-target"},
		{b.Selected, "selected"}, {b.Diagonal, "diag"}, {c.Peer, "peer"},
		{c.Explain, "explain"}, {c.Stepped, "stepped"}, {c.Unit, "unit"},
	} {
		if f.on {
			class += " " + f.name
		}
	}
	if c.Colour != 0 {
		class += " colour-" + strconv.Itoa(int(c.Colour))
	}
	if c.Current {
		class += " w-current"
	}
	if c.Undone {
		class += " w-undone"
	}
	if c.Mark != "" {
		class += " " + c.Mark
	}
	if !b.ReadOnly {
		class += b.unitClass()
	}
	label := c.Label
	if label == "" {
		label = cellLabel(i, c)
	}
	var el app.HTMLDiv
	if b.ReadOnly {
		el = app.Div().ID(b.CellID+strconv.Itoa(i)).Class(class).Role("cell").Aria("label", label)
	} else {
		el = app.Div().ID(b.CellID+strconv.Itoa(i)).Class(class).Role("gridcell").
			Aria("label", label).
			Aria("selected", b.Selected).
			Aria("readonly", c.Clue && !b.Editing).
			Aria("invalid", c.Conflict || c.Wrong).
			DataSet("cell", i)
	}
	if c.Digit != 0 {
		return el.Text(strconv.Itoa(int(c.Digit)))
	}
	corner := c.Corner | c.HintMarks
	if corner == 0 && c.Centre == 0 {
		return el
	}
	// Marks are hidden from screen readers: the cell's label says them. Their
	// digits are drawn by the style sheet (the m1-m9 classes, data-marks), so
	// that the cell's visible text does not differ from its label (axe's
	// label-content-name-mismatch).
	return el.Body(
		app.If(corner != 0, app.Div().Class("corner").Aria("hidden", true).Body(
			app.Range(digits19).Slice(func(k int) app.UI {
				d := digits19[k]
				if !corner.Has(d) {
					return nil
				}
				return app.Span().Class(markClass(d, c))
			}),
		)),
		app.If(c.Centre != 0, app.Div().Class("centre").Aria("hidden", true).DataSet("marks", digitsText(c.Centre))),
	)
}

var digits19 = []uint8{1, 2, 3, 4, 5, 6, 7, 8, 9}

// unitClass is the cell's classes for the grid's shading (boardShade): its
// row, column and box ("r0 c4 b1"), and its digit ("d5") or the digits
// that can still go in it ("o1 o5"). An explained cell (the Explain panel's
// position) has no digit or open classes: the player's highlight does not
// shade it.
func (b *boardCell) unitClass() string {
	i, c, n := b.Index, b.Cell, max(b.N, 1)
	class := " r" + strconv.Itoa(i/n) + " c" + strconv.Itoa(i%n)
	if b.Box >= 0 {
		class += " b" + strconv.Itoa(int(b.Box))
	}
	switch {
	case c.Explain:
	case c.Digit != 0:
		class += " d" + strconv.Itoa(int(c.Digit))
	default:
		for d := uint8(1); d <= 9; d++ {
			if c.Could.Has(d) {
				class += " o" + strconv.Itoa(int(d))
			}
		}
	}
	return class
}

// markClass is the class of corner mark d: its fixed place in the cell
// (m1 top left to m9 bottom right) and how the hint sees it (the
// highlighted digit's marks are the style sheet's: boardShade).
func markClass(d uint8, c cellView) string {
	class := "m m" + strconv.Itoa(int(d))
	switch {
	case c.HintPlace.Has(d):
		class += " hint-place"
	case c.HintElim.Has(d):
		class += " hint-elim"
	case c.HintMarks.Has(d):
		class += " hint-pattern"
	}
	if !c.Corner.Has(d) {
		class += " hint-only" // shown for the hint, not one of the player's marks
	}
	return class
}

// onClick selects the clicked cell (found from the event's target, so that
// the rows need no handlers) and keeps the keyboard focus on the board.
func (b *board) onClick(ctx app.Context, e app.Event) {
	cell := e.Get("target").Call("closest", ".cell")
	if !cell.Truthy() {
		return
	}
	i, err := strconv.Atoi(cell.Get("dataset").Get("cell").String())
	if err != nil || i < 0 || i >= 81 { // the root checks the grid's size
		return
	}
	if app.IsClient {
		app.Window().GetElementByID("board").Call("focus")
	}
	b.OnSelect.call(ctx, func(f func(app.Context, int)) { f(ctx, i) })
}

// onKeyDown maps the key to a command (keyCommand) at once, so that the
// default action of a handled key (scrolling for arrows and space, the
// browser's Ctrl+Z) is prevented while the browser still waits; ctx.Emit
// runs the command later.
func (b *board) onKeyDown(ctx app.Context, e app.Event) {
	if b.OnCommand == nil {
		return
	}
	k := keyPress{
		Key:   e.Get("key").String(),
		Code:  e.Get("code").String(),
		Shift: e.Get("shiftKey").Bool(),
		Ctrl:  e.Get("ctrlKey").Bool() || e.Get("metaKey").Bool(),
		Alt:   e.Get("altKey").Bool(),
	}
	c, ok := keyCommand(k)
	if !ok {
		return // Tab, Ctrl+V and the rest keep their default action
	}
	e.PreventDefault()
	b.OnCommand.call(ctx, func(f func(app.Context, command)) { f(ctx, c) })
}
