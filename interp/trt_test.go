package interp

import (
	"math"
	"testing"

	"github.com/mlc-go/mlc/internal/tensor"
)

// trtCase runs @main of src (trt layers) on in and compares with want.
func trtCase(t *testing.T, name, src string, want *tensor.Tensor, in ...*tensor.Tensor) {
	t.Helper()
	out, err := runSrc(t, src, in...)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if want.DType().IsFloat() {
		expectClose(t, name, out[0], want, 1e-6)
		return
	}
	expectEqual(t, name, out[0], want)
}

// TensorRT's IQuantizeLayer: x / scale in float32, round half to even,
// saturate to [-128, 127]; NaN gives 0 (the zero point).
func TestTRTQuantizeRoundsHalfEvenAndSaturates(t *testing.T) {
	src := `func.func @main(%x: tensor<8xf32>) -> tensor<8xi8> {
  %s = trt.constant dense<0.5> : tensor<f32>
  %q = trt.quantize %x, %s : (tensor<8xf32>, tensor<f32>) -> tensor<8xi8>
  return %q : tensor<8xi8>
}`
	x := f32(sh(8), 0.25, 0.75, -0.25, 1.25, -1.25, 100, -100, math.NaN())
	trtCase(t, "quantize", src, i8(sh(8), 0, 2, 0, 2, -2, 127, -128, 0), x)
}

func TestTRTDequantizePerChannelWeights(t *testing.T) {
	src := `func.func @main() -> tensor<2x2xf32> {
  %w = trt.constant dense<[[1, 2], [3, -4]]> : tensor<2x2xi8>
  %s = trt.constant dense<[0.5, 2.0]> : tensor<2xf32>
  %d = trt.dequantize %w, %s {axis = 0 : i64} : (tensor<2x2xi8>, tensor<2xf32>) -> tensor<2x2xf32>
  return %d : tensor<2x2xf32>
}`
	trtCase(t, "dequantize", src, f32(sh(2, 2), 0.5, 1, 6, -8))
}

func TestTRTDeconvolution(t *testing.T) {
	// Stride 1, a 2x2 kernel of ones: each output sums the inputs whose
	// window covers it.
	src := `func.func @main(%x: tensor<1x1x2x2xf32>) -> tensor<1x1x3x3xf32> {
  %k = trt.constant dense<1.0> : tensor<1x1x2x2xf32>
  %y = trt.deconvolution %x, %k {num_output_maps = 1 : i64, kernel_size = array<i64: 2, 2>} : (tensor<1x1x2x2xf32>, tensor<1x1x2x2xf32>) -> tensor<1x1x3x3xf32>
  return %y : tensor<1x1x3x3xf32>
}`
	trtCase(t, "deconvolution", src, f32(sh(1, 1, 3, 3), 1, 3, 2, 4, 10, 6, 3, 7, 4), f32(sh(1, 1, 2, 2), 1, 2, 3, 4))
	// Stride 2 with a bias, cropped by one on each side.
	src = `func.func @main(%x: tensor<1x1x2x2xf32>) -> tensor<1x1x2x2xf32> {
  %k = trt.constant dense<1.0> : tensor<1x1x2x2xf32>
  %b = trt.constant dense<0.5> : tensor<1xf32>
  %y = trt.deconvolution %x, %k, %b {num_output_maps = 1 : i64, kernel_size = array<i64: 2, 2>, stride = array<i64: 2, 2>, pre_padding = array<i64: 1, 1>, post_padding = array<i64: 1, 1>} : (tensor<1x1x2x2xf32>, tensor<1x1x2x2xf32>, tensor<1xf32>) -> tensor<1x1x2x2xf32>
  return %y : tensor<1x1x2x2xf32>
}`
	trtCase(t, "deconvolution stride 2", src, f32(sh(1, 1, 2, 2), 1.5, 2.5, 3.5, 4.5), f32(sh(1, 1, 2, 2), 1, 2, 3, 4))
}

