package main

import (
	"os"
	"path/filepath"
	"testing"
)

// TestAtomicFile: abort leaves the old file as it was and no temporary file
// behind; commit replaces it with a file readable by all.
func TestAtomicFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.txt")
	if err := os.WriteFile(path, []byte("old\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	f, err := createAtomic(path)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("half")
	f.abort()
	if b, _ := os.ReadFile(path); string(b) != "old\n" {
		t.Errorf("after abort the file holds %q, want the old content", b)
	}
	f, err = createAtomic(path)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("new\n")
	if err := f.commit(); err != nil {
		t.Fatal(err)
	}
	f.abort() // harmless after commit
	if b, _ := os.ReadFile(path); string(b) != "new\n" {
		t.Errorf("after commit the file holds %q, want %q", b, "new\n")
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o644 {
		t.Errorf("mode %v (%v), want 0644", fi.Mode().Perm(), err)
	}
	if es, _ := os.ReadDir(dir); len(es) != 1 {
		t.Errorf("%d files in the folder, want 1 (no temporary file left)", len(es))
	}
}
