package interp

import (
	"math"
	"testing"

	"github.com/mlc-go/mlc/internal/tensor"
)

var (
	nan  = math.NaN()
	inf  = math.Inf(1)
	ninf = math.Inf(-1)
)

// opCase is one op run on small inputs against hand-computed values.
type opCase struct {
	name string
	op   string
	in   []*tensor.Tensor
	want *tensor.Tensor
	tol  float64 // 0: exact
}

func runCases(t *testing.T, cases []opCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := runOp(t, c.op, c.in...)
			if c.tol == 0 {
				expectEqual(t, c.op, got, c.want)
			} else {
				expectClose(t, c.op, got, c.want, c.tol)
			}
		})
	}
}

func ins(ts ...*tensor.Tensor) []*tensor.Tensor { return ts }

func TestCoreElementwise(t *testing.T) {
	x := f32(sh(5), -2, -0.5, 0, 1.5, 4)
	runCases(t, []opCase{
		{"abs", "core.abs %a0 : tensor<5xf32>", ins(x), f32(sh(5), 2, 0.5, 0, 1.5, 4), 0},
		{"abs_int_wraps", "core.abs %a0 : tensor<3xi8>", ins(i8(sh(3), -128, -3, 5)), i8(sh(3), -128, 3, 5), 0},
		{"neg", "core.neg %a0 : tensor<5xf32>", ins(x), f32(sh(5), 2, 0.5, 0, -1.5, -4), 0},
		{"neg_int_wraps", "core.neg %a0 : tensor<2xi8>", ins(i8(sh(2), -128, 7)), i8(sh(2), -128, -7), 0},
		{"relu", "core.relu %a0 : tensor<5xf32>", ins(x), f32(sh(5), 0, 0, 0, 1.5, 4), 0},
		{"relu_nan", "core.relu %a0 : tensor<2xf32>", ins(f32(sh(2), nan, -1)), f32(sh(2), nan, 0), 0},
		{"relu_int", "core.relu %a0 : tensor<3xi32>", ins(i32(sh(3), -5, 0, 5)), i32(sh(3), 0, 0, 5), 0},
		{"ceil", "core.ceil %a0 : tensor<5xf32>", ins(x), f32(sh(5), -2, 0, 0, 2, 4), 0},
		{"floor", "core.floor %a0 : tensor<5xf32>", ins(x), f32(sh(5), -2, -1, 0, 1, 4), 0},
		{"round_half_even", "core.round %a0 : tensor<5xf32>", ins(f32(sh(5), 0.5, 1.5, 2.5, -2.5, -0.6)), f32(sh(5), 0, 2, 2, -2, -1), 0},
		{"sign", "core.sign %a0 : tensor<4xf32>", ins(f32(sh(4), -3, 0, 2, nan)), f32(sh(4), -1, 0, 1, nan), 0},
		{"sign_int", "core.sign %a0 : tensor<3xi64>", ins(i64(sh(3), -9, 0, 9)), i64(sh(3), -1, 0, 1), 0},
		{"exp", "core.exp %a0 : tensor<2xf32>", ins(f32(sh(2), 0, 1)), f32(sh(2), 1, math.E), 1e-7},
		{"log", "core.log %a0 : tensor<3xf32>", ins(f32(sh(3), 1, 0, -1)), f32(sh(3), 0, ninf, nan), 0},
		{"sqrt", "core.sqrt %a0 : tensor<3xf32>", ins(f32(sh(3), 4, 2.25, -1)), f32(sh(3), 2, 1.5, nan), 0},
		{"rsqrt", "core.rsqrt %a0 : tensor<2xf32>", ins(f32(sh(2), 4, 0)), f32(sh(2), 0.5, inf), 0},
		{"reciprocal", "core.reciprocal %a0 : tensor<2xf32>", ins(f32(sh(2), 4, 0)), f32(sh(2), 0.25, inf), 0},
		{"tanh", "core.tanh %a0 : tensor<2xf32>", ins(f32(sh(2), 0, 1)), f32(sh(2), 0, math.Tanh(1)), 1e-7},
		{"sigmoid", "core.sigmoid %a0 : tensor<2xf32>", ins(f32(sh(2), 0, 2)), f32(sh(2), 0.5, 1/(1+math.Exp(-2))), 1e-7},
		{"erf", "core.erf %a0 : tensor<2xf32>", ins(f32(sh(2), 0, 1)), f32(sh(2), 0, math.Erf(1)), 1e-7},
		{"sin", "core.sin %a0 : tensor<2xf32>", ins(f32(sh(2), 0, math.Pi/2)), f32(sh(2), 0, 1), 1e-7},
		{"cos", "core.cos %a0 : tensor<2xf32>", ins(f32(sh(2), 0, math.Pi)), f32(sh(2), 1, -1), 1e-7},
		{"f16_rounds_on_store", "core.exp %a0 : tensor<1xf16>", ins(tensor.MustValues(tensor.F16, sh(1), 1)),
			tensor.MustValues(tensor.F16, sh(1), 2.71875), 0},
	})
}

