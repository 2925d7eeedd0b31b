//go:build js && wasm

// Command app is the WebAssembly side of the Sudoku web app: it registers the
// page's components and runs them in the browser. It imports nothing of the
// server (cmd/server), which keeps app.wasm small. Build it with `make wasm`.
package main

import (
	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"sudoku/web"
)

func main() {
	web.Register()
	app.RunWhenOnBrowser()
}