func TestTRTPoolingModes(t *testing.T) {
	x := f32(sh(1, 1, 3, 3), 1, 2, 3, 4, 5, 6, 7, 8, 9)
	// Round up: a second window per axis over the last row/column only.
	src := `func.func @main(%x: tensor<1x1x3x3xf32>) -> tensor<1x1x2x2xf32> {
  %y = trt.pooling "max" %x {window_size = array<i64: 2, 2>, stride = array<i64: 2, 2>, padding_mode = "explicit_round_up"} : tensor<1x1x3x3xf32> -> tensor<1x1x2x2xf32>
  return %y : tensor<1x1x2x2xf32>
}`
	trtCase(t, "max round up", src, f32(sh(1, 1, 2, 2), 5, 6, 8, 9), x)
	// Average over the non-padding elements of each window.
	src = `func.func @main(%x: tensor<1x1x3x3xf32>) -> tensor<1x1x2x2xf32> {
  %y = trt.pooling "average" %x {window_size = array<i64: 2, 2>, stride = array<i64: 2, 2>, pre_padding = array<i64: 1, 1>} : tensor<1x1x3x3xf32> -> tensor<1x1x2x2xf32>
  return %y : tensor<1x1x2x2xf32>
}`
	trtCase(t, "average excluding padding", src, f32(sh(1, 1, 2, 2), 1, 2.5, 5.5, 7), x)
}

func TestTRTSliceModes(t *testing.T) {
	x := f32(sh(3), 10, 11, 12)
	for _, c := range []struct {
		mode string
		want []float64
	}{
		{"wrap", []float64{11, 12, 10, 11, 12, 10}},
		{"clamp", []float64{10, 10, 10, 11, 12, 12}},
		{"fill", []float64{0, 0, 10, 11, 12, 0}},
		{"reflect", []float64{12, 11, 10, 11, 12, 11}},
	} {
		src := `func.func @main(%x: tensor<3xf32>) -> tensor<6xf32> {
  %y = trt.slice %x {start = array<i64: -2>, size = array<i64: 6>, stride = array<i64: 1>, mode = "` + c.mode + `"} : tensor<3xf32> -> tensor<6xf32>
  return %y : tensor<6xf32>
}`
		trtCase(t, c.mode, src, f32(sh(6), c.want...), x)
	}
}

func TestTRTShuffleSoftmaxTopK(t *testing.T) {
	x := f32(sh(2, 3), 1, 2, 3, 4, 5, 6)
	// [[1,4],[2,5],[3,6]] -> reshape [[1,4,2],[5,3,6]] -> transpose.
	src := `func.func @main(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %y = trt.shuffle %x {first_transpose = array<i64: 1, 0>, reshape_dims = array<i64: 2, -1>, second_transpose = array<i64: 1, 0>} : tensor<2x3xf32> -> tensor<3x2xf32>
  return %y : tensor<3x2xf32>
}`
	trtCase(t, "shuffle", src, f32(sh(3, 2), 1, 5, 4, 3, 2, 6), x)
	src = `func.func @main(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %y = trt.softmax %x {axes = 2 : i64} : tensor<2x3xf32> -> tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}`
	e1, e2 := math.Exp(1), math.Exp(2)
	s := 1 + e1 + e2
	trtCase(t, "softmax", src, f32(sh(2, 3), 1/s, e1/s, e2/s, 1/s, e1/s, e2/s), x)
	src = `func.func @main(%x: tensor<2x3xf32>) -> tensor<2x2xi32> {
  %v:2 = trt.topk "max" %x {k = 2 : i64, axes = 2 : i64} : tensor<2x3xf32> -> tensor<2x2xf32>, tensor<2x2xi32>
  return %v#1 : tensor<2x2xi32>
}`
	trtCase(t, "topk", src, i32(sh(2, 2), 2, 0, 1, 0), f32(sh(2, 3), 5, 1, 7, 2, 9, 2))
}

