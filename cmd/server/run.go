package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"time"
)

// Limits of the HTTP server: a client that is slow to send its request is
// dropped (slowloris), an idle keep-alive connection is closed.
const (
	readHeaderTimeout = 5 * time.Second
	readTimeout       = 10 * time.Second
	writeTimeout      = 60 * time.Second
	idleTimeout       = 120 * time.Second
	maxHeaderBytes    = 16 << 10
	shutdownTimeout   = 5 * time.Second
)

// run is the whole program but the signal wiring: it returns the exit status.
// It serves until ctx is cancelled.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("server", flag.ContinueOnError)
	fl.SetOutput(stderr)
	addr := fl.String("addr", "127.0.0.1:8080", "`host:port` to listen on")
	dir := fl.String("dir", "", "serve the bundle in `directory` instead of the embedded one")
	export := fl.String("export", "", "write the app as static files into `directory` and exit")
	prefix := fl.String("prefix", "", "URL `path` the exported files are served under, e.g. /sudoku")
	fl.Usage = func() {
		fmt.Fprintln(stderr, "usage: server [-addr host:port] [-dir bundle] | server -export DIR [-prefix /path]")
		fl.PrintDefaults()
	}
	if err := fl.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fl.NArg() > 0 {
		fl.Usage()
		return 2
	}
	bundle := embeddedBundle()
	if *dir != "" {
		bundle = os.DirFS(*dir)
	}
	if *export != "" {
		if err := exportStatic(*export, bundle, *prefix); err != nil {
			fmt.Fprintf(stderr, "sudoku: export: %v\n", err)
			return 1
		}
		fmt.Fprintf(stdout, "sudoku: exported to %s (serve it under %q)\n", *export, "/"+trimSlashes(*prefix))
		return 0
	}
	if err := serve(ctx, *addr, bundle, stdout); err != nil {
		fmt.Fprintf(stderr, "sudoku: %v\n", err)
		return 1
	}
	return 0
}

// newHTTPServer returns the server for h with every timeout set.
func newHTTPServer(h http.Handler) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: readHeaderTimeout,
		ReadTimeout:       readTimeout,
		WriteTimeout:      writeTimeout,
		IdleTimeout:       idleTimeout,
		MaxHeaderBytes:    maxHeaderBytes,
	}
}

// serve listens on addr, prints the URL and serves bundle until ctx is done,
// then shuts down gracefully.
func serve(ctx context.Context, addr string, bundle fs.FS, stdout io.Writer) error {
	h, err := newServer(bundle, "")
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	srv := newHTTPServer(h)
	fmt.Fprintf(stdout, "sudoku: serving http://%s\n", ln.Addr())
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), shutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	fmt.Fprintln(stdout, "sudoku: stopped")
	return nil
}
