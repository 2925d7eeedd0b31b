package scan

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"
)

// TestNetBinary: a net written and read back computes what the net did
// after Quantize, bit for bit; the float32 form still reads; damaged
// weights give ErrWeights.
func TestNetBinary(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	n := NewNet(FeatureLen, 16)
	for _, s := range [][]float32{n.W1, n.B1, n.W2, n.B2} {
		for i := range s {
			s[i] = float32(rng.NormFloat64() * 0.1)
		}
	}
	x := make([]float32, FeatureLen)
	for i := range x {
		x[i] = rng.Float32()
	}
	n.Quantize()
	want := n.Probs(x)
	b, err := n.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	if len(b) != 5+8+2*(16*FeatureLen+16+Classes*16+Classes) {
		t.Fatalf("%d bytes, want 2 a weight", len(b))
	}
	var m Net
	if err := m.UnmarshalBinary(b); err != nil {
		t.Fatal(err)
	}
	if got := m.Probs(x); got != want {
		t.Errorf("read back: %v, want %v", got, want)
	}
	// The float32 form.
	b32 := append([]byte(netMagic32), b[5:13]...)
	for _, s := range [][]float32{n.W1, n.B1, n.W2, n.B2} {
		for _, v := range s {
			u := math.Float32bits(v)
			b32 = append(b32, byte(u), byte(u>>8), byte(u>>16), byte(u>>24))
		}
	}
	var m32 Net
	if err := m32.UnmarshalBinary(b32); err != nil {
		t.Fatal(err)
	}
	if got := m32.Probs(x); got != want {
		t.Errorf("float32 form: %v, want %v", got, want)
	}
	for name, bad := range map[string][]byte{
		"empty": nil, "other magic": append([]byte("SDKN9"), b[5:]...),
		"short": b[:len(b)-1], "long": append(append([]byte(nil), b...), 0),
	} {
		if err := new(Net).UnmarshalBinary(bad); !errors.Is(err, ErrWeights) {
			t.Errorf("%s: %v, want ErrWeights", name, err)
		}
	}
}

// TestShippedWeights: the embedded weights read.
func TestShippedWeights(t *testing.T) {
	n, err := DefaultNet()
	if err != nil {
		t.Fatal(err)
	}
	if n.In != FeatureLen || n.Hidden < 1 {
		t.Errorf("net %dx%d", n.In, n.Hidden)
	}
}
