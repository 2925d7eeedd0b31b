//go:build js && wasm

package web

import "github.com/maxence-charriere/go-app/v9/pkg/app"

// blobOf is a picture as the worker's client posts it: its js.Value.
func blobOf(v app.Value) any { return app.JSValue(v) }
