package main

import (
	"io/fs"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// Static files of the bundle, as the page links them (under web/).
const (
	styleSheet = "/web/sudoku.css"
	iconSVG    = "/web/icon.svg"
	icon192    = "/web/icon-192.png"
	icon512    = "/web/icon-512.png"
	// The engine's Web Worker: its script loads wasm_exec.js and worker.wasm
	// beside it. All three are precached, so the worker starts offline too.
	workerJS       = "/web/worker.js"
	workerWasmURL  = "/web/worker.wasm"
	workerWasmExec = "/web/wasm_exec.js"
	// The saved theme, applied before the first paint (a synchronous
	// script in the head; precached with the page's scripts).
	themeJS = "/web/theme.js"
)

// placeholder is what the server renders into the page before app.wasm takes
// over: the page's shell with an empty board of 81 cells, drawn by the same
// style sheet, so that the board is on screen while the wasm loads (go-app's
// loading screen is restyled as a line under it, see sudoku.css). The
// server does not import the UI package: the wasm entry registers the real
// component for the same route, and replaces this one when it runs.
type placeholder struct{ app.Compo }

// shellRows gives app.Range nine items.
var shellRows = make([]struct{}, 9)

func (p *placeholder) Render() app.UI {
	return app.Main().Class("app shell").Body(
		app.Header().Class("top").Body(app.H1().Class("title").Text("Sudoku")),
		app.Div().Class("play").Body(
			app.Div().Class("game").Body(
				app.Div().ID("board-shell").Class("board").Aria("busy", true).Body(
					app.Range(shellRows).Slice(func(int) app.UI {
						return app.Div().Class("row").Body(
							app.Range(shellRows).Slice(func(int) app.UI { return app.Div().Class("cell") }),
						)
					}),
				),
				app.P().Class("loading").Text("Loading the solver…"),
			),
		),
		app.NoScript().Body(app.P().Text("This app needs JavaScript and WebAssembly.")),
	)
}

// resources tells go-app where the files are; it is not an http.Handler, so
// go-app never serves files from the working directory.
type resources struct{ prefix string }

func (r resources) Package() string { return r.prefix }
func (r resources) Static() string  { return r.prefix }
func (r resources) AppWASM() string { return r.prefix + "/web/app.wasm" }

// newAppHandler returns the go-app Handler for bundle, with every URL under
// prefix ("" at the root, "/sudoku" for a sub-path export).
func newAppHandler(bundle fs.FS, prefix string) (*app.Handler, error) {
	version, err := bundleVersion(bundle)
	if err != nil {
		return nil, err
	}
	worker, err := patchedWorker()
	if err != nil {
		return nil, err
	}
	app.Route("/", &placeholder{})
	return &app.Handler{
		Name:            "Sudoku",
		ShortName:       "Sudoku",
		Title:           "Sudoku",
		Description:     "Type or paste a Sudoku; the Go solver answers in your browser, offline too.",
		Lang:            "en",
		BackgroundColor: "#f7f7f4",
		ThemeColor:      "#2f5d8a",
		LoadingLabel:    "Loading the solver… {progress}%",
		Icon: app.Icon{
			Default:    icon192,
			Large:      icon512,
			SVG:        iconSVG,
			AppleTouch: icon192,
		},
		Styles:                  []string{styleSheet},
		Scripts:                 []string{themeJS},
		CacheableResources:      []string{iconSVG, icon192, icon512, workerJS, workerWasmURL, workerWasmExec},
		Resources:               resources{prefix: prefix},
		Version:                 version,
		WasmContentLengthHeader: wasmLengthHeader,
		ServiceWorkerTemplate:   worker,
	}, nil
}
