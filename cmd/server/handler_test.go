package main

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
)

// Contents of the test bundle; each is distinct so a test can tell which
// file was served.
const (
	rawWasm   = "\x00asm raw wasm body"
	brWasm    = "brotli wasm body"
	gzWasm    = "gzip wasm body"
	secret    = "SECRET OUTSIDE THE WEB DIRECTORY"
	dotSecret = "SECRET DOTFILE"
)

func testBundle() fstest.MapFS {
	return fstest.MapFS{
		"web/app.wasm":     {Data: []byte(rawWasm)},
		"web/app.wasm.br":  {Data: []byte(brWasm)},
		"web/app.wasm.gz":  {Data: []byte(gzWasm)},
		"web/wasm_exec.js": {Data: []byte("// wasm_exec.js of this Go")},
		"web/worker.wasm":  {Data: []byte("\x00asm worker")},
		"web/worker.js":    {Data: []byte("// worker.js")},
		"web/theme.js":     {Data: []byte("// theme.js")},
		"web/sudoku.css":   {Data: []byte("body{}")},
		"web/icon.svg":     {Data: []byte("<svg/>")},
		"web/icon-192.png": {Data: []byte("\x89PNG 192")},
		"web/icon-512.png": {Data: []byte("\x89PNG 512")},
		"web/.hidden":      {Data: []byte(dotSecret)},
		"web/sub/file.txt": {Data: []byte("in a subdirectory")},
		"secret.txt":       {Data: []byte(secret)},
	}
}

func newTestServer(t *testing.T) *server {
	t.Helper()
	s, err := newServer(testBundle(), "")
	if err != nil {
		t.Fatalf("newServer: %v", err)
	}
	return s
}

// do sends one request to h; target is a raw request target as a client
// would send it.
func do(h http.Handler, method, target string, hdr map[string]string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, target, nil)
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func checkSecurityHeaders(t *testing.T, what string, h http.Header) {
	t.Helper()
	for k, want := range securityHeaders {
		if got := h.Get(k); got != want {
			t.Errorf("%s: %s = %q, want %q", what, k, got, want)
		}
	}
	if csp := h.Get("Content-Security-Policy"); !strings.Contains(csp, "'wasm-unsafe-eval'") || strings.Contains(csp, "'unsafe-inline'") {
		t.Errorf("%s: CSP %q must allow wasm and no inline code", what, csp)
	}
}

var headerCases = []struct {
	method, target string
	status         int
}{
	{"GET", "/", 200},
	{"HEAD", "/", 200},
	{"GET", "/app.js", 200},
	{"GET", "/app-worker.js", 200},
	{"GET", "/manifest.webmanifest", 200},
	{"GET", "/web/app.wasm", 200},
	{"GET", "/web/sudoku.css", 200},
	{"GET", "/nope", 404},
	{"GET", "/web/nope.js", 404},
	{"GET", "/../go.mod", 404},
	{"POST", "/", 405},
	{"DELETE", "/web/app.wasm", 405},
}

func TestSecurityHeadersOnEveryResponse(t *testing.T) {
	s := newTestServer(t)
	for _, c := range headerCases {
		rec := do(s, c.method, c.target, nil)
		what := c.method + " " + c.target
		if rec.Code != c.status {
			t.Errorf("%s: status %d, want %d", what, rec.Code, c.status)
		}
		checkSecurityHeaders(t, what, rec.Header())
	}
}

func TestOnlyGetAndHead(t *testing.T) {
	s := newTestServer(t)
	for _, m := range []string{"POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "CONNECT"} {
		for _, target := range []string{"/", "/web/app.wasm", "/nope"} {
			rec := do(s, m, target, nil)
			if rec.Code != http.StatusMethodNotAllowed {
				t.Errorf("%s %s: status %d, want 405", m, target, rec.Code)
			}
			if got := rec.Header().Get("Allow"); got != "GET, HEAD" {
				t.Errorf("%s %s: Allow = %q, want %q", m, target, got, "GET, HEAD")
			}
		}
	}
	rec := do(s, "HEAD", "/web/sudoku.css", nil)
	if rec.Code != 200 || rec.Body.Len() != 0 {
		t.Errorf("HEAD /web/sudoku.css: status %d, %d body bytes; want 200 and none", rec.Code, rec.Body.Len())
	}
}

