package observe

import (
	"fmt"
	"math"
)

// PerChannelSymmetric is the symmetric range [-t_c, t_c] of every channel
// c of a constant (a weight) laid out in C order with the given shape,
// channels along axis (negative counts from the end): t_c is the channel's
// largest |x|, as TensorRT and ONNX Runtime quantize weights per channel.
// A channel of zeros gets [0, 0].
func PerChannelSymmetric(data []float32, shape []int64, axis int) ([]Range, error) {
	rank := len(shape)
	if axis < 0 {
		axis += rank
	}
	if axis < 0 || axis >= rank {
		return nil, fmt.Errorf("channel axis %d is out of range for a rank-%d tensor", axis, rank)
	}
	n := int64(1)
	for _, d := range shape {
		if d < 0 {
			return nil, fmt.Errorf("negative dimension %d", d)
		}
		n *= d
	}
	if n != int64(len(data)) {
		return nil, fmt.Errorf("shape %v holds %d elements, got %d", shape, n, len(data))
	}
	inner := int64(1)
	for _, d := range shape[axis+1:] {
		inner *= d
	}
	chans := shape[axis]
	t := make([]float64, chans)
	for i, x := range data {
		v := float64(x)
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, &NonFiniteError{Index: i, Value: v}
		}
		c := (int64(i) / inner) % chans
		t[c] = max(t[c], math.Abs(v))
	}
	out := make([]Range, chans)
	for c, v := range t {
		if v > 0 {
			out[c] = Range{-v, v}
		}
	}
	return out, nil
}
