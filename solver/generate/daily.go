package generate

import (
	"context"
	"time"

	"sudoku/solver/logic"
)

// dailyLevels gives the level of the day of the week, Sunday first: the
// week grows harder towards the weekend.
var dailyLevels = [7]logic.Level{logic.Expert, logic.Easy, logic.Easy, logic.Medium, logic.Medium, logic.Hard, logic.Hard}

// DailyOptions returns the options of the puzzle of the day: a standard
// puzzle with rotational symmetry, Easy on Mondays and Tuesdays, Medium on
// Wednesdays and Thursdays, Hard on Fridays and Saturdays and Expert on
// Sundays, from a seed made of the date alone (its year, month and day in
// date's location). Change the variant or the target to make other daily
// series; the seed stays that of the date.
func DailyOptions(date time.Time) Options {
	y, m, d := date.Date()
	day := uint64(y)*10000 + uint64(m)*100 + uint64(d)
	return Options{
		Symmetry: Rotational,
		Target:   AtLevel(dailyLevels[date.Weekday()]),
		Seed:     mix64(day ^ 0x5d0c4a11),
	}
}

// Daily returns the puzzle of the day for date: Generate with
// DailyOptions(date), bounded by ctx (nil: no bound but the attempts).
// Everyone asking for the same date gets the same puzzle. It takes a few
// milliseconds natively.
func Daily(ctx context.Context, date time.Time) (*Puzzle, error) {
	opt := DailyOptions(date)
	opt.Context = ctx
	return Generate(opt)
}
