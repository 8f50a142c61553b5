package tensor

import (
	"errors"
	"fmt"
	"math"
	"slices"
)

// BinaryOp selects an elementwise binary operation.
type BinaryOp uint8

const (
	OpAdd BinaryOp = iota // a + b
	OpSub                 // a - b
	OpMul                 // a * b
	OpDiv                 // a / b (integers: truncated toward zero; division by zero is an error)
	OpPow                 // a ** b
	OpMax                 // max(a, b) (floats: NaN if either is NaN)
	OpMin                 // min(a, b) (floats: NaN if either is NaN)
)

var binaryNames = [...]string{"add", "sub", "mul", "div", "pow", "max", "min"}

func (op BinaryOp) String() string {
	if int(op) < len(binaryNames) {
		return binaryNames[op]
	}
	return fmt.Sprintf("BinaryOp(%d)", op)
}

type number interface {
	float32 | float64 | int8 | uint8 | int16 | uint16 | int32 | int64
}

type float interface{ float32 | float64 }

type integer interface {
	int8 | uint8 | int16 | uint16 | int32 | int64
}

// Binary applies op elementwise with NumPy/ONNX multidirectional
// broadcasting (see BroadcastShapes). Both operands must have the same
// dtype, except for OpPow, whose exponent may have any numeric dtype (the
// power is then computed in float64 and converted to a's dtype).
//
// Semantics per dtype:
//   - F32/F64: IEEE arithmetic in the operand type; Pow is math.Pow
//     computed in float64 and rounded; Max/Min propagate NaN.
//   - F16/BF16: computed in float32 and rounded back (to nearest even).
//   - Integers: two's-complement wrap-around on overflow; Div truncates
//     toward zero and a zero divisor is an error; Pow with a negative
//     exponent gives 1/a**-b truncated (so 0 unless |a| == 1; 0**negative
//     gives 0).
//   - I4/U4: computed in int64 and saturated to the 4-bit range.
//   - Bool: not supported.
func Binary(op BinaryOp, a, b *Tensor) (*Tensor, error) {
	if op > OpMin {
		return nil, fmt.Errorf("tensor: unknown binary op %v", op)
	}
	if a.dtype != b.dtype {
		if op == OpPow && b.dtype != Bool && a.dtype != Bool {
			return powMixed(a, b)
		}
		return nil, fmt.Errorf("tensor: %v of %v and %v: dtypes differ", op, a.dtype, b.dtype)
	}
	dt := a.dtype
	switch dt {
	case Bool:
		return nil, fmt.Errorf("tensor: %v is not defined on bool", op)
	case F16, BF16:
		r, err := Binary(op, asF32(a), asF32(b))
		if err != nil {
			return nil, err
		}
		return fromF32(r, dt)
	case I4, U4:
		a64, _ := Cast(a, I64)
		b64, _ := Cast(b, I64)
		r, err := Binary(op, a64, b64)
		if err != nil {
			return nil, err
		}
		return Cast(r, dt)
	}
	outShape, err := BroadcastShapes(a.shape, b.shape)
	if err != nil {
		return nil, fmt.Errorf("%v: %w", op, err)
	}
	out, err := Alloc(dt, outShape)
	if err != nil {
		return nil, err
	}
	p := newBcastPlan(outShape, a.shape, b.shape)
	switch o := out.data.(type) {
	case []float32:
		binFloat(op, o, a.data.([]float32), b.data.([]float32), p)
	case []float64:
		binFloat(op, o, a.data.([]float64), b.data.([]float64), p)
	case []int8:
		err = binInt(op, o, a.data.([]int8), b.data.([]int8), p)
	case []uint8:
		err = binInt(op, o, a.data.([]uint8), b.data.([]uint8), p)
	case []int16:
		err = binInt(op, o, a.data.([]int16), b.data.([]int16), p)
	case []uint16:
		err = binInt(op, o, a.data.([]uint16), b.data.([]uint16), p)
	case []int32:
		err = binInt(op, o, a.data.([]int32), b.data.([]int32), p)
	case []int64:
		err = binInt(op, o, a.data.([]int64), b.data.([]int64), p)
	}
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Add returns a + b with broadcasting (see Binary).
func Add(a, b *Tensor) (*Tensor, error) { return Binary(OpAdd, a, b) }

// Sub returns a - b with broadcasting (see Binary).
func Sub(a, b *Tensor) (*Tensor, error) { return Binary(OpSub, a, b) }

// Mul returns a * b with broadcasting (see Binary).
func Mul(a, b *Tensor) (*Tensor, error) { return Binary(OpMul, a, b) }

// Div returns a / b with broadcasting (see Binary).
func Div(a, b *Tensor) (*Tensor, error) { return Binary(OpDiv, a, b) }

// Pow returns a ** b with broadcasting (see Binary).
func Pow(a, b *Tensor) (*Tensor, error) { return Binary(OpPow, a, b) }

// Max returns the elementwise maximum with broadcasting (see Binary).
func Max(a, b *Tensor) (*Tensor, error) { return Binary(OpMax, a, b) }

// Min returns the elementwise minimum with broadcasting (see Binary).
func Min(a, b *Tensor) (*Tensor, error) { return Binary(OpMin, a, b) }

// apply2 runs f over one broadcast row.
func apply2[T, U any](o []U, a, b []T, sa, sb int, f func(T, T) U) {
	switch {
	case sa == 1 && sb == 1:
		a, b = a[:len(o)], b[:len(o)]
		for i := range o {
			o[i] = f(a[i], b[i])
		}
	case sa == 0 && sb == 1:
		x := a[0]
		b = b[:len(o)]
		for i := range o {
			o[i] = f(x, b[i])
		}
	case sa == 1 && sb == 0:
		y := b[0]
		a = a[:len(o)]
		for i := range o {
			o[i] = f(a[i], y)
		}
	default:
		x, y := a[0], b[0]
		for i := range o {
			o[i] = f(x, y)
		}
	}
}

func binFloat[T float](op BinaryOp, o, a, b []T, p *bcastPlan) {
	var f func(x, y T) T
	switch op {
	case OpAdd:
		f = func(x, y T) T { return x + y }
	case OpSub:
		f = func(x, y T) T { return x - y }
	case OpMul:
		f = func(x, y T) T { return x * y }
	case OpDiv:
		f = func(x, y T) T { return x / y }
	case OpPow:
		f = func(x, y T) T { return T(math.Pow(float64(x), float64(y))) }
	case OpMax:
		f = func(x, y T) T {
			if x != x || y != y {
				return T(math.NaN())
			}
			return max(x, y)
		}
	case OpMin:
		f = func(x, y T) T {
			if x != x || y != y {
				return T(math.NaN())
			}
			return min(x, y)
		}
	}
	n := p.inner
	sa, sb := p.steps[0], p.steps[1]
	// float32 add, sub, mul and div: the AVX loops where the strides
	// allow, rows shared among the threads when there are many values.
	if o32, ok := any(o).([]float32); ok && op <= OpDiv {
		a32, b32 := any(a).([]float32), any(b).([]float32)
		row := func(oo int, offs []int) {
			binF32Span(op, o32[oo:oo+n], a32[offs[0]:], b32[offs[1]:], sa, sb)
		}
		rows := 0
		if n > 0 {
			rows = p.total / n
		}
		per := max(1, elemChunk/max(n, 1))
		if p.total < 2*elemChunk || rows < 2 {
			p.run(row)
			return
		}
		parallelTiles((rows+per-1)/per, float64(p.total), func(t int) {
			p.runRows(t*per, min(rows, (t+1)*per), row)
		})
		return
	}
	if op == OpAdd && sa == 1 && sb == 1 { // the most common case, unrolled by hand
		p.run(func(oo int, offs []int) {
			oa, ob, orow := a[offs[0]:offs[0]+n], b[offs[1]:offs[1]+n], o[oo:oo+n]
			for i := range orow {
				orow[i] = oa[i] + ob[i]
			}
		})
		return
	}
	p.run(func(oo int, offs []int) {
		apply2(o[oo:oo+n], a[offs[0]:], b[offs[1]:], sa, sb, f)
	})
}

var errDivZero = errors.New("tensor: integer division by zero")

func binInt[T integer](op BinaryOp, o, a, b []T, p *bcastPlan) error {
	var f func(x, y T) T
	switch op {
	case OpAdd:
		f = func(x, y T) T { return x + y }
	case OpSub:
		f = func(x, y T) T { return x - y }
	case OpMul:
		f = func(x, y T) T { return x * y }
	case OpDiv:
		if p.total > 0 {
			for _, y := range b {
				if y == 0 {
					return errDivZero
				}
			}
		}
		f = func(x, y T) T { return x / y }
	case OpPow:
		f = func(x, y T) T { return T(ipow(int64(x), int64(y))) }
	case OpMax:
		f = func(x, y T) T { return max(x, y) }
	case OpMin:
		f = func(x, y T) T { return min(x, y) }
	}
	n := p.inner
	sa, sb := p.steps[0], p.steps[1]
	p.run(func(oo int, offs []int) {
		apply2(o[oo:oo+n], a[offs[0]:], b[offs[1]:], sa, sb, f)
	})
	return nil
}

// ipow computes x**y with wrap-around; y < 0 gives the truncated 1/x**-y.
func ipow(x, y int64) int64 {
	if y < 0 {
		switch x {
		case 1:
			return 1
		case -1:
			if y&1 != 0 {
				return -1
			}
			return 1
		}
		return 0
	}
	r := int64(1)
	for y > 0 {
		if y&1 != 0 {
			r *= x
		}
		x *= x
		y >>= 1
	}
	return r
}

func powMixed(a, b *Tensor) (*Tensor, error) {
	outShape, err := BroadcastShapes(a.shape, b.shape)
	if err != nil {
		return nil, fmt.Errorf("pow: %w", err)
	}
	out, err := Alloc(a.dtype, outShape)
	if err != nil {
		return nil, err
	}
	p := newBcastPlan(outShape, a.shape, b.shape)
	n := p.inner
	sa, sb := p.steps[0], p.steps[1]
	p.run(func(oo int, offs []int) {
		for i := range n {
			x := a.floatAt(offs[0] + i*sa)
			y := b.floatAt(offs[1] + i*sb)
			out.setFloat(oo+i, math.Pow(x, y))
		}
	})
	return out, nil
}

// UnaryOp selects an elementwise unary operation.
type UnaryOp uint8

const (
	OpNeg        UnaryOp = iota // -x
	OpAbs                       // |x|
	OpExp                       // e**x
	OpLog                       // natural log (log 0 = -Inf, log x<0 = NaN)
	OpSqrt                      // sqrt(x)
	OpRsqrt                     // 1/sqrt(x)
	OpTanh                      // tanh(x)
	OpSigmoid                   // 1/(1+e**-x)
	OpRelu                      // max(x, 0)
	OpGeluErf                   // x/2 * (1 + erf(x/sqrt 2))
	OpGeluTanh                  // x/2 * (1 + tanh(sqrt(2/pi) * (x + 0.044715 x**3)))
	OpErf                       // erf(x)
	OpSin                       // sin(x)
	OpCos                       // cos(x)
	OpFloor                     // floor(x)
	OpCeil                      // ceil(x)
	OpRound                     // round half to even
	OpSign                      // -1, 0 or 1 (NaN stays NaN)
	OpReciprocal                // 1/x
	OpSilu                      // x * sigmoid(x)
	OpHardSwish                 // x * max(0, min(1, x/6 + 1/2))
	OpSoftplus                  // log(1 + e**x)
	numUnaryOps
)

// opSigmoidMul is x·sigmoid(x) with the bits of Mul(x, Sigmoid(x)) (the
// sigmoid rounded, then the product): SigmoidMulInto's op, not one of
// Unary's.
const opSigmoidMul = numUnaryOps

var unaryNames = [...]string{"neg", "abs", "exp", "log", "sqrt", "rsqrt", "tanh", "sigmoid", "relu",
	"gelu_erf", "gelu_tanh", "erf", "sin", "cos", "floor", "ceil", "round", "sign", "reciprocal",
	"silu", "hardswish", "softplus"}

func (op UnaryOp) String() string {
	if int(op) < len(unaryNames) {
		return unaryNames[op]
	}
	return fmt.Sprintf("UnaryOp(%d)", op)
}

func unaryF64(op UnaryOp) func(float64) float64 {
	switch op {
	case OpNeg:
		return func(x float64) float64 { return -x }
	case OpAbs:
		return math.Abs
	case OpExp:
		return math.Exp
	case OpLog:
		return math.Log
	case OpSqrt:
		return math.Sqrt
	case OpRsqrt:
		return func(x float64) float64 { return 1 / math.Sqrt(x) }
	case OpTanh:
		return math.Tanh
	case OpSigmoid:
		return sigmoid
	case OpRelu:
		return func(x float64) float64 {
			if x < 0 {
				return 0
			}
			return x // keeps NaN
		}
	case OpGeluErf:
		// 1 + erf(x/√2) as erfc(−x/√2): no cancellation for x below −5.
		return func(x float64) float64 { return 0.5 * x * math.Erfc(-x/math.Sqrt2) }
	case OpGeluTanh:
		const c = 0.7978845608028654 // sqrt(2/pi)
		return func(x float64) float64 { return 0.5 * x * (1 + math.Tanh(c*(x+0.044715*x*x*x))) }
	case OpErf:
		return math.Erf
	case OpSin:
		return math.Sin
	case OpCos:
		return math.Cos
	case OpFloor:
		return math.Floor
	case OpCeil:
		return math.Ceil
	case OpRound:
		return math.RoundToEven
	case OpSign:
		return func(x float64) float64 {
			switch {
			case x > 0:
				return 1
			case x < 0:
				return -1
			}
			return x * 0 // 0 for ±0, NaN for NaN
		}
	case OpReciprocal:
		return func(x float64) float64 { return 1 / x }
	case OpSilu:
		return func(x float64) float64 { return x * sigmoid(x) }
	case OpHardSwish:
		return func(x float64) float64 { return x * math.Max(0, math.Min(1, x/6+0.5)) }
	case OpSoftplus:
		return func(x float64) float64 {
			if x > 30 {
				return x + math.Log1p(math.Exp(-x))
			}
			return math.Log1p(math.Exp(x))
		}
	}
	return nil
}

func sigmoid(x float64) float64 {
	if x >= 0 {
		return 1 / (1 + math.Exp(-x))
	}
	e := math.Exp(x)
	return e / (1 + e)
}

// Unary applies op elementwise. Float types compute each element in
// float64 and round once to the result type (F16/BF16 through float32),
// except float32 exp, sigmoid, SiLU and GELU's erf form where there are
// AVX-512 kernels (within 1, 2, 3 and 6 ulps of that; transcend_amd64.s);
// integer types support Neg, Abs, Relu and Sign (wrapping), others are an
// error; Bool is not supported.
func Unary(op UnaryOp, x *Tensor) (*Tensor, error) {
	if op >= numUnaryOps {
		return nil, fmt.Errorf("tensor: unknown unary op %v", op)
	}
	switch x.dtype {
	case Bool:
		return nil, fmt.Errorf("tensor: %v is not defined on bool", op)
	case F16, BF16:
		r, err := Unary(op, asF32(x))
		if err != nil {
			return nil, err
		}
		return fromF32(r, x.dtype)
	}
	out, err := Alloc(x.dtype, x.shape)
	if err != nil {
		return nil, err
	}
	switch o := out.data.(type) {
	case []float32:
		unaryF32(op, o, x.data.([]float32))
		return out, nil
	case []float64:
		f := unaryF64(op)
		for i, v := range x.data.([]float64) {
			o[i] = f(v)
		}
		return out, nil
	}
	var f func(int64) int64
	switch op {
	case OpNeg:
		f = func(v int64) int64 { return -v }
	case OpAbs:
		f = func(v int64) int64 {
			if v < 0 {
				return -v
			}
			return v
		}
	case OpRelu:
		f = func(v int64) int64 { return max(v, 0) }
	case OpSign:
		f = func(v int64) int64 {
			switch {
			case v > 0:
				return 1
			case v < 0:
				return -1
			}
			return 0
		}
	default:
		return nil, fmt.Errorf("tensor: %v is not defined on %v", op, x.dtype)
	}
	for i := range x.Len() {
		out.setInt(i, f(x.intAt(i)))
	}
	return out, nil
}

func unaryF32(op UnaryOp, o, x []float32) {
	x = x[:len(o)]
	switch op {
	case OpNeg:
		for i, v := range x {
			o[i] = -v
		}
		return
	case OpRelu:
		// "v < 0 ? 0 : v" is a clamp to [0, +Inf] (NaN and -0 kept).
		clampF32(o, x, 0, float32(math.Inf(1)))
		return
	case OpAbs:
		for i, v := range x {
			o[i] = float32(math.Abs(float64(v)))
		}
		return
	}
	if transcendF32Fast(op, o, x) {
		return
	}
	f := unaryF64(op)
	for i, v := range x {
		o[i] = float32(f(float64(v)))
	}
}

// Clip clamps x to [lo, hi] (ONNX Clip; either bound may be ±Inf to
// disable it). For integer tensors the bounds are converted to the dtype
// with saturation. NaN elements stay NaN.
func Clip(x *Tensor, lo, hi float64) (*Tensor, error) {
	if lo > hi {
		return nil, fmt.Errorf("tensor: clip: min %g > max %g", lo, hi)
	}
	if x.dtype == Bool {
		return nil, fmt.Errorf("tensor: clip is not defined on bool")
	}
	out, err := Alloc(x.dtype, x.shape)
	if err != nil {
		return nil, err
	}
	if x.dtype.IsFloat() {
		if x.dtype == F32 {
			clampF32(out.data.([]float32), x.data.([]float32), float32(lo), float32(hi))
			return out, nil
		}
		for i := range x.Len() {
			v := x.floatAt(i)
			if v < lo {
				v = lo
			} else if v > hi {
				v = hi
			}
			out.setFloat(i, v)
		}
		return out, nil
	}
	tl, th := x.dtype.IntRange()
	l := floatToInt(math.Ceil(lo), tl, th)
	h := floatToInt(math.Floor(hi), tl, th)
	for i := range x.Len() {
		out.setInt(i, clampTo(x.intAt(i), l, h))
	}
	return out, nil
}

// clampF32 sets o[i] to "x[i] < lo ? lo : (x[i] > hi ? hi : x[i])" (NaN
// and -0 pass through unchanged), the bulk with SIMD min/max where there is
// a kernel (their operand-order rules give exactly this select), for
// lo <= hi or either bound NaN. o and x may be the same slice.
func clampF32(o, x []float32, lo, hi float32) {
	x = x[:len(o)]
	for i := clampFast(o, x, lo, hi); i < len(o); i++ {
		o[i] = clampTo(x[i], lo, hi)
	}
}

// addParallelMin is the length from which a float32 add is split among
// threads: a shorter one is bound by moving its data, which another
// core's share only slows (mobilenet_v2's adds of 15k-75k values took 2x
// as long on two threads as on one).
const addParallelMin = 1 << 18

// addScalarF32 adds b to every element of o (SSE where there is assembly).
func addScalarF32(o []float32, b float32) {
	for i := addScalarFast(o, b); i < len(o); i++ {
		o[i] += b
	}
}

// LeakyRelu returns x for x >= 0 and alpha*x otherwise (float types).
func LeakyRelu(x *Tensor, alpha float64) (*Tensor, error) {
	return unaryParam(x, "leaky_relu", func(v float64) float64 {
		if v < 0 {
			return alpha * v
		}
		return v
	})
}

// HardSigmoid returns max(0, min(1, alpha*x + beta)) (ONNX HardSigmoid;
// ONNX's defaults are alpha 0.2, beta 0.5; PyTorch's are 1/6, 1/2).
func HardSigmoid(x *Tensor, alpha, beta float64) (*Tensor, error) {
	return unaryParam(x, "hard_sigmoid", func(v float64) float64 {
		return math.Max(0, math.Min(1, alpha*v+beta))
	})
}

// Elu returns x for x > 0 and alpha*(e**x - 1) otherwise.
func Elu(x *Tensor, alpha float64) (*Tensor, error) {
	return unaryParam(x, "elu", func(v float64) float64 {
		if v > 0 {
			return v
		}
		return alpha * math.Expm1(v)
	})
}

func unaryParam(x *Tensor, name string, f func(float64) float64) (*Tensor, error) {
	if !x.dtype.IsFloat() {
		return nil, fmt.Errorf("tensor: %s is not defined on %v", name, x.dtype)
	}
	xf := asF32(x)
	if x.dtype == F64 {
		xf = x
	}
	out, err := Alloc(xf.dtype, x.shape)
	if err != nil {
		return nil, err
	}
	if o, ok := out.data.([]float32); ok {
		for i, v := range xf.data.([]float32) {
			o[i] = float32(f(float64(v)))
		}
	} else {
		o := out.data.([]float64)
		for i, v := range xf.data.([]float64) {
			o[i] = f(v)
		}
	}
	if x.dtype == F64 {
		return out, nil
	}
	return fromF32(out, x.dtype)
}

// CompareOp selects an elementwise comparison.
type CompareOp uint8

const (
	OpEqual        CompareOp = iota // a == b
	OpNotEqual                      // a != b
	OpLess                          // a < b
	OpLessEqual                     // a <= b
	OpGreater                       // a > b
	OpGreaterEqual                  // a >= b
)

var compareNames = [...]string{"equal", "not_equal", "less", "less_equal", "greater", "greater_equal"}

func (op CompareOp) String() string {
	if int(op) < len(compareNames) {
		return compareNames[op]
	}
	return fmt.Sprintf("CompareOp(%d)", op)
}

// Compare applies op elementwise with broadcasting and returns a Bool
// tensor. Operands must have the same dtype; comparisons with NaN are false
// except NotEqual. Bool operands support only Equal and NotEqual.
func Compare(op CompareOp, a, b *Tensor) (*Tensor, error) {
	if op > OpGreaterEqual {
		return nil, fmt.Errorf("tensor: unknown comparison %v", op)
	}
	if a.dtype != b.dtype {
		return nil, fmt.Errorf("tensor: %v of %v and %v: dtypes differ", op, a.dtype, b.dtype)
	}
	if a.dtype == F16 || a.dtype == BF16 {
		return Compare(op, asF32(a), asF32(b))
	}
	if a.dtype == Bool && op != OpEqual && op != OpNotEqual {
		return nil, fmt.Errorf("tensor: %v is not defined on bool", op)
	}
	outShape, err := BroadcastShapes(a.shape, b.shape)
	if err != nil {
		return nil, fmt.Errorf("%v: %w", op, err)
	}
	out, err := Alloc(Bool, outShape)
	if err != nil {
		return nil, err
	}
	p := newBcastPlan(outShape, a.shape, b.shape)
	o := out.data.([]bool)
	switch av := a.data.(type) {
	case []float32:
		cmpRows(op, o, av, b.data.([]float32), p)
	case []float64:
		cmpRows(op, o, av, b.data.([]float64), p)
	case []int8:
		cmpRows(op, o, av, b.data.([]int8), p)
	case []uint8:
		cmpRows(op, o, av, b.data.([]uint8), p)
	case []int16:
		cmpRows(op, o, av, b.data.([]int16), p)
	case []uint16:
		cmpRows(op, o, av, b.data.([]uint16), p)
	case []int32:
		cmpRows(op, o, av, b.data.([]int32), p)
	case []int64:
		cmpRows(op, o, av, b.data.([]int64), p)
	case []bool:
		eq := op == OpEqual
		n := p.inner
		sa, sb := p.steps[0], p.steps[1]
		bv := b.data.([]bool)
		p.run(func(oo int, offs []int) {
			apply2(o[oo:oo+n], av[offs[0]:], bv[offs[1]:], sa, sb, func(x, y bool) bool { return (x == y) == eq })
		})
	}
	return out, nil
}

func cmpRows[T number](op CompareOp, o []bool, a, b []T, p *bcastPlan) {
	var f func(x, y T) bool
	switch op {
	case OpEqual:
		f = func(x, y T) bool { return x == y }
	case OpNotEqual:
		f = func(x, y T) bool { return x != y }
	case OpLess:
		f = func(x, y T) bool { return x < y }
	case OpLessEqual:
		f = func(x, y T) bool { return x <= y }
	case OpGreater:
		f = func(x, y T) bool { return x > y }
	case OpGreaterEqual:
		f = func(x, y T) bool { return x >= y }
	}
	n := p.inner
	sa, sb := p.steps[0], p.steps[1]
	p.run(func(oo int, offs []int) {
		apply2(o[oo:oo+n], a[offs[0]:], b[offs[1]:], sa, sb, f)
	})
}

// LogicalOp selects an elementwise boolean operation.
type LogicalOp uint8

const (
	OpAnd LogicalOp = iota // a && b
	OpOr                   // a || b
	OpXor                  // a != b
)

// Logical applies op to two Bool tensors with broadcasting.
func Logical(op LogicalOp, a, b *Tensor) (*Tensor, error) {
	if a.dtype != Bool || b.dtype != Bool {
		return nil, fmt.Errorf("tensor: logical op on %v and %v (want bool)", a.dtype, b.dtype)
	}
	var f func(x, y bool) bool
	switch op {
	case OpAnd:
		f = func(x, y bool) bool { return x && y }
	case OpOr:
		f = func(x, y bool) bool { return x || y }
	case OpXor:
		f = func(x, y bool) bool { return x != y }
	default:
		return nil, fmt.Errorf("tensor: unknown logical op %d", op)
	}
	outShape, err := BroadcastShapes(a.shape, b.shape)
	if err != nil {
		return nil, err
	}
	out, err := Alloc(Bool, outShape)
	if err != nil {
		return nil, err
	}
	p := newBcastPlan(outShape, a.shape, b.shape)
	o, av, bv := out.data.([]bool), a.data.([]bool), b.data.([]bool)
	n := p.inner
	p.run(func(oo int, offs []int) {
		apply2(o[oo:oo+n], av[offs[0]:], bv[offs[1]:], p.steps[0], p.steps[1], f)
	})
	return out, nil
}

// Not negates a Bool tensor.
func Not(x *Tensor) (*Tensor, error) {
	if x.dtype != Bool {
		return nil, fmt.Errorf("tensor: not on %v (want bool)", x.dtype)
	}
	out, err := Alloc(Bool, x.shape)
	if err != nil {
		return nil, err
	}
	o := out.data.([]bool)
	for i, v := range x.data.([]bool) {
		o[i] = !v
	}
	return out, nil
}

// Where returns x where cond is true and y elsewhere, broadcasting all
// three (ONNX Where). cond must be Bool; x and y must share a dtype.
func Where(cond, x, y *Tensor) (*Tensor, error) {
	if cond.dtype != Bool {
		return nil, fmt.Errorf("tensor: where: condition is %v, want bool", cond.dtype)
	}
	if x.dtype != y.dtype {
		return nil, fmt.Errorf("tensor: where: dtypes differ (%v, %v)", x.dtype, y.dtype)
	}
	outShape, err := BroadcastShapes(cond.shape, x.shape, y.shape)
	if err != nil {
		return nil, fmt.Errorf("where: %w", err)
	}
	out, err := Alloc(x.dtype, outShape)
	if err != nil {
		return nil, err
	}
	p := newBcastPlan(outShape, cond.shape, x.shape, y.shape)
	c := cond.data.([]bool)
	switch o := out.data.(type) {
	case []float32:
		whereRows(o, c, x.data.([]float32), y.data.([]float32), p)
	case []float64:
		whereRows(o, c, x.data.([]float64), y.data.([]float64), p)
	case []uint16:
		whereRows(o, c, x.data.([]uint16), y.data.([]uint16), p)
	case []int8:
		whereRows(o, c, x.data.([]int8), y.data.([]int8), p)
	case []uint8:
		whereRows(o, c, x.data.([]uint8), y.data.([]uint8), p)
	case []int16:
		whereRows(o, c, x.data.([]int16), y.data.([]int16), p)
	case []int32:
		whereRows(o, c, x.data.([]int32), y.data.([]int32), p)
	case []int64:
		whereRows(o, c, x.data.([]int64), y.data.([]int64), p)
	case []bool:
		whereRows(o, c, x.data.([]bool), y.data.([]bool), p)
	}
	return out, nil
}

func whereRows[T any](o []T, c []bool, x, y []T, p *bcastPlan) {
	n := p.inner
	sc, sx, sy := p.steps[0], p.steps[1], p.steps[2]
	p.run(func(oo int, offs []int) {
		oc, ox, oy := offs[0], offs[1], offs[2]
		for i := range n {
			if c[oc+i*sc] {
				o[oo+i] = x[ox+i*sx]
			} else {
				o[oo+i] = y[oy+i*sy]
			}
		}
	})
}

// intoF32 checks that y can take a float32 result of the given shape.
// elemChunk is the number of elements one goroutine of an elementwise
// kernel takes at a time.
const elemChunk = 1 << 15

// chunked calls f on consecutive ranges [lo, hi) covering [0, n), shared
// among threads when n is large (see Parallel); elementwise kernels give
// the same bits however they are cut.
func chunked(n int, f func(lo, hi int)) {
	tiles := (n + elemChunk - 1) / elemChunk
	if tiles <= 1 {
		f(0, n)
		return
	}
	parallelTiles(tiles, float64(n), func(t int) { f(t*elemChunk, min(n, (t+1)*elemChunk)) })
}

func intoF32(what string, y *Tensor, shape []int64) error {
	if y.dtype != F32 || !slices.Equal(y.shape, shape) {
		return fmt.Errorf("tensor: %s into: output %v of shape %s, want f32 of shape %s", what, y.dtype, FormatShape(y.shape), FormatShape(shape))
	}
	return nil
}

// UnaryInto is Unary for a float32 x writing into y, a float32 tensor of
// x's shape; y may be x itself (the op is elementwise).
func UnaryInto(y *Tensor, op UnaryOp, x *Tensor) error {
	if op >= numUnaryOps || x.dtype != F32 {
		return fmt.Errorf("tensor: %v into: want a known op on f32, got %v", op, x.dtype)
	}
	if err := intoF32(op.String(), y, x.shape); err != nil {
		return err
	}
	o, xv := y.data.([]float32), x.data.([]float32)
	chunked(len(o), func(lo, hi int) { unaryF32(op, o[lo:hi], xv[lo:hi]) })
	return nil
}

// SigmoidMulInto sets y to x·sigmoid(x) for a float32 x, with the bits of
// Mul(x, Sigmoid(x)) but in one pass over memory (an exported SiLU, as
// EfficientNet's, is these two ops). y is a float32 tensor of x's shape
// and may be x itself.
func SigmoidMulInto(y, x *Tensor) error {
	if x.dtype != F32 {
		return fmt.Errorf("tensor: sigmoid-multiply into: want f32, got %v", x.dtype)
	}
	if err := intoF32("sigmoid-multiply", y, x.shape); err != nil {
		return err
	}
	o, xv := y.data.([]float32), x.data.([]float32)
	chunked(len(o), func(lo, hi int) {
		o, x := o[lo:hi], xv[lo:hi]
		if transcendF32Fast(opSigmoidMul, o, x) {
			return
		}
		for i, v := range x { // the float64 sigmoid, as unaryF32's
			o[i] = v * float32(sigmoid(float64(v)))
		}
	})
	return nil
}

// ScaleShiftInto writes clamp(x·scale[c] + shift[c], lo, hi) (the clamp
// only when clip) for a float32 x of shape [N, C, ...] into y (x's shape,
// not x's storage), scale and shift holding C values each: an exported
// batch norm (and the relu after it) that no convolution absorbs. Each
// step is rounded as the separate ops round it (Binary's product with x
// first, its sum with the product first, then Clip's clamp), one plane
// at a time while it is in cache: the bits of the three ops.
func ScaleShiftInto(y, x *Tensor, scale, shift []float32, clip bool, lo, hi float32) error {
	if x.dtype != F32 || len(x.shape) < 2 {
		return fmt.Errorf("tensor: scale-shift into: want f32 of rank 2 or more, got %v %s", x.dtype, FormatShape(x.shape))
	}
	if err := intoF32("scale-shift", y, x.shape); err != nil {
		return err
	}
	c := int(x.shape[1])
	if len(scale) != c || len(shift) != c {
		return fmt.Errorf("tensor: scale-shift: %d scales and %d shifts for %d channels", len(scale), len(shift), c)
	}
	if clip && !(lo <= hi) {
		return fmt.Errorf("tensor: scale-shift: clamp to [%g, %g]", lo, hi)
	}
	o, xv := y.data.([]float32), x.data.([]float32)
	planes := int(x.shape[0]) * c
	if planes == 0 {
		return nil
	}
	inner := len(o) / planes
	parallelTiles(planes, float64(len(o)), func(p int) {
		lo0, hi0 := p*inner, (p+1)*inner
		ch := p % c
		binF32Span(OpMul, o[lo0:hi0], xv[lo0:hi0], scale[ch:ch+1], 1, 0)
		biasClipRow(o[lo0:hi0], shift[ch], true, clip, lo, hi)
	})
	return nil
}

// HardSwish holds the constants of the chain an exported hardswish is
// made of: t = clamp(x + Add, Lo, Hi) / Div, then x · t (t · x when
// XLast).
type HardSwish struct {
	Add, Lo, Hi, Div float32
	XLast            bool
}

// HardSwishInto writes the chain h for a float32 x into y (x's shape, not
// x's storage) in one pass, each step rounded to float32 as the separate
// ops round it (Binary's add and div, Clip, Binary's mul): the same bits.
func HardSwishInto(y, x *Tensor, h HardSwish) error {
	if x.dtype != F32 {
		return fmt.Errorf("tensor: hardswish into: want f32, got %v", x.dtype)
	}
	if err := intoF32("hardswish", y, x.shape); err != nil {
		return err
	}
	if !(h.Lo <= h.Hi) {
		return fmt.Errorf("tensor: hardswish: clamp to [%g, %g]", h.Lo, h.Hi)
	}
	o, xv := y.data.([]float32), x.data.([]float32)
	if len(o) <= elemChunk { // no closure to allocate
		hardSwishF32(o, xv, h)
		return nil
	}
	chunked(len(o), func(l, hi int) { hardSwishF32(o[l:hi], xv[l:hi], h) })
	return nil
}

// hardSwishF32 is HardSwishInto on runs that stay in L1: the intermediate
// t lives in a stack buffer.
func hardSwishF32(o, x []float32, h HardSwish) {
	var t [512]float32
	add, div := [1]float32{h.Add}, [1]float32{h.Div}
	done := hardSwishFast(o, x, h)
	o, x = o[done:], x[done:]
	for lo := 0; lo < len(o); lo += len(t) {
		n := min(len(t), len(o)-lo)
		tt, xs, os := t[:n], x[lo:lo+n], o[lo:lo+n]
		binF32Span(OpAdd, tt, xs, add[:], 1, 0)
		clampF32(tt, tt, h.Lo, h.Hi)
		binF32Span(OpDiv, tt, tt, div[:], 1, 0)
		if h.XLast {
			binF32Span(OpMul, os, tt, xs, 1, 1)
		} else {
			binF32Span(OpMul, os, xs, tt, 1, 1)
		}
	}
}

// ClipInto is Clip for a float32 x writing into y, a float32 tensor of x's
// shape; y may be x itself.
func ClipInto(y, x *Tensor, lo, hi float64) error {
	if lo > hi {
		return fmt.Errorf("tensor: clip: min %g > max %g", lo, hi)
	}
	if x.dtype != F32 {
		return fmt.Errorf("tensor: clip into: want f32, got %v", x.dtype)
	}
	if err := intoF32("clip", y, x.shape); err != nil {
		return err
	}
	o, xv := y.data.([]float32), x.data.([]float32)
	chunked(len(o), func(l, h int) { clampF32(o[l:h], xv[l:h], float32(lo), float32(hi)) })
	return nil
}

// binaryFlatF32 is BinaryInto for add, sub, mul and div when each operand
// is aligned with y element for element or is one value (a bias of one
// number, x·x), with no broadcast plan, and reports whether it ran.
func binaryFlatF32(y *Tensor, op BinaryOp, a, b *Tensor) bool {
	n := y.Len()
	sa, sb := flatStep(a.Len(), n), flatStep(b.Len(), n)
	if op > OpDiv || sa < 0 || sb < 0 || n == 0 {
		return false
	}
	o, av, bv := y.data.([]float32), a.data.([]float32), b.data.([]float32)
	serial := n <= elemChunk || (op == OpAdd && n < addParallelMin)
	if serial { // one span: no closure to allocate
		binF32Span(op, o, av, bv, sa, sb)
		return true
	}
	chunked(n, func(lo, hi int) {
		binF32Span(op, o[lo:hi], av[lo*sa:], bv[lo*sb:], sa, sb)
	})
	return true
}

// binaryRowsF32 is BinaryInto for add, sub, mul or div where one operand
// has the result's shape and the other one value per row of it: its dims
// are the result's up to some axis and 1 after it (a squeeze-and-excite
// scale, 1×C×1×1 against 1×C×H×W). Each row is one span against that
// value, the rows shared among the threads in runs: the general
// broadcast ran on one thread, and at two threads read half of what the
// convolution before it wrote from the other core. It reports false,
// having done nothing, for any other shapes.
func binaryRowsF32(y *Tensor, op BinaryOp, a, b *Tensor) bool {
	if op > OpDiv {
		return false
	}
	full, per, perFirst := a, b, false
	if !slices.Equal(a.shape, y.shape) {
		full, per, perFirst = b, a, true
	}
	rows := perRow(per.shape, y.shape)
	if rows == 0 || !slices.Equal(full.shape, y.shape) {
		return false
	}
	n := y.Len()
	inner := n / rows
	o, fv, pv := y.data.([]float32), full.data.([]float32), per.data.([]float32)
	row := func(r int) {
		if perFirst {
			binF32Span(op, o[r*inner:(r+1)*inner], pv[r:], fv[r*inner:], 0, 1)
		} else {
			binF32Span(op, o[r*inner:(r+1)*inner], fv[r*inner:], pv[r:], 1, 0)
		}
	}
	if n <= elemChunk {
		for r := range rows {
			row(r)
		}
		return true
	}
	parallelTiles(rows, float64(n), row)
	return true
}

// perRow returns how many rows of out's shape an operand of shape x
// holds one value each for (x being out's dims up to some axis, then 1s,
// ignoring leading 1s missing from x), or 0 when x is not so: a single
// value (flat steps handle it) or any other broadcast.
func perRow(x, out []int64) int {
	if len(x) > len(out) || len(x) == 0 {
		return 0
	}
	lead := len(out) - len(x)
	for _, d := range out[:lead] {
		if d != 1 {
			return 0
		}
	}
	cut := len(x)
	for cut > 0 && x[cut-1] == 1 {
		cut--
	}
	if cut == 0 || cut == len(x) {
		return 0
	}
	rows := 1
	for i, d := range x[:cut] {
		if d != out[lead+i] {
			return 0
		}
		rows *= int(d)
	}
	return rows
}

// flatStep is an operand's step along a result of n values: 1 when it has
// n values (then its dims are the result's, less leading 1s), 0 when it
// has one, else −1.
func flatStep(len, n int) int {
	switch len {
	case n:
		return 1
	case 1:
		return 0
	}
	return -1
}

// binF32Span sets o[i] = a[i·sa] op b[i·sb] for add, sub, mul or div.
func binF32Span(op BinaryOp, o, a, b []float32, sa, sb int) {
	k := binF32Fast(op, o, a, b, sa, sb)
	if k == len(o) {
		return
	}
	o, a, b = o[k:], a[k*sa:], b[k*sb:]
	for i := range o {
		x, z := a[i*sa], b[i*sb]
		switch op {
		case OpAdd:
			o[i] = x + z
		case OpSub:
			o[i] = x - z
		case OpMul:
			o[i] = x * z
		default:
			o[i] = x / z
		}
	}
}

// BinaryInto is Binary for float32 operands writing into y, a float32
// tensor of the broadcast shape. y may share storage with an operand only
// if it is that operand's whole storage and the operand has as many
// elements as the result (so each element is read before it is written).
func BinaryInto(y *Tensor, op BinaryOp, a, b *Tensor) error {
	if op > OpMin || a.dtype != F32 || b.dtype != F32 {
		return fmt.Errorf("tensor: %v into: want f32 operands, got %v and %v", op, a.dtype, b.dtype)
	}
	outShape := a.shape // equal shapes need no broadcast shape made
	if !slices.Equal(a.shape, b.shape) {
		var err error
		if outShape, err = BroadcastShapes(a.shape, b.shape); err != nil {
			return fmt.Errorf("%v: %w", op, err)
		}
	}
	if err := intoF32(op.String(), y, outShape); err != nil {
		return err
	}
	if done := binaryFlatF32(y, op, a, b); done {
		return nil
	}
	if done := binaryRowsF32(y, op, a, b); done {
		return nil
	}
	if n := y.Len(); n > elemChunk && slices.Equal(a.shape, b.shape) {
		// No broadcast (pow, max, min): chunks of the flat arrays are independent, each
		// a 1-D product of elemChunk elements but the last.
		o, av, bv := y.data.([]float32), a.data.([]float32), b.data.([]float32)
		flat := func(m int) *bcastPlan { s := []int64{int64(m)}; return newBcastPlan(s, s, s) }
		full, tail := flat(elemChunk), flat(n%elemChunk)
		chunked(n, func(lo, hi int) {
			p := full
			if hi-lo != elemChunk {
				p = tail
			}
			binFloat(op, o[lo:hi], av[lo:hi], bv[lo:hi], p)
		})
		return nil
	}
	binFloat(op, y.data.([]float32), a.data.([]float32), b.data.([]float32), newBcastPlan(outShape, a.shape, b.shape))
	return nil
}
