// RUN: mlc-opt --pass-pipeline='builtin.module(func.func(quantize{target=qnn-htp-v73},quant-fuse,legalize-qnn{target=qnn-htp-v73}))' --mlir-print-local-scope %s | filecheck %s
// RUN: mlc-opt --pass-pipeline='builtin.module(func.func(quantize{target=qnn-htp-v73},legalize-qnn{target=qnn-htp-v73}))' --mlir-print-local-scope %s | filecheck %s

// The same from the QDQ form (no quant-fuse): legalize-qnn fuses it.

// A quantized conv2d + relu: the input is quantized then moved to NHWC at
// the graph boundary, the filter is a static HWIO tensor with per-channel
// (axis 3) symmetric sfixed8 encodings, the i32 bias an sfixed32 static
// tensor with scale = input scale × weight scale per channel and offset 0,
// activations ufixed8 with offset = −zero_point (%x in [-1, 3]: zero point
// 64, offset -64). The result goes back to NCHW before the dequantize.

// CHECK-LABEL: func.func @conv(
// CHECK:         %[[Q:.*]] = qnn.Quantize %arg0 : tensor<1x2x4x4xf32> -> !qnn.tensor<1x2x4x4xufixed8, scale = 0.015686275, offset = -64>
// CHECK-DAG:     %[[B:.*]] = qnn.StaticTensor dense<[810, -810]> : tensor<2xi32> -> !qnn.tensor<2xsfixed32, axis = 0, scale_offsets = [0.00012351398:0, 0.00024702796:0]>
// CHECK-DAG:     %[[W:.*]] = qnn.StaticTensor dense<{{\[\[\[\[}}64, 16], [-127, 127]]]]> : tensor<1x1x2x2xi8> -> !qnn.tensor<1x1x2x2xsfixed8, axis = 3, scale_offsets = [0.007874016:0, 0.015748031:0]>
// CHECK-DAG:     %[[X:.*]] = qnn.Transpose %[[Q]] {perm = array<i64: 0, 2, 3, 1>} : !qnn.tensor<1x2x4x4xufixed8, scale = 0.015686275, offset = -64> -> !qnn.tensor<1x4x4x2xufixed8, scale = 0.015686275, offset = -64>
// CHECK:         %[[C:.*]] = qnn.Conv2d %[[X]], %[[W]], %[[B]] {dilation = array<i64: 1, 1>, pad_amount = dense<0> : tensor<2x2xi64>, stride = array<i64: 1, 1>} : ({{.*}}) -> !qnn.tensor<1x4x4x2xufixed8, scale = 0.039215688, offset = -102>
// CHECK:         %[[R:.*]] = qnn.Relu %[[C]] : !qnn.tensor<1x4x4x2xufixed8, scale = 0.039215688, offset = -102> -> !qnn.tensor<1x4x4x2xufixed8, scale = 0.023529412, offset = 0>
// CHECK:         %[[T:.*]] = qnn.Transpose %[[R]] {perm = array<i64: 0, 3, 1, 2>}
// CHECK:         %[[D:.*]] = qnn.Dequantize %[[T]] : !qnn.tensor<1x2x4x4xufixed8, scale = 0.023529412, offset = 0> -> tensor<1x2x4x4xf32>
// CHECK:         return %[[D]]
// CHECK-NOT:     core.
// CHECK-NOT:     quant.
func.func @conv(%x: tensor<1x2x4x4xf32> {mlc.calib = array<f64: -1.0, 3.0>}) -> tensor<1x2x4x4xf32> {
  %w = core.constant dense<[[[[0.5]], [[-1.0]]], [[[0.25]], [[2.0]]]]> : tensor<2x2x1x1xf32>
  %b = core.constant dense<[0.1, -0.2]> : tensor<2xf32>
  %c = core.conv2d %x, %w, %b {mlc.calib = [array<f64: -4.0, 6.0>]} : (tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32>, tensor<2xf32>) -> tensor<1x2x4x4xf32>
  %r = core.relu %c {mlc.calib = [array<f64: 0.0, 6.0>]} : tensor<1x2x4x4xf32>
  return %r : tensor<1x2x4x4xf32>
}
