package scan

import (
	"errors"
	"fmt"
)

var (
	// ErrNotImage: the input is not a JPEG, PNG, GIF or WebP picture, or
	// it is damaged (a truncated JPEG, say).
	ErrNotImage = errors.New("not an image")
	// ErrTooLarge: the picture's header claims more pixels than Read
	// decodes (see MaxPixels and MaxSide); the pixels are never decoded.
	ErrTooLarge = errors.New("image too large")
	// ErrNoGrid: no Sudoku grid was found in the picture.
	ErrNoGrid = errors.New("no grid found")
)

// SizeError is the error for a picture whose header claims more pixels
// than Read decodes. It wraps ErrTooLarge.
type SizeError struct{ Width, Height int }

func (e *SizeError) Error() string {
	return fmt.Sprintf("image too large: %dx%d", e.Width, e.Height)
}

// Unwrap returns ErrTooLarge.
func (e *SizeError) Unwrap() error { return ErrTooLarge }

// FormatError is the error for input that is not a picture Read decodes,
// or a damaged one; it wraps ErrNotImage and keeps the decoder's reason.
type FormatError struct{ Reason string }

func (e *FormatError) Error() string {
	if e.Reason == "" {
		return ErrNotImage.Error()
	}
	return ErrNotImage.Error() + ": " + e.Reason
}

// Unwrap returns ErrNotImage.
func (e *FormatError) Unwrap() error { return ErrNotImage }
