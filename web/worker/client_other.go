//go:build !(js && wasm)

package worker

import "fmt"

// A Client outside the browser runs each job at once, in the caller's
// goroutine, with Handle (set by package jobs; without it every job is
// answered with ErrRequest): the page's components are tested natively with
// the same calls as in the browser, where the jobs run in a Web Worker.
type Client struct {
	next int
}

// NewClient returns a Client; url is ignored outside the browser.
func NewClient(url string) *Client { return &Client{} }

// Do runs req and calls done with its Response before it returns. It
// returns the request's ID.
func (c *Client) Do(req Request, done func(Response)) int {
	c.next++
	req.ID = c.next
	if Handle == nil {
		done(Response{ID: req.ID, Op: req.Op, Err: WireError(fmt.Errorf("%w: no engine in this process (import sudoku/web/worker/jobs)", ErrRequest))})
		return req.ID
	}
	done(Handle(req))
	return req.ID
}

// DoPicture answers an OpScan request with ErrRequest: outside the browser
// there is no Blob to decode (jobs.HandlePixels reads pixels natively).
func (c *Client) DoPicture(req Request, picture any, done func(Response)) int {
	c.next++
	req.ID = c.next
	done(Response{ID: req.ID, Op: req.Op, Err: WireError(fmt.Errorf("%w: pictures are read in the browser only", ErrRequest))})
	return req.ID
}

// Warm does nothing: outside the browser there is no worker to ready.
func (c *Client) Warm() {}

// Busy reports whether a job is waiting for its answer: never, here.
func (c *Client) Busy() bool { return false }

// Pending reports how many jobs of the given ops wait for their answer:
// none, here.
func (c *Client) Pending(ops ...Op) int { return 0 }

// Cancel stops every job: none is ever pending here.
func (c *Client) Cancel() {}

// Start does nothing: there is no worker to start outside a browser.
func (c *Client) Start() {}
