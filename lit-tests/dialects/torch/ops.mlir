// RUN: mlc-opt %s | filecheck %s
// RUN: mlc-opt %s | mlc-opt | filecheck %s
// RUN: mlc-opt --mlir-print-op-generic %s | mlc-opt | filecheck %s
// RUN: mlc-opt --mlir-print-op-generic %s | filecheck %s --check-prefix=GENERIC

// Every torch op in its custom form. Result types are written in the input
// and checked by the verifier against the types inferred with ATen's shape
// rules, so each line below is also a shape-inference test.

// Constants: inline dense data and dense_resource blobs (imported initializers).
// The generic form carries the attributes as properties.
// GENERIC: = "torch.constant"({{.*}}) <{value = dense_resource<fc_bias> : tensor<2xf32>}> : () -> tensor<2xf32>
// GENERIC: = "torch.aten.conv2d"({{.*}}) <{padding = array<i64: 3, 3>, stride = array<i64: 2, 2>}> : (tensor<1x3x224x224xf32>, tensor<64x3x7x7xf32>, tensor<64xf32>) -> tensor<1x64x112x112xf32>
// GENERIC: = "torch.aten.conv2d"({{.*}}) <{groups = 32 : i64, padding = array<i64: 1>}> : (tensor<1x32x56x56xf16>, tensor<32x1x3x3xf16>) -> tensor<1x32x56x56xf16>
// GENERIC: = "torch.aten.relu"({{.*}}) : (tensor<2x3xf32>) -> tensor<2x3xf32>
// GENERIC: = "torch.aten.layer_norm"({{.*}}) <{normalized_shape = array<i64: 768>}> : (tensor<2x5x768xf16>) -> tensor<2x5x768xf16>
// GENERIC: = "torch.aten.cat"({{.*}}) : (tensor<2x3xf32>, tensor<4x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>

// CHECK-LABEL: func.func @constants() -> (tensor<2x2xf32>, tensor<2xf32>, tensor<3xi64>) {
// CHECK-NEXT:    %0 = torch.constant dense<{{\[\[}}1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : tensor<2x2xf32>
// CHECK-NEXT:    %1 = torch.constant dense_resource<fc_bias> : tensor<2xf32>
// CHECK-NEXT:    %2 = torch.constant {mlc.name = "idx"} dense<[0, 1, 2]> : tensor<3xi64>
// CHECK-NEXT:    return %0, %1, %2 : tensor<2x2xf32>, tensor<2xf32>, tensor<3xi64>
func.func @constants() -> (tensor<2x2xf32>, tensor<2xf32>, tensor<3xi64>) {
  %0 = torch.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %1 = torch.constant dense_resource<fc_bias> : tensor<2xf32>
  %2 = torch.constant {mlc.name = "idx"} dense<[0, 1, 2]> : tensor<3xi64>
  return %0, %1, %2 : tensor<2x2xf32>, tensor<2xf32>, tensor<3xi64>
}

// conv2d: out = floor((in + 2p - d(k-1) - 1) / s) + 1 per spatial dim.
// CHECK-LABEL: func.func @conv2d(%arg0: tensor<1x3x224x224xf32>, %arg1: tensor<64x3x7x7xf32>, %arg2: tensor<64xf32>, %arg3: tensor<1x32x56x56xf16>, %arg4: tensor<32x1x3x3xf16>, %arg5: tensor<3x32x32xbf16>, %arg6: tensor<8x3x3x3xbf16>, %arg7: tensor<?x3x?x64xf32>, %arg8: tensor<16x3x3x3xf32>) {
// CHECK-NEXT:    %0 = torch.aten.conv2d %arg0, %arg1, %arg2 {padding = array<i64: 3, 3>, stride = array<i64: 2, 2>} : (tensor<1x3x224x224xf32>, tensor<64x3x7x7xf32>, tensor<64xf32>) -> tensor<1x64x112x112xf32>
// CHECK-NEXT:    %1 = torch.aten.conv2d %arg3, %arg4 {groups = 32 : i64, padding = array<i64: 1>} : (tensor<1x32x56x56xf16>, tensor<32x1x3x3xf16>) -> tensor<1x32x56x56xf16>
// CHECK-NEXT:    %2 = torch.aten.conv2d %arg5, %arg6 {dilation = array<i64: 2, 2>} : (tensor<3x32x32xbf16>, tensor<8x3x3x3xbf16>) -> tensor<8x28x28xbf16>
// CHECK-NEXT:    %3 = torch.aten.conv2d %arg7, %arg8 {stride = array<i64: 2>} : (tensor<?x3x?x64xf32>, tensor<16x3x3x3xf32>) -> tensor<?x16x?x31xf32>
// CHECK-NEXT:    return
func.func @conv2d(%x: tensor<1x3x224x224xf32>, %w: tensor<64x3x7x7xf32>, %b: tensor<64xf32>, %dx: tensor<1x32x56x56xf16>, %dw: tensor<32x1x3x3xf16>, %u: tensor<3x32x32xbf16>, %uw: tensor<8x3x3x3xbf16>, %y: tensor<?x3x?x64xf32>, %yw: tensor<16x3x3x3xf32>) {
  %0 = torch.aten.conv2d %x, %w, %b {stride = array<i64: 2, 2>, padding = array<i64: 3, 3>} : (tensor<1x3x224x224xf32>, tensor<64x3x7x7xf32>, tensor<64xf32>) -> tensor<1x64x112x112xf32>
  %1 = torch.aten.conv2d %dx, %dw {padding = array<i64: 1>, groups = 32} : (tensor<1x32x56x56xf16>, tensor<32x1x3x3xf16>) -> tensor<1x32x56x56xf16>
  %2 = torch.aten.conv2d %u, %uw {dilation = array<i64: 2, 2>} : (tensor<3x32x32xbf16>, tensor<8x3x3x3xbf16>) -> tensor<8x28x28xbf16>
  %3 = torch.aten.conv2d %y, %yw {stride = array<i64: 2>} : (tensor<?x3x?x64xf32>, tensor<16x3x3x3xf32>) -> tensor<?x16x?x31xf32>
  return
}

// linear: [*, in] x [out, in]^T + [out].
// CHECK-LABEL: func.func @linear(%arg0: tensor<2x5x768xf32>, %arg1: tensor<3072x768xf32>, %arg2: tensor<3072xf32>, %arg3: tensor<768xf32>, %arg4: tensor<10x768xf32>) {
// CHECK-NEXT:    %0 = torch.aten.linear %arg0, %arg1, %arg2 : (tensor<2x5x768xf32>, tensor<3072x768xf32>, tensor<3072xf32>) -> tensor<2x5x3072xf32>
// CHECK-NEXT:    %1 = torch.aten.linear %arg3, %arg4 : (tensor<768xf32>, tensor<10x768xf32>) -> tensor<10xf32>
// CHECK-NEXT:    return
func.func @linear(%x: tensor<2x5x768xf32>, %w: tensor<3072x768xf32>, %b: tensor<3072xf32>, %v: tensor<768xf32>, %w2: tensor<10x768xf32>) {
  %0 = torch.aten.linear %x, %w, %b : (tensor<2x5x768xf32>, tensor<3072x768xf32>, tensor<3072xf32>) -> tensor<2x5x3072xf32>
  %1 = torch.aten.linear %v, %w2 : (tensor<768xf32>, tensor<10x768xf32>) -> tensor<10xf32>
  return
}

