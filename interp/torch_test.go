package interp

import (
	"math"
	"strings"
	"testing"

	"github.com/mlc-go/mlc/internal/tensor"
)

func TestTorchActivations(t *testing.T) {
	x := f32(sh(6), -4, -3, -1, 0, 1.5, 7)
	f16 := func(v ...float64) *tensor.Tensor { return tensor.MustValues(tensor.F16, sh(int64(len(v))), v...) }
	sig := func(v float64) float64 { return 1 / (1 + math.Exp(-v)) }
	runCases(t, []opCase{
		{"relu", "torch.aten.relu %a0 : tensor<6xf32>", ins(x), f32(sh(6), 0, 0, 0, 0, 1.5, 7), 0},
		{"relu_int", "torch.aten.relu %a0 : tensor<2xi64>", ins(i64(sh(2), -1, 3)), i64(sh(2), 0, 3), 0},
		{"relu6", "torch.aten.relu6 %a0 : tensor<6xf32>", ins(x), f32(sh(6), 0, 0, 0, 0, 1.5, 6), 0},
		{"relu6_f16", "torch.aten.relu6 %a0 : tensor<2xf16>", ins(f16(-1, 9)), f16(0, 6), 0},
		{"hardtanh_default", "torch.aten.hardtanh %a0 : tensor<6xf32>", ins(x), f32(sh(6), -1, -1, -1, 0, 1, 1), 0},
		{"hardtanh", "torch.aten.hardtanh %a0 {min_val = 0, max_val = 6} : tensor<6xf32>", ins(x), f32(sh(6), 0, 0, 0, 0, 1.5, 6), 0},
		{"leaky_relu_default", "torch.aten.leaky_relu %a0 : tensor<6xf32>", ins(x), f32(sh(6), -0.04, -0.03, -0.01, 0, 1.5, 7), 1e-7},
		{"leaky_relu", "torch.aten.leaky_relu %a0 {negative_slope = 2.000000e-01} : tensor<6xf32>", ins(x), f32(sh(6), -0.8, -0.6, -0.2, 0, 1.5, 7), 1e-7},
		{"hardswish", "torch.aten.hardswish %a0 : tensor<6xf32>", ins(x), f32(sh(6), 0, 0, -1.0/3, 0, 1.5*4.5/6, 7), 1e-7},
		{"hardsigmoid", "torch.aten.hardsigmoid %a0 : tensor<6xf32>", ins(x), f32(sh(6), 0, 0, 2.0/6, 0.5, 4.5/6, 1), 1e-7},
		{"sigmoid", "torch.aten.sigmoid %a0 : tensor<2xf32>", ins(f32(sh(2), 0, -1)), f32(sh(2), 0.5, sig(-1)), 1e-7},
		{"silu", "torch.aten.silu %a0 : tensor<2xf32>", ins(f32(sh(2), 0, 2)), f32(sh(2), 0, 2*sig(2)), 1e-7},
		{"tanh", "torch.aten.tanh %a0 : tensor<2xf32>", ins(f32(sh(2), 0, -0.5)), f32(sh(2), 0, math.Tanh(-0.5)), 1e-7},
		{"gelu_none", "torch.aten.gelu %a0 : tensor<3xf32>", ins(f32(sh(3), -1, 0, 1)),
			f32(sh(3), -0.5*(1+math.Erf(-1/math.Sqrt2)), 0, 0.5*(1+math.Erf(1/math.Sqrt2))), 1e-7},
		{"gelu_tanh", `torch.aten.gelu %a0 {approximate = "tanh"} : tensor<2xf32>`, ins(f32(sh(2), 0, 1)),
			f32(sh(2), 0, 0.5*(1+math.Tanh(math.Sqrt(2/math.Pi)*(1+0.044715)))), 1e-7},
		{"erf", "torch.aten.erf %a0 : tensor<1xf32>", ins(f32(sh(1), 0.5)), f32(sh(1), math.Erf(0.5)), 1e-7},
		{"exp", "torch.aten.exp %a0 : tensor<1xf32>", ins(f32(sh(1), 2)), f32(sh(1), math.Exp(2)), 1e-7},
		{"log", "torch.aten.log %a0 : tensor<2xf32>", ins(f32(sh(2), 1, 0)), f32(sh(2), 0, ninf), 0},
		{"sqrt", "torch.aten.sqrt %a0 : tensor<2xf32>", ins(f32(sh(2), 9, -1)), f32(sh(2), 3, nan), 0},
		{"rsqrt", "torch.aten.rsqrt %a0 : tensor<2xf32>", ins(f32(sh(2), 0.25, 0)), f32(sh(2), 2, inf), 0},
		{"abs", "torch.aten.abs %a0 : tensor<2xi32>", ins(i32(sh(2), -3, 3)), i32(sh(2), 3, 3), 0},
		{"neg", "torch.aten.neg %a0 : tensor<2xf32>", ins(f32(sh(2), -3, 3)), f32(sh(2), 3, -3), 0},
		{"clamp_min", "torch.aten.clamp %a0 {min = 0.000000e+00} : tensor<6xf32>", ins(x), f32(sh(6), 0, 0, 0, 0, 1.5, 7), 0},
		{"clamp_both_int", "torch.aten.clamp %a0 {min = -1, max = 2} : tensor<3xi32>", ins(i32(sh(3), -5, 0, 5)), i32(sh(3), -1, 0, 2), 0},
		// min > max: every element becomes max, as PyTorch does.
		{"clamp_min_above_max", "torch.aten.clamp %a0 {min = 5.000000e+00, max = 1.000000e+00} : tensor<3xf32>", ins(f32(sh(3), -5, 3, 9)), f32(sh(3), 1, 1, 1), 0},
	})
}

