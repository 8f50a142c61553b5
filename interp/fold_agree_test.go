package interp

import (
	"math"
	"math/rand"
	"testing"

	"github.com/mlc-go/mlc/dialects/ods"
	"github.com/mlc-go/mlc/internal/tensor"
	"github.com/mlc-go/mlc/ir"
)

// denseOfTensor encodes t as a dense attribute of type rt (a splat of its
// first element when splat is set).
func denseOfTensor(ctx *ir.Context, rt *ir.RankedTensorType, t *tensor.Tensor, splat bool) *ir.DenseElementsAttr {
	n := t.Len()
	if splat {
		n = 1
	}
	var raw []byte
	switch e := rt.Elem.(type) {
	case *ir.FloatType:
		for _, v := range t.Values()[:n] {
			raw = ir.EncodeFloat(raw, e.Kind, v)
		}
	default:
		w := ir.ElementByteWidth(rt.Elem)
		for _, v := range t.IntValues()[:n] {
			if w == 1 && ir.IsInteger(rt.Elem, 1) {
				raw = append(raw, byte(v&1))
				continue
			}
			raw = ir.EncodeInt(raw, v, w)
		}
	}
	return ctx.DenseElementsAttr(rt, raw)
}

var foldFloats = []float64{math.NaN(), math.Inf(1), math.Inf(-1), 0, math.Copysign(0, -1), 0.5, 1.5, -2.5, 2.5,
	1e-45, -3e-39, 65504, 65520, 1e30, -7, 3, 100.25}

func foldRandom(rng *rand.Rand, dt tensor.DType, shape []int64) *tensor.Tensor {
	n := 1
	for _, d := range shape {
		n *= int(d)
	}
	v := make([]float64, n)
	for i := range v {
		switch {
		case dt == tensor.Bool:
			v[i] = float64(rng.Intn(2))
		case dt.IsFloat() && rng.Intn(2) == 0:
			v[i] = foldFloats[rng.Intn(len(foldFloats))]
		case dt.IsFloat():
			v[i] = rng.NormFloat64() * 8
		default:
			lo, hi := dt.IntRange()
			if rng.Intn(3) == 0 {
				v[i] = float64([]int64{lo, hi, 0, -1, 1}[rng.Intn(5)])
			} else {
				v[i] = float64(rng.Intn(21) - 10)
			}
			v[i] = max(float64(lo), min(float64(hi), v[i]))
		}
	}
	return tensor.MustValues(dt, shape, v...)
}

// sameBits compares two tensors element by element, bit for bit (every
// NaN alike, since folding canonicalises NaNs).
func sameBits(a, b *tensor.Tensor) bool {
	if a.DType() != b.DType() || !tensor.ShapeEqual(a.Shape(), b.Shape()) {
		return false
	}
	if !a.DType().IsFloat() {
		return tensor.Equal(a, b)
	}
	av, bv := a.Values(), b.Values()
	for i := range av {
		if math.IsNaN(av[i]) && math.IsNaN(bv[i]) {
			continue
		}
		if math.Float64bits(av[i]) != math.Float64bits(bv[i]) {
			return false
		}
	}
	return true
}

