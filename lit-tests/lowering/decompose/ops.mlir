// RUN: mlc-opt --torch-decompose %s | filecheck %s
// RUN: mlc-opt --torch-decompose --core-decompose-composites %s | filecheck %s --check-prefix=PIECES

// The shape of each decomposition (lowering/decompose) before canonicalisation:
// which core ops a torch op becomes, with which attributes and types.
// Layer norm, softmax and GELU stay whole (core.layer_norm, core.softmax,
// core.gelu); PIECES checks what core-decompose-composites makes of them.

// linear(x, w, b) -> add(matmul(x, transpose(w)), b).
// CHECK-LABEL: func.func @linear(%arg0: tensor<2x4xf32>, %arg1: tensor<3x4xf32>, %arg2: tensor<3xf32>) -> tensor<2x3xf32> {
// CHECK-NEXT:    %0 = core.transpose %arg1 {perm = array<i64: 1, 0>} : (tensor<3x4xf32>) -> tensor<4x3xf32>
// CHECK-NEXT:    %1 = core.matmul %arg0, %0 : (tensor<2x4xf32>, tensor<4x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %2 = core.add %1, %arg2 : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    return %2 : tensor<2x3xf32>
func.func @linear(%x: tensor<2x4xf32>, %w: tensor<3x4xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  %0 = torch.aten.linear %x, %w, %b : (tensor<2x4xf32>, tensor<3x4xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// gelu: the erf form by default, the tanh form with approximate = "tanh".
// CHECK-LABEL: func.func @gelu(%arg0: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
// CHECK-NEXT:    %0 = core.gelu %arg0 {approximate = "none"} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    %1 = core.gelu %arg0 {approximate = "tanh"} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    return %0, %1
// PIECES-LABEL: func.func @gelu(%arg0: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
// PIECES-NEXT:    %0 = core.constant dense<0.707106769> : tensor<f32>
// PIECES-NEXT:    %1 = core.mul %arg0, %0 : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
// PIECES-NEXT:    %2 = core.erf %1 : tensor<4xf32>
// PIECES-NEXT:    %3 = core.constant dense<5.000000e-01> : tensor<f32>
// PIECES-NEXT:    %4 = core.mul %arg0, %3 : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
// PIECES-NEXT:    %5 = core.constant dense<1.000000e+00> : tensor<f32>
// PIECES-NEXT:    %6 = core.add %2, %5 : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
// PIECES-NEXT:    %7 = core.mul %4, %6 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// PIECES-NEXT:    %8 = core.mul %arg0, %arg0 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// PIECES-NEXT:    %9 = core.mul %8, %arg0 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// PIECES-NEXT:    %10 = core.constant dense<4.471500e-02> : tensor<f32>
// PIECES-NEXT:    %11 = core.mul %9, %10 : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
// PIECES-NEXT:    %12 = core.add %arg0, %11 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// PIECES-NEXT:    %13 = core.constant dense<0.797884583> : tensor<f32>
// PIECES-NEXT:    %14 = core.mul %12, %13 : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
// PIECES-NEXT:    %15 = core.tanh %14 : tensor<4xf32>
// PIECES-NEXT:    %16 = core.mul %arg0, %3 : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
// PIECES-NEXT:    %17 = core.add %15, %5 : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
// PIECES-NEXT:    %18 = core.mul %16, %17 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// PIECES-NEXT:    return %7, %18 : tensor<4xf32>, tensor<4xf32>
func.func @gelu(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = torch.aten.gelu %x : tensor<4xf32>
  %1 = torch.aten.gelu %x {approximate = "tanh"} : tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// layer_norm: mean and biased variance over the normalized dims, then rsqrt, weight, bias.
// CHECK-LABEL: func.func @layer_norm(%arg0: tensor<2x3x4xf32>, %arg1: tensor<4xf32>, %arg2: tensor<4xf32>) -> tensor<2x3x4xf32> {
// CHECK-NEXT:    %0 = core.layer_norm %arg0, %arg1, %arg2 {axes = array<i64: 2>, epsilon = 9.99999974E-6 : f32} : (tensor<2x3x4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT:    return %0
// PIECES-LABEL: func.func @layer_norm(%arg0: tensor<2x3x4xf32>, %arg1: tensor<4xf32>, %arg2: tensor<4xf32>) -> tensor<2x3x4xf32> {
// PIECES-NEXT:    %0 = core.reduce_mean %arg0 {axes = array<i64: 2>, keepdims = true} : (tensor<2x3x4xf32>) -> tensor<2x3x1xf32>
// PIECES-NEXT:    %1 = core.sub %arg0, %0 : (tensor<2x3x4xf32>, tensor<2x3x1xf32>) -> tensor<2x3x4xf32>
// PIECES-NEXT:    %2 = core.mul %1, %1 : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
// PIECES-NEXT:    %3 = core.reduce_mean %2 {axes = array<i64: 2>, keepdims = true} : (tensor<2x3x4xf32>) -> tensor<2x3x1xf32>
// PIECES-NEXT:    %4 = core.constant dense<9.99999974E-6> : tensor<f32>
// PIECES-NEXT:    %5 = core.add %3, %4 : (tensor<2x3x1xf32>, tensor<f32>) -> tensor<2x3x1xf32>
// PIECES-NEXT:    %6 = core.rsqrt %5 : tensor<2x3x1xf32>
// PIECES-NEXT:    %7 = core.mul %1, %6 : (tensor<2x3x4xf32>, tensor<2x3x1xf32>) -> tensor<2x3x4xf32>
// PIECES-NEXT:    %8 = core.mul %7, %arg1 : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
// PIECES-NEXT:    %9 = core.add %8, %arg2 : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
// PIECES-NEXT:    return %9 : tensor<2x3x4xf32>
func.func @layer_norm(%x: tensor<2x3x4xf32>, %w: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<2x3x4xf32> {
  %0 = torch.aten.layer_norm %x, %w, %b {normalized_shape = array<i64: 4>} : (tensor<2x3x4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// softmax and log_softmax subtract the max before exp (numerically stable).
// CHECK-LABEL: func.func @softmax(%arg0: tensor<2x5xf32>) -> (tensor<2x5xf32>, tensor<2x5xf32>) {
// CHECK-NEXT:    %0 = core.softmax %arg0 {axis = 1 : i64} : (tensor<2x5xf32>) -> tensor<2x5xf32>
// CHECK-NEXT:    %1 = core.reduce_max %arg0 {axes = array<i64: 0>, keepdims = true}
// PIECES-LABEL: func.func @softmax(%arg0: tensor<2x5xf32>) -> (tensor<2x5xf32>, tensor<2x5xf32>) {
// PIECES-NEXT:    %0 = core.reduce_max %arg0 {axes = array<i64: 1>, keepdims = true} : (tensor<2x5xf32>) -> tensor<2x1xf32>
// PIECES-NEXT:    %1 = core.sub %arg0, %0 : (tensor<2x5xf32>, tensor<2x1xf32>) -> tensor<2x5xf32>
// PIECES-NEXT:    %2 = core.exp %1 : tensor<2x5xf32>
// PIECES-NEXT:    %3 = core.reduce_sum %2 {axes = array<i64: 1>, keepdims = true} : (tensor<2x5xf32>) -> tensor<2x1xf32>
// PIECES-NEXT:    %4 = core.div %2, %3 : (tensor<2x5xf32>, tensor<2x1xf32>) -> tensor<2x5xf32>
// PIECES-NEXT:    %5 = core.reduce_max %arg0 {axes = array<i64: 0>, keepdims = true} : (tensor<2x5xf32>) -> tensor<1x5xf32>
// PIECES-NEXT:    %6 = core.sub %arg0, %5 : (tensor<2x5xf32>, tensor<1x5xf32>) -> tensor<2x5xf32>
// PIECES-NEXT:    %7 = core.exp %6 : tensor<2x5xf32>
// PIECES-NEXT:    %8 = core.reduce_sum %7 {axes = array<i64: 0>, keepdims = true} : (tensor<2x5xf32>) -> tensor<1x5xf32>
// PIECES-NEXT:    %9 = core.log %8 : tensor<1x5xf32>
// PIECES-NEXT:    %10 = core.sub %6, %9 : (tensor<2x5xf32>, tensor<1x5xf32>) -> tensor<2x5xf32>
// PIECES-NEXT:    return %4, %10 : tensor<2x5xf32>, tensor<2x5xf32>
func.func @softmax(%x: tensor<2x5xf32>) -> (tensor<2x5xf32>, tensor<2x5xf32>) {
  %0 = torch.aten.softmax.int %x {dim = -1 : i64} : tensor<2x5xf32> -> tensor<2x5xf32>
  %1 = torch.aten.log_softmax.int %x {dim = 0 : i64} : tensor<2x5xf32> -> tensor<2x5xf32>
  return %0, %1 : tensor<2x5xf32>, tensor<2x5xf32>
}

// batch_norm (not after a constant conv): per-channel scale and shift, reshaped to [C, 1, 1].
// CHECK-LABEL: func.func @batch_norm(%arg0: tensor<1x3x4x4xf32>, %arg1: tensor<3xf32>, %arg2: tensor<3xf32>, %arg3: tensor<3xf32>, %arg4: tensor<3xf32>) -> tensor<1x3x4x4xf32> {
// CHECK-NEXT:    %0 = core.constant dense<9.99999974E-6> : tensor<f32>
// CHECK-NEXT:    %1 = core.add %arg2, %0 : (tensor<3xf32>, tensor<f32>) -> tensor<3xf32>
// CHECK-NEXT:    %2 = core.rsqrt %1 : tensor<3xf32>
// CHECK-NEXT:    %3 = core.mul %2, %arg3 : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT:    %4 = core.mul %arg1, %3 : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT:    %5 = core.neg %4 : tensor<3xf32>
// CHECK-NEXT:    %6 = core.add %arg4, %5 : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT:    %7 = core.reshape %3 : (tensor<3xf32>) -> tensor<3x1x1xf32>
// CHECK-NEXT:    %8 = core.mul %arg0, %7 : (tensor<1x3x4x4xf32>, tensor<3x1x1xf32>) -> tensor<1x3x4x4xf32>
// CHECK-NEXT:    %9 = core.reshape %6 : (tensor<3xf32>) -> tensor<3x1x1xf32>
// CHECK-NEXT:    %10 = core.add %8, %9 : (tensor<1x3x4x4xf32>, tensor<3x1x1xf32>) -> tensor<1x3x4x4xf32>
// CHECK-NEXT:    return %10 : tensor<1x3x4x4xf32>
func.func @batch_norm(%x: tensor<1x3x4x4xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>, %w: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<1x3x4x4xf32> {
  %0 = torch.aten.batch_norm %x, %m, %v, %w, %b : (tensor<1x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<1x3x4x4xf32>
  return %0 : tensor<1x3x4x4xf32>
}

// hardswish = x·relu6(x + 3)/6, hardsigmoid = relu6(x + 3)/6.
// CHECK-LABEL: func.func @hard(%arg0: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
// CHECK-NEXT:    %0 = core.constant dense<3.000000e+00> : tensor<f32>
// CHECK-NEXT:    %1 = core.add %arg0, %0 : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK-NEXT:    %2 = core.clamp %1 min 0.000000e+00 max 6.000000e+00 : tensor<4xf32>
// CHECK-NEXT:    %3 = core.constant dense<6.000000e+00> : tensor<f32>
// CHECK-NEXT:    %4 = core.div %2, %3 : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK-NEXT:    %5 = core.mul %arg0, %4 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    %6 = core.add %arg0, %0 : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK-NEXT:    %7 = core.clamp %6 min 0.000000e+00 max 6.000000e+00 : tensor<4xf32>
// CHECK-NEXT:    %8 = core.div %7, %3 : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK-NEXT:    return %5, %8 : tensor<4xf32>, tensor<4xf32>
func.func @hard(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = torch.aten.hardswish %x : tensor<4xf32>
  %1 = torch.aten.hardsigmoid %x : tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// adaptive_avg_pool2d: a mean for 1x1, avg_pool2d when the sizes divide, else per-cell slices averaged and joined.
// CHECK-LABEL: func.func @adaptive(%arg0: tensor<1x2x6x6xf32>, %arg1: tensor<1x2x5x3xf32>) -> (tensor<1x2x1x1xf32>, tensor<1x2x3x2xf32>, tensor<1x2x2x3xf32>) {
// CHECK-NEXT:    %0 = core.reduce_mean %arg0 {axes = array<i64: 2, 3>, keepdims = true} : (tensor<1x2x6x6xf32>) -> tensor<1x2x1x1xf32>
// CHECK-NEXT:    %1 = core.avg_pool2d %arg0 {kernel = array<i64: 2, 3>, strides = array<i64: 2, 3>} : (tensor<1x2x6x6xf32>) -> tensor<1x2x3x2xf32>
// CHECK-NEXT:    %2 = core.slice %arg1 {limits = array<i64: 1, 2, 3, 3>, starts = array<i64: 0, 0, 0, 0>} : (tensor<1x2x5x3xf32>) -> tensor<1x2x3x3xf32>
// CHECK-NEXT:    %3 = core.reduce_mean %2 {axes = array<i64: 2>, keepdims = true} : (tensor<1x2x3x3xf32>) -> tensor<1x2x1x3xf32>
// CHECK-NEXT:    %4 = core.slice %arg1 {limits = array<i64: 1, 2, 5, 3>, starts = array<i64: 0, 0, 2, 0>} : (tensor<1x2x5x3xf32>) -> tensor<1x2x3x3xf32>
// CHECK-NEXT:    %5 = core.reduce_mean %4 {axes = array<i64: 2>, keepdims = true} : (tensor<1x2x3x3xf32>) -> tensor<1x2x1x3xf32>
// CHECK-NEXT:    %6 = core.concat %3, %5 {axis = 2 : i64} : (tensor<1x2x1x3xf32>, tensor<1x2x1x3xf32>) -> tensor<1x2x2x3xf32>
// CHECK-NEXT:    return %0, %1, %6 : tensor<1x2x1x1xf32>, tensor<1x2x3x2xf32>, tensor<1x2x2x3xf32>
func.func @adaptive(%x: tensor<1x2x6x6xf32>, %y: tensor<1x2x5x3xf32>) -> (tensor<1x2x1x1xf32>, tensor<1x2x3x2xf32>, tensor<1x2x2x3xf32>) {
  %0 = torch.aten.adaptive_avg_pool2d %x {output_size = array<i64: 1, 1>} : tensor<1x2x6x6xf32> -> tensor<1x2x1x1xf32>
  %1 = torch.aten.adaptive_avg_pool2d %x {output_size = array<i64: 3, 2>} : tensor<1x2x6x6xf32> -> tensor<1x2x3x2xf32>
  %2 = torch.aten.adaptive_avg_pool2d %y {output_size = array<i64: 2, 3>} : tensor<1x2x5x3xf32> -> tensor<1x2x2x3xf32>
  return %0, %1, %2 : tensor<1x2x1x1xf32>, tensor<1x2x3x2xf32>, tensor<1x2x2x3xf32>
}

// flatten, view, reshape and unsqueeze are reshapes to the result type.
// CHECK-LABEL: func.func @reshapes(%arg0: tensor<2x3x4xf32>) -> (tensor<2x12xf32>, tensor<24xf32>, tensor<4x6xf32>, tensor<2x1x3x4xf32>) {
// CHECK-NEXT:    %0 = core.reshape %arg0 : (tensor<2x3x4xf32>) -> tensor<2x12xf32>
// CHECK-NEXT:    %1 = core.reshape %arg0 : (tensor<2x3x4xf32>) -> tensor<24xf32>
// CHECK-NEXT:    %2 = core.reshape %arg0 : (tensor<2x3x4xf32>) -> tensor<4x6xf32>
// CHECK-NEXT:    %3 = core.reshape %arg0 : (tensor<2x3x4xf32>) -> tensor<2x1x3x4xf32>
// CHECK-NEXT:    return %0, %1, %2, %3 : tensor<2x12xf32>, tensor<24xf32>, tensor<4x6xf32>, tensor<2x1x3x4xf32>
func.func @reshapes(%x: tensor<2x3x4xf32>) -> (tensor<2x12xf32>, tensor<24xf32>, tensor<4x6xf32>, tensor<2x1x3x4xf32>) {
  %0 = torch.aten.flatten.using_ints %x {start_dim = 1 : i64} : tensor<2x3x4xf32> -> tensor<2x12xf32>
  %1 = torch.aten.view %x {size = array<i64: -1>} : tensor<2x3x4xf32> -> tensor<24xf32>
  %2 = torch.aten.reshape %x {shape = array<i64: 4, 6>} : tensor<2x3x4xf32> -> tensor<4x6xf32>
  %3 = torch.aten.unsqueeze %x {dim = 1 : i64} : tensor<2x3x4xf32> -> tensor<2x1x3x4xf32>
  return %0, %1, %2, %3 : tensor<2x12xf32>, tensor<24xf32>, tensor<4x6xf32>, tensor<2x1x3x4xf32>
}

// scaled_dot_product_attention with is_causal: scaled scores, a constant lower-triangular mask, softmax, matmul.
// CHECK-LABEL: func.func @attention(
// CHECK:         %[[S:.*]] = core.select
// CHECK-NEXT:    %[[P:.*]] = core.softmax %[[S]] {axis = 3 : i64} : (tensor<1x2x3x4xf32>) -> tensor<1x2x3x4xf32>
// CHECK-NEXT:    core.matmul %[[P]], %arg2
// PIECES-LABEL: func.func @attention(%arg0: tensor<1x2x3x8xf32>, %arg1: tensor<1x2x4x8xf32>, %arg2: tensor<1x2x4x8xf32>) -> tensor<1x2x3x8xf32> {
// PIECES-NEXT:    %0 = core.transpose %arg1 {perm = array<i64: 0, 1, 3, 2>} : (tensor<1x2x4x8xf32>) -> tensor<1x2x8x4xf32>
// PIECES-NEXT:    %1 = core.matmul %arg0, %0 : (tensor<1x2x3x8xf32>, tensor<1x2x8x4xf32>) -> tensor<1x2x3x4xf32>
// PIECES-NEXT:    %2 = core.constant dense<0.353553385> : tensor<f32>
// PIECES-NEXT:    %3 = core.mul %1, %2 : (tensor<1x2x3x4xf32>, tensor<f32>) -> tensor<1x2x3x4xf32>
// PIECES-NEXT:    %4 = core.constant dense<{{\[\[}}true, false, false, false], [true, true, false, false], [true, true, true, false]]> : tensor<3x4xi1>
// PIECES-NEXT:    %5 = core.constant dense<0xFF800000> : tensor<f32>
// PIECES-NEXT:    %6 = core.select %4, %3, %5 : (tensor<3x4xi1>, tensor<1x2x3x4xf32>, tensor<f32>) -> tensor<1x2x3x4xf32>
// PIECES-NEXT:    %7 = core.reduce_max %6 {axes = array<i64: 3>, keepdims = true} : (tensor<1x2x3x4xf32>) -> tensor<1x2x3x1xf32>
// PIECES-NEXT:    %8 = core.sub %6, %7 : (tensor<1x2x3x4xf32>, tensor<1x2x3x1xf32>) -> tensor<1x2x3x4xf32>
// PIECES-NEXT:    %9 = core.exp %8 : tensor<1x2x3x4xf32>
// PIECES-NEXT:    %10 = core.reduce_sum %9 {axes = array<i64: 3>, keepdims = true} : (tensor<1x2x3x4xf32>) -> tensor<1x2x3x1xf32>
// PIECES-NEXT:    %11 = core.div %9, %10 : (tensor<1x2x3x4xf32>, tensor<1x2x3x1xf32>) -> tensor<1x2x3x4xf32>
// PIECES-NEXT:    %12 = core.matmul %11, %arg2 : (tensor<1x2x3x4xf32>, tensor<1x2x4x8xf32>) -> tensor<1x2x3x8xf32>
// PIECES-NEXT:    return %12 : tensor<1x2x3x8xf32>
func.func @attention(%q: tensor<1x2x3x8xf32>, %k: tensor<1x2x4x8xf32>, %v: tensor<1x2x4x8xf32>) -> tensor<1x2x3x8xf32> {
  %0 = torch.aten.scaled_dot_product_attention %q, %k, %v {is_causal = true} : (tensor<1x2x3x8xf32>, tensor<1x2x4x8xf32>, tensor<1x2x4x8xf32>) -> tensor<1x2x3x8xf32>
  return %0 : tensor<1x2x3x8xf32>
}

// Dims are normalised: permute/transpose to transpose, select to slice + reshape, slice with a step, embedding to gather, cat to concat, constant_pad_nd to pad.
// CHECK-LABEL: func.func @movement(%arg0: tensor<2x3x4xf32>, %arg1: tensor<5xi64>, %arg2: tensor<10x4xf32>) -> (tensor<4x2x3xf32>, tensor<2x4x3xf32>, tensor<2x4xf32>, tensor<2x3x2xf32>, tensor<5x4xf32>, tensor<2x6x4xf32>, tensor<3x3x7xf32>) {
// CHECK-NEXT:    %0 = core.transpose %arg0 {perm = array<i64: 2, 0, 1>} : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
// CHECK-NEXT:    %1 = core.transpose %arg0 {perm = array<i64: 0, 2, 1>} : (tensor<2x3x4xf32>) -> tensor<2x4x3xf32>
// CHECK-NEXT:    %2 = core.slice %arg0 {limits = array<i64: 2, 3, 4>, starts = array<i64: 0, 2, 0>} : (tensor<2x3x4xf32>) -> tensor<2x1x4xf32>
// CHECK-NEXT:    %3 = core.reshape %2 : (tensor<2x1x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT:    %4 = core.slice %arg0 {limits = array<i64: 2, 3, 4>, starts = array<i64: 0, 0, 1>, strides = array<i64: 1, 1, 2>} : (tensor<2x3x4xf32>) -> tensor<2x3x2xf32>
// CHECK-NEXT:    %5 = core.gather %arg2, %arg1 : (tensor<10x4xf32>, tensor<5xi64>) -> tensor<5x4xf32>
// CHECK-NEXT:    %6 = core.concat %arg0, %arg0 {axis = 1 : i64} : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x6x4xf32>
// CHECK-NEXT:    %7 = core.pad %arg0 {high = array<i64: 0, 0, 2>, low = array<i64: 1, 0, 1>, value = -1.000000e+00 : f32} : (tensor<2x3x4xf32>) -> tensor<3x3x7xf32>
// CHECK-NEXT:    return %0, %1, %3, %4, %5, %6, %7 : tensor<4x2x3xf32>, tensor<2x4x3xf32>, tensor<2x4xf32>, tensor<2x3x2xf32>, tensor<5x4xf32>, tensor<2x6x4xf32>, tensor<3x3x7xf32>
func.func @movement(%x: tensor<2x3x4xf32>, %i: tensor<5xi64>, %t: tensor<10x4xf32>) -> (tensor<4x2x3xf32>, tensor<2x4x3xf32>, tensor<2x4xf32>, tensor<2x3x2xf32>, tensor<5x4xf32>, tensor<2x6x4xf32>, tensor<3x3x7xf32>) {
  %0 = torch.aten.permute %x {dims = array<i64: 2, 0, 1>} : tensor<2x3x4xf32> -> tensor<4x2x3xf32>
  %1 = torch.aten.transpose.int %x {dim0 = -1 : i64, dim1 = 1 : i64} : tensor<2x3x4xf32> -> tensor<2x4x3xf32>
  %2 = torch.aten.select.int %x {dim = 1 : i64, index = -1 : i64} : tensor<2x3x4xf32> -> tensor<2x4xf32>
  %3 = torch.aten.slice.Tensor %x {dim = 2 : i64, start = 1 : i64, step = 2 : i64} : tensor<2x3x4xf32> -> tensor<2x3x2xf32>
  %4 = torch.aten.embedding %t, %i : (tensor<10x4xf32>, tensor<5xi64>) -> tensor<5x4xf32>
  %5 = torch.aten.cat %x, %x {dim = -2 : i64} : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x6x4xf32>
  %6 = torch.aten.constant_pad_nd %x {pad = array<i64: 1, 2, 0, 0, 1, 0>, value = -1.0 : f64} : tensor<2x3x4xf32> -> tensor<3x3x7xf32>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<4x2x3xf32>, tensor<2x4x3xf32>, tensor<2x4xf32>, tensor<2x3x2xf32>, tensor<5x4xf32>, tensor<2x6x4xf32>, tensor<3x3x7xf32>
}

// alpha scales the second operand; rsub; trunc division of floats; floor division of integers; where and masked_fill to select; leaky_relu.
// CHECK-LABEL: func.func @arith(%arg0: tensor<2x3xf32>, %arg1: tensor<3xf32>, %arg2: tensor<2x3xi32>, %arg3: tensor<2x3xi1>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xi32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
// CHECK-NEXT:    %0 = core.constant dense<2.000000e+00> : tensor<f32>
// CHECK-NEXT:    %1 = core.mul %arg1, %0 : (tensor<3xf32>, tensor<f32>) -> tensor<3xf32>
// CHECK-NEXT:    %2 = core.add %arg0, %1 : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %3 = core.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT:    %4 = core.sub %3, %arg0 : (tensor<f32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %5 = core.div %arg0, %arg1 : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %6 = core.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT:    %7 = core.cmp "lt", %5, %6 : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xi1>
// CHECK-NEXT:    %8 = core.ceil %5 : tensor<2x3xf32>
// CHECK-NEXT:    %9 = core.floor %5 : tensor<2x3xf32>
// CHECK-NEXT:    %10 = core.select %7, %8, %9 : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %11 = core.div %arg2, %arg2 : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
// CHECK-NEXT:    %12 = core.constant dense<0> : tensor<i32>
// CHECK-NEXT:    %13 = core.mul %11, %arg2 : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
// CHECK-NEXT:    %14 = core.sub %arg2, %13 : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
// CHECK-NEXT:    %15 = core.cmp "lt", %14, %12 : (tensor<2x3xi32>, tensor<i32>) -> tensor<2x3xi1>
// CHECK-NEXT:    %16 = core.cmp "lt", %arg2, %12 : (tensor<2x3xi32>, tensor<i32>) -> tensor<2x3xi1>
// CHECK-NEXT:    %17 = core.xor %15, %16 : (tensor<2x3xi1>, tensor<2x3xi1>) -> tensor<2x3xi1>
// CHECK-NEXT:    %18 = core.cmp "ne", %14, %12 : (tensor<2x3xi32>, tensor<i32>) -> tensor<2x3xi1>
// CHECK-NEXT:    %19 = core.and %18, %17 : (tensor<2x3xi1>, tensor<2x3xi1>) -> tensor<2x3xi1>
// CHECK-NEXT:    %20 = core.constant dense<1> : tensor<i32>
// CHECK-NEXT:    %21 = core.sub %11, %20 : (tensor<2x3xi32>, tensor<i32>) -> tensor<2x3xi32>
// CHECK-NEXT:    %22 = core.select %19, %21, %11 : (tensor<2x3xi1>, tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
// CHECK-NEXT:    %23 = core.select %arg3, %arg0, %arg1 : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %24 = core.constant dense<5.000000e-01> : tensor<f32>
// CHECK-NEXT:    %25 = core.select %arg3, %24, %arg0 : (tensor<2x3xi1>, tensor<f32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %26 = core.cmp "ge", %arg0, %6 : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xi1>
// CHECK-NEXT:    %27 = core.constant dense<0.00999999977> : tensor<f32>
// CHECK-NEXT:    %28 = core.mul %arg0, %27 : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %29 = core.select %26, %arg0, %28 : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    return %2, %4, %10, %22, %23, %25, %29 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xi32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
func.func @arith(%x: tensor<2x3xf32>, %y: tensor<3xf32>, %i: tensor<2x3xi32>, %m: tensor<2x3xi1>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xi32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %0 = torch.aten.add.Tensor %x, %y {alpha = 2 : i64} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %1 = torch.aten.rsub.Scalar %x {other = 1 : i64} : tensor<2x3xf32> -> tensor<2x3xf32>
  %2 = torch.aten.div.Tensor %x, %y {rounding_mode = "trunc"} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %3 = torch.aten.div.Tensor %i, %i {rounding_mode = "floor"} : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  %4 = torch.aten.where.self %m, %x, %y : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %5 = torch.aten.masked_fill.Scalar %x, %m {value = 0.5 : f64} : (tensor<2x3xf32>, tensor<2x3xi1>) -> tensor<2x3xf32>
  %6 = torch.aten.leaky_relu %x : tensor<2x3xf32>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xi32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}

// matmul with a 1-D operand reshapes it to a matrix and drops the added dim; mm; addmm with beta.
// CHECK-LABEL: func.func @matmuls(%arg0: tensor<4xf32>, %arg1: tensor<2x4x5xf32>, %arg2: tensor<3x4xf32>, %arg3: tensor<4x5xf32>, %arg4: tensor<5xf32>) -> (tensor<2x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>) {
// CHECK-NEXT:    %0 = core.reshape %arg0 : (tensor<4xf32>) -> tensor<1x4xf32>
// CHECK-NEXT:    %1 = core.matmul %0, %arg1 : (tensor<1x4xf32>, tensor<2x4x5xf32>) -> tensor<2x1x5xf32>
// CHECK-NEXT:    %2 = core.reshape %1 : (tensor<2x1x5xf32>) -> tensor<2x5xf32>
// CHECK-NEXT:    %3 = core.matmul %arg2, %arg3 : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
// CHECK-NEXT:    %4 = core.matmul %arg2, %arg3 : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
// CHECK-NEXT:    %5 = core.constant dense<5.000000e-01> : tensor<f32>
// CHECK-NEXT:    %6 = core.mul %arg4, %5 : (tensor<5xf32>, tensor<f32>) -> tensor<5xf32>
// CHECK-NEXT:    %7 = core.add %6, %4 : (tensor<5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
// CHECK-NEXT:    return %2, %3, %7 : tensor<2x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>
func.func @matmuls(%a: tensor<4xf32>, %b: tensor<2x4x5xf32>, %c: tensor<3x4xf32>, %d: tensor<4x5xf32>, %s: tensor<5xf32>) -> (tensor<2x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>) {
  %0 = torch.aten.matmul %a, %b : (tensor<4xf32>, tensor<2x4x5xf32>) -> tensor<2x5xf32>
  %1 = torch.aten.mm %c, %d : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  %2 = torch.aten.addmm %s, %c, %d {beta = 0.5 : f64} : (tensor<5xf32>, tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  return %0, %1, %2 : tensor<2x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>
}

// max_pool2d, avg_pool2d (count_include_pad defaults to true in torch), grouped conv2d, and divisor_override as a depthwise sum over ones.
// CHECK-LABEL: func.func @pools(%arg0: tensor<1x2x7x7xf32>, %arg1: tensor<4x1x3x3xf32>) -> (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>, tensor<1x4x4x4xf32>, tensor<1x2x4x4xf32>) {
// CHECK-NEXT:    %0 = core.max_pool2d %arg0 {dilations = array<i64: 1, 1>, kernel = array<i64: 3, 3>, padding = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : (tensor<1x2x7x7xf32>) -> tensor<1x2x4x4xf32>
// CHECK-NEXT:    %1 = core.avg_pool2d %arg0 {count_include_pad = true, kernel = array<i64: 3, 3>, padding = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : (tensor<1x2x7x7xf32>) -> tensor<1x2x4x4xf32>
// CHECK-NEXT:    %2 = core.conv2d %arg0, %arg1 {dilations = array<i64: 1, 1>, groups = 2 : i64, padding = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : (tensor<1x2x7x7xf32>, tensor<4x1x3x3xf32>) -> tensor<1x4x4x4xf32>
// CHECK-NEXT:    %3 = core.constant dense<1.000000e+00> : tensor<2x1x3x3xf32>
// CHECK-NEXT:    %4 = core.conv2d %arg0, %3 {groups = 2 : i64, padding = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : (tensor<1x2x7x7xf32>, tensor<2x1x3x3xf32>) -> tensor<1x2x4x4xf32>
// CHECK-NEXT:    %5 = core.constant dense<4.000000e+00> : tensor<f32>
// CHECK-NEXT:    %6 = core.div %4, %5 : (tensor<1x2x4x4xf32>, tensor<f32>) -> tensor<1x2x4x4xf32>
// CHECK-NEXT:    return %0, %1, %2, %6 : tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>, tensor<1x4x4x4xf32>, tensor<1x2x4x4xf32>
func.func @pools(%x: tensor<1x2x7x7xf32>, %w: tensor<4x1x3x3xf32>) -> (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>, tensor<1x4x4x4xf32>, tensor<1x2x4x4xf32>) {
  %0 = torch.aten.max_pool2d %x {kernel_size = array<i64: 3>, stride = array<i64: 2>, padding = array<i64: 1>} : tensor<1x2x7x7xf32> -> tensor<1x2x4x4xf32>
  %1 = torch.aten.avg_pool2d %x {kernel_size = array<i64: 3>, stride = array<i64: 2>, padding = array<i64: 1>} : tensor<1x2x7x7xf32> -> tensor<1x2x4x4xf32>
  %2 = torch.aten.conv2d %x, %w {stride = array<i64: 2>, padding = array<i64: 1>, groups = 2 : i64} : (tensor<1x2x7x7xf32>, tensor<4x1x3x3xf32>) -> tensor<1x4x4x4xf32>
  %3 = torch.aten.avg_pool2d %x {kernel_size = array<i64: 3>, stride = array<i64: 2>, padding = array<i64: 1>, divisor_override = 4 : i64} : tensor<1x2x7x7xf32> -> tensor<1x2x4x4xf32>
  return %0, %1, %2, %3 : tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>, tensor<1x4x4x4xf32>, tensor<1x2x4x4xf32>
}

// mean.dim with negative dims; integer sums in i64; argmax along a dim and over the flattened tensor.
// CHECK-LABEL: func.func @reductions(%arg0: tensor<2x3x4xf32>, %arg1: tensor<2x3xi32>) -> (tensor<2x1x1xf32>, tensor<3xi64>, tensor<2xi64>, tensor<i64>) {
// CHECK-NEXT:    %0 = core.reduce_mean %arg0 {axes = array<i64: 1, 2>, keepdims = true} : (tensor<2x3x4xf32>) -> tensor<2x1x1xf32>
// CHECK-NEXT:    %1 = core.cast %arg1 : tensor<2x3xi32> to tensor<2x3xi64>
// CHECK-NEXT:    %2 = core.reduce_sum %1 {axes = array<i64: 0>} : (tensor<2x3xi64>) -> tensor<3xi64>
// CHECK-NEXT:    %3 = core.argmax %arg1 {axis = 1 : i64} : (tensor<2x3xi32>) -> tensor<2xi64>
// CHECK-NEXT:    %4 = core.reshape %arg0 : (tensor<2x3x4xf32>) -> tensor<24xf32>
// CHECK-NEXT:    %5 = core.argmax %4 {axis = 0 : i64} : (tensor<24xf32>) -> tensor<i64>
// CHECK-NEXT:    return %0, %2, %3, %5 : tensor<2x1x1xf32>, tensor<3xi64>, tensor<2xi64>, tensor<i64>
func.func @reductions(%x: tensor<2x3x4xf32>, %i: tensor<2x3xi32>) -> (tensor<2x1x1xf32>, tensor<3xi64>, tensor<2xi64>, tensor<i64>) {
  %0 = torch.aten.mean.dim %x {dim = array<i64: 1, -1>, keepdim = true} : tensor<2x3x4xf32> -> tensor<2x1x1xf32>
  %1 = torch.aten.sum.dim_IntList %i {dim = array<i64: 0>} : tensor<2x3xi32> -> tensor<3xi64>
  %2 = torch.aten.argmax %i {dim = 1 : i64} : tensor<2x3xi32> -> tensor<2xi64>
  %3 = torch.aten.argmax %x : tensor<2x3x4xf32> -> tensor<i64>
  return %0, %1, %2, %3 : tensor<2x1x1xf32>, tensor<3xi64>, tensor<2xi64>, tensor<i64>
}

// to.dtype is a cast; silu on f16 computes in f32; expand broadcasts; clone is the value itself; unused constants vanish.
// CHECK-LABEL: func.func @casts(%arg0: tensor<2x3xf32>, %arg1: tensor<2x3xf16>, %arg2: tensor<3x1xf32>) -> (tensor<2x3xi32>, tensor<2x3xf16>, tensor<2x3x4xf32>, tensor<2x3xf32>) {
// CHECK-NEXT:    %0 = core.cast %arg0 : tensor<2x3xf32> to tensor<2x3xi32>
// CHECK-NEXT:    %1 = core.cast %arg1 : tensor<2x3xf16> to tensor<2x3xf32>
// CHECK-NEXT:    %2 = core.sigmoid %1 : tensor<2x3xf32>
// CHECK-NEXT:    %3 = core.mul %1, %2 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %4 = core.cast %3 : tensor<2x3xf32> to tensor<2x3xf16>
// CHECK-NEXT:    %5 = core.broadcast_to %arg2 : (tensor<3x1xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT:    return %0, %4, %5, %arg0 : tensor<2x3xi32>, tensor<2x3xf16>, tensor<2x3x4xf32>, tensor<2x3xf32>
func.func @casts(%x: tensor<2x3xf32>, %h: tensor<2x3xf16>, %y: tensor<3x1xf32>) -> (tensor<2x3xi32>, tensor<2x3xf16>, tensor<2x3x4xf32>, tensor<2x3xf32>) {
  %0 = torch.aten.to.dtype %x {dtype = i32} : tensor<2x3xf32> -> tensor<2x3xi32>
  %1 = torch.aten.silu %h : tensor<2x3xf16>
  %2 = torch.aten.expand %y {size = array<i64: 2, -1, 4>} : tensor<3x1xf32> -> tensor<2x3x4xf32>
  %3 = torch.aten.clone %x : tensor<2x3xf32>
  %c = torch.constant dense<1.0> : tensor<2x3x4xf32>
  return %0, %1, %2, %3 : tensor<2x3xi32>, tensor<2x3xf16>, tensor<2x3x4xf32>, tensor<2x3xf32>
}

// conv3d: per kernel depth, a conv2d over the strided depth slices (padded along D) moved into the batch, summed (bias once); max_pool3d and avg_pool3d: the 2-D pool with depth in the batch, then a max or a sum over the depth taps (ceil mode's overhang padded), the sum divided by the D tap counts.
// CHECK-LABEL: func.func @volumes(%arg0: tensor<1x2x4x5x5xf32>, %arg1: tensor<3x2x2x3x3xf32>, %arg2: tensor<3xf32>) -> (tensor<1x3x3x5x5xf32>, tensor<1x2x2x3x3xf32>, tensor<1x2x2x3x3xf32>) {
// CHECK-NEXT:    %0 = core.transpose %arg0 {perm = array<i64: 0, 2, 1, 3, 4>} : (tensor<1x2x4x5x5xf32>) -> tensor<1x4x2x5x5xf32>
// CHECK-NEXT:    %1 = core.pad %0 {high = array<i64: 0, 1, 0, 0, 0>, low = array<i64: 0, 1, 0, 0, 0>} : (tensor<1x4x2x5x5xf32>) -> tensor<1x6x2x5x5xf32>
// CHECK-NEXT:    %2 = core.slice %1 {limits = array<i64: 1, 5, 2, 5, 5>, starts = array<i64: 0, 0, 0, 0, 0>, strides = array<i64: 1, 2, 1, 1, 1>} : (tensor<1x6x2x5x5xf32>) -> tensor<1x3x2x5x5xf32>
// CHECK-NEXT:    %3 = core.reshape %2 : (tensor<1x3x2x5x5xf32>) -> tensor<3x2x5x5xf32>
// CHECK-NEXT:    %4 = core.slice %arg1 {limits = array<i64: 3, 2, 1, 3, 3>, starts = array<i64: 0, 0, 0, 0, 0>} : (tensor<3x2x2x3x3xf32>) -> tensor<3x2x1x3x3xf32>
// CHECK-NEXT:    %5 = core.reshape %4 : (tensor<3x2x1x3x3xf32>) -> tensor<3x2x3x3xf32>
// CHECK-NEXT:    %6 = core.conv2d %3, %5, %arg2 {dilations = array<i64: 1, 1>, padding = array<i64: 1, 1, 1, 1>, strides = array<i64: 1, 1>} : (tensor<3x2x5x5xf32>, tensor<3x2x3x3xf32>, tensor<3xf32>) -> tensor<3x3x5x5xf32>
// CHECK-NEXT:    %7 = core.slice %1 {limits = array<i64: 1, 6, 2, 5, 5>, starts = array<i64: 0, 1, 0, 0, 0>, strides = array<i64: 1, 2, 1, 1, 1>} : (tensor<1x6x2x5x5xf32>) -> tensor<1x3x2x5x5xf32>
// CHECK-NEXT:    %8 = core.reshape %7 : (tensor<1x3x2x5x5xf32>) -> tensor<3x2x5x5xf32>
// CHECK-NEXT:    %9 = core.slice %arg1 {limits = array<i64: 3, 2, 2, 3, 3>, starts = array<i64: 0, 0, 1, 0, 0>} : (tensor<3x2x2x3x3xf32>) -> tensor<3x2x1x3x3xf32>
// CHECK-NEXT:    %10 = core.reshape %9 : (tensor<3x2x1x3x3xf32>) -> tensor<3x2x3x3xf32>
// CHECK-NEXT:    %11 = core.conv2d %8, %10 {dilations = array<i64: 1, 1>, padding = array<i64: 1, 1, 1, 1>, strides = array<i64: 1, 1>} : (tensor<3x2x5x5xf32>, tensor<3x2x3x3xf32>) -> tensor<3x3x5x5xf32>
// CHECK-NEXT:    %12 = core.add %6, %11 : (tensor<3x3x5x5xf32>, tensor<3x3x5x5xf32>) -> tensor<3x3x5x5xf32>
// CHECK-NEXT:    %13 = core.reshape %12 : (tensor<3x3x5x5xf32>) -> tensor<1x3x3x5x5xf32>
// CHECK-NEXT:    %14 = core.transpose %13 {perm = array<i64: 0, 2, 1, 3, 4>} : (tensor<1x3x3x5x5xf32>) -> tensor<1x3x3x5x5xf32>
// CHECK-NEXT:    %15 = core.transpose %arg0 {perm = array<i64: 0, 2, 1, 3, 4>} : (tensor<1x2x4x5x5xf32>) -> tensor<1x4x2x5x5xf32>
// CHECK-NEXT:    %16 = core.reshape %15 : (tensor<1x4x2x5x5xf32>) -> tensor<4x2x5x5xf32>
// CHECK-NEXT:    %17 = core.max_pool2d %16 {ceil_mode = true, dilations = array<i64: 1, 1>, kernel = array<i64: 2, 2>, padding = array<i64: 0, 0, 0, 0>, strides = array<i64: 2, 2>} : (tensor<4x2x5x5xf32>) -> tensor<4x2x3x3xf32>
// CHECK-NEXT:    %18 = core.reshape %17 : (tensor<4x2x3x3xf32>) -> tensor<1x4x2x3x3xf32>
// CHECK-NEXT:    %19 = core.slice %18 {limits = array<i64: 1, 3, 2, 3, 3>, starts = array<i64: 0, 0, 0, 0, 0>, strides = array<i64: 1, 2, 1, 1, 1>} : (tensor<1x4x2x3x3xf32>) -> tensor<1x2x2x3x3xf32>
// CHECK-NEXT:    %20 = core.slice %18 {limits = array<i64: 1, 4, 2, 3, 3>, starts = array<i64: 0, 1, 0, 0, 0>, strides = array<i64: 1, 2, 1, 1, 1>} : (tensor<1x4x2x3x3xf32>) -> tensor<1x2x2x3x3xf32>
// CHECK-NEXT:    %21 = core.max %19, %20 : (tensor<1x2x2x3x3xf32>, tensor<1x2x2x3x3xf32>) -> tensor<1x2x2x3x3xf32>
// CHECK-NEXT:    %22 = core.transpose %21 {perm = array<i64: 0, 2, 1, 3, 4>} : (tensor<1x2x2x3x3xf32>) -> tensor<1x2x2x3x3xf32>
// CHECK-NEXT:    %23 = core.transpose %arg0 {perm = array<i64: 0, 2, 1, 3, 4>} : (tensor<1x2x4x5x5xf32>) -> tensor<1x4x2x5x5xf32>
// CHECK-NEXT:    %24 = core.reshape %23 : (tensor<1x4x2x5x5xf32>) -> tensor<4x2x5x5xf32>
// CHECK-NEXT:    %25 = core.avg_pool2d %24 {kernel = array<i64: 3, 3>, padding = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : (tensor<4x2x5x5xf32>) -> tensor<4x2x3x3xf32>
// CHECK-NEXT:    %26 = core.reshape %25 : (tensor<4x2x3x3xf32>) -> tensor<1x4x2x3x3xf32>
// CHECK-NEXT:    %27 = core.pad %26 {high = array<i64: 0, 1, 0, 0, 0>, low = array<i64: 0, 1, 0, 0, 0>} : (tensor<1x4x2x3x3xf32>) -> tensor<1x6x2x3x3xf32>
// CHECK-NEXT:    %28 = core.slice %27 {limits = array<i64: 1, 3, 2, 3, 3>, starts = array<i64: 0, 0, 0, 0, 0>, strides = array<i64: 1, 2, 1, 1, 1>} : (tensor<1x6x2x3x3xf32>) -> tensor<1x2x2x3x3xf32>
// CHECK-NEXT:    %29 = core.slice %27 {limits = array<i64: 1, 4, 2, 3, 3>, starts = array<i64: 0, 1, 0, 0, 0>, strides = array<i64: 1, 2, 1, 1, 1>} : (tensor<1x6x2x3x3xf32>) -> tensor<1x2x2x3x3xf32>
// CHECK-NEXT:    %30 = core.add %28, %29 : (tensor<1x2x2x3x3xf32>, tensor<1x2x2x3x3xf32>) -> tensor<1x2x2x3x3xf32>
// CHECK-NEXT:    %31 = core.slice %27 {limits = array<i64: 1, 5, 2, 3, 3>, starts = array<i64: 0, 2, 0, 0, 0>, strides = array<i64: 1, 2, 1, 1, 1>} : (tensor<1x6x2x3x3xf32>) -> tensor<1x2x2x3x3xf32>
// CHECK-NEXT:    %32 = core.add %30, %31 : (tensor<1x2x2x3x3xf32>, tensor<1x2x2x3x3xf32>) -> tensor<1x2x2x3x3xf32>
// CHECK-NEXT:    %33 = core.transpose %32 {perm = array<i64: 0, 2, 1, 3, 4>} : (tensor<1x2x2x3x3xf32>) -> tensor<1x2x2x3x3xf32>
// CHECK-NEXT:    %34 = core.constant dense<{{.}}{{.}}{{.}}2.000000e+00]], {{.}}{{.}}3.000000e+00]]]> : tensor<2x1x1xf32>
// CHECK-NEXT:    %35 = core.div %33, %34 : (tensor<1x2x2x3x3xf32>, tensor<2x1x1xf32>) -> tensor<1x2x2x3x3xf32>
// CHECK-NEXT:    return %14, %22, %35 : tensor<1x3x3x5x5xf32>, tensor<1x2x2x3x3xf32>, tensor<1x2x2x3x3xf32>
func.func @volumes(%x: tensor<1x2x4x5x5xf32>, %w: tensor<3x2x2x3x3xf32>, %b: tensor<3xf32>) -> (tensor<1x3x3x5x5xf32>, tensor<1x2x2x3x3xf32>, tensor<1x2x2x3x3xf32>) {
  %0 = torch.aten.conv3d %x, %w, %b {stride = array<i64: 2, 1, 1>, padding = array<i64: 1>} : (tensor<1x2x4x5x5xf32>, tensor<3x2x2x3x3xf32>, tensor<3xf32>) -> tensor<1x3x3x5x5xf32>
  %1 = torch.aten.max_pool3d %x {kernel_size = array<i64: 2>, ceil_mode = true} : tensor<1x2x4x5x5xf32> -> tensor<1x2x2x3x3xf32>
  %2 = torch.aten.avg_pool3d %x {kernel_size = array<i64: 3>, stride = array<i64: 2>, padding = array<i64: 1>, count_include_pad = false} : tensor<1x2x4x5x5xf32> -> tensor<1x2x2x3x3xf32>
  return %0, %1, %2 : tensor<1x3x3x5x5xf32>, tensor<1x2x2x3x3xf32>, tensor<1x2x2x3x3xf32>
}
