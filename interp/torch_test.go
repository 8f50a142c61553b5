package interp

import (
	"math"
	"testing"

	"github.com/mlc-go/mlc/interp/tensor"
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