func TestTRTNormalization(t *testing.T) {
	// Layer norm over the last axis: [1, 3] -> [-1, 1] (eps 0), scaled by
	// [2, 1] and shifted by [0, 1].
	src := `func.func @main(%x: tensor<1x2xf32>) -> tensor<1x2xf32> {
  %s = trt.constant dense<[[2.0, 1.0]]> : tensor<1x2xf32>
  %b = trt.constant dense<[[0.0, 1.0]]> : tensor<1x2xf32>
  %y = trt.normalization %x, %s, %b {axes = 2 : i64, epsilon = 0.0 : f32} : (tensor<1x2xf32>, tensor<1x2xf32>, tensor<1x2xf32>) -> tensor<1x2xf32>
  return %y : tensor<1x2xf32>
}`
	trtCase(t, "layer norm", src, f32(sh(1, 2), -2, 2), f32(sh(1, 2), 1, 3))
	// Group norm, 2 groups of 2 channels, each normalized over its channels
	// and the spatial axis; per-group scale [1, 10].
	src = `func.func @main(%x: tensor<1x4x1xf32>) -> tensor<1x4x1xf32> {
  %s = trt.constant dense<[[[1.0], [10.0]]]> : tensor<1x2x1xf32>
  %b = trt.constant dense<0.0> : tensor<1x2x1xf32>
  %y = trt.normalization %x, %s, %b {axes = 4 : i64, num_groups = 2 : i64, epsilon = 0.0 : f32} : (tensor<1x4x1xf32>, tensor<1x2x1xf32>, tensor<1x2x1xf32>) -> tensor<1x4x1xf32>
  return %y : tensor<1x4x1xf32>
}`
	trtCase(t, "group norm", src, f32(sh(1, 4, 1), -1, 1, -10, 10), f32(sh(1, 4, 1), 1, 3, 5, 9))
}

func TestTRTMatrixMultiplyOperations(t *testing.T) {
	a := f32(sh(2, 2), 1, 2, 3, 4)
	src := `func.func @main(%a: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %y = trt.matrix_multiply %a, %a {op1 = "transpose"} : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  return %y : tensor<2x2xf32>
}`
	trtCase(t, "a·aᵀ", src, f32(sh(2, 2), 5, 11, 11, 25), a)
	src = `func.func @main(%a: tensor<2x2xf32>, %v: tensor<2xf32>) -> tensor<2xf32> {
  %y = trt.matrix_multiply %a, %v {op1 = "vector"} : (tensor<2x2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %y : tensor<2xf32>
}`
	trtCase(t, "a·v", src, f32(sh(2), 5, 11), a, f32(sh(2), 1, 2))
}

func TestTRTElementWiseUnaryActivation(t *testing.T) {
	a, b := f32(sh(3), -7, 7, 2), f32(sh(3), 2, 2, 2)
	src := `func.func @main(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {
  %y = trt.element_wise "floor_div" %a, %b : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %y : tensor<3xf32>
}`
	trtCase(t, "floor_div", src, f32(sh(3), -4, 3, 1), a, b)
	src = `func.func @main(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xi1> {
  %y = trt.element_wise "greater" %a, %b : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
  return %y : tensor<3xi1>
}`
	trtCase(t, "greater", src, bools(sh(3), false, true, false), a, b)
	src = `func.func @main(%a: tensor<3xf32>) -> tensor<3xf32> {
  %y = trt.activation "clip" %a {alpha = -1.0 : f32, beta = 3.0 : f32} : tensor<3xf32> -> tensor<3xf32>
  %z = trt.unary "neg" %y : tensor<3xf32> -> tensor<3xf32>
  return %z : tensor<3xf32>
}`
	trtCase(t, "clip, neg", src, f32(sh(3), 1, -3, -2), a)
	src = `func.func @main(%a: tensor<3xf32>) -> tensor<3xf32> {
  %y = trt.activation "thresholded_relu" %a {alpha = 2.0 : f32} : tensor<3xf32> -> tensor<3xf32>
  return %y : tensor<3xf32>
}`
	trtCase(t, "thresholded_relu", src, f32(sh(3), 0, 7, 0), a)
}

