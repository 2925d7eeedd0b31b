//go:build goexperiment.simd && amd64

package solver

import "simd/archsimd"

// With GOEXPERIMENT=simd on amd64 (Go 1.26's experimental simd/archsimd),
// drain clears the cells it places from eight of their band's nine boards
// with one 256-bit vector (clearBandVec) instead of eight scalar updates,
// and stacks works out what it needs of digits 1-8 in 256-bit vectors
// (stackKeysVec), when the CPU has AVX2. The build without the experiment, and every
// WebAssembly build, has only the scalar code (fast_simd_other.go).
const simdBuild = true

// hasAVX2 reports whether the CPU runs AVX2 instructions.
var hasAVX2 = archsimd.X86.AVX2()

// clearBandVec removes the cells p from the eight boards c (a band's boards
// of digits 1-8) and returns the boards that lost one, bit k for c[k]. It
// needs AVX2.
func clearBandVec(c *[8]uint32, p uint64) uint64 {
	v := archsimd.LoadUint32x8(c)
	pv := archsimd.BroadcastUint32x8(uint32(p))
	kept := v.And(pv).Equal(archsimd.Uint32x8{}).ToBits() // the boards without a cell of p
	v.AndNot(pv).Store(c)
	return uint64(^kept)
}

// endVec clears the upper halves of the vector registers when drain ends,
// so that the SSE code after it (the state copy of a guess) does not run
// with a false dependency on them (without it drain's vector version took
// 30% more time than the scalar one on hardnew).
func endVec() { archsimd.ClearAVXUpperBits() }

// stackKeys is what stacks needs of digits 1-8, worked out by vectors
// (stackKeysVec): per digit, the columns open to it in each band and the
// indices of its stacks' matrices into fastTab.permSpread.
type stackKeys struct {
	a [8]uint32
	i [3][8]uint32
}

// key returns what stacks computes for digit d (0-7) from its boards: its
// (band, column) word a and the valid placements k of its stacks.
func (s *stackKeys) key(d int) (a, k uint32) {
	d &= 7
	return s.a[d], fastTab.permSpread[s.i[0][d]&511] | fastTab.permSpread[s.i[1][d]&511]<<3 | fastTab.permSpread[s.i[2][d]&511]<<6
}

// stackKeysVec works out, for digits 1-8 at once (lane d for digit d, 0-7),
// what stacks needs of each: its (band, column) word a (the columns open to
// the digit in band b at bits b*9-b*9+8) and the three 9-bit indices into
// fastTab.permSpread of the stacks' 3x3 matrices. It needs AVX2, and ends with
// VZEROUPPER (see endVec).
func stackKeysVec(c *[32]uint32, k *stackKeys) {
	// Shifts by a vector of counts (VPSRLVD, VPSLLVD): for a shift by a
	// constant, Go 1.26 moves the count into a vector register with a
	// legacy SSE instruction, which with the upper halves in use took
	// stacks 2.5 times the scalar time on hardnew.
	n := func(x uint32) archsimd.Uint32x8 { return archsimd.BroadcastUint32x8(x) }
	cols := func(v archsimd.Uint32x8) archsimd.Uint32x8 {
		return v.Or(v.ShiftRight(n(9))).Or(v.ShiftRight(n(18))).And(n(rowBits))
	}
	a := cols(archsimd.LoadUint32x8((*[8]uint32)(c[0:8]))).
		Or(cols(archsimd.LoadUint32x8((*[8]uint32)(c[9:17]))).ShiftLeft(n(9))).
		Or(cols(archsimd.LoadUint32x8((*[8]uint32)(c[18:26]))).ShiftLeft(n(18)))
	a.Store(&k.a)
	index := func(y archsimd.Uint32x8) archsimd.Uint32x8 {
		y = y.And(n(0x1c0e07))
		return y.Or(y.ShiftRight(n(6))).Or(y.ShiftRight(n(12))).And(n(511))
	}
	index(a).Store(&k.i[0])
	index(a.ShiftRight(n(3))).Store(&k.i[1])
	index(a.ShiftRight(n(6))).Store(&k.i[2])
	archsimd.ClearAVXUpperBits()
}
