package interp

import (
	"fmt"
	"math"

	"github.com/mlc-go/mlc/internal/tensor"
)

// Normalisation torch kernels (docs/dialects/torch.md): layer, batch,
// group and instance norm.

func torchLayerNorm(c *opCall) ([]*tensor.Tensor, error) {
	x := c.in[0]
	ns, err := c.ints("normalized_shape")
	if err != nil {
		return nil, err
	}
	if len(ns) == 0 || len(ns) > x.Rank() {
		return nil, fmt.Errorf("normalized_shape %v does not fit input %s", ns, describe(x))
	}
	axis := x.Rank() - len(ns)
	for i, d := range ns {
		if x.Dim(axis+i) != d {
			return nil, fmt.Errorf("normalized_shape %v does not match the trailing dims of input %s", ns, describe(x))
		}
	}
	eps, err := c.num("eps")
	if err != nil {
		return nil, err
	}
	var w, b *tensor.Tensor
	if len(c.in) > 1 {
		w = c.in[1]
	} else if w, err = filled(tensor.F64, ns, 1); err != nil {
		return nil, err
	}
	if len(c.in) > 2 {
		b = c.in[2]
	}
	return one(tensor.LayerNorm(x, w, b, axis, eps))
}

func torchBatchNorm(c *opCall) ([]*tensor.Tensor, error) {
	x := c.in[0]
	if x.Rank() < 2 {
		return nil, fmt.Errorf("expects an input of rank 2 or more, got %s", describe(x))
	}
	eps, err := c.num("eps")
	if err != nil {
		return nil, err
	}
	ch := []int64{x.Dim(1)}
	var w, b *tensor.Tensor
	if len(c.in) > 3 {
		w = c.in[3]
	} else if w, err = filled(tensor.F64, ch, 1); err != nil {
		return nil, err
	}
	if len(c.in) > 4 {
		b = c.in[4]
	} else if b, err = filled(tensor.F64, ch, 0); err != nil {
		return nil, err
	}
	return one(tensor.BatchNorm(x, w, b, c.in[1], c.in[2], eps))
}

// groupNorm normalizes x [N, C, *] over groups of C/groups channels and
// all spatial dims, then applies per-channel weight and bias (nil: 1, 0).
// Statistics are taken in float64 and the result is rounded once.
func groupNorm(x, w, b *tensor.Tensor, groups int, eps float64) (*tensor.Tensor, error) {
	if x.Rank() < 2 {
		return nil, fmt.Errorf("expects an input of rank 2 or more, got %s", describe(x))
	}
	n, ch := int(x.Dim(0)), int(x.Dim(1))
	if groups <= 0 || ch%groups != 0 {
		return nil, fmt.Errorf("%d channels do not split into %d groups", ch, groups)
	}
	spatial := 1
	for i := 2; i < x.Rank(); i++ {
		spatial *= int(x.Dim(i))
	}
	var wv, bv []float64
	if w != nil {
		if wv = w.Values(); len(wv) != ch {
			return nil, fmt.Errorf("weight %s does not have %d elements", describe(w), ch)
		}
	}
	if b != nil {
		if bv = b.Values(); len(bv) != ch {
			return nil, fmt.Errorf("bias %s does not have %d elements", describe(b), ch)
		}
	}
	v := x.Values()
	m := ch / groups * spatial // elements per (sample, group)
	for blk := 0; blk < n*groups; blk++ {
		seg := v[blk*m : (blk+1)*m]
		mean, sq := 0.0, 0.0
		for _, e := range seg {
			mean += e
		}
		mean /= float64(m)
		for _, e := range seg {
			sq += (e - mean) * (e - mean)
		}
		inv := 1 / math.Sqrt(sq/float64(m)+eps)
		for i := range seg {
			chn := (blk%groups)*(ch/groups) + i/spatial
			y := (seg[i] - mean) * inv
			if wv != nil {
				y *= wv[chn]
			}
			if bv != nil {
				y += bv[chn]
			}
			seg[i] = y
		}
	}
	return fromFloat64(x.DType(), x.Shape(), v)
}

// affineOperands returns the optional weight and bias after the input.
func affineOperands(c *opCall) (w, b *tensor.Tensor) {
	if len(c.in) > 1 {
		w = c.in[1]
	}
	if len(c.in) > 2 {
		b = c.in[2]
	}
	return w, b
}

func torchInstanceNorm(c *opCall) ([]*tensor.Tensor, error) {
	x := c.in[0]
	eps, err := c.num("eps")
	if err != nil {
		return nil, err
	}
	if x.Rank() < 2 {
		return nil, fmt.Errorf("expects an input of rank 2 or more, got %s", describe(x))
	}
	w, b := affineOperands(c)
	return one(groupNorm(x, w, b, int(x.Dim(1)), eps))
}

func torchGroupNorm(c *opCall) ([]*tensor.Tensor, error) {
	eps, err := c.num("eps")
	if err != nil {
		return nil, err
	}
	g, err := c.int("num_groups")
	if err != nil {
		return nil, err
	}
	w, b := affineOperands(c)
	return one(groupNorm(c.in[0], w, b, int(g), eps))
}
