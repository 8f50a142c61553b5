// RUN: mlc-opt --quant-fuse --mlir-print-local-scope --split-input-file %s | filecheck %s

// QDQ conv2d with per-axis i8 weights and an i32 bias of scale input × weight:
// the casts go, conv2d takes the quantized values and gives the qcast's type.
// CHECK-LABEL: func.func @conv_per_axis_i32_bias
// CHECK-NEXT:    %0 = quant.qcast %arg0 : tensor<1x2x4x4xf32> to tensor<1x2x4x4x!quant.uniform<u8:f32, 2.000000e-02:120>>
// CHECK-NEXT:    %1 = core.constant dense<1> : tensor<3x2x3x3xi8>
// CHECK-NEXT:    %2 = quant.scast %1 : tensor<3x2x3x3xi8> to tensor<3x2x3x3x!quant.uniform<i8:f32:0, {1.000000e-02,2.000000e-02,4.000000e-02}>>
// CHECK-NEXT:    %3 = core.constant dense<[5, -7, 9]> : tensor<3xi32>
// CHECK-NEXT:    %4 = quant.scast %3 : tensor<3xi32> to tensor<3x!quant.uniform<i32:f32:0, {2.000000e-04,4.000000e-04,8.000000e-04}>>
// CHECK-NEXT:    %5 = core.conv2d %0, %2, %4 {padding = array<i64: 1, 1, 1, 1>} : (tensor<1x2x4x4x!quant.uniform<u8:f32, 2.000000e-02:120>>, tensor<3x2x3x3x!quant.uniform<i8:f32:0, {1.000000e-02,2.000000e-02,4.000000e-02}>>, tensor<3x!quant.uniform<i32:f32:0, {2.000000e-04,4.000000e-04,8.000000e-04}>>) -> tensor<1x3x4x4x!quant.uniform<u8:f32, 5.000000e-02:100>>
// CHECK-NEXT:    %6 = quant.dcast %5 : tensor<1x3x4x4x!quant.uniform<u8:f32, 5.000000e-02:100>> to tensor<1x3x4x4xf32>
// CHECK-NEXT:    return %6
func.func @conv_per_axis_i32_bias(%x: tensor<1x2x4x4xf32>) -> tensor<1x3x4x4xf32> {
  %q = quant.qcast %x : tensor<1x2x4x4xf32> to tensor<1x2x4x4x!quant.uniform<u8:f32, 0.02:120>>
  %dx = quant.dcast %q : tensor<1x2x4x4x!quant.uniform<u8:f32, 0.02:120>> to tensor<1x2x4x4xf32>
  %ws = core.constant dense<1> : tensor<3x2x3x3xi8>
  %w = quant.scast %ws : tensor<3x2x3x3xi8> to tensor<3x2x3x3x!quant.uniform<i8:f32:0, {0.01, 0.02, 0.04}>>
  %dw = quant.dcast %w : tensor<3x2x3x3x!quant.uniform<i8:f32:0, {0.01, 0.02, 0.04}>> to tensor<3x2x3x3xf32>
  %bs = core.constant dense<[5, -7, 9]> : tensor<3xi32>
  %b = quant.scast %bs : tensor<3xi32> to tensor<3x!quant.uniform<i32:f32:0, {2.0e-4, 4.0e-4, 8.0e-4}>>
  %db = quant.dcast %b : tensor<3x!quant.uniform<i32:f32:0, {2.0e-4, 4.0e-4, 8.0e-4}>> to tensor<3xf32>
  %c = core.conv2d %dx, %dw, %db {padding = array<i64: 1, 1, 1, 1>} : (tensor<1x2x4x4xf32>, tensor<3x2x3x3xf32>, tensor<3xf32>) -> tensor<1x3x4x4xf32>
  %y = quant.qcast %c : tensor<1x3x4x4xf32> to tensor<1x3x4x4x!quant.uniform<u8:f32, 0.05:100>>
  %o = quant.dcast %y : tensor<1x3x4x4x!quant.uniform<u8:f32, 0.05:100>> to tensor<1x3x4x4xf32>
  return %o : tensor<1x3x4x4xf32>
}

// -----

