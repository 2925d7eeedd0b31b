package web

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// solverPanel is what the solver does for the player: the live count of
// solutions, Solve, Check, Show candidates, Clear, Explain all steps (its
// own component) and Watch the solver.
type solverPanel struct {
	app.Compo

	Open       bool
	Count      string // the live count's sentence
	CountClass string // unique, bad or open
	Explain    explainState
	On         uiHandler
}

func (p *solverPanel) Render() app.UI {
	renders.add("solver")
	return panelBox(panelSolver, "Solver", p.Open, p.On,
		app.P().ID("count").Class("count "+p.CountClass).Role("status").Text(p.Count),
		app.Div().ID("actions").Class("controls").Role("group").Aria("label", "Puzzle").Body(
			app.Button().ID("solve").Class("btn").Text("Solve").Title("Fill in the solution").OnClick(send(p.On, "solve")),
			app.Button().ID("check").Class("btn").Text("Check").Title("Do my digits agree with the solution?").OnClick(send(p.On, "check")),
			app.Button().ID("candidates").Class("btn").Text("Show candidates").
				Title("Fill every empty cell with the digits the rules allow").OnClick(send(p.On, "candidates")),
			app.Button().ID("true-candidates").Class("btn").Text("True candidates").
				Title("Fill every empty cell with the digits it holds in some solution").OnClick(send(p.On, "true-candidates")),
			app.Button().ID("clear").Class("btn").Text("Clear").Title("Remove my digits and marks, keep the clues").OnClick(send(p.On, "clear")),
			app.Button().ID("watch").Class("btn").Text("Watch the solver").
				Title("Replay the solver's search on these clues").OnClick(send(p.On, "watch")),
		),
		&explainPanel{State: p.Explain, On: p.On},
	)
}
