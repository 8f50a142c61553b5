package interp

import (
	"fmt"
	"math"

	"github.com/mlc-go/mlc/dialects/trt"
	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/ir"
)

// Data movement layers of the trt dialect: shuffle, concatenation, slice,
// padding, gather, shape, resize.

func trtShuffle(c *opCall) ([]*tensor.Tensor, error) {
	x := c.in[0]
	var err error
	if d, ok := c.op.InherentAttr("first_transpose").(*ir.DenseArrayAttr); ok {
		if x, err = tensor.Transpose(x, toInts(d.Ints)); err != nil {
			return nil, err
		}
	}
	if d, ok := c.op.InherentAttr("reshape_dims").(*ir.DenseArrayAttr); ok {
		s, err := trt.ResolveReshape(x.Shape(), d.Ints, c.trtBool("zero_is_placeholder", true))
		if err != nil {
			return nil, err
		}
		if x, err = x.Reshape(s...); err != nil {
			return nil, err
		}
	}
	if d, ok := c.op.InherentAttr("second_transpose").(*ir.DenseArrayAttr); ok {
		if x, err = tensor.Transpose(x, toInts(d.Ints)); err != nil {
			return nil, err
		}
	}
	return c.toResult(x, nil)
}

func trtConcat(c *opCall) ([]*tensor.Tensor, error) {
	axis := c.trtInt("axis", trt.ConcatDefaultAxis(c.in[0].Rank()))
	return c.toResult(tensor.Concat(int(axis), c.in...))
}

// sampled builds a tensor of the given shape whose element at output
// coordinate y reads input coordinate start + y·stride per axis, with
// out-of-bounds coordinates handled by mode (fill reads zero).
func sampled(x *tensor.Tensor, start, size, stride []int64, mode string) (*tensor.Tensor, error) {
	in := x.Shape()
	r := len(in)
	if len(start) != r || len(size) != r || len(stride) != r {
		return nil, fmt.Errorf("start, size and stride need %d values", r)
	}
	total := int64(1)
	for _, s := range size {
		total *= s
	}
	n := int64(x.Len())
	idx := make([]int64, total)
	y := make([]int64, r)
	for i := range idx {
		flat, stridePos := int64(0), int64(1)
		fill := false
		for d := r - 1; d >= 0; d-- {
			p := start[d] + y[d]*stride[d]
			e := in[d]
			if p < 0 || p >= e {
				switch mode {
				case "wrap":
					p = ((p % e) + e) % e
				case "clamp":
					p = min(max(p, 0), e-1)
				case "reflect":
					if e == 1 {
						p = 0
					} else {
						period := 2 * (e - 1)
						p = ((p % period) + period) % period
						if p >= e {
							p = period - p
						}
					}
				case "fill":
					fill = true
				default:
					return nil, fmt.Errorf("slice reads coordinate %d outside [0, %d) on axis %d", p, e, d)
				}
			}
			flat += p * stridePos
			stridePos *= e
		}
		if fill {
			flat = n
		}
		idx[i] = flat
		for d := r - 1; d >= 0; d-- {
			y[d]++
			if y[d] < size[d] {
				break
			}
			y[d] = 0
		}
	}
	src := x
	if mode == "fill" {
		flat, err := x.Reshape(-1)
		if err != nil {
			return nil, err
		}
		zero, err := filled(x.DType(), []int64{1}, 0)
		if err != nil {
			return nil, err
		}
		if src, err = tensor.Concat(0, flat, zero); err != nil {
			return nil, err
		}
	}
	return takeFlat(src, idx, size)
}

func trtSlice(c *opCall) ([]*tensor.Tensor, error) {
	x := c.in[0]
	r := x.Rank()
	start, err := c.trtInts("start", r, 0)
	if err != nil {
		return nil, err
	}
	size, err := c.trtInts("size", r, 0)
	if err != nil {
		return nil, err
	}
	stride, err := c.trtInts("stride", r, 1)
	if err != nil {
		return nil, err
	}
	return c.toResult(sampled(x, start, size, stride, c.trtStr("mode", "strict_bounds")))
}

func trtPadding(c *opCall) ([]*tensor.Tensor, error) {
	x := c.in[0]
	pre, err := c.trtInts("pre_padding", 2, 0)
	if err != nil {
		return nil, err
	}
	size, err := c.resultShape(0)
	if err != nil {
		return nil, err
	}
	r := x.Rank()
	start, ones := make([]int64, r), make([]int64, r)
	for i := range ones {
		ones[i] = 1
	}
	start[r-2], start[r-1] = -pre[0], -pre[1]
	return c.toResult(sampled(x, start, size, ones, "fill"))
}