func TestTorchArithmetic(t *testing.T) {
	a := f32(sh(2, 2), 1, 2, 3, 4)
	b := f32(sh(2), 10, 20)
	runCases(t, []opCase{
		{"add_alpha", "torch.aten.add.Tensor %a0, %a1 {alpha = 2.500000e-01} : (tensor<2x2xf32>, tensor<2xf32>) -> tensor<2x2xf32>", ins(a, b), f32(sh(2, 2), 3.5, 7, 5.5, 9), 0},
		{"add", "torch.aten.add.Tensor %a0, %a1 : (tensor<2x2xf32>, tensor<2xf32>) -> tensor<2x2xf32>", ins(a, b), f32(sh(2, 2), 11, 22, 13, 24), 0},
		{"add_bool_is_or", "torch.aten.add.Tensor %a0, %a1 : (tensor<2xi1>, tensor<2xi1>) -> tensor<2xi1>", ins(bools(sh(2), true, false), bools(sh(2), false, false)), bools(sh(2), true, false), 0},
		{"sub_alpha_int", "torch.aten.sub.Tensor %a0, %a1 {alpha = 2} : (tensor<3xi64>, tensor<3xi64>) -> tensor<3xi64>", ins(i64(sh(3), 10, 0, -4), i64(sh(3), 1, 2, 3)), i64(sh(3), 8, -4, -10), 0},
		{"mul", "torch.aten.mul.Tensor %a0, %a1 : (tensor<2x2xf32>, tensor<2xf32>) -> tensor<2x2xf32>", ins(a, b), f32(sh(2, 2), 10, 40, 30, 80), 0},
		{"div_true", "torch.aten.div.Tensor %a0, %a1 : (tensor<2x2xf32>, tensor<2xf32>) -> tensor<2x2xf32>", ins(a, b), f32(sh(2, 2), 0.1, 0.1, 0.3, 0.2), 0},
		{"div_int_true_f32", "torch.aten.div.Tensor %a0, %a1 : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xf32>", ins(i32(sh(2), 7, -7), i32(sh(2), 2, 2)), f32(sh(2), 3.5, -3.5), 0},
		{"div_floor_int", `torch.aten.div.Tensor %a0, %a1 {rounding_mode = "floor"} : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>`,
			ins(i32(sh(4), 7, -7, 7, -7), i32(sh(4), 2, 2, -2, -2)), i32(sh(4), 3, -4, -4, 3), 0},
		{"div_trunc_int", `torch.aten.div.Tensor %a0, %a1 {rounding_mode = "trunc"} : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>`,
			ins(i32(sh(4), 7, -7, 7, -7), i32(sh(4), 2, 2, -2, -2)), i32(sh(4), 3, -3, -3, 3), 0},
		{"div_floor_float", `torch.aten.div.Tensor %a0, %a1 {rounding_mode = "floor"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>`,
			ins(f32(sh(4), 7, -7, 7.5, 1), f32(sh(4), 2, 2, -2, 0)), f32(sh(4), 3, -4, -4, inf), 0},
		{"div_trunc_float", `torch.aten.div.Tensor %a0, %a1 {rounding_mode = "trunc"} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>`,
			ins(f32(sh(3), 7, -7, 7.5), f32(sh(3), 2, 2, -2)), f32(sh(3), 3, -3, -3), 0},
		{"add_scalar_f16", "torch.aten.add.Scalar %a0 {other = 1} : tensor<2xf16> -> tensor<2xf16>", ins(tensor.MustValues(tensor.F16, sh(2), 1, 2)), tensor.MustValues(tensor.F16, sh(2), 2, 3), 0},
		{"sub_scalar_alpha", "torch.aten.sub.Scalar %a0 {other = 3, alpha = 2} : tensor<2xi32> -> tensor<2xi32>", ins(i32(sh(2), 10, 0)), i32(sh(2), 4, -6), 0},
		{"rsub_scalar", "torch.aten.rsub.Scalar %a0 {other = 1.000000e+00} : tensor<2xf32> -> tensor<2xf32>", ins(f32(sh(2), 0.25, 3)), f32(sh(2), 0.75, -2), 0},
		{"rsub_scalar_alpha", "torch.aten.rsub.Scalar %a0 {other = 1, alpha = 3} : tensor<2xi64> -> tensor<2xi64>", ins(i64(sh(2), 1, -1)), i64(sh(2), -2, 4), 0},
		{"add_scalar_u8_wraps", "torch.aten.add.Scalar %a0 {other = -1} : tensor<2xui8> -> tensor<2xui8>", ins(u8(sh(2), 0, 5)), u8(sh(2), 255, 4), 0},
		{"mul_scalar_promotes", "torch.aten.mul.Scalar %a0 {other = 5.000000e-01} : tensor<2xi32> -> tensor<2xf32>", ins(i32(sh(2), 3, -4)), f32(sh(2), 1.5, -2), 0},
		{"mul_scalar_int", "torch.aten.mul.Scalar %a0 {other = 2} : tensor<2xi32> -> tensor<2xi32>", ins(i32(sh(2), 3, -4)), i32(sh(2), 6, -8), 0},
		{"div_scalar_int", "torch.aten.div.Scalar %a0 {other = 2} : tensor<2xi32> -> tensor<2xf32>", ins(i32(sh(2), 3, -4)), f32(sh(2), 1.5, -2), 0},
		{"pow_scalar", "torch.aten.pow.Tensor_Scalar %a0 {exponent = 2.000000e+00} : tensor<2xf32> -> tensor<2xf32>", ins(f32(sh(2), 3, -0.5)), f32(sh(2), 9, 0.25), 0},
		{"pow_scalar_int", "torch.aten.pow.Tensor_Scalar %a0 {exponent = 3} : tensor<2xi32> -> tensor<2xi32>", ins(i32(sh(2), 2, -3)), i32(sh(2), 8, -27), 0},
		{"pow_tensor", "torch.aten.pow.Tensor_Tensor %a0, %a1 : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>", ins(f32(sh(2), 4, 2), f32(sh(2), 0.5, -1)), f32(sh(2), 2, 0.5), 0},
		{"where", "torch.aten.where.self %a0, %a1, %a2 : (tensor<2xi1>, tensor<2xf32>, tensor<f32>) -> tensor<2xf32>", ins(bools(sh(2), false, true), f32(sh(2), 1, 2), f32(sh(), 9)), f32(sh(2), 9, 2), 0},
		{"masked_fill", "torch.aten.masked_fill.Scalar %a0, %a1 {value = -1.000000e+09} : (tensor<2x2xf32>, tensor<2xi1>) -> tensor<2x2xf32>",
			ins(a, bools(sh(2), false, true)), f32(sh(2, 2), 1, -1e9, 3, -1e9), 0},
		{"to_dtype", "torch.aten.to.dtype %a0 {dtype = i32} : tensor<3xf32> -> tensor<3xi32>", ins(f32(sh(3), 2.7, -2.7, 0)), i32(sh(3), 2, -2, 0), 0},
		{"to_bool", "torch.aten.to.dtype %a0 {dtype = i1} : tensor<2xf32> -> tensor<2xi1>", ins(f32(sh(2), 0, 0.1)), bools(sh(2), false, true), 0},
	})
}

func TestTorchLinearAlgebra(t *testing.T) {
	a := f32(sh(2, 3), 1, 2, 3, 4, 5, 6)
	w := f32(sh(2, 3), 1, 0, 0, 0, 1, 1)
	v := f32(sh(3), 1, 1, 1)
	runCases(t, []opCase{
		{"linear", "torch.aten.linear %a0, %a1, %a2 : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x2xf32>", ins(a, w, f32(sh(2), 0.5, -1)), f32(sh(2, 2), 1.5, 4, 4.5, 10), 0},
		{"linear_nobias_1d", "torch.aten.linear %a0, %a1 : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2xf32>", ins(v, w), f32(sh(2), 1, 2), 0},
		{"matmul_dot", "torch.aten.matmul %a0, %a1 : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>", ins(v, f32(sh(3), 1, 2, 3)), f32(sh(), 6), 0},
		{"matmul_mat_vec", "torch.aten.matmul %a0, %a1 : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2xf32>", ins(a, v), f32(sh(2), 6, 15), 0},
		{"matmul_vec_mat", "torch.aten.matmul %a0, %a1 : (tensor<2xf32>, tensor<2x3xf32>) -> tensor<3xf32>", ins(f32(sh(2), 1, -1), a), f32(sh(3), -3, -3, -3), 0},
		{"mm_int", "torch.aten.mm %a0, %a1 : (tensor<1x2xi32>, tensor<2x1xi32>) -> tensor<1x1xi32>", ins(i32(sh(1, 2), 2, 3), i32(sh(2, 1), 4, 5)), i32(sh(1, 1), 23), 0},
		{"bmm", "torch.aten.bmm %a0, %a1 : (tensor<2x1x2xf32>, tensor<2x2x1xf32>) -> tensor<2x1x1xf32>",
			ins(f32(sh(2, 1, 2), 1, 2, 3, 4), f32(sh(2, 2, 1), 1, 1, 2, 0)), f32(sh(2, 1, 1), 3, 6), 0},
		{"addmm", "torch.aten.addmm %a0, %a1, %a2 {beta = 5.000000e-01, alpha = 2} : (tensor<2xf32>, tensor<1x3xf32>, tensor<3x2xf32>) -> tensor<1x2xf32>",
			ins(f32(sh(2), 2, 4), f32(sh(1, 3), 1, 2, 3), f32(sh(3, 2), 1, 0, 0, 1, 1, 1)), f32(sh(1, 2), 9, 12), 0},
		{"addmm_beta0_ignores_nan", "torch.aten.addmm %a0, %a1, %a2 {beta = 0} : (tensor<2xf32>, tensor<1x3xf32>, tensor<3x2xf32>) -> tensor<1x2xf32>",
			ins(f32(sh(2), nan, nan), f32(sh(1, 3), 1, 2, 3), f32(sh(3, 2), 1, 0, 0, 1, 1, 1)), f32(sh(1, 2), 4, 5), 0},
		{"embedding", "torch.aten.embedding %a0, %a1 : (tensor<3x2xf32>, tensor<2x2xi64>) -> tensor<2x2x2xf32>",
			ins(f32(sh(3, 2), 0, 1, 10, 11, 20, 21), i64(sh(2, 2), 2, 0, 1, 1)), f32(sh(2, 2, 2), 20, 21, 0, 1, 10, 11, 10, 11), 0},
	})
}

