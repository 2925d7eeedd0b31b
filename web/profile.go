package web

import (
	"encoding/json"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// profile is what the page keeps apart from the game: the settings (key
// "sudoku.settings") and the statistics (key "sudoku.stats"), and the
// export of everything saved as one JSON file. It reads and writes its own
// keys; the game's session is the root's (save.go, persist.go), handed in
// as a value to export.
type profile struct {
	prefs      settings  // the saved settings (settings.go)
	prefsSaved bool      // the settings were saved once: they, not an old session, hold the mistake check
	stats      statsBook // the statistics (stats.go)
	exportURL  string    // the last export's object URL (a data: URL outside a browser)
}

// load reads the settings and the statistics; unreadable ones are left in
// storage and the defaults used (they are overwritten only by a change of
// a setting or a game's result).
func (p *profile) load(ls app.BrowserStorage) {
	var s settings
	if err := ls.Get(settingsKey, &s); err == nil && s.check() == nil {
		p.prefs, p.prefsSaved = s, true
	}
	var b statsBook
	if err := ls.Get(statsKey, &b); err == nil && b.check() == nil {
		p.stats = b
	}
}

// savePrefs writes the settings.
func (p *profile) savePrefs(ls app.BrowserStorage) error {
	p.prefs.Version = settingsVersion
	return ls.Set(settingsKey, p.prefs)
}

// saveStats writes the statistics.
func (p *profile) saveStats(ls app.BrowserStorage) error {
	p.stats.init()
	return ls.Set(statsKey, p.stats)
}

// backupOf is everything saved as one JSON file: the session sv, the
// settings and the statistics.
func (p *profile) backupOf(sv saved) ([]byte, error) {
	prefs, stats := p.prefs, p.stats
	prefs.Version = settingsVersion
	stats.init()
	return json.MarshalIndent(backup{App: backupApp, Version: backupVersion, Save: &sv, Settings: &prefs, Stats: &stats}, "", " ")
}

// offer makes data the file the export link downloads, and has the
// browser download it once the page shows the link; outside a browser the
// link is a data: URL (the tests read it back). It reports whether the
// file is offered for download.
func (p *profile) offer(ctx app.Context, data []byte) bool {
	if !app.IsClient {
		p.exportURL = "data:" + string(data)
		return false
	}
	w := app.Window()
	blob := w.Get("Blob").New([]any{string(data)}, map[string]any{"type": "application/json"})
	if p.exportURL != "" {
		w.Get("URL").Call("revokeObjectURL", p.exportURL)
	}
	p.exportURL = w.Get("URL").Call("createObjectURL", blob).String()
	ctx.Defer(func(app.Context) {
		if a := w.GetElementByID("export-link"); a.Truthy() {
			a.Call("click")
		}
	})
	return true
}

// restore puts an imported file's settings and statistics in place (b was
// read whole by readBackup) and writes them; it reports the first failure
// to write.
func (p *profile) restore(ls app.BrowserStorage, b backup) error {
	var failed error
	if b.Settings != nil {
		p.prefs, p.prefsSaved = *b.Settings, true
		failed = p.savePrefs(ls)
	}
	if b.Stats != nil {
		p.stats = *b.Stats
		if err := p.saveStats(ls); failed == nil {
			failed = err
		}
	}
	return failed
}
