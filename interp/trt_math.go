package interp

import (
	"fmt"
	"math"
	"sort"

	"github.com/mlc-go/mlc/internal/tensor"
)

// Arithmetic layers of the trt dialect: matrix multiply, elementwise,
// activation, unary, softmax, normalization, reduce and topk.

func trtMatMul(c *opCall) ([]*tensor.Tensor, error) {
	ins, err := c.trtMatMulOperands(c.in[0], c.in[1])
	if err != nil {
		return nil, err
	}
	y, err := matMul(ins[0], ins[1])
	if err != nil {
		return nil, err
	}
	want, err := c.resultShape(0)
	if err != nil {
		return nil, err
	}
	if y, err = y.Reshape(want...); err != nil {
		return nil, err
	}
	return c.toResult(y, nil)
}

// trtMatMulOperands applies the op's op0/op1 operations to a and b (of
// any element type): a transpose of the two innermost dims, or a vector
// made a matrix.
func (c *opCall) trtMatMulOperands(a, b *tensor.Tensor) ([2]*tensor.Tensor, error) {
	ops := [2]string{c.trtStr("op0", "none"), c.trtStr("op1", "none")}
	ins := [2]*tensor.Tensor{a, b}
	for i, x := range ins {
		var err error
		switch ops[i] {
		case "transpose":
			if x.Rank() < 2 {
				return ins, fmt.Errorf("transpose needs a matrix, got %s", describe(x))
			}
			perm := make([]int, x.Rank())
			for j := range perm {
				perm[j] = j
			}
			perm[x.Rank()-1], perm[x.Rank()-2] = perm[x.Rank()-2], perm[x.Rank()-1]
			ins[i], err = tensor.Transpose(x, perm)
		case "vector":
			s := x.Shape()
			if i == 0 {
				s = append(s[:len(s)-1:len(s)-1], 1, s[len(s)-1])
			} else {
				s = append(s, 1)
			}
			ins[i], err = x.Reshape(s...)
		}
		if err != nil {
			return ins, err
		}
	}
	return ins, nil
}

var trtBinary = map[string]tensor.BinaryOp{
	"sum": tensor.OpAdd, "sub": tensor.OpSub, "prod": tensor.OpMul, "div": tensor.OpDiv,
	"pow": tensor.OpPow, "max": tensor.OpMax, "min": tensor.OpMin,
}

var trtLogical = map[string]tensor.LogicalOp{"and": tensor.OpAnd, "or": tensor.OpOr, "xor": tensor.OpXor}

var trtCompare = map[string]tensor.CompareOp{"equal": tensor.OpEqual, "greater": tensor.OpGreater, "less": tensor.OpLess}

func trtElementWise(c *opCall) ([]*tensor.Tensor, error) {
	a, b := c.in[0], c.in[1]
	op := c.trtStr("operation", "")
	if op, ok := trtBinary[op]; ok {
		return c.toResult(tensor.Binary(op, a, b))
	}
	if op, ok := trtLogical[op]; ok {
		return c.toResult(tensor.Logical(op, a, b))
	}
	if op, ok := trtCompare[op]; ok {
		return c.toResult(tensor.Compare(op, a, b))
	}
	if op == "floor_div" {
		return c.toResult(binaryFunc(a, b, floorDivFloat, floorDivInt))
	}
	return nil, fmt.Errorf("unknown operation %q", op)
}

var trtActivations = map[string]func(a, b float64) func(float64) float64{
	"selu": func(a, b float64) func(float64) float64 {
		return func(x float64) float64 {
			if x > 0 {
				return b * x
			}
			return b * a * (math.Exp(x) - 1)
		}
	},
	"softsign": func(_, _ float64) func(float64) float64 {
		return func(x float64) float64 { return x / (1 + math.Abs(x)) }
	},
	"softplus": func(a, b float64) func(float64) float64 {
		return func(x float64) float64 { return a * math.Log(math.Exp(b*x)+1) }
	},
	"scaled_tanh": func(a, b float64) func(float64) float64 {
		return func(x float64) float64 { return a * math.Tanh(b*x) }
	},
	"thresholded_relu": func(a, _ float64) func(float64) float64 {
		return func(x float64) float64 {
			if x > a {
				return x
			}
			return 0
		}
	},
}

