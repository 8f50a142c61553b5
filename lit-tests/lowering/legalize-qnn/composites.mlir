// RUN: mlc-opt --pass-pipeline='builtin.module(func.func(quantize{target=qnn-htp-v73},quant-fuse,legalize-qnn{target=qnn-htp-v73}))' %s | filecheck %s

// core.layer_norm, core.gelu and core.softmax become qnn.LayerNorm (i8
// gamma, i32 beta as static tensors), qnn.Gelu and qnn.Softmax on u8.
// CHECK-LABEL: func.func @block(
// CHECK-NEXT:    %[[X:.*]] = qnn.Quantize %arg0 : tensor<1x4x8xf32> -> !qnn.tensor<1x4x8xufixed8, scale = 0.015686275, offset = -128>
// CHECK-NEXT:    %[[W:.*]] = qnn.StaticTensor dense<[42, 85, 21, 64, 42, -42, 11, 127]> : tensor<8xi8> -> !qnn.tensor<8xsfixed8, scale = 0.023622047, offset = 0>
// CHECK-NEXT:    %[[B:.*]] = qnn.StaticTensor {{.*}} : tensor<8xi32> -> !qnn.tensor<8xsfixed32,
// CHECK-NEXT:    %[[LN:.*]] = qnn.LayerNorm %[[X]], %[[W]], %[[B]] {axes = array<i64: 2>, epsilon = 9.99999974E-6 : f32} : {{.*}} -> !qnn.tensor<1x4x8xufixed8, scale = 0.025490196, offset = -118>
// CHECK-NEXT:    %[[G:.*]] = qnn.Gelu %[[LN]] : !qnn.tensor<1x4x8xufixed8, scale = 0.025490196, offset = -118> -> !qnn.tensor<1x4x8xufixed8, scale = 0.014509804, offset = -14>
// CHECK-NEXT:    %[[S:.*]] = qnn.Softmax %[[G]] {axis = 2 : i64} : {{.*}} -> !qnn.tensor<1x4x8xufixed8, scale = 0.003921569, offset = 0>
// CHECK-NEXT:    qnn.Dequantize %[[S]]
func.func @block(%x: tensor<1x4x8xf32> {mlc.calib = array<f64: -2.0, 2.0>}) -> tensor<1x4x8xf32> {
  %w = core.constant dense<[1.0, 2.0, 0.5, 1.5, 1.0, -1.0, 0.25, 3.0]> : tensor<8xf32>
  %b = core.constant dense<[0.0, 0.1, 0.2, 0.3, -0.4, 0.5, 0.6, 0.7]> : tensor<8xf32>
  %0 = core.layer_norm %x, %w, %b {axes = array<i64: 2>, mlc.calib = [array<f64: -3.0, 3.5>]} : (tensor<1x4x8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<1x4x8xf32>
  %1 = core.gelu %0 {mlc.calib = [array<f64: -0.2, 3.5>]} : (tensor<1x4x8xf32>) -> tensor<1x4x8xf32>
  %2 = core.softmax %1 {axis = 2 : i64, mlc.calib = [array<f64: 0.0, 1.0>]} : (tensor<1x4x8xf32>) -> tensor<1x4x8xf32>
  func.return %2 : tensor<1x4x8xf32>
}
