package main

import (
	"bytes"
	"net/http"
	"strconv"
	"strings"
)

// go-app v9 writes a viewport meta tag that forbids zooming
// (maximum-scale=1, user-scalable=0), which fails WCAG 1.4.4 (resize text)
// and axe's meta-viewport rule. Its Handler offers no way to change it, so
// the page's HTML is rewritten on the way out, here and in the static export.
const (
	goappViewport = `content="width=device-width, initial-scale=1, maximum-scale=1, user-scalable=0, viewport-fit=cover"`
	ourViewport   = `content="width=device-width, initial-scale=1, viewport-fit=cover"`
)

// fixViewport returns html with the zoom-blocking viewport replaced.
func fixViewport(html []byte) []byte {
	return bytes.Replace(html, []byte(goappViewport), []byte(ourViewport), 1)
}

// viewportWriter buffers an HTML response to fix its viewport; other
// responses pass straight through.
type viewportWriter struct {
	http.ResponseWriter
	status int
	html   bool
	buf    bytes.Buffer
}

func (w *viewportWriter) WriteHeader(status int) {
	w.status = status
	w.html = strings.HasPrefix(w.Header().Get("Content-Type"), "text/html")
	if !w.html {
		w.ResponseWriter.WriteHeader(status)
	}
}

func (w *viewportWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.WriteHeader(http.StatusOK)
	}
	if !w.html {
		return w.ResponseWriter.Write(b)
	}
	return w.buf.Write(b)
}

// finish sends a buffered HTML response with its viewport fixed.
func (w *viewportWriter) finish() {
	if !w.html {
		return
	}
	body := fixViewport(w.buf.Bytes())
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	w.ResponseWriter.WriteHeader(w.status)
	w.ResponseWriter.Write(body)
}

// serveWithViewport serves r with h, fixing the viewport of HTML pages.
func serveWithViewport(h http.Handler, w http.ResponseWriter, r *http.Request) {
	vw := &viewportWriter{ResponseWriter: w}
	h.ServeHTTP(vw, r)
	vw.finish()
}