func TestCoreBinary(t *testing.T) {
	a := f32(sh(2, 3), 1, 2, 3, 4, 5, 6)
	row := f32(sh(3), 10, 20, 30)
	runCases(t, []opCase{
		{"add_broadcast", "core.add %a0, %a1 : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>", ins(a, row), f32(sh(2, 3), 11, 22, 33, 14, 25, 36), 0},
		{"sub", "core.sub %a0, %a1 : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>", ins(a, row), f32(sh(2, 3), -9, -18, -27, -6, -15, -24), 0},
		{"mul", "core.mul %a0, %a1 : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>", ins(a, row), f32(sh(2, 3), 10, 40, 90, 40, 100, 180), 0},
		{"div", "core.div %a0, %a1 : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>", ins(f32(sh(3), 1, -1, 0), f32(sh(3), 4, 0, 0)), f32(sh(3), 0.25, ninf, nan), 0},
		{"div_int_truncates", "core.div %a0, %a1 : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>", ins(i32(sh(4), 7, -7, 7, -7), i32(sh(4), 2, 2, -2, -2)), i32(sh(4), 3, -3, -3, 3), 0},
		{"add_int_wraps", "core.add %a0, %a1 : (tensor<2xi8>, tensor<2xi8>) -> tensor<2xi8>", ins(i8(sh(2), 127, -128), i8(sh(2), 1, -1)), i8(sh(2), -128, 127), 0},
		{"mul_i64", "core.mul %a0, %a1 : (tensor<1xi64>, tensor<1xi64>) -> tensor<1xi64>", ins(i64(sh(1), 1<<31), i64(sh(1), 1<<31)), i64(sh(1), 1<<62), 0},
		{"max_nan", "core.max %a0, %a1 : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>", ins(f32(sh(3), 1, nan, -1), f32(sh(3), 2, 0, -5)), f32(sh(3), 2, nan, -1), 0},
		{"min", "core.min %a0, %a1 : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>", ins(i32(sh(3), 1, 9, -1), i32(sh(3), 2, 0, -5)), i32(sh(3), 1, 0, -5), 0},
		{"pow", "core.pow %a0, %a1 : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>", ins(f32(sh(3), 2, nan, -8), f32(sh(3), 10, 0, 1.0/3)), f32(sh(3), 1024, 1, nan), 0},
		{"cmp_lt", `core.cmp "lt", %a0, %a1 : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>`, ins(a, f32(sh(3), 2, 2, 2)), bools(sh(2, 3), true, false, false, false, false, false), 0},
		{"cmp_ne_nan", `core.cmp "ne", %a0, %a1 : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>`, ins(f32(sh(2), nan, 1), f32(sh(2), nan, 1)), bools(sh(2), true, false), 0},
		{"cmp_ge_int", `core.cmp "ge", %a0, %a1 : (tensor<3xi8>, tensor<3xi8>) -> tensor<3xi1>`, ins(i8(sh(3), -1, 0, 1), i8(sh(3), 0, 0, 0)), bools(sh(3), false, true, true), 0},
		{"and", "core.and %a0, %a1 : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>", ins(bools(sh(4), true, true, false, false), bools(sh(4), true, false, true, false)), bools(sh(4), true, false, false, false), 0},
		{"or", "core.or %a0, %a1 : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>", ins(bools(sh(4), true, true, false, false), bools(sh(4), true, false, true, false)), bools(sh(4), true, true, true, false), 0},
		{"xor", "core.xor %a0, %a1 : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>", ins(bools(sh(4), true, true, false, false), bools(sh(4), true, false, true, false)), bools(sh(4), false, true, true, false), 0},
		{"not", "core.not %a0 : tensor<2xi1>", ins(bools(sh(2), true, false)), bools(sh(2), false, true), 0},
		{"select", "core.select %a0, %a1, %a2 : (tensor<2x1xi1>, tensor<3xf32>, tensor<f32>) -> tensor<2x3xf32>",
			ins(bools(sh(2, 1), true, false), row, f32(sh(), -1)), f32(sh(2, 3), 10, 20, 30, -1, -1, -1), 0},
	})
}

