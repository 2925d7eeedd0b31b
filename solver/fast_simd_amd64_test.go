//go:build goexperiment.simd && amd64

package solver

import (
	"math/rand"
	"testing"
)

// TestClearBandVec compares the AVX2 clear of eight boards with the scalar
// one drain uses without the experiment, on random boards and placements
// of one to three cells (one per row).
func TestClearBandVec(t *testing.T) {
	if !hasAVX2 {
		t.Skip("no AVX2 on this CPU")
	}
	rng := rand.New(rand.NewSource(1))
	for n := 0; n < 10000; n++ {
		var c [8]uint32
		for k := range c {
			c[k] = rng.Uint32() & rng.Uint32() & bandAll // about a quarter of the cells
		}
		var p uint64
		for r := 0; r < 3; r++ {
			if rng.Intn(2) == 0 || (r == 2 && p == 0) {
				p |= 1 << (9*r + rng.Intn(9))
			}
		}
		want := c
		var wantLost uint64
		for k := range want {
			x := uint64(want[k])
			want[k] = uint32(x &^ p)
			wantLost |= nonzero64(x&p) << k
		}
		got := c
		lost := clearBandVec(&got, p)
		if got != want || lost != wantLost {
			t.Fatalf("boards %x, cells %x: %x and lost %b, want %x and %b", c, p, got, lost, want, wantLost)
		}
	}
}
