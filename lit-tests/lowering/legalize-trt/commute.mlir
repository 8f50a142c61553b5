// RUN: mlc-opt --pass-pipeline='builtin.module(func.func(quantize{target-file=%S/Inputs/trt-test-int8.yaml},legalize-trt{target-file=%S/Inputs/trt-test-int8.yaml}))' %s | filecheck %s
// On trt-orin, whose unary class has no i8, nothing moves: the relu stays float.
// RUN: mlc-opt --pass-pipeline='builtin.module(func.func(quantize{target=trt-orin},legalize-trt{target=trt-orin}))' %s | filecheck %s --check-prefix=ORIN

// DQ moves forward and Q backward through layers that commute with symmetric
// quantization (relu, max pooling, shuffle) where the target runs their class
// in i8 (the test target adds i8 to trt-orin's unary class), and Q(DQ(q))
// with one scale folds: in @chain the conv's quantized output flows through
// relu, pooling and reshape as int8 to one dequantize at the end. In
// @q_backward a max pooling kept in f32 by its mlc.precision feeds a quantized
// conv: the quantize moves before it (its scale constant with it), so it
// pools int8.

// CHECK-LABEL: func.func @chain(
// CHECK-NEXT: trt.constant dense<0.00787401571> : tensor<f32>
// CHECK-NEXT: trt.quantize %arg0, %{{[0-9]+}} : (tensor<1x2x4x4xf32>, tensor<f32>) -> tensor<1x2x4x4xi8>
// CHECK-NEXT: trt.dequantize %{{[0-9]+}}, %{{[0-9]+}} : (tensor<1x2x4x4xi8>, tensor<f32>) -> tensor<1x2x4x4xf32>
// CHECK-NEXT: trt.constant dense<{{\[\[}}{{\[\[}}127{{\]\]}}, {{\[\[}}64{{\]\]}}], {{\[\[}}[-64{{\]\]}}, {{\[\[}}127{{\]\]}}{{\]\]}}> : tensor<2x2x1x1xi8>
// CHECK-NEXT: trt.constant dense<[0.00787401571, 0.0157480314]> : tensor<2xf32>
// CHECK-NEXT: trt.dequantize %{{[0-9]+}}, %{{[0-9]+}} {axis = 0 : i64} : (tensor<2x2x1x1xi8>, tensor<2xf32>) -> tensor<2x2x1x1xf32>
// CHECK-NEXT: trt.convolution %{{[0-9]+}}, %{{[0-9]+}} {dilation = array<i64: 1, 1>, kernel_size = array<i64: 1, 1>, num_output_maps = 2 : i64, post_padding = array<i64: 0, 0>, pre_padding = array<i64: 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x4x4xf32>
// CHECK-NEXT: trt.constant dense<0.0472440943> : tensor<f32>
// CHECK-NEXT: trt.quantize %{{[0-9]+}}, %{{[0-9]+}} : (tensor<1x2x4x4xf32>, tensor<f32>) -> tensor<1x2x4x4xi8>
// CHECK-NEXT: trt.activation "relu" %{{[0-9]+}} : tensor<1x2x4x4xi8> -> tensor<1x2x4x4xi8>
// CHECK-NEXT: trt.pooling "max" %{{[0-9]+}} {post_padding = array<i64: 0, 0>, pre_padding = array<i64: 0, 0>, stride = array<i64: 2, 2>, window_size = array<i64: 2, 2>} : tensor<1x2x4x4xi8> -> tensor<1x2x2x2xi8>
// CHECK-NEXT: trt.shuffle %{{[0-9]+}} {reshape_dims = array<i64: 1, 8>} : tensor<1x2x2x2xi8> -> tensor<1x8xi8>
// CHECK-NEXT: trt.dequantize %{{[0-9]+}}, %{{[0-9]+}} : (tensor<1x8xi8>, tensor<f32>) -> tensor<1x8xf32>
// CHECK-NEXT: return %{{[0-9]+}} : tensor<1x8xf32>
// CHECK-LABEL: func.func @q_backward(
// CHECK-NEXT: trt.constant dense<0.00787401571> : tensor<f32>
// CHECK-NEXT: trt.quantize %arg0, %{{[0-9]+}} : (tensor<1x2x4x4xf32>, tensor<f32>) -> tensor<1x2x4x4xi8>
// CHECK-NEXT: trt.pooling "max" %{{[0-9]+}} {post_padding = array<i64: 0, 0>, pre_padding = array<i64: 0, 0>, stride = array<i64: 2, 2>, window_size = array<i64: 2, 2>} : tensor<1x2x4x4xi8> -> tensor<1x2x2x2xi8>
// CHECK-NEXT: trt.dequantize %{{[0-9]+}}, %{{[0-9]+}} : (tensor<1x2x2x2xi8>, tensor<f32>) -> tensor<1x2x2x2xf32>
// CHECK-NEXT: trt.constant dense<{{\[\[}}{{\[\[}}127{{\]\]}}, {{\[\[}}64{{\]\]}}], {{\[\[}}[-64{{\]\]}}, {{\[\[}}127{{\]\]}}{{\]\]}}> : tensor<2x2x1x1xi8>
// CHECK-NEXT: trt.constant dense<[0.00787401571, 0.0157480314]> : tensor<2xf32>
// CHECK-NEXT: trt.dequantize %{{[0-9]+}}, %{{[0-9]+}} {axis = 0 : i64} : (tensor<2x2x1x1xi8>, tensor<2xf32>) -> tensor<2x2x1x1xf32>
// CHECK-NEXT: trt.convolution %{{[0-9]+}}, %{{[0-9]+}} {dilation = array<i64: 1, 1>, kernel_size = array<i64: 1, 1>, num_output_maps = 2 : i64, post_padding = array<i64: 0, 0>, pre_padding = array<i64: 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x2x2x2xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x2x2xf32>
// CHECK-NEXT: trt.constant dense<0.0472440943> : tensor<f32>
// CHECK-NEXT: trt.quantize %{{[0-9]+}}, %{{[0-9]+}} : (tensor<1x2x2x2xf32>, tensor<f32>) -> tensor<1x2x2x2xi8>
// CHECK-NEXT: trt.dequantize %{{[0-9]+}}, %{{[0-9]+}} : (tensor<1x2x2x2xi8>, tensor<f32>) -> tensor<1x2x2x2xf32>
// CHECK-NEXT: return %{{[0-9]+}} : tensor<1x2x2x2xf32>

