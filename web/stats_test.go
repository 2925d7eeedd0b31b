package web

import (
	"errors"
	"strings"
	"testing"
	"time"
)

func TestStatsPerLevel(t *testing.T) {
	var b statsBook
	b.started("Easy")
	b.started("Easy")
	b.started("Easy")
	b.solved("Easy", 4*time.Minute, "")
	b.solved("Easy", 2*time.Minute, "")
	b.solved("", 10*time.Minute, "")
	easy := b.Levels["Easy"]
	if easy.Played != 3 || easy.Solved != 2 || easy.best() != 2*time.Minute || easy.median() != 3*time.Minute {
		t.Errorf("Easy: %+v best %v median %v, want 3 played, 2 solved, best 2:00, median 3:00", easy, easy.best(), easy.median())
	}
	rows := b.rows()
	want := []statsRow{
		{Level: "Easy", Played: 3, Solved: 2, Best: "2:00", Median: "3:00"},
		{Level: ownLevel, Played: 1, Solved: 1, Best: "10:00", Median: "10:00"},
	}
	if len(rows) != len(want) {
		t.Fatalf("rows %+v, want %+v", rows, want)
	}
	for i := range want {
		if rows[i] != want[i] {
			t.Errorf("row %d = %+v, want %+v", i, rows[i], want[i])
		}
	}
	if err := b.check(); err != nil {
		t.Errorf("check of a recorded book: %v", err)
	}
}

func TestStatsKeepTheLatestTimes(t *testing.T) {
	var b statsBook
	for i := range maxTimes + 10 {
		b.solved("Hard", time.Duration(i+1)*time.Second, "")
	}
	l := b.Levels["Hard"]
	if len(l.Times) != maxTimes || l.Times[0] != 11000 || l.Solved != maxTimes+10 {
		t.Errorf("%d times from %d ms, %d solved", len(l.Times), l.Times[0], l.Solved)
	}
}

var streakCases = []struct {
	days         []string
	streak, best int
}{
	{[]string{"2026-11-20"}, 1, 1},
	{[]string{"2026-11-20", "2026-11-21", "2026-11-22"}, 3, 3},
	{[]string{"2026-11-20", "2026-11-21", "2026-11-21"}, 2, 2}, // the same day twice counts once
	{[]string{"2026-11-20", "2026-11-21", "2026-11-23"}, 1, 2}, // a day missed
	{[]string{"2026-02-28", "2026-03-01"}, 2, 2},
}

func TestDailyStreak(t *testing.T) {
	for _, c := range streakCases {
		var b statsBook
		for _, d := range c.days {
			b.solved("Medium", time.Minute, d)
		}
		if b.Daily.Streak != c.streak || b.Daily.Best != c.best || b.Daily.Last != c.days[len(c.days)-1] {
			t.Errorf("%v: streak %+v, want %d (best %d)", c.days, b.Daily, c.streak, c.best)
		}
	}
}

func TestStreakText(t *testing.T) {
	d := dailyStreak{Last: "2026-11-22", Streak: 3, Best: 5}
	for _, c := range []struct{ today, want string }{
		{"2026-11-22", "a streak of 3 days"},
		{"2026-11-23", "a streak of 3 days"},
		{"2026-11-24", "a streak of 0 days"}, // a day missed: over
	} {
		if got := streakText(d, c.today); !strings.Contains(got, c.want) || !strings.Contains(got, "best 5") {
			t.Errorf("streakText on %s = %q, want %q", c.today, got, c.want)
		}
	}
	if got := streakText(dailyStreak{}, "2026-11-24"); got != "Daily puzzle: none solved yet." {
		t.Errorf("no daily solved: %q", got)
	}
}

var badStats = []statsBook{
	{Version: 0},
	{Version: statsVersion, Levels: map[string]levelStats{"Easy": {Played: -1}}},
	{Version: statsVersion, Levels: map[string]levelStats{"Easy": {Times: []int64{-5}}}},
	{Version: statsVersion, Levels: map[string]levelStats{"Easy": {Times: make([]int64, maxTimes+1)}}},
	{Version: statsVersion, Daily: dailyStreak{Streak: 3, Best: 2}},
	{Version: statsVersion, Daily: dailyStreak{Last: "yesterday", Streak: 1, Best: 1}},
}

func TestStatsCheck(t *testing.T) {
	for _, b := range badStats {
		if err := b.check(); !errors.Is(err, errStats) {
			t.Errorf("check(%+v) = %v, want errStats", b, err)
		}
	}
}
