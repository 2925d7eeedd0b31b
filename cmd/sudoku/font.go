package main

// A 3x5 bitmap font drawn by hand for the GIFs: digits, letters (lower case
// is drawn as upper case) and the punctuation the explanations use. Each
// glyph is five rows of three pixels, '#' on.

import (
	"image"
	"strings"
)

var glyphs = map[rune][5]string{
	'0':  {"###", "#.#", "#.#", "#.#", "###"},
	'1':  {".#.", "##.", ".#.", ".#.", "###"},
	'2':  {"###", "..#", "###", "#..", "###"},
	'3':  {"###", "..#", "###", "..#", "###"},
	'4':  {"#.#", "#.#", "###", "..#", "..#"},
	'5':  {"###", "#..", "###", "..#", "###"},
	'6':  {"###", "#..", "###", "#.#", "###"},
	'7':  {"###", "..#", "..#", ".#.", ".#."},
	'8':  {"###", "#.#", "###", "#.#", "###"},
	'9':  {"###", "#.#", "###", "..#", "###"},
	'A':  {".#.", "#.#", "###", "#.#", "#.#"},
	'B':  {"##.", "#.#", "##.", "#.#", "##."},
	'C':  {".##", "#..", "#..", "#..", ".##"},
	'D':  {"##.", "#.#", "#.#", "#.#", "##."},
	'E':  {"###", "#..", "##.", "#..", "###"},
	'F':  {"###", "#..", "##.", "#..", "#.."},
	'G':  {".##", "#..", "#.#", "#.#", ".##"},
	'H':  {"#.#", "#.#", "###", "#.#", "#.#"},
	'I':  {"###", ".#.", ".#.", ".#.", "###"},
	'J':  {"..#", "..#", "..#", "#.#", ".#."},
	'K':  {"#.#", "#.#", "##.", "#.#", "#.#"},
	'L':  {"#..", "#..", "#..", "#..", "###"},
	'M':  {"#.#", "###", "###", "#.#", "#.#"},
	'N':  {"##.", "#.#", "#.#", "#.#", "#.#"},
	'O':  {".#.", "#.#", "#.#", "#.#", ".#."},
	'P':  {"##.", "#.#", "##.", "#..", "#.."},
	'Q':  {".#.", "#.#", "#.#", "##.", ".##"},
	'R':  {"##.", "#.#", "##.", "#.#", "#.#"},
	'S':  {".##", "#..", ".#.", "..#", "##."},
	'T':  {"###", ".#.", ".#.", ".#.", ".#."},
	'U':  {"#.#", "#.#", "#.#", "#.#", "###"},
	'V':  {"#.#", "#.#", "#.#", "#.#", ".#."},
	'W':  {"#.#", "#.#", "###", "###", "#.#"},
	'X':  {"#.#", "#.#", ".#.", "#.#", "#.#"},
	'Y':  {"#.#", "#.#", ".#.", ".#.", ".#."},
	'Z':  {"###", "..#", ".#.", "#..", "###"},
	' ':  {"...", "...", "...", "...", "..."},
	'=':  {"...", "###", "...", "###", "..."},
	'(':  {".#.", "#..", "#..", "#..", ".#."},
	')':  {".#.", "..#", "..#", "..#", ".#."},
	'[':  {"##.", "#..", "#..", "#..", "##."},
	']':  {".##", "..#", "..#", "..#", ".##"},
	',':  {"...", "...", "...", ".#.", "#.."},
	'.':  {"...", "...", "...", "...", ".#."},
	':':  {"...", ".#.", "...", ".#.", "..."},
	';':  {"...", ".#.", "...", ".#.", "#.."},
	'-':  {"...", "...", "###", "...", "..."},
	'+':  {"...", ".#.", "###", ".#.", "..."},
	'/':  {"..#", "..#", ".#.", "#..", "#.."},
	'"':  {"#.#", "#.#", "...", "...", "..."},
	'\'': {".#.", ".#.", "...", "...", "..."},
	'!':  {".#.", ".#.", ".#.", "...", ".#."},
	'?':  {"##.", "..#", ".#.", "...", ".#."},
	'>':  {"#..", ".#.", "..#", ".#.", "#.."},
	'<':  {"..#", ".#.", "#..", ".#.", "..#"},
	'%':  {"#.#", "..#", ".#.", "#..", "#.#"},
}

const (
	glyphW, glyphH = 3, 5
	glyphAdvance   = glyphW + 1 // one blank column between letters
)

// drawText draws s at (x, y), the top left of the first glyph, each font
// pixel a scale x scale square of colour index ci. Characters the font
// lacks are drawn as '?'.
func drawText(img *image.Paletted, x, y, scale int, s string, ci uint8) {
	for _, r := range strings.ToUpper(s) {
		g, ok := glyphs[r]
		if !ok {
			g = glyphs['?']
		}
		for gy, row := range g {
			for gx := 0; gx < glyphW; gx++ {
				if row[gx] == '#' {
					fillRect(img, image.Rect(x+gx*scale, y+gy*scale, x+(gx+1)*scale, y+(gy+1)*scale), ci)
				}
			}
		}
		x += glyphAdvance * scale
	}
}

// wrapText splits s into lines of at most width characters at spaces, and
// at most maxLines lines, the last ending in "..." when s is longer.
func wrapText(s string, width, maxLines int) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(s) {
		for len(w) > width { // a word longer than a line is cut
			if line != "" {
				lines, line = append(lines, line), ""
			}
			lines, w = append(lines, w[:width]), w[width:]
		}
		switch {
		case line == "":
			line = w
		case len(line)+1+len(w) <= width:
			line += " " + w
		default:
			lines, line = append(lines, line), w
		}
	}
	if line != "" {
		lines = append(lines, line)
	}
	if len(lines) > maxLines {
		lines = lines[:maxLines]
		last := lines[maxLines-1]
		if len(last) > width-3 {
			last = last[:width-3]
		}
		lines[maxLines-1] = last + "..."
	}
	return lines
}

// fillRect sets every pixel of r inside img to colour index ci.
func fillRect(img *image.Paletted, r image.Rectangle, ci uint8) {
	r = r.Intersect(img.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		row := img.Pix[img.PixOffset(r.Min.X, y):img.PixOffset(r.Max.X, y)]
		for i := range row {
			row[i] = ci
		}
	}
}
