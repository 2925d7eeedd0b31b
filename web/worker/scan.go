package worker

import (
	"encoding/json"
	"fmt"
	"time"
)

// A Scan is what OpScan read in a picture, as package sudoku/solver/scan's
// Reading says it: the 81 cells ('.' for empty, Grid.String's form), the
// classifier's confidence per cell, the grid's corners in the picture as
// read (Width x Height pixels, after the worker shrank it), the cells the
// solver corrected and what was read there first, a clash the picture
// holds, and the solutions counted (up to 2; -1 when the count ran out of
// budget).
type Scan struct {
	Width       int          `json:"width"`
	Height      int          `json:"height"`
	Digits      string       `json:"digits"`
	Confidence  []float64    `json:"confidence"`
	Corners     [4]ScanPoint `json:"corners"`
	Corrections []ScanChange `json:"corrections,omitempty"`
	Conflict    string       `json:"conflict,omitempty"`
	Solutions   int          `json:"solutions"`
}

// A ScanPoint is a point of the picture, in pixels.
type ScanPoint struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
}

// A ScanChange is a cell the solver corrected: the digit first read (0 for
// none) and the one the reading holds.
type ScanChange struct {
	Cell  int   `json:"cell"`
	Read  uint8 `json:"read"`
	Digit uint8 `json:"digit"`
}

// ReadPixels reads a puzzle from raw pixels (width x height, 4 bytes
// each, RGBA) for OpScan. The worker's binary sets it (cmd/worker, with
// package sudoku/solver/scan), so that the page, which imports this
// package for the protocol, does not link the photo reader; nil answers
// OpScan with ErrRequest.
var ReadPixels func(width, height int, pix []byte) (*Scan, error)

// HandlePixels answers an OpScan request (JSON) whose picture came beside
// it as pixels, as HandleJSON answers the other jobs. It never panics.
func HandlePixels(text string, width, height int, pix []byte) string {
	start := time.Now()
	var req Request
	resp := Response{}
	if err := json.Unmarshal([]byte(text), &req); err != nil {
		resp.Err = wireError(fmt.Errorf("%w: %v", ErrRequest, err))
		return encode(resp)
	}
	resp.ID, resp.Op = req.ID, req.Op
	switch {
	case req.Op != OpScan:
		resp.Err = wireError(fmt.Errorf("%w: a picture came with a %q job", ErrRequest, req.Op))
	case ReadPixels == nil:
		resp.Err = wireError(fmt.Errorf("%w: this worker reads no pictures", ErrRequest))
	default:
		sc, err := ReadPixels(width, height, pix)
		resp.Scan, resp.Err = sc, wireError(err)
	}
	resp.Millis = float64(time.Since(start).Microseconds()) / 1000
	return encode(resp)
}

// encode writes resp as JSON.
func encode(resp Response) string {
	b, err := json.Marshal(resp)
	if err != nil { // only numbers, strings and slices of them: cannot happen
		b, _ = json.Marshal(Response{ID: resp.ID, Op: resp.Op, Err: wireError(fmt.Errorf("%w: %v", ErrRequest, err))})
	}
	return string(b)
}
