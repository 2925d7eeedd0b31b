//go:build js && wasm

package jobs

import "syscall/js"

// Serve answers the page's requests inside a Web Worker, for as long as
// the worker lives. It sets the worker's global function sudokuHandle(text),
// which worker.js calls with each message (a JSON Request) and whose result
// it posts back: the JSON Response, or, when the answer holds a trace's
// events, {text, events} with the events apart in a Uint8Array of their
// own (HandleSplit), whose buffer worker.js transfers. It then calls
// worker.js's sudokuReady so that the messages that came while the engine
// loaded are answered. The worker runs one job at a time, in order. It
// never returns.
func Serve() error {
	js.Global().Set("sudokuHandle", js.FuncOf(func(this js.Value, args []js.Value) any {
		if len(args) != 1 || args[0].Type() != js.TypeString {
			return HandleJSON("") // answered with ErrRequest
		}
		text, events := HandleSplit(args[0].String())
		if events == nil {
			return text
		}
		buf := js.Global().Get("Uint8Array").New(len(events))
		js.CopyBytesToJS(buf, events)
		msg := js.Global().Get("Object").New()
		msg.Set("text", text)
		msg.Set("events", buf)
		return msg
	}))
	// sudokuHandlePixels(text, width, height, pixels) answers an OpScan
	// request whose picture worker.js decoded and shrank into RGBA pixels
	// (a Uint8ClampedArray).
	js.Global().Set("sudokuHandlePixels", js.FuncOf(func(this js.Value, args []js.Value) any {
		if len(args) != 4 || args[0].Type() != js.TypeString || args[1].Type() != js.TypeNumber || args[2].Type() != js.TypeNumber {
			return HandleJSON("")
		}
		pix := make([]byte, args[3].Get("length").Int())
		js.CopyBytesToGo(pix, js.Global().Get("Uint8Array").New(args[3].Get("buffer"), args[3].Get("byteOffset"), args[3].Get("length")))
		return HandlePixels(args[0].String(), args[1].Int(), args[2].Int(), pix)
	}))
	js.Global().Call("sudokuReady")
	select {} // the callbacks above do the work
}
