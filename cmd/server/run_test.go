package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// writeBundle writes testBundle into a directory, for -dir and exports.
func writeBundle(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for name, f := range testBundle() {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// syncBuffer is an io.Writer safe to read while run writes to it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func TestRunServesAndShutsDownGracefully(t *testing.T) {
	dir := writeBundle(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var stdout, stderr syncBuffer
	done := make(chan int, 1)
	go func() { done <- run(ctx, []string{"-addr", "127.0.0.1:0", "-dir", dir}, &stdout, &stderr) }()

	var url string
	for i := 0; i < 500 && url == ""; i++ {
		if _, after, ok := strings.Cut(stdout.String(), "serving "); ok {
			url = strings.TrimSpace(strings.SplitN(after, "\n", 2)[0])
			break
		}
		select {
		case code := <-done:
			t.Fatalf("run exited early with %d: %s", code, stderr.String())
		case <-time.After(10 * time.Millisecond):
		}
	}
	if !strings.HasPrefix(url, "http://127.0.0.1:") {
		t.Fatalf("no URL printed: stdout %q", stdout.String())
	}
	req, _ := http.NewRequest("GET", url+"/web/app.wasm", nil)
	req.Header.Set("Accept-Encoding", "identity")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "application/wasm" {
		t.Errorf("GET app.wasm: %d %q", res.StatusCode, res.Header.Get("Content-Type"))
	}
	if string(body) != rawWasm {
		t.Errorf("GET app.wasm: body %q, want %q", body, rawWasm)
	}

	cancel() // what SIGINT/SIGTERM do in main
	select {
	case code := <-done:
		if code != 0 {
			t.Errorf("run = %d after shutdown, want 0; stderr %q", code, stderr.String())
		}
	case <-time.After(30 * time.Second):
		t.Fatal("run did not return after its context was cancelled")
	}
	if !strings.Contains(stdout.String(), "stopped") {
		t.Errorf("stdout %q does not report the stop", stdout.String())
	}
}

var runFailures = []struct {
	args []string
	code int
	msg  string
}{
	{[]string{"-bogus"}, 2, "flag provided but not defined"},
	{[]string{"extra"}, 2, "usage"},
	{[]string{"-addr", "127.0.0.1:0", "-dir", "/nonexistent-bundle"}, 1, "make server"},
	{[]string{"-addr", "not an address", "-dir", ""}, 1, ""},
}

func TestRunFailures(t *testing.T) {
	dir := writeBundle(t)
	for _, c := range runFailures {
		args := c.args
		if c.msg == "" { // a real bundle, a bad address
			args = []string{"-addr", "256.0.0.1:99999", "-dir", dir}
		}
		var stdout, stderr bytes.Buffer
		code := run(context.Background(), args, &stdout, &stderr)
		if code != c.code {
			t.Errorf("run(%q) = %d, want %d (stderr %q)", args, code, c.code, stderr.String())
		}
		if !strings.Contains(stderr.String(), c.msg) {
			t.Errorf("run(%q): stderr %q lacks %q", args, stderr.String(), c.msg)
		}
	}
}

func TestServerTimeoutsAreSet(t *testing.T) {
	srv := newHTTPServer(http.NotFoundHandler())
	if srv.ReadHeaderTimeout <= 0 || srv.ReadTimeout <= 0 || srv.WriteTimeout <= 0 || srv.IdleTimeout <= 0 || srv.MaxHeaderBytes <= 0 {
		t.Errorf("unset limit: %+v", srv)
	}
}

// A client that sends half its headers and then nothing is dropped
// (slowloris). The header timeout is shortened for the test.
func TestSlowClientIsDropped(t *testing.T) {
	ts := httptest.NewUnstartedServer(newTestServer(t))
	ts.Config = newHTTPServer(ts.Config.Handler)
	ts.Config.ReadHeaderTimeout = 200 * time.Millisecond
	ts.Start()
	defer ts.Close()

	conn, err := net.Dial("tcp", ts.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := io.WriteString(conn, "GET / HTTP/1.1\r\nHost: x\r\nX-Slow: "); err != nil {
		t.Fatal(err)
	}
	// Generous bound: only a server without the timeout reaches it.
	conn.SetReadDeadline(time.Now().Add(20 * time.Second))
	_, err = bufio.NewReader(conn).ReadString('\n')
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		t.Fatal("the server kept a half-sent request open")
	}
	// Either a closed connection (EOF) or a 408 status line followed by close.
}

func TestOversizedHeadersRejected(t *testing.T) {
	ts := httptest.NewUnstartedServer(newTestServer(t))
	ts.Config = newHTTPServer(ts.Config.Handler)
	ts.Start()
	defer ts.Close()
	req, _ := http.NewRequest("GET", ts.URL+"/", nil)
	req.Header.Set("X-Big", strings.Repeat("a", 2*maxHeaderBytes))
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusRequestHeaderFieldsTooLarge {
		t.Errorf("status %d, want 431", res.StatusCode)
	}
}

func TestWorkerPatch(t *testing.T) {
	w, err := patchedWorker()
	if err != nil {
		t.Fatalf("patching go-app's worker: %v", err)
	}
	for _, want := range []string{"ignoreSearch: true", "self.clients.claim()", `cache: "reload"`, "response.redirected", `request.mode === "navigate"`} {
		if !strings.Contains(w, want) {
			t.Errorf("patched worker lacks %q", want)
		}
	}
	if _, err := workerTemplate("self.addEventListener(\"fetch\", () => {});"); err == nil {
		t.Error("an unexpected template was patched without error")
	}
	s := newTestServer(t)
	if body := do(s, "GET", "/app-worker.js", nil).Body.String(); !strings.Contains(body, "ignoreSearch: true") {
		t.Error("the served worker is not the patched one")
	}
}

func TestExportUnderSubPath(t *testing.T) {
	out := t.TempDir()
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"-export", out, "-prefix", "/sudoku/", "-dir", writeBundle(t)}, &stdout, &stderr); code != 0 {
		t.Fatalf("export = %d: %s", code, stderr.String())
	}
	read := func(name string) string {
		b, err := os.ReadFile(filepath.Join(out, name))
		if err != nil {
			t.Fatalf("export lacks %s: %v", name, err)
		}
		return string(b)
	}
	index := read("index.html")
	for _, want := range []string{`src="/sudoku/app.js"`, `href="/sudoku/web/sudoku.css"`, `href="/sudoku/manifest.webmanifest"`} {
		if !strings.Contains(index, want) {
			t.Errorf("index.html lacks %s", want)
		}
	}
	if got := read("web/app.wasm"); got != rawWasm {
		t.Errorf("web/app.wasm = %q, want the bundle's", got)
	}
	if got := read("wasm_exec.js"); got != "// wasm_exec.js of this Go" {
		t.Errorf("wasm_exec.js = %q, want the bundle's copy", got)
	}
	worker := read("app-worker.js")
	for _, want := range []string{`"/sudoku/web/app.wasm"`, "ignoreSearch: true"} {
		if !strings.Contains(worker, want) {
			t.Errorf("app-worker.js lacks %s", want)
		}
	}
	// os.DirFS keeps dotfiles; the export must not publish them.
	if _, err := os.Stat(filepath.Join(out, "web", ".hidden")); err == nil {
		t.Error("the export published a dotfile")
	}
}
