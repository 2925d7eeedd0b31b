package web

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// exported plays a little, changes a setting and returns the page's export.
func exported(t *testing.T) (*harness, []byte) {
	t.Helper()
	link, last := nearlySolved(t)
	h := open(t, link, nil)
	h.keys("Ctrl+End", string(last)) // solved: one game in the statistics
	h.do(func(ctx app.Context) { h.root.onUI(ctx, uiEvent{name: "theme", value: "light"}) })
	h.do(func(ctx app.Context) { h.root.onUI(ctx, uiEvent{name: "export"}) })
	data, ok := strings.CutPrefix(h.root.profile.exportURL, "data:")
	if !ok {
		t.Fatalf("no export: %q", h.root.profile.exportURL)
	}
	return h, []byte(data)
}

// An export imported into a fresh page brings back the game with its
// history, the settings and the statistics, and saves them.
func TestExportThenImportRestoresEverything(t *testing.T) {
	h, data := exported(t)
	fresh := open(t, "/", nil)
	fresh.do(func(ctx app.Context) { fresh.root.onUI(ctx, uiEvent{name: "import", value: string(data)}) })
	if g, want := fresh.game(), h.game(); !g.Equal(&want) {
		t.Errorf("imported game %v, want %v", g.Entries, want.Entries)
	}
	if !fresh.root.store.CanUndo() {
		t.Error("the history was not imported")
	}
	if fresh.root.profile.prefs.Theme != "light" || fresh.root.profile.stats.Levels[ownLevel].Solved != 1 {
		t.Errorf("imported settings %+v, statistics %+v", fresh.root.profile.prefs, fresh.root.profile.stats)
	}
	var b statsBook
	var p settings
	fresh.disp.Context().LocalStorage().Get(statsKey, &b)
	fresh.disp.Context().LocalStorage().Get(settingsKey, &p)
	if b.Levels[ownLevel].Solved != 1 || p.Theme != "light" {
		t.Errorf("saved after import: statistics %+v, settings %+v", b, p)
	}
	if !strings.Contains(fresh.root.status.msg, "Imported") {
		t.Errorf("the page says %q", fresh.root.status.msg)
	}
}

// damage returns the export changed by f (on its JSON as a map).
func damage(t *testing.T, data []byte, f func(m map[string]any)) string {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	f(m)
	out, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

// A damaged file is refused, says why, and overwrites nothing.
func TestDamagedImportIsRefused(t *testing.T) {
	_, data := exported(t)
	cases := map[string]string{
		"truncated":     string(data[:len(data)/2]),
		"not JSON":      "hello",
		"another app":   damage(t, data, func(m map[string]any) { m["app"] = "chess" }),
		"a new version": damage(t, data, func(m map[string]any) { m["version"] = 9 }),
		"unknown field": damage(t, data, func(m map[string]any) { m["extra"] = true }),
		"bad game": damage(t, data, func(m map[string]any) {
			m["save"].(map[string]any)["base"].(map[string]any)["clues"] = "zz"
		}),
		"bad history":  damage(t, data, func(m map[string]any) { m["save"].(map[string]any)["pos"] = 999 }),
		"bad settings": damage(t, data, func(m map[string]any) { m["settings"].(map[string]any)["theme"] = "neon" }),
		"bad statistics": damage(t, data, func(m map[string]any) {
			m["stats"].(map[string]any)["daily"] = map[string]any{"streak": -1}
		}),
	}
	for name, text := range cases {
		if _, err := readBackup([]byte(text)); err == nil {
			t.Errorf("%s: readBackup accepted it", name)
		}
		h := open(t, "/?p="+unique, nil)
		h.keys("ArrowRight", "6")
		h.do(func(ctx app.Context) { h.root.onUI(ctx, uiEvent{name: "theme", value: "dark"}) })
		before := h.game()
		var savedBefore, savedAfter any
		h.disp.Context().LocalStorage().Get(storageKey, &savedBefore)
		h.do(func(ctx app.Context) { h.root.onUI(ctx, uiEvent{name: "import", value: text}) })
		h.disp.Context().LocalStorage().Get(storageKey, &savedAfter)
		var p settings
		h.disp.Context().LocalStorage().Get(settingsKey, &p)
		if g := h.game(); !g.Equal(&before) || p.Theme != "dark" || h.root.profile.prefs.Theme != "dark" {
			t.Errorf("%s: the import changed the game or the settings", name)
		}
		if a, b := jsonText(t, savedBefore), jsonText(t, savedAfter); a != b {
			t.Errorf("%s: the saved game changed:\n%s\n%s", name, a, b)
		}
		if h.root.status.kind != msgError || !strings.Contains(h.root.status.msg, "nothing was changed") {
			t.Errorf("%s: the page says %q", name, h.root.status.msg)
		}
	}
}

func jsonText(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestReadBackupLimits(t *testing.T) {
	big := make([]byte, maxImportBytes+1)
	if _, err := readBackup(big); !errors.Is(err, errBackup) {
		t.Errorf("a file over the limit: %v", err)
	}
	if _, err := readBackup([]byte(`{"app":"sudoku","version":1} {}`)); !errors.Is(err, errBackup) {
		t.Errorf("text after the data: %v", err)
	}
	if b, err := readBackup([]byte(`{"app":"sudoku","version":1}`)); err != nil || b.Save != nil {
		t.Errorf("an empty export: %+v, %v", b, err)
	}
}
