//go:build !(goexperiment.simd && amd64)

package solver

// Without GOEXPERIMENT=simd on amd64, and in WebAssembly, drain clears
// placed cells from their band's boards with scalar code only: simdBuild
// and hasAVX2 are false, and drain calls neither function below (the
// compiler drops the calls).
const (
	simdBuild = false
	hasAVX2   = false
)

func clearBandVec(c *[8]uint32, p uint64) uint64 {
	panic("solver: clearBandVec needs GOEXPERIMENT=simd on amd64")
}

func endVec() {}
