package web

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// cellView is what the board shows of one cell.
type cellView struct {
	Digit      uint8
	Clue       bool // a given of the puzzle
	Solved     bool // filled in by Solve
	Conflict   bool // the digit also appears in a peer
	Wrong      bool // marked by Check or Hint
	Hint       bool // in the pattern of the last hint
	HintTarget bool // filled or narrowed by the last hint's step
}

// board is the 9x9 grid. It is one tab stop (role grid): the selected cell
// is its active descendant, moved with the arrow keys; every cell is
// announced as "row 3, column 5, 7" or "row 3, column 5, empty". The board
// keeps no state: the root passes the cells in and gets keys and clicks back.
type board struct {
	app.Compo

	Cells    [81]cellView
	Selected int
	Diagonal bool
	Editing  bool
	OnSelect func(ctx app.Context, cell int)
	OnKey    func(ctx app.Context, key string) // one of boardKeys
}

func (b *board) Render() app.UI {
	class := "board"
	if b.Diagonal {
		class += " diagonal"
	}
	if b.Editing {
		class += " editing"
	}
	return app.Div().ID("board").Class(class).Role("grid").TabIndex(0).
		Aria("label", "Sudoku board").
		Aria("activedescendant", cellID(b.Selected)).
		OnKeyDown(b.onKeyDown).
		Body(app.Range(rowsOf9).Slice(func(row int) app.UI {
			return app.Div().Class("row").Role("row").Body(
				app.Range(rowsOf9).Slice(func(col int) app.UI {
					return b.renderCell(row*9 + col)
				}),
			)
		}))
}

// rowsOf9 gives app.Range nine items.
var rowsOf9 = make([]struct{}, 9)

func cellID(i int) string { return "cell-" + strconv.Itoa(i) }

func (b *board) renderCell(i int) app.UI {
	c := b.Cells[i]
	class := "cell"
	switch {
	case c.Clue:
		class += " clue"
	case c.Solved:
		class += " entry solved"
	case c.Digit != 0:
		class += " entry"
	}
	if c.Conflict {
		class += " conflict"
	}
	if c.Wrong {
		class += " wrong"
	}
	if c.Hint {
		class += " hint"
	}
	if c.HintTarget {
		class += " hint-target"
	}
	if i == b.Selected {
		class += " selected"
	}
	if b.Diagonal && (i/9 == i%9 || i/9+i%9 == 8) {
		class += " diag"
	}
	text := ""
	if c.Digit != 0 {
		text = strconv.Itoa(int(c.Digit))
	}
	return app.Div().ID(cellID(i)).Class(class).Role("gridcell").
		Aria("label", cellLabel(i, c.Digit)).
		Aria("selected", i == b.Selected).
		Aria("readonly", c.Clue && !b.Editing).
		Aria("invalid", c.Conflict || c.Wrong).
		DataSet("cell", i).
		OnClick(b.onCellClick(i)).
		Text(text)
}

func (b *board) onCellClick(i int) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		if app.IsClient {
			app.Window().GetElementByID("board").Call("focus")
		}
		if b.OnSelect != nil {
			ctx.Emit(func() { b.OnSelect(ctx, i) })
		}
	}
}

// boardKeys are the keys the board handles: their default action (scrolling
// for arrows and space) is prevented.
var boardKeys = map[string]bool{
	"1": true, "2": true, "3": true, "4": true, "5": true, "6": true, "7": true, "8": true, "9": true,
	"0": true, ".": true, " ": true, "Backspace": true, "Delete": true,
	"ArrowUp": true, "ArrowDown": true, "ArrowLeft": true, "ArrowRight": true, "Home": true, "End": true,
}

func (b *board) onKeyDown(ctx app.Context, e app.Event) {
	if b.OnKey == nil {
		return
	}
	if e.Get("ctrlKey").Bool() || e.Get("metaKey").Bool() || e.Get("altKey").Bool() {
		return // leave shortcuts such as Ctrl+V to the browser
	}
	key := e.Get("key").String()
	if !boardKeys[key] {
		return // Tab and the rest keep their default action
	}
	// Now, while the browser still waits for the handler: ctx.Emit runs
	// its function later.
	e.PreventDefault()
	ctx.Emit(func() { b.OnKey(ctx, key) })
}
