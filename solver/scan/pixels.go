package scan

import (
	"fmt"
	"image"
)

// ReadPixels reads the grid in a picture given as raw pixels, as a
// browser's canvas hands them over (getImageData): width x height pixels
// row after row, 4 bytes each (red, green, blue, alpha, not
// premultiplied). Transparent pixels count as white paper. It does not
// copy or change pix. A picture wider or taller than MaxSide or with more
// than MaxPixels pixels gives a *SizeError wrapping ErrTooLarge; a size
// of zero or a length of pix other than 4 x width x height, a
// *FormatError wrapping ErrNotImage; otherwise it is ReadImage, and costs
// the same (a picture larger than 1024 pixels a side is shrunk first, so
// a page should hand over at most that much).
func ReadPixels(width, height int, pix []byte, opt Options) (*Reading, error) {
	img, err := pixelsImage(width, height, pix)
	if err != nil {
		return nil, err
	}
	return ReadImage(img, opt)
}

// pixelsImage checks the size and length of raw RGBA pixels and wraps
// them as an *image.NRGBA without copying.
func pixelsImage(width, height int, pix []byte) (*image.NRGBA, error) {
	if width <= 0 || height <= 0 {
		return nil, &FormatError{Reason: fmt.Sprintf("no pixels: %dx%d", width, height)}
	}
	if width > MaxSide || height > MaxSide || int64(width)*int64(height) > MaxPixels {
		return nil, &SizeError{Width: width, Height: height}
	}
	if want := 4 * width * height; len(pix) != want {
		return nil, &FormatError{Reason: fmt.Sprintf("%d bytes of pixels for %dx%d, want %d (4 a pixel)", len(pix), width, height, want)}
	}
	return &image.NRGBA{Pix: pix, Stride: 4 * width, Rect: image.Rect(0, 0, width, height)}, nil
}
