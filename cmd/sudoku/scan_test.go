package main

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sudoku/internal/sudokutest"
	"testing"

	"sudoku/internal/scansynth"
)

// scanPhotos writes synthetic photos of hard (a PNG, tilted) and of a
// grid with a printed clash, a text file, and a PNG header claiming
// 30000x30000 pixels into a temporary folder, and returns their paths.
func scanPhotos(t *testing.T) (good, clash, text, huge string) {
	t.Helper()
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	rng := rand.New(rand.NewPCG(1, 1))
	g := sudokutest.MustParse(hard)
	img, _, err := scansynth.Render(rng, g, scansynth.GoFonts()[0], scansynth.Style{Rotate: 8, Noise: 4, Clutter: true})
	if err != nil {
		t.Fatal(err)
	}
	good = write("photo.png", scansynth.PNG(img))
	g[1] = 4 // beside the 4 of r1c1
	img, _, err = scansynth.Render(rng, g, scansynth.GoFonts()[0], scansynth.Style{Rotate: -5})
	if err != nil {
		t.Fatal(err)
	}
	clash = write("clash.png", scansynth.PNG(img))
	text = write("notes.txt", []byte(hard+"\n"))
	huge = write("huge.png", scansynth.HeaderOnlyPNG(30000, 30000))
	return
}

func TestScanCommand(t *testing.T) {
	good, clash, text, huge := scanPhotos(t)
	hardDots := strings.ReplaceAll(hard, "0", ".")

	out, errOut, code := sudoku(t, "", "scan", good)
	if out != hardDots+"\n" || code != 0 || errOut != "" {
		t.Errorf("scan photo.png = %q, %q, %d; want %q, no error, 0", out, errOut, code, hardDots)
	}

	// The puzzle read goes straight into solve.
	out, _, code = sudoku(t, out, "solve")
	if out != hardSol+"\n" || code != 0 {
		t.Errorf("scan | solve = %q, %d; want %q, 0", out, code, hardSol)
	}

	// Bad files are named on stderr, the others still read, in order.
	out, errOut, code = sudoku(t, "", "scan", text, good, "no-such.jpg", huge, good)
	if out != hardDots+"\n"+hardDots+"\n" || code != 1 {
		t.Errorf("scan with bad files: stdout %q, status %d; want two puzzles, 1", out, code)
	}
	for _, want := range []string{text + ": not an image\n", "no-such.jpg: no such file or directory\n", huge + ": image too large: 30000x30000\n"} {
		if !strings.Contains(errOut, want) {
			t.Errorf("scan with bad files: stderr %q lacks %q", errOut, want)
		}
	}

	// A printed clash is printed as read and reported.
	out, errOut, code = sudoku(t, "", "scan", clash)
	if out != "44"+hardDots[2:]+"\n" || code != 1 || !strings.Contains(errOut, "digit 4 appears twice in row 1: r1c1 and r1c2 (as read)") {
		t.Errorf("scan clash.png = %q, %q, %d; want the clash as read, reported, status 1", out, errOut, code)
	}

	// Standard input.
	data, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	if out, _, code = sudoku(t, string(data), "scan", "-"); out != hardDots+"\n" || code != 0 {
		t.Errorf("scan - < photo.png = %q, %d", out, code)
	}

	// Usage.
	if _, errOut, code = sudoku(t, "", "scan"); code != 2 || !strings.Contains(errOut, "usage: sudoku scan") {
		t.Errorf("scan without files: %q, %d; want usage, 2", errOut, code)
	}
}

func TestScanJSON(t *testing.T) {
	good, _, text, _ := scanPhotos(t)
	out, _, code := sudoku(t, "", "scan", "-json", good, text)
	if code != 1 {
		t.Errorf("status %d, want 1 (one bad file)", code)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2 {
		t.Fatalf("-json gave %d lines, want 2: %q", len(lines), out)
	}
	var r scanJSON
	if err := json.Unmarshal([]byte(lines[0]), &r); err != nil {
		t.Fatal(err)
	}
	if r.File != good || r.Puzzle != strings.ReplaceAll(hard, "0", ".") || len(r.Confidence) != 81 || len(r.Corners) != 4 || r.Solutions == nil || *r.Solutions != 1 || r.Ms <= 0 {
		t.Errorf("-json: %+v", r)
	}
	for i, c := range r.Confidence {
		if c <= 0 || c > 1 {
			t.Errorf("confidence[%d] = %v, want in (0, 1]", i, c)
		}
	}
	// The top-left corner is up and left of the bottom-right one.
	if !(r.Corners[0][0] < r.Corners[2][0] && r.Corners[0][1] < r.Corners[2][1]) {
		t.Errorf("corners %v", r.Corners)
	}
	var bad scanJSON
	if err := json.Unmarshal([]byte(lines[1]), &bad); err != nil || bad.File != text || bad.Error != "not an image" || bad.Puzzle != "" {
		t.Errorf("-json bad file: %+v, %v", bad, err)
	}
}

func TestScanDebug(t *testing.T) {
	good, _, _, _ := scanPhotos(t)
	dir := t.TempDir()
	if _, errOut, code := sudoku(t, "", "scan", "-debug", dir, good); code != 0 {
		t.Fatalf("scan -debug: %q, %d", errOut, code)
	}
	for _, stage := range []string{"gray", "ink", "outline", "rectified", "cells"} {
		p := filepath.Join(dir, "1-photo-"+stage+".png")
		data, err := os.ReadFile(p)
		if err != nil || !strings.HasPrefix(string(data), "\x89PNG") {
			t.Errorf("%s: %v, want a PNG", p, err)
		}
	}
}
