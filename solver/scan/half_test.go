package scan

import (
	"math"
	"testing"
)

// TestHalfRoundTrip: every half value but NaN reads back as itself.
func TestHalfRoundTrip(t *testing.T) {
	for h := 0; h < 1<<16; h++ {
		if h&0x7c00 == 0x7c00 && h&0x3ff != 0 {
			if v := fromHalf(uint16(h)); !math.IsNaN(float64(v)) {
				t.Fatalf("fromHalf(%#04x) = %v, want NaN", h, v)
			}
			continue
		}
		if got := toHalf(fromHalf(uint16(h))); got != uint16(h) {
			t.Fatalf("toHalf(fromHalf(%#04x)) = %#04x", h, got)
		}
	}
}

// TestHalfRounding: values between two halves go to the nearer one, ties
// to the even one, and out-of-range values to infinity or zero.
func TestHalfRounding(t *testing.T) {
	for _, c := range []struct {
		f    float32
		want uint16
	}{
		{1, 0x3c00}, {-2, 0xc000}, {0.5, 0x3800}, {65504, 0x7bff},
		{1 + 1.0/2048, 0x3c00},             // halfway between 1 and the next half: to even (1)
		{1 + 3.0/2048, 0x3c02},             // halfway between 0x3c01 and 0x3c02: to even
		{1 + 1.0/2048 + 1.0/65536, 0x3c01}, // just over halfway
		{65520, 0x7c00}, {1e10, 0x7c00},    // overflow
		{float32(math.Inf(-1)), 0xfc00},
		{1.0 / (1 << 24), 0x0001}, // the least subnormal
		{1.0 / (1 << 25), 0x0000}, // half of it: a tie, to even (zero)
		{1.5 / (1 << 24), 0x0002}, // a tie between 1 and 2 subnormal units: to even
		{1.0 / (1 << 14), 0x0400}, // the least normal
		{1e-10, 0},
	} {
		if got := toHalf(c.f); got != c.want {
			t.Errorf("toHalf(%g) = %#04x, want %#04x", c.f, got, c.want)
		}
	}
}