func trtGather(c *opCall) ([]*tensor.Tensor, error) {
	data, ind := c.in[0], c.in[1]
	want, err := c.resultShape(0)
	if err != nil {
		return nil, err
	}
	mode := c.trtStr("mode", "default")
	axis := int(c.trtInt("axis", 0))
	nbe := c.trtInt("num_elementwise_dims", 0)
	if nbe == 0 || mode == "element" {
		y, err := gatherOnce(data, ind, mode, axis)
		if err != nil {
			return nil, err
		}
		return c.toResult(y.Reshape(want...))
	}
	if nbe != 1 || data.Rank() < 1 || ind.Rank() < 1 {
		return nil, fmt.Errorf("num_elementwise_dims must be 0 or 1")
	}
	// The leading dimension is handled elementwise: gather each batch
	// entry (broadcasting an extent of 1) and stack the results.
	n := max(data.Dim(0), ind.Dim(0))
	var parts []*tensor.Tensor
	for b := int64(0); b < n; b++ {
		d, err := batchEntry(data, b)
		if err != nil {
			return nil, err
		}
		i, err := batchEntry(ind, b)
		if err != nil {
			return nil, err
		}
		y, err := gatherOnce(d, i, mode, axis-1)
		if err != nil {
			return nil, err
		}
		if y, err = y.Reshape(append([]int64{1}, y.Shape()...)...); err != nil {
			return nil, err
		}
		parts = append(parts, y)
	}
	y, err := tensor.Concat(0, parts...)
	if err != nil {
		return nil, err
	}
	return c.toResult(y.Reshape(want...))
}

// batchEntry is x[b] (x[0] when the leading extent is 1).
func batchEntry(x *tensor.Tensor, b int64) (*tensor.Tensor, error) {
	if x.Dim(0) == 1 {
		b = 0
	}
	s, err := tensor.Slice(x, []int64{b}, []int64{b + 1}, []int{0}, nil)
	if err != nil {
		return nil, err
	}
	return s.Reshape(x.Shape()[1:]...)
}

// gatherOnce is IGatherLayer without elementwise dimensions: default
// (ONNX Gather), element (GatherElements) or nd (GatherND) mode.
func gatherOnce(data, ind *tensor.Tensor, mode string, axis int) (*tensor.Tensor, error) {
	ds, is := data.Shape(), ind.Shape()
	iv := ind.IntValues()
	switch mode {
	case "default":
		return tensor.Gather(data, ind, axis)
	case "element":
		if axis < 0 || axis >= len(ds) || len(is) != len(ds) {
			return nil, fmt.Errorf("element mode needs indices of the data's rank and an axis in range")
		}
		flat := make([]int64, len(iv))
		pos := make([]int64, len(is))
		for i, q := range iv {
			if q < 0 {
				q += ds[axis]
			}
			if q < 0 || q >= ds[axis] {
				return nil, fmt.Errorf("index %d is out of range for axis %d of size %d", iv[i], axis, ds[axis])
			}
			f := int64(0)
			for d := range ds {
				p := pos[d]
				if d == axis {
					p = q
				}
				f = f*ds[d] + p
			}
			flat[i] = f
			for d := len(is) - 1; d >= 0; d-- {
				pos[d]++
				if pos[d] < is[d] {
					break
				}
				pos[d] = 0
			}
		}
		return takeFlat(data, flat, is)
	case "nd":
		if len(is) == 0 {
			return nil, fmt.Errorf("nd mode needs indices of rank at least 1")
		}
		k := int(is[len(is)-1])
		if k < 1 || k > len(ds) {
			return nil, fmt.Errorf("the last indices dimension %d must be in [1, %d]", k, len(ds))
		}
		inner := int64(1)
		for _, d := range ds[k:] {
			inner *= d
		}
		var flat []int64
		for t := 0; t < len(iv)/k; t++ {
			base := int64(0)
			for d := 0; d < k; d++ {
				q := iv[t*k+d]
				if q < 0 {
					q += ds[d]
				}
				if q < 0 || q >= ds[d] {
					return nil, fmt.Errorf("index %d is out of range for dimension %d of size %d", iv[t*k+d], d, ds[d])
				}
				base = base*ds[d] + q
			}
			for j := int64(0); j < inner; j++ {
				flat = append(flat, base*inner+j)
			}
		}
		out := append(append([]int64(nil), is[:len(is)-1]...), ds[k:]...)
		return takeFlat(data, flat, out)
	}
	return nil, fmt.Errorf("unknown gather mode %q", mode)
}

