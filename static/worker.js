// The engine's Web Worker. It loads the Go engine (worker.wasm, built from
// cmd/worker) and answers each message, a JSON request, with one message,
// its JSON response, in the order received (see package sudoku/web/worker).
// Messages that arrive while the engine loads wait for it.
"use strict";
importScripts("wasm_exec.js");

let handle = null;
const waiting = [];

function answer(text) {
  self.postMessage(handle(text));
}

self.onmessage = (event) => {
  if (handle) {
    answer(event.data);
  } else {
    waiting.push(event.data);
  }
};

// Called by the Go side once sudokuHandle is set.
self.sudokuReady = () => {
  handle = self.sudokuHandle;
  while (waiting.length > 0) {
    answer(waiting.shift());
  }
};

const go = new Go();
WebAssembly.instantiateStreaming(fetch("worker.wasm"), go.importObject)
  .then((result) => go.run(result.instance))
  .catch((err) => {
    // Every waiting request learns that the engine could not start.
    const msg = "the engine could not start: " + err;
    for (const text of waiting.splice(0)) {
      let id = 0;
      try { id = JSON.parse(text).id; } catch (e) { /* answered with id 0 */ }
      self.postMessage(JSON.stringify({ id: id, op: "", millis: 0, err: { msg: msg, sentinels: ["bad-request"] } }));
    }
  });
