package e2e

import (
	"context"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"sudoku/internal/lzstring"
)

// variantFile reads an f-puzzles file of testdata/variants.
func variantFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(moduleRoot, "testdata", "variants", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// fpuzzlesLink is the f-puzzles link of an f-puzzles JSON, on base (its
// host, or the page's: the same form opens in both).
func fpuzzlesLink(base, js string) string {
	return base + "/?load=" + url.QueryEscape(lzstring.CompressToBase64(js))
}

// variantShots are the screenshots of variant puzzles: file, image name.
var variantShots = [][2]string{
	{"killer-uk2022.json", "variant-killer.png"},
	{"thermo-6x6-wsc2022.json", "variant-thermo-6x6.png"},
	{"arrow-gp2023r7-ib.json", "variant-arrow.png"},
	{"irregular-kropki-6x6-wsc2022.json", "variant-irregular-kropki.png"},
	{"gen-littlekiller.json", "variant-little-killer.png"},
	{"gen-sandwich.json", "variant-sandwich.png"},
	{"gen-xv-negative.json", "variant-xv.png"},
	{"gen-whispers.json", "variant-whispers.png"},
	{"renban-gp2024r4.json", "variant-renban.png"},
	{"palindrome-wsc.json", "variant-palindrome.png"},
	{"gen-between.json", "variant-between.png"},
	{"oddeven-gp2023r1.json", "variant-oddeven.png"},
	{"gen-minmax.json", "variant-minmax.png"},
	{"gen-quadruple.json", "variant-quadruple.png"},
	{"gen-windoku.json", "variant-windoku.png"},
	{"extraregion-lmi-sm202301.json", "variant-extraregion.png"},
	{"gen-clone-6x6.json", "variant-clone.png"},
	{"gen-killer-8x8.json", "variant-killer-8x8.png"},
}

// TestScreenshotsVariants writes a screenshot of the board of each kind
// of variant puzzle into $SUDOKU_SCREENSHOTS (make screenshots), light, and
// the killer dark too.
func TestScreenshotsVariants(t *testing.T) {
	dir := os.Getenv("SUDOKU_SCREENSHOTS")
	if dir == "" {
		t.Skip("screenshots only with SUDOKU_SCREENSHOTS=dir (make screenshots)")
	}
	need(t)
	srv := startServer(t, "127.0.0.1:0")
	ctx := browser(t)
	for _, s := range variantShots {
		open(t, ctx, fpuzzlesLink(srv.URL, variantFile(t, s[0])))
		waitFor(t, ctx, "the rules drawn", `document.querySelector("#rules-overlay") !== null`)
		shootBoard(t, ctx, dir, s[1])
	}
	emulateScheme(t, ctx, "dark")
	open(t, ctx, fpuzzlesLink(srv.URL, variantFile(t, "killer-uk2022.json")))
	shootBoard(t, ctx, dir, "variant-killer-dark.png")
}

// shootBoard writes a screenshot of the board and what is around it.
func shootBoard(t *testing.T, ctx context.Context, dir, name string) {
	t.Helper()
	run(t, ctx, "top", chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`))
	shoot(t, ctx, dir, name)
}

var _ = strings.Repeat
