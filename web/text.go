package web

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"sudoku/solver"
)

// The sentences the page says, in one place.
const (
	txtTagline          = "Type or paste a puzzle; the solver runs in your browser, offline too."
	txtFromLink         = "Opened the puzzle from the link."
	txtEmptyBoard       = "Empty board: type the clues, or paste a puzzle."
	txtCleared          = "Your digits and marks were removed; the clues stay."
	txtEditing          = "Editing the clues: digits you type are clues."
	txtPlaying          = "Playing: digits you type are yours; clues are locked."
	txtUnreadable       = "Your saved work could not be read, so it was left untouched and saving is paused."
	txtSaveFailed       = "Your work could not be saved in this browser (storage full or blocked)."
	txtSaving           = "Your work is saved in this browser from now on."
	txtTooLong          = "The pasted text is too long to be a puzzle."
	txtNothingUndo      = "Nothing to undo."
	txtNothingRedo      = "Nothing to redo."
	txtCandidates       = "Candidates shown: every empty cell holds the digits the rules still allow. Edit them with Shift+digit or the Corner mode."
	txtNoCandidates     = "Every cell is filled: no candidates to show."
	txtCopyByHand       = "Copy the link from the field below."
	txtCopied           = "Link copied."
	txtLinkTooLong      = "With your digits and marks the link would be too long to share safely, so it holds the puzzle alone."
	txtPaused           = "Paused. Press Resume or type to go on."
	txtMistakesOn       = "Mistake check on: a digit that differs from the solution is struck through."
	txtMistakesOff      = "Mistake check off."
	txtMistakesNoSol    = "The mistake check needs a puzzle with one solution."
	txtMistakesWait     = "Mistake check on: it starts once the solution is counted."
	txtSolving          = "Solving…"
	txtExported         = "Exported: your game, settings and statistics are in sudoku.json."
	txtImported         = "Imported: your game, settings and statistics are back."
	txtImportTooBig     = "That file is too large to be an export of this page: nothing was changed."
	txtImportUnreadable = "That file could not be read: nothing was changed."
)

// True candidates (truecands.go).
const (
	txtFindingTrue       = "Finding the true candidates…"
	txtTrueCandidates    = "True candidates shown: each empty cell's corner marks are the digits it holds in some solution. Undo takes them back."
	txtNoTrueWithEntries = "No true candidates: no solution agrees with your digits. Check finds the wrong ones."
)

// Kinds of message, also their CSS classes.
const (
	msgInfo  = "info"
	msgOK    = "ok"
	msgError = "error"
)

func txtIsClue(cell string) string {
	return fmt.Sprintf("%s is a clue. Press “Edit clues” to change the puzzle.", cell)
}

func txtImportRefused(err error) string {
	return "That file cannot be imported (" + err.Error() + "): nothing was changed."
}

func txtLoaded(clues int) string { return fmt.Sprintf("Puzzle loaded: %d clues.", clues) }

const txtOpening = "Opening the link's puzzle…"

func txtBadLink(err error) string {
	return "This link cannot be opened: " + err.Error() + ". Here is an empty board."
}

func txtNotPuzzle(err error) string { return fmt.Sprintf("The pasted text is not a puzzle (%v).", err) }

// txtVariant says the rules now in force, in the variant's own words.
func txtVariant(v *solver.Variant) string {
	return variantLabel(v) + " rules: " + v.Rule
}

func txtSolved(took time.Duration, nodes int64) string {
	return fmt.Sprintf("Solved in %s (%d search nodes).", formatDuration(took), nodes)
}

func txtComplete(played time.Duration) string {
	return "Well done: the puzzle is complete and every rule holds. Time: " + formatClock(played) + "."
}

// txtDid and txtUndid describe an action for the status line after undo and
// redo, so that a screen reader says what changed.
func txtUndid(a action, g *game) string { return "Undone: " + describe(a, g) + "." }
func txtRedid(a action, g *game) string { return "Redone: " + describe(a, g) + "." }

// describe says what an action did, naming its cell by g's size.
func describe(a action, g *game) string {
	cell := ""
	if a.Cell >= 0 && a.Cell < g.cells() {
		cell = g.cellName(a.Cell)
	}
	d := strconv.Itoa(int(a.Digit))
	switch a.Kind {
	case actPlace:
		if a.Digit == 0 {
			return "digit erased in " + cell
		}
		return d + " in " + cell
	case actClue:
		if a.Digit == 0 {
			return "clue erased in " + cell
		}
		return "clue " + d + " in " + cell
	case actCorner:
		return "corner mark " + d + " in " + cell
	case actCentre:
		return "centre mark " + d + " in " + cell
	case actColour:
		return "colour " + d + " in " + cell
	case actErase:
		return "erase " + cell
	case actCandidates:
		return "show candidates"
	case actFill:
		return "solve"
	case actClear:
		return "clear"
	case actLoad:
		return "new puzzle"
	case actVariant:
		return "variant " + a.Name
	}
	return string(a.Kind)
}

