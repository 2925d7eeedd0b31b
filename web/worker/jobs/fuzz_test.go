package jobs

import (
	"encoding/json"
	"errors"
	"strings"
	"sudoku/web/worker"
	"testing"
)

// FuzzHandleJSON: any text the worker receives gets one answer, as JSON,
// never a panic: a request that is not JSON is answered with worker.ErrRequest;
// a request that is (its job bounded here: 20 ms, 20,000 nodes, a limit
// of at most 10, two attempts at generating) with its own ID and job, and
// either an error or the job's result, which encodes back to JSON.
func FuzzHandleJSON(f *testing.F) {
	for _, r := range []worker.Request{
		{ID: 1, Op: worker.OpCount, Position: worker.Position{Clues: easy0}, Limit: 2},
		{ID: 2, Op: worker.OpExplain, Position: worker.Position{Clues: easy0}},
		{ID: 3, Op: worker.OpHint, Position: worker.Position{Clues: easy0, Placed: easy0, Cands: make([]uint16, 81)}},
		{ID: 4, Op: worker.OpGenerate, Generate: &worker.GenerateRequest{Seed: 1}},
		{ID: 5, Op: worker.OpTrace, Position: worker.Position{Clues: easy0}, Engine: "dlx", MaxEvents: 10},
		{ID: 6, Op: worker.OpCount, Position: worker.Position{Clues: "1" + easy0[1:36] + strings.Repeat("0", 45)}, Limit: 2,
			Rules: json.RawMessage(`{"size":6,"constraints":[{"kind":"thermometer","cells":[0,1,2]},{"kind":"killer","cells":[6,7],"sum":5}]}`)},
	} {
		b, _ := json.Marshal(r)
		f.Add(b)
	}
	f.Add([]byte("{not json"))
	f.Fuzz(func(t *testing.T, b []byte) {
		var req worker.Request
		if err := json.Unmarshal(b, &req); err != nil {
			var resp worker.Response
			if err := json.Unmarshal([]byte(HandleJSON(string(b))), &resp); err != nil || !errors.Is(resp.Err.Err(), worker.ErrRequest) {
				t.Fatalf("not JSON: answer %+v, %v", resp, err)
			}
			return
		}
		req.Millis, req.MaxNodes, req.Limit = 20, 20_000, min(req.Limit, 10)
		if req.Generate != nil {
			req.Generate.MaxAttempts = 2
		}
		resp := Handle(req)
		if resp.ID != req.ID || resp.Op != req.Op {
			t.Fatalf("answer for %d %q to %d %q", resp.ID, resp.Op, req.ID, req.Op)
		}
		results := 0
		for _, set := range []bool{resp.Count != nil, resp.Explain != nil, resp.Hint != nil, resp.Puzzle != nil, resp.Trace != nil} {
			if set {
				results++
			}
		}
		if resp.Err == nil && results != 1 {
			t.Fatalf("%v: no error and %d results", req, results)
		}
		if _, err := json.Marshal(resp); err != nil {
			t.Fatalf("%v: the answer does not encode: %v", req, err)
		}
	})
}

// easy0 is an easy puzzle as 81 digits.
const easy0 = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