func TestTorchConvPool(t *testing.T) {
	x := f32(sh(1, 1, 3, 3), 1, 2, 3, 4, 5, 6, 7, 8, 9)
	ones := f32(sh(1, 1, 2, 2), 1, 1, 1, 1)
	runCases(t, []opCase{
		// padding 1 on both sides (torch's symmetric padding), stride 2.
		{"conv2d", "torch.aten.conv2d %a0, %a1, %a2 {stride = array<i64: 2>, padding = array<i64: 1>} : (tensor<1x1x3x3xf32>, tensor<1x1x2x2xf32>, tensor<1xf32>) -> tensor<1x1x2x2xf32>",
			ins(x, ones, f32(sh(1), 100)), f32(sh(1, 1, 2, 2), 101, 105, 111, 128), 0},
		{"conv2d_unbatched", "torch.aten.conv2d %a0, %a1 : (tensor<1x3x3xf32>, tensor<1x1x2x2xf32>) -> tensor<1x2x2xf32>",
			ins(f32(sh(1, 3, 3), 1, 2, 3, 4, 5, 6, 7, 8, 9), ones), f32(sh(1, 2, 2), 12, 16, 24, 28), 0},
		{"max_pool_default_stride", "torch.aten.max_pool2d %a0 {kernel_size = array<i64: 2, 2>} : tensor<1x1x3x3xf32> -> tensor<1x1x1x1xf32>", ins(x), f32(sh(1, 1, 1, 1), 5), 0},
		{"max_pool_pad_ceil", "torch.aten.max_pool2d %a0 {kernel_size = array<i64: 2, 2>, stride = array<i64: 2, 2>, padding = array<i64: 1, 1>, ceil_mode = true} : tensor<1x1x3x3xf32> -> tensor<1x1x2x2xf32>",
			ins(x), f32(sh(1, 1, 2, 2), 1, 3, 7, 9), 0},
		{"max_pool_nan", "torch.aten.max_pool2d %a0 {kernel_size = array<i64: 2, 2>} : tensor<1x2x2xf32> -> tensor<1x1x1xf32>", ins(f32(sh(1, 2, 2), nan, 1, 2, 3)), f32(sh(1, 1, 1), nan), 0},
		// count_include_pad defaults to true in torch: corner windows of
		// kernel 2, padding 1 average one input and three padded zeros.
		{"avg_pool_include_pad_default", "torch.aten.avg_pool2d %a0 {kernel_size = array<i64: 2, 2>, padding = array<i64: 1, 1>} : tensor<1x1x2x2xf32> -> tensor<1x1x2x2xf32>",
			ins(f32(sh(1, 1, 2, 2), 4, 8, 12, 16)), f32(sh(1, 1, 2, 2), 1, 2, 3, 4), 0},
		{"avg_pool_exclude_pad", "torch.aten.avg_pool2d %a0 {kernel_size = array<i64: 2, 2>, padding = array<i64: 1, 1>, count_include_pad = false} : tensor<1x1x2x2xf32> -> tensor<1x1x2x2xf32>",
			ins(f32(sh(1, 1, 2, 2), 4, 8, 12, 16)), f32(sh(1, 1, 2, 2), 4, 8, 12, 16), 0},
		{"avg_pool_divisor_override", "torch.aten.avg_pool2d %a0 {kernel_size = array<i64: 2, 2>, stride = array<i64: 1, 1>, divisor_override = 2} : tensor<1x1x3x3xf32> -> tensor<1x1x2x2xf32>",
			ins(x), f32(sh(1, 1, 2, 2), 6, 8, 12, 14), 0},
		// adaptive: 3 → 2 cells: windows [0, 2) and [1, 3) (they overlap).
		{"adaptive_avg_pool", "torch.aten.adaptive_avg_pool2d %a0 {output_size = array<i64: 2, 2>} : tensor<1x1x3x3xf32> -> tensor<1x1x2x2xf32>",
			ins(x), f32(sh(1, 1, 2, 2), 3, 4, 6, 7), 0},
		{"adaptive_avg_pool_global", "torch.aten.adaptive_avg_pool2d %a0 {output_size = array<i64: 1, 1>} : tensor<1x1x3x3xf32> -> tensor<1x1x1x1xf32>",
			ins(x), f32(sh(1, 1, 1, 1), 5), 0},
		{"adaptive_avg_pool_upsample", "torch.aten.adaptive_avg_pool2d %a0 {output_size = array<i64: 1, 3>} : tensor<1x1x2xf32> -> tensor<1x1x3xf32>",
			ins(f32(sh(1, 1, 2), 2, 4)), f32(sh(1, 1, 3), 2, 3, 4), 0},
	})
}

func TestTorchNormalization(t *testing.T) {
	x := f32(sh(2, 2), 1, 3, -2, 2)
	// per row: mean 2, var 1 → (-1, 1); mean 0, var 4 → (-1, 1).
	eps := 1e-5
	n1 := 1 / math.Sqrt(1+eps)
	n2 := 2 / math.Sqrt(4+eps)
	runCases(t, []opCase{
		{"layer_norm", "torch.aten.layer_norm %a0 {normalized_shape = array<i64: 2>} : (tensor<2x2xf32>) -> tensor<2x2xf32>", ins(x), f32(sh(2, 2), -n1, n1, -n2, n2), 1e-6},
		{"layer_norm_affine", "torch.aten.layer_norm %a0, %a1, %a2 {normalized_shape = array<i64: 2>, eps = 0.0} : (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<2x2xf32>",
			ins(x, f32(sh(2), 2, 3), f32(sh(2), 1, 0)), f32(sh(2, 2), -1, 3, -1, 3), 1e-6},
		{"layer_norm_weight_only", "torch.aten.layer_norm %a0, %a1 {normalized_shape = array<i64: 2, 2>, eps = 0.0} : (tensor<1x2x2xf32>, tensor<2x2xf32>) -> tensor<1x2x2xf32>",
			ins(f32(sh(1, 2, 2), 0, 2, 4, 6), f32(sh(2, 2), 1, 1, 1, 2)), f32(sh(1, 2, 2), -3/math.Sqrt(5), -1/math.Sqrt(5), 1/math.Sqrt(5), 6/math.Sqrt(5)), 1e-6},
		// channel 0: (x - 1)/√(4) * 2 + 1; channel 1: (x - 0)/√1 (no affine).
		{"batch_norm", "torch.aten.batch_norm %a0, %a1, %a2, %a3, %a4 {eps = 0.0} : (tensor<1x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x2xf32>",
			ins(f32(sh(1, 2, 2), 1, 3, 5, -5), f32(sh(2), 1, 0), f32(sh(2), 4, 1), f32(sh(2), 2, 1), f32(sh(2), 1, 0)), f32(sh(1, 2, 2), 1, 3, 5, -5), 1e-6},
		{"batch_norm_no_affine", "torch.aten.batch_norm %a0, %a1, %a2 {eps = 0.0} : (tensor<1x2x1xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x1xf32>",
			ins(f32(sh(1, 2, 1), 3, 3), f32(sh(2), 1, 2), f32(sh(2), 4, 1)), f32(sh(1, 2, 1), 1, 1), 1e-6},
		{"softmax", "torch.aten.softmax.int %a0 {dim = -1} : tensor<2x2xf32> -> tensor<2x2xf32>", ins(f32(sh(2, 2), 0, 0, 0, math.Log(3))), f32(sh(2, 2), 0.5, 0.5, 0.25, 0.75), 1e-7},
		{"softmax_dim0_dtype", "torch.aten.softmax.int %a0 {dim = 0, dtype = f64} : tensor<2xf32> -> tensor<2xf64>", ins(f32(sh(2), 0, 0)), tensor.MustValues(tensor.F64, sh(2), 0.5, 0.5), 0},
		{"log_softmax", "torch.aten.log_softmax.int %a0 {dim = 1} : tensor<1x2xf32> -> tensor<1x2xf32>", ins(f32(sh(1, 2), 1, 1)), f32(sh(1, 2), -math.Ln2, -math.Ln2), 1e-7},
		{"mean", "torch.aten.mean.dim %a0 {dim = array<i64: -1>, keepdim = true} : tensor<2x2xf32> -> tensor<2x1xf32>", ins(x), f32(sh(2, 1), 2, 0), 0},
		{"mean_all", "torch.aten.mean.dim %a0 : tensor<2x2xf32> -> tensor<f32>", ins(x), f32(sh(), 1), 0},
		{"mean_int_dtype", "torch.aten.mean.dim %a0 {dim = array<i64: 0>, dtype = f32} : tensor<2xi32> -> tensor<f32>", ins(i32(sh(2), 1, 2)), f32(sh(), 1.5), 0},
		{"sum", "torch.aten.sum.dim_IntList %a0 {dim = array<i64: 0>} : tensor<2x2xf32> -> tensor<2xf32>", ins(x), f32(sh(2), -1, 5), 0},
		{"sum_int_to_i64", "torch.aten.sum.dim_IntList %a0 : tensor<3xi8> -> tensor<i64>", ins(i8(sh(3), 100, 100, 100)), i64(sh(), 300), 0},
		{"argmax_dim", "torch.aten.argmax %a0 {dim = 1} : tensor<2x2xf32> -> tensor<2xi64>", ins(x), i64(sh(2), 1, 1), 0},
		{"argmax_flat", "torch.aten.argmax %a0 : tensor<2x2xf32> -> tensor<i64>", ins(x), i64(sh(), 1), 0},
		{"argmax_flat_keepdim", "torch.aten.argmax %a0 {keepdim = true} : tensor<2x2xf32> -> tensor<1x1xi64>", ins(x), i64(sh(1, 1), 1), 0},
	})
}

