package main

// Animated GIFs of a solve (`sudoku solve -gif`) and of an explanation
// (`sudoku explain -gif`), drawn with image/gif and the font of font.go.
//
// A frame shows the board: clues in black, digits placed by a rule in
// blue, guessed digits in orange, the candidates of open cells small and
// grey; the candidates a move removes are drawn in red on its frame, and a
// placed candidate in green. The cell of the move is shaded yellow (red for
// a contradiction, blue for the cells of an explanation's pattern). A status
// line under the board names the move.
//
// A solve's animation has one frame for the puzzle, after its clues, and
// one per move (every event but eliminations, which belong to the move
// before them, and dlx column choices, whose text goes on the next move);
// an explanation's has one for the puzzle, one per step and, when solved,
// one for the solution. Both are cut to at most the frame bound by keeping
// evenly spaced moves, the first and last always among them.

import (
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"io"

	"sudoku/solver"
	"sudoku/solver/logic"
	"sudoku/solver/trace"
)

// defaultGIFFrames bounds the frames of an animation.
const defaultGIFFrames = 300

// The colour indices of the palette.
const (
	ciWhite = iota
	ciBlack
	ciLine
	ciPlaced
	ciGuessed
	ciCand
	ciRemoved
	ciMove
	ciConflict
	ciAdded
	ciPattern
	ciText
	ciSolved
	ciClear // transparent: the pixel of the frame before shows through
)

var gifPalette = color.Palette{
	ciWhite:    color.RGBA{255, 255, 255, 255},
	ciBlack:    color.RGBA{0, 0, 0, 255},
	ciLine:     color.RGBA{170, 170, 170, 255},
	ciPlaced:   color.RGBA{30, 80, 200, 255},
	ciGuessed:  color.RGBA{225, 110, 0, 255},
	ciCand:     color.RGBA{120, 120, 120, 255},
	ciRemoved:  color.RGBA{215, 30, 30, 255},
	ciMove:     color.RGBA{255, 238, 150, 255},
	ciConflict: color.RGBA{255, 185, 185, 255},
	ciAdded:    color.RGBA{20, 150, 50, 255},
	ciPattern:  color.RGBA{200, 225, 255, 255},
	ciText:     color.RGBA{40, 40, 40, 255},
	ciSolved:   color.RGBA{215, 245, 215, 255},
	ciClear:    color.RGBA{},
}

// Geometry: 36-pixel cells, candidates in a 3x3 of 12-pixel squares, and
// status lines of the font at twice its size under the board.
const (
	cellPx      = 36
	gifMargin   = 6
	boardPx     = 9 * cellPx
	statusScale = 2
	statusLines = 4
	lineHeight  = (glyphH + 2) * statusScale
	gifW        = boardPx + 2*gifMargin
	gifH        = boardPx + 2*gifMargin + statusLines*lineHeight + gifMargin
	statusChars = (gifW - 2*gifMargin) / (glyphAdvance * statusScale)
)

// Kinds of digit, for their colour.
const (
	openCell = iota
	clueCell
	placedCell
	guessedCell
)

// A frame is what one picture shows.
type frame struct {
	digit   [81]uint8
	kind    [81]uint8  // openCell, clueCell, placedCell, guessedCell
	cand    [81]uint16 // candidates of open cells, bit d-1 for d
	removed [81]uint16 // candidates drawn in red
	added   [81]uint16 // candidates drawn in green
	shade   [81]uint8  // background colour index; 0 is white
	status  string
}

// draw renders f.
func (f *frame) draw() *image.Paletted {
	img := image.NewPaletted(image.Rect(0, 0, gifW, gifH), gifPalette)
	for c := 0; c < 81; c++ {
		x0, y0 := gifMargin+c%9*cellPx, gifMargin+c/9*cellPx
		cell := image.Rect(x0, y0, x0+cellPx, y0+cellPx)
		if f.shade[c] != 0 {
			fillRect(img, cell, f.shade[c])
		}
		if d := f.digit[c]; d != 0 {
			ci := uint8(ciBlack)
			switch f.kind[c] {
			case placedCell:
				ci = ciPlaced
			case guessedCell:
				ci = ciGuessed
			}
			const scale = 5 // a 15x25 digit
			drawText(img, x0+(cellPx-glyphW*scale)/2, y0+(cellPx-glyphH*scale)/2, scale, string(rune('0'+d)), ci)
			continue
		}
		show := f.cand[c] | f.removed[c] | f.added[c]
		for d := 1; d <= 9; d++ {
			bit := uint16(1) << (d - 1)
			if show&bit == 0 {
				continue
			}
			ci := uint8(ciCand)
			switch {
			case f.added[c]&bit != 0:
				ci = ciAdded
			case f.removed[c]&bit != 0:
				ci = ciRemoved
			}
			const sub, scale = cellPx / 3, 2 // a 6x10 digit in a 12-pixel square
			sx, sy := x0+(d-1)%3*sub+(sub-glyphW*scale)/2, y0+(d-1)/3*sub+(sub-glyphH*scale)/2
			drawText(img, sx, sy, scale, string(rune('0'+d)), ci)
		}
	}
	for i := 0; i <= 9; i++ {
		w, ci := 1, uint8(ciLine)
		if i%3 == 0 {
			w, ci = 3, ciBlack
		}
		p := gifMargin + i*cellPx - w/2
		fillRect(img, image.Rect(p, gifMargin-1, p+w, gifMargin+boardPx+2), ci)
		fillRect(img, image.Rect(gifMargin-1, p, gifMargin+boardPx+2, p+w), ci)
	}
	y := gifMargin + boardPx + gifMargin + 2
	for _, line := range wrapText(f.status, statusChars, statusLines) {
		drawText(img, gifMargin, y, statusScale, line, ciText)
		y += lineHeight
	}
	return img
}

