// Package scan reads a Sudoku puzzle from a photo or a screenshot: the 81
// digits (0 for an empty cell), a confidence per cell, the grid's four
// corners in the picture and the cells the solver corrected. It is pure
// Go and builds for WebAssembly; besides the standard library it uses
// golang.org/x/image only to decode WebP.
//
// # Steps
//
// Decode checks the size a picture's header claims (image.DecodeConfig)
// before it decodes any pixel, and reads JPEG, PNG, GIF and WebP;
// ReadPixels takes raw RGBA pixels instead (a canvas's, in the page).
// ReadImage then works on a greyscale copy no larger than 1024 pixels a
// side:
//
//   - an adaptive threshold (each pixel against the mean around it, so
//     shadows and uneven light do not matter), at a strict and a lax level;
//   - the outline: for each large blob of ink, the largest quadrilateral
//     inside its convex hull, kept when it is four-sided, mostly paper and
//     not too skewed (rotation up to ±30° and strong perspective pass);
//     the blobs of a third ink, of lines alone (a pixel darker than the
//     paper on both sides of it, so a hard shadow's edge is not ink), and
//     of that ink less its solid parts (a thick rule printed against the
//     grid), give outlines too, taken when their grid is clearly better;
//   - rectification of each outline onto a 324-pixel square by the
//     perspective map of its corners; an outline that took in print
//     touching the grid (a title, a frame, a bar, text beside it) closes
//     in on the ten evenly spaced lines inside it; the outline whose
//     square shows the most of the 60 expected grid line pieces (ten
//     lines each way, in each band of three boxes), nearest to where an
//     even grid puts them, is the grid, or ErrNoGrid; a square shows a
//     grid with more than 35 of them clear, or all 24 of its box lines
//     (faint, blurred print loses the thin ones);
//   - when no outline's straight grid shows 50 of its 60 line pieces (a
//     page bowing by more than a third of a cell), the twenty lines of
//     the clearest outlines are followed along their length (dynamic
//     programming over the ink, smoothed to parabolas), and the grid is
//     squared cell by cell between their crossings when that shows its
//     lines clearer;
//   - cells cut along the lines found near each row and column of cells,
//     so grids that bow or were printed unevenly are cut where their
//     lines are;
//   - a mark test per cell (Otsu's threshold inside the cell, and a least
//     contrast set per grid above that of its empty cells; a blob, grown
//     by a pixel so thin or broken strokes hold together, tall enough
//     near the centre; and, against the grid's median mark, not much
//     fainter, and when fainter sharp-edged: a stain or a fold's shade
//     fades): a cell without a mark is empty, with confidence 1, and
//     never gets a digit; a cell whose digit is cut off by the photo's
//     edge (more than a quarter of its digit's box outside) is empty,
//     with confidence 0, as a part of a digit may read as another; a
//     cell across a hard shadow's edge is cut and read in the picture
//     with the light made even;
//   - the classifier (Net, a small perceptron shipped in digits.bin as
//     half-precision floats and trained by cmd/train-scan) on each mark: no digit, or 1 to 9, the
//     mean of its probabilities over seven cuts of the mark a little
//     moved and scaled;
//   - the solver's corrections: when the best reading has a clash or no
//     solution, the classifier's other choices for the least
//     certain marks are tried (at most three cells at once, most probable
//     first) and the first reading with one solution is kept; the cells
//     changed are listed. A reading with several solutions is tried the
//     same way, one cell at most, when no mark the classifier reads as a
//     digit was left empty and no cell is cut off by the photo's edge (a
//     digit read as another leaves a puzzle of few clues open more often
//     than it breaks it). A mark read with 97% certainty or more never
//     changes, so a clash that is printed stays and is reported. A
//     reading still broken after them (a clash, no solution or several)
//     keeps no doubtful digit: one read with "no digit" at 0.1 or more
//     is left empty and listed with the changes (dropDoubtful).
//
// # Errors
//
// Decode and Read return a *FormatError wrapping ErrNotImage for input
// that is not a picture or is damaged, a *SizeError wrapping ErrTooLarge
// for a header that claims more than MaxPixels or MaxSide, and ReadImage
// ErrNoGrid when no grid is found. Nothing panics on any input.
//
//	rd, err := scan.Read(f, scan.Options{})
//	if err != nil { ... }            // "no grid found", "image too large: 30000x30000"
//	fmt.Println(rd.Digits.String())  // the puzzle, '.' for empty cells
package scan