func TestTorchShapes(t *testing.T) {
	x := f32(sh(2, 3), 1, 2, 3, 4, 5, 6)
	runCases(t, []opCase{
		{"reshape", "torch.aten.reshape %a0 {shape = array<i64: 3, -1>} : tensor<2x3xf32> -> tensor<3x2xf32>", ins(x), f32(sh(3, 2), 1, 2, 3, 4, 5, 6), 0},
		{"view", "torch.aten.view %a0 {size = array<i64: -1>} : tensor<2x3xf32> -> tensor<6xf32>", ins(x), f32(sh(6), 1, 2, 3, 4, 5, 6), 0},
		{"flatten", "torch.aten.flatten.using_ints %a0 {start_dim = 1} : tensor<1x2x1x2xf32> -> tensor<1x4xf32>", ins(f32(sh(1, 2, 1, 2), 1, 2, 3, 4)), f32(sh(1, 4), 1, 2, 3, 4), 0},
		{"permute", "torch.aten.permute %a0 {dims = array<i64: -1, 0>} : tensor<2x3xf32> -> tensor<3x2xf32>", ins(x), f32(sh(3, 2), 1, 4, 2, 5, 3, 6), 0},
		{"transpose", "torch.aten.transpose.int %a0 {dim0 = 0, dim1 = -1} : tensor<2x3xf32> -> tensor<3x2xf32>", ins(x), f32(sh(3, 2), 1, 4, 2, 5, 3, 6), 0},
		{"unsqueeze_neg", "torch.aten.unsqueeze %a0 {dim = -1} : tensor<2x3xf32> -> tensor<2x3x1xf32>", ins(x), f32(sh(2, 3, 1), 1, 2, 3, 4, 5, 6), 0},
		{"squeeze", "torch.aten.squeeze %a0 : tensor<1x2x1xf32> -> tensor<2xf32>", ins(f32(sh(1, 2, 1), 1, 2)), f32(sh(2), 1, 2), 0},
		{"squeeze_dim", "torch.aten.squeeze.dim %a0 {dim = 0} : tensor<1x2x1xf32> -> tensor<2x1xf32>", ins(f32(sh(1, 2, 1), 1, 2)), f32(sh(2, 1), 1, 2), 0},
		{"squeeze_dim_noop", "torch.aten.squeeze.dim %a0 {dim = 1} : tensor<1x2x1xf32> -> tensor<1x2x1xf32>", ins(f32(sh(1, 2, 1), 1, 2)), f32(sh(1, 2, 1), 1, 2), 0},
		{"expand", "torch.aten.expand %a0 {size = array<i64: 2, -1, 2>} : tensor<3x1xf32> -> tensor<2x3x2xf32>", ins(f32(sh(3, 1), 1, 2, 3)), f32(sh(2, 3, 2), 1, 1, 2, 2, 3, 3, 1, 1, 2, 2, 3, 3), 0},
		{"cat", "torch.aten.cat %a0, %a1 {dim = -1} : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x4xf32>", ins(x, f32(sh(2, 1), 0, 0)), f32(sh(2, 4), 1, 2, 3, 0, 4, 5, 6, 0), 0},
		{"select", "torch.aten.select.int %a0 {dim = 1, index = -1} : tensor<2x3xf32> -> tensor<2xf32>", ins(x), f32(sh(2), 3, 6), 0},
		{"slice", "torch.aten.slice.Tensor %a0 {dim = 1, start = 1, end = 100, step = 2} : tensor<2x3xf32> -> tensor<2x1xf32>", ins(x), f32(sh(2, 1), 2, 5), 0},
		{"slice_negative", "torch.aten.slice.Tensor %a0 {dim = -1, start = -2} : tensor<2x3xf32> -> tensor<2x2xf32>", ins(x), f32(sh(2, 2), 2, 3, 5, 6), 0},
		{"slice_empty", "torch.aten.slice.Tensor %a0 {start = 5, end = 1} : tensor<2x3xf32> -> tensor<0x3xf32>", ins(x), tensor.New(tensor.F32, 0, 3), 0},
		{"constant_pad", "torch.aten.constant_pad_nd %a0 {pad = array<i64: 1, -1>, value = 9.000000e+00} : tensor<2x3xf32> -> tensor<2x3xf32>", ins(x), f32(sh(2, 3), 9, 1, 2, 9, 4, 5), 0},
		{"constant_pad_2d", "torch.aten.constant_pad_nd %a0 {pad = array<i64: 0, 0, 1, 0>} : tensor<2x3xf32> -> tensor<3x3xf32>", ins(x), f32(sh(3, 3), 0, 0, 0, 1, 2, 3, 4, 5, 6), 0},
		{"clone", "torch.aten.clone %a0 : tensor<2x3xf32>", ins(x), x, 0},
		{"contiguous", "torch.aten.contiguous %a0 : tensor<2x3xf32>", ins(x), x, 0},
		{"dropout", "torch.aten.dropout %a0 {p = 1.000000e-01, train = false} : tensor<2x3xf32>", ins(x), x, 0},
	})
}

func TestTorchSDPA(t *testing.T) {
	// One query attends to two keys; the scores Q·Kᵀ·scale are 0 and
	// ln 3, so the weights are 1/4 and 3/4.
	q := f32(sh(1, 1, 2), 1, 0)
	k := f32(sh(1, 2, 2), 0, 0, math.Log(3), 0)
	v := f32(sh(1, 2, 1), 4, 8)
	runCases(t, []opCase{
		{"scale", "torch.aten.scaled_dot_product_attention %a0, %a1, %a2 {scale = 1.000000e+00} : (tensor<1x1x2xf32>, tensor<1x2x2xf32>, tensor<1x2x1xf32>) -> tensor<1x1x1xf32>",
			ins(q, k, v), f32(sh(1, 1, 1), 7), 1e-6},
		// Default scale 1/√2 on doubled scores gives the same weights.
		{"default_scale", "torch.aten.scaled_dot_product_attention %a0, %a1, %a2 : (tensor<1x1x2xf32>, tensor<1x2x2xf32>, tensor<1x2x1xf32>) -> tensor<1x1x1xf32>",
			ins(q, f32(sh(1, 2, 2), 0, 0, math.Log(3)*math.Sqrt2, 0), v), f32(sh(1, 1, 1), 7), 1e-6},
		{"bool_mask", "torch.aten.scaled_dot_product_attention %a0, %a1, %a2, %a3 {scale = 1.000000e+00} : (tensor<1x1x2xf32>, tensor<1x2x2xf32>, tensor<1x2x1xf32>, tensor<1x2xi1>) -> tensor<1x1x1xf32>",
			ins(q, k, v, bools(sh(1, 2), true, false)), f32(sh(1, 1, 1), 4), 1e-6},
		{"float_mask", "torch.aten.scaled_dot_product_attention %a0, %a1, %a2, %a3 {scale = 1.000000e+00} : (tensor<1x1x2xf32>, tensor<1x2x2xf32>, tensor<1x2x1xf32>, tensor<1x2xf32>) -> tensor<1x1x1xf32>",
			ins(q, k, v, f32(sh(1, 2), math.Log(3), 0)), f32(sh(1, 1, 1), 6), 1e-6},
		// Causal over two queries: the first sees only key 0.
		{"causal", "torch.aten.scaled_dot_product_attention %a0, %a1, %a2 {is_causal = true, scale = 1.000000e+00} : (tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x1xf32>) -> tensor<2x1xf32>",
			ins(f32(sh(2, 2), 1, 0, 1, 0), f32(sh(2, 2), 0, 0, math.Log(3), 0), f32(sh(2, 1), 4, 8)), f32(sh(2, 1), 4, 7), 1e-6},
		// Grouped-query: two query heads share one key/value head.
		{"gqa", "torch.aten.scaled_dot_product_attention %a0, %a1, %a2 {enable_gqa = true, scale = 1.000000e+00} : (tensor<2x1x2xf32>, tensor<1x2x2xf32>, tensor<1x2x1xf32>) -> tensor<2x1x1xf32>",
			ins(f32(sh(2, 1, 2), 1, 0, 0, 0), k, v), f32(sh(2, 1, 1), 7, 6), 1e-6},
	})
}