func TestTRTGatherResizePadding(t *testing.T) {
	data := f32(sh(2, 2), 1, 2, 3, 4)
	src := `func.func @main(%d: tensor<2x2xf32>, %i: tensor<2x2xi32>) -> tensor<2x2xf32> {
  %y = trt.gather %d, %i {mode = "element", axis = 1 : i64} : (tensor<2x2xf32>, tensor<2x2xi32>) -> tensor<2x2xf32>
  return %y : tensor<2x2xf32>
}`
	trtCase(t, "gather element", src, f32(sh(2, 2), 2, 1, 3, 3), data, i32(sh(2, 2), 1, 0, 0, 0))
	src = `func.func @main(%d: tensor<2x2xf32>, %i: tensor<2x2xi32>) -> tensor<2xf32> {
  %y = trt.gather %d, %i {mode = "nd"} : (tensor<2x2xf32>, tensor<2x2xi32>) -> tensor<2xf32>
  return %y : tensor<2xf32>
}`
	trtCase(t, "gather nd", src, f32(sh(2), 2, 3), data, i32(sh(2, 2), 0, 1, 1, 0))
	src = `func.func @main(%x: tensor<1x1x1x2xf32>) -> tensor<1x1x1x4xf32> {
  %y = trt.resize %x {shape = array<i64: 1, 1, 1, 4>, resize_mode = "linear", coordinate_transformation = "half_pixel"} : tensor<1x1x1x2xf32> -> tensor<1x1x1x4xf32>
  return %y : tensor<1x1x1x4xf32>
}`
	trtCase(t, "resize linear", src, f32(sh(1, 1, 1, 4), 1, 1.25, 1.75, 2), f32(sh(1, 1, 1, 2), 1, 2))
	src = `func.func @main(%x: tensor<1x2x2xf32>) -> tensor<1x3x1xf32> {
  %y = trt.padding %x {pre_padding = array<i64: 1, 0>, post_padding = array<i64: 0, -1>} : tensor<1x2x2xf32> -> tensor<1x3x1xf32>
  return %y : tensor<1x3x1xf32>
}`
	trtCase(t, "padding", src, f32(sh(1, 3, 1), 0, 1, 3), f32(sh(1, 2, 2), 1, 2, 3, 4))
}

// num_elementwise_dims = 1: the leading dimension pairs data and indices
// entry by entry (an extent of 1 broadcasts).
func TestTRTGatherElementwiseDims(t *testing.T) {
	src := `func.func @main(%d: tensor<2x3xf32>, %i: tensor<2x1xi32>) -> tensor<2x1xf32> {
  %y = trt.gather %d, %i {axis = 1 : i64, num_elementwise_dims = 1 : i64} : (tensor<2x3xf32>, tensor<2x1xi32>) -> tensor<2x1xf32>
  return %y : tensor<2x1xf32>
}`
	trtCase(t, "gather default, 1 elementwise dim", src, f32(sh(2, 1), 3, 4), f32(sh(2, 3), 1, 2, 3, 4, 5, 6), i32(sh(2, 1), 2, 0))
	src = `func.func @main(%d: tensor<2x3xf32>, %i: tensor<2x1xi32>) -> tensor<2xf32> {
  %y = trt.gather %d, %i {mode = "nd", num_elementwise_dims = 1 : i64} : (tensor<2x3xf32>, tensor<2x1xi32>) -> tensor<2xf32>
  return %y : tensor<2xf32>
}`
	trtCase(t, "gather nd, 1 elementwise dim", src, f32(sh(2), 2, 6), f32(sh(2, 3), 1, 2, 3, 4, 5, 6), i32(sh(2, 1), 1, 2))
}

// 3-D windows (NCDHW) run through the tensor package's 3-D kernels.
func TestTRT3DWindows(t *testing.T) {
	x := f32(sh(1, 1, 2, 2, 2), 1, 2, 3, 4, 5, 6, 7, 8)
	src := `func.func @main(%x: tensor<1x1x2x2x2xf32>) -> tensor<1x1x1x1x1xf32> {
  %k = trt.constant dense<1.0> : tensor<1x1x2x2x2xf32>
  %y = trt.convolution %x, %k {num_output_maps = 1 : i64, kernel_size = array<i64: 2, 2, 2>} : (tensor<1x1x2x2x2xf32>, tensor<1x1x2x2x2xf32>) -> tensor<1x1x1x1x1xf32>
  return %y : tensor<1x1x1x1x1xf32>
}`
	trtCase(t, "conv3d", src, f32(sh(1, 1, 1, 1, 1), 36), x)
	src = `func.func @main(%x: tensor<1x1x2x2x2xf32>) -> tensor<1x1x1x1x1xf32> {
  %y = trt.pooling "max" %x {window_size = array<i64: 2, 2, 2>, stride = array<i64: 2, 2, 2>} : tensor<1x1x2x2x2xf32> -> tensor<1x1x1x1x1xf32>
  return %y : tensor<1x1x1x1x1xf32>
}`
	trtCase(t, "maxpool3d", src, f32(sh(1, 1, 1, 1, 1), 8), x)
}
