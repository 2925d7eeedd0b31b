package web

import (
	"fmt"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v9/pkg/app"

	"sudoku/solver"
	"sudoku/web/worker"
)

// Scan: a photo of a printed puzzle, or a screenshot, read in the engine's
// worker (package sudoku/solver/scan). The picture comes from the start
// sheet's file input (the camera on a phone), a paste (Ctrl+V) or a drop on
// the board; the worker decodes and shrinks it, finds the grid and reads
// its digits. The review screen (scan_panel.go) then shows the picture with
// the grid found and the digits read, uncertain and corrected cells marked,
// beside a board of the reading that the player corrects with the usual
// keys or the keypad; "Use this puzzle" loads it through the load action.

// scanUnsure is the classifier's confidence under which a cell's reading is
// marked for the player to check.
const scanUnsure = 0.9

// scanState is the review of a scanned picture.
type scanState struct {
	open     bool   // the review screen is shown, in the board's place
	busy     bool   // the worker reads the picture
	msg      string // what the review says: reading, a failure, what to check
	failed   bool   // nothing was read
	photo    string // the picture's object URL, for the <img>
	reading  *worker.Scan
	digits   [81]uint8 // the reading as the player corrects it
	unsure   [81]bool
	fixed    [81]bool // corrected by the solver
	selected int
	took     time.Duration
	job      int // the scan job's ID, to drop an answer for a picture replaced meanwhile
}

// scanPicture reads picture (a File or Blob from the file input, a paste or
// a drop) in the engine's worker and opens the review screen meanwhile.
func (r *root) scanPicture(ctx app.Context, picture app.Value) {
	if picture == nil || !picture.Truthy() {
		return
	}
	if t := picture.Get("type"); t.Truthy() && !strings.HasPrefix(t.String(), "image/") {
		r.say(msgError, "That file is not a picture: choose a photo or a screenshot of a puzzle.")
		return
	}
	r.scan.close()
	r.openPanel(ctx, "")
	r.scan = scanState{open: true, busy: true, msg: "Reading the picture…"}
	if app.IsClient {
		r.scan.photo = app.Window().Get("URL").Call("createObjectURL", picture).String()
	}
	start := time.Now()
	r.scan.job = r.jobs.worker(ctx).DoPicture(worker.Request{Op: worker.OpScan}, blobOf(picture), func(resp worker.Response) {
		r.jobs.dispatch(ctx, func(ctx app.Context) { r.scan.take(resp, time.Since(start)) })
	})
	focusSoon("scan-title")
}

// take shows what the worker read for the review's picture, or why it
// read nothing; an answer for a review closed or another picture since is
// dropped.
func (s *scanState) take(resp worker.Response, took time.Duration) {
	if !s.open || resp.ID != s.job {
		return // closed, or another picture since
	}
	s.busy, s.took = false, took
	err := resp.Err.Err()
	if err == nil && resp.Scan == nil {
		err = fmt.Errorf("the engine gave no reading")
	}
	if err != nil {
		s.failed = true
		s.msg = "No puzzle read: " + err.Error() + ". Try a sharper photo, square to the page, with the whole grid in view."
		return
	}
	sc := resp.Scan
	g, perr := worker.ParseGrid(sc.Digits)
	if perr != nil || len(sc.Confidence) != 81 {
		s.failed = true
		s.msg = "No puzzle read: the engine's reading cannot be read."
		return
	}
	s.reading = sc
	s.digits = g
	for i, p := range sc.Confidence {
		s.unsure[i] = p < scanUnsure
	}
	for _, c := range sc.Corrections {
		if c.Cell >= 0 && c.Cell < 81 {
			s.fixed[c.Cell] = true
		}
	}
	s.msg = scanSummary(s)
}

