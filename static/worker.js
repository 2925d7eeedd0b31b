// The engine's Web Worker. It loads the Go engine (worker.wasm, built from
// cmd/worker) and answers each message, a JSON request, with one message,
// its JSON response, in the order received (see package sudoku/web/worker).
// Messages that arrive while the engine loads wait for it. An answer that
// holds a trace's events comes from the engine as {text, events}: the
// events' bytes apart, in a Uint8Array whose buffer is transferred to the
// page rather than copied.
//
// A scan job comes as {text, picture}: the request and a Blob (the photo or
// screenshot the player chose). The worker decodes the picture, shrinks it
// to at most maxSide pixels on its long side and hands the RGBA pixels to
// the engine, all off the page's thread. A picture the browser cannot
// decode is answered with "not an image".
"use strict";
importScripts("wasm_exec.js");

const maxSide = 1024;
let handle = null;
let queue = Promise.resolve();
const waiting = [];

// errorAnswer is the JSON answer to the request text with the message msg.
function errorAnswer(text, msg) {
  let id = 0, op = "";
  try { const q = JSON.parse(text); id = q.id; op = q.op; } catch (e) { /* answered with id 0 */ }
  return JSON.stringify({ id: id, op: op, millis: 0, err: { msg: msg, sentinels: ["bad-request"] } });
}

// pixels decodes and shrinks a picture: {width, height, data} (RGBA).
async function pixels(picture) {
  const full = await createImageBitmap(picture);
  const scale = Math.min(1, maxSide / Math.max(full.width, full.height));
  const width = Math.max(1, Math.round(full.width * scale));
  const height = Math.max(1, Math.round(full.height * scale));
  let bmp = full;
  if (scale < 1) {
    bmp = await createImageBitmap(full, { resizeWidth: width, resizeHeight: height, resizeQuality: "high" });
    full.close();
  }
  const canvas = new OffscreenCanvas(width, height);
  const g = canvas.getContext("2d", { willReadFrequently: true });
  g.drawImage(bmp, 0, 0);
  bmp.close();
  return { width: width, height: height, data: g.getImageData(0, 0, width, height).data };
}

// post sends the engine's answer a: a JSON text, or {text, events}.
function post(a) {
  if (typeof a === "string") {
    self.postMessage(a);
  } else {
    self.postMessage(a, [a.events.buffer]);
  }
}

async function answer(data) {
  if (typeof data === "string") {
    post(handle(data));
    return;
  }
  let p;
  try {
    p = await pixels(data.picture);
  } catch (e) {
    self.postMessage(errorAnswer(data.text, "not an image (" + e.name + ")"));
    return;
  }
  self.postMessage(self.sudokuHandlePixels(data.text, p.width, p.height, p.data));
}

// Jobs run one at a time, in order, a picture's decoding included.
function enqueue(data) {
  queue = queue.then(() => answer(data));
}

self.onmessage = (event) => {
  if (handle) {
    enqueue(event.data);
  } else {
    waiting.push(event.data);
  }
};

// Called by the Go side once sudokuHandle is set.
self.sudokuReady = () => {
  handle = self.sudokuHandle;
  while (waiting.length > 0) {
    enqueue(waiting.shift());
  }
};

const go = new Go();
WebAssembly.instantiateStreaming(fetch("worker.wasm"), go.importObject)
  .then((result) => go.run(result.instance))
  .catch((err) => {
    // Every waiting request learns that the engine could not start.
    const msg = "the engine could not start: " + err;
    for (const data of waiting.splice(0)) {
      self.postMessage(errorAnswer(typeof data === "string" ? data : data.text, msg));
    }
  });
