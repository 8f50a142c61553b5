// RUN: mlc-opt --mlir-print-local-scope %s | filecheck %s
// RUN: mlc-opt --mlir-print-op-generic %s | mlc-opt --mlir-print-local-scope | filecheck %s
// RUN: mlc-opt %s | mlc-opt --mlir-print-local-scope | filecheck %s

// Every QNN data type and encoding; non-canonical spellings print canonically.
// CHECK-LABEL: func.func @types(
// CHECK-SAME: %arg0: !qnn.tensor<1x224x224x3xufixed8, scale = 0.0078125, offset = -128>,
// CHECK-SAME: %arg1: !qnn.tensor<2xufixed16, scale = 1.5258789e-05, offset = -32768>,
// CHECK-SAME: %arg2: !qnn.tensor<2xsfixed8, scale = 0.5, offset = 0>,
// CHECK-SAME: %arg3: !qnn.tensor<2xsfixed16, scale = 2.0, offset = 3>,
// CHECK-SAME: %arg4: !qnn.tensor<2xsfixed4, scale = 0.125, offset = 8>,
// CHECK-SAME: %arg5: !qnn.tensor<2xufixed4, scale = 0.25, offset = -15>,
// CHECK-SAME: %arg6: !qnn.tensor<2xsfixed32, scale = 1e-06, offset = 0>,
// CHECK-SAME: %arg7: !qnn.tensor<2xufixed32, scale = 300.0, offset = -2147483648>,
// CHECK-SAME: %arg8: !qnn.tensor<ufixed8, scale = 0.1, offset = 0>,
// CHECK-SAME: %arg9: !qnn.tensor<1x1x2x3xsfixed8, axis = 3, scale_offsets = [0.5:0, 0.25:0, 0.125:1]>,
// CHECK-SAME: %arg10: !qnn.tensor<2x4xsfixed4, block_size = [1, 2], scale_offsets = [0.5:0, 0.25:0, 0.5:1, 0.25:-1]>,
// CHECK-SAME: %arg11: tensor<2xf16>, %arg12: tensor<2xf32>, %arg13: tensor<2xi32>, %arg14: tensor<2xui32>, %arg15: tensor<2xi1>)
func.func @types(
    %a: !qnn.tensor<1x224x224x3xufixed8, scale = 0.0078125, offset = -128>,
    %b: !qnn.tensor<2xufixed16, scale = 1.52587890625e-05, offset = -32768>,
    %c: !qnn.tensor<2xsfixed8, scale=0.5,offset=0>,
    %d: !qnn.tensor< 2 x sfixed16 , scale = 2 , offset = 3 >,
    %e: !qnn.tensor<2xsfixed4, scale = 0.125, offset = 8>,
    %f: !qnn.tensor<2xufixed4, scale = 0.25, offset = -15>,
    %g: !qnn.tensor<2xsfixed32, scale = 1.0e-6, offset = 0>,
    %h: !qnn.tensor<2xufixed32, scale = 3.0e+2, offset = -2147483648>,
    %i: !qnn.tensor<ufixed8, scale = 0.1, offset = 0>,
    %j: !qnn.tensor<1x1x2x3xsfixed8, axis = 3, scale_offsets = [0.5:0, 0.25:0, 0.125:1]>,
    %k: !qnn.tensor<2x4xsfixed4, block_size = [1, 2], scale_offsets = [0.5:0, 0.25:0, 0.5:1, 0.25:-1]>,
    %l: tensor<2xf16>, %m: tensor<2xf32>, %n: tensor<2xi32>, %o: tensor<2xui32>, %p: tensor<2xi1>) {
  return
}

// Aliases name !qnn.tensor types like any other type.
!act = !qnn.tensor<1x8x8x4xufixed8, scale = 0.5, offset = -128>
!out = !qnn.tensor<1x4x4x8xufixed8, scale = 0.25, offset = -100>
!wpc = !qnn.tensor<3x3x4x8xsfixed8, axis = 3, scale_offsets = [0.1:0, 0.1:0, 0.1:0, 0.1:0, 0.2:0, 0.2:0, 0.2:0, 0.2:0]>

