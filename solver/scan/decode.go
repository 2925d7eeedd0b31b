package scan

import (
	"bytes"
	"errors"
	"image"
	_ "image/gif"  // GIF decoder
	_ "image/jpeg" // JPEG decoder
	_ "image/png"  // PNG decoder
	"io"
	"strings"

	_ "golang.org/x/image/webp" // WebP decoder: phones and browsers save screenshots as WebP
)

// Limits on what Decode accepts, checked from the header before any pixel
// is decoded: a 1 KB PNG can claim a billion pixels.
const (
	MaxPixels = 64 << 20  // about 67 megapixels: any phone camera
	MaxSide   = 16384     // pixels on the longer side
	MaxBytes  = 128 << 20 // bytes of input read
)

// Decode reads a JPEG, PNG, GIF or WebP picture. It reads at most MaxBytes,
// checks the size the header claims with image.DecodeConfig (a *SizeError
// wrapping ErrTooLarge beyond MaxPixels or MaxSide) and only then decodes
// the pixels. Anything else, or a damaged picture, gives a *FormatError
// wrapping ErrNotImage.
func Decode(r io.Reader) (image.Image, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxBytes {
		return nil, &FormatError{Reason: "more than 128 MB"}
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return nil, formatError(err)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 {
		return nil, &FormatError{Reason: "no pixels"}
	}
	if cfg.Width > MaxSide || cfg.Height > MaxSide || int64(cfg.Width)*int64(cfg.Height) > MaxPixels {
		return nil, &SizeError{Width: cfg.Width, Height: cfg.Height}
	}
	img, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, formatError(err)
	}
	return img, nil
}

func formatError(err error) error {
	if errors.Is(err, image.ErrFormat) {
		return &FormatError{}
	}
	msg := err.Error()
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		msg = "truncated"
	}
	// The decoders' own words ("invalid JPEG format: ...") start lowercase.
	return &FormatError{Reason: strings.TrimSuffix(msg, ".")}
}
