// RUN: mlc-opt --pass-pipeline='builtin.module(func.func(legalize-qnn{target=qnn-htp-v73}))' --mlir-print-local-scope %s | filecheck %s

// Quantized core IR whose arguments and results are quantized already
// (quant-fuse's output, or a model imported in QDQ form): the signature
// takes the !qnn.tensor types, offset = −zero_point (zero point 2 ->
// offset -2, 0 -> 0); a matmul by 2-D constant weights quantized per
// column becomes FullyConnected with [units, input] weights per channel
// along axis 0, and the add of a broadcast [2] operand stays an
// ElementWiseAdd.

// CHECK-LABEL: func.func @matmul_add(
// CHECK-SAME:    %arg0: !qnn.tensor<2x3xsfixed8, scale = 0.1, offset = 0>, %arg1: !qnn.tensor<2xsfixed8, scale = 0.25, offset = 0>) -> !qnn.tensor<2x2xsfixed8, scale = 0.75, offset = 5>
// CHECK:         %[[W:.*]] = qnn.StaticTensor dense<{{\[\[}}1, 3, 5], [2, 4, 6]]> : tensor<2x3xi8> -> !qnn.tensor<2x3xsfixed8, axis = 0, scale_offsets = [0.1:0, 0.2:0]>
// CHECK:         %[[M:.*]] = qnn.FullyConnected %arg0, %[[W]] : {{.*}} -> !qnn.tensor<2x2xsfixed8, scale = 0.5, offset = -2>
// CHECK:         %[[A:.*]] = qnn.ElementWiseAdd %[[M]], %arg1 : {{.*}} -> !qnn.tensor<2x2xsfixed8, scale = 0.75, offset = 5>
// CHECK:         return %[[A]] : !qnn.tensor<2x2xsfixed8, scale = 0.75, offset = 5>
func.func @matmul_add(%a: tensor<2x3x!quant.uniform<i8:f32, 0.1>>, %c: tensor<2x!quant.uniform<i8:f32, 0.25>>) -> tensor<2x2x!quant.uniform<i8:f32, 0.75:-5>> {
  %ws = core.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi8>
  %w = quant.scast %ws : tensor<3x2xi8> to tensor<3x2x!quant.uniform<i8:f32:1, {0.1, 0.2}>>
  %m = core.matmul %a, %w : (tensor<2x3x!quant.uniform<i8:f32, 0.1>>, tensor<3x2x!quant.uniform<i8:f32:1, {0.1, 0.2}>>) -> tensor<2x2x!quant.uniform<i8:f32, 0.5:2>>
  %s = core.add %m, %c : (tensor<2x2x!quant.uniform<i8:f32, 0.5:2>>, tensor<2x!quant.uniform<i8:f32, 0.25>>) -> tensor<2x2x!quant.uniform<i8:f32, 0.75:-5>>
  return %s : tensor<2x2x!quant.uniform<i8:f32, 0.75:-5>>
}

// A linear layer fused with its i32 bias (quant-fuse of a Gemm) is one
// FullyConnected taking the bias as its third input.
// CHECK-LABEL: func.func @linear_bias(
// CHECK-DAG:     %[[W:.*]] = qnn.StaticTensor dense<{{\[\[}}1, 3, 5], [2, 4, 6]]> : tensor<2x3xi8>
// CHECK-DAG:     %[[B:.*]] = qnn.StaticTensor dense<[7, -9]> : tensor<2xi32> -> !qnn.tensor<2xsfixed32, axis = 0, scale_offsets = [0.01:0, 0.02:0]>
// CHECK:         %[[M:.*]] = qnn.FullyConnected %arg0, %[[W]], %[[B]] : {{.*}} -> !qnn.tensor<2x2xufixed8, scale = 0.5, offset = -2>
// CHECK-NOT:     ElementWiseAdd
func.func @linear_bias(%a: tensor<2x3x!quant.uniform<u8:f32, 0.1:128>>) -> tensor<2x2x!quant.uniform<u8:f32, 0.5:2>> {
  %ws = core.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi8>
  %w = quant.scast %ws : tensor<3x2xi8> to tensor<3x2x!quant.uniform<i8:f32:1, {0.1, 0.2}>>
  %bs = core.constant dense<[7, -9]> : tensor<2xi32>
  %b = quant.scast %bs : tensor<2xi32> to tensor<2x!quant.uniform<i32:f32:0, {0.01, 0.02}>>
  %m = core.matmul %a, %w, %b : (tensor<2x3x!quant.uniform<u8:f32, 0.1:128>>, tensor<3x2x!quant.uniform<i8:f32:1, {0.1, 0.2}>>, tensor<2x!quant.uniform<i32:f32:0, {0.01, 0.02}>>) -> tensor<2x2x!quant.uniform<u8:f32, 0.5:2>>
  return %m : tensor<2x2x!quant.uniform<u8:f32, 0.5:2>>
}

// A partition the partitioner gave another device (mlc.target) is left
// alone.
// CHECK-LABEL: func.func @on_cpu(
// CHECK:         core.add
func.func @on_cpu(%a: tensor<2x!quant.uniform<i8:f32, 0.25>>) -> tensor<2x!quant.uniform<i8:f32, 0.5>> attributes {mlc.target = "cpu"} {
  %s = core.add %a, %a : (tensor<2x!quant.uniform<i8:f32, 0.25>>, tensor<2x!quant.uniform<i8:f32, 0.25>>) -> tensor<2x!quant.uniform<i8:f32, 0.5>>
  return %s : tensor<2x!quant.uniform<i8:f32, 0.5>>
}