func TestCoreClampCast(t *testing.T) {
	x := f32(sh(5), -3, -0.5, 2, 7, nan)
	runCases(t, []opCase{
		{"clamp_both", "core.clamp %a0 min 0.0 max 6.0 : tensor<5xf32>", ins(x), f32(sh(5), 0, 0, 2, 6, nan), 0},
		{"clamp_min", "core.clamp %a0 min -1.0 : tensor<5xf32>", ins(x), f32(sh(5), -1, -0.5, 2, 7, nan), 0},
		{"clamp_max", "core.clamp %a0 max 1.0 : tensor<5xf32>", ins(x), f32(sh(5), -3, -0.5, 1, 1, nan), 0},
		{"clamp_none", "core.clamp %a0 : tensor<5xf32>", ins(x), x, 0},
		{"clamp_int", "core.clamp %a0 min -2.0 max 3.0 : tensor<4xi32>", ins(i32(sh(4), -9, -1, 2, 9)), i32(sh(4), -2, -1, 2, 3), 0},
		{"cast_f32_i8_truncates", "core.cast %a0 : tensor<4xf32> to tensor<4xi8>", ins(f32(sh(4), 1.9, -1.9, 100, -0.5)), i8(sh(4), 1, -1, 100, 0), 0},
		{"cast_i32_i8_wraps", "core.cast %a0 : tensor<2xi32> to tensor<2xi8>", ins(i32(sh(2), 200, -129)), i8(sh(2), -56, 127), 0},
		{"cast_to_i1", "core.cast %a0 : tensor<3xf32> to tensor<3xi1>", ins(f32(sh(3), 0, nan, -2)), bools(sh(3), false, true, true), 0},
		{"cast_i1_to_f32", "core.cast %a0 : tensor<2xi1> to tensor<2xf32>", ins(bools(sh(2), true, false)), f32(sh(2), 1, 0), 0},
		{"cast_f32_f16_even", "core.cast %a0 : tensor<1xf32> to tensor<1xf16>", ins(f32(sh(1), 1+1.0/2048)), tensor.MustValues(tensor.F16, sh(1), 1), 0},
	})
}