// cellLabel is what a screen reader says for a cell: "row 1, column 2,
// empty, candidates 1 2 7", "row 3, column 5, 7".
func cellLabel(i int, c cellView) string {
	var b strings.Builder
	n := c.Size
	if n == 0 {
		n = 9
	}
	b.WriteString("row " + strconv.Itoa(i/n+1) + ", column " + strconv.Itoa(i%n+1) + ", ")
	if c.Digit != 0 {
		b.WriteString(strconv.Itoa(int(c.Digit)))
	} else {
		b.WriteString("empty")
		if c.Corner != 0 {
			b.WriteString(", candidates " + digitsText(c.Corner))
		}
		if c.Centre != 0 {
			b.WriteString(", centre marks " + digitsText(c.Centre))
		}
	}
	if c.Colour != 0 {
		b.WriteString(", colour " + strconv.Itoa(int(c.Colour)))
	}
	if c.Notes != "" {
		b.WriteString(", " + c.Notes)
	}
	return b.String()
}

// digitsText writes a set as "1 2 7".
func digitsText(m marks) string {
	var parts []string
	for _, d := range m.Digits() {
		parts = append(parts, strconv.Itoa(int(d)))
	}
	return strings.Join(parts, " ")
}

func formatDuration(d time.Duration) string {
	switch {
	case d < time.Millisecond:
		return fmt.Sprintf("%d µs", d.Microseconds())
	case d < time.Second:
		return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000)
	}
	return fmt.Sprintf("%.2f s", d.Seconds())
}

// formatClock writes a time played as "4:07" or "1:02:03".
func formatClock(d time.Duration) string {
	s := int64(d / time.Second)
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

// Describe is the sentence the page shows for a count; blank is a board
// with nothing on it to solve (no clue, and no constraint that could make
// a puzzle without clues, as a killer's cages can).
func (c count) Describe(blank bool) string {
	switch c {
	case countConflict:
		return "The clues conflict."
	case countNone:
		return "No solution."
	case countUnique:
		return "Unique solution."
	case countSeveral:
		if blank {
			return "Empty board: type or paste a puzzle."
		}
		return "Several solutions."
	}
	if c == countPending {
		return "Counting…"
	}
	return "Too hard to count quickly; Solve will tell."
}

// explainSolveError turns a solver outcome that is not a unique solution into
// a message for the user.
func explainSolveError(res solver.Result, err error) string {
	var ce *solver.ConflictError
	switch {
	case errors.As(err, &ce):
		return "The clues conflict: " + ce.Error() + "."
	case errors.Is(err, solver.ErrConflict):
		// From the engine's worker: the error's text names the cells.
		return "The clues conflict: " + err.Error() + "."
	case errors.Is(err, solver.ErrBudget):
		return "This puzzle is too hard to solve within the page's budget."
	case err != nil:
		return "The solver failed on this puzzle."
	case res.Count == 0:
		return "This puzzle has no solution."
	case res.Count > 1:
		return "This puzzle has several solutions; add clues to make it unique."
	}
	return ""
}

func fmtSoFar(n int) string {
	return fmt.Sprintf("So far so good: all %d of your digits agree with the solution.", n)
}

func fmtWrong(n int, cells string) string { return fmt.Sprintf("%d digits are wrong: %s.", n, cells) }

// txtVariantLoaded says which variant puzzle was opened.
func txtVariantLoaded(g *game) string {
	n := g.size()
	what := fmt.Sprintf("%dx%d variant puzzle", n, n)
	if g.Title != "" {
		what += " “" + g.Title + "”"
	}
	if g.Author != "" {
		what += " by " + g.Author
	}
	return fmt.Sprintf("Opened a %s: %d givens, %d rules (listed below the board).", what, g.Clues.Clues(), len(g.Custom.Describe()))
}

// txtVariantRefused says why f-puzzles data was not opened.
func txtVariantRefused(err error) string {
	return "This puzzle cannot be opened: " + err.Error() + ". Your game is unchanged."
}
