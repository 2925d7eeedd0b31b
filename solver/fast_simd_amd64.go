//go:build goexperiment.simd && amd64

package solver

import "simd/archsimd"

// With GOEXPERIMENT=simd on amd64 (Go 1.26's experimental simd/archsimd),
// drain clears the cells it places from eight of their band's nine boards
// with one 256-bit vector (clearBandVec) instead of eight scalar updates,
// when the CPU has AVX2. The build without the experiment, and every
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