func trtActivation(c *opCall) ([]*tensor.Tensor, error) {
	x := c.in[0]
	a, b := c.trtFloat("alpha", 0), c.trtFloat("beta", 0)
	switch kind := c.trtStr("activation_type", ""); kind {
	case "relu":
		return c.toResult(tensor.Unary(tensor.OpRelu, x))
	case "sigmoid":
		return c.toResult(tensor.Unary(tensor.OpSigmoid, x))
	case "tanh":
		return c.toResult(tensor.Unary(tensor.OpTanh, x))
	case "gelu_erf":
		return c.toResult(tensor.Unary(tensor.OpGeluErf, x))
	case "gelu_tanh":
		return c.toResult(tensor.Unary(tensor.OpGeluTanh, x))
	case "leaky_relu":
		return c.toResult(tensor.LeakyRelu(x, a))
	case "elu":
		return c.toResult(tensor.Elu(x, a))
	case "clip":
		return c.toResult(tensor.Clip(x, a, b))
	case "hard_sigmoid":
		return c.toResult(tensor.HardSigmoid(x, a, b))
	default:
		f, ok := trtActivations[kind]
		if !ok {
			return nil, fmt.Errorf("unknown activation_type %q", kind)
		}
		return c.toResult(mapFloat(x, f(a, b)))
	}
}

var trtUnaryOps = map[string]tensor.UnaryOp{
	"exp": tensor.OpExp, "log": tensor.OpLog, "sqrt": tensor.OpSqrt, "recip": tensor.OpReciprocal,
	"abs": tensor.OpAbs, "neg": tensor.OpNeg, "sin": tensor.OpSin, "cos": tensor.OpCos,
	"ceil": tensor.OpCeil, "floor": tensor.OpFloor, "erf": tensor.OpErf, "sign": tensor.OpSign,
	"round": tensor.OpRound,
}

var trtUnaryFuncs = map[string]func(float64) float64{
	"tan": math.Tan, "sinh": math.Sinh, "cosh": math.Cosh, "asin": math.Asin, "acos": math.Acos,
	"atan": math.Atan, "asinh": math.Asinh, "acosh": math.Acosh, "atanh": math.Atanh,
}

func trtUnary(c *opCall) ([]*tensor.Tensor, error) {
	x := c.in[0]
	op := c.trtStr("operation", "")
	if u, ok := trtUnaryOps[op]; ok {
		return c.toResult(tensor.Unary(u, x))
	}
	if f, ok := trtUnaryFuncs[op]; ok {
		return c.toResult(mapFloat(x, f))
	}
	switch op {
	case "not":
		return c.toResult(tensor.Not(x))
	case "isinf":
		return c.toResult(boolMap(x, func(v float64) bool { return math.IsInf(v, 0) }))
	case "isnan":
		return c.toResult(boolMap(x, math.IsNaN))
	}
	return nil, fmt.Errorf("unknown operation %q", op)
}

func trtSelect(c *opCall) ([]*tensor.Tensor, error) {
	return c.toResult(tensor.Where(c.in[0], c.in[1], c.in[2]))
}

func trtSoftmax(c *opCall) ([]*tensor.Tensor, error) {
	x := c.in[0]
	axes, err := c.trtAxes(x.Rank())
	if err != nil {
		return nil, err
	}
	if len(axes) != 1 {
		return nil, fmt.Errorf("softmax takes exactly one axis")
	}
	outer, n, inner := dimView(x.Shape(), axes[0])
	v := x.Values()
	for o := 0; o < outer; o++ {
		for in := 0; in < inner; in++ {
			base := o*n*inner + in
			m := math.Inf(-1)
			for k := 0; k < n; k++ {
				m = math.Max(m, v[base+k*inner])
			}
			s := 0.0
			for k := 0; k < n; k++ {
				e := math.Exp(v[base+k*inner] - m)
				v[base+k*inner] = e
				s += e
			}
			for k := 0; k < n; k++ {
				v[base+k*inner] /= s
			}
		}
	}
	return c.toResult(fromFloat64(x.DType(), x.Shape(), v))
}