func TestCoreMatmulConv(t *testing.T) {
	a := f32(sh(2, 3), 1, 2, 3, 4, 5, 6)
	b := f32(sh(3, 2), 1, 0, 0, 1, 1, 1)
	runCases(t, []opCase{
		{"matmul", "core.matmul %a0, %a1 : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>", ins(a, b), f32(sh(2, 2), 4, 5, 10, 11), 0},
		{"matmul_batch_broadcast", "core.matmul %a0, %a1 : (tensor<2x1x2xf32>, tensor<2x1xf32>) -> tensor<2x1x1xf32>",
			ins(f32(sh(2, 1, 2), 1, 2, 3, 4), f32(sh(2, 1), 10, 1)), f32(sh(2, 1, 1), 12, 34), 0},
		{"matmul_i8_wraps", "core.matmul %a0, %a1 : (tensor<1x2xi8>, tensor<2x1xi8>) -> tensor<1x1xi8>",
			ins(i8(sh(1, 2), 100, 100), i8(sh(2, 1), 1, 1)), i8(sh(1, 1), -56), 0},
		{"matmul_i32", "core.matmul %a0, %a1 : (tensor<1x2xi32>, tensor<2x1xi32>) -> tensor<1x1xi32>",
			ins(i32(sh(1, 2), 3, -4), i32(sh(2, 1), 5, 6)), i32(sh(1, 1), -9), 0},
		// 1x1x3x3 input, 2x1x2x2 weights, bias; valid convolution.
		{"conv2d_bias", "core.conv2d %a0, %a1, %a2 : (tensor<1x1x3x3xf32>, tensor<2x1x2x2xf32>, tensor<2xf32>) -> tensor<1x2x2x2xf32>",
			ins(f32(sh(1, 1, 3, 3), 1, 2, 3, 4, 5, 6, 7, 8, 9), f32(sh(2, 1, 2, 2), 1, 0, 0, 1, 0, 1, 1, 0), f32(sh(2), 0.5, -1)),
			f32(sh(1, 2, 2, 2), 6.5, 8.5, 12.5, 14.5, 5, 7, 11, 13), 0},
		// padding [top, left, bottom, right] = [1, 0, 0, 0], stride 2 along W.
		{"conv2d_pad_stride", "core.conv2d %a0, %a1 {padding = array<i64: 1, 0, 0, 0>, strides = array<i64: 1, 2>} : (tensor<1x1x3x3xf32>, tensor<1x1x2x2xf32>) -> tensor<1x1x3x1xf32>",
			ins(f32(sh(1, 1, 3, 3), 1, 2, 3, 4, 5, 6, 7, 8, 9), f32(sh(1, 1, 2, 2), 1, 1, 1, 1)),
			f32(sh(1, 1, 3, 1), 3, 12, 24), 0},
		{"conv2d_dilation", "core.conv2d %a0, %a1 {dilations = array<i64: 2, 2>} : (tensor<1x1x3x3xf32>, tensor<1x1x2x2xf32>) -> tensor<1x1x1x1xf32>",
			ins(f32(sh(1, 1, 3, 3), 1, 2, 3, 4, 5, 6, 7, 8, 9), f32(sh(1, 1, 2, 2), 1, 1, 1, 1)), f32(sh(1, 1, 1, 1), 20), 0},
		// depthwise: groups = channels = 2.
		{"conv2d_depthwise", "core.conv2d %a0, %a1 {groups = 2 : i64} : (tensor<1x2x2x2xf32>, tensor<2x1x1x1xf32>) -> tensor<1x2x2x2xf32>",
			ins(f32(sh(1, 2, 2, 2), 1, 2, 3, 4, 5, 6, 7, 8), f32(sh(2, 1, 1, 1), 2, -1)), f32(sh(1, 2, 2, 2), 2, 4, 6, 8, -5, -6, -7, -8), 0},
		{"conv2d_f64", "core.conv2d %a0, %a1, %a2 : (tensor<1x1x3x3xf64>, tensor<2x1x2x2xf64>, tensor<2xf64>) -> tensor<1x2x2x2xf64>",
			ins(tensor.MustValues(tensor.F64, sh(1, 1, 3, 3), 1, 2, 3, 4, 5, 6, 7, 8, 9), tensor.MustValues(tensor.F64, sh(2, 1, 2, 2), 1, 0, 0, 1, 0, 1, 1, 0), tensor.MustValues(tensor.F64, sh(2), 0.5, -1)),
			tensor.MustValues(tensor.F64, sh(1, 2, 2, 2), 6.5, 8.5, 12.5, 14.5, 5, 7, 11, 13), 0},
		{"conv2d_i8_wraps", "core.conv2d %a0, %a1 : (tensor<1x1x1x2xi8>, tensor<1x1x1x2xi8>) -> tensor<1x1x1x1xi8>",
			ins(i8(sh(1, 1, 1, 2), 100, 100), i8(sh(1, 1, 1, 2), 1, 1)), i8(sh(1, 1, 1, 1), -56), 0},
		{"conv2d_i32_groups_pad", "core.conv2d %a0, %a1 {groups = 2 : i64, padding = array<i64: 0, 1, 0, 0>} : (tensor<1x2x1x2xi32>, tensor<2x1x1x2xi32>) -> tensor<1x2x1x2xi32>",
			ins(i32(sh(1, 2, 1, 2), 1, 2, 3, 4), i32(sh(2, 1, 1, 2), 1, 10, 1, -1)), i32(sh(1, 2, 1, 2), 10, 21, -3, -1), 0},
	})
}

