package web

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"sudoku/solver"
)

// TestReadTextGivesALoadActionOrARefusal: readText's contract with the
// page: a puzzle comes back as the load action that opens it (the variant
// named only when it is not the page's), anything else as a refusal that
// changes nothing; a text the worker reads comes back as well.
func TestReadTextGivesALoadActionOrARefusal(t *testing.T) {
	et := newEngineTester(t, engineGame(empty))
	read := func(text string, rules *solver.Variant) (got []pasted) {
		et.do(func(ctx app.Context) {
			readText(ctx, &et.e, text, rules, func(_ app.Context, p pasted) { got = append(got, p) })
		})
		if len(got) != 1 {
			t.Fatalf("%.20q: %d answers, want 1", text, len(got))
		}
		return got
	}
	p := read(unique, solver.Standard)[0]
	if p.refused != "" || p.load.Kind != actLoad || p.load.Name != "" || !strings.HasPrefix(p.load.Grid, unique) || p.said != txtLoaded(17) {
		t.Errorf("the 81-character line: %+v", p)
	}
	p = read(unique, solver.Diagonal)[0]
	if p.refused != "" || p.load.Name != "" {
		t.Errorf("the line under the page's diagonal rules: %+v (the page's rules need no name)", p)
	}
	p = read(unique+":1:diagonal", solver.Standard)[0] // read by the worker
	if p.refused != "" || p.load.Name != solver.Diagonal.Name {
		t.Errorf("a diagonal puzzle pasted on a standard page: %+v", p)
	}
	if p = read("hello <b>world</b>", solver.Standard)[0]; p.refused == "" || p.load.Kind == actLoad {
		t.Errorf("not a puzzle: %+v", p)
	}
	if p = read(strings.Repeat(".", maxPasteBytes+1), solver.Standard)[0]; p.refused != txtTooLong {
		t.Errorf("too long: %+v", p)
	}
}
