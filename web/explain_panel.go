package web

import (
	"fmt"
	"strconv"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// explainPanel is "Explain all steps": a disclosure button and, while open,
// the puzzle's grade, the step controls and the list of steps (a listbox,
// mounted a chunk at a time: busy until every step is listed and the
// board shows the step in every row).
// It is fed a copy of the root's explainState and sends the choices back as
// uiEvents: "explain" (open or close), "explain-build", "explain-step" (the
// step's index as the value), "explain-prev", "explain-next" and
// "explain-key" (a listbox key, moving from the root's current step).
type explainPanel struct {
	app.Compo

	State explainState
	On    uiHandler
}

func (p *explainPanel) Render() app.UI {
	renders.add("explain")
	m := &p.State
	label := "Explain all steps"
	if m.open {
		label = "Close explanation"
	}
	return app.Section().ID("explain").Class("explain").Aria("label", "Explanation").Body(
		app.Button().ID("explain-toggle").Class("btn").Text(label).
			Title("The whole logical solution from your position, step by step; your game is not changed").
			Aria("expanded", m.open).Aria("controls", "explain-panel").OnClick(send(p.On, "explain")),
		app.If(m.open, p.renderSteps()),
	)
}

func (p *explainPanel) renderSteps() app.UI {
	m := &p.State
	n := len(m.steps)
	return app.Div().ID("explain-panel").Class("explain-panel").Aria("busy", m.busy).
		DataSet("build-ms", strconv.FormatFloat(float64(m.took.Microseconds())/1000, 'f', 1, 64)).Body(
		app.If(m.grade != "", app.P().ID("explain-grade").Class("explain-grade").Text("Puzzle grade: "+m.grade)),
		app.P().ID("explain-msg").Class("explain-msg").Role("status").Text(m.msg+m.summary),
		app.If(m.msg != "" && !m.busy && m.msg != "Working…",
			app.Button().ID("explain-build").Class("btn").Text("Explain from here").OnClick(send(p.On, "explain-build")),
		),
		app.If(n > 0, app.Div().Class("explain-controls").Body(
			app.Button().ID("explain-prev").Class("btn").Text("Previous step").Disabled(m.cur == 0).OnClick(send(p.On, "explain-prev")),
			app.Label().For("explain-range").Class("explain-range-label").Text("Step"),
			app.Input().ID("explain-range").Class("explain-range").Type("range").
				Min(1).Max(max(n, 1)).Step(1).Value(strconv.Itoa(m.cur+1)).
				Aria("valuetext", fmt.Sprintf("step %d of %d", m.cur+1, n)).OnInput(p.onRange),
			app.Button().ID("explain-next").Class("btn").Text("Next step").Disabled(m.cur >= n-1).OnClick(send(p.On, "explain-next")),
		)),
		app.If(n > 0, app.P().ID("explain-current").Class("explain-current").Aria("live", "polite").Text(m.currentText())),
		app.If(n > 0, app.Ol().ID("explain-steps").Class("explain-steps").Role("listbox").TabIndex(0).
			Aria("label", "Steps").Aria("activedescendant", stepID(m.cur)).Aria("busy", strconv.FormatBool(m.mounting())).
			OnClick(p.onListClick).OnKeyDown(p.onListKey).Body(
			app.Range(m.steps[:m.listedSteps()]).Slice(func(i int) app.UI {
				st := &m.steps[i]
				class := "explain-step"
				if i == m.cur {
					class += " current"
				}
				return app.Li().ID(stepID(i)).Class(class).Role("option").Aria("selected", i == m.cur).
					DataSet("step", i).DataSet("technique", st.Technique.String()).Body(
					app.Span().Class("step-num").Text(strconv.Itoa(i+1)+". "),
					app.Span().Class("step-tech").Text(st.Technique.String()),
					app.Span().Class("step-level").Text(" ("+st.Technique.Level().String()+"): "),
					app.Span().Class("step-text").Text(st.Text),
				)
			}),
		)),
	)
}

func (p *explainPanel) sendStep(ctx app.Context, i int) {
	ui(ctx, p.On, uiEvent{name: "explain-step", value: strconv.Itoa(i)})
}

// onRange follows the slider (1-based).
func (p *explainPanel) onRange(ctx app.Context, e app.Event) {
	if n, err := strconv.Atoi(ctx.JSSrc().Get("value").String()); err == nil {
		p.sendStep(ctx, n-1)
	}
}

// onListClick selects the clicked step.
func (p *explainPanel) onListClick(ctx app.Context, e app.Event) {
	li := e.Get("target").Call("closest", "[data-step]")
	if !li.Truthy() {
		return
	}
	if n, err := strconv.Atoi(li.Get("dataset").Get("step").String()); err == nil {
		p.sendStep(ctx, n)
	}
}

// onListKey moves through the list the way a listbox does. The root moves
// from its current step (keys may come faster than this panel repaints).
func (p *explainPanel) onListKey(ctx app.Context, e app.Event) {
	key := e.Get("key").String()
	if _, ok := listKey(key, 0, len(p.State.steps)); ok {
		e.PreventDefault()
		ui(ctx, p.On, uiEvent{name: "explain-key", value: key})
	}
}
