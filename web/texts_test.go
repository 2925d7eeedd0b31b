package web

import (
	"errors"
	"net/url"
	"testing"

	"sudoku/internal/lzstring"
	"sudoku/solver"
	"sudoku/web/worker"
	"sudoku/web/worker/jobs"
)

// The tests read and write links as the page does, with the engine's
// worker answering at once in this process (worker.Handle).

// answerAll answers t's missing requests with worker.Handle.
func (t *texts) answerAll() {
	for _, req := range t.take() {
		t.answer(req, worker.Handle(req))
	}
}

// gameFromQuery is gameFromLink with every text read at once.
func gameFromQuery(q url.Values) (game, error) {
	var t texts
	for {
		g, err := gameFromLink(q, &t)
		if !errors.Is(err, errPending) {
			return g, err
		}
		if len(t.missing) == 0 {
			return g, errors.New("pending with nothing to ask")
		}
		t.answerAll()
	}
}

// linkQuery is queryOf with a variant's load= value written at once.
func linkQuery(g game, withProgress bool) string {
	var t texts
	for {
		q, err := queryOf(g, withProgress, &t)
		if !errors.Is(err, errPending) {
			return q
		}
		t.answerAll()
	}
}

// readVariant reads f-puzzles data as the paste box does.
func readVariant(text string) (*worker.VariantPuzzle, error) {
	var t texts
	for {
		p, err := t.variant(text)
		if !errors.Is(err, errPending) {
			return p, err
		}
		t.answerAll()
	}
}

// A texts asks each missing text once, keeps the answers, asks again for
// a job cancelled with the others, and the page's link waits for the
// worker.
func TestTexts(t *testing.T) {
	var tx texts
	const odd = "4.....8.5\n.3.......\n...7.....\n.2.....6.\n....8.4..\n....1....\n...6.3.7.\n5..2.....\n1.4......"
	if _, err := tx.grid(odd); !errors.Is(err, errPending) {
		t.Fatalf("grid of a 9-line text before the worker answered: %v, want errPending", err)
	}
	if _, err := tx.grid(odd); !errors.Is(err, errPending) || len(tx.missing) != 1 {
		t.Fatalf("asked twice: %d missing, want 1", len(tx.missing))
	}
	reqs := tx.take()
	if len(reqs) != 1 || len(tx.missing) != 0 {
		t.Fatalf("take = %d requests, %d left", len(reqs), len(tx.missing))
	}
	if _, err := tx.grid(odd); !errors.Is(err, errPending) || len(tx.missing) != 0 {
		t.Fatalf("an asked text is asked again: %d missing", len(tx.missing))
	}
	tx.answer(reqs[0], worker.Response{Err: worker.WireError(worker.ErrCancelled)})
	if _, err := tx.grid(odd); !errors.Is(err, errPending) || len(tx.missing) != 1 {
		t.Fatalf("a cancelled read is not asked again: %v, %d missing", err, len(tx.missing))
	}
	tx.answerAll()
	g, err := tx.grid(odd)
	if err != nil || g.Clues() != 17 {
		t.Fatalf("grid after the answer = %d clues, %v; want 17", g.Clues(), err)
	}
	if _, err := tx.grid("4....x"); !errors.Is(err, errPending) {
		t.Fatalf("a bad text is the worker's to refuse: %v", err)
	}
	tx.answerAll()
	if _, err := tx.grid("4....x"); err == nil || errors.Is(err, errPending) {
		t.Fatalf("a bad text read: %v", err)
	}
	// The page's own line needs no worker.
	var none texts
	if g, err := none.grid(g.String()); err != nil || len(none.missing) != 0 || g.Clues() != 17 {
		t.Fatalf("the 81-character line: %v, %d missing", err, len(none.missing))
	}
}

// readPosition reads a pasted text as the page does.
func readPosition(text, variant string) (solver.Position, error) {
	var t texts
	for {
		p, err := t.position(text, variant)
		if !errors.Is(err, errPending) {
			return p, err
		}
		t.answerAll()
	}
}

// fpuzzlesJSON is the f-puzzles JSON of a variant game's link.
func fpuzzlesJSON(tb testing.TB, g game) string {
	tb.Helper()
	q, err := url.ParseQuery(linkQuery(g, false))
	if err != nil {
		tb.Fatal(err)
	}
	js, err := lzstring.DecompressFromBase64(q.Get(paramLoad))
	if err != nil || js == "" {
		tb.Fatalf("the link's load= value: %q, %v", js, err)
	}
	return js
}

// wireVariant is an f-puzzles puzzle as the worker sends it.
func wireVariant(p *solver.Puzzle) *worker.VariantPuzzle { return jobs.FromVariant(p) }
