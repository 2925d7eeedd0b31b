package jobs

import (
	"errors"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sudoku/solver"
	"sudoku/web/worker"
)

// OpRead reads the forms the page leaves to the worker, through JSON, and
// an f-puzzles puzzle read, written as a link and read again is the same.
func TestReadAndLink(t *testing.T) {
	grid, err := worker.ParseGrid(hard)
	if err != nil {
		t.Fatal(err)
	}
	pretty := grid.Pretty()
	resp := roundTrip(t, worker.Request{Op: worker.OpRead, Read: &worker.ReadRequest{As: worker.ReadGrid, Text: pretty}})
	if resp.Err != nil || resp.Read == nil || resp.Read.Position == nil || resp.Read.Position.Clues != grid.String() {
		t.Fatalf("read grid of a 9-line text: %+v", resp)
	}
	resp = roundTrip(t, worker.Request{Op: worker.OpRead, Read: &worker.ReadRequest{As: worker.ReadPosition, Text: hard + ":1:diagonal"}})
	if resp.Err != nil || resp.Read == nil || resp.Read.Position == nil || resp.Read.Position.Variant != "diagonal" {
		t.Fatalf("read position with a note: %+v", resp)
	}
	resp = roundTrip(t, worker.Request{Op: worker.OpRead, Read: &worker.ReadRequest{As: worker.ReadPosition, Text: "hello"}})
	if err := resp.Err.Err(); !errors.Is(err, solver.ErrSyntax) && !errors.Is(err, solver.ErrLength) {
		t.Fatalf("read of no puzzle: %v, want the reader's sentinel", err)
	}

	b, err := os.ReadFile(filepath.Join("..", "..", "..", "testdata", "variants", "killer-uk2022.json"))
	if err != nil {
		t.Fatal(err)
	}
	resp = roundTrip(t, worker.Request{Op: worker.OpRead, Read: &worker.ReadRequest{As: worker.ReadFPuzzles, Text: string(b)}})
	if resp.Err != nil || resp.Read == nil || resp.Read.Puzzle == nil {
		t.Fatalf("read f-puzzles JSON: %+v", resp)
	}
	p := resp.Read.Puzzle
	resp = roundTrip(t, worker.Request{Op: worker.OpLink, Link: p})
	if resp.Err != nil || resp.Link == "" {
		t.Fatalf("link: %+v", resp)
	}
	resp = roundTrip(t, worker.Request{Op: worker.OpRead, Read: &worker.ReadRequest{As: worker.ReadFPuzzles, Text: "https://f-puzzles.com/?load=" + resp.Link}})
	if resp.Err != nil || resp.Read == nil || resp.Read.Puzzle == nil || *resp.Read.Puzzle != *p {
		t.Fatalf("the link read back: %+v, want %+v", resp.Read, p)
	}
	if _, err := url.QueryUnescape(resp.Link); err != nil {
		t.Errorf("the link's value is not query-escaped: %v", err)
	}

	// A constraint the page does not support is named in a sentence.
	bad := strings.Replace(string(b), `"killercage"`, `"xsum":[{"cell":"R1C1","value":"12"}],"killercage"`, 1)
	resp = roundTrip(t, worker.Request{Op: worker.OpRead, Read: &worker.ReadRequest{As: worker.ReadFPuzzles, Text: bad}})
	if err := resp.Err.Err(); err == nil || !strings.HasPrefix(err.Error(), "it uses rules this page does not support yet: ") || !strings.Contains(err.Error(), "xsum") {
		t.Fatalf("unsupported constraint: %v", err)
	}
	for _, req := range []worker.Request{{Op: worker.OpRead}, {Op: worker.OpLink}, {Op: worker.OpRead, Read: &worker.ReadRequest{As: "photo"}},
		{Op: worker.OpLink, Link: &worker.VariantPuzzle{Rules: "{", Givens: p.Givens}}} {
		if err := roundTrip(t, req).Err.Err(); !errors.Is(err, worker.ErrRequest) {
			t.Errorf("%+v: %v, want ErrRequest", req, err)
		}
	}
}