// CHECK-LABEL: func.func @conv2d(
// CHECK:      %0 = qnn.StaticTensor dense<1> : tensor<3x3x4x8xi8> -> !qnn.tensor<3x3x4x8xsfixed8, axis = 3, scale_offsets = [0.1:0, 0.1:0, 0.1:0, 0.1:0, 0.2:0, 0.2:0, 0.2:0, 0.2:0]>
// CHECK-NEXT: %1 = qnn.StaticTensor dense<[1, 2, 3, 4, 5, 6, 7, 8]> : tensor<8xi32> -> tensor<8xi32>
// CHECK-NEXT: %2 = qnn.Conv2d %arg0, %0, %1 {pad_amount = dense<1> : tensor<2x2xi64>, stride = array<i64: 2, 2>} : (!qnn.tensor<1x8x8x4xufixed8, scale = 0.5, offset = -128>, !qnn.tensor<3x3x4x8xsfixed8, axis = 3, scale_offsets = [0.1:0, 0.1:0, 0.1:0, 0.1:0, 0.2:0, 0.2:0, 0.2:0, 0.2:0]>, tensor<8xi32>) -> !qnn.tensor<1x4x4x8xufixed8, scale = 0.25, offset = -100>
// CHECK-NEXT: %3 = qnn.Conv2d %arg1, %arg2 {dilation = array<i64: 2, 2>, group = 2 : i64, pad_amount = dense<2> : tensor<2x2xi64>, stride = array<i64: 1, 1>} : (tensor<1x8x8x4xf32>, tensor<3x3x2x8xf32>) -> tensor<1x8x8x8xf32>
// CHECK-NEXT: %4 = qnn.Conv2d %arg1, %arg2, %arg3 {group = 2 : i64, pad_amount = dense<{{\[\[}}0, 1], [2, 0]]> : tensor<2x2xi64>, stride = array<i64: 1, 1>} : (tensor<1x8x8x4xf32>, tensor<3x3x2x8xf32>, tensor<8xf32>) -> tensor<1x7x8x8xf32>
func.func @conv2d(%x: !act, %xf: tensor<1x8x8x4xf32>, %wf: tensor<3x3x2x8xf32>, %bf: tensor<8xf32>) -> !out {
  %w = qnn.StaticTensor dense<1> : tensor<3x3x4x8xi8> -> !wpc
  %b = qnn.StaticTensor dense<[1, 2, 3, 4, 5, 6, 7, 8]> : tensor<8xi32> -> tensor<8xi32>
  %0 = qnn.Conv2d %x, %w, %b {stride = array<i64: 2, 2>, pad_amount = dense<1> : tensor<2x2xi64>} : (!act, !wpc, tensor<8xi32>) -> !out
  %1 = qnn.Conv2d %xf, %wf {stride = array<i64: 1, 1>, pad_amount = dense<[[2, 2], [2, 2]]> : tensor<2x2xi64>, dilation = array<i64: 2, 2>, group = 2 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x2x8xf32>) -> tensor<1x8x8x8xf32>
  %2 = "qnn.Conv2d"(%xf, %wf, %bf) <{stride = array<i64: 1, 1>, pad_amount = dense<[[0, 1], [2, 0]]> : tensor<2x2xi64>, group = 2 : i64}> : (tensor<1x8x8x4xf32>, tensor<3x3x2x8xf32>, tensor<8xf32>) -> tensor<1x7x8x8xf32>
  return %0 : !out
}

// CHECK-LABEL: func.func @depthwise_transpose_conv(
// CHECK:      %0 = qnn.DepthWiseConv2d %arg0, %arg1, %arg2 {pad_amount = dense<1> : tensor<2x2xi64>, stride = array<i64: 1, 1>} : (tensor<1x8x8x4xf16>, tensor<3x3x1x8xf16>, tensor<8xf16>) -> tensor<1x8x8x8xf16>
// CHECK-NEXT: %1 = qnn.DepthWiseConv2d %arg0, %arg1 {dilation = array<i64: 2, 2>, pad_amount = dense<0> : tensor<2x2xi64>, stride = array<i64: 2, 2>} : (tensor<1x8x8x4xf16>, tensor<3x3x1x8xf16>) -> tensor<1x2x2x8xf16>
// CHECK-NEXT: %2 = qnn.TransposeConv2d %arg3, %arg4 {pad_amount = dense<0> : tensor<2x2xi64>, stride = array<i64: 2, 2>} : (!qnn.tensor<1x4x4x8xufixed8, scale = 0.5, offset = -128>, !qnn.tensor<2x2x8x4xsfixed8, scale = 0.01, offset = 0>) -> !qnn.tensor<1x8x8x4xufixed8, scale = 0.5, offset = -128>
// CHECK-NEXT: %3 = qnn.TransposeConv2d %arg5, %arg6 {group = 2 : i64, output_padding = array<i64: 1, 1>, pad_amount = dense<1> : tensor<2x2xi64>, stride = array<i64: 2, 2>} : (tensor<1x4x4x8xf32>, tensor<3x3x8x2xf32>) -> tensor<1x8x8x4xf32>
// CHECK-NEXT: return
func.func @depthwise_transpose_conv(%x: tensor<1x8x8x4xf16>, %w: tensor<3x3x1x8xf16>, %b: tensor<8xf16>,
    %q: !qnn.tensor<1x4x4x8xufixed8, scale = 0.5, offset = -128>, %qw: !qnn.tensor<2x2x8x4xsfixed8, scale = 0.01, offset = 0>,
    %y: tensor<1x4x4x8xf32>, %yw: tensor<3x3x8x2xf32>) {
  %0 = qnn.DepthWiseConv2d %x, %w, %b {stride = array<i64: 1, 1>, pad_amount = dense<1> : tensor<2x2xi64>} : (tensor<1x8x8x4xf16>, tensor<3x3x1x8xf16>, tensor<8xf16>) -> tensor<1x8x8x8xf16>
  %1 = qnn.DepthWiseConv2d %x, %w {stride = array<i64: 2, 2>, pad_amount = dense<0> : tensor<2x2xi64>, dilation = array<i64: 2, 2>} : (tensor<1x8x8x4xf16>, tensor<3x3x1x8xf16>) -> tensor<1x2x2x8xf16>
  %2 = qnn.TransposeConv2d %q, %qw {stride = array<i64: 2, 2>, pad_amount = dense<0> : tensor<2x2xi64>} : (!qnn.tensor<1x4x4x8xufixed8, scale = 0.5, offset = -128>, !qnn.tensor<2x2x8x4xsfixed8, scale = 0.01, offset = 0>) -> !qnn.tensor<1x8x8x4xufixed8, scale = 0.5, offset = -128>
  %3 = qnn.TransposeConv2d %y, %yw {stride = array<i64: 2, 2>, pad_amount = dense<1> : tensor<2x2xi64>, output_padding = array<i64: 1, 1>, group = 2 : i64} : (tensor<1x4x4x8xf32>, tensor<3x3x8x2xf32>) -> tensor<1x8x8x4xf32>
  return
}

