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

// TestStackKeysVec compares what the vectors work out for stacks, digits
// 1-8, with the scalar computation stacks uses without the experiment
// (and for the ninth digit), on random boards.
func TestStackKeysVec(t *testing.T) {
	if !hasAVX2 {
		t.Skip("no AVX2 on this CPU")
	}
	rng := rand.New(rand.NewSource(3))
	for n := 0; n < 10000; n++ {
		var c [32]uint32
		for i := 0; i < 27; i++ {
			// From an eighth to all of the cells, so that columns and
			// stacks are often closed.
			c[i] = rng.Uint32() & bandAll
			for j := rng.Intn(4); j > 0; j-- {
				c[i] &= rng.Uint32()
			}
		}
		var keys stackKeys
		stackKeysVec(&c, &keys)
		for d := 0; d < 8; d++ {
			a := colsOf(c[d]) | colsOf(c[9+d])<<9 | colsOf(c[18+d])<<18
			y0, y1, y2 := a&0x1c0e07, a>>3&0x1c0e07, a>>6&0x1c0e07
			k := fastTab.permSpread[(y0|y0>>6|y0>>12)&511] | fastTab.permSpread[(y1|y1>>6|y1>>12)&511]<<3 |
				fastTab.permSpread[(y2|y2>>6|y2>>12)&511]<<6
			if ga, gk := keys.key(d); ga != a || gk != k {
				t.Fatalf("boards %x, digit %d: key %x %x, want %x %x", c, d, ga, gk, a, k)
			}
		}
	}
}
