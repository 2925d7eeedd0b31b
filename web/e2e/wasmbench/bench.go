// Command wasmbench times the default solver engine on a file of puzzles, the
// same code natively and as WebAssembly in a browser, so that the two can be
// compared. Natively: wasmbench [-t seconds] FILE. Under GOOS=js GOARCH=wasm
// the page sets the globals wasmbenchPuzzles (the file's text) and
// wasmbenchSeconds before running it; the result goes to the global
// wasmbenchResult (or wasmbenchError) and to stdout, which wasm_exec.js sends
// to console.log. Either way the result is one JSON line:
// {"puzzles":..,"us_per_puzzle":..,"invalid":..,"solves":..,"windows":[..]},
// windows being the µs per puzzle of the timed solves by half second.
package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"
	"time"

	"sudoku/internal/corpus"
	"sudoku/solver"
)

// report is the JSON line printed at the end.
type report struct {
	Puzzles     int     `json:"puzzles"`
	USPerPuzzle float64 `json:"us_per_puzzle"`
	Invalid     int     `json:"invalid"` // unreadable, unsolved or wrongly solved puzzles
	Solves      int     `json:"solves"`  // timed solves
	// Windows are the µs per puzzle of the timed solves by half second.
	Windows []float64 `json:"windows"`
}

// measure reads the puzzles of text, solves each once to check the solutions
// with corpus.Case.Check, then solves all of them again and again with
// Limit 2 for at least secs seconds.
func measure(text string, secs float64) (report, error) {
	var cases []corpus.Case
	var rep report
	rd := solver.NewReader(strings.NewReader(text), solver.ReadOptions{})
	for {
		e, err := rd.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return report{}, err
		}
		rep.Puzzles++
		c, err := corpus.FromEntry("", e, "1") // a benchmark file holds unique puzzles
		if err != nil {
			rep.Invalid++
			continue
		}
		cases = append(cases, c)
	}
	if len(cases) == 0 {
		return report{}, errors.New("no puzzles")
	}
	opt := solver.Options{Limit: 2}
	grids := make([]solver.Grid, len(cases))
	for i, c := range cases {
		grids[i] = c.Clues
		res, err := solver.Solve(c.Clues, solver.Options{Limit: 2, Variant: c.Variant})
		if err == nil {
			err = c.Check(res, opt.Limit)
		}
		if err != nil {
			rep.Invalid++
		}
	}
	start := time.Now()
	last, lastSolves := start, 0
	for time.Since(start).Seconds() < secs {
		for _, g := range grids {
			solver.Solve(g, opt)
		}
		rep.Solves += len(grids)
		if now := time.Now(); now.Sub(last) >= 500*time.Millisecond {
			us := float64(now.Sub(last).Nanoseconds()) / 1e3 / float64(rep.Solves-lastSolves)
			rep.Windows = append(rep.Windows, math.Round(us*100)/100)
			last, lastSolves = now, rep.Solves
		}
	}
	rep.USPerPuzzle = float64(time.Since(start).Nanoseconds()) / 1e3 / float64(rep.Solves)
	return rep, nil
}

// line is the report as one JSON line without its newline.
func (r report) line() string {
	b, err := json.Marshal(r)
	if err != nil { // a struct of numbers always marshals
		return fmt.Sprintf(`{"error":%q}`, err.Error())
	}
	return string(b)
}
