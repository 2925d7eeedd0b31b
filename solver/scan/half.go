package scan

import "math"

// The shipped weights are stored as IEEE 754 half-precision floats (16
// bits: a sign, 5 bits of exponent, 10 of mantissa), half the bytes of
// float32 with a relative error under 0.05%, far below what training
// itself varies by.

// toHalf returns the half-precision float nearest f (ties to even);
// values beyond the half range become infinities.
func toHalf(f float32) uint16 {
	b := math.Float32bits(f)
	sign := uint16(b>>16) & 0x8000
	e := int(b>>23&0xff) - 127 + 15 // the exponent, biased as a half's
	mant := b & 0x7fffff
	switch {
	case b>>23&0xff == 0xff: // infinity or NaN
		if mant != 0 {
			return sign | 0x7e00
		}
		return sign | 0x7c00
	case e >= 31:
		return sign | 0x7c00
	case e <= 0: // a subnormal half, or zero
		if e < -10 {
			return sign
		}
		m := mant | 0x800000
		shift := uint(14 - e)
		h := m >> shift
		rem, half := m&(1<<shift-1), uint32(1)<<(shift-1)
		if rem > half || rem == half && h&1 == 1 {
			h++ // may carry into the smallest normal: still right
		}
		return sign | uint16(h)
	}
	h := uint32(e)<<10 | mant>>13
	if rem := mant & 0x1fff; rem > 0x1000 || rem == 0x1000 && h&1 == 1 {
		h++ // a carry into the exponent is right too
	}
	if h >= 0x7c00 {
		return sign | 0x7c00
	}
	return sign | uint16(h)
}

// fromHalf returns the value of the half-precision float h.
func fromHalf(h uint16) float32 {
	sign := uint32(h&0x8000) << 16
	e := uint32(h>>10) & 0x1f
	mant := uint32(h & 0x3ff)
	switch {
	case e == 0: // zero or subnormal: mant x 2^-24
		v := float32(mant) / (1 << 24)
		return math.Float32frombits(math.Float32bits(v) | sign)
	case e == 31:
		return math.Float32frombits(sign | 0x7f800000 | mant<<13)
	}
	return math.Float32frombits(sign | (e+112)<<23 | mant<<13)
}
