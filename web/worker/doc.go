// Package worker runs the engine's long jobs off the page's thread: counting
// solutions, explaining, hints, generating puzzles and recording a trace
// for Watch the solver, and reading and writing puzzles' texts. In the browser the jobs run in a Web Worker, in a
// second WebAssembly binary (cmd/worker) that holds the engine and no user
// interface; the page's thread only posts a Request and receives its
// Response, so it keeps painting and answering keys while the engine works.
//
// # Protocol
//
// A Request and its Response are JSON texts passed with postMessage: the
// page posts a Request, the worker answers with a Response of the same ID.
// A trace's events are the exception: they travel beside the Response's
// text as bytes in a transferred ArrayBuffer (Response.SplitEvents in the
// worker, JoinEvents on the page), so that the page's thread neither scans
// nor decodes some 230 KB of base64 in JSON; bytes of another length than
// the text announces are refused with ErrRequest.
// The worker runs one job at a time, in the order received. A job cannot be
// interrupted inside the worker (Go on WebAssembly is never preempted), so
// a Client cancels by terminating the worker and starting a new one on the
// next request: Cancel, or Do with a Request whose job replaces the one
// running. Every job is bounded all the same (a node budget or a deadline),
// as the engine's callers on the page's thread were.
//
// This package is the protocol only, in wire-only types: the page imports
// it and links none of the engine's logic, generator or photo reader.
// Package sudoku/web/worker/jobs runs the jobs (jobs.Handle): the worker's
// binary serves them, and it sets Handle, through which the tests and,
// outside the browser, the Client run jobs in this process.
//
// # Files
//
// protocol.go (Request, Response, the wire forms of positions and
// puzzles, and errors that keep their sentinels across the wire),
// steps.go (levels, techniques, and logical steps, explanations and hints
// with their candidates and positions as short strings), trace.go (a
// solve's trace, its events apart from the text in the browser), scan.go (a photo's reading), read.go (pasted texts
// and links read, a variant puzzle's link written, and ParseGrid, the
// one grid form the page reads itself), client_js.go and
// client_other.go (the page's side).
package worker
