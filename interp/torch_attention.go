package interp

import (
	"fmt"
	"math"

	"github.com/mlc-go/mlc/internal/tensor"
)

// Attention torch kernels (docs/dialects/torch.md).

// torchSDPA is scaled_dot_product_attention as PyTorch's math reference
// computes it: softmax(Q·Kᵀ·scale + mask)·V, with a boolean mask adding
// −inf where it is false, is_causal a lower-triangular mask, and
// enable_gqa repeating each key/value head for its group of query heads.
func torchSDPA(c *opCall) ([]*tensor.Tensor, error) {
	q, k, v := c.in[0], c.in[1], c.in[2]
	var mask *tensor.Tensor
	if len(c.in) > 3 {
		mask = c.in[3]
	}
	p, err := c.num("dropout_p")
	if err != nil {
		return nil, err
	}
	if p != 0 {
		return nil, fmt.Errorf("dropout_p = %g is random and is not supported (inference graphs carry 0)", p)
	}
	causal, err := c.bool("is_causal")
	if err != nil {
		return nil, err
	}
	gqa, err := c.bool("enable_gqa")
	if err != nil {
		return nil, err
	}
	if q.Rank() < 2 || k.Rank() < 2 || v.Rank() < 2 {
		return nil, fmt.Errorf("expects query, key and value of rank 2 or more")
	}
	e := q.Dim(-1)
	scale := 1 / math.Sqrt(float64(e))
	if c.has("scale") {
		if scale, err = c.num("scale"); err != nil {
			return nil, err
		}
	}
	if gqa && q.Rank() >= 3 && k.Rank() >= 3 && q.Dim(-3) != k.Dim(-3) {
		if k, err = repeatHeads(k, q.Dim(-3)); err != nil {
			return nil, err
		}
		if v, err = repeatHeads(v, q.Dim(-3)); err != nil {
			return nil, err
		}
	}
	dt := q.DType()
	return one(withOpmath(dt, func(cd tensor.DType, xs ...*tensor.Tensor) (*tensor.Tensor, error) {
		q, k, v := xs[0], xs[1], xs[2]
		perm := make([]int, k.Rank())
		for i := range perm {
			perm[i] = i
		}
		perm[len(perm)-1], perm[len(perm)-2] = perm[len(perm)-2], perm[len(perm)-1]
		kt, err := tensor.Transpose(k, perm)
		if err != nil {
			return nil, err
		}
		s, err := tensor.MatMul(q, kt)
		if err != nil {
			return nil, err
		}
		if s, err = tensor.Mul(s, tensor.Scalar(cd, scale)); err != nil {
			return nil, err
		}
		l, sl := s.Dim(-2), s.Dim(-1)
		if causal {
			if mask != nil {
				return nil, fmt.Errorf("attn_mask must be absent with is_causal")
			}
			m, err := tensor.Alloc(tensor.Bool, []int64{l, sl})
			if err != nil {
				return nil, err
			}
			b := m.Bools()
			for i := int64(0); i < l; i++ {
				for j := int64(0); j <= i && j < sl; j++ {
					b[i*sl+j] = true
				}
			}
			mask = m
		}
		if mask != nil {
			var bias *tensor.Tensor
			switch {
			case mask.DType() == tensor.Bool:
				bias, err = tensor.Where(mask, tensor.Scalar(cd, 0), tensor.Scalar(cd, math.Inf(-1)))
			case mask.DType().IsFloat():
				bias, err = toDType(mask, cd)
			default:
				err = fmt.Errorf("attn_mask must be i1 or float, got %s", mask.DType())
			}
			if err != nil {
				return nil, err
			}
			if s, err = tensor.Add(s, bias); err != nil {
				return nil, err
			}
		}
		w, err := tensor.Softmax(s, s.Rank()-1)
		if err != nil {
			return nil, err
		}
		return tensor.MatMul(w, v)
	}, q, k, v))
}

// repeatHeads repeats each head (dim −3) of x so that it has h heads:
// head i of the result is head i / (h / heads) of x (repeat_interleave).
func repeatHeads(x *tensor.Tensor, h int64) (*tensor.Tensor, error) {
	s := x.Shape()
	r := len(s)
	hk := s[r-3]
	if hk == 0 || h%hk != 0 {
		return nil, fmt.Errorf("query heads %d are not a multiple of key/value heads %d", h, hk)
	}
	u, err := tensor.Unsqueeze(x, []int{r - 2})
	if err != nil {
		return nil, err
	}
	target := append(append(append([]int64{}, s[:r-2]...), h/hk), s[r-2:]...)
	b, err := tensor.BroadcastTo(u, target)
	if err != nil {
		return nil, err
	}
	out := append(append(append([]int64{}, s[:r-3]...), h), s[r-2:]...)
	return b.Reshape(out...)
}
