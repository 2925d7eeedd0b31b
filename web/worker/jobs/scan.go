package jobs

import (
	"encoding/json"
	"fmt"
	"time"

	"sudoku/web/worker"
)

// ReadPixels reads a puzzle from raw pixels (width x height, 4 bytes
// each, RGBA) for worker.OpScan. The worker's binary sets it (cmd/worker,
// with package sudoku/solver/scan), so that tests of the other jobs need
// not link the photo reader; nil answers worker.OpScan with
// worker.ErrRequest.
var ReadPixels func(width, height int, pix []byte) (*worker.Scan, error)

// HandlePixels answers a worker.OpScan request (JSON) whose picture came beside
// it as pixels, as HandleJSON answers the other jobs. It never panics.
func HandlePixels(text string, width, height int, pix []byte) string {
	start := time.Now()
	var req worker.Request
	resp := worker.Response{}
	if err := json.Unmarshal([]byte(text), &req); err != nil {
		resp.Err = wireError(fmt.Errorf("%w: %v", worker.ErrRequest, err))
		return encode(resp)
	}
	resp.ID, resp.Op = req.ID, req.Op
	switch {
	case req.Op != worker.OpScan:
		resp.Err = wireError(fmt.Errorf("%w: a picture came with a %q job", worker.ErrRequest, req.Op))
	case ReadPixels == nil:
		resp.Err = wireError(fmt.Errorf("%w: this worker reads no pictures", worker.ErrRequest))
	default:
		sc, err := ReadPixels(width, height, pix)
		resp.Scan, resp.Err = sc, wireError(err)
	}
	resp.Millis = float64(time.Since(start).Microseconds()) / 1000
	return encode(resp)
}

// encode writes resp as JSON.
func encode(resp worker.Response) string {
	b, err := json.Marshal(resp)
	if err != nil { // only numbers, strings and slices of them: cannot happen
		b, _ = json.Marshal(worker.Response{ID: resp.ID, Op: resp.Op, Err: wireError(fmt.Errorf("%w: %v", worker.ErrRequest, err))})
	}
	return string(b)
}
