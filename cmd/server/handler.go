package main

import (
	"net/http"
	"path"
	"strconv"
	"strings"

	"io/fs"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

// Headers sent with every response, errors included. WebAssembly needs only
// 'wasm-unsafe-eval'; no inline script or style attribute is allowed. Images
// may be blob: URLs: the scan review shows the player's own picture so,
// without sending it anywhere.
var securityHeaders = map[string]string{
	"Content-Security-Policy":      "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data: blob:; object-src 'none'; base-uri 'self'; frame-ancestors 'none'; form-action 'none'",
	"X-Content-Type-Options":       "nosniff",
	"Referrer-Policy":              "no-referrer",
	"Cross-Origin-Opener-Policy":   "same-origin",
	"Cross-Origin-Resource-Policy": "same-origin",
	"X-Frame-Options":              "DENY",
}

// wasmLengthHeader carries the uncompressed size of app.wasm so that go-app's
// loader shows a correct percentage when the body is compressed.
const wasmLengthHeader = "X-Wasm-Content-Length"

// Precompressed copies are looked up beside a file, in this order of preference.
var encodings = []struct{ token, ext string }{
	{"br", ".br"},
	{"gzip", ".gz"},
}

// server serves the app: go-app's Handler for the page, app.js, the worker and
// the manifest; the bundle's web/ files itself.
type server struct {
	bundle  fs.FS
	files   http.Handler // http.FileServerFS over bundle
	goapp   *app.Handler
	wasmLen string // size of app.wasm, for wasmLengthHeader
}

// newServer returns the handler serving bundle under the given go-app Handler
// settings. It fails when the bundle has no app.wasm or the worker template
// cannot be patched.
func newServer(bundle fs.FS, prefix string) (*server, error) {
	h, err := newAppHandler(bundle, prefix)
	if err != nil {
		return nil, err
	}
	info, err := fs.Stat(bundle, wasmFile)
	if err != nil {
		return nil, err
	}
	return &server{
		bundle:  bundle,
		files:   http.FileServerFS(bundle),
		goapp:   h,
		wasmLen: strconv.FormatInt(info.Size(), 10),
	}, nil
}

func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	hdr := w.Header()
	for k, v := range securityHeaders {
		hdr.Set(k, v)
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		hdr.Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	p := r.URL.Path
	if !cleanPath(p) {
		http.NotFound(w, r)
		return
	}
	switch {
	case p == "/wasm_exec.js":
		// The copy matching the Go that built app.wasm, not go-app's own.
		s.serveFile(w, r, wasmExecFile)
	case strings.HasPrefix(p, "/web/"):
		s.serveFile(w, r, strings.TrimPrefix(p, "/"))
	default:
		serveWithViewport(s.goapp, w, r)
	}
}

// cleanPath reports whether p is a canonical absolute path with no dot
// segments, backslashes, NULs or dotfiles, so that nothing but the bundle's own
// names can be asked for.
func cleanPath(p string) bool {
	if !strings.HasPrefix(p, "/") || strings.ContainsAny(p, "\\\x00") {
		return false
	}
	if p != "/" && path.Clean(p) != p {
		return false
	}
	for _, seg := range strings.Split(p, "/") {
		if strings.HasPrefix(seg, ".") {
			return false
		}
	}
	return true
}

// serveFile serves one regular file of the bundle (never a directory),
// choosing a precompressed copy the client accepts.
func (s *server) serveFile(w http.ResponseWriter, r *http.Request, name string) {
	info, err := fs.Stat(s.bundle, name)
	if err != nil || !info.Mode().IsRegular() {
		http.NotFound(w, r) // never internal error text
		return
	}
	hdr := w.Header()
	hdr.Set("Cache-Control", "no-cache") // names are not content-hashed: revalidate
	if name == wasmFile {
		hdr.Set("Content-Type", "application/wasm")
		hdr.Set(wasmLengthHeader, s.wasmLen)
	}
	served := name
	if ext := path.Ext(name); ext == ".wasm" || ext == ".js" || ext == ".css" || ext == ".svg" {
		hdr.Add("Vary", "Accept-Encoding")
		accept := r.Header.Get("Accept-Encoding")
		for _, e := range encodings {
			if !acceptsEncoding(accept, e.token) {
				continue
			}
			if ci, err := fs.Stat(s.bundle, name+e.ext); err == nil && ci.Mode().IsRegular() {
				served = name + e.ext
				hdr.Set("Content-Encoding", e.token)
				if hdr.Get("Content-Type") == "" {
					hdr.Set("Content-Type", mimeType(ext))
				}
				break
			}
		}
	}
	r2 := new(http.Request)
	*r2 = *r
	u := *r.URL
	u.Path = "/" + served
	r2.URL = &u
	s.files.ServeHTTP(w, r2)
}

// mimeType is the type of a precompressed file's original extension.
func mimeType(ext string) string {
	switch ext {
	case ".wasm":
		return "application/wasm"
	case ".js":
		return "text/javascript; charset=utf-8"
	case ".css":
		return "text/css; charset=utf-8"
	case ".svg":
		return "image/svg+xml"
	}
	return "application/octet-stream"
}

// acceptsEncoding reports whether an Accept-Encoding header value accepts the
// coding token with a non-zero quality.
func acceptsEncoding(header, token string) bool {
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(name), token) {
			continue
		}
		params = strings.ReplaceAll(params, " ", "")
		if q, ok := strings.CutPrefix(params, "q="); ok {
			if f, err := strconv.ParseFloat(q, 64); err != nil || f <= 0 {
				return false
			}
		}
		return true
	}
	return false
}
