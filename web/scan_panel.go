package web

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"sudoku/web/worker"
)

// scanPanel is the review of a scanned picture, in the board's place: the
// picture with the grid found outlined and the digits read over their
// cells, and a board of the reading (the board component, its own ids)
// that takes the usual keys; the page's keypad below types into it. "Use
// this puzzle" and Cancel, above the views and kept in view, send their
// events to the root.
type scanPanel struct {
	app.Compo

	Photo    string // the picture's URL
	Busy     bool
	Failed   bool
	Msg      string
	Reading  *worker.Scan
	Cells    [81]cellView
	Selected int
	OnSelect *callback[func(ctx app.Context, cell int)]
	OnKey    *callback[func(ctx app.Context, c command)]
	On       uiHandler
}

func (p *scanPanel) Render() app.UI {
	renders.add("scan")
	return app.Section().ID("scan-panel").Class("scan").Aria("labelledby", "scan-title").
		DataSet("state", p.state()).OnKeyDown(escapeCloses(p.On)).Body(
		app.H2().ID("scan-title").TabIndex(-1).Text("Check the scanned puzzle"),
		// The actions come first and stay in view (sticky at the top while
		// the review scrolls), so that a phone reaches "Use this puzzle"
		// without scrolling past the photo, the board and the keypad.
		app.Div().ID("scan-actions").Class("row-controls scan-actions").Body(
			app.Button().ID("scan-use").Class("btn primary").Text("Use this puzzle").
				Disabled(p.Busy || p.Failed || p.Reading == nil).OnClick(send(p.On, "scan-use")),
			app.Button().ID("scan-cancel").Class("btn").Text("Cancel").Title("Back to your game (Escape)").
				OnClick(send(p.On, "close")),
		),
		app.Div().Class("scan-views").Body(
			app.Figure().Class("scan-photo").Body(
				app.If(p.Photo != "", app.Img().ID("scan-photo").Src(p.Photo).Alt("The picture read")),
				app.If(p.Reading != nil, p.renderOverlay()),
			),
			app.If(p.Reading != nil, &board{ID: "scan-board", CellID: "scan-cell-", Label: "The puzzle as read",
				Class: "scan-board", Selected: p.Selected, Cells: p.cellsCopy(), OnSelect: p.OnSelect, OnCommand: p.OnKey}),
		),
		app.P().ID("scan-msg").Class(p.msgClass()).Role("status").Text(p.Msg),
	)
}

func (p *scanPanel) state() string {
	switch {
	case p.Busy:
		return "reading"
	case p.Failed:
		return "failed"
	}
	return "read"
}

func (p *scanPanel) msgClass() string {
	if p.Failed {
		return "message error"
	}
	return "message info"
}

// renderOverlay draws, over the picture, the grid's outline as found and
// each digit read at its cell's centre (the cells mapped from the square
// onto the outline's four corners), marked like the board's cells. It is
// a picture for the eye: the board beside it says the same to everyone.
func (p *scanPanel) renderOverlay() app.UI {
	sc := p.Reading
	if sc == nil { // app.If builds its content whatever the condition
		return nil
	}
	c := sc.Corners
	pts := ""
	for _, q := range c {
		pts += svgNum(q.X) + "," + svgNum(q.Y) + " "
	}
	size := max(sc.Width, sc.Height)
	return app.Elem("svg").XMLNS(svgNS).ID("scan-overlay").Attr("viewBox", "0 0 "+strconv.Itoa(sc.Width)+" "+strconv.Itoa(sc.Height)).
		Attr("preserveAspectRatio", "none").Aria("hidden", true).Body(
		app.Elem("polygon").XMLNS(svgNS).Attr("points", pts).DataSet("outline", "grid"),
		app.Range(p.Cells[:]).Slice(func(i int) app.UI {
			cell := p.Cells[i]
			if cell.Digit == 0 {
				return nil
			}
			x, y := cellCentre(c, i)
			return app.Elem("text").XMLNS(svgNS).Attr("x", svgNum(x)).Attr("y", svgNum(y)).
				Attr("font-size", svgNum(float64(size)/40)).DataSet("mark", or(cell.Mark, "read")).
				Text(strconv.Itoa(int(cell.Digit)))
		}),
	)
}

// cellCentre is the centre of cell i in the picture: the square's point
// mapped bilinearly onto the corners (top-left, top-right, bottom-right,
// bottom-left).
func cellCentre(c [4]worker.ScanPoint, i int) (x, y float64) {
	u, v := (float64(i%9)+0.5)/9, (float64(i/9)+0.5)/9
	x = (1-u)*(1-v)*c[0].X + u*(1-v)*c[1].X + u*v*c[2].X + (1-u)*v*c[3].X
	y = (1-u)*(1-v)*c[0].Y + u*(1-v)*c[1].Y + u*v*c[2].Y + (1-u)*v*c[3].Y
	return x, y
}

// cellsCopy is the board's cells: a copy, as p.Cells changes in place when
// go-app updates the panel.
func (p *scanPanel) cellsCopy() *[81]cellView {
	cv := p.Cells
	return &cv
}