// TestFoldAgreesWithInterpreter: wherever a core folder folds, its constant
// is bit for bit what the interpreter computes for the op, on random
// operands with NaN, infinities, signed zeros, ties, denormals and integer
// limits, dense and splat.
func TestFoldAgreesWithInterpreter(t *testing.T) {
	type c struct {
		op string
		in []tensor.DType
		sh [][]int64
	}
	var cases []c
	binOps := []string{"add", "sub", "mul", "div", "max", "min"}
	for _, ty := range []string{"f32", "f16", "bf16", "f64", "i8", "i32", "i64"} {
		dt := map[string]tensor.DType{"f32": tensor.F32, "f16": tensor.F16, "bf16": tensor.BF16, "f64": tensor.F64, "i8": tensor.I8, "i32": tensor.I32, "i64": tensor.I64}[ty]
		ops := binOps
		if dt.IsFloat() {
			ops = append(ops, "pow")
		}
		for _, o := range ops {
			cases = append(cases, c{"core." + o + " %a0, %a1 : (tensor<2x3x" + ty + ">, tensor<3x" + ty + ">) -> tensor<2x3x" + ty + ">", []tensor.DType{dt, dt}, [][]int64{{2, 3}, {3}}})
		}
		for _, p := range []string{"eq", "ne", "lt", "le", "gt", "ge"} {
			cases = append(cases, c{"core.cmp \"" + p + "\", %a0, %a1 : (tensor<2x3x" + ty + ">, tensor<2x3x" + ty + ">) -> tensor<2x3xi1>", []tensor.DType{dt, dt}, [][]int64{{2, 3}, {2, 3}}})
		}
		un := []string{"neg", "abs", "relu", "sign"}
		if dt.IsFloat() {
			un = append(un, "exp", "log", "sqrt", "rsqrt", "tanh", "sigmoid", "erf", "floor", "ceil", "round", "sin", "cos", "reciprocal")
		}
		for _, o := range un {
			cases = append(cases, c{"core." + o + " %a0 : tensor<6x" + ty + ">", []tensor.DType{dt}, [][]int64{{6}}})
		}
		cases = append(cases,
			c{"core.clamp %a0 min 0.0 max 6.0 : tensor<6x" + ty + ">", []tensor.DType{dt}, [][]int64{{6}}},
			c{"core.select %a0, %a1, %a2 : (tensor<2x3xi1>, tensor<2x3x" + ty + ">, tensor<3x" + ty + ">) -> tensor<2x3x" + ty + ">", []tensor.DType{tensor.Bool, dt, dt}, [][]int64{{2, 3}, {2, 3}, {3}}},
			c{"core.reduce_sum %a0 {axes = array<i64: 1>} : (tensor<2x3x" + ty + ">) -> tensor<2x" + ty + ">", []tensor.DType{dt}, [][]int64{{2, 3}}},
			c{"core.reduce_max %a0 {axes = array<i64: 0, 1>} : (tensor<2x3x" + ty + ">) -> tensor<" + ty + ">", []tensor.DType{dt}, [][]int64{{2, 3}}},
			c{"core.reduce_prod %a0 {axes = array<i64: 1>, keepdims = true} : (tensor<2x3x" + ty + ">) -> tensor<2x1x" + ty + ">", []tensor.DType{dt}, [][]int64{{2, 3}}},
			c{"core.argmax %a0 {axis = 1 : i64} : (tensor<2x3x" + ty + ">) -> tensor<2xi64>", []tensor.DType{dt}, [][]int64{{2, 3}}},
			c{"core.transpose %a0 {perm = array<i64: 1, 0>} : (tensor<2x3x" + ty + ">) -> tensor<3x2x" + ty + ">", []tensor.DType{dt}, [][]int64{{2, 3}}},
			c{"core.slice %a0 {starts = array<i64: 1, -1>, limits = array<i64: 2, -4>, strides = array<i64: 1, -2>} : (tensor<2x3x" + ty + ">) -> tensor<1x2x" + ty + ">", []tensor.DType{dt}, [][]int64{{2, 3}}},
			c{"core.concat %a0, %a1 {axis = 0 : i64} : (tensor<2x3x" + ty + ">, tensor<1x3x" + ty + ">) -> tensor<3x3x" + ty + ">", []tensor.DType{dt, dt}, [][]int64{{2, 3}, {1, 3}}},
		)
		if dt.IsFloat() {
			cases = append(cases, c{"core.reduce_mean %a0 {axes = array<i64: 0>} : (tensor<2x3x" + ty + ">) -> tensor<3x" + ty + ">", []tensor.DType{dt}, [][]int64{{2, 3}}})
		}
		for _, to := range []string{"f32", "f16", "i8", "i32", "i1"} {
			cases = append(cases, c{"core.cast %a0 : tensor<6x" + ty + "> to tensor<6x" + to + ">", []tensor.DType{dt}, [][]int64{{6}}})
		}
	}
	rng := rand.New(rand.NewSource(9))
	folded := 0
	for _, k := range cases {
		for trial := range 12 {
			in := make([]*tensor.Tensor, len(k.in))
			for i, dt := range k.in {
				in[i] = foldRandom(rng, dt, k.sh[i])
			}
			splat := make([]bool, len(in))
			if trial%3 == 2 { // splat operands: every element is the first
				for i := range in {
					splat[i] = true
					in[i], _ = tensor.BroadcastTo(tensor.MustValues(in[i].DType(), nil, in[i].Values()[0]), in[i].Shape())
				}
			}
			m := parseModule(t, opSrc(k.op, in...))
			fn := m.Region(0).Front().First()
			op := fn.Region(0).Front().First()
			attrs := make([]ir.Attribute, len(in))
			for i := range in {
				attrs[i] = denseOfTensor(op.Ctx(), op.Operand(i).Type().(*ir.RankedTensorType), in[i], splat[i])
			}
			res := ods.DefOf(op).Fold(op, attrs)
			if res == nil {
				continue // declined: the op runs
			}
			folded++
			got, err := ConstantTensor(res[0])
			if err != nil {
				t.Fatalf("%s: folded %s: %v", k.op, res[0], err)
			}
			want, err := RunModule(m, "main", in)
			if err != nil {
				t.Fatalf("%s folds to %s but does not run: %v", k.op, res[0], err)
			}
			if !sameBits(got, want[0]) {
				t.Fatalf("%s on %v: folds to %v, runs to %v", k.op, in, got, want[0])
			}
		}
	}
	if folded < len(cases)*6 {
		t.Fatalf("only %d of %d folds happened", folded, len(cases)*12)
	}
}