func trtShape(c *opCall) ([]*tensor.Tensor, error) {
	s := c.in[0].Shape()
	return one(tensor.FromSlice(tensor.I64, []int64{int64(len(s))}, s))
}

type tap struct {
	at int
	w  float64
}

// resizeTaps are the input positions and weights of each output position
// along one dimension.
func resizeTaps(c *opCall, in, out int, scale float64) ([][]tap, error) {
	mode := c.trtStr("resize_mode", "nearest")
	ct := c.trtStr("coordinate_transformation", "asymmetric")
	round := c.trtStr("nearest_rounding", "floor")
	a := c.trtFloat("cubic_coeff", -0.75)
	exclude := c.trtBool("exclude_outside", false)
	taps := make([][]tap, out)
	for o := range taps {
		var x float64
		switch {
		case out == 1 && c.trtStr("selector_for_single_pixel", "formula") == "upper":
			x = 0
		case ct == "align_corners":
			if out > 1 {
				x = float64(o) * float64(in-1) / float64(out-1)
			}
		case ct == "half_pixel":
			x = (float64(o)+0.5)/scale - 0.5
		default:
			x = float64(o) / scale
		}
		clampI := func(i int) int { return min(max(i, 0), in-1) }
		switch mode {
		case "nearest":
			var i float64
			switch round {
			case "half_up":
				i = math.Floor(x + 0.5)
			case "half_down":
				i = math.Ceil(x - 0.5)
			case "ceil":
				i = math.Ceil(x)
			default:
				i = math.Floor(x)
			}
			taps[o] = []tap{{clampI(int(i)), 1}}
		case "linear":
			x = math.Max(x, 0)
			i0 := int(math.Floor(x))
			f := x - float64(i0)
			taps[o] = []tap{{clampI(i0), 1 - f}, {clampI(i0 + 1), f}}
		case "cubic":
			i0 := int(math.Floor(x))
			f := x - float64(i0)
			var ts []tap
			sum := 0.0
			for j := -1; j <= 2; j++ {
				d := math.Abs(f - float64(j))
				var w float64
				switch {
				case d <= 1:
					w = ((a+2)*d-(a+3))*d*d + 1
				case d < 2:
					w = ((a*d-5*a)*d+8*a)*d - 4*a
				}
				p := i0 + j
				if exclude && (p < 0 || p >= in) {
					continue
				}
				ts = append(ts, tap{clampI(p), w})
				sum += w
			}
			if exclude && sum != 0 {
				for i := range ts {
					ts[i].w /= sum
				}
			}
			taps[o] = ts
		default:
			return nil, fmt.Errorf("unknown resize_mode %q", mode)
		}
	}
	return taps, nil
}

func trtResize(c *opCall) ([]*tensor.Tensor, error) {
	x := c.in[0]
	want, err := c.resultShape(0)
	if err != nil {
		return nil, err
	}
	scales, _ := c.op.InherentAttr("scales").(*ir.DenseArrayAttr)
	shape := x.Shape()
	v := x.Values()
	for d := range shape {
		if shape[d] == want[d] && (scales == nil || scales.Floats[d] == 1) {
			continue
		}
		s := float64(want[d]) / float64(shape[d])
		if scales != nil {
			s = scales.Floats[d]
		}
		taps, err := resizeTaps(c, int(shape[d]), int(want[d]), s)
		if err != nil {
			return nil, err
		}
		outer, n, inner := dimView(shape, d)
		m := int(want[d])
		nv := make([]float64, outer*m*inner)
		for o := 0; o < outer; o++ {
			for j := 0; j < m; j++ {
				for in := 0; in < inner; in++ {
					acc := 0.0
					for _, t := range taps[j] {
						acc += t.w * v[(o*n+t.at)*inner+in]
					}
					nv[(o*m+j)*inner+in] = acc
				}
			}
		}
		v = nv
		shape[d] = want[d]
	}
	return c.toResult(fromFloat64(x.DType(), shape, v))
}