// An f32 bias stays f32; a depthwise (grouped) convolution fuses alike.
// CHECK-LABEL: func.func @depthwise_f32_bias
// CHECK:         %[[B:.*]] = core.constant dense<[1.000000e-01, 2.000000e-01]> : tensor<2xf32>
// CHECK:         core.conv2d %{{.*}}, %{{.*}}, %[[B]] {groups = 2 : i64} : (tensor<1x2x3x3x!quant.uniform<i8:f32, 1.000000e-01>>, tensor<2x1x3x3x!quant.uniform<i8:f32:0, {2.000000e-02,3.000000e-02}>>, tensor<2xf32>) -> tensor<1x2x1x1x!quant.uniform<i8:f32, 2.000000e-01:-1>>
// CHECK-NOT:     core.conv2d
func.func @depthwise_f32_bias(%x: tensor<1x2x3x3x!quant.uniform<i8:f32, 0.1>>) -> tensor<1x2x1x1x!quant.uniform<i8:f32, 0.2:-1>> {
  %dx = quant.dcast %x : tensor<1x2x3x3x!quant.uniform<i8:f32, 0.1>> to tensor<1x2x3x3xf32>
  %ws = core.constant dense<3> : tensor<2x1x3x3xi8>
  %w = quant.scast %ws : tensor<2x1x3x3xi8> to tensor<2x1x3x3x!quant.uniform<i8:f32:0, {0.02, 0.03}>>
  %dw = quant.dcast %w : tensor<2x1x3x3x!quant.uniform<i8:f32:0, {0.02, 0.03}>> to tensor<2x1x3x3xf32>
  %b = core.constant dense<[0.1, 0.2]> : tensor<2xf32>
  %c = core.conv2d %dx, %dw, %b {groups = 2 : i64} : (tensor<1x2x3x3xf32>, tensor<2x1x3x3xf32>, tensor<2xf32>) -> tensor<1x2x1x1xf32>
  %y = quant.qcast %c : tensor<1x2x1x1xf32> to tensor<1x2x1x1x!quant.uniform<i8:f32, 0.2:-1>>
  return %y : tensor<1x2x1x1x!quant.uniform<i8:f32, 0.2:-1>>
}

// -----

// matmul with per-column weights, then add of two quantized values.
// CHECK-LABEL: func.func @matmul_add
// CHECK-NEXT:    %0 = core.constant
// CHECK-NEXT:    %1 = quant.scast %0
// CHECK-NEXT:    %2 = core.matmul %arg0, %1 : (tensor<2x3x!quant.uniform<i8:f32, 1.000000e-01>>, tensor<3x2x!quant.uniform<i8:f32:1, {1.000000e-01,2.000000e-01}>>) -> tensor<2x2x!quant.uniform<i8:f32, 5.000000e-01:2>>
// CHECK-NEXT:    %3 = core.add %2, %arg1 : (tensor<2x2x!quant.uniform<i8:f32, 5.000000e-01:2>>, tensor<2x!quant.uniform<i8:f32, 2.500000e-01>>) -> tensor<2x2x!quant.uniform<i8:f32, 7.500000e-01:-5>>
// CHECK-NEXT:    return %3
func.func @matmul_add(%a: tensor<2x3x!quant.uniform<i8:f32, 0.1>>, %c: tensor<2x!quant.uniform<i8:f32, 0.25>>) -> tensor<2x2x!quant.uniform<i8:f32, 0.75:-5>> {
  %da = quant.dcast %a : tensor<2x3x!quant.uniform<i8:f32, 0.1>> to tensor<2x3xf32>
  %ws = core.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi8>
  %w = quant.scast %ws : tensor<3x2xi8> to tensor<3x2x!quant.uniform<i8:f32:1, {0.1, 0.2}>>
  %dw = quant.dcast %w : tensor<3x2x!quant.uniform<i8:f32:1, {0.1, 0.2}>> to tensor<3x2xf32>
  %m = core.matmul %da, %dw : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
  %qm = quant.qcast %m : tensor<2x2xf32> to tensor<2x2x!quant.uniform<i8:f32, 0.5:2>>
  %dm = quant.dcast %qm : tensor<2x2x!quant.uniform<i8:f32, 0.5:2>> to tensor<2x2xf32>
  %dc = quant.dcast %c : tensor<2x!quant.uniform<i8:f32, 0.25>> to tensor<2xf32>
  %s = core.add %dm, %dc : (tensor<2x2xf32>, tensor<2xf32>) -> tensor<2x2xf32>
  %y = quant.qcast %s : tensor<2x2xf32> to tensor<2x2x!quant.uniform<i8:f32, 0.75:-5>>
  return %y : tensor<2x2x!quant.uniform<i8:f32, 0.75:-5>>
}

