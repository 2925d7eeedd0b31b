package scan

import (
	_ "embed"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"sync"
)

// Classes are what the classifier tells apart: 0 for a mark that is no
// digit (a speck, a smudge, a stray bit of line), 1 to 9 for the digits.
const Classes = 10

// Net is the digit classifier: a small multilayer perceptron, FeatureLen
// inputs, one hidden layer of rectified linear units and a softmax over
// Classes. Its cost is In x Hidden + Hidden x Classes multiply-adds per
// cell (about 27,000 for the shipped one). It is trained by
// cmd/train-scan (package sudoku/internal/scantrain).
type Net struct {
	In, Hidden int
	W1, B1     []float32 // Hidden x In, Hidden
	W2, B2     []float32 // Classes x Hidden, Classes
}

// NewNet returns a net of the given size with zero weights.
func NewNet(in, hidden int) *Net {
	return &Net{In: in, Hidden: hidden, W1: make([]float32, hidden*in), B1: make([]float32, hidden),
		W2: make([]float32, Classes*hidden), B2: make([]float32, Classes)}
}

// Forward computes the hidden layer (into hid, of length Hidden) and
// returns the class probabilities of the features x.
func (n *Net) Forward(x, hid []float32) [Classes]float32 {
	for j := 0; j < n.Hidden; j++ {
		s := n.B1[j]
		w := n.W1[j*n.In : (j+1)*n.In]
		for i, v := range x {
			s += w[i] * v
		}
		if s < 0 {
			s = 0
		}
		hid[j] = s
	}
	var out [Classes]float32
	m := float32(math.Inf(-1))
	for k := 0; k < Classes; k++ {
		s := n.B2[k]
		w := n.W2[k*n.Hidden : (k+1)*n.Hidden]
		for j, v := range hid {
			s += w[j] * v
		}
		out[k] = s
		m = max(m, s)
	}
	var z float32
	for k := range out {
		out[k] = float32(math.Exp(float64(out[k] - m)))
		z += out[k]
	}
	for k := range out {
		out[k] /= z
	}
	return out
}

// Probs returns the class probabilities of one cell's features.
func (n *Net) Probs(x []float32) [Classes]float32 {
	hid := make([]float32, n.Hidden)
	return n.Forward(x, hid)
}

// The weights' file formats: "SDKN1" then In and Hidden as uint32 and
// W1, B1, W2, B2 as little-endian float32; "SDKN2" the same with every
// weight a little-endian half-precision float (what MarshalBinary writes).
const (
	netMagic32 = "SDKN1"
	netMagic16 = "SDKN2"
)

// Quantize rounds every weight to the nearest half-precision float: the
// net then computes exactly what its MarshalBinary form does when read
// back.
func (n *Net) Quantize() {
	for _, s := range [][]float32{n.W1, n.B1, n.W2, n.B2} {
		for i, v := range s {
			s[i] = fromHalf(toHalf(v))
		}
	}
}

// MarshalBinary writes the net as "SDKN2": its weights as half-precision
// floats (see Quantize).
func (n *Net) MarshalBinary() ([]byte, error) {
	b := []byte(netMagic16)
	b = binary.LittleEndian.AppendUint32(b, uint32(n.In))
	b = binary.LittleEndian.AppendUint32(b, uint32(n.Hidden))
	for _, s := range [][]float32{n.W1, n.B1, n.W2, n.B2} {
		for _, v := range s {
			b = binary.LittleEndian.AppendUint16(b, toHalf(v))
		}
	}
	return b, nil
}

// ErrWeights: the classifier's weights are missing or damaged.
var ErrWeights = errors.New("bad classifier weights")

// UnmarshalBinary reads what MarshalBinary wrote, or the float32 form
// "SDKN1"; an error wraps ErrWeights.
func (n *Net) UnmarshalBinary(b []byte) error {
	if len(b) < len(netMagic16)+8 {
		return fmt.Errorf("%w: no header", ErrWeights)
	}
	size := 0
	switch string(b[:len(netMagic16)]) {
	case netMagic32:
		size = 4
	case netMagic16:
		size = 2
	default:
		return fmt.Errorf("%w: no header", ErrWeights)
	}
	b = b[len(netMagic16):]
	in, hid := int(binary.LittleEndian.Uint32(b)), int(binary.LittleEndian.Uint32(b[4:]))
	b = b[8:]
	if in != FeatureLen || hid < 1 || hid > 4096 || len(b) != size*(hid*in+hid+Classes*hid+Classes) {
		return fmt.Errorf("%w: size %dx%d does not match %d bytes", ErrWeights, in, hid, len(b))
	}
	*n = *NewNet(in, hid)
	for _, s := range [][]float32{n.W1, n.B1, n.W2, n.B2} {
		for i := range s {
			if size == 4 {
				s[i] = math.Float32frombits(binary.LittleEndian.Uint32(b))
			} else {
				s[i] = fromHalf(binary.LittleEndian.Uint16(b))
			}
			b = b[size:]
		}
	}
	return nil
}

// weights are the shipped classifier's, made by `make train-scan`.
//
//go:embed digits.bin
var weights []byte

var (
	defaultOnce sync.Once
	defaultNet  *Net
	defaultErr  error
)

// DefaultNet returns the shipped classifier (read once; do not modify it).
func DefaultNet() (*Net, error) {
	defaultOnce.Do(func() {
		n := new(Net)
		if err := n.UnmarshalBinary(weights); err != nil {
			defaultErr = err
			return
		}
		defaultNet = n
	})
	return defaultNet, defaultErr
}