// CHECK-LABEL: func.func @dense(
// CHECK:      %0 = qnn.FullyConnected %arg0, %arg1, %arg2 : (tensor<2x3x16xf32>, tensor<10x16xf32>, tensor<10xf32>) -> tensor<6x10xf32>
// CHECK-NEXT: %1 = qnn.FullyConnected %arg0, %arg1 {keep_dims = true} : (tensor<2x3x16xf32>, tensor<10x16xf32>) -> tensor<2x3x10xf32>
// CHECK-NEXT: %2 = qnn.FullyConnected %arg3, %arg4, %arg5 : (!qnn.tensor<1x16xufixed8, scale = 0.5, offset = -128>, !qnn.tensor<2x16xsfixed4, block_size = [1, 8], scale_offsets = [0.5:0, 0.25:0, 0.125:0, 0.0625:0]>, !qnn.tensor<2xsfixed32, axis = 0, scale_offsets = [0.25:0, 0.125:0]>) -> !qnn.tensor<1x2xufixed8, scale = 1.0, offset = 0>
// CHECK-NEXT: %3 = qnn.MatMul %arg6, %arg7 {transpose_in1 = true} : (tensor<2x4x8xf32>, tensor<16x8xf32>) -> tensor<2x4x16xf32>
// CHECK-NEXT: %4 = qnn.MatMul %arg7, %arg7 {transpose_in0 = true} : (tensor<16x8xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
// CHECK-NEXT: %5 = qnn.MatMul %arg8, %arg9 : (!qnn.tensor<4x8xufixed16, scale = 0.001, offset = 0>, !qnn.tensor<8x4xufixed8, axis = 1, scale_offsets = [0.5:-1, 0.5:-2, 0.5:-3, 0.5:-4]>) -> !qnn.tensor<4x4xufixed16, scale = 0.01, offset = 0>
// CHECK-NEXT: return
func.func @dense(%x: tensor<2x3x16xf32>, %w: tensor<10x16xf32>, %b: tensor<10xf32>,
    %q: !qnn.tensor<1x16xufixed8, scale = 0.5, offset = -128>,
    %qw: !qnn.tensor<2x16xsfixed4, block_size = [1, 8], scale_offsets = [0.5:0, 0.25:0, 0.125:0, 0.0625:0]>,
    %qb: !qnn.tensor<2xsfixed32, axis = 0, scale_offsets = [0.25:0, 0.125:0]>,
    %m0: tensor<2x4x8xf32>, %m1: tensor<16x8xf32>,
    %u0: !qnn.tensor<4x8xufixed16, scale = 0.001, offset = 0>, %u1: !qnn.tensor<8x4xufixed8, axis = 1, scale_offsets = [0.5:-1, 0.5:-2, 0.5:-3, 0.5:-4]>) {
  %0 = qnn.FullyConnected %x, %w, %b : (tensor<2x3x16xf32>, tensor<10x16xf32>, tensor<10xf32>) -> tensor<6x10xf32>
  %1 = qnn.FullyConnected %x, %w {keep_dims = true} : (tensor<2x3x16xf32>, tensor<10x16xf32>) -> tensor<2x3x10xf32>
  %2 = qnn.FullyConnected %q, %qw, %qb : (!qnn.tensor<1x16xufixed8, scale = 0.5, offset = -128>, !qnn.tensor<2x16xsfixed4, block_size = [1, 8], scale_offsets = [0.5:0, 0.25:0, 0.125:0, 0.0625:0]>, !qnn.tensor<2xsfixed32, axis = 0, scale_offsets = [0.25:0, 0.125:0]>) -> !qnn.tensor<1x2xufixed8, scale = 1.0, offset = 0>
  %3 = qnn.MatMul %m0, %m1 {transpose_in1 = true} : (tensor<2x4x8xf32>, tensor<16x8xf32>) -> tensor<2x4x16xf32>
  %4 = qnn.MatMul %m1, %m1 {transpose_in0 = true} : (tensor<16x8xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
  %5 = qnn.MatMul %u0, %u1 : (!qnn.tensor<4x8xufixed16, scale = 0.001, offset = 0>, !qnn.tensor<8x4xufixed8, axis = 1, scale_offsets = [0.5:-1, 0.5:-2, 0.5:-3, 0.5:-4]>) -> !qnn.tensor<4x4xufixed16, scale = 0.01, offset = 0>
  return
}

// CHECK-LABEL: func.func @elementwise(
// CHECK:      %0 = qnn.ElementWiseAdd %arg0, %arg1 : (!qnn.tensor<1x8x8x4xufixed8, scale = 0.5, offset = -128>, !qnn.tensor<4xufixed8, scale = 0.25, offset = 0>) -> !qnn.tensor<1x8x8x4xufixed8, scale = 0.75, offset = -100>
// CHECK-NEXT: %1 = qnn.ElementWiseSubtract %arg2, %arg3 : (tensor<2x1x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT: %2 = qnn.ElementWiseMultiply %arg2, %arg3 : (tensor<2x1x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT: %3 = qnn.ElementWiseDivide %arg4, %arg4 : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
// CHECK-NEXT: %4 = qnn.ElementWiseMaximum %arg0, %arg1 : (!qnn.tensor<1x8x8x4xufixed8, scale = 0.5, offset = -128>, !qnn.tensor<4xufixed8, scale = 0.25, offset = 0>) -> !qnn.tensor<1x8x8x4xufixed8, scale = 0.5, offset = -128>
// CHECK-NEXT: %5 = qnn.ElementWiseMinimum %arg5, %arg2 : (tensor<4xf32>, tensor<2x1x4xf32>) -> tensor<2x1x4xf32>
// CHECK-NEXT: %6 = qnn.Prelu %arg6, %arg5 : (tensor<1x2x2x4xf32>, tensor<4xf32>) -> tensor<1x2x2x4xf32>
// CHECK-NEXT: return
func.func @elementwise(%a: !qnn.tensor<1x8x8x4xufixed8, scale = 0.5, offset = -128>, %b: !qnn.tensor<4xufixed8, scale = 0.25, offset = 0>,
    %f: tensor<2x1x4xf32>, %g: tensor<3x1xf32>, %i: tensor<4xi32>, %s: tensor<4xf32>, %x: tensor<1x2x2x4xf32>) {
  %0 = qnn.ElementWiseAdd %a, %b : (!qnn.tensor<1x8x8x4xufixed8, scale = 0.5, offset = -128>, !qnn.tensor<4xufixed8, scale = 0.25, offset = 0>) -> !qnn.tensor<1x8x8x4xufixed8, scale = 0.75, offset = -100>
  %1 = qnn.ElementWiseSubtract %f, %g : (tensor<2x1x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xf32>
  %2 = qnn.ElementWiseMultiply %f, %g : (tensor<2x1x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xf32>
  %3 = qnn.ElementWiseDivide %i, %i : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %4 = qnn.ElementWiseMaximum %a, %b : (!qnn.tensor<1x8x8x4xufixed8, scale = 0.5, offset = -128>, !qnn.tensor<4xufixed8, scale = 0.25, offset = 0>) -> !qnn.tensor<1x8x8x4xufixed8, scale = 0.5, offset = -128>
  %5 = qnn.ElementWiseMinimum %s, %f : (tensor<4xf32>, tensor<2x1x4xf32>) -> tensor<2x1x4xf32>
  %6 = qnn.Prelu %x, %s : (tensor<1x2x2x4xf32>, tensor<4xf32>) -> tensor<1x2x2x4xf32>
  return
}

// CHECK-LABEL: func.func @activations(
// CHECK:      %0 = qnn.Relu %arg0 : !qnn.tensor<1x16xufixed8, scale = 0.1, offset = -128> -> !qnn.tensor<1x16xufixed8, scale = 0.05, offset = 0>
// CHECK-NEXT: %1 = qnn.Relu6 %arg1 : tensor<1x16xf16> -> tensor<1x16xf16>
// CHECK-NEXT: %2 = qnn.ReluMinMax %arg2 {max_value = 1.000000e+00 : f32, min_value = -1.000000e+00 : f32} : tensor<1x16xf32> -> tensor<1x16xf32>
// CHECK-NEXT: %3 = qnn.Gelu %arg2 : tensor<1x16xf32> -> tensor<1x16xf32>
// CHECK-NEXT: %4 = qnn.Sigmoid %arg3 : !qnn.tensor<1x16xufixed16, scale = 0.001, offset = -32768> -> !qnn.tensor<1x16xufixed16, scale = 1.5258789e-05, offset = 0>
// CHECK-NEXT: %5 = qnn.Tanh %arg4 : !qnn.tensor<1x16xsfixed16, scale = 0.001, offset = 0> -> !qnn.tensor<1x16xsfixed16, scale = 3.0517578e-05, offset = 0>
// CHECK-NEXT: %6 = qnn.HardSwish %arg1 : tensor<1x16xf16> -> tensor<1x16xf16>
// CHECK-NEXT: %7 = qnn.Softmax %arg2 {axis = 1 : i64, beta = 2.000000e+00 : f32} : tensor<1x16xf32> -> tensor<1x16xf32>
// CHECK-NEXT: %8 = qnn.Softmax %arg0 : !qnn.tensor<1x16xufixed8, scale = 0.1, offset = -128> -> !qnn.tensor<1x16xufixed8, scale = 0.00390625, offset = 0>
// CHECK-NEXT: %9 = qnn.Relu %arg2 {mlc.tag = "kept"} : tensor<1x16xf32> -> tensor<1x16xf32>
// CHECK-NEXT: return
func.func @activations(%q: !qnn.tensor<1x16xufixed8, scale = 0.1, offset = -128>, %h: tensor<1x16xf16>, %f: tensor<1x16xf32>,
    %u: !qnn.tensor<1x16xufixed16, scale = 0.001, offset = -32768>, %s: !qnn.tensor<1x16xsfixed16, scale = 0.001, offset = 0>) {
  %0 = qnn.Relu %q : !qnn.tensor<1x16xufixed8, scale = 0.1, offset = -128> -> !qnn.tensor<1x16xufixed8, scale = 0.05, offset = 0>
  %1 = qnn.Relu6 %h : tensor<1x16xf16> -> tensor<1x16xf16>
  %2 = qnn.ReluMinMax %f {min_value = -1.0 : f32, max_value = 1.0 : f32} : tensor<1x16xf32> -> tensor<1x16xf32>
  %3 = qnn.Gelu %f : tensor<1x16xf32> -> tensor<1x16xf32>
  %4 = qnn.Sigmoid %u : !qnn.tensor<1x16xufixed16, scale = 0.001, offset = -32768> -> !qnn.tensor<1x16xufixed16, scale = 1.5258789e-05, offset = 0>
  %5 = qnn.Tanh %s : !qnn.tensor<1x16xsfixed16, scale = 0.001, offset = 0> -> !qnn.tensor<1x16xsfixed16, scale = 3.0517578e-05, offset = 0>
  %6 = qnn.HardSwish %h : tensor<1x16xf16> -> tensor<1x16xf16>
  %7 = qnn.Softmax %f {axis = 1 : i64, beta = 2.0 : f32} : tensor<1x16xf32> -> tensor<1x16xf32>
  %8 = qnn.Softmax %q : !qnn.tensor<1x16xufixed8, scale = 0.1, offset = -128> -> !qnn.tensor<1x16xufixed8, scale = 0.00390625, offset = 0>
  %9 = qnn.Relu %f {mlc.tag = "kept"} : tensor<1x16xf32> -> tensor<1x16xf32>
  return
}

// CHECK-LABEL: func.func @layer_norm(
// CHECK:      %0 = qnn.LayerNorm %arg0, %arg1, %arg2 {axes = array<i64: 2>, epsilon = 9.99999974E-6 : f32} : (tensor<2x16x64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<2x16x64xf32>
// CHECK-NEXT: %1 = qnn.LayerNorm %arg3, %arg4 {axes = array<i64: 1, 2>} : (!qnn.tensor<2x16x64xufixed16, scale = 0.001, offset = -32768>, !qnn.tensor<16x64xufixed8, scale = 0.01, offset = 0>) -> !qnn.tensor<2x16x64xufixed16, scale = 0.0005, offset = -32768>
// CHECK-NEXT: return
func.func @layer_norm(%x: tensor<2x16x64xf32>, %g: tensor<64xf32>, %b: tensor<64xf32>,
    %q: !qnn.tensor<2x16x64xufixed16, scale = 0.001, offset = -32768>, %qg: !qnn.tensor<16x64xufixed8, scale = 0.01, offset = 0>) {
  %0 = qnn.LayerNorm %x, %g, %b {axes = array<i64: 2>, epsilon = 9.99999974E-6 : f32} : (tensor<2x16x64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<2x16x64xf32>
  %1 = qnn.LayerNorm %q, %qg {axes = array<i64: 1, 2>} : (!qnn.tensor<2x16x64xufixed16, scale = 0.001, offset = -32768>, !qnn.tensor<16x64xufixed8, scale = 0.01, offset = 0>) -> !qnn.tensor<2x16x64xufixed16, scale = 0.0005, offset = -32768>
  return
}

// CHECK-LABEL: func.func @pooling(
// CHECK:      %0 = qnn.PoolAvg2d %arg0 {filter_size = array<i64: 3, 3>, stride = array<i64: 2, 2>} : tensor<1x7x7x4xf32> -> tensor<1x3x3x4xf32>
// CHECK-NEXT: %1 = qnn.PoolAvg2d %arg1 {count_pad_for_edges = true, filter_size = array<i64: 3, 3>, rounding_mode = "ceil", stride = array<i64: 2, 2>} : tensor<1x8x8x4xf32> -> tensor<1x4x4x4xf32>
// CHECK-NEXT: %2 = qnn.PoolAvg2d %arg1 {filter_size = array<i64: 3, 3>, rounding_mode = "floor", stride = array<i64: 2, 2>} : tensor<1x8x8x4xf32> -> tensor<1x3x3x4xf32>
// CHECK-NEXT: %3 = qnn.PoolMax2d %arg2 {filter_size = array<i64: 3, 3>, pad_amount = dense<1> : tensor<2x2xi64>, stride = array<i64: 2, 2>} : !qnn.tensor<1x112x112x64xufixed8, scale = 0.1, offset = 0> -> !qnn.tensor<1x56x56x64xufixed8, scale = 0.1, offset = 0>
// CHECK-NEXT: return
func.func @pooling(%x: tensor<1x7x7x4xf32>, %y: tensor<1x8x8x4xf32>, %q: !qnn.tensor<1x112x112x64xufixed8, scale = 0.1, offset = 0>) {
  %0 = qnn.PoolAvg2d %x {filter_size = array<i64: 3, 3>, stride = array<i64: 2, 2>} : tensor<1x7x7x4xf32> -> tensor<1x3x3x4xf32>
  %1 = qnn.PoolAvg2d %y {filter_size = array<i64: 3, 3>, stride = array<i64: 2, 2>, rounding_mode = "ceil", count_pad_for_edges = true} : tensor<1x8x8x4xf32> -> tensor<1x4x4x4xf32>
  %2 = qnn.PoolAvg2d %y {filter_size = array<i64: 3, 3>, stride = array<i64: 2, 2>, rounding_mode = "floor"} : tensor<1x8x8x4xf32> -> tensor<1x3x3x4xf32>
  %3 = qnn.PoolMax2d %q {filter_size = array<i64: 3, 3>, stride = array<i64: 2, 2>, pad_amount = dense<1> : tensor<2x2xi64>} : !qnn.tensor<1x112x112x64xufixed8, scale = 0.1, offset = 0> -> !qnn.tensor<1x56x56x64xufixed8, scale = 0.1, offset = 0>
  return
}

// CHECK-LABEL: func.func @data_movement(
// CHECK:      %0 = qnn.Reshape %arg0 : !qnn.tensor<1x7x7x4xufixed8, scale = 0.1, offset = 0> -> !qnn.tensor<1x196xufixed8, scale = 0.1, offset = 0>
// CHECK-NEXT: %1 = qnn.Transpose %arg1 {perm = array<i64: 0, 3, 1, 2>} : tensor<1x8x8x4xf32> -> tensor<1x4x8x8xf32>
// CHECK-NEXT: %2 = qnn.Concat %arg2, %arg3 {axis = 3 : i64} : (!qnn.tensor<1x8x8x4xsfixed8, scale = 0.1, offset = 0>, !qnn.tensor<1x8x8x2xsfixed8, scale = 0.2, offset = 1>) -> !qnn.tensor<1x8x8x6xsfixed8, scale = 0.2, offset = 0>
// CHECK-NEXT: %3 = qnn.Concat %arg4, %arg5 : (tensor<2x3xf32>, tensor<2x5xf32>) -> tensor<2x8xf32>
// CHECK-NEXT: %4 = qnn.StridedSlice %arg6 {ranges = dense<{{\[\[}}0, 4, 1], [2, 8, 2]]> : tensor<2x3xi64>} : tensor<4x10xf32> -> tensor<4x3xf32>
// CHECK-NEXT: %5 = qnn.StridedSlice %arg6 {begin_mask = 2 : i64, end_mask = 2 : i64, ranges = dense<{{\[\[}}1, 0, 1], [0, 0, 1]]> : tensor<2x3xi64>, shrink_axes = 1 : i64} : tensor<4x10xf32> -> tensor<10xf32>
// CHECK-NEXT: %6 = qnn.StridedSlice %arg11 {new_axes_mask = 2 : i64, ranges = dense<{{\[\[}}1, 3, 1], [0, 0, 1], [0, 10, 3]]> : tensor<3x3xi64>} : tensor<4x10xi1> -> tensor<2x1x4xi1>
// CHECK-NEXT: %7 = qnn.Gather %arg7, %arg8 : (tensor<100x64xf32>, tensor<2x5xi32>) -> tensor<2x5x64xf32>
// CHECK-NEXT: %8 = qnn.Gather %arg9, %arg10 {axis = 1 : i64} : (!qnn.tensor<3x4xufixed8, scale = 0.5, offset = 0>, tensor<2xui32>) -> !qnn.tensor<3x2xufixed8, scale = 0.5, offset = 0>
// CHECK-NEXT: %9 = qnn.Pad %arg1 {pad_amount = dense<{{\[\[}}0, 0], [1, 1], [1, 1], [0, 0]]> : tensor<4x2xi64>, pad_constant_value = 5.000000e-01 : f32, scheme = "constant"} : tensor<1x8x8x4xf32> -> tensor<1x10x10x4xf32>
// CHECK-NEXT: %10 = qnn.Pad %arg0 {pad_amount = dense<{{\[\[}}0, 0], [2, 2], [0, 3], [0, 0]]> : tensor<4x2xi64>, scheme = "mirror_reflect"} : !qnn.tensor<1x7x7x4xufixed8, scale = 0.1, offset = 0> -> !qnn.tensor<1x11x10x4xufixed8, scale = 0.1, offset = 0>
// CHECK-NEXT: %11 = qnn.Resize %arg1 {interpolation_mode = "linear", transformation_mode = "align_corners"} : tensor<1x8x8x4xf32> -> tensor<1x16x16x4xf32>
// CHECK-NEXT: %12 = qnn.Resize %arg0 {exclude_outside = false, nearest_mode = "floor"} : !qnn.tensor<1x7x7x4xufixed8, scale = 0.1, offset = 0> -> !qnn.tensor<1x14x21x4xufixed8, scale = 0.1, offset = 0>
// CHECK-NEXT: %13 = qnn.StridedSlice %arg6 {ranges = dense<{{\[\[}}-3, -1, 1], [9, 0, -3]]> : tensor<2x3xi64>} : tensor<4x10xf32> -> tensor<2x3xf32>
// CHECK-NEXT: return
func.func @data_movement(%q: !qnn.tensor<1x7x7x4xufixed8, scale = 0.1, offset = 0>, %x: tensor<1x8x8x4xf32>,
    %c0: !qnn.tensor<1x8x8x4xsfixed8, scale = 0.1, offset = 0>, %c1: !qnn.tensor<1x8x8x2xsfixed8, scale = 0.2, offset = 1>,
    %a: tensor<2x3xf32>, %b: tensor<2x5xf32>, %s: tensor<4x10xf32>, %t: tensor<100x64xf32>, %i: tensor<2x5xi32>,
    %g: !qnn.tensor<3x4xufixed8, scale = 0.5, offset = 0>, %u: tensor<2xui32>, %bool: tensor<4x10xi1>) {
  %0 = qnn.Reshape %q : !qnn.tensor<1x7x7x4xufixed8, scale = 0.1, offset = 0> -> !qnn.tensor<1x196xufixed8, scale = 0.1, offset = 0>
  %1 = qnn.Transpose %x {perm = array<i64: 0, 3, 1, 2>} : tensor<1x8x8x4xf32> -> tensor<1x4x8x8xf32>
  %2 = qnn.Concat %c0, %c1 {axis = 3 : i64} : (!qnn.tensor<1x8x8x4xsfixed8, scale = 0.1, offset = 0>, !qnn.tensor<1x8x8x2xsfixed8, scale = 0.2, offset = 1>) -> !qnn.tensor<1x8x8x6xsfixed8, scale = 0.2, offset = 0>
  %3 = qnn.Concat %a, %b : (tensor<2x3xf32>, tensor<2x5xf32>) -> tensor<2x8xf32>
  %4 = qnn.StridedSlice %s {ranges = dense<[[0, 4, 1], [2, 8, 2]]> : tensor<2x3xi64>} : tensor<4x10xf32> -> tensor<4x3xf32>
  %5 = qnn.StridedSlice %s {ranges = dense<[[1, 0, 1], [0, 0, 1]]> : tensor<2x3xi64>, begin_mask = 2 : i64, end_mask = 2 : i64, shrink_axes = 1 : i64} : tensor<4x10xf32> -> tensor<10xf32>
  %6 = qnn.StridedSlice %bool {ranges = dense<[[1, 3, 1], [0, 0, 1], [0, 10, 3]]> : tensor<3x3xi64>, new_axes_mask = 2 : i64} : tensor<4x10xi1> -> tensor<2x1x4xi1>
  %7 = qnn.Gather %t, %i : (tensor<100x64xf32>, tensor<2x5xi32>) -> tensor<2x5x64xf32>
  %8 = qnn.Gather %g, %u {axis = 1 : i64} : (!qnn.tensor<3x4xufixed8, scale = 0.5, offset = 0>, tensor<2xui32>) -> !qnn.tensor<3x2xufixed8, scale = 0.5, offset = 0>
  %9 = qnn.Pad %x {scheme = "constant", pad_amount = dense<[[0, 0], [1, 1], [1, 1], [0, 0]]> : tensor<4x2xi64>, pad_constant_value = 0.5 : f32} : tensor<1x8x8x4xf32> -> tensor<1x10x10x4xf32>
  %10 = qnn.Pad %q {scheme = "mirror_reflect", pad_amount = dense<[[0, 0], [2, 2], [0, 3], [0, 0]]> : tensor<4x2xi64>} : !qnn.tensor<1x7x7x4xufixed8, scale = 0.1, offset = 0> -> !qnn.tensor<1x11x10x4xufixed8, scale = 0.1, offset = 0>
  %11 = qnn.Resize %x {interpolation_mode = "linear", transformation_mode = "align_corners"} : tensor<1x8x8x4xf32> -> tensor<1x16x16x4xf32>
  %12 = qnn.Resize %q {nearest_mode = "floor", exclude_outside = false} : !qnn.tensor<1x7x7x4xufixed8, scale = 0.1, offset = 0> -> !qnn.tensor<1x14x21x4xufixed8, scale = 0.1, offset = 0>
  %13 = qnn.StridedSlice %s {ranges = dense<[[-3, -1, 1], [9, 0, -3]]> : tensor<2x3xi64>} : tensor<4x10xf32> -> tensor<2x3xf32>
  return
}

// CHECK-LABEL: func.func @reductions(
// CHECK:      %0 = qnn.ReduceMean %arg0 {axes = array<i64: 1, 2>, keep_dims = true} : !qnn.tensor<1x7x7x64xufixed8, scale = 0.1, offset = 0> -> !qnn.tensor<1x1x1x64xufixed8, scale = 0.05, offset = 0>
// CHECK-NEXT: %1 = qnn.ReduceSum %arg1 {axes = array<i64: 0>} : tensor<2x3x4xf32> -> tensor<3x4xf32>
// CHECK-NEXT: %2 = qnn.ReduceMax %arg1 {axes = array<i64: 2>, keep_dims = true} : tensor<2x3x4xf32> -> tensor<2x3x1xf32>
// CHECK-NEXT: %3 = qnn.ReduceMean %arg1 {axes = array<i64: 0, 1, 2>} : tensor<2x3x4xf32> -> tensor<f32>
// CHECK-NEXT: return
func.func @reductions(%q: !qnn.tensor<1x7x7x64xufixed8, scale = 0.1, offset = 0>, %f: tensor<2x3x4xf32>) {
  %0 = qnn.ReduceMean %q {axes = array<i64: 1, 2>, keep_dims = true} : !qnn.tensor<1x7x7x64xufixed8, scale = 0.1, offset = 0> -> !qnn.tensor<1x1x1x64xufixed8, scale = 0.05, offset = 0>
  %1 = qnn.ReduceSum %f {axes = array<i64: 0>} : tensor<2x3x4xf32> -> tensor<3x4xf32>
  %2 = qnn.ReduceMax %f {axes = array<i64: 2>, keep_dims = true} : tensor<2x3x4xf32> -> tensor<2x3x1xf32>
  %3 = qnn.ReduceMean %f {axes = array<i64: 0, 1, 2>} : tensor<2x3x4xf32> -> tensor<f32>
  return
}

// CHECK-LABEL: func.func @conversions(
// CHECK:      %0 = qnn.Quantize %arg0 : tensor<1x8xf32> -> !qnn.tensor<1x8xufixed8, scale = 0.1, offset = -128>
// CHECK-NEXT: %1 = qnn.Dequantize %arg1 : !qnn.tensor<1x8xufixed8, scale = 0.1, offset = -128> -> tensor<1x8xf16>
// CHECK-NEXT: %2 = qnn.Cast %arg2 : tensor<1x8xi32> -> tensor<1x8xf32>
// CHECK-NEXT: %3 = qnn.Convert %arg1 : !qnn.tensor<1x8xufixed8, scale = 0.1, offset = -128> -> !qnn.tensor<1x8xufixed16, scale = 0.00039, offset = -32768>
// CHECK-NEXT: %4 = qnn.Convert %arg0 : tensor<1x8xf32> -> tensor<1x8xf16>
// CHECK-NEXT: %5 = qnn.Quantize %arg0 : tensor<1x8xf32> -> !qnn.tensor<1x8xsfixed8, axis = 1, scale_offsets = [1.0:0, 1.0:0, 1.0:0, 1.0:0, 2.0:0, 2.0:0, 2.0:0, 2.0:0]>
// CHECK-NEXT: return
func.func @conversions(%f: tensor<1x8xf32>, %q: !qnn.tensor<1x8xufixed8, scale = 0.1, offset = -128>, %i: tensor<1x8xi32>) {
  %0 = qnn.Quantize %f : tensor<1x8xf32> -> !qnn.tensor<1x8xufixed8, scale = 0.1, offset = -128>
  %1 = qnn.Dequantize %q : !qnn.tensor<1x8xufixed8, scale = 0.1, offset = -128> -> tensor<1x8xf16>
  %2 = qnn.Cast %i : tensor<1x8xi32> -> tensor<1x8xf32>
  %3 = qnn.Convert %q : !qnn.tensor<1x8xufixed8, scale = 0.1, offset = -128> -> !qnn.tensor<1x8xufixed16, scale = 3.9e-4, offset = -32768>
  %4 = qnn.Convert %f : tensor<1x8xf32> -> tensor<1x8xf16>
  %5 = qnn.Quantize %f : tensor<1x8xf32> -> !qnn.tensor<1x8xsfixed8, axis = 1, scale_offsets = [1.0:0, 1.0:0, 1.0:0, 1.0:0, 2.0:0, 2.0:0, 2.0:0, 2.0:0]>
  return
}

// Static tensors: builtin data, stored integers of a !qnn.tensor, 4-bit
// values held as i8, and a dense_resource blob.
// CHECK-LABEL: func.func @static() -> tensor<2xf32> {
// CHECK:      %0 = qnn.StaticTensor dense<[5.000000e-01, -1.000000e+00]> : tensor<2xf32> -> tensor<2xf32>
// CHECK-NEXT: %1 = qnn.StaticTensor dense<[0, 255]> : tensor<2xui8> -> !qnn.tensor<2xufixed8, scale = 0.1, offset = -128>
// CHECK-NEXT: %2 = qnn.StaticTensor dense<[-8, 7]> : tensor<2xi8> -> !qnn.tensor<2xsfixed4, scale = 0.1, offset = 0>
// CHECK-NEXT: %3 = qnn.StaticTensor dense_resource<w> : tensor<2xf32> -> tensor<2xf32>
// CHECK-NEXT: return %3 : tensor<2xf32>
func.func @static() -> tensor<2xf32> {
  %0 = qnn.StaticTensor dense<[0.5, -1.0]> : tensor<2xf32> -> tensor<2xf32>
  %1 = qnn.StaticTensor dense<[0, 255]> : tensor<2xui8> -> !qnn.tensor<2xufixed8, scale = 0.1, offset = -128>
  %2 = qnn.StaticTensor dense<[-8, 7]> : tensor<2xi8> -> !qnn.tensor<2xsfixed4, scale = 0.1, offset = 0>
  %3 = qnn.StaticTensor dense_resource<w> : tensor<2xf32> -> tensor<2xf32>
  return %3 : tensor<2xf32>
}

// The element-wise math ops, powers and the min/product reductions.
// CHECK-LABEL: func.func @math(
// CHECK-NEXT: %0 = qnn.ElementWiseExp %arg0 : !qnn.tensor<4xufixed8, scale = 0.1, offset = -128> -> !qnn.tensor<4xufixed8, scale = 0.5, offset = 0>
// CHECK-NEXT: %1 = qnn.ElementWiseLog %arg1 : tensor<4xf16> -> tensor<4xf16>
// CHECK-NEXT: %2 = qnn.ElementWiseSquareRoot %1 : tensor<4xf16> -> tensor<4xf16>
// CHECK-NEXT: %3 = qnn.ElementWiseRsqrt %2 : tensor<4xf16> -> tensor<4xf16>
// CHECK-NEXT: %4 = qnn.ElementWiseNeg %3 : tensor<4xf16> -> tensor<4xf16>
// CHECK-NEXT: %5 = qnn.ElementWiseAbs %4 : tensor<4xf16> -> tensor<4xf16>
// CHECK-NEXT: %6 = qnn.ElementWiseSin %5 : tensor<4xf16> -> tensor<4xf16>
// CHECK-NEXT: %7 = qnn.ElementWiseCos %6 : tensor<4xf16> -> tensor<4xf16>
// CHECK-NEXT: %8 = qnn.ElementWiseFloor %7 : tensor<4xf16> -> tensor<4xf16>
// CHECK-NEXT: %9 = qnn.ElementWiseCeil %8 : tensor<4xf16> -> tensor<4xf16>
// CHECK-NEXT: %10 = qnn.ElementWisePower %9, %arg1 : (tensor<4xf16>, tensor<4xf16>) -> tensor<4xf16>
// CHECK-NEXT: %11 = qnn.ReduceMin %10 {axes = array<i64: 0>} : tensor<4xf16> -> tensor<f16>
// CHECK-NEXT: %12 = qnn.ReduceProd %10 {axes = array<i64: 0>, keep_dims = true} : tensor<4xf16> -> tensor<1xf16>
func.func @math(%q: !qnn.tensor<4xufixed8, scale = 0.1, offset = -128>, %h: tensor<4xf16>) -> (!qnn.tensor<4xufixed8, scale = 0.5, offset = 0>, tensor<f16>, tensor<1xf16>) {
  %0 = qnn.ElementWiseExp %q : !qnn.tensor<4xufixed8, scale = 0.1, offset = -128> -> !qnn.tensor<4xufixed8, scale = 0.5, offset = 0>
  %1 = qnn.ElementWiseLog %h : tensor<4xf16> -> tensor<4xf16>
  %2 = qnn.ElementWiseSquareRoot %1 : tensor<4xf16> -> tensor<4xf16>
  %3 = qnn.ElementWiseRsqrt %2 : tensor<4xf16> -> tensor<4xf16>
  %4 = qnn.ElementWiseNeg %3 : tensor<4xf16> -> tensor<4xf16>
  %5 = qnn.ElementWiseAbs %4 : tensor<4xf16> -> tensor<4xf16>
  %6 = qnn.ElementWiseSin %5 : tensor<4xf16> -> tensor<4xf16>
  %7 = qnn.ElementWiseCos %6 : tensor<4xf16> -> tensor<4xf16>
  %8 = qnn.ElementWiseFloor %7 : tensor<4xf16> -> tensor<4xf16>
  %9 = qnn.ElementWiseCeil %8 : tensor<4xf16> -> tensor<4xf16>
  %10 = qnn.ElementWisePower %9, %h : (tensor<4xf16>, tensor<4xf16>) -> tensor<4xf16>
  %11 = qnn.ReduceMin %10 {axes = array<i64: 0>} : tensor<4xf16> -> tensor<f16>
  %12 = qnn.ReduceProd %10 {axes = array<i64: 0>, keep_dims = true} : tensor<4xf16> -> tensor<1xf16>
  return %0, %11, %12 : !qnn.tensor<4xufixed8, scale = 0.5, offset = 0>, tensor<f16>, tensor<1xf16>
}

// CHECK:      {-#
// CHECK-NEXT:   dialect_resources: {
// CHECK-NEXT:     builtin: {
// CHECK-NEXT:       w: "0x040000000000803F00000040"
{-#
  dialect_resources: {
    builtin: {
      w: "0x040000000000803F00000040"
    }
  }
#-}

