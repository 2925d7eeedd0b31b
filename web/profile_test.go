package web

import (
	"testing"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// TestProfileKeepsItsOwnKeys: the profile writes the settings and the
// statistics under their keys and reads them back; an export of it reads
// back whole (readBackup) and restores into another profile; unreadable
// settings are left in storage and the defaults used.
func TestProfileKeepsItsOwnKeys(t *testing.T) {
	et := newEngineTester(t, engineGame(empty))
	et.do(func(ctx app.Context) {
		ls := ctx.LocalStorage()
		var p profile
		p.prefs.Theme, p.prefs.KeepMarks = "dark", true
		p.stats.started(ownLevel)
		if err := p.savePrefs(ls); err != nil {
			t.Fatal(err)
		}
		if err := p.saveStats(ls); err != nil {
			t.Fatal(err)
		}
		var q profile
		q.load(ls)
		if !q.prefsSaved || q.prefs != p.prefs || q.stats.Levels[ownLevel].Played != 1 {
			t.Errorf("read back: saved %v, settings %+v, statistics %+v", q.prefsSaved, q.prefs, q.stats)
		}

		data, err := p.backupOf(toSaved(session{store: newStore(engineGame(unique))}))
		if err != nil {
			t.Fatal(err)
		}
		b, err := readBackup(data)
		if err != nil {
			t.Fatalf("the export does not read back: %v", err)
		}
		ls.Clear()
		var r profile
		if err := r.restore(ls, b); err != nil {
			t.Fatal(err)
		}
		var s profile
		s.load(ls)
		if s.prefs != p.prefs || s.stats.Levels[ownLevel].Played != 1 {
			t.Errorf("restored: settings %+v, statistics %+v", s.prefs, s.stats)
		}

		if err := ls.Set(settingsKey, map[string]any{"version": 1, "theme": "purple"}); err != nil {
			t.Fatal(err)
		}
		var u profile
		u.load(ls)
		if u.prefsSaved || u.prefs != (settings{}) {
			t.Errorf("unreadable settings used: %+v", u.prefs)
		}
	})
}
