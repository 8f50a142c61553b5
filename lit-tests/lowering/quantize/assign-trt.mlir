// RUN: mlc-opt --pass-pipeline='builtin.module(func.func(quantize{target=trt-orin}))' %s | filecheck %s

// trt-orin: symmetric encodings only (zero point 0); activations per
// tensor in [-128, 127] with scale max(|lo|, |hi|) / 127; weights per
// output channel in [-127, 127] from the constant itself; the bias stays
// float (TensorRT adds it in float). The relu's class (unary) runs in
// f16 or f32 only, so it falls back to f16, the cheapest, and computes in
// f16 between casts: a float op between the conv's output and its users.

// The input: max(|-1|, |3|) / 127 = 0.023622...; the result:
// max(|-4|, |6|) / 127 = 0.047244...; weight channel 0: max |w| = 1,
// scale 1/127, stored [64, -127] (0.5·127 = 63.5 rounds half to even to 64);
// channel 1: max 2, scale 2/127, stored [16, 127].

// CHECK-LABEL: func.func @conv(
// CHECK:         %[[B:.*]] = core.constant dense<[1.000000e-01, -2.000000e-01]> : tensor<2xf32>
// CHECK-NEXT:    %[[XQ:.*]] = quant.qcast %arg0 : tensor<1x2x4x4xf32> to tensor<1x2x4x4x!quant.uniform<i8:f32, 0.023622047244094488>>
// CHECK-NEXT:    %[[X:.*]] = quant.dcast %[[XQ]]
// CHECK-NEXT:    %[[WI:.*]] = core.constant dense<{{\[\[\[\[}}64]], {{\[\[}}-127]]], {{\[\[\[}}16]], {{\[\[}}127]]]]> : tensor<2x2x1x1xi8>
// CHECK-NEXT:    %[[WS:.*]] = quant.scast %[[WI]] : tensor<2x2x1x1xi8> to tensor<2x2x1x1x!quant.uniform<i8<-127:127>:f32:0, {0.0078740157480314959,0.015748031496062992}>>
// CHECK-NEXT:    %[[W:.*]] = quant.dcast %[[WS]]
// CHECK-NEXT:    %[[C:.*]] = core.conv2d %[[X]], %[[W]], %[[B]] {mlc.calib = {{.*}}, mlc.precision = "i8"}
// CHECK-NEXT:    %[[CQ:.*]] = quant.qcast %[[C]] : tensor<1x2x4x4xf32> to tensor<1x2x4x4x!quant.uniform<i8:f32, 0.047244094488188976>>
// CHECK-NEXT:    %[[CD:.*]] = quant.dcast %[[CQ]]
// CHECK-NEXT:    %[[H:.*]] = core.cast %[[CD]] : tensor<1x2x4x4xf32> to tensor<1x2x4x4xf16>
// CHECK-NEXT:    %[[R:.*]] = core.relu %[[H]] {mlc.calib = {{.*}}, mlc.precision = "f16"} : tensor<1x2x4x4xf16>
// CHECK-NEXT:    %[[RF:.*]] = core.cast %[[R]] : tensor<1x2x4x4xf16> to tensor<1x2x4x4xf32>
// CHECK-NEXT:    return %[[RF]]
func.func @conv(%x: tensor<1x2x4x4xf32> {mlc.calib = array<f64: -1.0, 3.0>}) -> tensor<1x2x4x4xf32> {
  %w = core.constant dense<[[[[0.5]], [[-1.0]]], [[[0.25]], [[2.0]]]]> : tensor<2x2x1x1xf32>
  %b = core.constant dense<[0.1, -0.2]> : tensor<2xf32>
  %c = core.conv2d %x, %w, %b {mlc.calib = [array<f64: -4.0, 6.0>]} : (tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32>, tensor<2xf32>) -> tensor<1x2x4x4xf32>
  %r = core.relu %c {mlc.calib = [array<f64: 0.0, 6.0>]} : tensor<1x2x4x4xf32>
  return %r : tensor<1x2x4x4xf32>
}

// A matmul's constant right-hand side is a weight: per output column
// (the last axis). Binary ops (add) run in f16/f32 on TensorRT, so the
// matmul's quantized output feeds a float add.

// CHECK-LABEL: func.func @matmul(
// CHECK:         quant.qcast %arg0 : tensor<2x3xf32> to tensor<2x3x!quant.uniform<i8:f32, 0.015748031496062992>>
// CHECK:         quant.scast %{{.*}} : tensor<3x2xi8> to tensor<3x2x!quant.uniform<i8<-127:127>:f32:1, {0.023622047244094488,0.031496062992125984}>>
// CHECK:         core.matmul {{.*}}mlc.precision = "i8"
// CHECK:         quant.qcast %{{.*}} : tensor<2x2xf32> to tensor<2x2x!quant.uniform<i8:f32, 0.03937007874015748>>
// CHECK:         core.add {{.*}}mlc.precision = "f16"{{.*}} -> tensor<2x2xf16>
// CHECK-NOT:     quant.qcast
// CHECK:         return
func.func @matmul(%x: tensor<2x3xf32> {mlc.calib = array<f64: -2.0, 1.0>}) -> tensor<2x2xf32> {
  %w = core.constant dense<[[1.0, -4.0], [-3.0, 2.0], [0.5, 0.5]]> : tensor<3x2xf32>
  %m = core.matmul %x, %w {mlc.calib = [array<f64: -5.0, 4.0>]} : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
  %b = core.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %a = core.add %m, %b {mlc.calib = [array<f64: -4.0, 6.0>]} : (tensor<2x2xf32>, tensor<2xf32>) -> tensor<2x2xf32>
  return %a : tensor<2x2xf32>
}
