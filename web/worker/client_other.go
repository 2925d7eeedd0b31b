//go:build !(js && wasm)

package worker

import "fmt"

// A Client outside the browser runs each job at once, in the caller's
// goroutine, with Handle: the page's components are tested natively with
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
	done(Handle(req))
	return req.ID
}

// DoPicture answers an OpScan request with ErrRequest: outside the browser
// there is no Blob to decode (HandlePixels reads pixels natively).
func (c *Client) DoPicture(req Request, picture any, done func(Response)) int {
	c.next++
	req.ID = c.next
	done(Response{ID: req.ID, Op: req.Op, Err: wireError(fmt.Errorf("%w: pictures are read in the browser only", ErrRequest))})
	return req.ID
}

// Busy reports whether a job is waiting for its answer: never, here.
func (c *Client) Busy() bool { return false }

// Pending reports how many jobs of the given ops wait for their answer:
// none, here.
func (c *Client) Pending(ops ...Op) int { return 0 }

// Cancel stops every job: none is ever pending here.
func (c *Client) Cancel() {}
