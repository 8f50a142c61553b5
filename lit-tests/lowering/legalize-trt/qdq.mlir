// RUN: mlc-opt --pass-pipeline='builtin.module(func.func(quantize{target=trt-orin},legalize-trt{target=trt-orin}))' %s | filecheck %s

// QDQ form to TensorRT's explicit quantization on trt-orin: every quant.qcast
// and quant.dcast becomes trt.quantize / trt.dequantize with a trt.constant
// f32 scale; weights stay int8 trt.constant with per-channel scales on axis 0
// (IDequantizeLayer's rule), so a matmul's [K, N] weight quantized per output
// column is stored transposed, [N, K], and read with op1 = transpose (a fully
// connected layer). Both inputs of the convolution and the matrix multiply
// arrive through a dequantize; the bias stays float. The relu, which
// quantize put in f16 (trt-orin runs unary layers in f16/f32 only), is
// marked precision = f16 and output_type = f16 between casts.

// CHECK-LABEL: func.func @conv_relu(
// CHECK-NEXT: trt.constant dense<[1.000000e-01, -2.000000e-01]> : tensor<2xf32>
// CHECK-NEXT: trt.constant dense<0.0236220472> : tensor<f32>
// CHECK-NEXT: trt.quantize %arg0, %{{[0-9]+}} : (tensor<1x2x4x4xf32>, tensor<f32>) -> tensor<1x2x4x4xi8>
// CHECK-NEXT: trt.dequantize %{{[0-9]+}}, %{{[0-9]+}} : (tensor<1x2x4x4xi8>, tensor<f32>) -> tensor<1x2x4x4xf32>
// CHECK-NEXT: trt.constant dense<{{\[\[}}{{\[\[}}64{{\]\]}}, {{\[\[}}-127{{\]\]}}], {{\[\[}}[16{{\]\]}}, {{\[\[}}127{{\]\]}}{{\]\]}}> : tensor<2x2x1x1xi8>
// CHECK-NEXT: trt.constant dense<[0.00787401571, 0.0157480314]> : tensor<2xf32>
// CHECK-NEXT: trt.dequantize %{{[0-9]+}}, %{{[0-9]+}} {axis = 0 : i64} : (tensor<2x2x1x1xi8>, tensor<2xf32>) -> tensor<2x2x1x1xf32>
// CHECK-NEXT: trt.convolution %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}} {dilation = array<i64: 1, 1>, kernel_size = array<i64: 1, 1>, num_output_maps = 2 : i64, post_padding = array<i64: 0, 0>, pre_padding = array<i64: 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32>, tensor<2xf32>) -> tensor<1x2x4x4xf32>
// CHECK-NEXT: trt.constant dense<0.0472440943> : tensor<f32>
// CHECK-NEXT: trt.quantize %{{[0-9]+}}, %{{[0-9]+}} : (tensor<1x2x4x4xf32>, tensor<f32>) -> tensor<1x2x4x4xi8>
// CHECK-NEXT: trt.dequantize %{{[0-9]+}}, %{{[0-9]+}} : (tensor<1x2x4x4xi8>, tensor<f32>) -> tensor<1x2x4x4xf32>
// CHECK-NEXT: trt.cast %{{[0-9]+}} {to_type = f16} : tensor<1x2x4x4xf32> -> tensor<1x2x4x4xf16>
// CHECK-NEXT: trt.activation "relu" %{{[0-9]+}} {output_type = f16, precision = f16} : tensor<1x2x4x4xf16> -> tensor<1x2x4x4xf16>
// CHECK-NEXT: trt.cast %{{[0-9]+}} {to_type = f32} : tensor<1x2x4x4xf16> -> tensor<1x2x4x4xf32>
// CHECK-NEXT: return %{{[0-9]+}} : tensor<1x2x4x4xf32>
// CHECK-LABEL: func.func @linear(
// CHECK-NEXT: trt.constant dense<0.0157480314> : tensor<f32>
// CHECK-NEXT: trt.quantize %arg0, %{{[0-9]+}} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xi8>
// CHECK-NEXT: trt.dequantize %{{[0-9]+}}, %{{[0-9]+}} : (tensor<2x3xi8>, tensor<f32>) -> tensor<2x3xf32>
// CHECK-NEXT: trt.constant dense<{{\[\[}}42, -127, 21], [-127, 64, 16{{\]\]}}> : tensor<2x3xi8>
// CHECK-NEXT: trt.constant dense<[0.0236220472, 0.0314960629]> : tensor<2xf32>
// CHECK-NEXT: trt.dequantize %{{[0-9]+}}, %{{[0-9]+}} {axis = 0 : i64} : (tensor<2x3xi8>, tensor<2xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: trt.matrix_multiply %{{[0-9]+}}, %{{[0-9]+}} {op1 = "transpose"} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: trt.constant dense<0.0393700786> : tensor<f32>
// CHECK-NEXT: trt.quantize %{{[0-9]+}}, %{{[0-9]+}} : (tensor<2x2xf32>, tensor<f32>) -> tensor<2x2xi8>
// CHECK-NEXT: trt.dequantize %{{[0-9]+}}, %{{[0-9]+}} : (tensor<2x2xi8>, tensor<f32>) -> tensor<2x2xf32>
// CHECK-NEXT: return %{{[0-9]+}} : tensor<2x2xf32>

func.func @conv_relu(%x: tensor<1x2x4x4xf32> {mlc.calib = array<f64: -1.0, 3.0>}) -> tensor<1x2x4x4xf32> {
  %w = core.constant dense<[[[[0.5]], [[-1.0]]], [[[0.25]], [[2.0]]]]> : tensor<2x2x1x1xf32>
  %b = core.constant dense<[0.1, -0.2]> : tensor<2xf32>
  %c = core.conv2d %x, %w, %b {mlc.calib = [array<f64: -4.0, 6.0>]} : (tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32>, tensor<2xf32>) -> tensor<1x2x4x4xf32>
  %r = core.relu %c {mlc.calib = [array<f64: 0.0, 6.0>]} : tensor<1x2x4x4xf32>
  return %r : tensor<1x2x4x4xf32>
}
func.func @linear(%x: tensor<2x3xf32> {mlc.calib = array<f64: -2.0, 1.0>}) -> tensor<2x2xf32> {
  %w = core.constant dense<[[1.0, -4.0], [-3.0, 2.0], [0.5, 0.5]]> : tensor<3x2xf32>
  %m = core.matmul %x, %w {mlc.calib = [array<f64: -5.0, 4.0>]} : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
  return %m : tensor<2x2xf32>
}
