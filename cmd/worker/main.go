// Command worker is the engine's Web Worker for the page: compiled to
// WebAssembly (GOOS=js GOARCH=wasm; `make wasm` builds it into the bundle
// as web/worker.wasm), it is started by static/worker.js and answers the
// page's jobs (counting, explaining, hints, generating, traces, reading a
// photo) off the
// page's thread. The protocol is package sudoku/web/worker's.
package main

import (
	"log"

	"sudoku/web/worker"
)

func main() {
	log.SetPrefix("worker: ")
	log.SetFlags(0)
	worker.ReadPixels = readPixels // scan jobs: the photo reader lives in this binary only
	if err := worker.Serve(); err != nil {
		log.Fatal(err)
	}
}