// -----

// A linear layer (ONNX Gemm with transB after torch-to-core): the weight
// [N, K] quantized per row reaches the matmul through a transpose and the
// i32 bias through a float add; the fused matmul takes the [K, N] transpose
// quantized per column, and the bias joins the sums (ORT's QGemm).
// CHECK-LABEL: func.func @linear_gemm
// CHECK-NEXT:    %[[BS:.*]] = core.constant dense<[7, -9]> : tensor<2xi32>
// CHECK-NEXT:    %[[B:.*]] = quant.scast %[[BS]] : tensor<2xi32> to tensor<2x!quant.uniform<i32:f32:0, {1.250000e-01,6.250000e-02}>>
// CHECK-NEXT:    %[[WS:.*]] = core.constant dense<{{\[}}[1, 4], [2, 5], [3, 6]]> : tensor<3x2xi8>
// CHECK-NEXT:    %[[W:.*]] = quant.scast %[[WS]] : tensor<3x2xi8> to tensor<3x2x!quant.uniform<i8:f32:1, {2.500000e-01,1.250000e-01}>>
// CHECK-NEXT:    %[[Y:.*]] = core.matmul %arg0, %[[W]], %[[B]] : (tensor<2x3x!quant.uniform<u8:f32, 5.000000e-01:128>>, tensor<3x2x!quant.uniform<i8:f32:1, {2.500000e-01,1.250000e-01}>>, tensor<2x!quant.uniform<i32:f32:0, {1.250000e-01,6.250000e-02}>>) -> tensor<2x2x!quant.uniform<u8:f32, 2.500000e-01:100>>
// CHECK-NEXT:    return %[[Y]]
func.func @linear_gemm(%x: tensor<2x3x!quant.uniform<u8:f32, 0.5:128>>) -> tensor<2x2x!quant.uniform<u8:f32, 0.25:100>> {
  %dx = quant.dcast %x : tensor<2x3x!quant.uniform<u8:f32, 0.5:128>> to tensor<2x3xf32>
  %ws = core.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi8>
  %w = quant.scast %ws : tensor<2x3xi8> to tensor<2x3x!quant.uniform<i8:f32:0, {0.25, 0.125}>>
  %dw = quant.dcast %w : tensor<2x3x!quant.uniform<i8:f32:0, {0.25, 0.125}>> to tensor<2x3xf32>
  %bs = core.constant dense<[7, -9]> : tensor<2xi32>
  %b = quant.scast %bs : tensor<2xi32> to tensor<2x!quant.uniform<i32:f32:0, {0.125, 0.0625}>>
  %db = quant.dcast %b : tensor<2x!quant.uniform<i32:f32:0, {0.125, 0.0625}>> to tensor<2xf32>
  %t = core.transpose %dw {perm = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %m = core.matmul %dx, %t : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
  %s = core.add %m, %db : (tensor<2x2xf32>, tensor<2xf32>) -> tensor<2x2xf32>
  %y = quant.qcast %s : tensor<2x2xf32> to tensor<2x2x!quant.uniform<u8:f32, 0.25:100>>
  return %y : tensor<2x2x!quant.uniform<u8:f32, 0.25:100>>
}

// -----

// An imported weight (a dense_resource blob) is transposed into a new blob;
// an f32 bias on the add's left and a batched activation fuse alike.
// CHECK-LABEL: func.func @linear_resource
// CHECK:         %[[WS:.*]] = core.constant dense_resource<fc_w_transposed> : tensor<3x2xi8>
// CHECK:         %[[W:.*]] = quant.scast %[[WS]] : tensor<3x2xi8> to tensor<3x2x!quant.uniform<i8:f32, 2.500000e-01>>
// CHECK:         core.matmul %arg0, %[[W]], %{{.*}} : (tensor<4x2x3x!quant.uniform<i8:f32, 5.000000e-01>>, tensor<3x2x!quant.uniform<i8:f32, 2.500000e-01>>, tensor<2xf32>) -> tensor<4x2x2x!quant.uniform<i8:f32, 1.000000e+00:-3>>
// CHECK-NOT:     core.add
// CHECK:         fc_w_transposed: "0x01000000010402050306"
func.func @linear_resource(%x: tensor<4x2x3x!quant.uniform<i8:f32, 0.5>>) -> tensor<4x2x2x!quant.uniform<i8:f32, 1.0:-3>> {
  %dx = quant.dcast %x : tensor<4x2x3x!quant.uniform<i8:f32, 0.5>> to tensor<4x2x3xf32>
  %ws = core.constant dense_resource<fc_w> : tensor<2x3xi8>
  %w = quant.scast %ws : tensor<2x3xi8> to tensor<2x3x!quant.uniform<i8:f32, 0.25>>
  %dw = quant.dcast %w : tensor<2x3x!quant.uniform<i8:f32, 0.25>> to tensor<2x3xf32>
  %t = core.transpose %dw {perm = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %m = core.matmul %dx, %t : (tensor<4x2x3xf32>, tensor<3x2xf32>) -> tensor<4x2x2xf32>
  %b = core.constant dense<[0.5, -1.5]> : tensor<2xf32>
  %s = core.add %b, %m : (tensor<2xf32>, tensor<4x2x2xf32>) -> tensor<4x2x2xf32>
  %y = quant.qcast %s : tensor<4x2x2xf32> to tensor<4x2x2x!quant.uniform<i8:f32, 1.0:-3>>
  return %y : tensor<4x2x2x!quant.uniform<i8:f32, 1.0:-3>>
}

{-#
  dialect_resources: {
    builtin: {
      fc_w: "0x01000000010203040506"
    }
  }
#-}

// -----

// Linear layers that stay in QDQ form: a bias of another scale than input
// × weight, a transposed weight with another use, a bias of rank 2.
// CHECK-LABEL: func.func @linear_unmatched
// CHECK-COUNT-3: core.matmul %{{.*}}, %{{.*}} : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
// CHECK-NOT:     core.matmul
func.func @linear_unmatched(%x: tensor<2x3x!quant.uniform<u8:f32, 0.5:128>>) -> (tensor<2x2x!quant.uniform<u8:f32, 0.25:100>>, tensor<2x2x!quant.uniform<u8:f32, 0.25:100>>, tensor<3x2xf32>, tensor<2x2x!quant.uniform<u8:f32, 0.25:100>>) {
  %dx = quant.dcast %x : tensor<2x3x!quant.uniform<u8:f32, 0.5:128>> to tensor<2x3xf32>
  %ws = core.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi8>
  %w = quant.scast %ws : tensor<2x3xi8> to tensor<2x3x!quant.uniform<i8:f32, 0.25>>
  %dw = quant.dcast %w : tensor<2x3x!quant.uniform<i8:f32, 0.25>> to tensor<2x3xf32>
  %t = core.transpose %dw {perm = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %bs = core.constant dense<[7, -9]> : tensor<2xi32>
  %b = quant.scast %bs : tensor<2xi32> to tensor<2x!quant.uniform<i32:f32, 0.25>>
  %db = quant.dcast %b : tensor<2x!quant.uniform<i32:f32, 0.25>> to tensor<2xf32>
  %m = core.matmul %dx, %t : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
  %s = core.add %m, %db : (tensor<2x2xf32>, tensor<2xf32>) -> tensor<2x2xf32>
  %y = quant.qcast %s : tensor<2x2xf32> to tensor<2x2x!quant.uniform<u8:f32, 0.25:100>>

  %ws2 = core.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi8>
  %w2 = quant.scast %ws2 : tensor<2x3xi8> to tensor<2x3x!quant.uniform<i8:f32, 0.5>>
  %dw2 = quant.dcast %w2 : tensor<2x3x!quant.uniform<i8:f32, 0.5>> to tensor<2x3xf32>
  %t2 = core.transpose %dw2 {perm = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %bs2 = core.constant dense<[7, -9]> : tensor<2xi32>
  %b2 = quant.scast %bs2 : tensor<2xi32> to tensor<2x!quant.uniform<i32:f32, 0.25>>
  %db2 = quant.dcast %b2 : tensor<2x!quant.uniform<i32:f32, 0.25>> to tensor<2xf32>
  %m2 = core.matmul %dx, %t2 : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
  %s2 = core.add %m2, %db2 : (tensor<2x2xf32>, tensor<2xf32>) -> tensor<2x2xf32>
  %y2 = quant.qcast %s2 : tensor<2x2xf32> to tensor<2x2x!quant.uniform<u8:f32, 0.25:100>>

  %c = core.constant dense<1.0> : tensor<2x2xf32>
  %m3 = core.matmul %dx, %t2 : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
  %s3 = core.add %m3, %c : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  %y3 = quant.qcast %s3 : tensor<2x2xf32> to tensor<2x2x!quant.uniform<u8:f32, 0.25:100>>
  return %y, %y2, %t2, %y3 : tensor<2x2x!quant.uniform<u8:f32, 0.25:100>>, tensor<2x2x!quant.uniform<u8:f32, 0.25:100>>, tensor<3x2xf32>, tensor<2x2x!quant.uniform<u8:f32, 0.25:100>>
}

// -----

// Max pooling between a dcast and a qcast of the same type runs on the
// stored integers; with another scale on the qcast it stays in QDQ form.
// CHECK-LABEL: func.func @max_pool_same_type
// CHECK-NEXT:    %0 = core.max_pool2d %arg0 {kernel = array<i64: 3, 3>, padding = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : (tensor<1x2x5x5x!quant.uniform<u8:f32, 5.000000e-02:3>>) -> tensor<1x2x3x3x!quant.uniform<u8:f32, 5.000000e-02:3>>
// CHECK-NEXT:    return %0
func.func @max_pool_same_type(%x: tensor<1x2x5x5x!quant.uniform<u8:f32, 0.05:3>>) -> tensor<1x2x3x3x!quant.uniform<u8:f32, 0.05:3>> {
  %d = quant.dcast %x : tensor<1x2x5x5x!quant.uniform<u8:f32, 0.05:3>> to tensor<1x2x5x5xf32>
  %m = core.max_pool2d %d {kernel = array<i64: 3, 3>, strides = array<i64: 2, 2>, padding = array<i64: 1, 1, 1, 1>} : (tensor<1x2x5x5xf32>) -> tensor<1x2x3x3xf32>
  %q = quant.qcast %m : tensor<1x2x3x3xf32> to tensor<1x2x3x3x!quant.uniform<u8:f32, 0.05:3>>
  return %q : tensor<1x2x3x3x!quant.uniform<u8:f32, 0.05:3>>
}

// CHECK-LABEL: func.func @max_pool_rescaled
// CHECK-NEXT:    quant.dcast
// CHECK-NEXT:    core.max_pool2d %{{.*}} : (tensor<1x2x5x5xf32>) -> tensor<1x2x3x3xf32>
// CHECK-NEXT:    quant.qcast
func.func @max_pool_rescaled(%x: tensor<1x2x5x5x!quant.uniform<u8:f32, 0.05:3>>) -> tensor<1x2x3x3x!quant.uniform<u8:f32, 0.1:3>> {
  %d = quant.dcast %x : tensor<1x2x5x5x!quant.uniform<u8:f32, 0.05:3>> to tensor<1x2x5x5xf32>
  %m = core.max_pool2d %d {kernel = array<i64: 3, 3>, strides = array<i64: 2, 2>, padding = array<i64: 1, 1, 1, 1>} : (tensor<1x2x5x5xf32>) -> tensor<1x2x3x3xf32>
  %q = quant.qcast %m : tensor<1x2x3x3xf32> to tensor<1x2x3x3x!quant.uniform<u8:f32, 0.1:3>>
  return %q : tensor<1x2x3x3x!quant.uniform<u8:f32, 0.1:3>>
}

// -----

// Unmatched groups stay in QDQ form: a float result with another use, a
// bias whose scale is not input × weight, a per-axis activation, an op
// without a quantized form, a per-axis result.
// CHECK-LABEL: func.func @unmatched
// CHECK-COUNT-2: core.add %{{.*}} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK:         core.conv2d %{{.*}} : (tensor<1x1x2x2xf32>, tensor<1x1x1x1xf32>, tensor<1xf32>) -> tensor<1x1x2x2xf32>
// CHECK:         core.matmul %{{.*}} : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK:         core.relu %{{.*}} : tensor<4xf32>
// CHECK:         core.add %{{.*}} : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NOT:     !quant.uniform<i8:f32, 1.000000e+00>>) -> tensor
func.func @unmatched(%a: tensor<4x!quant.uniform<i8:f32, 0.1>>, %x: tensor<1x1x2x2x!quant.uniform<i8:f32, 0.5>>,
                     %p: tensor<2x2x!quant.uniform<i8:f32:0, {0.1, 0.2}>>, %z: tensor<2x2x!quant.uniform<i8:f32, 0.1>>)
    -> (tensor<4x!quant.uniform<i8:f32, 1.0>>, tensor<4xf32>, tensor<1x1x2x2x!quant.uniform<i8:f32, 1.0>>,
        tensor<2x2x!quant.uniform<i8:f32, 1.0>>, tensor<4x!quant.uniform<i8:f32, 1.0>>, tensor<2x2x!quant.uniform<i8:f32:1, {1.0, 2.0}>>) {
  %da = quant.dcast %a : tensor<4x!quant.uniform<i8:f32, 0.1>> to tensor<4xf32>
  %s = core.add %da, %da : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %q1 = quant.qcast %s : tensor<4xf32> to tensor<4x!quant.uniform<i8:f32, 1.0>>
  %s2 = core.add %s, %s : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>

  %dx = quant.dcast %x : tensor<1x1x2x2x!quant.uniform<i8:f32, 0.5>> to tensor<1x1x2x2xf32>
  %ws = core.constant dense<1> : tensor<1x1x1x1xi8>
  %w = quant.scast %ws : tensor<1x1x1x1xi8> to tensor<1x1x1x1x!quant.uniform<i8:f32, 0.25>>
  %dw = quant.dcast %w : tensor<1x1x1x1x!quant.uniform<i8:f32, 0.25>> to tensor<1x1x1x1xf32>
  %bs = core.constant dense<3> : tensor<1xi32>
  %b = quant.scast %bs : tensor<1xi32> to tensor<1x!quant.uniform<i32:f32, 0.5>>
  %db = quant.dcast %b : tensor<1x!quant.uniform<i32:f32, 0.5>> to tensor<1xf32>
  %c = core.conv2d %dx, %dw, %db : (tensor<1x1x2x2xf32>, tensor<1x1x1x1xf32>, tensor<1xf32>) -> tensor<1x1x2x2xf32>
  %q2 = quant.qcast %c : tensor<1x1x2x2xf32> to tensor<1x1x2x2x!quant.uniform<i8:f32, 1.0>>

  %dp = quant.dcast %p : tensor<2x2x!quant.uniform<i8:f32:0, {0.1, 0.2}>> to tensor<2x2xf32>
  %dz = quant.dcast %z : tensor<2x2x!quant.uniform<i8:f32, 0.1>> to tensor<2x2xf32>
  %m = core.matmul %dp, %dz : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  %q3 = quant.qcast %m : tensor<2x2xf32> to tensor<2x2x!quant.uniform<i8:f32, 1.0>>

  %r = core.relu %da : tensor<4xf32>
  %q4 = quant.qcast %r : tensor<4xf32> to tensor<4x!quant.uniform<i8:f32, 1.0>>

  %t = core.add %dz, %dz : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  %q5 = quant.qcast %t : tensor<2x2xf32> to tensor<2x2x!quant.uniform<i8:f32:1, {1.0, 2.0}>>
  return %q1, %s2, %q2, %q3, %q4, %q5 : tensor<4x!quant.uniform<i8:f32, 1.0>>, tensor<4xf32>, tensor<1x1x2x2x!quant.uniform<i8:f32, 1.0>>,
         tensor<2x2x!quant.uniform<i8:f32, 1.0>>, tensor<4x!quant.uniform<i8:f32, 1.0>>, tensor<2x2x!quant.uniform<i8:f32:1, {1.0, 2.0}>>
}