// matmul promotes 1-D operands and broadcasts batch dims; mm/bmm do neither.
// CHECK-LABEL: func.func @matmul(%arg0: tensor<4xf32>, %arg1: tensor<3x4xf32>, %arg2: tensor<4x5xf32>, %arg3: tensor<2x3x4xf32>, %arg4: tensor<2x4x5xf32>, %arg5: tensor<10x1x3x4xf32>, %arg6: tensor<5x4x6xf32>, %arg7: tensor<3x4xi32>, %arg8: tensor<4x5xi32>, %arg9: tensor<5xf32>) {
// CHECK-NEXT:    %0 = torch.aten.matmul %arg0, %arg0 : (tensor<4xf32>, tensor<4xf32>) -> tensor<f32>
// CHECK-NEXT:    %1 = torch.aten.matmul %arg1, %arg0 : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3xf32>
// CHECK-NEXT:    %2 = torch.aten.matmul %arg0, %arg2 : (tensor<4xf32>, tensor<4x5xf32>) -> tensor<5xf32>
// CHECK-NEXT:    %3 = torch.aten.matmul %arg1, %arg2 : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
// CHECK-NEXT:    %4 = torch.aten.matmul %arg3, %arg0 : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %5 = torch.aten.matmul %arg0, %arg4 : (tensor<4xf32>, tensor<2x4x5xf32>) -> tensor<2x5xf32>
// CHECK-NEXT:    %6 = torch.aten.matmul %arg5, %arg6 : (tensor<10x1x3x4xf32>, tensor<5x4x6xf32>) -> tensor<10x5x3x6xf32>
// CHECK-NEXT:    %7 = torch.aten.mm %arg7, %arg8 : (tensor<3x4xi32>, tensor<4x5xi32>) -> tensor<3x5xi32>
// CHECK-NEXT:    %8 = torch.aten.bmm %arg3, %arg4 : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
// CHECK-NEXT:    %9 = torch.aten.addmm %arg9, %arg1, %arg2 {alpha = 2 : i64, beta = 5.000000e-01 : f64} : (tensor<5xf32>, tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
// CHECK-NEXT:    return
func.func @matmul(%v4: tensor<4xf32>, %m34: tensor<3x4xf32>, %m45: tensor<4x5xf32>, %b234: tensor<2x3x4xf32>, %b245: tensor<2x4x5xf32>, %p: tensor<10x1x3x4xf32>, %q: tensor<5x4x6xf32>, %i: tensor<3x4xi32>, %j: tensor<4x5xi32>, %c: tensor<5xf32>) {
  %0 = torch.aten.matmul %v4, %v4 : (tensor<4xf32>, tensor<4xf32>) -> tensor<f32>
  %1 = torch.aten.matmul %m34, %v4 : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3xf32>
  %2 = torch.aten.matmul %v4, %m45 : (tensor<4xf32>, tensor<4x5xf32>) -> tensor<5xf32>
  %3 = torch.aten.matmul %m34, %m45 : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  %4 = torch.aten.matmul %b234, %v4 : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3xf32>
  %5 = torch.aten.matmul %v4, %b245 : (tensor<4xf32>, tensor<2x4x5xf32>) -> tensor<2x5xf32>
  %6 = torch.aten.matmul %p, %q : (tensor<10x1x3x4xf32>, tensor<5x4x6xf32>) -> tensor<10x5x3x6xf32>
  %7 = torch.aten.mm %i, %j : (tensor<3x4xi32>, tensor<4x5xi32>) -> tensor<3x5xi32>
  %8 = torch.aten.bmm %b234, %b245 : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  %9 = torch.aten.addmm %c, %m34, %m45 {beta = 5.000000e-01, alpha = 2} : (tensor<5xf32>, tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  return
}

// Tensor-tensor arithmetic broadcasts; integer true division gives f32.
// CHECK-LABEL: func.func @arith(%arg0: tensor<2x1x4xf32>, %arg1: tensor<3x1xf32>, %arg2: tensor<4xi32>, %arg3: tensor<2x4xi32>, %arg4: tensor<3xi64>) {
// CHECK-NEXT:    %0 = torch.aten.add.Tensor %arg0, %arg1 : (tensor<2x1x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT:    %1 = torch.aten.add.Tensor %arg0, %arg1 {alpha = 2.500000e-01 : f64} : (tensor<2x1x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT:    %2 = torch.aten.sub.Tensor %arg4, %arg4 {alpha = 2 : i64} : (tensor<3xi64>, tensor<3xi64>) -> tensor<3xi64>
// CHECK-NEXT:    %3 = torch.aten.mul.Tensor %arg2, %arg3 : (tensor<4xi32>, tensor<2x4xi32>) -> tensor<2x4xi32>
// CHECK-NEXT:    %4 = torch.aten.div.Tensor %arg0, %arg1 : (tensor<2x1x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT:    %5 = torch.aten.div.Tensor %arg2, %arg3 : (tensor<4xi32>, tensor<2x4xi32>) -> tensor<2x4xf32>
// CHECK-NEXT:    %6 = torch.aten.div.Tensor %arg2, %arg3 {rounding_mode = "floor"} : (tensor<4xi32>, tensor<2x4xi32>) -> tensor<2x4xi32>
// CHECK-NEXT:    %7 = torch.aten.div.Tensor %arg0, %arg0 {rounding_mode = "trunc"} : (tensor<2x1x4xf32>, tensor<2x1x4xf32>) -> tensor<2x1x4xf32>
// CHECK-NEXT:    %8 = torch.aten.pow.Tensor_Tensor %arg0, %arg1 : (tensor<2x1x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT:    return
func.func @arith(%a: tensor<2x1x4xf32>, %b: tensor<3x1xf32>, %i: tensor<4xi32>, %j: tensor<2x4xi32>, %k: tensor<3xi64>) {
  %0 = torch.aten.add.Tensor %a, %b : (tensor<2x1x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xf32>
  %1 = torch.aten.add.Tensor %a, %b {alpha = 2.500000e-01} : (tensor<2x1x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xf32>
  %2 = torch.aten.sub.Tensor %k, %k {alpha = 2} : (tensor<3xi64>, tensor<3xi64>) -> tensor<3xi64>
  %3 = torch.aten.mul.Tensor %i, %j : (tensor<4xi32>, tensor<2x4xi32>) -> tensor<2x4xi32>
  %4 = torch.aten.div.Tensor %a, %b : (tensor<2x1x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xf32>
  %5 = torch.aten.div.Tensor %i, %j : (tensor<4xi32>, tensor<2x4xi32>) -> tensor<2x4xf32>
  %6 = torch.aten.div.Tensor %i, %j {rounding_mode = "floor"} : (tensor<4xi32>, tensor<2x4xi32>) -> tensor<2x4xi32>
  %7 = torch.aten.div.Tensor %a, %a {rounding_mode = "trunc"} : (tensor<2x1x4xf32>, tensor<2x1x4xf32>) -> tensor<2x1x4xf32>
  %8 = torch.aten.pow.Tensor_Tensor %a, %b : (tensor<2x1x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xf32>
  return
}

// Tensor-Scalar arithmetic: a Scalar of a higher kind promotes (int tensor
// with a float Scalar: f32; bool tensor with an int Scalar: i64).
// CHECK-LABEL: func.func @scalar_arith(%arg0: tensor<2x3xf16>, %arg1: tensor<4xi32>, %arg2: tensor<4xi1>) {
// CHECK-NEXT:    %0 = torch.aten.add.Scalar %arg0 {other = 1 : i64} : tensor<2x3xf16> -> tensor<2x3xf16>
// CHECK-NEXT:    %1 = torch.aten.sub.Scalar %arg1 {alpha = 2 : i64, other = 3 : i64} : tensor<4xi32> -> tensor<4xi32>
// CHECK-NEXT:    %2 = torch.aten.rsub.Scalar %arg0 {other = 1.000000e+00 : f64} : tensor<2x3xf16> -> tensor<2x3xf16>
// CHECK-NEXT:    %3 = torch.aten.mul.Scalar %arg1 {other = 5.000000e-01 : f64} : tensor<4xi32> -> tensor<4xf32>
// CHECK-NEXT:    %4 = torch.aten.mul.Scalar %arg1 {other = 2 : i64} : tensor<4xi32> -> tensor<4xi32>
// CHECK-NEXT:    %5 = torch.aten.div.Scalar %arg0 {other = 8.000000e+00 : f64} : tensor<2x3xf16> -> tensor<2x3xf16>
// CHECK-NEXT:    %6 = torch.aten.div.Scalar %arg1 {other = 2 : i64} : tensor<4xi32> -> tensor<4xf32>
// CHECK-NEXT:    %7 = torch.aten.pow.Tensor_Scalar %arg0 {exponent = 2.000000e+00 : f64} : tensor<2x3xf16> -> tensor<2x3xf16>
// CHECK-NEXT:    %8 = torch.aten.pow.Tensor_Scalar %arg1 {exponent = 3 : i64} : tensor<4xi32> -> tensor<4xi32>
// CHECK-NEXT:    %9 = torch.aten.mul.Scalar %arg2 {other = 2 : i64} : tensor<4xi1> -> tensor<4xi64>
// CHECK-NEXT:    return
func.func @scalar_arith(%a: tensor<2x3xf16>, %i: tensor<4xi32>, %b: tensor<4xi1>) {
  %0 = torch.aten.add.Scalar %a {other = 1} : tensor<2x3xf16> -> tensor<2x3xf16>
  %1 = torch.aten.sub.Scalar %i {other = 3, alpha = 2} : tensor<4xi32> -> tensor<4xi32>
  %2 = torch.aten.rsub.Scalar %a {other = 1.000000e+00} : tensor<2x3xf16> -> tensor<2x3xf16>
  %3 = torch.aten.mul.Scalar %i {other = 5.000000e-01} : tensor<4xi32> -> tensor<4xf32>
  %4 = torch.aten.mul.Scalar %i {other = 2} : tensor<4xi32> -> tensor<4xi32>
  %5 = torch.aten.div.Scalar %a {other = 8.000000e+00} : tensor<2x3xf16> -> tensor<2x3xf16>
  %6 = torch.aten.div.Scalar %i {other = 2} : tensor<4xi32> -> tensor<4xf32>
  %7 = torch.aten.pow.Tensor_Scalar %a {exponent = 2.000000e+00} : tensor<2x3xf16> -> tensor<2x3xf16>
  %8 = torch.aten.pow.Tensor_Scalar %i {exponent = 3} : tensor<4xi32> -> tensor<4xi32>
  %9 = torch.aten.mul.Scalar %b {other = 2} : tensor<4xi1> -> tensor<4xi64>
  return
}

// where and masked_fill broadcast their operands together.
// CHECK-LABEL: func.func @select_ops(%arg0: tensor<1x1x4x4xi1>, %arg1: tensor<2x8x4x4xf32>, %arg2: tensor<f32>, %arg3: tensor<4x4xi1>) {
// CHECK-NEXT:    %0 = torch.aten.where.self %arg0, %arg1, %arg2 : (tensor<1x1x4x4xi1>, tensor<2x8x4x4xf32>, tensor<f32>) -> tensor<2x8x4x4xf32>
// CHECK-NEXT:    %1 = torch.aten.masked_fill.Scalar %arg1, %arg3 {value = -1.000000e+09 : f64} : (tensor<2x8x4x4xf32>, tensor<4x4xi1>) -> tensor<2x8x4x4xf32>
// CHECK-NEXT:    %2 = torch.aten.masked_fill.Scalar %arg2, %arg3 {value = 0 : i64} : (tensor<f32>, tensor<4x4xi1>) -> tensor<4x4xf32>
// CHECK-NEXT:    return
func.func @select_ops(%c: tensor<1x1x4x4xi1>, %x: tensor<2x8x4x4xf32>, %y: tensor<f32>, %m: tensor<4x4xi1>) {
  %0 = torch.aten.where.self %c, %x, %y : (tensor<1x1x4x4xi1>, tensor<2x8x4x4xf32>, tensor<f32>) -> tensor<2x8x4x4xf32>
  %1 = torch.aten.masked_fill.Scalar %x, %m {value = -1.000000e+09} : (tensor<2x8x4x4xf32>, tensor<4x4xi1>) -> tensor<2x8x4x4xf32>
  %2 = torch.aten.masked_fill.Scalar %y, %m {value = 0} : (tensor<f32>, tensor<4x4xi1>) -> tensor<4x4xf32>
  return
}

// Activations and unary math keep the operand's type.
// CHECK-LABEL: func.func @unary(%arg0: tensor<2x3xf32>, %arg1: tensor<4xf16>, %arg2: tensor<4xbf16>, %arg3: tensor<5xi32>) {
// CHECK-NEXT:    %0 = torch.aten.relu %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    %1 = torch.aten.relu %arg3 : tensor<5xi32>
// CHECK-NEXT:    %2 = torch.aten.relu6 %arg1 : tensor<4xf16>
// CHECK-NEXT:    %3 = torch.aten.leaky_relu %arg0 {negative_slope = 2.000000e-01 : f64} : tensor<2x3xf32>
// CHECK-NEXT:    %4 = torch.aten.hardtanh %arg0 {max_val = 6 : i64, min_val = 0 : i64} : tensor<2x3xf32>
// CHECK-NEXT:    %5 = torch.aten.gelu %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    %6 = torch.aten.gelu %arg2 {approximate = "tanh"} : tensor<4xbf16>
// CHECK-NEXT:    %7 = torch.aten.silu %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    %8 = torch.aten.sigmoid %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    %9 = torch.aten.tanh %arg1 : tensor<4xf16>
// CHECK-NEXT:    %10 = torch.aten.hardswish %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    %11 = torch.aten.hardsigmoid %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    %12 = torch.aten.erf %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    %13 = torch.aten.sqrt %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    %14 = torch.aten.rsqrt %arg2 : tensor<4xbf16>
// CHECK-NEXT:    %15 = torch.aten.exp %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    %16 = torch.aten.log %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    %17 = torch.aten.neg %arg3 : tensor<5xi32>
// CHECK-NEXT:    %18 = torch.aten.abs %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    %19 = torch.aten.clamp %arg0 {min = 0.000000e+00 : f64} : tensor<2x3xf32>
// CHECK-NEXT:    %20 = torch.aten.clamp %arg3 {max = 6 : i64, min = 0 : i64} : tensor<5xi32>
// CHECK-NEXT:    return
func.func @unary(%x: tensor<2x3xf32>, %h: tensor<4xf16>, %b: tensor<4xbf16>, %i: tensor<5xi32>) {
  %0 = torch.aten.relu %x : tensor<2x3xf32>
  %1 = torch.aten.relu %i : tensor<5xi32>
  %2 = torch.aten.relu6 %h : tensor<4xf16>
  %3 = torch.aten.leaky_relu %x {negative_slope = 2.000000e-01} : tensor<2x3xf32>
  %4 = torch.aten.hardtanh %x {min_val = 0, max_val = 6} : tensor<2x3xf32>
  %5 = torch.aten.gelu %x : tensor<2x3xf32>
  %6 = torch.aten.gelu %b {approximate = "tanh"} : tensor<4xbf16>
  %7 = torch.aten.silu %x : tensor<2x3xf32>
  %8 = torch.aten.sigmoid %x : tensor<2x3xf32>
  %9 = torch.aten.tanh %h : tensor<4xf16>
  %10 = torch.aten.hardswish %x : tensor<2x3xf32>
  %11 = torch.aten.hardsigmoid %x : tensor<2x3xf32>
  %12 = torch.aten.erf %x : tensor<2x3xf32>
  %13 = torch.aten.sqrt %x : tensor<2x3xf32>
  %14 = torch.aten.rsqrt %b : tensor<4xbf16>
  %15 = torch.aten.exp %x : tensor<2x3xf32>
  %16 = torch.aten.log %x : tensor<2x3xf32>
  %17 = torch.aten.neg %i : tensor<5xi32>
  %18 = torch.aten.abs %x : tensor<2x3xf32>
  %19 = torch.aten.clamp %x {min = 0.000000e+00} : tensor<2x3xf32>
  %20 = torch.aten.clamp %i {min = 0, max = 6} : tensor<5xi32>
  return
}

// softmax over a (negative) dim, optionally in another dtype; norms.
// CHECK-LABEL: func.func @normalization(%arg0: tensor<2x5x768xf16>, %arg1: tensor<768xf16>, %arg2: tensor<1x64x56x56xf32>, %arg3: tensor<64xf32>, %arg4: tensor<1x64x56x56xf16>) {
// CHECK-NEXT:    %0 = torch.aten.softmax.int %arg0 {dim = -1 : i64} : tensor<2x5x768xf16> -> tensor<2x5x768xf16>
// CHECK-NEXT:    %1 = torch.aten.softmax.int %arg0 {dim = 1 : i64, dtype = f32} : tensor<2x5x768xf16> -> tensor<2x5x768xf32>
// CHECK-NEXT:    %2 = torch.aten.log_softmax.int %arg2 {dim = 1 : i64} : tensor<1x64x56x56xf32> -> tensor<1x64x56x56xf32>
// CHECK-NEXT:    %3 = torch.aten.layer_norm %arg0 {normalized_shape = array<i64: 768>} : (tensor<2x5x768xf16>) -> tensor<2x5x768xf16>
// CHECK-NEXT:    %4 = torch.aten.layer_norm %arg0, %arg1 {eps = 9.9999999999999998E-13 : f64, normalized_shape = array<i64: 768>} : (tensor<2x5x768xf16>, tensor<768xf16>) -> tensor<2x5x768xf16>
// CHECK-NEXT:    %5 = torch.aten.layer_norm %arg0, %arg1, %arg1 {normalized_shape = array<i64: 768>} : (tensor<2x5x768xf16>, tensor<768xf16>, tensor<768xf16>) -> tensor<2x5x768xf16>
// CHECK-NEXT:    %6 = torch.aten.batch_norm %arg2, %arg3, %arg3, %arg3, %arg3 {eps = 1.000000e-03 : f64} : (tensor<1x64x56x56xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<1x64x56x56xf32>
// CHECK-NEXT:    %7 = torch.aten.batch_norm %arg4, %arg3, %arg3 {momentum = 1.000000e-02 : f64} : (tensor<1x64x56x56xf16>, tensor<64xf32>, tensor<64xf32>) -> tensor<1x64x56x56xf16>
// CHECK-NEXT:    return
func.func @normalization(%x: tensor<2x5x768xf16>, %w: tensor<768xf16>, %f: tensor<1x64x56x56xf32>, %c: tensor<64xf32>, %hf: tensor<1x64x56x56xf16>) {
  %0 = torch.aten.softmax.int %x {dim = -1} : tensor<2x5x768xf16> -> tensor<2x5x768xf16>
  %1 = torch.aten.softmax.int %x {dim = 1, dtype = f32} : tensor<2x5x768xf16> -> tensor<2x5x768xf32>
  %2 = torch.aten.log_softmax.int %f {dim = 1} : tensor<1x64x56x56xf32> -> tensor<1x64x56x56xf32>
  %3 = torch.aten.layer_norm %x {normalized_shape = array<i64: 768>} : (tensor<2x5x768xf16>) -> tensor<2x5x768xf16>
  %4 = torch.aten.layer_norm %x, %w {normalized_shape = array<i64: 768>, eps = 9.9999999999999998E-13} : (tensor<2x5x768xf16>, tensor<768xf16>) -> tensor<2x5x768xf16>
  %5 = torch.aten.layer_norm %x, %w, %w {normalized_shape = array<i64: 768>} : (tensor<2x5x768xf16>, tensor<768xf16>, tensor<768xf16>) -> tensor<2x5x768xf16>
  %6 = torch.aten.batch_norm %f, %c, %c, %c, %c {eps = 1.000000e-03} : (tensor<1x64x56x56xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<1x64x56x56xf32>
  %7 = torch.aten.batch_norm %hf, %c, %c {momentum = 1.000000e-02} : (tensor<1x64x56x56xf16>, tensor<64xf32>, tensor<64xf32>) -> tensor<1x64x56x56xf16>
  return
}

// Pooling: stride defaults to kernel_size; ceil_mode keeps the last
// window only if it starts inside the input or left padding.
// CHECK-LABEL: func.func @pooling(%arg0: tensor<1x64x112x112xf32>, %arg1: tensor<1x1x5x5xf32>, %arg2: tensor<1x1x3x3xf32>, %arg3: tensor<1x1x8x8xf32>, %arg4: tensor<3x7x7xf32>, %arg5: tensor<1x8x7x7xf32>, %arg6: tensor<1x512x7x7xf32>, %arg7: tensor<2x3x?x10xf32>) {
// CHECK-NEXT:    %0 = torch.aten.max_pool2d %arg0 {kernel_size = array<i64: 3, 3>, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : tensor<1x64x112x112xf32> -> tensor<1x64x56x56xf32>
// CHECK-NEXT:    %1 = torch.aten.max_pool2d %arg1 {kernel_size = array<i64: 2>} : tensor<1x1x5x5xf32> -> tensor<1x1x2x2xf32>
// CHECK-NEXT:    %2 = torch.aten.max_pool2d %arg1 {ceil_mode = true, kernel_size = array<i64: 2>} : tensor<1x1x5x5xf32> -> tensor<1x1x3x3xf32>
// CHECK-NEXT:    %3 = torch.aten.max_pool2d %arg2 {ceil_mode = true, kernel_size = array<i64: 2>, padding = array<i64: 1>, stride = array<i64: 2>} : tensor<1x1x3x3xf32> -> tensor<1x1x2x2xf32>
// CHECK-NEXT:    %4 = torch.aten.max_pool2d %arg3 {dilation = array<i64: 2>, kernel_size = array<i64: 3>} : tensor<1x1x8x8xf32> -> tensor<1x1x2x2xf32>
// CHECK-NEXT:    %5 = torch.aten.max_pool2d %arg4 {kernel_size = array<i64: 3, 3>, stride = array<i64>} : tensor<3x7x7xf32> -> tensor<3x2x2xf32>
// CHECK-NEXT:    %6 = torch.aten.avg_pool2d %arg5 {ceil_mode = true, count_include_pad = false, kernel_size = array<i64: 3, 3>, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : tensor<1x8x7x7xf32> -> tensor<1x8x4x4xf32>
// CHECK-NEXT:    %7 = torch.aten.avg_pool2d %arg5 {divisor_override = 49 : i64, kernel_size = array<i64: 7>} : tensor<1x8x7x7xf32> -> tensor<1x8x1x1xf32>
// CHECK-NEXT:    %8 = torch.aten.adaptive_avg_pool2d %arg6 {output_size = array<i64: 1, 1>} : tensor<1x512x7x7xf32> -> tensor<1x512x1x1xf32>
// CHECK-NEXT:    %9 = torch.aten.adaptive_avg_pool2d %arg7 {output_size = array<i64: 4, 5>} : tensor<2x3x?x10xf32> -> tensor<2x3x4x5xf32>
// CHECK-NEXT:    return
func.func @pooling(%x: tensor<1x64x112x112xf32>, %s: tensor<1x1x5x5xf32>, %t: tensor<1x1x3x3xf32>, %d: tensor<1x1x8x8xf32>, %u: tensor<3x7x7xf32>, %a: tensor<1x8x7x7xf32>, %g: tensor<1x512x7x7xf32>, %dyn: tensor<2x3x?x10xf32>) {
  %0 = torch.aten.max_pool2d %x {kernel_size = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding = array<i64: 1, 1>} : tensor<1x64x112x112xf32> -> tensor<1x64x56x56xf32>
  %1 = torch.aten.max_pool2d %s {kernel_size = array<i64: 2>} : tensor<1x1x5x5xf32> -> tensor<1x1x2x2xf32>
  %2 = torch.aten.max_pool2d %s {kernel_size = array<i64: 2>, ceil_mode = true} : tensor<1x1x5x5xf32> -> tensor<1x1x3x3xf32>
  %3 = torch.aten.max_pool2d %t {kernel_size = array<i64: 2>, stride = array<i64: 2>, padding = array<i64: 1>, ceil_mode = true} : tensor<1x1x3x3xf32> -> tensor<1x1x2x2xf32>
  %4 = torch.aten.max_pool2d %d {kernel_size = array<i64: 3>, dilation = array<i64: 2>} : tensor<1x1x8x8xf32> -> tensor<1x1x2x2xf32>
  %5 = torch.aten.max_pool2d %u {kernel_size = array<i64: 3, 3>, stride = array<i64>} : tensor<3x7x7xf32> -> tensor<3x2x2xf32>
  %6 = torch.aten.avg_pool2d %a {kernel_size = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding = array<i64: 1, 1>, ceil_mode = true, count_include_pad = false} : tensor<1x8x7x7xf32> -> tensor<1x8x4x4xf32>
  %7 = torch.aten.avg_pool2d %a {kernel_size = array<i64: 7>, divisor_override = 49} : tensor<1x8x7x7xf32> -> tensor<1x8x1x1xf32>
  %8 = torch.aten.adaptive_avg_pool2d %g {output_size = array<i64: 1, 1>} : tensor<1x512x7x7xf32> -> tensor<1x512x1x1xf32>
  %9 = torch.aten.adaptive_avg_pool2d %dyn {output_size = array<i64: 4, 5>} : tensor<2x3x?x10xf32> -> tensor<2x3x4x5xf32>
  return
}

// Shape manipulation; negative dims count from the end.
// CHECK-LABEL: func.func @shapes(%arg0: tensor<1x512x1x1xf32>, %arg1: tensor<2x3x4x5xf32>, %arg2: tensor<2x3x4xf32>, %arg3: tensor<f32>, %arg4: tensor<2x?x4xf32>, %arg5: tensor<2x3x4xi1>) {
// CHECK-NEXT:    %0 = torch.aten.flatten.using_ints %arg0 {start_dim = 1 : i64} : tensor<1x512x1x1xf32> -> tensor<1x512xf32>
// CHECK-NEXT:    %1 = torch.aten.flatten.using_ints %arg1 {end_dim = -2 : i64, start_dim = 1 : i64} : tensor<2x3x4x5xf32> -> tensor<2x12x5xf32>
// CHECK-NEXT:    %2 = torch.aten.flatten.using_ints %arg2 : tensor<2x3x4xf32> -> tensor<24xf32>
// CHECK-NEXT:    %3 = torch.aten.flatten.using_ints %arg3 : tensor<f32> -> tensor<1xf32>
// CHECK-NEXT:    %4 = torch.aten.reshape %arg2 {shape = array<i64: 4, -1>} : tensor<2x3x4xf32> -> tensor<4x6xf32>
// CHECK-NEXT:    %5 = torch.aten.view %arg4 {size = array<i64: -1, 4>} : tensor<2x?x4xf32> -> tensor<?x4xf32>
// CHECK-NEXT:    %6 = torch.aten.reshape %arg5 {shape = array<i64: 24>} : tensor<2x3x4xi1> -> tensor<24xi1>
// CHECK-NEXT:    %7 = torch.aten.permute %arg2 {dims = array<i64: 2, 0, -2>} : tensor<2x3x4xf32> -> tensor<4x2x3xf32>
// CHECK-NEXT:    %8 = torch.aten.transpose.int %arg2 {dim0 = -1 : i64, dim1 = 0 : i64} : tensor<2x3x4xf32> -> tensor<4x3x2xf32>
// CHECK-NEXT:    %9 = torch.aten.squeeze.dim %arg0 {dim = -1 : i64} : tensor<1x512x1x1xf32> -> tensor<1x512x1xf32>
// CHECK-NEXT:    %10 = torch.aten.squeeze.dim %arg2 {dim = 0 : i64} : tensor<2x3x4xf32> -> tensor<2x3x4xf32>
// CHECK-NEXT:    %11 = torch.aten.squeeze %arg0 : tensor<1x512x1x1xf32> -> tensor<512xf32>
// CHECK-NEXT:    %12 = torch.aten.unsqueeze %arg2 {dim = -1 : i64} : tensor<2x3x4xf32> -> tensor<2x3x4x1xf32>
// CHECK-NEXT:    %13 = torch.aten.unsqueeze %arg3 {dim = 0 : i64} : tensor<f32> -> tensor<1xf32>
// CHECK-NEXT:    %14 = torch.aten.expand %arg0 {size = array<i64: 3, -1, -1, 7, 7>} : tensor<1x512x1x1xf32> -> tensor<3x1x512x7x7xf32>
// CHECK-NEXT:    %15 = torch.aten.constant_pad_nd %arg1 {pad = array<i64: 1, 1, 2, 2>} : tensor<2x3x4x5xf32> -> tensor<2x3x8x7xf32>
// CHECK-NEXT:    %16 = torch.aten.constant_pad_nd %arg1 {pad = array<i64: -1, 0>, value = 1.500000e+00 : f64} : tensor<2x3x4x5xf32> -> tensor<2x3x4x4xf32>
// CHECK-NEXT:    return
func.func @shapes(%x: tensor<1x512x1x1xf32>, %y: tensor<2x3x4x5xf32>, %z: tensor<2x3x4xf32>, %s: tensor<f32>, %d: tensor<2x?x4xf32>, %b: tensor<2x3x4xi1>) {
  %0 = torch.aten.flatten.using_ints %x {start_dim = 1} : tensor<1x512x1x1xf32> -> tensor<1x512xf32>
  %1 = torch.aten.flatten.using_ints %y {start_dim = 1, end_dim = -2} : tensor<2x3x4x5xf32> -> tensor<2x12x5xf32>
  %2 = torch.aten.flatten.using_ints %z : tensor<2x3x4xf32> -> tensor<24xf32>
  %3 = torch.aten.flatten.using_ints %s : tensor<f32> -> tensor<1xf32>
  %4 = torch.aten.reshape %z {shape = array<i64: 4, -1>} : tensor<2x3x4xf32> -> tensor<4x6xf32>
  %5 = torch.aten.view %d {size = array<i64: -1, 4>} : tensor<2x?x4xf32> -> tensor<?x4xf32>
  %6 = torch.aten.reshape %b {shape = array<i64: 24>} : tensor<2x3x4xi1> -> tensor<24xi1>
  %7 = torch.aten.permute %z {dims = array<i64: 2, 0, -2>} : tensor<2x3x4xf32> -> tensor<4x2x3xf32>
  %8 = torch.aten.transpose.int %z {dim0 = -1, dim1 = 0} : tensor<2x3x4xf32> -> tensor<4x3x2xf32>
  %9 = torch.aten.squeeze.dim %x {dim = -1} : tensor<1x512x1x1xf32> -> tensor<1x512x1xf32>
  %10 = torch.aten.squeeze.dim %z {dim = 0} : tensor<2x3x4xf32> -> tensor<2x3x4xf32>
  %11 = torch.aten.squeeze %x : tensor<1x512x1x1xf32> -> tensor<512xf32>
  %12 = torch.aten.unsqueeze %z {dim = -1} : tensor<2x3x4xf32> -> tensor<2x3x4x1xf32>
  %13 = torch.aten.unsqueeze %s {dim = 0} : tensor<f32> -> tensor<1xf32>
  %14 = torch.aten.expand %x {size = array<i64: 3, -1, -1, 7, 7>} : tensor<1x512x1x1xf32> -> tensor<3x1x512x7x7xf32>
  %15 = torch.aten.constant_pad_nd %y {pad = array<i64: 1, 1, 2, 2>} : tensor<2x3x4x5xf32> -> tensor<2x3x8x7xf32>
  %16 = torch.aten.constant_pad_nd %y {pad = array<i64: -1, 0>, value = 1.500000e+00} : tensor<2x3x4x5xf32> -> tensor<2x3x4x4xf32>
  return
}

// cat joins along dim; slice clamps its bounds; select drops a dim.
// CHECK-LABEL: func.func @indexing(%arg0: tensor<2x3xf32>, %arg1: tensor<4x3xf32>, %arg2: tensor<?x3xf32>, %arg3: tensor<2x3x4xi64>, %arg4: tensor<2x5x4xi64>, %arg5: tensor<10x20xf32>) {
// CHECK-NEXT:    %0 = torch.aten.cat %arg0, %arg1, %arg2 : (tensor<2x3xf32>, tensor<4x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
// CHECK-NEXT:    %1 = torch.aten.cat %arg3, %arg4 {dim = -2 : i64} : (tensor<2x3x4xi64>, tensor<2x5x4xi64>) -> tensor<2x8x4xi64>
// CHECK-NEXT:    %2 = torch.aten.cat %arg0 : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %3 = torch.aten.slice.Tensor %arg5 {dim = 1 : i64, end = 100 : i64, start = 2 : i64, step = 3 : i64} : tensor<10x20xf32> -> tensor<10x6xf32>
// CHECK-NEXT:    %4 = torch.aten.slice.Tensor %arg5 {dim = -1 : i64, start = -3 : i64} : tensor<10x20xf32> -> tensor<10x3xf32>
// CHECK-NEXT:    %5 = torch.aten.slice.Tensor %arg5 {dim = 1 : i64, end = 5 : i64, start = 15 : i64} : tensor<10x20xf32> -> tensor<10x0xf32>
// CHECK-NEXT:    %6 = torch.aten.slice.Tensor %arg5 {end = -1 : i64, start = 1 : i64} : tensor<10x20xf32> -> tensor<8x20xf32>
// CHECK-NEXT:    %7 = torch.aten.select.int %arg5 {dim = 1 : i64, index = -1 : i64} : tensor<10x20xf32> -> tensor<10xf32>
// CHECK-NEXT:    %8 = torch.aten.select.int %arg3 {dim = 0 : i64, index = 1 : i64} : tensor<2x3x4xi64> -> tensor<3x4xi64>
// CHECK-NEXT:    return
func.func @indexing(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>, %c: tensor<?x3xf32>, %p: tensor<2x3x4xi64>, %q: tensor<2x5x4xi64>, %x: tensor<10x20xf32>) {
  %0 = torch.aten.cat %a, %b, %c : (tensor<2x3xf32>, tensor<4x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
  %1 = torch.aten.cat %p, %q {dim = -2} : (tensor<2x3x4xi64>, tensor<2x5x4xi64>) -> tensor<2x8x4xi64>
  %2 = torch.aten.cat %a : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %3 = torch.aten.slice.Tensor %x {dim = 1, start = 2, end = 100, step = 3} : tensor<10x20xf32> -> tensor<10x6xf32>
  %4 = torch.aten.slice.Tensor %x {dim = -1, start = -3} : tensor<10x20xf32> -> tensor<10x3xf32>
  %5 = torch.aten.slice.Tensor %x {dim = 1, start = 15, end = 5} : tensor<10x20xf32> -> tensor<10x0xf32>
  %6 = torch.aten.slice.Tensor %x {start = 1, end = -1} : tensor<10x20xf32> -> tensor<8x20xf32>
  %7 = torch.aten.select.int %x {dim = 1, index = -1} : tensor<10x20xf32> -> tensor<10xf32>
  %8 = torch.aten.select.int %p {dim = 0, index = 1} : tensor<2x3x4xi64> -> tensor<3x4xi64>
  return
}

// Reductions: an absent dim list reduces everything; integer sums give i64.
// CHECK-LABEL: func.func @reductions(%arg0: tensor<2x3x4xf32>, %arg1: tensor<2x3x4xi64>, %arg2: tensor<2x3x4xi32>, %arg3: tensor<2x3x4xi1>, %arg4: tensor<2x10xf32>) {
// CHECK-NEXT:    %0 = torch.aten.mean.dim %arg0 {dim = array<i64: -1>, keepdim = true} : tensor<2x3x4xf32> -> tensor<2x3x1xf32>
// CHECK-NEXT:    %1 = torch.aten.mean.dim %arg0 : tensor<2x3x4xf32> -> tensor<f32>
// CHECK-NEXT:    %2 = torch.aten.mean.dim %arg1 {dim = array<i64: 1>, dtype = f32} : tensor<2x3x4xi64> -> tensor<2x4xf32>
// CHECK-NEXT:    %3 = torch.aten.sum.dim_IntList %arg0 {dim = array<i64: 0, 2>} : tensor<2x3x4xf32> -> tensor<3xf32>
// CHECK-NEXT:    %4 = torch.aten.sum.dim_IntList %arg2 : tensor<2x3x4xi32> -> tensor<i64>
// CHECK-NEXT:    %5 = torch.aten.sum.dim_IntList %arg3 {dim = array<i64>, keepdim = true} : tensor<2x3x4xi1> -> tensor<1x1x1xi64>
// CHECK-NEXT:    %6 = torch.aten.sum.dim_IntList %arg0 {dim = array<i64: 1>, dtype = f64} : tensor<2x3x4xf32> -> tensor<2x4xf64>
// CHECK-NEXT:    %7 = torch.aten.argmax %arg4 {dim = 1 : i64} : tensor<2x10xf32> -> tensor<2xi64>
// CHECK-NEXT:    %8 = torch.aten.argmax %arg4 : tensor<2x10xf32> -> tensor<i64>
// CHECK-NEXT:    %9 = torch.aten.argmax %arg4 {keepdim = true} : tensor<2x10xf32> -> tensor<1x1xi64>
// CHECK-NEXT:    return
func.func @reductions(%x: tensor<2x3x4xf32>, %i: tensor<2x3x4xi64>, %j: tensor<2x3x4xi32>, %m: tensor<2x3x4xi1>, %l: tensor<2x10xf32>) {
  %0 = torch.aten.mean.dim %x {dim = array<i64: -1>, keepdim = true} : tensor<2x3x4xf32> -> tensor<2x3x1xf32>
  %1 = torch.aten.mean.dim %x : tensor<2x3x4xf32> -> tensor<f32>
  %2 = torch.aten.mean.dim %i {dim = array<i64: 1>, dtype = f32} : tensor<2x3x4xi64> -> tensor<2x4xf32>
  %3 = torch.aten.sum.dim_IntList %x {dim = array<i64: 0, 2>} : tensor<2x3x4xf32> -> tensor<3xf32>
  %4 = torch.aten.sum.dim_IntList %j : tensor<2x3x4xi32> -> tensor<i64>
  %5 = torch.aten.sum.dim_IntList %m {dim = array<i64>, keepdim = true} : tensor<2x3x4xi1> -> tensor<1x1x1xi64>
  %6 = torch.aten.sum.dim_IntList %x {dim = array<i64: 1>, dtype = f64} : tensor<2x3x4xf32> -> tensor<2x4xf64>
  %7 = torch.aten.argmax %l {dim = 1} : tensor<2x10xf32> -> tensor<2xi64>
  %8 = torch.aten.argmax %l : tensor<2x10xf32> -> tensor<i64>
  %9 = torch.aten.argmax %l {keepdim = true} : tensor<2x10xf32> -> tensor<1x1xi64>
  return
}

// embedding appends embedding_dim to the indices' shape.
// CHECK-LABEL: func.func @embedding(%arg0: tensor<30522x768xf32>, %arg1: tensor<2x128xi64>, %arg2: tensor<7xi32>) {
// CHECK-NEXT:    %0 = torch.aten.embedding %arg0, %arg1 : (tensor<30522x768xf32>, tensor<2x128xi64>) -> tensor<2x128x768xf32>
// CHECK-NEXT:    %1 = torch.aten.embedding %arg0, %arg2 {padding_idx = 0 : i64} : (tensor<30522x768xf32>, tensor<7xi32>) -> tensor<7x768xf32>
// CHECK-NEXT:    return
func.func @embedding(%w: tensor<30522x768xf32>, %i: tensor<2x128xi64>, %j: tensor<7xi32>) {
  %0 = torch.aten.embedding %w, %i : (tensor<30522x768xf32>, tensor<2x128xi64>) -> tensor<2x128x768xf32>
  %1 = torch.aten.embedding %w, %j {padding_idx = 0} : (tensor<30522x768xf32>, tensor<7xi32>) -> tensor<7x768xf32>
  return
}

// sdpa: [*, L, E] x [*, S, E] x [*, S, Ev] -> [*, L, Ev].
// CHECK-LABEL: func.func @attention(%arg0: tensor<2x8x128x64xf16>, %arg1: tensor<2x8x256x64xf16>, %arg2: tensor<2x8x256x32xf16>, %arg3: tensor<128x256xi1>, %arg4: tensor<2x1x1x256xf16>, %arg5: tensor<2x32x16x64xf32>, %arg6: tensor<2x8x16x64xf32>) {
// CHECK-NEXT:    %0 = torch.aten.scaled_dot_product_attention %arg0, %arg1, %arg2 : (tensor<2x8x128x64xf16>, tensor<2x8x256x64xf16>, tensor<2x8x256x32xf16>) -> tensor<2x8x128x32xf16>
// CHECK-NEXT:    %1 = torch.aten.scaled_dot_product_attention %arg0, %arg1, %arg2, %arg3 : (tensor<2x8x128x64xf16>, tensor<2x8x256x64xf16>, tensor<2x8x256x32xf16>, tensor<128x256xi1>) -> tensor<2x8x128x32xf16>
// CHECK-NEXT:    %2 = torch.aten.scaled_dot_product_attention %arg0, %arg1, %arg2, %arg4 {scale = 1.250000e-01 : f64} : (tensor<2x8x128x64xf16>, tensor<2x8x256x64xf16>, tensor<2x8x256x32xf16>, tensor<2x1x1x256xf16>) -> tensor<2x8x128x32xf16>
// CHECK-NEXT:    %3 = torch.aten.scaled_dot_product_attention %arg0, %arg0, %arg0 {dropout_p = 0.000000e+00 : f64, is_causal = true} : (tensor<2x8x128x64xf16>, tensor<2x8x128x64xf16>, tensor<2x8x128x64xf16>) -> tensor<2x8x128x64xf16>
// CHECK-NEXT:    %4 = torch.aten.scaled_dot_product_attention %arg5, %arg6, %arg6 {enable_gqa = true} : (tensor<2x32x16x64xf32>, tensor<2x8x16x64xf32>, tensor<2x8x16x64xf32>) -> tensor<2x32x16x64xf32>
// CHECK-NEXT:    return
func.func @attention(%q: tensor<2x8x128x64xf16>, %k: tensor<2x8x256x64xf16>, %v: tensor<2x8x256x32xf16>, %m: tensor<128x256xi1>, %fm: tensor<2x1x1x256xf16>, %gq: tensor<2x32x16x64xf32>, %gk: tensor<2x8x16x64xf32>) {
  %0 = torch.aten.scaled_dot_product_attention %q, %k, %v : (tensor<2x8x128x64xf16>, tensor<2x8x256x64xf16>, tensor<2x8x256x32xf16>) -> tensor<2x8x128x32xf16>
  %1 = torch.aten.scaled_dot_product_attention %q, %k, %v, %m : (tensor<2x8x128x64xf16>, tensor<2x8x256x64xf16>, tensor<2x8x256x32xf16>, tensor<128x256xi1>) -> tensor<2x8x128x32xf16>
  %2 = torch.aten.scaled_dot_product_attention %q, %k, %v, %fm {scale = 1.250000e-01} : (tensor<2x8x128x64xf16>, tensor<2x8x256x64xf16>, tensor<2x8x256x32xf16>, tensor<2x1x1x256xf16>) -> tensor<2x8x128x32xf16>
  %3 = torch.aten.scaled_dot_product_attention %q, %q, %q {is_causal = true, dropout_p = 0.000000e+00} : (tensor<2x8x128x64xf16>, tensor<2x8x128x64xf16>, tensor<2x8x128x64xf16>) -> tensor<2x8x128x64xf16>
  %4 = torch.aten.scaled_dot_product_attention %gq, %gk, %gk {enable_gqa = true} : (tensor<2x32x16x64xf32>, tensor<2x8x16x64xf32>, tensor<2x8x16x64xf32>) -> tensor<2x32x16x64xf32>
  return
}

// Identities on value tensors, and dtype conversion.
// CHECK-LABEL: func.func @identities(%arg0: tensor<2x3xf32>, %arg1: tensor<4xi1>) {
// CHECK-NEXT:    %0 = torch.aten.contiguous %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    %1 = torch.aten.clone %arg1 : tensor<4xi1>
// CHECK-NEXT:    %2 = torch.aten.dropout %arg0 {p = 1.000000e-01 : f64, train = false} : tensor<2x3xf32>
// CHECK-NEXT:    %3 = torch.aten.to.dtype %arg0 {dtype = bf16} : tensor<2x3xf32> -> tensor<2x3xbf16>
// CHECK-NEXT:    %4 = torch.aten.to.dtype %arg1 {dtype = f32} : tensor<4xi1> -> tensor<4xf32>
// CHECK-NEXT:    return
func.func @identities(%x: tensor<2x3xf32>, %m: tensor<4xi1>) {
  %0 = torch.aten.contiguous %x : tensor<2x3xf32>
  %1 = torch.aten.clone %m : tensor<4xi1>
  %2 = torch.aten.dropout %x {p = 1.000000e-01, train = false} : tensor<2x3xf32>
  %3 = torch.aten.to.dtype %x {dtype = bf16} : tensor<2x3xf32> -> tensor<2x3xbf16>
  %4 = torch.aten.to.dtype %m {dtype = f32} : tensor<4xi1> -> tensor<4xf32>
  return
}

// Comparisons give i1 with the broadcast shape; Scalar forms keep self's shape.
// CHECK-LABEL: func.func @comparisons(%arg0: tensor<2x3xf32>, %arg1: tensor<3xf32>, %arg2: tensor<4x1xi32>, %arg3: tensor<5xi32>, %arg4: tensor<4xi1>, %arg5: tensor<4xui8>) {
// CHECK-NEXT:    %0 = torch.aten.eq.Tensor %arg0, %arg1 : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
// CHECK-NEXT:    %1 = torch.aten.ne.Tensor %arg2, %arg3 : (tensor<4x1xi32>, tensor<5xi32>) -> tensor<4x5xi1>
// CHECK-NEXT:    %2 = torch.aten.lt.Tensor %arg4, %arg4 : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
// CHECK-NEXT:    %3 = torch.aten.le.Tensor %arg1, %arg0 : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
// CHECK-NEXT:    %4 = torch.aten.gt.Tensor %arg0, %arg0 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
// CHECK-NEXT:    %5 = torch.aten.ge.Tensor %arg3, %arg3 : (tensor<5xi32>, tensor<5xi32>) -> tensor<5xi1>
// CHECK-NEXT:    %6 = torch.aten.eq.Scalar %arg0 {other = 5.000000e-01 : f64} : tensor<2x3xf32> -> tensor<2x3xi1>
// CHECK-NEXT:    %7 = torch.aten.ne.Scalar %arg3 {other = 2.500000e+00 : f64} : tensor<5xi32> -> tensor<5xi1>
// CHECK-NEXT:    %8 = torch.aten.lt.Scalar %arg5 {other = 255 : i64} : tensor<4xui8> -> tensor<4xi1>
// CHECK-NEXT:    %9 = torch.aten.le.Scalar %arg4 {other = 1 : i64} : tensor<4xi1> -> tensor<4xi1>
// CHECK-NEXT:    %10 = torch.aten.gt.Scalar %arg0 {other = 0 : i64} : tensor<2x3xf32> -> tensor<2x3xi1>
// CHECK-NEXT:    %11 = torch.aten.ge.Scalar %arg2 {other = -3 : i64} : tensor<4x1xi32> -> tensor<4x1xi1>
// CHECK-NEXT:    return
func.func @comparisons(%a: tensor<2x3xf32>, %b: tensor<3xf32>, %i: tensor<4x1xi32>, %j: tensor<5xi32>, %m: tensor<4xi1>, %u: tensor<4xui8>) {
  %0 = torch.aten.eq.Tensor %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  %1 = torch.aten.ne.Tensor %i, %j : (tensor<4x1xi32>, tensor<5xi32>) -> tensor<4x5xi1>
  %2 = torch.aten.lt.Tensor %m, %m : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  %3 = torch.aten.le.Tensor %b, %a : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
  %4 = torch.aten.gt.Tensor %a, %a : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
  %5 = torch.aten.ge.Tensor %j, %j : (tensor<5xi32>, tensor<5xi32>) -> tensor<5xi1>
  %6 = torch.aten.eq.Scalar %a {other = 0.5 : f64} : tensor<2x3xf32> -> tensor<2x3xi1>
  %7 = torch.aten.ne.Scalar %j {other = 2.5 : f64} : tensor<5xi32> -> tensor<5xi1>
  %8 = torch.aten.lt.Scalar %u {other = 255} : tensor<4xui8> -> tensor<4xi1>
  %9 = torch.aten.le.Scalar %m {other = 1} : tensor<4xi1> -> tensor<4xi1>
  %10 = torch.aten.gt.Scalar %a {other = 0} : tensor<2x3xf32> -> tensor<2x3xi1>
  %11 = torch.aten.ge.Scalar %i {other = -3} : tensor<4x1xi32> -> tensor<4x1xi1>
  return
}


// Logical ops accept any element types, even mixed; bitwise_not integers and bool.
// CHECK-LABEL: func.func @logical(%arg0: tensor<2x3xf32>, %arg1: tensor<3xi64>, %arg2: tensor<2x1xi1>, %arg3: tensor<4xi8>) {
// CHECK-NEXT:    %0 = torch.aten.logical_and %arg2, %arg2 : (tensor<2x1xi1>, tensor<2x1xi1>) -> tensor<2x1xi1>
// CHECK-NEXT:    %1 = torch.aten.logical_or %arg0, %arg1 : (tensor<2x3xf32>, tensor<3xi64>) -> tensor<2x3xi1>
// CHECK-NEXT:    %2 = torch.aten.logical_xor %arg2, %arg1 : (tensor<2x1xi1>, tensor<3xi64>) -> tensor<2x3xi1>
// CHECK-NEXT:    %3 = torch.aten.logical_not %arg0 : tensor<2x3xf32> -> tensor<2x3xi1>
// CHECK-NEXT:    %4 = torch.aten.bitwise_not %arg3 : tensor<4xi8>
// CHECK-NEXT:    %5 = torch.aten.bitwise_not %arg2 : tensor<2x1xi1>
// CHECK-NEXT:    return
func.func @logical(%a: tensor<2x3xf32>, %i: tensor<3xi64>, %m: tensor<2x1xi1>, %b: tensor<4xi8>) {
  %0 = torch.aten.logical_and %m, %m : (tensor<2x1xi1>, tensor<2x1xi1>) -> tensor<2x1xi1>
  %1 = torch.aten.logical_or %a, %i : (tensor<2x3xf32>, tensor<3xi64>) -> tensor<2x3xi1>
  %2 = torch.aten.logical_xor %m, %i : (tensor<2x1xi1>, tensor<3xi64>) -> tensor<2x3xi1>
  %3 = torch.aten.logical_not %a : tensor<2x3xf32> -> tensor<2x3xi1>
  %4 = torch.aten.bitwise_not %b : tensor<4xi8>
  %5 = torch.aten.bitwise_not %m : tensor<2x1xi1>
  return
}


// Elementwise extrema and remainders broadcast like arithmetic.
// CHECK-LABEL: func.func @extrema(%arg0: tensor<2x3xf32>, %arg1: tensor<3xf32>, %arg2: tensor<4x1xi16>, %arg3: tensor<1x5xi16>, %arg4: tensor<2xi1>) {
// CHECK-NEXT:    %0 = torch.aten.maximum %arg0, %arg1 : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %1 = torch.aten.minimum %arg2, %arg3 : (tensor<4x1xi16>, tensor<1x5xi16>) -> tensor<4x5xi16>
// CHECK-NEXT:    %2 = torch.aten.maximum %arg4, %arg4 : (tensor<2xi1>, tensor<2xi1>) -> tensor<2xi1>
// CHECK-NEXT:    %3 = torch.aten.remainder.Tensor %arg0, %arg1 : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %4 = torch.aten.fmod.Tensor %arg2, %arg3 : (tensor<4x1xi16>, tensor<1x5xi16>) -> tensor<4x5xi16>
// CHECK-NEXT:    return
func.func @extrema(%a: tensor<2x3xf32>, %b: tensor<3xf32>, %i: tensor<4x1xi16>, %j: tensor<1x5xi16>, %m: tensor<2xi1>) {
  %0 = torch.aten.maximum %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %1 = torch.aten.minimum %i, %j : (tensor<4x1xi16>, tensor<1x5xi16>) -> tensor<4x5xi16>
  %2 = torch.aten.maximum %m, %m : (tensor<2xi1>, tensor<2xi1>) -> tensor<2xi1>
  %3 = torch.aten.remainder.Tensor %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %4 = torch.aten.fmod.Tensor %i, %j : (tensor<4x1xi16>, tensor<1x5xi16>) -> tensor<4x5xi16>
  return
}


// Unary math: rounding ops keep integer types; classification gives i1.
// CHECK-LABEL: func.func @unary_math(%arg0: tensor<2x3xf32>, %arg1: tensor<4xf16>, %arg2: tensor<4xi32>, %arg3: tensor<4xi1>) {
// CHECK-NEXT:    %0 = torch.aten.reciprocal %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    %1 = torch.aten.floor %arg1 : tensor<4xf16>
// CHECK-NEXT:    %2 = torch.aten.ceil %arg2 : tensor<4xi32>
// CHECK-NEXT:    %3 = torch.aten.round %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    %4 = torch.aten.sign %arg2 : tensor<4xi32>
// CHECK-NEXT:    %5 = torch.aten.sign %arg3 : tensor<4xi1>
// CHECK-NEXT:    %6 = torch.aten.sin %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    %7 = torch.aten.cos %arg1 : tensor<4xf16>
// CHECK-NEXT:    %8 = torch.aten.tan %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    %9 = torch.aten.sinh %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    %10 = torch.aten.cosh %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    %11 = torch.aten.asinh %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    %12 = torch.aten.acosh %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    %13 = torch.aten.atanh %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    %14 = torch.aten.isnan %arg0 : tensor<2x3xf32> -> tensor<2x3xi1>
// CHECK-NEXT:    %15 = torch.aten.isinf %arg1 : tensor<4xf16> -> tensor<4xi1>
// CHECK-NEXT:    %16 = torch.aten.isposinf %arg0 : tensor<2x3xf32> -> tensor<2x3xi1>
// CHECK-NEXT:    %17 = torch.aten.isneginf %arg2 : tensor<4xi32> -> tensor<4xi1>
// CHECK-NEXT:    return
func.func @unary_math(%x: tensor<2x3xf32>, %h: tensor<4xf16>, %i: tensor<4xi32>, %m: tensor<4xi1>) {
  %0 = torch.aten.reciprocal %x : tensor<2x3xf32>
  %1 = torch.aten.floor %h : tensor<4xf16>
  %2 = torch.aten.ceil %i : tensor<4xi32>
  %3 = torch.aten.round %x : tensor<2x3xf32>
  %4 = torch.aten.sign %i : tensor<4xi32>
  %5 = torch.aten.sign %m : tensor<4xi1>
  %6 = torch.aten.sin %x : tensor<2x3xf32>
  %7 = torch.aten.cos %h : tensor<4xf16>
  %8 = torch.aten.tan %x : tensor<2x3xf32>
  %9 = torch.aten.sinh %x : tensor<2x3xf32>
  %10 = torch.aten.cosh %x : tensor<2x3xf32>
  %11 = torch.aten.asinh %x : tensor<2x3xf32>
  %12 = torch.aten.acosh %x : tensor<2x3xf32>
  %13 = torch.aten.atanh %x : tensor<2x3xf32>
  %14 = torch.aten.isnan %x : tensor<2x3xf32> -> tensor<2x3xi1>
  %15 = torch.aten.isinf %h : tensor<4xf16> -> tensor<4xi1>
  %16 = torch.aten.isposinf %x : tensor<2x3xf32> -> tensor<2x3xi1>
  %17 = torch.aten.isneginf %i : tensor<4xi32> -> tensor<4xi1>
  return
}


// Activations with PyTorch's Scalar parameters.
// CHECK-LABEL: func.func @activations2(%arg0: tensor<2x3xf32>, %arg1: tensor<1x4x2x2xf32>, %arg2: tensor<4xf32>, %arg3: tensor<1xf32>, %arg4: tensor<5xi64>) {
// CHECK-NEXT:    %0 = torch.aten.elu %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    %1 = torch.aten.elu %arg0 {alpha = 2.000000e+00 : f64, input_scale = 5.000000e-01 : f64, scale = 1.500000e+00 : f64} : tensor<2x3xf32>
// CHECK-NEXT:    %2 = torch.aten.selu %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    %3 = torch.aten.celu %arg0 {alpha = 2.000000e+00 : f64} : tensor<2x3xf32>
// CHECK-NEXT:    %4 = torch.aten.softplus %arg0 {beta = 2 : i64, threshold = 1.000000e+01 : f64} : tensor<2x3xf32>
// CHECK-NEXT:    %5 = torch.aten.mish %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    %6 = torch.aten.prelu %arg1, %arg2 : (tensor<1x4x2x2xf32>, tensor<4xf32>) -> tensor<1x4x2x2xf32>
// CHECK-NEXT:    %7 = torch.aten.prelu %arg0, %arg3 : (tensor<2x3xf32>, tensor<1xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %8 = torch.aten.threshold %arg0 {threshold = 1.000000e+00 : f64, value = 0.000000e+00 : f64} : tensor<2x3xf32>
// CHECK-NEXT:    %9 = torch.aten.threshold %arg4 {threshold = 2 : i64, value = -1 : i64} : tensor<5xi64>
// CHECK-NEXT:    %10 = torch.aten.hardshrink %arg0 : tensor<2x3xf32>
// CHECK-NEXT:    %11 = torch.aten.softshrink %arg0 {lambd = 1.500000e+00 : f64} : tensor<2x3xf32>
// CHECK-NEXT:    return
func.func @activations2(%x: tensor<2x3xf32>, %n: tensor<1x4x2x2xf32>, %w: tensor<4xf32>, %s: tensor<1xf32>, %i: tensor<5xi64>) {
  %0 = torch.aten.elu %x : tensor<2x3xf32>
  %1 = torch.aten.elu %x {alpha = 2.000000e+00, scale = 1.5, input_scale = 5.000000e-01} : tensor<2x3xf32>
  %2 = torch.aten.selu %x : tensor<2x3xf32>
  %3 = torch.aten.celu %x {alpha = 2.000000e+00} : tensor<2x3xf32>
  %4 = torch.aten.softplus %x {beta = 2, threshold = 1.000000e+01} : tensor<2x3xf32>
  %5 = torch.aten.mish %x : tensor<2x3xf32>
  %6 = torch.aten.prelu %n, %w : (tensor<1x4x2x2xf32>, tensor<4xf32>) -> tensor<1x4x2x2xf32>
  %7 = torch.aten.prelu %x, %s : (tensor<2x3xf32>, tensor<1xf32>) -> tensor<2x3xf32>
  %8 = torch.aten.threshold %x {threshold = 1.000000e+00, value = 0.000000e+00} : tensor<2x3xf32>
  %9 = torch.aten.threshold %i {threshold = 2, value = -1} : tensor<5xi64>
  %10 = torch.aten.hardshrink %x : tensor<2x3xf32>
  %11 = torch.aten.softshrink %x {lambd = 1.5} : tensor<2x3xf32>
  return
}


// More reductions: amax/amin over dim lists, full max/min, products, norms.
// CHECK-LABEL: func.func @reductions2(%arg0: tensor<2x3x4xf32>, %arg1: tensor<2x3x4xi32>, %arg2: tensor<2x3xi1>) {
// CHECK-NEXT:    %0 = torch.aten.amax %arg0 {dim = array<i64: 1, -1>} : tensor<2x3x4xf32> -> tensor<2xf32>
// CHECK-NEXT:    %1 = torch.aten.amin %arg1 {keepdim = true} : tensor<2x3x4xi32> -> tensor<1x1x1xi32>
// CHECK-NEXT:    %2 = torch.aten.amax %arg2 {dim = array<i64: 0>} : tensor<2x3xi1> -> tensor<3xi1>
// CHECK-NEXT:    %3 = torch.aten.max %arg0 : tensor<2x3x4xf32> -> tensor<f32>
// CHECK-NEXT:    %4 = torch.aten.min %arg1 : tensor<2x3x4xi32> -> tensor<i32>
// CHECK-NEXT:    %5 = torch.aten.prod.dim_int %arg0 {dim = 1 : i64, keepdim = true} : tensor<2x3x4xf32> -> tensor<2x1x4xf32>
// CHECK-NEXT:    %6 = torch.aten.prod.dim_int %arg1 {dim = -1 : i64} : tensor<2x3x4xi32> -> tensor<2x3xi64>
// CHECK-NEXT:    %7 = torch.aten.prod %arg2 : tensor<2x3xi1> -> tensor<i64>
// CHECK-NEXT:    %8 = torch.aten.prod %arg1 {dtype = i32} : tensor<2x3x4xi32> -> tensor<i32>
// CHECK-NEXT:    %9 = torch.aten.logsumexp %arg0 {dim = array<i64: 2>} : tensor<2x3x4xf32> -> tensor<2x3xf32>
// CHECK-NEXT:    %10 = torch.aten.logsumexp %arg0 {dim = array<i64>, keepdim = true} : tensor<2x3x4xf32> -> tensor<1x1x1xf32>
// CHECK-NEXT:    %11 = torch.aten.linalg_vector_norm %arg0 : tensor<2x3x4xf32> -> tensor<f32>
// CHECK-NEXT:    %12 = torch.aten.linalg_vector_norm %arg0 {dim = array<i64: 0, 2>, dtype = f64, keepdim = true, ord = 1 : i64} : tensor<2x3x4xf32> -> tensor<1x3x1xf64>
// CHECK-NEXT:    %13 = torch.aten.linalg_vector_norm %arg0 {dim = array<i64: -1>, ord = 0x7FF0000000000000 : f64} : tensor<2x3x4xf32> -> tensor<2x3xf32>
// CHECK-NEXT:    return
func.func @reductions2(%x: tensor<2x3x4xf32>, %i: tensor<2x3x4xi32>, %m: tensor<2x3xi1>) {
  %0 = torch.aten.amax %x {dim = array<i64: 1, -1>} : tensor<2x3x4xf32> -> tensor<2xf32>
  %1 = torch.aten.amin %i {keepdim = true} : tensor<2x3x4xi32> -> tensor<1x1x1xi32>
  %2 = torch.aten.amax %m {dim = array<i64: 0>} : tensor<2x3xi1> -> tensor<3xi1>
  %3 = torch.aten.max %x : tensor<2x3x4xf32> -> tensor<f32>
  %4 = torch.aten.min %i : tensor<2x3x4xi32> -> tensor<i32>
  %5 = torch.aten.prod.dim_int %x {dim = 1, keepdim = true} : tensor<2x3x4xf32> -> tensor<2x1x4xf32>
  %6 = torch.aten.prod.dim_int %i {dim = -1} : tensor<2x3x4xi32> -> tensor<2x3xi64>
  %7 = torch.aten.prod %m : tensor<2x3xi1> -> tensor<i64>
  %8 = torch.aten.prod %i {dtype = i32} : tensor<2x3x4xi32> -> tensor<i32>
  %9 = torch.aten.logsumexp %x {dim = array<i64: 2>} : tensor<2x3x4xf32> -> tensor<2x3xf32>
  %10 = torch.aten.logsumexp %x {dim = array<i64>, keepdim = true} : tensor<2x3x4xf32> -> tensor<1x1x1xf32>
  %11 = torch.aten.linalg_vector_norm %x : tensor<2x3x4xf32> -> tensor<f32>
  %12 = torch.aten.linalg_vector_norm %x {ord = 1, dim = array<i64: 0, 2>, keepdim = true, dtype = f64} : tensor<2x3x4xf32> -> tensor<1x3x1xf64>
  %13 = torch.aten.linalg_vector_norm %x {ord = 0x7FF0000000000000 : f64, dim = array<i64: -1>} : tensor<2x3x4xf32> -> tensor<2x3xf32>
  return
}


// Scans, selection and data movement. topk has two results.
// GENERIC: = "torch.aten.topk"({{.*}}) <{k = 2 : i64}> : (tensor<2x3x4xf32>) -> (tensor<2x3x2xf32>, tensor<2x3x2xi64>)
// CHECK-LABEL: func.func @movement(%arg0: tensor<2x3x4xf32>, %arg1: tensor<2x3xi32>, %arg2: tensor<3x3xi1>, %arg3: tensor<2x2x4xi64>, %arg4: tensor<1x8x2x3xf32>, %arg5: tensor<2x4x6xi8>) {
// CHECK-NEXT:    %0 = torch.aten.cumsum %arg0 {dim = 1 : i64} : tensor<2x3x4xf32> -> tensor<2x3x4xf32>
// CHECK-NEXT:    %1 = torch.aten.cumsum %arg1 {dim = -1 : i64} : tensor<2x3xi32> -> tensor<2x3xi64>
// CHECK-NEXT:    %2 = torch.aten.cumsum %arg1 {dim = 0 : i64, dtype = f32} : tensor<2x3xi32> -> tensor<2x3xf32>
// CHECK-NEXT:    %3:2 = torch.aten.topk %arg0 {k = 2 : i64} : (tensor<2x3x4xf32>) -> (tensor<2x3x2xf32>, tensor<2x3x2xi64>)
// CHECK-NEXT:    %4:2 = torch.aten.topk %arg1 {dim = 0 : i64, k = 1 : i64, largest = false, sorted = false} : (tensor<2x3xi32>) -> (tensor<1x3xi32>, tensor<1x3xi64>)
// CHECK-NEXT:    %5 = torch.aten.gather %arg0, %arg3 {dim = 1 : i64} : (tensor<2x3x4xf32>, tensor<2x2x4xi64>) -> tensor<2x2x4xf32>
// CHECK-NEXT:    %6 = torch.aten.repeat %arg1 {repeats = array<i64: 2, 1, 3>} : tensor<2x3xi32> -> tensor<2x2x9xi32>
// CHECK-NEXT:    %7 = torch.aten.flip %arg0 {dims = array<i64: 0, -1>} : tensor<2x3x4xf32>
// CHECK-NEXT:    %8 = torch.aten.tril %arg0 : tensor<2x3x4xf32>
// CHECK-NEXT:    %9 = torch.aten.triu %arg2 {diagonal = -1 : i64} : tensor<3x3xi1>
// CHECK-NEXT:    %10 = torch.aten.pixel_shuffle %arg4 {upscale_factor = 2 : i64} : tensor<1x8x2x3xf32> -> tensor<1x2x4x6xf32>
// CHECK-NEXT:    %11 = torch.aten.pixel_unshuffle %arg5 {downscale_factor = 2 : i64} : tensor<2x4x6xi8> -> tensor<8x2x3xi8>
// CHECK-NEXT:    return
func.func @movement(%x: tensor<2x3x4xf32>, %i: tensor<2x3xi32>, %m: tensor<3x3xi1>, %idx: tensor<2x2x4xi64>, %p: tensor<1x8x2x3xf32>, %q: tensor<2x4x6xi8>) {
  %0 = torch.aten.cumsum %x {dim = 1} : tensor<2x3x4xf32> -> tensor<2x3x4xf32>
  %1 = torch.aten.cumsum %i {dim = -1} : tensor<2x3xi32> -> tensor<2x3xi64>
  %2 = torch.aten.cumsum %i {dim = 0, dtype = f32} : tensor<2x3xi32> -> tensor<2x3xf32>
  %3:2 = torch.aten.topk %x {k = 2} : (tensor<2x3x4xf32>) -> (tensor<2x3x2xf32>, tensor<2x3x2xi64>)
  %4:2 = torch.aten.topk %i {k = 1, dim = 0, largest = false, sorted = false} : (tensor<2x3xi32>) -> (tensor<1x3xi32>, tensor<1x3xi64>)
  %5 = torch.aten.gather %x, %idx {dim = 1} : (tensor<2x3x4xf32>, tensor<2x2x4xi64>) -> tensor<2x2x4xf32>
  %6 = torch.aten.repeat %i {repeats = array<i64: 2, 1, 3>} : tensor<2x3xi32> -> tensor<2x2x9xi32>
  %7 = torch.aten.flip %x {dims = array<i64: 0, -1>} : tensor<2x3x4xf32>
  %8 = torch.aten.tril %x : tensor<2x3x4xf32>
  %9 = torch.aten.triu %m {diagonal = -1} : tensor<3x3xi1>
  %10 = torch.aten.pixel_shuffle %p {upscale_factor = 2} : tensor<1x8x2x3xf32> -> tensor<1x2x4x6xf32>
  %11 = torch.aten.pixel_unshuffle %q {downscale_factor = 2} : tensor<2x4x6xi8> -> tensor<8x2x3xi8>
  return
}

// index_select takes slices along a dim; a 0-D index keeps the dim as size 1.
// CHECK-LABEL: func.func @index_select(%arg0: tensor<2x3x4xf32>, %arg1: tensor<5xi64>, %arg2: tensor<i64>) {
// CHECK-NEXT:    %0 = torch.aten.index_select %arg0, %arg1 {dim = -1 : i64} : (tensor<2x3x4xf32>, tensor<5xi64>) -> tensor<2x3x5xf32>
// CHECK-NEXT:    %1 = torch.aten.index_select %arg0, %arg2 {dim = 1 : i64} : (tensor<2x3x4xf32>, tensor<i64>) -> tensor<2x1x4xf32>
// CHECK-NEXT:    return
func.func @index_select(%x: tensor<2x3x4xf32>, %i: tensor<5xi64>, %j: tensor<i64>) {
  %0 = torch.aten.index_select %x, %i {dim = -1} : (tensor<2x3x4xf32>, tensor<5xi64>) -> tensor<2x3x5xf32>
  %1 = torch.aten.index_select %x, %j {dim = 1} : (tensor<2x3x4xf32>, tensor<i64>) -> tensor<2x1x4xf32>
  return
}


// Instance and group normalization over [N, C, *] with optional affine operands.
// CHECK-LABEL: func.func @norms(%arg0: tensor<2x4x3x3xf32>, %arg1: tensor<4xf32>, %arg2: tensor<2x4x5xf16>) {
// CHECK-NEXT:    %0 = torch.aten.instance_norm %arg0, %arg1, %arg1 {eps = 1.000000e-03 : f64} : (tensor<2x4x3x3xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x4x3x3xf32>
// CHECK-NEXT:    %1 = torch.aten.instance_norm %arg2 : (tensor<2x4x5xf16>) -> tensor<2x4x5xf16>
// CHECK-NEXT:    %2 = torch.aten.group_norm %arg0, %arg1 {num_groups = 2 : i64} : (tensor<2x4x3x3xf32>, tensor<4xf32>) -> tensor<2x4x3x3xf32>
// CHECK-NEXT:    %3 = torch.aten.group_norm %arg2 {eps = 9.9999999999999995E-7 : f64, num_groups = 4 : i64} : (tensor<2x4x5xf16>) -> tensor<2x4x5xf16>
// CHECK-NEXT:    return
func.func @norms(%x: tensor<2x4x3x3xf32>, %w: tensor<4xf32>, %y: tensor<2x4x5xf16>) {
  %0 = torch.aten.instance_norm %x, %w, %w {eps = 1.0e-03} : (tensor<2x4x3x3xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x4x3x3xf32>
  %1 = torch.aten.instance_norm %y : (tensor<2x4x5xf16>) -> tensor<2x4x5xf16>
  %2 = torch.aten.group_norm %x, %w {num_groups = 2} : (tensor<2x4x3x3xf32>, tensor<4xf32>) -> tensor<2x4x3x3xf32>
  %3 = torch.aten.group_norm %y {num_groups = 4, eps = 1.0e-06} : (tensor<2x4x5xf16>) -> tensor<2x4x5xf16>
  return
}

// Volumetric convolution and pooling: the 2-D rules per spatial dim (D, H, W).
// GENERIC: = "torch.aten.conv3d"({{.*}}) <{padding = array<i64: 1, 3, 3>, stride = array<i64: 1, 2, 2>}> : (tensor<1x3x4x32x32xf32>, tensor<8x3x3x7x7xf32>, tensor<8xf32>) -> tensor<1x8x4x16x16xf32>
// CHECK-LABEL: func.func @volumes(%arg0: tensor<1x3x4x32x32xf32>, %arg1: tensor<8x3x3x7x7xf32>, %arg2: tensor<8xf32>, %arg3: tensor<4x6x6x6xf32>, %arg4: tensor<4x2x3x3x3xf32>, %arg5: tensor<1x2x5x6x6xf32>) {
// CHECK-NEXT:    %0 = torch.aten.conv3d %arg0, %arg1, %arg2 {padding = array<i64: 1, 3, 3>, stride = array<i64: 1, 2, 2>} : (tensor<1x3x4x32x32xf32>, tensor<8x3x3x7x7xf32>, tensor<8xf32>) -> tensor<1x8x4x16x16xf32>
// CHECK-NEXT:    %1 = torch.aten.conv3d %arg3, %arg4 {dilation = array<i64: 2>, groups = 2 : i64} : (tensor<4x6x6x6xf32>, tensor<4x2x3x3x3xf32>) -> tensor<4x2x2x2xf32>
// CHECK-NEXT:    %2 = torch.aten.max_pool3d %arg5 {ceil_mode = true, kernel_size = array<i64: 3>, padding = array<i64: 1>, stride = array<i64: 2>} : tensor<1x2x5x6x6xf32> -> tensor<1x2x3x4x4xf32>
// CHECK-NEXT:    %3 = torch.aten.max_pool3d %arg5 {dilation = array<i64: 2>, kernel_size = array<i64: 1, 2, 2>} : tensor<1x2x5x6x6xf32> -> tensor<1x2x5x2x2xf32>
// CHECK-NEXT:    %4 = torch.aten.avg_pool3d %arg5 {count_include_pad = false, kernel_size = array<i64: 2, 3, 3>, padding = array<i64: 1, 1, 1>, stride = array<i64: 1, 2, 2>} : tensor<1x2x5x6x6xf32> -> tensor<1x2x6x3x3xf32>
// CHECK-NEXT:    %5 = torch.aten.avg_pool3d %arg5 {divisor_override = 7 : i64, kernel_size = array<i64: 2>} : tensor<1x2x5x6x6xf32> -> tensor<1x2x2x3x3xf32>
// CHECK-NEXT:    return
func.func @volumes(%x: tensor<1x3x4x32x32xf32>, %w: tensor<8x3x3x7x7xf32>, %b: tensor<8xf32>, %u: tensor<4x6x6x6xf32>, %uw: tensor<4x2x3x3x3xf32>, %v: tensor<1x2x5x6x6xf32>) {
  %0 = torch.aten.conv3d %x, %w, %b {stride = array<i64: 1, 2, 2>, padding = array<i64: 1, 3, 3>} : (tensor<1x3x4x32x32xf32>, tensor<8x3x3x7x7xf32>, tensor<8xf32>) -> tensor<1x8x4x16x16xf32>
  %1 = torch.aten.conv3d %u, %uw {dilation = array<i64: 2>, groups = 2} : (tensor<4x6x6x6xf32>, tensor<4x2x3x3x3xf32>) -> tensor<4x2x2x2xf32>
  %2 = torch.aten.max_pool3d %v {kernel_size = array<i64: 3>, stride = array<i64: 2>, padding = array<i64: 1>, ceil_mode = true} : tensor<1x2x5x6x6xf32> -> tensor<1x2x3x4x4xf32>
  %3 = torch.aten.max_pool3d %v {kernel_size = array<i64: 1, 2, 2>, dilation = array<i64: 2>} : tensor<1x2x5x6x6xf32> -> tensor<1x2x5x2x2xf32>
  %4 = torch.aten.avg_pool3d %v {kernel_size = array<i64: 2, 3, 3>, stride = array<i64: 1, 2, 2>, padding = array<i64: 1, 1, 1>, count_include_pad = false} : tensor<1x2x5x6x6xf32> -> tensor<1x2x6x3x3xf32>
  %5 = torch.aten.avg_pool3d %v {kernel_size = array<i64: 2>, divisor_override = 7} : tensor<1x2x5x6x6xf32> -> tensor<1x2x2x3x3xf32>
  return
}

// CHECK:      {-#
// CHECK-NEXT:   dialect_resources: {
// CHECK-NEXT:     builtin: {
// CHECK-NEXT:       fc_bias: "0x040000000000803F00000040"
{-#
  dialect_resources: {
    builtin: {
      fc_bias: "0x040000000000803F00000040"
    }
  }
#-}
