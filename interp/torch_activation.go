package interp

import (
	"fmt"
	"math"

	"github.com/mlc-go/mlc/internal/tensor"
)

// Activation torch kernels (docs/dialects/torch.md): clamps, the ReLU
// family, GELU, ELU/CELU/SELU, softplus, mish, PReLU, threshold, shrink
// and (log-)softmax.

func clip(lo, hi float64) kernel {
	return func(c *opCall) ([]*tensor.Tensor, error) { return one(tensor.Clip(c.in[0], lo, hi)) }
}

func torchHardtanh(c *opCall) ([]*tensor.Tensor, error) {
	lo, err := c.num("min_val")
	if err != nil {
		return nil, err
	}
	hi, err := c.num("max_val")
	if err != nil {
		return nil, err
	}
	if lo > hi {
		return nil, fmt.Errorf("min_val %g exceeds max_val %g", lo, hi)
	}
	return one(tensor.Clip(c.in[0], lo, hi))
}

func torchClamp(c *opCall) ([]*tensor.Tensor, error) {
	if !c.has("min") && !c.has("max") {
		return nil, fmt.Errorf("requires at least one of 'min' and 'max'")
	}
	lo, hi, err := c.bounds()
	if err != nil {
		return nil, err
	}
	if lo > hi { // PyTorch: every element becomes max (NaN stays NaN)
		lo = hi
	}
	return one(tensor.Clip(c.in[0], lo, hi))
}

func torchLeakyRelu(c *opCall) ([]*tensor.Tensor, error) {
	s, err := c.num("negative_slope")
	if err != nil {
		return nil, err
	}
	return one(tensor.LeakyRelu(c.in[0], s))
}

func torchHardsigmoid(c *opCall) ([]*tensor.Tensor, error) {
	return one(tensor.HardSigmoid(c.in[0], 1.0/6, 0.5))
}

func torchGelu(c *opCall) ([]*tensor.Tensor, error) {
	a, err := c.str("approximate")
	if err != nil {
		return nil, err
	}
	switch a {
	case "none":
		return one(tensor.Unary(tensor.OpGeluErf, c.in[0]))
	case "tanh":
		return one(tensor.Unary(tensor.OpGeluTanh, c.in[0]))
	}
	return nil, fmt.Errorf("unknown approximate %q", a)
}

// elu is scale·x for x > 0, else scale·alpha·(e^(input_scale·x) − 1).
func elu(alpha, scale, inScale float64) func(float64) float64 {
	return func(v float64) float64 {
		if v > 0 {
			return scale * v
		}
		return scale * alpha * math.Expm1(v*inScale)
	}
}

// SELU's constants (Klambauer et al.), as PyTorch defines them.
const (
	seluAlpha = 1.6732632423543772848170429916717
	seluScale = 1.0507009873554804934193349852946
)

func torchElu(c *opCall) ([]*tensor.Tensor, error) {
	var p [3]float64
	for i, n := range []string{"alpha", "scale", "input_scale"} {
		var err error
		if p[i], err = c.num(n); err != nil {
			return nil, err
		}
	}
	return one(mapFloat(c.in[0], elu(p[0], p[1], p[2])))
}

func torchCelu(c *opCall) ([]*tensor.Tensor, error) {
	a, err := c.num("alpha")
	if err != nil {
		return nil, err
	}
	if a == 0 {
		return nil, fmt.Errorf("alpha cannot be 0 for CELU")
	}
	return one(mapFloat(c.in[0], elu(a, 1, 1/a)))
}

func torchSoftplus(c *opCall) ([]*tensor.Tensor, error) {
	beta, err := c.num("beta")
	if err != nil {
		return nil, err
	}
	th, err := c.num("threshold")
	if err != nil {
		return nil, err
	}
	return one(mapFloat(c.in[0], func(v float64) float64 {
		if v*beta > th {
			return v
		}
		return math.Log1p(math.Exp(v*beta)) / beta
	}))
}