// Path tricks: none may reach a file outside web/, a dotfile or a listing.
var traversalTargets = []string{
	"/../go.mod",
	"/..%2f..%2fetc/passwd",
	"/%2e%2e/",
	"/%2e%2e/secret.txt",
	"/..\\secret.txt",
	"/web/..\\secret.txt",
	"/file%00",
	"/web/app.wasm%00",
	"//x",
	"//secret.txt",
	"/secret.txt",
	"/web/../secret.txt",
	"/web/..%2fsecret.txt",
	"/web/%2e%2e/secret.txt",
	"/web/./app.wasm",
	"/web//app.wasm",
	"/web/.hidden",
	"/web/%2ehidden",
	"/.git/config",
	"/web/",
	"/web",
	"/web/sub",
	"/web/sub/",
	"/web/sub/.",
}

func TestTraversal(t *testing.T) {
	s := newTestServer(t)
	for _, target := range traversalTargets {
		rec := do(s, "GET", target, nil)
		switch rec.Code {
		case http.StatusMovedPermanently, http.StatusBadRequest, http.StatusNotFound:
		default:
			t.Errorf("GET %q: status %d, want 301, 400 or 404", target, rec.Code)
		}
		body := rec.Body.String()
		for _, bad := range []string{secret, dotSecret, "sub/", "file.txt", "<pre>"} {
			if strings.Contains(body, bad) {
				t.Errorf("GET %q: body leaks %q: %q", target, bad, body)
			}
		}
		checkSecurityHeaders(t, "GET "+target, rec.Header())
	}
}

func TestCleanPath(t *testing.T) {
	for p, want := range map[string]bool{
		"/": true, "/web/app.wasm": true, "/app.js": true,
		"": false, "x": false, "/web/../x": false, "/web/./x": false, "//x": false,
		"/web/": false, "/a\\b": false, "/a\x00": false, "/.git": false, "/web/.hidden": false,
	} {
		if got := cleanPath(p); got != want {
			t.Errorf("cleanPath(%q) = %v, want %v", p, got, want)
		}
	}
}

var mimeCases = []struct{ target, prefix string }{
	{"/web/app.wasm", "application/wasm"},
	{"/web/sudoku.css", "text/css"},
	{"/web/icon.svg", "image/svg+xml"},
	{"/web/icon-192.png", "image/png"},
	{"/wasm_exec.js", "text/javascript"},
	{"/app.js", "application/javascript"},
	{"/manifest.webmanifest", "application/manifest+json"},
	{"/", "text/html"},
}

func TestMIMETypes(t *testing.T) {
	s := newTestServer(t)
	for _, c := range mimeCases {
		for _, enc := range []string{"", "br", "gzip"} {
			rec := do(s, "GET", c.target, map[string]string{"Accept-Encoding": enc})
			if got := rec.Header().Get("Content-Type"); !strings.HasPrefix(got, c.prefix) {
				t.Errorf("GET %s (Accept-Encoding %q): Content-Type %q, want %s", c.target, enc, got, c.prefix)
			}
		}
	}
}

var compressionCases = []struct {
	accept, encoding, body string
}{
	{"", "", rawWasm},
	{"identity", "", rawWasm},
	{"br", "br", brWasm},
	{"gzip, deflate, br", "br", brWasm},
	{"gzip", "gzip", gzWasm},
	{"br;q=0, gzip", "gzip", gzWasm},
	{"br;q=0, gzip;q=0", "", rawWasm},
	{"BR", "br", brWasm},
	{"gzip;q=0.5", "gzip", gzWasm},
}