// ORIN-LABEL: func.func @chain(
// ORIN:         trt.convolution
// ORIN:         trt.dequantize
// ORIN-NEXT:    trt.cast {{.*}} -> tensor<1x2x4x4xf16>
// ORIN-NEXT:    trt.activation "relu" {{.*}}precision = f16
// ORIN-NEXT:    trt.pooling "max" {{.*}}precision = f16

func.func @chain(%x: tensor<1x2x4x4xf32> {mlc.calib = array<f64: -1.0, 1.0>}) -> tensor<1x8xf32> {
  %w = core.constant dense<[[[[1.0]], [[0.5]]], [[[-1.0]], [[2.0]]]]> : tensor<2x2x1x1xf32>
  %y = core.conv2d %x, %w {mlc.calib = [array<f64: -2.0, 6.0>]} : (tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x4x4xf32>
  %r = core.relu %y {mlc.calib = [array<f64: 0.0, 6.0>]} : tensor<1x2x4x4xf32>
  %p = core.max_pool2d %r {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, mlc.calib = [array<f64: 0.0, 6.0>]} : (tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32>
  %f = core.reshape %p {mlc.calib = [array<f64: 0.0, 6.0>]} : (tensor<1x2x2x2xf32>) -> tensor<1x8xf32>
  return %f : tensor<1x8xf32>
}
func.func @q_backward(%x: tensor<1x2x4x4xf32> {mlc.calib = array<f64: -1.0, 1.0>}) -> tensor<1x2x2x2xf32> {
  %p = core.max_pool2d %x {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, mlc.precision = "f32", mlc.calib = [array<f64: -1.0, 1.0>]} : (tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32>
  %w = core.constant dense<[[[[1.0]], [[0.5]]], [[[-1.0]], [[2.0]]]]> : tensor<2x2x1x1xf32>
  %y = core.conv2d %p, %w {mlc.calib = [array<f64: -2.0, 6.0>]} : (tensor<1x2x2x2xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x2x2xf32>
  return %y : tensor<1x2x2x2xf32>
}
