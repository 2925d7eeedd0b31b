package main

import (
	"io"
	"os"
	"path/filepath"
)

// An atomicFile is an output file written whole or not at all: writes go to
// a temporary file beside path, renamed over path by commit. Until then path
// is untouched; abort (or a failed commit) removes the temporary file.
type atomicFile struct {
	*os.File
	path string
}

// createAtomic starts an atomicFile for path, readable by all like a file
// made by os.Create (os.CreateTemp makes it 0600).
func createAtomic(path string) (*atomicFile, error) {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return nil, err
	}
	if err := tmp.Chmod(0o644); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return nil, err
	}
	return &atomicFile{tmp, path}, nil
}

// commit closes the file and renames it over path.
func (f *atomicFile) commit() error {
	err := f.Close()
	if err == nil {
		err = os.Rename(f.Name(), f.path)
	}
	if err != nil {
		os.Remove(f.Name())
	}
	return err
}

// abort closes and removes the file; path is left as it was. It is safe
// after commit (the rename has moved the name away) and on a nil file.
func (f *atomicFile) abort() {
	if f == nil {
		return
	}
	f.Close()
	os.Remove(f.Name())
}

// writeFileAtomic writes path whole or not at all with write.
func writeFileAtomic(path string, write func(io.Writer) error) error {
	f, err := createAtomic(path)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.abort()
		return err
	}
	return f.commit()
}