func TestPrecompressed(t *testing.T) {
	s := newTestServer(t)
	for _, c := range compressionCases {
		rec := do(s, "GET", "/web/app.wasm", map[string]string{"Accept-Encoding": c.accept})
		h := rec.Header()
		if got := h.Get("Content-Encoding"); got != c.encoding {
			t.Errorf("Accept-Encoding %q: Content-Encoding %q, want %q", c.accept, got, c.encoding)
		}
		if got := rec.Body.String(); got != c.body {
			t.Errorf("Accept-Encoding %q: body %q, want %q", c.accept, got, c.body)
		}
		if !strings.Contains(h.Get("Vary"), "Accept-Encoding") {
			t.Errorf("Accept-Encoding %q: Vary = %q, want Accept-Encoding", c.accept, h.Get("Vary"))
		}
		if got, want := h.Get(wasmLengthHeader), "18"; got != want {
			t.Errorf("Accept-Encoding %q: %s = %q, want %q (raw size)", c.accept, wasmLengthHeader, got, want)
		}
	}
	// A file without compressed copies is served as is.
	rec := do(s, "GET", "/web/sudoku.css", map[string]string{"Accept-Encoding": "br, gzip"})
	if rec.Header().Get("Content-Encoding") != "" || rec.Body.String() != "body{}" {
		t.Errorf("sudoku.css: encoding %q body %q, want the raw file", rec.Header().Get("Content-Encoding"), rec.Body.String())
	}
}

func TestCacheHeaders(t *testing.T) {
	s := newTestServer(t)
	for _, target := range []string{"/", "/app.js", "/app-worker.js", "/manifest.webmanifest", "/web/app.wasm", "/web/sudoku.css", "/wasm_exec.js"} {
		rec := do(s, "GET", target, nil)
		if got := rec.Header().Get("Cache-Control"); got != "no-cache" {
			t.Errorf("GET %s: Cache-Control %q, want no-cache", target, got)
		}
	}
}

func TestWasmExecIsTheBundlesCopy(t *testing.T) {
	s := newTestServer(t)
	rec := do(s, "GET", "/wasm_exec.js", nil)
	if got := rec.Body.String(); got != "// wasm_exec.js of this Go" {
		t.Errorf("/wasm_exec.js = %q, want the bundle's copy", got)
	}
}

func TestVersionIsContentHash(t *testing.T) {
	b := testBundle()
	v1, err := bundleVersion(b)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := bundleVersion(testBundle())
	if v1 != again {
		t.Errorf("version not stable: %s then %s", v1, again)
	}
	b["web/app.wasm"] = &fstest.MapFile{Data: []byte(rawWasm + "!")}
	v2, _ := bundleVersion(b)
	if v1 == v2 {
		t.Errorf("version %s did not change with app.wasm", v1)
	}
	b = testBundle()
	b["web/app.wasm.br"] = &fstest.MapFile{Data: []byte("other compression")}
	if v3, _ := bundleVersion(b); v3 != v1 {
		t.Errorf("version changed with a compressed copy only: %s vs %s", v3, v1)
	}
	delete(b, "web/app.wasm")
	if _, err := bundleVersion(b); err == nil || !strings.Contains(err.Error(), "make server") {
		t.Errorf("bundle without app.wasm: err = %v, want one telling to run make server", err)
	}
	for _, f := range []string{"web/worker.wasm", "web/worker.js", "web/theme.js"} {
		b := testBundle()
		delete(b, f)
		if _, err := bundleVersion(b); err == nil || !strings.Contains(err.Error(), f) {
			t.Errorf("bundle without %s: err = %v, want one naming it", f, err)
		}
	}
	// The engine's worker is precached, so that it starts offline.
	worker := do(newTestServer(t), "GET", "/app-worker.js", nil).Body.String()
	for _, f := range []string{"/web/worker.js", "/web/worker.wasm", "/web/wasm_exec.js", "/web/theme.js"} {
		if !strings.Contains(worker, `"`+f+`"`) {
			t.Errorf("app-worker.js does not precache %s", f)
		}
	}
	// The version reaches the page: app.js and the worker carry it.
	s := newTestServer(t)
	for _, target := range []string{"/app.js", "/app-worker.js"} {
		if body := do(s, "GET", target, nil).Body.String(); !strings.Contains(body, v1) {
			t.Errorf("%s does not carry the version %s", target, v1)
		}
	}
}

