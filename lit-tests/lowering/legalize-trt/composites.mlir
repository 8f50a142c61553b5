// RUN: mlc-opt --pass-pipeline='builtin.module(func.func(quantize{target=trt-orin},legalize-trt{target=trt-orin}))' %s | filecheck %s

// core.layer_norm becomes one trt.normalization over the axes' bitmask
// (scale and bias shuffled to the input's rank; zeros when the op has no
// bias), core.gelu an activation of kind gelu_erf or gelu_tanh,
// core.softmax a trt.softmax with a one-bit axes mask, all in f16.
// CHECK-LABEL: func.func @block(
// CHECK:         %[[W:.*]] = trt.shuffle %{{.*}} {output_type = f16, precision = f16, reshape_dims = array<i64: 1, 1, 8>} : tensor<8xf16> -> tensor<1x1x8xf16>
// CHECK-NEXT:    %[[B:.*]] = trt.shuffle %{{.*}} {output_type = f16, precision = f16, reshape_dims = array<i64: 1, 1, 8>} : tensor<8xf16> -> tensor<1x1x8xf16>
// CHECK-NEXT:    %[[N:.*]] = trt.normalization %{{.*}}, %[[W]], %[[B]] {axes = 4 : i64, epsilon = 9.99999974E-6 : f32, output_type = f16, precision = f16} : (tensor<1x4x8xf16>, tensor<1x1x8xf16>, tensor<1x1x8xf16>) -> tensor<1x4x8xf16>
// CHECK-NEXT:    %[[G:.*]] = trt.activation "gelu_erf" %[[N]] {output_type = f16, precision = f16} : tensor<1x4x8xf16> -> tensor<1x4x8xf16>
// CHECK-NEXT:    %[[T:.*]] = trt.activation "gelu_tanh" %[[G]] {output_type = f16, precision = f16}
// CHECK-NEXT:    %[[S:.*]] = trt.softmax %[[T]] {axes = 4 : i64, output_type = f16, precision = f16} : tensor<1x4x8xf16> -> tensor<1x4x8xf16>
// CHECK:         %[[Z:.*]] = trt.constant dense<0.000000e+00> : tensor<1x1x8xf16>
// CHECK:         trt.normalization %[[S]], %{{.*}}, %[[Z]] {axes = 4 : i64, epsilon = 9.99999974E-6 : f32,
func.func @block(%x: tensor<1x4x8xf32> {mlc.calib = array<f64: -2.0, 2.0>}) -> tensor<1x4x8xf32> {
  %w = core.constant dense<[1.0, 2.0, 0.5, 1.5, 1.0, -1.0, 0.25, 3.0]> : tensor<8xf32>
  %b = core.constant dense<[0.0, 0.1, 0.2, 0.3, -0.4, 0.5, 0.6, 0.7]> : tensor<8xf32>
  %0 = core.layer_norm %x, %w, %b {axes = array<i64: 2>, mlc.calib = [array<f64: -3.0, 3.5>]} : (tensor<1x4x8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<1x4x8xf32>
  %1 = core.gelu %0 {mlc.calib = [array<f64: -0.2, 3.5>]} : (tensor<1x4x8xf32>) -> tensor<1x4x8xf32>
  %2 = core.gelu %1 {approximate = "tanh", mlc.calib = [array<f64: -0.2, 3.5>]} : (tensor<1x4x8xf32>) -> tensor<1x4x8xf32>
  %3 = core.softmax %2 {axis = 2 : i64, mlc.calib = [array<f64: 0.0, 1.0>]} : (tensor<1x4x8xf32>) -> tensor<1x4x8xf32>
  %4 = core.layer_norm %3, %w {axes = array<i64: 2>, mlc.calib = [array<f64: -3.0, 3.5>]} : (tensor<1x4x8xf32>, tensor<8xf32>) -> tensor<1x4x8xf32>
  func.return %4 : tensor<1x4x8xf32>
}
