package e2e

import (
	"os"
	"testing"
)

// paintWatch records, from the first script run of a document, when a
// board of 81 cells is first on screen (window.boardPaintedAt, ms since
// navigation start): laid out and not covered at its centre (by go-app's
// loading screen, for one).
const paintWatch = `(() => {
  const look = () => {
    const b = document.querySelector(".board");
    if (b && b.querySelectorAll(".cell").length === 81) {
      const r = b.getBoundingClientRect();
      const top = r.width > 0 && document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (top && b.contains(top)) { window.boardPaintedAt = performance.now(); return; }
    }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})()`

// TestMeasureFirstPaint reports navigation -> board painted and ->
// interactive, cold (a fresh profile) and from the service worker. It
// asserts nothing about time: run it with `make measure`.
func TestMeasureFirstPaint(t *testing.T) {
	if os.Getenv("SUDOKU_MEASURE") == "" {
		t.Skip("measurements only with SUDOKU_MEASURE=1 (make measure)")
	}
	need(t)
	srv := startServer(t, "127.0.0.1:0")
	const runs = 5
	var paintCold, readyCold, paintWarm, readyWarm []float64
	for range runs {
		ctx := browser(t)
		onNewDocument(t, ctx, paintWatch)
		open(t, ctx, srv.URL+"/")
		waitFor(t, ctx, "the painted board", `typeof window.boardPaintedAt === "number"`)
		paintCold = append(paintCold, eval[float64](t, ctx, `window.boardPaintedAt`))
		readyCold = append(readyCold, readyAt(t, ctx))
		waitOffline(t, ctx)
		open(t, ctx, srv.URL+"/")
		waitFor(t, ctx, "the painted board", `typeof window.boardPaintedAt === "number"`)
		paintWarm = append(paintWarm, eval[float64](t, ctx, `window.boardPaintedAt`))
		readyWarm = append(readyWarm, readyAt(t, ctx))
	}
	t.Logf("navigation -> board painted, cold: %s", summary(paintCold))
	t.Logf("navigation -> interactive, cold: %s", summary(readyCold))
	t.Logf("navigation -> board painted, from the service worker: %s", summary(paintWarm))
	t.Logf("navigation -> interactive, from the service worker: %s", summary(readyWarm))
}