func TestManifestUsesLocalIcons(t *testing.T) {
	s := newTestServer(t)
	body := do(s, "GET", "/manifest.webmanifest", nil).Body.String()
	for _, want := range []string{"/web/icon-192.png", "/web/icon-512.png", "/web/icon.svg", `"theme_color": "#2f5d8a"`} {
		if !strings.Contains(body, want) {
			t.Errorf("manifest lacks %q:\n%s", want, body)
		}
	}
	if strings.Contains(body, "http") {
		t.Errorf("manifest points to the network:\n%s", body)
	}
	worker := do(s, "GET", "/app-worker.js", nil).Body.String()
	if strings.Contains(worker, "http") {
		t.Errorf("worker precaches a remote URL")
	}
}

func TestErrorsHideInternals(t *testing.T) {
	s := newTestServer(t)
	rec := do(s, "GET", "/web/nope.wasm", nil)
	body, _ := io.ReadAll(rec.Body)
	if !bytes.Equal(bytes.TrimSpace(body), []byte("404 page not found")) {
		t.Errorf("404 body = %q, want the plain message", body)
	}
}

// The page lets the user zoom: go-app's viewport (maximum-scale=1,
// user-scalable=0) is replaced, and the Content-Length matches the body.
func TestViewportAllowsZoom(t *testing.T) {
	s := newTestServer(t)
	res := do(s, "GET", "/", nil)
	body := res.Body.String()
	if res.Code != 200 || !strings.Contains(body, ourViewport) {
		t.Fatalf("GET / = %d without the zoomable viewport:\n%.400s", res.Code, body)
	}
	if strings.Contains(body, "user-scalable") || strings.Contains(body, "maximum-scale") {
		t.Error("the page still blocks zooming")
	}
	if n := res.Header().Get("Content-Length"); n != "" && n != strconv.Itoa(len(body)) {
		t.Errorf("Content-Length %s for a body of %d bytes", n, len(body))
	}
	if got := string(fixViewport([]byte("<meta name=\"viewport\" " + goappViewport + ">"))); !strings.Contains(got, ourViewport) {
		t.Errorf("fixViewport = %q", got)
	}
}

// The first response draws the board: the shell holds 81 cells in 9 rows,
// with the style sheet that draws them, so the board paints before the wasm
// runs.
func TestFirstResponseHoldsTheBoard(t *testing.T) {
	s := newTestServer(t)
	body := do(s, "GET", "/", nil).Body.String()
	i := strings.Index(body, `id="board-shell"`)
	if i < 0 {
		t.Fatalf("GET / has no board:\n%.600s", body)
	}
	shell := body[i:]
	if end := strings.Index(shell, `class="loading"`); end > 0 {
		shell = shell[:end]
	}
	if rows, cells := strings.Count(shell, `class="row"`), strings.Count(shell, `class="cell"`); rows != 9 || cells != 81 {
		t.Errorf("the board holds %d rows and %d cells, want 9 and 81", rows, cells)
	}
	if !strings.Contains(body, styleSheet) {
		t.Errorf("the page does not link %s", styleSheet)
	}
	// The saved theme's script runs before the board is parsed: in the
	// head, neither deferred nor async.
	head, _, _ := strings.Cut(body, "<body")
	if tag := regexp.MustCompile(`<script[^>]*src="` + regexp.QuoteMeta(themeJS) + `"[^>]*>`).FindString(head); tag == "" || strings.Contains(tag, "defer") || strings.Contains(tag, "async") {
		t.Errorf("the head's script tag for %s is %q, want a synchronous one", themeJS, tag)
	}
}