func TestCorePooling(t *testing.T) {
	x := f32(sh(1, 1, 3, 3), 1, 2, 3, 4, 5, 6, 7, 8, 9)
	runCases(t, []opCase{
		{"max_pool", "core.max_pool2d %a0 {kernel = array<i64: 2, 2>} : (tensor<1x1x3x3xf32>) -> tensor<1x1x2x2xf32>", ins(x), f32(sh(1, 1, 2, 2), 5, 6, 8, 9), 0},
		{"max_pool_padding_never_wins", "core.max_pool2d %a0 {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, padding = array<i64: 1, 1, 0, 0>} : (tensor<1x1x2x2xf32>) -> tensor<1x1x1x1xf32>",
			ins(f32(sh(1, 1, 2, 2), -5, -6, -7, -8)), f32(sh(1, 1, 1, 1), -5), 0},
		{"max_pool_nan", "core.max_pool2d %a0 {kernel = array<i64: 2, 2>} : (tensor<1x1x2x2xf32>) -> tensor<1x1x1x1xf32>",
			ins(f32(sh(1, 1, 2, 2), 1, nan, 3, 2)), f32(sh(1, 1, 1, 1), nan), 0},
		{"max_pool_ceil", "core.max_pool2d %a0 {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, ceil_mode = true} : (tensor<1x1x3x3xf32>) -> tensor<1x1x2x2xf32>", ins(x), f32(sh(1, 1, 2, 2), 5, 6, 8, 9), 0},
		{"max_pool_i32", "core.max_pool2d %a0 {kernel = array<i64: 1, 2>} : (tensor<1x1x1x3xi32>) -> tensor<1x1x1x2xi32>", ins(i32(sh(1, 1, 1, 3), -3, -1, -2)), i32(sh(1, 1, 1, 2), -1, -1), 0},
		{"avg_pool", "core.avg_pool2d %a0 {kernel = array<i64: 2, 2>} : (tensor<1x1x3x3xf32>) -> tensor<1x1x2x2xf32>", ins(x), f32(sh(1, 1, 2, 2), 3, 4, 6, 7), 0},
		// Padding 1 everywhere, kernel 2, stride 2: corner windows hold one
		// input element; count_include_pad defaults to false in core.
		{"avg_pool_pad_default_excludes", "core.avg_pool2d %a0 {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, padding = array<i64: 1, 1, 1, 1>} : (tensor<1x1x2x2xf32>) -> tensor<1x1x2x2xf32>",
			ins(f32(sh(1, 1, 2, 2), 4, 8, 12, 16)), f32(sh(1, 1, 2, 2), 4, 8, 12, 16), 0},
		{"avg_pool_pad_included", "core.avg_pool2d %a0 {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, padding = array<i64: 1, 1, 1, 1>, count_include_pad = true} : (tensor<1x1x2x2xf32>) -> tensor<1x1x2x2xf32>",
			ins(f32(sh(1, 1, 2, 2), 4, 8, 12, 16)), f32(sh(1, 1, 2, 2), 1, 2, 3, 4), 0},
		// ceil mode: the last window hangs over the input and only counts
		// its input taps even with count_include_pad (no padding here).
		{"avg_pool_ceil", "core.avg_pool2d %a0 {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, ceil_mode = true, count_include_pad = true} : (tensor<1x1x3x3xf32>) -> tensor<1x1x2x2xf32>",
			ins(x), f32(sh(1, 1, 2, 2), 3, 4.5, 7.5, 9), 0},
	})
}

