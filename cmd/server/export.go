package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/maxence-charriere/go-app/v9/pkg/app"
)

func trimSlashes(s string) string { return strings.Trim(s, "/") }

// hidden reports whether a bundle path has a segment starting with "." or
// "_": such files are never published (go:embed leaves them out too).
func hidden(name string) bool {
	for _, seg := range strings.Split(name, "/") {
		if strings.HasPrefix(seg, ".") || strings.HasPrefix(seg, "_") {
			return true
		}
	}
	return false
}

// exportStatic writes the app as plain files into dir for a static host that
// serves them under prefix: go-app generates index.html, app.js, the worker,
// the manifest and app.css; the bundle's web/ files (app.wasm, the CSS, the
// icons, the matching wasm_exec.js) are copied beside them.
func exportStatic(dir string, bundle fs.FS, prefix string) error {
	p := ""
	if t := trimSlashes(prefix); t != "" {
		p = "/" + t
	}
	h, err := newAppHandler(bundle, p)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := app.GenerateStaticWebsite(dir, h); err != nil {
		return fmt.Errorf("generating the pages: %w", err)
	}
	if err := fixExportedViewports(dir); err != nil {
		return err
	}
	err = fs.WalkDir(bundle, "web", func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if hidden(name) {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		target := filepath.Join(dir, filepath.FromSlash(name))
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		b, err := fs.ReadFile(bundle, name)
		if err != nil {
			return err
		}
		return os.WriteFile(target, b, 0o644)
	})
	if err != nil {
		return err
	}
	// The loader must match the Go that built app.wasm.
	b, err := fs.ReadFile(bundle, wasmExecFile)
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "wasm_exec.js"), b, 0o644)
}

// fixExportedViewports rewrites the viewport of every generated page
// (fixViewport).
func fixExportedViewports(dir string) error {
	pages, err := filepath.Glob(filepath.Join(dir, "*.html"))
	if err != nil {
		return err
	}
	for _, p := range pages {
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if err := os.WriteFile(p, fixViewport(b), 0o644); err != nil {
			return err
		}
	}
	return nil
}