// animation collects frames; each after the first is stored as the
// rectangle where it differs from the one before, the pixels that did not
// change made transparent, which keeps the file small.
type animation struct {
	g    gif.GIF
	prev *image.Paletted
}

func (a *animation) add(f *frame, delay int) {
	img := f.draw()
	if a.prev == nil {
		a.g.Image = append(a.g.Image, img)
	} else {
		r := diffRect(a.prev, img)
		if r.Empty() {
			r = image.Rect(0, 0, 1, 1) // still one frame, of one unchanged pixel
		}
		part := image.NewPaletted(r, gifPalette)
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				i := img.PixOffset(x, y)
				if ci := img.Pix[i]; ci != a.prev.Pix[i] {
					part.Pix[part.PixOffset(x, y)] = ci
				} else {
					part.Pix[part.PixOffset(x, y)] = ciClear
				}
			}
		}
		a.g.Image = append(a.g.Image, part)
	}
	a.g.Delay = append(a.g.Delay, delay)
	a.g.Disposal = append(a.g.Disposal, gif.DisposalNone)
	a.prev = img
}

func (a *animation) encode(w io.Writer) error {
	a.g.Config = image.Config{ColorModel: gifPalette, Width: gifW, Height: gifH}
	return gif.EncodeAll(w, &a.g)
}

