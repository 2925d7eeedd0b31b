package main

// sudoku scan [-json] [-debug DIR] FILE...
//
// Scan reads the Sudoku grid in each photo or screenshot (package
// sudoku/solver/scan) and prints one 81-character puzzle a line, in input
// order; -json prints one object a line instead; -debug DIR writes a
// picture of each stage.

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"image"
	"image/png"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strings"
	"time"

	"sudoku/solver"
	"sudoku/solver/scan"
)

// scanJSON is one file as -json writes it, one object a line.
type scanJSON struct {
	File        string           `json:"file"`
	Puzzle      string           `json:"puzzle,omitempty"`
	Confidence  []float64        `json:"confidence,omitempty"`
	Corners     [][2]float64     `json:"corners,omitempty"`
	Corrections []scanCorrection `json:"corrections,omitempty"`
	Conflict    string           `json:"conflict,omitempty"`
	Solutions   *int             `json:"solutions,omitempty"`
	Ms          float64          `json:"ms"`
	Error       string           `json:"error,omitempty"`
}

type scanCorrection struct {
	Cell  string  `json:"cell"`
	Read  int     `json:"read"`
	Digit int     `json:"digit"`
	Prob  float64 `json:"prob"`
}

func runScan(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("scan", flag.ContinueOnError)
	fl.SetOutput(stderr)
	asJSON := fl.Bool("json", false, "print one JSON object a file: puzzle, confidence, corners, corrections, milliseconds")
	debugDir := fl.String("debug", "", "write a PNG of each stage of each file into `DIR`")
	fl.Usage = func() {
		fmt.Fprintln(stderr, "usage: sudoku scan [flags] FILE...   (JPEG, PNG, GIF or WebP; - is standard input)")
		fl.PrintDefaults()
	}
	if err := fl.Parse(args); err != nil {
		return 2
	}
	if fl.NArg() == 0 {
		fl.Usage()
		return 2
	}
	if *debugDir != "" {
		if err := os.MkdirAll(*debugDir, 0o755); err != nil {
			fmt.Fprintln(stderr, "sudoku scan:", err)
			return 2
		}
	}
	status := 0
	enc := json.NewEncoder(stdout)
	for i, name := range fl.Args() {
		start := time.Now()
		var opt scan.Options
		var debugErr error
		if *debugDir != "" {
			base := strings.TrimSuffix(filepath.Base(name), filepath.Ext(name))
			if name == "-" {
				base = "stdin"
			}
			base = fmt.Sprintf("%d-%s", i+1, base)
			opt.Debug = func(stage string, img image.Image) {
				if debugErr == nil {
					debugErr = writePNG(filepath.Join(*debugDir, base+"-"+stage+".png"), img)
				}
			}
		}
		rd, err := scanFile(name, stdin, opt)
		ms := math.Round(float64(time.Since(start).Microseconds())/10) / 100
		if err == nil && debugErr != nil {
			err = debugErr
		}
		if err != nil {
			status = 1
			fmt.Fprintf(stderr, "%s: %v\n", name, err)
			if *asJSON {
				enc.Encode(scanJSON{File: name, Ms: ms, Error: err.Error()})
			}
			continue
		}
		if rd.Conflict != nil {
			status = 1
			fmt.Fprintf(stderr, "%s: %v (as read)\n", name, rd.Conflict)
		}
		if !*asJSON {
			fmt.Fprintln(stdout, rd.Digits.String())
			continue
		}
		enc.Encode(readingJSON(name, rd, ms))
	}
	return status
}

func scanFile(name string, stdin io.Reader, opt scan.Options) (*scan.Reading, error) {
	if name == "-" {
		return scan.Read(stdin, opt)
	}
	f, err := os.Open(name)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err // the line names the file already
		}
		return nil, err
	}
	defer f.Close()
	return scan.Read(f, opt)
}

func readingJSON(name string, rd *scan.Reading, ms float64) scanJSON {
	out := scanJSON{File: name, Puzzle: rd.Digits.String(), Ms: ms, Solutions: &rd.Solutions}
	for _, c := range rd.Confidence {
		out.Confidence = append(out.Confidence, math.Round(c*1000)/1000)
	}
	for _, p := range rd.Corners {
		out.Corners = append(out.Corners, [2]float64{math.Round(p.X*10) / 10, math.Round(p.Y*10) / 10})
	}
	for _, c := range rd.Corrections {
		out.Corrections = append(out.Corrections, scanCorrection{Cell: solver.CellName(c.Cell), Read: int(c.Read), Digit: int(c.Digit), Prob: math.Round(c.Prob*1000) / 1000})
	}
	if rd.Conflict != nil {
		out.Conflict = rd.Conflict.Error()
	}
	return out
}

func writePNG(path string, img image.Image) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
