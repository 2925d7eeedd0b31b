package worker

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
