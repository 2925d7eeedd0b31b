// Package worker runs the engine's long jobs off the page's thread: counting
// solutions, explaining, hints, generating puzzles and recording a trace
// for Watch the solver. In the browser the jobs run in a Web Worker, in a
// second WebAssembly binary (cmd/worker) that holds the engine and no user
// interface; the page's thread only posts a Request and receives its
// Response, so it keeps painting and answering keys while the engine works.
//
// # Protocol
//
// A Request and its Response are JSON texts passed with postMessage: the
// page posts a Request, the worker answers with a Response of the same ID.
// The worker runs one job at a time, in the order received. A job cannot be
// interrupted inside the worker (Go on WebAssembly is never preempted), so
// a Client cancels by terminating the worker and starting a new one on the
// next request: Cancel, or Do with a Request whose job replaces the one
// running. Every job is bounded all the same (a node budget or a deadline),
// as the engine's callers on the page's thread were.
//
// Handle runs one Request in Go and needs no browser: the worker's binary
// calls it, and so do the tests and, outside the browser, the Client, which
// then runs jobs in a goroutine.
//
// # Files
//
// protocol.go (Request, Response, the wire forms of positions, puzzles
// and explanations, and errors that keep their sentinels across the wire),
// handle.go (Handle: the jobs), serve_js.go (the worker's side in the
// browser), client_js.go and client_other.go (the page's side).
package worker
