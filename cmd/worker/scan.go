package main

import (
	"sudoku/solver/scan"
	"sudoku/web/worker"
)

// readPixels reads a puzzle from a picture's pixels with the photo reader
// (package sudoku/solver/scan) for the worker's scan jobs.
func readPixels(width, height int, pix []byte) (*worker.Scan, error) {
	rd, err := scan.ReadPixels(width, height, pix, scan.Options{})
	if err != nil {
		return nil, err
	}
	return scanOf(rd, width, height), nil
}

// scanOf is a reading on the wire.
func scanOf(rd *scan.Reading, width, height int) *worker.Scan {
	s := &worker.Scan{Width: width, Height: height, Digits: rd.Digits.String(), Confidence: rd.Confidence[:], Solutions: rd.Solutions}
	for i, p := range rd.Corners {
		s.Corners[i] = worker.ScanPoint{X: p.X, Y: p.Y}
	}
	for _, c := range rd.Corrections {
		s.Corrections = append(s.Corrections, worker.ScanChange{Cell: c.Cell, Read: c.Read, Digit: c.Digit})
	}
	if rd.Conflict != nil {
		s.Conflict = rd.Conflict.Error()
	}
	return s
}
