package main

import (
	"encoding/json"
	"errors"
	"image"
	"image/draw"
	"math/rand/v2"
	"testing"

	"sudoku/internal/scansynth"
	"sudoku/internal/sudokutest"
	"sudoku/web/worker"
	"sudoku/web/worker/jobs"
)

// A scan job through the worker's JSON, as worker.js hands it over: a
// photo's pixels beside the request; the answer holds the puzzle, the
// corners and one solution. Pixels of the wrong length are not an image.
func TestScanJob(t *testing.T) {
	jobs.ReadPixels = readPixels
	want := sudokutest.MustParse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
	img, _, err := scansynth.Render(rand.New(rand.NewPCG(1, 2)), want, scansynth.GoFonts()[0], scansynth.Style{Rotate: 6, Noise: 3})
	if err != nil {
		t.Fatal(err)
	}
	rgba := image.NewRGBA(img.Bounds())
	draw.Draw(rgba, rgba.Bounds(), img, img.Bounds().Min, draw.Src)
	w, h := rgba.Bounds().Dx(), rgba.Bounds().Dy()
	req, _ := json.Marshal(worker.Request{ID: 4, Op: worker.OpScan})
	var resp worker.Response
	if err := json.Unmarshal([]byte(jobs.HandlePixels(string(req), w, h, rgba.Pix)), &resp); err != nil {
		t.Fatal(err)
	}
	if err := resp.Err.Err(); err != nil || resp.ID != 4 || resp.Scan == nil {
		t.Fatalf("scan job: %v, %+v", err, resp)
	}
	sc := resp.Scan
	if sc.Digits != want.String() || sc.Solutions != 1 || sc.Width != w || sc.Height != h || len(sc.Confidence) != 81 {
		t.Errorf("read %s (%d solutions, %dx%d, %d confidences), want %s, 1, %dx%d, 81", sc.Digits, sc.Solutions, sc.Width, sc.Height, len(sc.Confidence), want, w, h)
	}
	for _, p := range sc.Corners {
		if p.X <= 0 || p.Y <= 0 || p.X >= float64(w) || p.Y >= float64(h) {
			t.Errorf("corner %+v outside the %dx%d picture", p, w, h)
		}
	}
	resp = worker.Response{}
	if err := json.Unmarshal([]byte(jobs.HandlePixels(string(req), w, h, rgba.Pix[:100])), &resp); err != nil {
		t.Fatal(err)
	}
	if err := resp.Err.Err(); err == nil || resp.Scan != nil {
		t.Errorf("100 bytes for %dx%d pixels: %v, want an error", w, h, err)
	}
	other, _ := json.Marshal(worker.Request{ID: 5, Op: worker.OpCount})
	if err := json.Unmarshal([]byte(jobs.HandlePixels(string(other), w, h, rgba.Pix)), &resp); err != nil || !errors.Is(resp.Err.Err(), worker.ErrRequest) {
		t.Errorf("a picture with a count job: %v, want ErrRequest", resp.Err.Err())
	}
}
