package web

import (
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// The page keeps the game in two places: the saved session (local storage,
// save.go) and the address bar (updateURL). Writing them (the game's link,
// the session's JSON, localStorage.setItem and history.replaceState) was a
// part of the task of every key that changed the game and of the task that
// loads a puzzle, before the browser could paint the change (make profile,
// 2026-11-26). In a browser they are written in a task of their own once
// the page is idle after the change (persistDelay after it, the changes
// of a burst of keys together, then requestIdleCallback, at most idleWait
// later); a page that is hidden or left (visibilitychange, pagehide: a
// reload, a closed tab, another app on a phone) writes the session at once,
// in the event's own call, so that a reload right after a change keeps it.
// Outside a browser (the component tests) both are written at once.

// persistDelay is how long the page waits after a change before it asks
// for the idle task, so that the changes of a burst of keys are written
// once; idleWait is the longest it then waits for the page to be idle.
const (
	persistDelay = 250 * time.Millisecond
	idleWait     = 500 * time.Millisecond
)

// persistState is what waits to be written.
type persistState struct {
	url    bool // the address bar (and the share link) are to follow the game: updateURL
	save   bool // the session is to be saved
	stats  bool // the statistics are to be saved (a game started or solved)
	asked  bool // the idle task is requested
	hooked bool // pagehide and visibilitychange save what waits
}

// save saves the session: at once outside a browser, else in the idle task
// (see persistState).
func (r *root) save(ctx app.Context) {
	r.persist.save = true
	r.whenIdle(ctx)
}

// statsChanged saves the statistics as save saves the session: a game's
// start wrote them in the task that loads its puzzle, where encoding/json
// met their type for the first time (make profile, 2026-11-26).
func (r *root) statsChanged(ctx app.Context) {
	r.persist.stats = true
	r.whenIdle(ctx)
}

// whenIdle asks for the idle task that writes what waits (writeWaiting).
func (r *root) whenIdle(ctx app.Context) {
	if !app.IsClient {
		r.writeWaiting(ctx)
		return
	}
	r.hookLeave(ctx)
	if r.persist.asked {
		return
	}
	r.persist.asked = true
	onIdle(persistDelay, idleWait, func() {
		ctx.Dispatcher().Dispatch(app.Dispatch{Mode: app.Next, Source: r, Function: r.idle})
	})
}

// onIdle calls f in a task of its own once the page is idle, delay from
// now: requestIdleCallback, which calls it within most (setTimeout where
// the browser has none, as Safari). f runs outside go-app's updates: it
// dispatches what it changes.
func onIdle(delay, most time.Duration, f func()) {
	w := app.Window()
	var wait, run app.Func
	run = app.FuncOf(func(this app.Value, args []app.Value) any {
		run.Release()
		f()
		return nil
	})
	wait = app.FuncOf(func(this app.Value, args []app.Value) any {
		wait.Release()
		if w.Get("requestIdleCallback").Truthy() {
			opts := w.Get("Object").New()
			opts.Set("timeout", most.Milliseconds())
			w.Call("requestIdleCallback", run, opts)
		} else {
			w.Call("setTimeout", run, 0)
		}
		return nil
	})
	w.Call("setTimeout", wait, delay.Milliseconds())
}

// idle is the idle task: it writes what waits, and redraws what that
// changed (the share link, a storage error).
func (r *root) idle(ctx app.Context) {
	r.persist.asked = false
	link, msg := r.share.link, r.storage.msg
	r.writeWaiting(ctx)
	if r.share.link != link && r.panel == panelShare || r.storage.msg != msg {
		r.Update()
	}
}

// writeWaiting writes what waits: the address bar first (at once, or when
// urlEvery is over: updateURL), then the session, which says what the bar
// holds, and the statistics.
func (r *root) writeWaiting(ctx app.Context) {
	if r.persist.url {
		r.persist.url = false
		r.updateURL(ctx)
	}
	r.saveWaiting(ctx)
}

// saveWaiting saves the session and the statistics if they wait.
func (r *root) saveWaiting(ctx app.Context) {
	if r.persist.save {
		r.persist.save = false
		r.saveNow(ctx)
	}
	if r.persist.stats {
		r.persist.stats = false
		if err := r.profile.saveStats(ctx.LocalStorage()); err != nil {
			r.storage.msg = txtSaveFailed
		}
	}
}

// hookLeave makes the page save what waits when it is hidden or left. The
// listeners are plain functions, not go-app's event handlers: they run
// within the event, before the page goes, where a handler would only be
// queued.
func (r *root) hookLeave(ctx app.Context) {
	if r.persist.hooked {
		return
	}
	r.persist.hooked = true
	doc := app.Window().Get("document")
	leave := app.FuncOf(func(this app.Value, args []app.Value) any {
		if len(args) > 0 && args[0].Get("type").String() == "visibilitychange" && doc.Get("visibilityState").String() != "hidden" {
			return nil
		}
		r.saveWaiting(ctx) // the address bar waits: the session says what it holds
		return nil
	})
	app.Window().Call("addEventListener", "pagehide", leave)
	doc.Call("addEventListener", "visibilitychange", leave)
}
