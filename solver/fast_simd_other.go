//go:build !(goexperiment.simd && amd64)

package solver

// Without GOEXPERIMENT=simd on amd64, and in WebAssembly, drain clears
// placed cells from their band's boards and stacks finds the columns open
// to each digit with scalar code only: simdBuild and hasAVX2 are false, and
// neither calls the functions below (the compiler drops the calls).
const (
	simdBuild = false
	hasAVX2   = false
)

func clearBandVec(c *[8]uint32, p uint64) uint64 {
	panic("solver: clearBandVec needs GOEXPERIMENT=simd on amd64")
}

func endVec() {}

func stackKeysVec(c *[32]uint32, k *stackKeys) {
	panic("solver: stackKeysVec needs GOEXPERIMENT=simd on amd64")
}

type stackKeys struct{}

func (*stackKeys) key(d int) (a, k uint32) {
	panic("solver: stackKeys needs GOEXPERIMENT=simd on amd64")
}