func TestCoreReductions(t *testing.T) {
	x := f32(sh(2, 3), 1, 2, 3, 4, 5, 6)
	runCases(t, []opCase{
		{"sum", "core.reduce_sum %a0 {axes = array<i64: 1>} : (tensor<2x3xf32>) -> tensor<2xf32>", ins(x), f32(sh(2), 6, 15), 0},
		{"sum_keepdims", "core.reduce_sum %a0 {axes = array<i64: 0>, keepdims = true} : (tensor<2x3xf32>) -> tensor<1x3xf32>", ins(x), f32(sh(1, 3), 5, 7, 9), 0},
		{"mean", "core.reduce_mean %a0 {axes = array<i64: 0, 1>} : (tensor<2x3xf32>) -> tensor<f32>", ins(x), f32(sh(), 3.5), 0},
		{"max", "core.reduce_max %a0 {axes = array<i64: 1>} : (tensor<2x3xf32>) -> tensor<2xf32>", ins(f32(sh(2, 3), 1, nan, 3, 4, 5, 6)), f32(sh(2), nan, 6), 0},
		{"min", "core.reduce_min %a0 {axes = array<i64: 1>} : (tensor<2x3xf32>) -> tensor<2xf32>", ins(x), f32(sh(2), 1, 4), 0},
		{"prod_int_wraps", "core.reduce_prod %a0 {axes = array<i64: 0>} : (tensor<3xi8>) -> tensor<i8>", ins(i8(sh(3), 16, 16, 2)), i8(sh(), 0), 0},
		{"sum_int", "core.reduce_sum %a0 {axes = array<i64: 0>} : (tensor<3xi32>) -> tensor<i32>", ins(i32(sh(3), 1, -5, 7)), i32(sh(), 3), 0},
		{"argmax", "core.argmax %a0 {axis = 1 : i64} : (tensor<2x3xf32>) -> tensor<2xi64>", ins(f32(sh(2, 3), 1, 3, 3, 2, nan, 9)), i64(sh(2), 1, 1), 0},
		{"argmin_keepdims", "core.argmin %a0 {axis = 0 : i64, keepdims = true} : (tensor<2x2xi32>) -> tensor<1x2xi64>", ins(i32(sh(2, 2), 5, 1, 5, 0)), i64(sh(1, 2), 0, 1), 0},
	})
}

