// RUN: mlc-opt --pass-pipeline='builtin.module(func.func(quantize{target=trt-orin},trt-place-qdq,legalize-trt{target=trt-orin}))' %s | filecheck %s
// RUN: mlc-opt --pass-pipeline='builtin.module(func.func(quantize{target=trt-orin},legalize-trt{target=trt-orin}))' %s | filecheck %s --check-prefix=NOPLACE
// RUN: mlc-opt --pass-pipeline='builtin.module(func.func(quantize{target=trt-orin},trt-place-qdq{target=trt-orin}))' %s | filecheck %s --check-prefix=NEW

// TensorRT fuses a residual add into the convolution that produces one input
// when the other input arrives quantized too. trt-place-qdq makes the add
// read its float input (the block input, a relu in f16) through the
// quantize that already feeds the convolution: one trt.quantize, two
// dequantizes of it. Without the pass the add reads the float relu.

// CHECK-LABEL: func.func @block(
// CHECK:         %[[R:.*]] = trt.activation "relu"
// CHECK-NEXT:    %[[RF:.*]] = trt.cast %[[R]] {to_type = f32}
// CHECK:         %[[Q:.*]] = trt.quantize %[[RF]]
// CHECK:         trt.dequantize %[[Q]]
// CHECK:         %[[C:.*]] = trt.convolution
// CHECK:         %[[CQ:.*]] = trt.quantize %[[C]]
// CHECK:         %[[CD:.*]] = trt.dequantize %[[CQ]]
// CHECK-NEXT:    %[[CH:.*]] = trt.cast %[[CD]] {to_type = f16}
// CHECK:         %[[RD:.*]] = trt.dequantize %[[Q]]
// CHECK-NEXT:    %[[RH:.*]] = trt.cast %[[RD]] {to_type = f16}
// CHECK-NEXT:    trt.element_wise "sum" %[[CH]], %[[RH]] {output_type = f16, precision = f16}

// NOPLACE-LABEL: func.func @block(
// NOPLACE:         %[[R:.*]] = trt.activation "relu"
// NOPLACE:         trt.element_wise "sum" %{{.*}}, %[[R]] {output_type = f16, precision = f16}
func.func @block(%x: tensor<1x2x4x4xf32> {mlc.calib = array<f64: -1.0, 1.0>}) -> tensor<1x2x4x4xf32> {
  %r0 = core.relu %x {mlc.calib = [array<f64: 0.0, 1.0>]} : tensor<1x2x4x4xf32>
  %w = core.constant dense<[[[[1.0]], [[0.5]]], [[[-1.0]], [[2.0]]]]> : tensor<2x2x1x1xf32>
  %y = core.conv2d %r0, %w {mlc.calib = [array<f64: -2.0, 6.0>]} : (tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x4x4xf32>
  %a = core.add %y, %r0 {mlc.calib = [array<f64: -2.0, 7.0>]} : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  return %a : tensor<1x2x4x4xf32>
}

// A residual input quantized nowhere (the relu, f16 on trt-orin) gets an
// encoding from its calibrated range [0, 1] under trt-orin's per-tensor
// activation rule (scale 1/127) when the pass is given the target; the
// conv's output reaches the add through its bias add. Without a target
// (the first RUN line) nothing can be placed and the add is left.
// NEW-LABEL: func.func @new_encoding(
// NEW:         %[[R:.*]] = core.relu
// NEW:         %[[BIAS:.*]] = core.add %{{.*}}, %{{.*}} {{{.*}}mlc.precision = "f16"}
// NEW-NEXT:    %[[RF:.*]] = core.cast %[[R]] : tensor<1x2x4x4xf16> to tensor<1x2x4x4xf32>
// NEW-NEXT:    %[[Q:.*]] = quant.qcast %[[RF]] : tensor<1x2x4x4xf32> to tensor<1x2x4x4x!quant.uniform<i8:f32, 0.0078740157480314959>>
// NEW-NEXT:    %[[D:.*]] = quant.dcast %[[Q]]
// NEW-NEXT:    %[[DH:.*]] = core.cast %[[D]] : tensor<1x2x4x4xf32> to tensor<1x2x4x4xf16>
// NEW-NEXT:    core.add %[[BIAS]], %[[DH]]
// CHECK-LABEL: func.func @new_encoding(
// CHECK:         %[[R:.*]] = trt.activation "relu"
// CHECK:         trt.element_wise "sum" %{{.*}}, %[[R]]
func.func @new_encoding(%x: tensor<1x2x4x4xf32> {mlc.calib = array<f64: -1.0, 1.0>}) -> tensor<1x2x4x4xf32> {
  %r = core.relu %x {mlc.calib = [array<f64: 0.0, 1.0>]} : tensor<1x2x4x4xf32>
  %w = core.constant dense<[[[[1.0]], [[0.5]]], [[[-1.0]], [[2.0]]]]> : tensor<2x2x1x1xf32>
  %y = core.conv2d %x, %w {mlc.calib = [array<f64: -2.0, 6.0>]} : (tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x4x4xf32>
  %b = core.constant dense<0.5> : tensor<1x2x1x1xf32>
  %yb = core.add %y, %b {mlc.calib = [array<f64: -1.5, 6.5>]} : (tensor<1x2x4x4xf32>, tensor<1x2x1x1xf32>) -> tensor<1x2x4x4xf32>
  %a = core.add %yb, %r {mlc.calib = [array<f64: -1.5, 7.5>]} : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  return %a : tensor<1x2x4x4xf32>
}
