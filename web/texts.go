package web

import (
	"errors"

	"sudoku/solver"
	"sudoku/web/worker"
)

// The texts the page leaves to the engine's worker: a puzzle in any form
// other than the 81-character line the page writes (solver.Parse and
// ParsePosition read every form), and f-puzzles data, read; a variant
// puzzle's load= value, written. The readers and f-puzzles' format are
// large, and the first screen needs none of them (worker/read.go).
//
// A function that needs such a text (gameFromLink, queryOf) takes it from
// a texts and, when the worker has not answered yet, notes the request and
// fails with errPending; the root asks the worker (engine.askTexts) and runs the
// function again with the answer. Tests answer at once with worker.Handle.

// errPending: a text the page asked the worker for has no answer yet.
var errPending = errors.New("waiting for the engine's worker to read the text")

// maxTexts bounds each of a texts' caches; a full cache starts again.
const maxTexts = 16

// A texts holds the worker's answers and the requests still to ask.
type texts struct {
	reads   map[worker.ReadRequest]textAnswer
	links   map[worker.VariantPuzzle]textAnswer
	missing []worker.Request
	asked   map[string]bool // the requests posted and not answered, by key
}

// A textAnswer is a read's result or a link's value, with the job's error.
type textAnswer struct {
	read *worker.Read
	link string
	err  error
}

// key names a request of a texts.
func key(req worker.Request) string {
	if req.Op == worker.OpLink {
		l := req.Link
		return "link\x00" + l.Rules + "\x00" + l.Givens + "\x00" + l.Solution + "\x00" + l.Title + "\x00" + l.Author
	}
	q := req.Read
	return "read\x00" + string(q.As) + "\x00" + q.Variant + "\x00" + q.Text
}

// need notes req as missing unless it is asked already, and returns
// errPending.
func (t *texts) need(req worker.Request) error {
	k := key(req)
	for _, m := range t.missing {
		if key(m) == k {
			return errPending
		}
	}
	if !t.asked[k] {
		t.missing = append(t.missing, req)
	}
	return errPending
}

// read returns the worker's reading of q, or errPending.
func (t *texts) read(q worker.ReadRequest) (*worker.Read, error) {
	if a, ok := t.reads[q]; ok {
		return a.read, a.err
	}
	return nil, t.need(worker.Request{Op: worker.OpRead, Read: &q})
}

// grid reads a puzzle's clues: the 81-character line on the page, any
// other form by the worker (solver.Parse's error when it is none).
func (t *texts) grid(s string) (solver.Grid, error) {
	if g, err := worker.ParseGrid(s); err == nil {
		return g, nil
	}
	r, err := t.read(worker.ReadRequest{As: worker.ReadGrid, Text: s})
	if err != nil {
		return solver.Grid{}, err
	}
	if r == nil || r.Position == nil {
		return solver.Grid{}, errors.New("the engine's worker read no grid")
	}
	return worker.ParseGrid(r.Position.Clues)
}

// position reads a puzzle or a player's position in any form, by the
// worker (solver.ParsePosition under the variant named, for a text that
// names none).
func (t *texts) position(s, variant string) (solver.Position, error) {
	r, err := t.read(worker.ReadRequest{As: worker.ReadPosition, Text: s, Variant: variant})
	if err != nil {
		return solver.Position{}, err
	}
	if r == nil || r.Position == nil {
		return solver.Position{}, errors.New("the engine's worker read no position")
	}
	return r.Position.Solver()
}

// variant reads a variant puzzle from f-puzzles data, by the worker; the
// error is a sentence the page can show.
func (t *texts) variant(s string) (*worker.VariantPuzzle, error) {
	r, err := t.read(worker.ReadRequest{As: worker.ReadFPuzzles, Text: s})
	if err != nil {
		return nil, err
	}
	if r == nil || r.Puzzle == nil {
		return nil, errors.New("the engine's worker read no puzzle")
	}
	return r.Puzzle, nil
}

// link returns the load= value of p, written by the worker, or
// errPending; a puzzle the f-puzzles form cannot say has the job's error.
func (t *texts) link(p worker.VariantPuzzle) (string, error) {
	if a, ok := t.links[p]; ok {
		return a.link, a.err
	}
	return "", t.need(worker.Request{Op: worker.OpLink, Link: &p})
}

// take returns the missing requests, noting them as asked.
func (t *texts) take() []worker.Request {
	reqs := t.missing
	t.missing = nil
	if t.asked == nil {
		t.asked = map[string]bool{}
	}
	for _, req := range reqs {
		t.asked[key(req)] = true
	}
	return reqs
}

// answer keeps the worker's answer to req. A cancelled job is forgotten,
// to be asked again.
func (t *texts) answer(req worker.Request, resp worker.Response) {
	delete(t.asked, key(req))
	err := resp.Err.Err()
	if errors.Is(err, worker.ErrCancelled) {
		return
	}
	if req.Op == worker.OpLink {
		if t.links == nil || len(t.links) >= maxTexts {
			t.links = map[worker.VariantPuzzle]textAnswer{}
		}
		t.links[*req.Link] = textAnswer{link: resp.Link, err: err}
		return
	}
	if t.reads == nil || len(t.reads) >= maxTexts {
		t.reads = map[worker.ReadRequest]textAnswer{}
	}
	t.reads[*req.Read] = textAnswer{read: resp.Read, err: err}
}