func mish(v float64) float64 { return v * math.Tanh(math.Log1p(math.Exp(v))) }

// torchPrelu broadcasts weight along the channel dim (1) of self.
func torchPrelu(c *opCall) ([]*tensor.Tensor, error) {
	x, w := c.in[0], c.in[1]
	shape := []int64{}
	if w.Len() != 1 {
		if x.Rank() < 2 || int64(w.Len()) != x.Dim(1) {
			return nil, fmt.Errorf("prelu weight of %d elements does not match the channels of %s", w.Len(), describe(x))
		}
		shape = append(shape, int64(w.Len()))
		for i := 2; i < x.Rank(); i++ {
			shape = append(shape, 1)
		}
	}
	wb, err := w.Reshape(shape...)
	if err != nil {
		return nil, err
	}
	return one(binaryFunc(x, wb, func(v, s float64) float64 {
		if v > 0 {
			return v
		}
		return s * v
	}, nil))
}

func torchThreshold(c *opCall) ([]*tensor.Tensor, error) {
	x := c.in[0]
	dt := x.DType()
	if !c.has("threshold") || !c.has("value") {
		return nil, fmt.Errorf("requires attributes 'threshold' and 'value'")
	}
	if dt.IsInt() {
		if c.isFloatAttr("threshold") || c.isFloatAttr("value") {
			return nil, fmt.Errorf("expects integral 'threshold' and 'value' for an integer tensor")
		}
		// Both Scalars convert to the dtype with wrap-around, as in PyTorch.
		ts, err := scalarOf(c, "threshold", dt)
		if err != nil {
			return nil, err
		}
		vs, err := scalarOf(c, "value", dt)
		if err != nil {
			return nil, err
		}
		th, val := ts.IntValues()[0], vs.IntValues()[0]
		v := x.IntValues()
		for i := range v {
			if v[i] <= th {
				v[i] = val
			}
		}
		return one(fromInt64(dt, x.Shape(), v))
	}
	th, err := c.num("threshold")
	if err != nil {
		return nil, err
	}
	val, err := c.num("value")
	if err != nil {
		return nil, err
	}
	th, val = roundTo(dt, th), roundTo(dt, val)
	return one(mapFloat(x, func(v float64) float64 {
		if v <= th {
			return val
		}
		return v
	}))
}

func torchShrink(soft bool) kernel {
	return func(c *opCall) ([]*tensor.Tensor, error) {
		l, err := c.num("lambd")
		if err != nil {
			return nil, err
		}
		l = roundTo(c.in[0].DType(), l)
		return one(mapFloat(c.in[0], func(v float64) float64 {
			switch {
			case !soft && v >= -l && v <= l:
				return 0
			case !soft:
				return v // NaN stays NaN
			case v > l:
				return v - l
			case v < -l:
				return v + l
			}
			return 0 // NaN too, as PyTorch's softshrink kernel does
		}))
	}
}

// torchSoftmax implements softmax.int and log_softmax.int (with the
// optional dtype the input is converted to first).
func torchSoftmax(log bool) kernel {
	return func(c *opCall) ([]*tensor.Tensor, error) {
		d, err := c.reqInt("dim")
		if err != nil {
			return nil, err
		}
		dt, err := c.resultDType(0)
		if err != nil {
			return nil, err
		}
		x, err := toDType(c.in[0], dt)
		if err != nil {
			return nil, err
		}
		ax, err := wrapDim(d, x.Rank())
		if err != nil {
			return nil, err
		}
		if x.Rank() == 0 {
			x = x.MustReshape(1)
			var r *tensor.Tensor
			if log {
				r, err = tensor.LogSoftmax(x, 0)
			} else {
				r, err = tensor.Softmax(x, 0)
			}
			if err != nil {
				return nil, err
			}
			return one(r.Reshape())
		}
		if log {
			return one(tensor.LogSoftmax(x, ax))
		}
		return one(tensor.Softmax(x, ax))
	}
}
