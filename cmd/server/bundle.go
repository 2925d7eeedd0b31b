package main

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"strings"
)

// dist holds the built bundle: dist/web/ is filled by `make server` before the
// server is compiled. Only a placeholder file is committed.
//
//go:embed dist
var dist embed.FS

// Files of the bundle, relative to its root (the directory holding web/).
const (
	wasmFile     = "web/app.wasm"
	wasmExecFile = "web/wasm_exec.js"
	workerWasm   = "web/worker.wasm" // the engine's Web Worker (cmd/worker)
	workerScript = "web/worker.js"   // what starts it (static/worker.js)
	themeScript  = "web/theme.js"    // the saved theme before the first paint (static/theme.js)
)

// bundleVersion returns a content hash of the bundle: app.wasm first, then
// every other file of web/ in name order (the precompressed copies are derived
// from them and left out). It is the go-app Version, so clients download the
// app again exactly when something they run changed.
func bundleVersion(bundle fs.FS) (string, error) {
	for _, f := range []string{wasmFile, workerWasm, workerScript, themeScript} {
		if _, err := fs.Stat(bundle, f); errors.Is(err, fs.ErrNotExist) {
			return "", fmt.Errorf("the bundle has no %s: build it with `make server`", f)
		}
	}
	h := sha256.New()
	err := fs.WalkDir(bundle, "web", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || hidden(name) || strings.HasSuffix(name, ".br") || strings.HasSuffix(name, ".gz") {
			return err
		}
		b, err := fs.ReadFile(bundle, name)
		if err != nil {
			return err
		}
		fmt.Fprintf(h, "%s %d\n", name, len(b))
		h.Write(b)
		return nil
	})
	if err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)[:8]), nil
}

// embeddedBundle returns the bundle compiled into the binary.
func embeddedBundle() fs.FS {
	sub, err := fs.Sub(dist, "dist")
	if err != nil { // cannot happen: "dist" is a valid path
		panic(err)
	}
	return sub
}