func TestTorchConstantAndTinyCNN(t *testing.T) {
	// The demo model's ops with the dialect's spellings: constant from a
	// resource blob, conv2d, relu, adaptive pool, flatten, linear.
	src := `func.func @main(%x: tensor<1x1x2x2xf32> {mlc.name = "input"}) -> (tensor<1x2xf32> {mlc.name = "logits"}) {
  %w = torch.constant dense_resource<w> : tensor<2x1x1x1xf32>
  %b = torch.constant dense<[0.5, -0.25]> : tensor<2xf32>
  %c = torch.aten.conv2d %x, %w, %b : (tensor<1x1x2x2xf32>, tensor<2x1x1x1xf32>, tensor<2xf32>) -> tensor<1x2x2x2xf32>
  %r = torch.aten.relu %c : tensor<1x2x2x2xf32>
  %p = torch.aten.adaptive_avg_pool2d %r {output_size = array<i64: 1, 1>} : tensor<1x2x2x2xf32> -> tensor<1x2x1x1xf32>
  %f = torch.aten.flatten.using_ints %p {start_dim = 1} : tensor<1x2x1x1xf32> -> tensor<1x2xf32>
  %fw = torch.constant dense<[[1.0, 0.0], [1.0, 1.0]]> : tensor<2x2xf32>
  %y = torch.aten.linear %f, %fw : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
  return %y : tensor<1x2xf32>
}
{-#
  dialect_resources: {
    builtin: {
      w: "0x040000000000803F000080BF"
    }
  }
#-}`
	out, err := runSrc(t, src, f32(sh(1, 1, 2, 2), 1, 2, 3, -4))
	if err != nil {
		t.Fatal(err)
	}
	// channel 0: x + 0.5 → relu → [1.5, 2.5, 3.5, 0] → mean 1.875;
	// channel 1: -x - 0.25 → relu → [0, 0, 0, 3.75] → mean 0.9375.
	expectEqual(t, "logits", out[0], f32(sh(1, 2), 1.875, 2.8125))
}

func TestTorchComparisons(t *testing.T) {
	a := f32(sh(2, 3), 1, nan, 3, -1, 2, 0.1)
	b := f32(sh(3), 1, 2, 2)
	col := i32(sh(2, 1), 1, 3)
	row := i32(sh(3), 1, 2, 3)
	m := bools(sh(2), false, true)
	m2 := bools(sh(2, 1), true, false)
	runCases(t, []opCase{
		// [2,3] with [3]: rows compare against the same vector; NaN is unequal to everything.
		{"eq_broadcast", "torch.aten.eq.Tensor %a0, %a1 : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>", ins(a, b),
			bools(sh(2, 3), true, false, false, false, true, false), 0},
		{"ne_nan", "torch.aten.ne.Tensor %a0, %a1 : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>", ins(a, b),
			bools(sh(2, 3), false, true, true, true, false, true), 0},
		// [2,1] with [3] gives [2,3].
		{"lt_outer", "torch.aten.lt.Tensor %a0, %a1 : (tensor<2x1xi32>, tensor<3xi32>) -> tensor<2x3xi1>", ins(col, row),
			bools(sh(2, 3), false, true, true, false, false, false), 0},
		{"le_outer", "torch.aten.le.Tensor %a0, %a1 : (tensor<2x1xi32>, tensor<3xi32>) -> tensor<2x3xi1>", ins(col, row),
			bools(sh(2, 3), true, true, true, false, false, true), 0},
		{"gt_nan", "torch.aten.gt.Tensor %a0, %a1 : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>", ins(a, b),
			bools(sh(2, 3), false, false, true, false, false, false), 0},
		{"ge_f16", "torch.aten.ge.Tensor %a0, %a1 : (tensor<3xf16>, tensor<f16>) -> tensor<3xi1>",
			ins(tensor.MustValues(tensor.F16, sh(3), 0.5, 1, 2), tensor.MustValues(tensor.F16, sh(), 1)), bools(sh(3), false, true, true), 0},
		// Bool tensors order false < true.
		{"lt_bool", "torch.aten.lt.Tensor %a0, %a1 : (tensor<2xi1>, tensor<2x1xi1>) -> tensor<2x2xi1>", ins(m, m2),
			bools(sh(2, 2), true, false, false, false), 0},
		{"eq_bool", "torch.aten.eq.Tensor %a0, %a1 : (tensor<2xi1>, tensor<2x1xi1>) -> tensor<2x2xi1>", ins(m, m2),
			bools(sh(2, 2), false, true, true, false), 0},
		// f32(0.1) equals the Scalar 0.1 once the Scalar is rounded to f32, as PyTorch does.
		{"eq_scalar_rounds", "torch.aten.eq.Scalar %a0 {other = 1.000000e-01 : f64} : tensor<2x3xf32> -> tensor<2x3xi1>", ins(a),
			bools(sh(2, 3), false, false, false, false, false, true), 0},
		// An integer tensor with a float Scalar compares in f32: 2 > 1.5 but 1 < 1.5.
		{"gt_scalar_int_float", "torch.aten.gt.Scalar %a0 {other = 1.500000e+00 : f64} : tensor<3xi32> -> tensor<3xi1>", ins(row),
			bools(sh(3), false, true, true), 0},
		{"ne_scalar_float_on_int", "torch.aten.ne.Scalar %a0 {other = 2.000000e+00 : f64} : tensor<3xi32> -> tensor<3xi1>", ins(row),
			bools(sh(3), true, false, true), 0},
		// A bool tensor with an integer Scalar compares in i64: true (1) < 2.
		{"lt_scalar_bool", "torch.aten.lt.Scalar %a0 {other = 1 : i64} : tensor<2xi1> -> tensor<2xi1>", ins(m), bools(sh(2), true, false), 0},
		// 300 wraps to 44 in ui8, as PyTorch converts the Scalar.
		{"eq_scalar_u8_wraps", "torch.aten.eq.Scalar %a0 {other = 300 : i64} : tensor<2xui8> -> tensor<2xi1>", ins(u8(sh(2), 44, 45)), bools(sh(2), true, false), 0},
		{"le_scalar_u8", "torch.aten.le.Scalar %a0 {other = 200 : i64} : tensor<3xui8> -> tensor<3xi1>", ins(u8(sh(3), 0, 200, 255)), bools(sh(3), true, true, false), 0},
		{"ge_scalar_i64_exact", "torch.aten.ge.Scalar %a0 {other = 9007199254740993 : i64} : tensor<2xi64> -> tensor<2xi1>",
			ins(tensor.MustFromSlice(tensor.I64, sh(2), []int64{9007199254740992, 9007199254740993})), bools(sh(2), false, true), 0},
	})
}

func TestTorchLogicalAndExtrema(t *testing.T) {
	m := bools(sh(2, 1), true, false)
	runCases(t, []opCase{
		// Mixed dtypes: non-zero (NaN included) is true.
		{"and_mixed", "torch.aten.logical_and %a0, %a1 : (tensor<2x1xi1>, tensor<3xf32>) -> tensor<2x3xi1>", ins(m, f32(sh(3), 0, nan, -2)),
			bools(sh(2, 3), false, true, true, false, false, false), 0},
		{"or_ints", "torch.aten.logical_or %a0, %a1 : (tensor<3xi32>, tensor<3xi64>) -> tensor<3xi1>", ins(i32(sh(3), 0, 5, 0), i64(sh(3), 0, 0, -1)),
			bools(sh(3), false, true, true), 0},
		{"xor", "torch.aten.logical_xor %a0, %a1 : (tensor<2x1xi1>, tensor<2xi1>) -> tensor<2x2xi1>", ins(m, bools(sh(2), true, false)),
			bools(sh(2, 2), false, true, true, false), 0},
		{"not_float", "torch.aten.logical_not %a0 : tensor<3xf32> -> tensor<3xi1>", ins(f32(sh(3), 0, nan, 0.5)), bools(sh(3), true, false, false), 0},
		{"bitwise_not_i8", "torch.aten.bitwise_not %a0 : tensor<3xi8>", ins(i8(sh(3), 0, -128, 5)), i8(sh(3), -1, 127, -6), 0},
		{"bitwise_not_u8", "torch.aten.bitwise_not %a0 : tensor<2xui8>", ins(u8(sh(2), 0, 200)), u8(sh(2), 255, 55), 0},
		{"bitwise_not_bool", "torch.aten.bitwise_not %a0 : tensor<2x1xi1>", ins(m), bools(sh(2, 1), false, true), 0},
		{"maximum_nan", "torch.aten.maximum %a0, %a1 : (tensor<2x2xf32>, tensor<2xf32>) -> tensor<2x2xf32>", ins(f32(sh(2, 2), 1, nan, 5, -1), f32(sh(2), 2, 0)),
			f32(sh(2, 2), 2, nan, 5, 0), 0},
		{"minimum_int_outer", "torch.aten.minimum %a0, %a1 : (tensor<2x1xi16>, tensor<3xi16>) -> tensor<2x3xi16>",
			ins(tensor.MustValues(tensor.I16, sh(2, 1), 0, 10), tensor.MustValues(tensor.I16, sh(3), -5, 5, 15)), tensor.MustValues(tensor.I16, sh(2, 3), -5, 0, 0, -5, 5, 10), 0},
		{"maximum_bool", "torch.aten.maximum %a0, %a1 : (tensor<2x1xi1>, tensor<2xi1>) -> tensor<2x2xi1>", ins(m, bools(sh(2), false, true)), bools(sh(2, 2), true, true, false, true), 0},
		{"minimum_bool", "torch.aten.minimum %a0, %a1 : (tensor<2x1xi1>, tensor<2xi1>) -> tensor<2x2xi1>", ins(m, bools(sh(2), false, true)), bools(sh(2, 2), false, true, false, false), 0},
		// remainder takes the divisor's sign, fmod the dividend's.
		{"remainder_float", "torch.aten.remainder.Tensor %a0, %a1 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>",
			ins(f32(sh(4), 5.5, -5.5, 5.5, 1), f32(sh(4), 2, 2, -2, 0)), f32(sh(4), 1.5, 0.5, -0.5, nan), 0},
		{"fmod_float", "torch.aten.fmod.Tensor %a0, %a1 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>",
			ins(f32(sh(4), 5.5, -5.5, 5.5, 1), f32(sh(4), 2, 2, -2, 0)), f32(sh(4), 1.5, -1.5, 1.5, nan), 0},
		{"remainder_int_broadcast", "torch.aten.remainder.Tensor %a0, %a1 : (tensor<2x1xi32>, tensor<2xi32>) -> tensor<2x2xi32>",
			ins(i32(sh(2, 1), 7, -7), i32(sh(2), 3, -3)), i32(sh(2, 2), 1, -2, 2, -1), 0},
		{"fmod_int_broadcast", "torch.aten.fmod.Tensor %a0, %a1 : (tensor<2x1xi32>, tensor<2xi32>) -> tensor<2x2xi32>",
			ins(i32(sh(2, 1), 7, -7), i32(sh(2), 3, -3)), i32(sh(2, 2), 1, 1, -1, -1), 0},
	})
	d := opErr(t, "torch.aten.remainder.Tensor %a0, %a1 : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>", i32(sh(2), 1, 2), i32(sh(2), 1, 0))
	if !strings.Contains(d.Message, "by zero") {
		t.Errorf("integer remainder by zero: %s", d.Message)
	}
}

