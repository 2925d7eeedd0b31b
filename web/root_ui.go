package web

import (
	"strconv"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// onUI carries out what a panel asks (a uiEvent). Each event becomes one
// change through the page's one way: an action through do (which derives,
// saves and writes the address bar: changed), or a page option set and
// then committed the same way (commitPrefs, toggleEditing: root.commit),
// or a panel opened or closed.
func (r *root) onUI(ctx app.Context, e uiEvent) {
	if name, ok := strings.CutPrefix(e.name, "open:"); ok {
		r.openPanel(ctx, name)
		return
	}
	if r.profile.prefs.set(e.name, e.value, e.on) {
		r.commitPrefs(ctx, e.name)
		return
	}
	switch e.name {
	case "close":
		if r.scan.open {
			r.scan.close() // the scan review's Cancel: the game is as it was
			focusSoon("board")
			return
		}
		r.openPanel(ctx, "")
		focusSoon("board") // back to play
	// Scan (scan.go).
	case "scan":
		r.scanPicture(ctx, e.file)
	case "scan-warm": // the file input opens: ready the reader meanwhile
		r.jobs.worker(ctx).Warm()
	case "scan-use":
		r.useScan(ctx)
	case "summary-close":
		r.summaryOpen = false
	case "next":
		r.summaryOpen = false
		if r.info.Level != "" {
			r.gen.level = r.info.Level
		}
		q, err := r.gen.newPuzzle(r.store.Game().Rules(), time.Now())
		r.generate(ctx, q, err)
	// The start sheet.
	case "level":
		r.gen.level = e.value
	case "practice":
		r.gen.practice = e.value
	case "new":
		q, err := r.gen.newPuzzle(r.store.Game().Rules(), time.Now())
		r.generate(ctx, q, err)
	case "daily":
		r.generate(ctx, dailyRequest(time.Now()), nil)
	case "variant":
		r.setVariant(ctx, e.value)
	case "paste":
		r.share.paste = e.value
	case "load":
		if app.IsClient {
			r.share.paste = app.Window().GetElementByID("paste").Get("value").String()
		}
		r.loadText(ctx, r.share.paste, func(ctx app.Context) {
			r.openPanel(ctx, "")
			focusSoon("board")
		})
	case "edit":
		r.toggleEditing(ctx)
	case "reset":
		r.reset(ctx)
	// The solver panel.
	case "solve":
		r.solve(ctx)
	case "check":
		r.check(ctx)
	case "candidates":
		r.showCandidates(ctx)
	case "true-candidates":
		r.trueCandidates(ctx) // truecands.go
	case "clear":
		r.clear(ctx)
	case "watch":
		r.openWatch(ctx)
	case "explain":
		r.toggleExplain(ctx)
	case "explain-build":
		r.buildExplain(ctx)
	case "explain-prev":
		r.explain.selectStep(ctx, r.explain.cur-1)
	case "explain-next":
		r.explain.selectStep(ctx, r.explain.cur+1)
	case "explain-key":
		if i, ok := listKey(e.value, r.explain.cur, len(r.explain.steps)); ok {
			r.explain.selectStep(ctx, i)
		}
	case "explain-step":
		if i, err := strconv.Atoi(e.value); err == nil {
			r.explain.selectStep(ctx, i)
		}
	// Share.
	case "copy":
		r.copyLink(ctx)
	case "with-digits":
		r.share.withProgress = e.on
		r.share.link = r.share.linkFor(ctx, r.store.Game(), &r.nav.texts)
	// Settings: export and import.
	case "export":
		r.export(ctx)
	case "import":
		r.importText(ctx, []byte(e.value))
	case "import-error":
		r.say(msgError, e.value)
	}
}

// toggleMenu shows or hides the menu (on a phone; a desktop always shows it).
func (r *root) toggleMenu(ctx app.Context) {
	if r.menu || r.panel != "" {
		r.menu = false
		r.openPanel(ctx, "")
		return
	}
	r.menu = true
	focusSoon("open-" + panelStart)
}

// openPanel shows one panel ("" closes it). Leaving the solver panel closes
// the explanation, which draws on the board.
func (r *root) openPanel(ctx app.Context, name string) {
	if r.panel == panelSolver && name != panelSolver && r.explain.open {
		r.toggleExplain(ctx)
	}
	r.panel = name
	if name == "" {
		r.menu = false
		return
	}
	r.summaryOpen = false
	if name == panelShare {
		r.share.refresh(ctx, r.store.Game(), &r.nav.texts)
	}
	focusSoon("panel-" + name + "-title")
}

// commitPrefs saves the settings after a change of the setting name,
// applies what it changes at once (the theme, the mistake check), and
// commits the change as any other (root.commit: derive, address bar, the
// session, which holds the mistake check, saved).
func (r *root) commitPrefs(ctx app.Context, name string) {
	switch name {
	case "theme":
		applyTheme(r.profile.prefs.Theme)
	case "mistake-check":
		r.mistakes = r.profile.prefs.MistakeCheck
		r.say(msgInfo, mistakeCheckText(r.mistakes, &r.view.sol))
	}
	r.profile.prefsSaved = true
	if err := r.profile.savePrefs(ctx.LocalStorage()); err != nil {
		r.storage.msg = txtSaveFailed
	}
	r.commit(ctx)
}

// gameStarted notes a new game for the statistics: level is the
// generator's ("" for the player's own puzzle), daily the daily puzzle's
// date.
func (r *root) gameStarted(ctx app.Context, level, daily string) {
	r.info = gameInfo{Level: level, Daily: daily}
	r.summaryOpen = false
	r.profile.stats.started(level)
	r.statsChanged(ctx)
}

// gameCompleted records a completed game once and opens the summary.
func (r *root) gameCompleted(ctx app.Context) {
	if !r.info.Done {
		r.info.Done = true
		r.profile.stats.solved(r.info.Level, r.clock.played(time.Now()), r.info.Daily)
		r.statsChanged(ctx)
	}
	r.summaryOpen = true
	r.panel, r.menu = "", false
}

// export offers everything saved as one JSON file (a link to download):
// the session as it is now, the settings and the statistics (profile).
func (r *root) export(ctx app.Context) {
	r.save(ctx)
	ss := session{store: r.store, elapsed: r.clock.played(time.Now()).Milliseconds(), paused: r.clock.paused,
		editing: r.editing, mistakes: r.mistakes, info: r.info}
	data, err := r.profile.backupOf(toSaved(ss))
	if err != nil {
		r.say(msgError, "Nothing exported: "+err.Error()+".")
		return
	}
	if r.profile.offer(ctx, data) {
		r.say(msgOK, txtExported)
	}
}

// importText replaces everything saved with an exported file's content, or
// refuses a damaged file and changes nothing.
func (r *root) importText(ctx app.Context, text []byte) {
	b, err := readBackup(text)
	if err != nil {
		r.say(msgError, txtImportRefused(err))
		return
	}
	if err := r.profile.restore(ctx.LocalStorage(), b); err != nil {
		r.storage.msg = txtSaveFailed
	}
	if b.Settings != nil {
		applyTheme(r.profile.prefs.Theme)
	}
	if b.Save != nil {
		ss, _ := fromSaved(*b.Save) // readBackup restored it once already
		r.restore(ss)
		r.storage.blocked = false
		r.changed(ctx)
	}
	r.say(msgOK, txtImported)
}