// diffRect returns the smallest rectangle holding every pixel where a and b
// differ.
func diffRect(a, b *image.Paletted) image.Rectangle {
	var r image.Rectangle
	for y := 0; y < gifH; y++ {
		ra, rb := a.Pix[y*a.Stride:y*a.Stride+gifW], b.Pix[y*b.Stride:y*b.Stride+gifW]
		for x := range ra {
			if ra[x] != rb[x] {
				r = r.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	return r
}

// pick returns which of n moves to draw when at most k fit: all of them,
// or k evenly spaced, the first and last included.
func pick(n, k int) []int {
	if n <= k {
		idx := make([]int, n)
		for i := range idx {
			idx[i] = i
		}
		return idx
	}
	if k == 1 {
		return []int{n - 1}
	}
	idx := make([]int, k)
	for i := range idx {
		idx[i] = i * (n - 1) / (k - 1)
	}
	return idx
}

// frameDelay spreads the moves over about 20 seconds, each shown between
// 0.05 and 0.6 seconds; the delay is in hundredths of a second.
func frameDelay(frames int) int {
	return min(max(2000/max(frames, 1), 5), 60)
}

// A move of a trace: one event other than an elimination or a column
// choice, with the eliminations after it and the column text before it.
type move struct {
	first, last int // events[first:last] belong to the move; the move is events[at]
	at          int
}

// traceMoves splits the events into the clue events (before the first
// other move) and the moves.
func traceMoves(es []trace.Event) (clues int, moves []move) {
	i := 0
	for i < len(es) && (es[i].Kind == trace.KindAssign && es[i].Rule == trace.RuleClue || es[i].Kind == trace.KindEliminate) {
		i++
	}
	clues = i
	start := i
	for i < len(es) {
		switch es[i].Kind {
		case trace.KindEliminate, trace.KindColumn:
			i++
			continue
		}
		j := i + 1
		for j < len(es) && es[j].Kind == trace.KindEliminate {
			j++
		}
		moves = append(moves, move{first: start, at: i, last: j})
		start, i = j, j
	}
	return clues, moves
}

// traceFrames returns the number of frames traceGIF draws for tr.
func traceFrames(tr *trace.Trace, maxFrames int) int {
	_, moves := traceMoves(tr.Events)
	return 1 + len(pick(len(moves), maxFrames-1))
}

// traceGIF writes the animation of a traced solve: the puzzle, then the
// moves, at most maxFrames frames in all.
func traceGIF(w io.Writer, tr *trace.Trace, v *solver.Variant, maxFrames int) error {
	es := tr.Events
	clues, moves := traceMoves(es)
	rp := trace.NewReplay()
	for _, e := range es[:clues] {
		if err := rp.Apply(e); err != nil {
			return fmt.Errorf("replaying the trace: %v", err)
		}
	}
	var a animation
	f := replayFrame(rp)
	f.status = fmt.Sprintf("%s: %d clues, %d events", tr.Engine, solver.Grid(rp.Grid).Clues(), len(es))
	if tr.Truncated {
		f.status += " (truncated)"
	}
	a.add(&f, 150)
	shown := pick(len(moves), maxFrames-1)
	delay := frameDelay(len(shown))
	next := 0
	for k, m := range moves {
		removed := [81]uint16{}
		column := ""
		for i := m.first; i < m.last; i++ {
			e := es[i]
			if e.Kind == trace.KindColumn {
				column = e.Column + ": "
			}
			if e.Kind == trace.KindEliminate && i > m.at {
				removed[e.Cell] |= 1 << (e.Digit - 1)
			}
			if err := rp.Apply(e); err != nil {
				return fmt.Errorf("replaying event %d: %v", i+1, err)
			}
		}
		if next >= len(shown) || shown[next] != k {
			continue
		}
		next++
		e := es[m.at]
		f := replayFrame(rp)
		f.removed = removed
		if e.Cell >= 0 && e.Cell < 81 {
			f.shade[e.Cell] = ciMove
		}
		switch e.Kind {
		case trace.KindContradiction:
			if e.Cell >= 0 && e.Cell < 81 {
				f.shade[e.Cell] = ciConflict
			} else if e.Unit >= 0 && e.Unit < v.NumUnits() {
				for _, c := range v.Unit(e.Unit) {
					f.shade[c] = ciConflict
				}
			}
		case trace.KindSolution:
			for c := range f.shade {
				f.shade[c] = ciSolved
			}
		}
		f.status = fmt.Sprintf("%d/%d %s%s", m.at+1, len(es), column, e.Text(v))
		d := delay
		if next == len(shown) {
			d = 400 // hold the last frame
		}
		a.add(&f, d)
	}
	return a.encode(w)
}

// replayFrame draws the position of a replay.
func replayFrame(rp *trace.Replay) frame {
	var f frame
	for c := 0; c < 81; c++ {
		f.digit[c] = rp.Grid[c]
		f.cand[c] = rp.Cand[c]
		switch {
		case rp.Grid[c] == 0:
		case rp.By[c] == trace.RuleClue:
			f.kind[c] = clueCell
		case rp.Guessed(c):
			f.kind[c] = guessedCell
		default:
			f.kind[c] = placedCell
		}
	}
	return f
}

// explainFrames returns the number of frames explainGIF draws.
func explainFrames(ex *logic.Explanation, maxFrames int) int {
	n := len(ex.Steps)
	if ex.Solved {
		n++
	}
	return 1 + len(pick(n, maxFrames-1))
}

// explainGIF writes the animation of an explanation: the puzzle, each step
// with its pattern, placements and eliminations marked, and the solution.
func explainGIF(w io.Writer, ex *logic.Explanation, maxFrames int) error {
	v := ex.Variant
	var cur frame
	for c := 0; c < 81; c++ {
		cur.cand[c] = 0x1ff
	}
	place := func(c, d int, kind uint8) {
		cur.digit[c], cur.kind[c], cur.cand[c] = uint8(d), kind, 0
		for _, p := range v.Peers(c) {
			cur.cand[p] &^= 1 << (d - 1)
		}
	}
	for c, d := range ex.Puzzle {
		if d != 0 {
			place(c, int(d), clueCell)
		}
	}
	var a animation
	f := cur
	f.status = fmt.Sprintf("Puzzle: %d clues, %d steps", ex.Puzzle.Clues(), len(ex.Steps))
	a.add(&f, 150)
	n := len(ex.Steps)
	if ex.Solved {
		n++
	}
	shown := pick(n, maxFrames-1)
	delay := min(3*frameDelay(len(shown)), 150) // steps are read, not watched
	next := 0
	for k := 0; k < n; k++ {
		draw := next < len(shown) && shown[next] == k
		if draw {
			next++
		}
		if k == len(ex.Steps) { // the solution
			f := cur
			for c := range f.shade {
				f.shade[c] = ciSolved
			}
			f.status = fmt.Sprintf("Solved: %s, score %.1f", ex.Level, ex.Score)
			a.add(&f, 400)
			break
		}
		st := ex.Steps[k]
		if draw {
			f := cur
			for _, p := range st.Pattern {
				f.shade[p.Cell] = ciPattern
			}
			for _, p := range st.Placements {
				f.shade[p.Cell] = ciMove
				f.added[p.Cell] |= 1 << (p.Digit - 1)
			}
			for _, e := range st.Eliminations {
				f.removed[e.Cell] |= 1 << (e.Digit - 1)
			}
			f.status = fmt.Sprintf("%d/%d %s: %s", k+1, len(ex.Steps), st.Technique, st.Explanation)
			d := delay
			if next == len(shown) {
				d = 400
			}
			a.add(&f, d)
		}
		for _, p := range st.Placements {
			place(p.Cell, p.Digit, placedCell)
		}
		for _, e := range st.Eliminations {
			cur.cand[e.Cell] &^= 1 << (e.Digit - 1)
		}
	}
	return a.encode(w)
}