// trtNormalization normalizes over the axes (and, with num_groups G > 1,
// over the channels of each of G groups), in float64, then applies scale
// and bias broadcast to the input (per group for G > 1).
func trtNormalization(c *opCall) ([]*tensor.Tensor, error) {
	x, scale, bias := c.in[0], c.in[1], c.in[2]
	axes, err := c.trtAxes(x.Rank())
	if err != nil {
		return nil, err
	}
	eps := c.trtFloat("epsilon", 1e-5)
	groups := int(c.trtInt("num_groups", 1))
	shape := x.Shape()
	red := make([]bool, len(shape))
	for _, a := range axes {
		red[a] = true
	}
	per := 1
	if groups > 1 {
		if len(shape) < 3 || int(shape[1])%groups != 0 {
			return nil, fmt.Errorf("cannot split %s into %d channel groups", describe(x), groups)
		}
		per = int(shape[1]) / groups
	}
	// key: the element's index over the kept axes (channel → its group).
	keys := make([]int, x.Len())
	idx := make([]int64, len(shape))
	nkeys := 0
	index := map[string]int{}
	buf := make([]int64, len(shape))
	for i := range keys {
		for d := range shape {
			switch {
			case red[d]:
				buf[d] = -1
			case groups > 1 && d == 1:
				buf[d] = idx[d] / int64(per)
			default:
				buf[d] = idx[d]
			}
		}
		k := fmt.Sprint(buf)
		id, ok := index[k]
		if !ok {
			id = nkeys
			index[k] = id
			nkeys++
		}
		keys[i] = id
		for d := len(shape) - 1; d >= 0; d-- {
			idx[d]++
			if idx[d] < shape[d] {
				break
			}
			idx[d] = 0
		}
	}
	v := x.Values()
	sum, sq, cnt := make([]float64, nkeys), make([]float64, nkeys), make([]float64, nkeys)
	for i, k := range keys {
		sum[k] += v[i]
		cnt[k]++
	}
	for k := range sum {
		sum[k] /= cnt[k]
	}
	for i, k := range keys {
		d := v[i] - sum[k]
		sq[k] += d * d
	}
	sv, bv := scale.Values(), bias.Values()
	ss := scale.Shape()
	for i := range v {
		// Broadcast index into scale/bias.
		rem, si, stride := i, 0, 1
		for d := len(shape) - 1; d >= 0; d-- {
			c := rem % int(shape[d])
			rem /= int(shape[d])
			if ss[d] != 1 {
				if groups > 1 && d == 1 {
					c /= per
				}
				si += c * stride
			}
			stride *= int(ss[d])
		}
		k := keys[i]
		v[i] = (v[i]-sum[k])/math.Sqrt(sq[k]/cnt[k]+eps)*sv[si] + bv[si]
	}
	return c.toResult(fromFloat64(x.DType(), shape, v))
}

var trtReduceOps = map[string]tensor.ReduceOp{
	"sum": tensor.ReduceSum, "prod": tensor.ReduceProd, "max": tensor.ReduceMax, "min": tensor.ReduceMin, "avg": tensor.ReduceMean,
}

func trtReduce(c *opCall) ([]*tensor.Tensor, error) {
	x := c.in[0]
	axes, err := c.trtAxes(x.Rank())
	if err != nil {
		return nil, err
	}
	op, ok := trtReduceOps[c.trtStr("operation", "")]
	if !ok {
		return nil, fmt.Errorf("unknown operation %q", c.trtStr("operation", ""))
	}
	return c.toResult(tensor.Reduce(op, x, axes, c.trtBool("keep_dimensions", false)))
}

func trtTopK(c *opCall) ([]*tensor.Tensor, error) {
	x := c.in[0]
	axes, err := c.trtAxes(x.Rank())
	if err != nil {
		return nil, err
	}
	if len(axes) != 1 {
		return nil, fmt.Errorf("topk takes exactly one axis")
	}
	k := int(c.trtInt("k", 0))
	outer, n, inner := dimView(x.Shape(), axes[0])
	if k < 1 || k > n {
		return nil, fmt.Errorf("k %d is out of range [1, %d]", k, n)
	}
	largest := c.trtStr("operation", "max") == "max"
	v := x.Values()
	// before: a comes first; NaN counts as the largest, ties keep order.
	before := func(a, b float64) bool {
		if largest {
			return a > b || (math.IsNaN(a) && !math.IsNaN(b))
		}
		return a < b || (math.IsNaN(b) && !math.IsNaN(a))
	}
	shape := x.Shape()
	shape[axes[0]] = int64(k)
	flat := make([]int64, 0, outer*k*inner)
	pos := make([]int32, 0, outer*k*inner)
	sel := make([][]int, outer*inner)
	for o := 0; o < outer; o++ {
		for in := 0; in < inner; in++ {
			order := make([]int, n)
			for j := range order {
				order[j] = j
			}
			base := o*n*inner + in
			sort.SliceStable(order, func(i, j int) bool { return before(v[base+order[i]*inner], v[base+order[j]*inner]) })
			sel[o*inner+in] = order[:k]
		}
	}
	for o := 0; o < outer; o++ {
		for j := 0; j < k; j++ {
			for in := 0; in < inner; in++ {
				p := sel[o*inner+in][j]
				flat = append(flat, int64(o*n*inner+p*inner+in))
				pos = append(pos, int32(p))
			}
		}
	}
	vals, err := takeFlat(x, flat, shape)
	if err != nil {
		return nil, err
	}
	idx, err := tensor.FromSlice(tensor.I32, shape, pos)
	if err != nil {
		return nil, err
	}
	return []*tensor.Tensor{vals, idx}, nil
}
