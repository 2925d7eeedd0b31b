package web

import (
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// statsKey is where the page keeps the statistics in local storage.
const statsKey = "sudoku.stats"

// statsVersion is the statistics format written and read.
const statsVersion = 1

// maxTimes is how many solving times a level keeps (the latest), for its
// best and median.
const maxTimes = 500

// ownLevel names the games not made by the generator (pasted, typed,
// linked) in the statistics.
const ownLevel = "Own puzzles"

// statsBook is the player's record: per level the games started and solved
// and the solving times, and the daily puzzle's streak.
type statsBook struct {
	Version int                   `json:"version"`
	Levels  map[string]levelStats `json:"levels,omitempty"`
	Daily   dailyStreak           `json:"daily"`
}

// levelStats is one level's record.
type levelStats struct {
	Played int     `json:"played"`
	Solved int     `json:"solved"`
	Times  []int64 `json:"times_ms,omitempty"` // solving times in milliseconds, the latest maxTimes
}

// dailyStreak counts the days in a row on which the daily puzzle was solved.
type dailyStreak struct {
	Last   string `json:"last,omitempty"` // the date of the last one solved, 2006-01-02
	Streak int    `json:"streak"`
	Best   int    `json:"best"`
}

var errStats = errors.New("not the page's statistics")

// check reports why b cannot be the page's statistics, or nil.
func (b statsBook) check() error {
	if b.Version != statsVersion {
		return fmt.Errorf("%w: version %d", errStats, b.Version)
	}
	for name, l := range b.Levels {
		if l.Played < 0 || l.Solved < 0 || len(l.Times) > maxTimes {
			return fmt.Errorf("%w: level %q", errStats, name)
		}
		for _, t := range l.Times {
			if t < 0 {
				return fmt.Errorf("%w: a negative time in %q", errStats, name)
			}
		}
	}
	if d := b.Daily; d.Streak < 0 || d.Best < d.Streak {
		return fmt.Errorf("%w: the daily streak", errStats)
	}
	if b.Daily.Last != "" {
		if _, err := time.Parse(time.DateOnly, b.Daily.Last); err != nil {
			return fmt.Errorf("%w: the daily date %q", errStats, b.Daily.Last)
		}
	}
	return nil
}

// started counts a game begun at level ("" for the player's own).
func (b *statsBook) started(level string) {
	b.init()
	l := b.Levels[levelName(level)]
	l.Played++
	b.Levels[levelName(level)] = l
}

// solved records a game solved at level in played; daily is the date of a
// daily puzzle ("" for others), which extends or restarts the streak.
func (b *statsBook) solved(level string, played time.Duration, daily string) {
	b.init()
	l := b.Levels[levelName(level)]
	l.Solved++
	l.Played = max(l.Played, l.Solved) // a game started before statistics were kept
	l.Times = append(l.Times, played.Milliseconds())
	if len(l.Times) > maxTimes {
		l.Times = l.Times[len(l.Times)-maxTimes:]
	}
	b.Levels[levelName(level)] = l
	if daily == "" || daily == b.Daily.Last {
		return
	}
	if day, err := time.Parse(time.DateOnly, daily); err == nil && b.Daily.Last == day.AddDate(0, 0, -1).Format(time.DateOnly) {
		b.Daily.Streak++
	} else {
		b.Daily.Streak = 1
	}
	b.Daily.Last = daily
	b.Daily.Best = max(b.Daily.Best, b.Daily.Streak)
}

func (b *statsBook) init() {
	b.Version = statsVersion
	if b.Levels == nil {
		b.Levels = map[string]levelStats{}
	}
}

func levelName(level string) string {
	if level == "" {
		return ownLevel
	}
	return level
}

// best and median are a level's best and median solving times (zero when
// none is recorded).
func (l levelStats) best() time.Duration {
	if len(l.Times) == 0 {
		return 0
	}
	return time.Duration(slices.Min(l.Times)) * time.Millisecond
}

func (l levelStats) median() time.Duration {
	n := len(l.Times)
	if n == 0 {
		return 0
	}
	t := slices.Clone(l.Times)
	slices.Sort(t)
	if n%2 == 1 {
		return time.Duration(t[n/2]) * time.Millisecond
	}
	return time.Duration((t[n/2-1]+t[n/2])/2) * time.Millisecond
}

// statsRow is one line of the statistics table.
type statsRow struct {
	Level          string
	Played, Solved int
	Best, Median   string
}

// rows are the table's lines: the generator's levels in order, then the
// player's own puzzles; levels never played are left out.
func (b statsBook) rows() []statsRow {
	var out []statsRow
	names := make([]string, 0, len(genLevels)+1)
	for _, l := range genLevels {
		names = append(names, l.String())
	}
	names = append(names, ownLevel)
	for _, name := range names {
		l, ok := b.Levels[name]
		if !ok {
			continue
		}
		r := statsRow{Level: name, Played: l.Played, Solved: l.Solved, Best: "–", Median: "–"}
		if len(l.Times) > 0 {
			r.Best, r.Median = formatClock(l.best()), formatClock(l.median())
		}
		out = append(out, r)
	}
	return out
}

// statsPanel shows the statistics per level and the daily streak.
type statsPanel struct {
	app.Compo

	Open  bool
	Rows  []statsRow
	Daily dailyStreak
	Today string // the player's date, 2006-01-02: a streak not extended yesterday or today is over
	On    uiHandler
}

func (p *statsPanel) Render() app.UI {
	renders.add("stats")
	if !p.Open {
		return panelBox(panelStats, "Statistics", false, p.On) // its table is made when it opens
	}
	return panelBox(panelStats, "Statistics", p.Open, p.On,
		app.If(len(p.Rows) == 0, app.P().ID("stats-empty").Text("No games yet: the games you start and solve are counted here.")),
		app.If(len(p.Rows) > 0, app.Table().ID("stats").Class("stats").Body(
			app.Caption().Class("sr-only").Text("Games per level"),
			app.THead().Body(app.Tr().Body(
				app.Th().Scope("col").Text("Level"), app.Th().Scope("col").Text("Played"),
				app.Th().Scope("col").Text("Solved"), app.Th().Scope("col").Text("Best"),
				app.Th().Scope("col").Text("Median"),
			)),
			app.TBody().Body(app.Range(p.Rows).Slice(func(i int) app.UI {
				r := p.Rows[i]
				return app.Tr().DataSet("level", r.Level).Body(
					app.Th().Scope("row").Text(r.Level), app.Td().Text(r.Played), app.Td().Text(r.Solved),
					app.Td().Text(r.Best), app.Td().Text(r.Median),
				)
			})),
		)),
		app.P().ID("streak").Text(streakText(p.Daily, p.Today)),
	)
}

// streakText says the daily streak on the date today: the streak counts
// while its last day is today or yesterday.
func streakText(d dailyStreak, today string) string {
	if d.Best == 0 {
		return "Daily puzzle: none solved yet."
	}
	cur := d.Streak
	if t, err := time.Parse(time.DateOnly, today); err == nil && d.Last != today && d.Last != t.AddDate(0, 0, -1).Format(time.DateOnly) {
		cur = 0
	}
	return fmt.Sprintf("Daily puzzle: a streak of %d %s (best %d), last solved on %s.", cur, pluralWord(cur, "day", "days"), d.Best, d.Last)
}

func pluralWord(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
