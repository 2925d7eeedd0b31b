//go:build !(js && wasm)

package web

import "github.com/maxence-charriere/go-app/v9/pkg/app"

// blobOf is a picture as the worker's client takes it; outside the browser
// the client reads no pictures.
func blobOf(v app.Value) any { return v }
