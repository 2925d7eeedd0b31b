// The engine's Web Worker. It loads the Go engine (worker.wasm, built from
// cmd/worker) and answers each message, a JSON request, with one message,
// its JSON response, in the order received (see package sudoku/web/worker).
// Messages that arrive while the engine loads wait for it. An answer that
// holds a trace's events comes from the engine as {text, events}: the
// events' bytes apart, in a Uint8Array whose buffer is transferred to the
// page rather than copied.
//
// The engine's compiled module is shared. A worker the page names "engine"
// (new Worker(url, {name: "engine"})) gets as its first message {module}:
// the WebAssembly.Module that an earlier worker compiled, or null. Given a
// Module, it instantiates it: no fetch and no compile, the code V8 has made
// for it is shared, its optimized functions included. Given none, or when
// instantiating the Module fails, it fetches and compiles worker.wasm itself,
// as an unnamed worker does at once, and a named one then posts {module}, its
// compiled Module, to the page, which keeps it for the next worker. A
// {module} message that comes once the engine loads is ignored.
//
// A scan job comes as {text, picture}: the request and a Blob (the photo or
// screenshot the player chose). The worker decodes the picture, shrinks it
// to at most maxSide pixels on its long side and hands the RGBA pixels to
// the engine, all off the page's thread. A picture the browser cannot
// decode is answered with "not an image".
//
// A warm-up comes as {text, warm: true}, posted when the player opens the
// Scan control: the worker draws a small printed grid itself (warmPicture)
// and reads it like a picture, answering as for any scan job. The browser
// compiles the reader's code on its first call and optimizes it once it
// has run a while; doing that while the player takes or chooses the photo
// roughly halves the time to the first reading's review (TestMeasureScan).
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

// warmClues are the clues warmPicture prints (a puzzle with one solution).
const warmClues = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

// warmPicture is a JPEG of a printed grid holding warmClues, 480x360, for
// a warm-up: the same steps as a photo, the JPEG decoder's included.
async function warmPicture() {
  const canvas = new OffscreenCanvas(480, 360);
  const g = canvas.getContext("2d");
  g.fillStyle = "#fff";
  g.fillRect(0, 0, 480, 360);
  const x0 = 90, y0 = 30, cell = 33;
  g.strokeStyle = "#000";
  for (let i = 0; i <= 9; i++) {
    g.lineWidth = i % 3 === 0 ? 3 : 1;
    g.beginPath();
    g.moveTo(x0 + i * cell, y0);
    g.lineTo(x0 + i * cell, y0 + 9 * cell);
    g.moveTo(x0, y0 + i * cell);
    g.lineTo(x0 + 9 * cell, y0 + i * cell);
    g.stroke();
  }
  g.fillStyle = "#000";
  g.font = "bold 22px sans-serif";
  g.textAlign = "center";
  g.textBaseline = "middle";
  for (let i = 0; i < 81; i++) {
    const c = warmClues[i];
    if (c !== ".") {
      g.fillText(c, x0 + (i % 9 + 0.5) * cell, y0 + (Math.floor(i / 9) + 0.5) * cell + 1);
    }
  }
  return canvas.convertToBlob({ type: "image/jpeg", quality: 0.9 });
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
    p = await pixels(data.warm ? await warmPicture() : data.picture);
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

const engineName = "engine";
let loading = false;
let failed = ""; // why the engine could not start, once it could not

self.onmessage = (event) => {
  const data = event.data;
  if (data !== null && typeof data === "object" && "module" in data) {
    load(data.module);
    return;
  }
  if (handle) {
    enqueue(data);
  } else if (failed) {
    self.postMessage(errorAnswer(typeof data === "string" ? data : data.text, failed));
  } else {
    waiting.push(data);
    load(null); // a job first: nothing else is coming
  }
};

// Called by the Go side once sudokuHandle is set.
self.sudokuReady = () => {
  handle = self.sudokuHandle;
  while (waiting.length > 0) {
    enqueue(waiting.shift());
  }
};

// compile fetches and compiles worker.wasm; a worker named engineName posts
// the compiled Module to the page. A Module that cannot be posted (a browser
// that does not share them) is only not shared.
async function compile(go) {
  const result = await WebAssembly.instantiateStreaming(fetch("worker.wasm"), go.importObject);
  if (self.name === engineName) {
    try {
      self.postMessage({ module: result.module });
    } catch (e) { /* the next worker compiles its own */ }
  }
  return result.instance;
}

// instance instantiates the engine: from module when given one and that
// works, by compile otherwise.
async function instance(module) {
  if (module instanceof WebAssembly.Module) {
    const go = new Go();
    try {
      return { go: go, instance: await WebAssembly.instantiate(module, go.importObject) };
    } catch (e) { /* compiled anew below */ }
  }
  const go = new Go();
  return { go: go, instance: await compile(go) };
}

// load starts the engine once: from module, a WebAssembly.Module, if given.
function load(module) {
  if (loading) {
    return;
  }
  loading = true;
  instance(module)
    .then((r) => r.go.run(r.instance))
    .catch((err) => {
      // Every waiting request learns that the engine could not start,
      // and every later one.
      failed = "the engine could not start: " + err;
      for (const data of waiting.splice(0)) {
        self.postMessage(errorAnswer(typeof data === "string" ? data : data.text, failed));
      }
    });
}

// A worker the page did not name loads the engine at once; a named one
// waits for its first message (see the top).
if (self.name !== engineName) {
  load(null);
}
