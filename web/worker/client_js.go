//go:build js && wasm

package worker

import (
	"encoding/json"
	"fmt"
	"syscall/js"
)

// A Client sends jobs to the engine's Web Worker, which it starts on the
// first request. It is used from the page's thread only (like the DOM).
type Client struct {
	url     string
	w       js.Value // the Worker, or undefined before the first request and after Cancel
	module  js.Value // the engine's compiled WebAssembly.Module, once a worker posted it
	onMsg   js.Func
	onErr   js.Func
	next    int
	pending map[int]job
	warmed  bool // the photo reader ran once in this page (Warm or DoPicture)
}

// A job is a request waiting for its answer.
type job struct {
	op   Op
	done func(Response)
}

// NewClient returns a Client of the worker script at url (the bundle's
// worker.js, resolved like the page's other static files).
func NewClient(url string) *Client {
	c := &Client{url: url, pending: map[int]job{}}
	c.onMsg = js.FuncOf(func(this js.Value, args []js.Value) any {
		c.receive(args[0].Get("data"))
		return nil
	})
	c.onErr = js.FuncOf(func(this js.Value, args []js.Value) any {
		msg := "the engine's worker failed"
		if m := args[0].Get("message"); m.Type() == js.TypeString {
			msg += ": " + m.String()
		}
		c.failAll(&Error{Msg: msg, Sentinels: []string{"bad-request"}})
		return nil
	})
	return c
}

// Do posts req, numbered by the client, and calls done with its Response
// on the page's thread when the worker answers, or with ErrCancelled when
// the job is cancelled first. It returns the request's ID.
func (c *Client) Do(req Request, done func(Response)) int {
	c.next++
	req.ID = c.next
	b, err := json.Marshal(req)
	if err != nil {
		done(Response{ID: req.ID, Op: req.Op, Err: WireError(fmt.Errorf("%w: %v", ErrRequest, err))})
		return req.ID
	}
	c.start()
	c.pending[req.ID] = job{req.Op, done}
	c.w.Call("postMessage", string(b))
	return req.ID
}

// DoPicture posts an OpScan request req with its picture, a Blob (a File
// the player chose, pasted or dropped; a js.Value), as Do posts other jobs:
// the worker decodes the picture and shrinks it itself, so the page's
// thread never holds its pixels.
func (c *Client) DoPicture(req Request, picture any, done func(Response)) int {
	c.next++
	req.ID = c.next
	blob, ok := picture.(js.Value)
	b, err := json.Marshal(req)
	if !ok {
		err = fmt.Errorf("the picture is a %T, not a Blob", picture)
	}
	if err != nil {
		done(Response{ID: req.ID, Op: req.Op, Err: WireError(fmt.Errorf("%w: %v", ErrRequest, err))})
		return req.ID
	}
	c.start()
	c.warmed = true
	c.pending[req.ID] = job{req.Op, done}
	msg := js.Global().Get("Object").New()
	msg.Set("text", string(b))
	msg.Set("picture", blob)
	c.w.Call("postMessage", msg)
	return req.ID
}

// Warm readies the photo reader once in the page, ahead of the first
// picture: the worker reads a small grid it draws itself (static/worker.js),
// so that the browser compiles and optimizes the reader's code while the
// player takes or chooses the photo. Its answer is dropped. It does nothing
// once a picture was read or a warm-up posted; a Cancel meanwhile stops it
// like any job (the code compiled so far stays in the kept Module).
func (c *Client) Warm() {
	if c.warmed {
		return
	}
	c.warmed = true
	c.next++
	b, err := json.Marshal(Request{ID: c.next, Op: OpScan})
	if err != nil {
		return
	}
	c.start()
	c.pending[c.next] = job{OpScan, func(Response) {}}
	msg := js.Global().Get("Object").New()
	msg.Set("text", string(b))
	msg.Set("warm", true)
	c.w.Call("postMessage", msg)
}

// start starts the worker unless it runs.
// Start starts the worker ahead of its first job, so that loading its
// engine (fetching and compiling worker.wasm, on the browser's threads) is
// done before the player asks for anything rather than while the page
// handles the first request.
func (c *Client) Start() { c.start() }