func TestTorchUnaryMath(t *testing.T) {
	x := f32(sh(6), -2.5, -0.5, 0.5, 1.5, 2.5, nan)
	h := func(v ...float64) *tensor.Tensor { return tensor.MustValues(tensor.F16, sh(int64(len(v))), v...) }
	runCases(t, []opCase{
		{"reciprocal", "torch.aten.reciprocal %a0 : tensor<3xf32>", ins(f32(sh(3), 4, -0.5, 0)), f32(sh(3), 0.25, -2, inf), 0},
		{"floor", "torch.aten.floor %a0 : tensor<6xf32>", ins(x), f32(sh(6), -3, -1, 0, 1, 2, nan), 0},
		{"ceil_f16", "torch.aten.ceil %a0 : tensor<2xf16>", ins(h(-2.5, 0.25)), h(-2, 1), 0},
		// Half to even, as torch.round and ONNX Round.
		{"round_even", "torch.aten.round %a0 : tensor<6xf32>", ins(x), f32(sh(6), -2, math.Copysign(0, -1), 0, 2, 2, nan), 0},
		{"floor_int_identity", "torch.aten.floor %a0 : tensor<2xi32>", ins(i32(sh(2), -3, 7)), i32(sh(2), -3, 7), 0},
		{"round_int_identity", "torch.aten.round %a0 : tensor<2xi64>", ins(i64(sh(2), -3, 7)), i64(sh(2), -3, 7), 0},
		// PyTorch's (x > 0) − (x < 0): NaN and −0 give +0.
		{"sign", "torch.aten.sign %a0 : tensor<7xf32>", ins(f32(sh(7), -2.5, -0.5, 0.5, 1.5, math.Copysign(0, -1), nan, inf)), f32(sh(7), -1, -1, 1, 1, 0, 0, 1), 0},
		{"sign_int", "torch.aten.sign %a0 : tensor<3xi8>", ins(i8(sh(3), -128, 0, 9)), i8(sh(3), -1, 0, 1), 0},
		{"sign_bool", "torch.aten.sign %a0 : tensor<2xi1>", ins(bools(sh(2), true, false)), bools(sh(2), true, false), 0},
		{"sin", "torch.aten.sin %a0 : tensor<2xf32>", ins(f32(sh(2), 0, 1)), f32(sh(2), 0, math.Sin(1)), 1e-7},
		{"cos", "torch.aten.cos %a0 : tensor<2xf32>", ins(f32(sh(2), 0, 1)), f32(sh(2), 1, math.Cos(1)), 1e-7},
		{"tan", "torch.aten.tan %a0 : tensor<2xf32>", ins(f32(sh(2), 0, 1)), f32(sh(2), 0, math.Tan(1)), 1e-7},
		{"sinh", "torch.aten.sinh %a0 : tensor<2xf64>", ins(tensor.MustValues(tensor.F64, sh(2), 1e-9, -2)), tensor.MustValues(tensor.F64, sh(2), 1e-9, math.Sinh(-2)), 1e-15},
		{"cosh", "torch.aten.cosh %a0 : tensor<2xf32>", ins(f32(sh(2), 0, 2)), f32(sh(2), 1, math.Cosh(2)), 1e-7},
		{"asinh", "torch.aten.asinh %a0 : tensor<2xf32>", ins(f32(sh(2), -10, 0.5)), f32(sh(2), math.Asinh(-10), math.Asinh(0.5)), 1e-7},
		{"acosh", "torch.aten.acosh %a0 : tensor<3xf32>", ins(f32(sh(3), 1, 2, 0.5)), f32(sh(3), 0, math.Acosh(2), nan), 1e-7},
		{"atanh", "torch.aten.atanh %a0 : tensor<4xf32>", ins(f32(sh(4), 0.5, 1, -1, 2)), f32(sh(4), math.Atanh(0.5), inf, ninf, nan), 1e-7},
		{"isnan", "torch.aten.isnan %a0 : tensor<6xf32> -> tensor<6xi1>", ins(x), bools(sh(6), false, false, false, false, false, true), 0},
		{"isinf", "torch.aten.isinf %a0 : tensor<4xf16> -> tensor<4xi1>", ins(h(inf, ninf, nan, 65504)), bools(sh(4), true, true, false, false), 0},
		{"isposinf", "torch.aten.isposinf %a0 : tensor<3xf32> -> tensor<3xi1>", ins(f32(sh(3), inf, ninf, 1)), bools(sh(3), true, false, false), 0},
		{"isneginf", "torch.aten.isneginf %a0 : tensor<3xf32> -> tensor<3xi1>", ins(f32(sh(3), inf, ninf, 1)), bools(sh(3), false, true, false), 0},
		{"isinf_int", "torch.aten.isinf %a0 : tensor<2xi32> -> tensor<2xi1>", ins(i32(sh(2), 1, -1)), bools(sh(2), false, false), 0},
	})
}