// scanSummary says what was read and what the player should check.
func scanSummary(s *scanState) string {
	sc := s.reading
	n, unsure := 0, 0
	for i, d := range s.digits {
		if d != 0 {
			n++
		}
		if s.unsure[i] {
			unsure++
		}
	}
	msg := fmt.Sprintf("Read %d digits", n)
	switch sc.Solutions {
	case 1:
		msg += "; the puzzle has one solution."
	case 0:
		msg += "; as read, the puzzle has no solution."
	case -1:
		msg += "."
	default:
		msg += "; as read, the puzzle has several solutions."
	}
	if sc.Conflict != "" {
		msg += " The picture shows a clash: " + sc.Conflict + "."
	}
	if len(sc.Corrections) > 0 {
		msg += fmt.Sprintf(" %s corrected by the solver (marked).", plural(len(sc.Corrections), "cell"))
	}
	if unsure > 0 {
		msg += fmt.Sprintf(" Check the %s read with doubt (marked).", plural(unsure, "cell"))
	}
	return msg + " Fix any cell with the keys or the keypad, then use the puzzle."
}

// onCommand carries out a key on the review board: digits and erase set
// the selected cell, the arrows and Home/End move.
func (s *scanState) onCommand(ctx app.Context, c command) {
	if s.busy || s.failed {
		return
	}
	switch c.kind {
	case cmdDigit:
		s.setDigit(c.digit)
	case cmdErase:
		s.setDigit(0)
	case cmdMove:
		s.selected = move(s.selected, c.dr, c.dc)
	case cmdJump:
		s.selected = jump(s.selected, c.to)
	}
}

// onSelect selects a cell of the review board.
func (s *scanState) onSelect(ctx app.Context, cell int) {
	if cell >= 0 && cell < 81 {
		s.selected = cell
	}
}

// setDigit sets the selected cell of the reading; a cell the player set is
// no longer in doubt.
func (s *scanState) setDigit(d uint8) {
	if s.busy || s.failed || s.reading == nil {
		return
	}
	s.digits[s.selected] = d
	s.unsure[s.selected], s.fixed[s.selected] = false, false
	s.msg = fmt.Sprintf("%s: %s.", solver.CellName(s.selected), digitOrEmpty(d))
}

func digitOrEmpty(d uint8) string {
	if d == 0 {
		return "empty"
	}
	return fmt.Sprint(d)
}

// useScan loads the reading as the puzzle, through the load action (undo
// brings the old game back), and closes the review.
func (r *root) useScan(ctx app.Context) {
	if r.scan.busy || r.scan.reading == nil {
		return
	}
	text := solver.Grid(r.scan.digits).String()
	r.scan.close()
	r.loadText(ctx, text, func(app.Context) { focusSoon("board") })
}

// close closes the review and lets the picture go.
func (s *scanState) close() {
	if s.photo != "" && app.IsClient {
		app.Window().Get("URL").Call("revokeObjectURL", s.photo)
	}
	*s = scanState{}
}

// scanCells is the review board: the reading, the doubtful and corrected
// cells marked, each named for screen readers with what was read.
func (s *scanState) cells() [81]cellView {
	var cv [81]cellView
	for i := range cv {
		c := &cv[i]
		c.Digit = s.digits[i]
		c.Clue = c.Digit != 0
		label := solver.CellName(i) + ": " + digitOrEmpty(c.Digit)
		switch {
		case s.fixed[i]:
			c.Mark = "scan-fixed"
			label += ", corrected by the solver"
		case s.unsure[i]:
			c.Mark = "scan-unsure"
			label += ", read with doubt"
		}
		c.Label = label
	}
	return cv
}

// pictureFiles returns the first picture among a DataTransfer's files (a
// paste's or a drop's), or nil.
func pictureFile(data app.Value) app.Value {
	if data == nil || !data.Truthy() {
		return nil
	}
	files := data.Get("files")
	if !files.Truthy() {
		return nil
	}
	for i := 0; i < files.Length(); i++ {
		f := files.Index(i)
		if strings.HasPrefix(f.Get("type").String(), "image/") {
			return f
		}
	}
	return nil
}
