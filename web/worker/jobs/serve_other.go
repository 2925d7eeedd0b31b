//go:build !(js && wasm)

package jobs

import "errors"

// Serve answers the page's requests inside a Web Worker; outside the
// browser there is none, and it returns an error at once.
func Serve() error {
	return errors.New("the engine's worker runs only in a browser (GOOS=js GOARCH=wasm)")
}
