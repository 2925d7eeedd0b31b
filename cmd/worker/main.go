// Command worker is the engine's Web Worker for the page: compiled to
// WebAssembly (GOOS=js GOARCH=wasm; `make wasm` builds it into the bundle
// as web/worker.wasm), it is started by static/worker.js and answers the
// page's jobs (counting, explaining, hints, generating, traces, reading a
// photo) off the
// page's thread. The protocol is package sudoku/web/worker's, the jobs package
// sudoku/web/worker/jobs's.
package main

import (
	"log"

	"sudoku/web/worker/jobs"
)

func main() {
	log.SetPrefix("worker: ")
	log.SetFlags(0)
	jobs.ReadPixels = readPixels // scan jobs: the photo reader lives in this binary only
	if err := jobs.Serve(); err != nil {
		log.Fatal(err)
	}
}
