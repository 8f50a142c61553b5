// RUN: mlc run %s | filecheck %s --check-prefix=FLOAT
// RUN: mlc run %s --trt-fused | filecheck %s --check-prefix=FUSED

// A dequantize → convolution (+ f32 bias) → quantize group, bare and
// with a relu before the quantize. Op by op: x = [1.5, -1], y = x + 0.2
// = [1.7, -0.8], quantized at 0.25 to [7, -3]. As TensorRT's int8 kernel
// (--trt-fused): the bias quantized to int32 at s_x·s_w = 0.5 is 0, the
// integer sums [3, -2] scaled by 0.5 / 0.25 give [6, -4]; the relu is a
// clamp of the stored result at 0.

// FLOAT:      q: i8[1x1x1x2]
// FLOAT-NEXT: {{\[\[\[\[}}7, -3]]]]
// FLOAT:      relu: i8[1x1x1x2]
// FLOAT-NEXT: {{\[\[\[\[}}7, 0]]]]

// FUSED:      q: i8[1x1x1x2]
// FUSED-NEXT: {{\[\[\[\[}}6, -4]]]]
// FUSED:      relu: i8[1x1x1x2]
// FUSED-NEXT: {{\[\[\[\[}}6, 0]]]]

func.func @main() -> (tensor<1x1x1x2xi8> {mlc.name = "q"}, tensor<1x1x1x2xi8> {mlc.name = "relu"}) {
  %x = trt.constant dense<[[[[3, -2]]]]> : tensor<1x1x1x2xi8>
  %sx = trt.constant dense<0.5> : tensor<f32>
  %dx = trt.dequantize %x, %sx : (tensor<1x1x1x2xi8>, tensor<f32>) -> tensor<1x1x1x2xf32>
  %w = trt.constant dense<[[[[1]]]]> : tensor<1x1x1x1xi8>
  %sw = trt.constant dense<[1.0]> : tensor<1xf32>
  %dw = trt.dequantize %w, %sw {axis = 0 : i64} : (tensor<1x1x1x1xi8>, tensor<1xf32>) -> tensor<1x1x1x1xf32>
  %b = trt.constant dense<[0.2]> : tensor<1xf32>
  %sy = trt.constant dense<0.25> : tensor<f32>
  %y = trt.convolution %dx, %dw, %b {kernel_size = array<i64: 1, 1>, num_output_maps = 1 : i64} : (tensor<1x1x1x2xf32>, tensor<1x1x1x1xf32>, tensor<1xf32>) -> tensor<1x1x1x2xf32>
  %q = trt.quantize %y, %sy : (tensor<1x1x1x2xf32>, tensor<f32>) -> tensor<1x1x1x2xi8>
  %y2 = trt.convolution %dx, %dw, %b {kernel_size = array<i64: 1, 1>, num_output_maps = 1 : i64} : (tensor<1x1x1x2xf32>, tensor<1x1x1x1xf32>, tensor<1xf32>) -> tensor<1x1x1x2xf32>
  %r = trt.activation "relu" %y2 : tensor<1x1x1x2xf32> -> tensor<1x1x1x2xf32>
  %qr = trt.quantize %r, %sy : (tensor<1x1x1x2xf32>, tensor<f32>) -> tensor<1x1x1x2xi8>
  return %q, %qr : tensor<1x1x1x2xi8>, tensor<1x1x1x2xi8>
}