func TestTorchActivationsMore(t *testing.T) {
	x := f32(sh(4), -2, -0.5, 0, 3)
	em := func(v float64) float64 { return math.Expm1(v) }
	sp := func(v float64) float64 { return math.Log1p(math.Exp(v)) }
	runCases(t, []opCase{
		{"elu", "torch.aten.elu %a0 : tensor<4xf32>", ins(x), f32(sh(4), em(-2), em(-0.5), 0, 3), 1e-7},
		{"elu_params", "torch.aten.elu %a0 {alpha = 2.000000e+00 : f64, scale = 3 : i64, input_scale = 5.000000e-01 : f64} : tensor<4xf32>", ins(x),
			f32(sh(4), 6*em(-1), 6*em(-0.25), 0, 9), 1e-7},
		{"selu", "torch.aten.selu %a0 : tensor<2xf32>", ins(f32(sh(2), -1, 2)), f32(sh(2), seluScale*seluAlpha*em(-1), seluScale*2), 1e-7},
		{"celu", "torch.aten.celu %a0 {alpha = 2.000000e+00 : f64} : tensor<4xf32>", ins(x), f32(sh(4), 2*em(-1), 2*em(-0.25), 0, 3), 1e-7},
		{"softplus", "torch.aten.softplus %a0 : tensor<4xf32>", ins(x), f32(sh(4), sp(-2), sp(-0.5), math.Ln2, sp(3)), 1e-7},
		// beta·x = 6 > threshold 5: x itself.
		{"softplus_beta_threshold", "torch.aten.softplus %a0 {beta = 2 : i64, threshold = 5 : i64} : tensor<2xf32>", ins(f32(sh(2), 3, 1)), f32(sh(2), 3, sp(2)/2), 1e-7},
		{"mish", "torch.aten.mish %a0 : tensor<3xf32>", ins(f32(sh(3), -1, 0, 100)), f32(sh(3), -math.Tanh(sp(-1)), 0, 100), 1e-7},
		// One weight per channel (dim 1), broadcast over the spatial dims.
		{"prelu_channels", "torch.aten.prelu %a0, %a1 : (tensor<1x2x2xf32>, tensor<2xf32>) -> tensor<1x2x2xf32>", ins(f32(sh(1, 2, 2), -1, 2, -3, 4), f32(sh(2), 0.5, 0.25)),
			f32(sh(1, 2, 2), -0.5, 2, -0.75, 4), 0},
		{"prelu_shared", "torch.aten.prelu %a0, %a1 : (tensor<4xf32>, tensor<1xf32>) -> tensor<4xf32>", ins(x, f32(sh(1), 0.1)), f32(sh(4), -0.2, -0.05, 0, 3), 1e-7},
		{"threshold", "torch.aten.threshold %a0 {threshold = 0.000000e+00 : f64, value = -9.000000e+00 : f64} : tensor<4xf32>", ins(x), f32(sh(4), -9, -9, -9, 3), 0},
		{"threshold_nan", "torch.aten.threshold %a0 {threshold = 1.000000e+00 : f64, value = 0.000000e+00 : f64} : tensor<2xf32>", ins(f32(sh(2), nan, 1)), f32(sh(2), nan, 0), 0},
		{"threshold_int", "torch.aten.threshold %a0 {threshold = 2 : i64, value = -1 : i64} : tensor<3xi8>", ins(i8(sh(3), 1, 2, 3)), i8(sh(3), -1, -1, 3), 0},
		{"hardshrink", "torch.aten.hardshrink %a0 : tensor<5xf32>", ins(f32(sh(5), -2, -0.5, 0, 3, nan)), f32(sh(5), -2, 0, 0, 3, nan), 0},
		{"softshrink", "torch.aten.softshrink %a0 {lambd = 1.000000e+00 : f64} : tensor<5xf32>", ins(f32(sh(5), -2, -0.5, 0, 3, nan)), f32(sh(5), -1, 0, 0, 2, 0), 0},
		// Integer Scalars wrap to the dtype, as in PyTorch: 300 is 44 and 257 is 1 in ui8.
		{"threshold_int_wraps", "torch.aten.threshold %a0 {threshold = 300 : i64, value = 257 : i64} : tensor<3xui8>", ins(u8(sh(3), 44, 45, 10)), u8(sh(3), 1, 45, 1), 0},
	})
}

func TestTorchReductionsMore(t *testing.T) {
	x := f32(sh(2, 3), 1, -4, 2, 3, 0, -1)
	n := f32(sh(2, 2), 1, nan, 3, 4)
	m := bools(sh(2, 2), true, false, false, false)
	runCases(t, []opCase{
		{"amax_dim", "torch.aten.amax %a0 {dim = array<i64: 1>} : tensor<2x3xf32> -> tensor<2xf32>", ins(x), f32(sh(2), 2, 3), 0},
		{"amin_keep", "torch.aten.amin %a0 {dim = array<i64: 0>, keepdim = true} : tensor<2x3xf32> -> tensor<1x3xf32>", ins(x), f32(sh(1, 3), 1, -4, -1), 0},
		{"amax_all_nan", "torch.aten.amax %a0 : tensor<2x2xf32> -> tensor<f32>", ins(n), f32(sh(), nan), 0},
		{"amax_bool", "torch.aten.amax %a0 {dim = array<i64: 1>} : tensor<2x2xi1> -> tensor<2xi1>", ins(m), bools(sh(2), true, false), 0},
		{"amin_int", "torch.aten.amin %a0 {dim = array<i64: -1>} : tensor<2x2xi8> -> tensor<2xi8>", ins(i8(sh(2, 2), -128, 5, 7, 6)), i8(sh(2), -128, 6), 0},
		{"max_all", "torch.aten.max %a0 : tensor<2x3xf32> -> tensor<f32>", ins(x), f32(sh(), 3), 0},
		{"min_all_int", "torch.aten.min %a0 : tensor<3xi32> -> tensor<i32>", ins(i32(sh(3), 4, -2, 9)), i32(sh(), -2), 0},
		{"prod_dim", "torch.aten.prod.dim_int %a0 {dim = 1} : tensor<2x3xf32> -> tensor<2xf32>", ins(x), f32(sh(2), -8, 0), 0},
		// i8 products accumulate in i64: 100·100 does not wrap.
		{"prod_dim_int_i64", "torch.aten.prod.dim_int %a0 {dim = 0, keepdim = true} : tensor<2x2xi8> -> tensor<1x2xi64>", ins(i8(sh(2, 2), 100, -3, 100, 5)), i64(sh(1, 2), 10000, -15), 0},
		{"prod_all_bool", "torch.aten.prod %a0 : tensor<2x2xi1> -> tensor<i64>", ins(m), i64(sh(), 0), 0},
		{"prod_all_dtype", "torch.aten.prod %a0 {dtype = f64} : tensor<2x3xf32> -> tensor<f64>", ins(x), tensor.MustValues(tensor.F64, sh(), 0), 0},
		{"logsumexp", "torch.aten.logsumexp %a0 {dim = array<i64: 1>} : tensor<2x2xf32> -> tensor<2xf32>", ins(f32(sh(2, 2), 0, 0, 1000, ninf)),
			f32(sh(2), math.Ln2, 1000), 1e-7},
		{"logsumexp_all_keep", "torch.aten.logsumexp %a0 {dim = array<i64>, keepdim = true} : tensor<1x2xf32> -> tensor<1x1xf32>", ins(f32(sh(1, 2), ninf, ninf)), f32(sh(1, 1), ninf), 0},
		{"norm2", "torch.aten.linalg_vector_norm %a0 : tensor<2x2xf32> -> tensor<f32>", ins(f32(sh(2, 2), 3, 4, 0, 0)), f32(sh(), 5), 0},
		{"norm1_dim", "torch.aten.linalg_vector_norm %a0 {ord = 1 : i64, dim = array<i64: 1>} : tensor<2x3xf32> -> tensor<2xf32>", ins(x), f32(sh(2), 7, 4), 0},
		{"norm_inf", "torch.aten.linalg_vector_norm %a0 {ord = 0x7FF0000000000000 : f64, dim = array<i64: 0>, keepdim = true} : tensor<2x3xf32> -> tensor<1x3xf32>", ins(x), f32(sh(1, 3), 3, 4, 2), 0},
		{"norm_neg_inf", "torch.aten.linalg_vector_norm %a0 {ord = 0xFFF0000000000000 : f64} : tensor<2x3xf32> -> tensor<f32>", ins(x), f32(sh(), 0), 0},
		{"norm0", "torch.aten.linalg_vector_norm %a0 {ord = 0 : i64} : tensor<2x3xf32> -> tensor<f32>", ins(x), f32(sh(), 5), 0},
		{"norm3_f64", "torch.aten.linalg_vector_norm %a0 {ord = 3 : i64, dtype = f64} : tensor<2xf32> -> tensor<f64>", ins(f32(sh(2), -1, 2)), tensor.MustValues(tensor.F64, sh(), math.Cbrt(9)), 1e-15},
	})
}

