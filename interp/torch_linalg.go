package interp

import (
	"fmt"

	"github.com/mlc-go/mlc/internal/tensor"
)

// Matrix-product torch kernels (docs/dialects/torch.md): linear, matmul,
// mm, bmm and addmm.

func torchLinear(c *opCall) ([]*tensor.Tensor, error) {
	x, w := c.in[0], c.in[1]
	if w.Rank() != 2 {
		return nil, fmt.Errorf("expects a 2-D weight, got %s", describe(w))
	}
	wt, err := tensor.Transpose(w, []int{1, 0})
	if err != nil {
		return nil, err
	}
	y, err := matMul(x, wt)
	if err != nil {
		return nil, err
	}
	if len(c.in) > 2 {
		return one(tensor.Add(y, c.in[2]))
	}
	return one(y, nil)
}

func torchMatMul(c *opCall) ([]*tensor.Tensor, error) { return one(matMul(c.in[0], c.in[1])) }

func torchMM(c *opCall) ([]*tensor.Tensor, error) {
	if c.in[0].Rank() != 2 || c.in[1].Rank() != 2 {
		return nil, fmt.Errorf("expects 2-D operands, got %s and %s", describe(c.in[0]), describe(c.in[1]))
	}
	return one(matMul(c.in[0], c.in[1]))
}

func torchBMM(c *opCall) ([]*tensor.Tensor, error) {
	a, b := c.in[0], c.in[1]
	if a.Rank() != 3 || b.Rank() != 3 || a.Dim(0) != b.Dim(0) {
		return nil, fmt.Errorf("expects 3-D operands with equal batch sizes, got %s and %s", describe(a), describe(b))
	}
	return one(matMul(a, b))
}

func torchAddmm(c *opCall) ([]*tensor.Tensor, error) {
	self, m1, m2 := c.in[0], c.in[1], c.in[2]
	beta, err := c.num("beta")
	if err != nil {
		return nil, err
	}
	alpha, err := c.num("alpha")
	if err != nil {
		return nil, err
	}
	if m1.Rank() != 2 || m2.Rank() != 2 {
		return nil, fmt.Errorf("expects 2-D mat1 and mat2, got %s and %s", describe(m1), describe(m2))
	}
	p, err := matMul(m1, m2)
	if err != nil {
		return nil, err
	}
	dt := p.DType()
	return one(withOpmath(dt, func(cd tensor.DType, xs ...*tensor.Tensor) (*tensor.Tensor, error) {
		p, s := xs[0], xs[1]
		var err error
		if alpha != 1 {
			if p, err = tensor.Mul(p, tensor.Scalar(cd, alpha)); err != nil {
				return nil, err
			}
		}
		if beta == 0 {
			return p, nil
		}
		if beta != 1 {
			if s, err = tensor.Mul(s, tensor.Scalar(cd, beta)); err != nil {
				return nil, err
			}
		}
		return tensor.Add(s, p)
	}, p, self))
}