func TestCoreDataMovement(t *testing.T) {
	x := f32(sh(2, 3), 1, 2, 3, 4, 5, 6)
	runCases(t, []opCase{
		{"reshape", "core.reshape %a0 : (tensor<2x3xf32>) -> tensor<3x2xf32>", ins(x), f32(sh(3, 2), 1, 2, 3, 4, 5, 6), 0},
		{"transpose", "core.transpose %a0 {perm = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>", ins(x), f32(sh(3, 2), 1, 4, 2, 5, 3, 6), 0},
		{"broadcast_to", "core.broadcast_to %a0 : (tensor<2x1xf32>) -> tensor<2x2x3xf32>", ins(f32(sh(2, 1), 1, 2)), f32(sh(2, 2, 3), 1, 1, 1, 2, 2, 2, 1, 1, 1, 2, 2, 2), 0},
		{"concat", "core.concat %a0, %a1 {axis = 1 : i64} : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x4xf32>", ins(x, f32(sh(2, 1), 7, 8)), f32(sh(2, 4), 1, 2, 3, 7, 4, 5, 6, 8), 0},
		{"slice", "core.slice %a0 {starts = array<i64: 0, 2>, limits = array<i64: 2, -4>, strides = array<i64: 1, -2>} : (tensor<2x3xf32>) -> tensor<2x2xf32>", ins(x), f32(sh(2, 2), 3, 1, 6, 4), 0},
		{"slice_negative_start", "core.slice %a0 {starts = array<i64: 1, -2>, limits = array<i64: 2, 3>} : (tensor<2x3xf32>) -> tensor<1x2xf32>", ins(x), f32(sh(1, 2), 5, 6), 0},
		{"gather", "core.gather %a0, %a1 {axis = 1 : i64} : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<2x2xf32>", ins(x, i64(sh(2), 2, -3)), f32(sh(2, 2), 3, 1, 6, 4), 0},
		{"gather_i32_2d", "core.gather %a0, %a1 : (tensor<2x3xf32>, tensor<1x2xi32>) -> tensor<1x2x3xf32>", ins(x, i32(sh(1, 2), 1, 0)), f32(sh(1, 2, 3), 4, 5, 6, 1, 2, 3), 0},
		{"pad", "core.pad %a0 {low = array<i64: 0, 1>, high = array<i64: 1, 0>, value = -1.0 : f32} : (tensor<2x3xf32>) -> tensor<3x4xf32>", ins(x),
			f32(sh(3, 4), -1, 1, 2, 3, -1, 4, 5, 6, -1, -1, -1, -1), 0},
		{"pad_int_default_zero", "core.pad %a0 {low = array<i64: 1>, high = array<i64: 1>} : (tensor<1xi32>) -> tensor<3xi32>", ins(i32(sh(1), 7)), i32(sh(3), 0, 7, 0), 0},
	})
}

func TestCoreConstants(t *testing.T) {
	src := `
func.func @main() -> (tensor<2x2xf32>, tensor<3xi8>, tensor<2xf32>, tensor<2xi1>, tensor<2xbf16>) {
  %0 = core.constant dense<[[1.0, 2.0], [3.0, 4.5]]> : tensor<2x2xf32>
  %1 = core.constant dense<-3> : tensor<3xi8>
  %2 = core.constant dense_resource<blob> : tensor<2xf32>
  %3 = core.constant dense<[true, false]> : tensor<2xi1>
  %4 = core.constant dense<[1.5, -2.0]> : tensor<2xbf16>
  return %0, %1, %2, %3, %4 : tensor<2x2xf32>, tensor<3xi8>, tensor<2xf32>, tensor<2xi1>, tensor<2xbf16>
}
{-#
  dialect_resources: {
    builtin: {
      blob: "0x040000000000803F000000C0"
    }
  }
#-}
`
	out, err := runSrc(t, src)
	if err != nil {
		t.Fatal(err)
	}
	expectEqual(t, "dense", out[0], f32(sh(2, 2), 1, 2, 3, 4.5))
	expectEqual(t, "splat", out[1], i8(sh(3), -3, -3, -3))
	expectEqual(t, "dense_resource", out[2], f32(sh(2), 1, -2))
	expectEqual(t, "bool", out[3], bools(sh(2), true, false))
	expectEqual(t, "bf16", out[4], tensor.MustValues(tensor.BF16, sh(2), 1.5, -2))
}