func TestTorchScanSelectMove(t *testing.T) {
	x := f32(sh(2, 3), 1, 2, 3, 4, 5, 6)
	runCases(t, []opCase{
		{"cumsum_dim1", "torch.aten.cumsum %a0 {dim = 1} : tensor<2x3xf32> -> tensor<2x3xf32>", ins(x), f32(sh(2, 3), 1, 3, 6, 4, 9, 15), 0},
		{"cumsum_dim0", "torch.aten.cumsum %a0 {dim = -2} : tensor<2x3xf32> -> tensor<2x3xf32>", ins(x), f32(sh(2, 3), 1, 2, 3, 5, 7, 9), 0},
		// i8 accumulates into i64.
		{"cumsum_int", "torch.aten.cumsum %a0 {dim = 0} : tensor<3xi8> -> tensor<3xi64>", ins(i8(sh(3), 100, 100, -50)), i64(sh(3), 100, 200, 150), 0},
		{"cumsum_bool_dtype", "torch.aten.cumsum %a0 {dim = 0, dtype = f32} : tensor<3xi1> -> tensor<3xf32>", ins(bools(sh(3), true, false, true)), f32(sh(3), 1, 1, 2), 0},
		{"flip", "torch.aten.flip %a0 {dims = array<i64: 0, -1>} : tensor<2x3xf32>", ins(x), f32(sh(2, 3), 6, 5, 4, 3, 2, 1), 0},
		{"flip_int", "torch.aten.flip %a0 {dims = array<i64: 1>} : tensor<1x3xi64>", ins(i64(sh(1, 3), 1, 2, 3)), i64(sh(1, 3), 3, 2, 1), 0},
		{"tril", "torch.aten.tril %a0 : tensor<2x3xf32>", ins(x), f32(sh(2, 3), 1, 0, 0, 4, 5, 0), 0},
		{"tril_diag1", "torch.aten.tril %a0 {diagonal = 1} : tensor<2x3xf32>", ins(x), f32(sh(2, 3), 1, 2, 0, 4, 5, 6), 0},
		{"triu", "torch.aten.triu %a0 : tensor<2x3xf32>", ins(x), f32(sh(2, 3), 1, 2, 3, 0, 5, 6), 0},
		{"triu_neg_batched_bool", "torch.aten.triu %a0 {diagonal = -1} : tensor<2x2x2xi1>", ins(bools(sh(2, 2, 2), true, true, true, true, true, false, false, true)),
			bools(sh(2, 2, 2), true, true, true, true, true, false, false, true), 0},
		{"triu_diag2", "torch.aten.triu %a0 {diagonal = 2} : tensor<2x3xi32>", ins(i32(sh(2, 3), 1, 2, 3, 4, 5, 6)), i32(sh(2, 3), 0, 0, 3, 0, 0, 0), 0},
		{"repeat", "torch.aten.repeat %a0 {repeats = array<i64: 2, 1, 2>} : tensor<1x2xi32> -> tensor<2x1x4xi32>", ins(i32(sh(1, 2), 7, 8)), i32(sh(2, 1, 4), 7, 8, 7, 8, 7, 8, 7, 8), 0},
		{"gather_dim1", "torch.aten.gather %a0, %a1 {dim = 1} : (tensor<2x3xf32>, tensor<2x2xi64>) -> tensor<2x2xf32>", ins(x, i64(sh(2, 2), 2, 0, 1, 1)), f32(sh(2, 2), 3, 1, 5, 5), 0},
		// index may be smaller than self outside dim, and larger along it.
		{"gather_dim0", "torch.aten.gather %a0, %a1 {dim = 0} : (tensor<2x3xf32>, tensor<3x2xi64>) -> tensor<3x2xf32>", ins(x, i64(sh(3, 2), 1, 0, 0, 1, 1, 1)), f32(sh(3, 2), 4, 2, 1, 5, 4, 5), 0},
		// [1, 8, 1, 1] with r = 2: channel c·4 + i·2 + j goes to (c, i, j).
		{"pixel_shuffle", "torch.aten.pixel_shuffle %a0 {upscale_factor = 2} : tensor<1x8x1x1xf32> -> tensor<1x2x2x2xf32>", ins(f32(sh(1, 8, 1, 1), 0, 1, 2, 3, 4, 5, 6, 7)),
			f32(sh(1, 2, 2, 2), 0, 1, 2, 3, 4, 5, 6, 7), 0},
		{"pixel_shuffle_2x2", "torch.aten.pixel_shuffle %a0 {upscale_factor = 2} : tensor<4x1x2xf32> -> tensor<1x2x4xf32>", ins(f32(sh(4, 1, 2), 0, 1, 2, 3, 4, 5, 6, 7)),
			f32(sh(1, 2, 4), 0, 2, 1, 3, 4, 6, 5, 7), 0},
		{"pixel_unshuffle", "torch.aten.pixel_unshuffle %a0 {downscale_factor = 2} : tensor<1x2x4xf32> -> tensor<4x1x2xf32>", ins(f32(sh(1, 2, 4), 0, 2, 1, 3, 4, 6, 5, 7)),
			f32(sh(4, 1, 2), 0, 1, 2, 3, 4, 5, 6, 7), 0},
	})
	d := opErr(t, "torch.aten.gather %a0, %a1 {dim = 1} : (tensor<2x3xf32>, tensor<2x1xi64>) -> tensor<2x1xf32>", x, i64(sh(2, 1), 0, -1))
	if !strings.Contains(d.Message, "index -1 is out of bounds") {
		t.Errorf("negative gather index: %s", d.Message)
	}
}

func TestTorchTopk(t *testing.T) {
	x := f32(sh(2, 4), 3, nan, 3, -1, 0, 5, 5, 2)
	out, err := runSrc(t, `func.func @main(%x: tensor<2x4xf32>) -> (tensor<2x3xf32>, tensor<2x3xi64>, tensor<2x2xf32>, tensor<2x2xi64>, tensor<1x4xf32>, tensor<1x4xi64>) {
  %v:2 = torch.aten.topk %x {k = 3} : (tensor<2x4xf32>) -> (tensor<2x3xf32>, tensor<2x3xi64>)
  %s:2 = torch.aten.topk %x {k = 2, largest = false} : (tensor<2x4xf32>) -> (tensor<2x2xf32>, tensor<2x2xi64>)
  %d:2 = torch.aten.topk %x {k = 1, dim = 0} : (tensor<2x4xf32>) -> (tensor<1x4xf32>, tensor<1x4xi64>)
  return %v#0, %v#1, %s#0, %s#1, %d#0, %d#1 : tensor<2x3xf32>, tensor<2x3xi64>, tensor<2x2xf32>, tensor<2x2xi64>, tensor<1x4xf32>, tensor<1x4xi64>
}`, x)
	if err != nil {
		t.Fatal(err)
	}
	// NaN is largest; equal values keep their index order.
	expectEqual(t, "largest values", out[0], f32(sh(2, 3), nan, 3, 3, 5, 5, 2))
	expectEqual(t, "largest indices", out[1], i64(sh(2, 3), 1, 0, 2, 1, 2, 3))
	expectEqual(t, "smallest values", out[2], f32(sh(2, 2), -1, 3, 0, 2))
	expectEqual(t, "smallest indices", out[3], i64(sh(2, 2), 3, 0, 0, 3))
	expectEqual(t, "dim 0 values", out[4], f32(sh(1, 4), 3, nan, 5, 2))
	expectEqual(t, "dim 0 indices", out[5], i64(sh(1, 4), 0, 0, 1, 1))

	out, err = runSrc(t, `func.func @main(%x: tensor<5xi32>) -> (tensor<2xi32>, tensor<2xi64>) {
  %v:2 = torch.aten.topk %x {k = 2, largest = false} : (tensor<5xi32>) -> (tensor<2xi32>, tensor<2xi64>)
  return %v#0, %v#1 : tensor<2xi32>, tensor<2xi64>
}`, i32(sh(5), 7, -1, 3, -1, 0))
	if err != nil {
		t.Fatal(err)
	}
	expectEqual(t, "int values", out[0], i32(sh(2), -1, -1))
	expectEqual(t, "int indices", out[1], i64(sh(2), 1, 3))
}

func TestTorchNormsMore(t *testing.T) {
	// Instance norm: each (sample, channel) row [a, b] normalizes to [−1, 1]
	// (times √(v/(v+eps)), with eps 0 here), then weight and bias apply.
	x := f32(sh(1, 2, 2), 1, 3, -2, 6)
	runCases(t, []opCase{
		{"instance_norm", "torch.aten.instance_norm %a0, %a1, %a2 {eps = 0.0} : (tensor<1x2x2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x2xf32>",
			ins(x, f32(sh(2), 2, 3), f32(sh(2), 0, 1)), f32(sh(1, 2, 2), -2, 2, -2, 4), 1e-6},
		{"instance_norm_default_eps", "torch.aten.instance_norm %a0 : (tensor<1x2x2xf32>) -> tensor<1x2x2xf32>",
			ins(x), f32(sh(1, 2, 2), -1/math.Sqrt(1+1e-5), 1/math.Sqrt(1+1e-5), -4/math.Sqrt(16+1e-5), 4/math.Sqrt(16+1e-5)), 1e-6},
		// Group norm over both channels together: values 1, 3, −2, 6 (mean 2, var 8.5).
		{"group_norm_one_group", "torch.aten.group_norm %a0, %a1 {num_groups = 1, eps = 0.0} : (tensor<1x2x2xf32>, tensor<2xf32>) -> tensor<1x2x2xf32>",
			ins(x, f32(sh(2), 1, 2)), f32(sh(1, 2, 2), -1/math.Sqrt(8.5), 1/math.Sqrt(8.5), -8/math.Sqrt(8.5), 8/math.Sqrt(8.5)), 1e-6},
		{"group_norm_per_channel", "torch.aten.group_norm %a0 {num_groups = 2, eps = 0.0} : (tensor<1x2x2xf32>) -> tensor<1x2x2xf32>",
			ins(x), f32(sh(1, 2, 2), -1, 1, -1, 1), 1e-6},
	})
}