// The worker is named "engine": its first message is then {module}, the
// engine's WebAssembly.Module compiled by an earlier worker (kept since the
// worker that compiled it posted it), or null, and the worker compiles
// worker.wasm only when it has none (static/worker.js). Keeping the Module
// keeps its compiled code for the whole visit: a worker started after
// Cancel instantiates it instead of fetching and compiling worker.wasm anew.
func (c *Client) start() {
	if !c.w.IsUndefined() {
		return
	}
	opts := js.Global().Get("Object").New()
	opts.Set("name", "engine")
	c.w = js.Global().Get("Worker").New(c.url, opts)
	c.w.Set("onmessage", c.onMsg)
	c.w.Set("onerror", c.onErr)
	if !c.postModule(c.module) && !c.module.IsUndefined() {
		// A Module this browser cannot post: the worker compiles its own.
		c.module = js.Undefined()
		c.postModule(js.Undefined())
	}
}

// postModule posts {module: m} to the worker, null when m is undefined, and
// reports false when postMessage threw (a DataCloneError).
func (c *Client) postModule(m js.Value) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	msg := js.Global().Get("Object").New()
	if m.IsUndefined() {
		msg.Set("module", js.Null())
	} else {
		msg.Set("module", m)
	}
	c.w.Call("postMessage", msg)
	return true
}

// Busy reports whether a job is waiting for its answer.
func (c *Client) Busy() bool { return len(c.pending) > 0 }

// Pending reports how many jobs of the given ops wait for their answer.
func (c *Client) Pending(ops ...Op) int {
	n := 0
	for _, j := range c.pending {
		for _, op := range ops {
			if j.op == op {
				n++
			}
		}
	}
	return n
}

// Cancel stops every job: the worker is terminated (nothing else can stop
// Go code that runs) and each pending request is answered with
// ErrCancelled. A new worker starts at once, as Start does, from the
// engine's kept Module (start): its engine loads while the page handles the
// change that cancelled, rather than when the next job comes.
func (c *Client) Cancel() {
	if len(c.pending) == 0 {
		return
	}
	c.w.Call("terminate")
	c.w = js.Undefined()
	c.failAll(WireError(ErrCancelled))
	c.start()
}

// receive keeps the engine's Module that a worker posts ({module}), and
// hands the Response in any other message's data to the request it
// answers: the data is its JSON text, or {text, events} when a trace's
// events came apart (JoinEvents). An answer that cannot be read answers its
// request with the error when its text names it, and every pending request
// otherwise.
func (c *Client) receive(data js.Value) {
	if m := moduleOf(data); !m.IsUndefined() {
		c.module = m
		return
	}
	text, events, err := messageParts(data)
	resp, jerr := JoinEvents(text, events) // the request's ID, at least, when the text holds it
	if err == nil {
		err = jerr
	}
	if err != nil {
		if resp.ID == 0 { // whose answer it is cannot be told
			c.failAll(WireError(err))
			return
		}
		resp = Response{ID: resp.ID, Op: resp.Op, Err: WireError(err)}
	}
	if j, ok := c.pending[resp.ID]; ok {
		delete(c.pending, resp.ID)
		j.done(resp)
	}
}

// failAll answers every pending request with the error e.
func (c *Client) failAll(e *Error) {
	pending := c.pending
	c.pending = map[int]job{}
	for id, j := range pending {
		j.done(Response{ID: id, Op: j.op, Err: e})
	}
}

// moduleOf returns the engine's WebAssembly.Module that a message's data
// {module} carries, or undefined when it is not such a message.
func moduleOf(data js.Value) js.Value {
	if data.Type() != js.TypeObject {
		return js.Undefined()
	}
	m := data.Get("module")
	if m.Type() != js.TypeObject || !m.InstanceOf(js.Global().Get("WebAssembly").Get("Module")) {
		return js.Undefined()
	}
	return m
}

// messageParts returns the JSON text of a message's data and the trace's
// events that came beside it (nil when none did).
func messageParts(data js.Value) (string, []byte, error) {
	if data.Type() == js.TypeString {
		return data.String(), nil, nil
	}
	if data.Type() != js.TypeObject || data.Get("text").Type() != js.TypeString {
		return "", nil, fmt.Errorf("%w: unreadable answer: neither a text nor {text, events}", ErrRequest)
	}
	text, ev := data.Get("text").String(), data.Get("events")
	if ev.IsUndefined() || ev.IsNull() {
		return text, nil, nil
	}
	if !ev.InstanceOf(js.Global().Get("Uint8Array")) {
		return text, nil, fmt.Errorf("%w: the trace's events came as something other than bytes", ErrRequest)
	}
	events := make([]byte, ev.Get("length").Int())
	js.CopyBytesToGo(events, ev)
	return text, events, nil
}
