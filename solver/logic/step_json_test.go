package logic

import (
	"encoding/json"
	"errors"
	"testing"

	"sudoku/solver"
)

func TestCandidateJSON(t *testing.T) {
	for c := 0; c < 81; c++ {
		for d := 1; d <= 9; d++ {
			b, err := json.Marshal(Candidate{c, d})
			var got Candidate
			if err == nil {
				err = json.Unmarshal(b, &got)
			}
			if err != nil || got != (Candidate{c, d}) {
				t.Fatalf("Candidate{%d, %d} through JSON %s: %+v, %v", c, d, b, got, err)
			}
		}
	}
	for _, in := range []string{`{"cell":"r0c1","digit":1}`, `{"cell":"r1c1","digit":0}`, `{"cell":"r1c10","digit":1}`,
		`{"cell":"c1r1","digit":1}`, `{"cell":"r1c1","digit":10}`, `{"digit":1}`} {
		var c Candidate
		if err := json.Unmarshal([]byte(in), &c); !errors.Is(err, solver.ErrSyntax) {
			t.Errorf("Unmarshal(%s) = %+v, %v; want an error wrapping ErrSyntax", in, c, err)
		}
	}
}
