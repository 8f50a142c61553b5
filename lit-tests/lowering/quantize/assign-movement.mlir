// RUN: mlc-opt --pass-pipeline='builtin.module(func.func(quantize{target=qnn-htp-v73}))' %s | filecheck %s
// RUN: mlc-opt --pass-pipeline='builtin.module(func.func(quantize{target=trt-orin}))' %s | filecheck %s --check-prefix=TRT

// Ops that only move data (reshape, transpose, slice, max pooling) after a
// quantized op (the conv) keep their producer's encoding where the target file says shared_encoding:
// the qcast after each has the type of the dcast before it, whatever the
// op's own mlc.calib says (here deliberately different). A concatenation's
// inputs share one encoding, from the concatenation's range: each input
// is requantized to it unless it already has it.

// CHECK-LABEL: func.func @chain(
// CHECK:         core.conv2d
// CHECK-NEXT:    quant.qcast %{{.*}} : tensor<1x2x4x4xf32> to tensor<1x2x4x4x!quant.uniform<u8:f32, 0.031372549019607843:64>>
// CHECK:         core.max_pool2d {{.*}}mlc.precision = "i8"
// CHECK-NEXT:    quant.qcast %{{.*}} to tensor<1x2x2x2x!quant.uniform<u8:f32, 0.031372549019607843:64>>
// CHECK:         core.transpose {{.*}}mlc.precision = "i8"
// CHECK-NEXT:    quant.qcast %{{.*}} to tensor<1x2x2x2x!quant.uniform<u8:f32, 0.031372549019607843:64>>
// CHECK:         core.reshape {{.*}}mlc.precision = "i8"
// CHECK-NEXT:    quant.qcast %{{.*}} to tensor<1x8x!quant.uniform<u8:f32, 0.031372549019607843:64>>
// CHECK:         core.slice {{.*}}mlc.precision = "i8"
// CHECK-NEXT:    quant.qcast %{{.*}} to tensor<1x4x!quant.uniform<u8:f32, 0.031372549019607843:64>>
// TRT-LABEL:   func.func @chain(
// TRT:           core.conv2d
// TRT-NEXT:      quant.qcast %{{.*}} to tensor<1x2x4x4x!quant.uniform<i8:f32, 0.047244094488188976>>
// TRT:           core.max_pool2d
// TRT-NEXT:      quant.qcast %{{.*}} to tensor<1x2x2x2x!quant.uniform<i8:f32, 0.047244094488188976>>
// TRT:           core.transpose
// TRT-NEXT:      quant.qcast %{{.*}} to tensor<1x2x2x2x!quant.uniform<i8:f32, 0.047244094488188976>>
// TRT:           core.reshape
// TRT-NEXT:      quant.qcast %{{.*}} to tensor<1x8x!quant.uniform<i8:f32, 0.047244094488188976>>
// TRT:           core.slice
// TRT-NEXT:      quant.qcast %{{.*}} to tensor<1x4x!quant.uniform<i8:f32, 0.047244094488188976>>
func.func @chain(%x: tensor<1x2x4x4xf32> {mlc.calib = array<f64: -1.0, 1.0>}) -> tensor<1x4xf32> {
  %w = core.constant dense<[[[[1.0]], [[0.5]]], [[[-1.0]], [[2.0]]]]> : tensor<2x2x1x1xf32>
  %y = core.conv2d %x, %w {mlc.calib = [array<f64: -2.0, 6.0>]} : (tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x4x4xf32>
  %p = core.max_pool2d %y {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, mlc.calib = [array<f64: -1.0, 5.0>]} : (tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32>
  %t = core.transpose %p {perm = array<i64: 0, 1, 3, 2>, mlc.calib = [array<f64: -1.0, 5.0>]} : (tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  %r = core.reshape %t {mlc.calib = [array<f64: -1.0, 5.0>]} : (tensor<1x2x2x2xf32>) -> tensor<1x8xf32>
  %s = core.slice %r {starts = array<i64: 0, 2>, limits = array<i64: 1, 6>, mlc.calib = [array<f64: 0.0, 4.0>]} : (tensor<1x8xf32>) -> tensor<1x4xf32>
  return %s : tensor<1x4xf32>
}

// Two relus with different ranges feed a concatenation: they produce
// their outputs directly in the concatenation's encoding ([-1, 8]: scale
// 9/255, zero point 28.33 -> 28), so nothing is requantized, and the
// concatenation's result has that encoding too.

// CHECK-LABEL: func.func @concat(
// CHECK:         core.relu {{.*}}mlc.precision = "i8"
// CHECK-NEXT:    quant.qcast {{.*}} to tensor<1x2x!quant.uniform<u8:f32, 0.035294117647058823:28>>
// CHECK-NEXT:    quant.dcast
// CHECK-NEXT:    core.neg
// CHECK-NEXT:    quant.qcast
// CHECK-NEXT:    quant.dcast
// CHECK-NEXT:    core.relu {{.*}}mlc.precision = "i8"
// CHECK-NEXT:    quant.qcast {{.*}} to tensor<1x2x!quant.uniform<u8:f32, 0.035294117647058823:28>>
// CHECK-NEXT:    quant.dcast
// CHECK-NEXT:    core.concat {{.*}}mlc.precision = "i8"
// CHECK-NEXT:    quant.qcast {{.*}} to tensor<1x4x!quant.uniform<u8:f32, 0.035294117647058823:28>>
func.func @concat(%x: tensor<1x2xf32> {mlc.calib = array<f64: -1.0, 1.0>}) -> tensor<1x4xf32> {
  %a = core.relu %x {mlc.calib = [array<f64: 0.0, 2.0>]} : tensor<1x2xf32>
  %n = core.neg %x {mlc.calib = [array<f64: -1.0, 1.0>]} : tensor<1x2xf32>
  %b = core.relu %n {mlc.calib = [array<f64: 0.0, 8.0>]} : tensor<1x2xf32>
  %c = core.concat %a, %b {axis = 1 : i64, mlc.calib = [array<f64: -1.0, 8.0>]} : (tensor<1x2xf32>, tensor<1x2xf32>) -> tensor<1x4xf32>
  return %c : tensor<1x4xf32>
}

// On TensorRT the relus run in f16: nothing reaches the concatenation
// quantized, so it has no encoding to keep and moves the data in f16 too.

// TRT-LABEL:   func.func @concat(
// TRT-NOT:       quant.qcast {{.*}}tensor<1x2x!quant
// TRT:           core.concat {{.*}}mlc.precision = "f16"{{.*}} -> tensor<1x4xf16>
// TRT-NOT:       quant.qcast
// TRT:           return

// Two convolutions feed a concatenation on TensorRT: they produce their
// outputs in its symmetric encoding, max(|-1|, |8|)/127.

// TRT-LABEL:   func.func @concat_convs(
// TRT:           core.conv2d
// TRT-NEXT:      quant.qcast {{.*}} to tensor<1x1x2x2x!quant.uniform<i8:f32, 0.062992125984251968>>
// TRT:           core.conv2d
// TRT-NEXT:      quant.qcast {{.*}} to tensor<1x1x2x2x!quant.uniform<i8:f32, 0.062992125984251968>>
// TRT-NEXT:      quant.dcast
// TRT-NEXT:      core.concat {{.*}}mlc.precision = "i8"
// TRT-NEXT:      quant.qcast {{.*}} to tensor<1x2x2x2x!quant.uniform<i8:f32, 0.062992125984251968>>
func.func @concat_convs(%x: tensor<1x1x2x2xf32> {mlc.calib = array<f64: -1.0, 1.0>}) -> tensor<1x2x2x2xf32> {
  %w1 = core.constant dense<1.0> : tensor<1x1x1x1xf32>
  %w2 = core.constant dense<8.0> : tensor<1x1x1x1xf32>
  %a = core.conv2d %x, %w1 {mlc.calib = [array<f64: -1.0, 1.0>]} : (tensor<1x1x2x2xf32>, tensor<1x1x1x1xf32>) -> tensor<1x1x2x2xf32>
  %b = core.conv2d %x, %w2 {mlc.calib = [array<f64: -8.0, 8.0>]} : (tensor<1x1x2x2xf32>, tensor<1x1x1x1xf32>) -> tensor<1x1x2x2xf32>
  %c = core.concat %a, %b {axis = 1 : i64, mlc.calib = [array<f64: -1.0, 8.0>]} : (tensor<1x1x2x2xf32>, tensor<1x1x2x2xf32>) -> tensor<1x2x2x2xf32>
  return %c : tensor<1x2x2x2xf32>
}
