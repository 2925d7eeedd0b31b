package web

import (
	"strconv"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// gameInfo is what the page knows of the game beyond its cells, for the
// completion summary and the statistics: where it came from and what help
// the player took. It is saved with the session.
type gameInfo struct {
	Level    string `json:"level,omitempty"` // the generator's level, "" for the player's own puzzle
	Daily    string `json:"daily,omitempty"` // the date of a daily puzzle, 2006-01-02
	Hints    int    `json:"hints,omitempty"`
	Checks   int    `json:"checks,omitempty"`
	Mistakes int    `json:"mistakes,omitempty"` // digits placed that differ from the solution
	Done     bool   `json:"done,omitempty"`     // counted as solved in the statistics
}

// summary is the completion summary: shown when the player completes the
// puzzle, with Next puzzle at the same level.
type summary struct {
	app.Compo

	Open   bool
	Played time.Duration
	Info   gameInfo
	On     uiHandler
}

func (s *summary) Render() app.UI {
	renders.add("summary")
	if !s.Open {
		return app.Div().ID("summary").Hidden(true)
	}
	level := s.Info.Level
	switch {
	case s.Info.Daily != "":
		level = "Daily puzzle of " + s.Info.Daily
	case level == "":
		level = ownLevel
	}
	return app.Section().ID("summary").Class("summary").Aria("labelledby", "summary-title").Body(
		app.H2().ID("summary-title").Text("Solved!"),
		app.Dl().Class("summary-facts").Body(
			app.Dt().Text("Time"), app.Dd().ID("summary-time").Text(formatClock(s.Played)),
			app.Dt().Text("Level"), app.Dd().ID("summary-level").Text(level),
			app.Dt().Text("Hints"), app.Dd().ID("summary-hints").Text(strconv.Itoa(s.Info.Hints)),
			app.Dt().Text("Checks"), app.Dd().ID("summary-checks").Text(strconv.Itoa(s.Info.Checks)),
			app.Dt().Text("Mistakes"), app.Dd().ID("summary-mistakes").Text(strconv.Itoa(s.Info.Mistakes)),
		),
		app.Div().Class("row-controls").Body(
			app.Button().ID("next-puzzle").Class("btn primary").Text("Next puzzle").OnClick(send(s.On, "next")),
			app.Button().ID("summary-stats").Class("btn").Text("Statistics").OnClick(send(s.On, "open:"+panelStats)),
			app.Button().ID("summary-close").Class("btn").Text("Close").OnClick(send(s.On, "summary-close")),
		),
	)
}
