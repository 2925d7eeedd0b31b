//go:build js && wasm

// Command app is the WebAssembly side of the Sudoku web app: it registers the
// page's components and runs them in the browser. It imports nothing of the
// server (cmd/server), which keeps app.wasm small. Build it with `make wasm`.
package main

import (
	"runtime/debug"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"sudoku/web"
)

// gcPercent is the page's GOGC. The page holds about 2 MB of live heap, so
// at Go's default (100, a 4 MB heap goal) it collected every 2-3 MB
// allocated: 8 times over make measure's 289 keys, and during most engine
// answers (Watch's, Explain's), where the collection ran inside the
// answer's task: WebAssembly has one thread, and Go runs its collector's
// work before it hands the thread back to the browser. At 400 (a 16 MB
// goal) it collects once over those keys and in none of those steps; the
// longest task by CPU of Watch fell from 23-33 to 11-17 ms (make measure's
// TestMeasureLongTasks, 2026-11-26, load 3-9), for about 12 MB more memory
// (the page's Go memory 8 -> 20 MB).
const gcPercent = 400

func main() {
	debug.SetGCPercent(gcPercent)
	web.Register()
	app.RunWhenOnBrowser()
}
