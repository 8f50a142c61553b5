// RUN: mlc-opt --mlir-print-local-scope %s | filecheck %s
// RUN: mlc-opt --mlir-print-op-generic %s | mlc-opt --mlir-print-local-scope | filecheck %s

// conv2d, matmul and add on quantized element types: each operand and the
// result carry their own scale; the weight may be per axis on its output
// channel axis, the bias f32 or i32 with scale input × weight.

!qx = !quant.uniform<u8:f32, 5.000000e-01:10>
!qw = !quant.uniform<i8:f32:0, {2.500000e-01,1.250000e-01}>
!qb = !quant.uniform<i32:f32:0, {1.250000e-01,6.250000e-02}>
!qy = !quant.uniform<u8:f32, 1.000000e+00:3>

// CHECK-LABEL: func.func @conv
// CHECK-NEXT:    %0 = core.conv2d %arg0, %arg1, %arg2 {padding = array<i64: 1, 1, 1, 1>} : (tensor<1x3x4x4x!quant.uniform<u8:f32, 5.000000e-01:10>>, tensor<2x3x3x3x!quant.uniform<i8:f32:0, {2.500000e-01,1.250000e-01}>>, tensor<2x!quant.uniform<i32:f32:0, {1.250000e-01,6.250000e-02}>>) -> tensor<1x2x4x4x!quant.uniform<u8:f32, 1.000000e+00:3>>
// CHECK-NEXT:    %1 = core.conv2d %arg0, %arg1, %arg3 : ({{.*}}, tensor<2xf32>) -> tensor<1x2x2x2x!quant.uniform<u8:f32, 1.000000e+00:3>>
func.func @conv(%x: tensor<1x3x4x4x!qx>, %w: tensor<2x3x3x3x!qw>, %b: tensor<2x!qb>, %bf: tensor<2xf32>) -> tensor<1x2x4x4x!qy> {
  %0 = core.conv2d %x, %w, %b {padding = array<i64: 1, 1, 1, 1>} : (tensor<1x3x4x4x!qx>, tensor<2x3x3x3x!qw>, tensor<2x!qb>) -> tensor<1x2x4x4x!qy>
  %1 = core.conv2d %x, %w, %bf : (tensor<1x3x4x4x!qx>, tensor<2x3x3x3x!qw>, tensor<2xf32>) -> tensor<1x2x2x2x!qy>
  return %0 : tensor<1x2x4x4x!qy>
}

// Depthwise: groups = channels, one scale per output channel.
// CHECK-LABEL: func.func @depthwise
// CHECK-NEXT:    %0 = core.conv2d %arg0, %arg1 {groups = 2 : i64} : (tensor<1x2x3x3x!quant.uniform<i8:f32, 1.000000e-01>>, tensor<2x1x3x3x!quant.uniform<i8:f32:0, {2.000000e-02,3.000000e-02}>>) -> tensor<1x2x1x1x!quant.uniform<i8:f32, 2.000000e-01:-1>>
func.func @depthwise(%x: tensor<1x2x3x3x!quant.uniform<i8:f32, 0.1>>, %w: tensor<2x1x3x3x!quant.uniform<i8:f32:0, {0.02, 0.03}>>) -> tensor<1x2x1x1x!quant.uniform<i8:f32, 0.2:-1>> {
  %0 = core.conv2d %x, %w {groups = 2 : i64} : (tensor<1x2x3x3x!quant.uniform<i8:f32, 0.1>>, tensor<2x1x3x3x!quant.uniform<i8:f32:0, {0.02, 0.03}>>) -> tensor<1x2x1x1x!quant.uniform<i8:f32, 0.2:-1>>
  return %0 : tensor<1x2x1x1x!quant.uniform<i8:f32, 0.2:-1>>
}

// The matmul weight is per axis on its last (column) axis.
// CHECK-LABEL: func.func @matmul_add
// CHECK-NEXT:    %0 = core.matmul %arg0, %arg1 : (tensor<2x3x!quant.uniform<i8:f32, 1.000000e-01>>, tensor<3x2x!quant.uniform<i8:f32:1, {1.000000e-01,2.000000e-01}>>) -> tensor<2x2x!quant.uniform<i8:f32, 5.000000e-01:2>>
// CHECK-NEXT:    %1 = core.add %0, %arg2 : (tensor<2x2x!quant.uniform<i8:f32, 5.000000e-01:2>>, tensor<2x!quant.uniform<i8:f32, 2.500000e-01>>) -> tensor<2x2x!quant.uniform<i8:f32, 7.500000e-01:-5>>
func.func @matmul_add(%a: tensor<2x3x!quant.uniform<i8:f32, 0.1>>, %b: tensor<3x2x!quant.uniform<i8:f32:1, {0.1, 0.2}>>, %c: tensor<2x!quant.uniform<i8:f32, 0.25>>) -> tensor<2x2x!quant.uniform<i8:f32, 0.75:-5>> {
  %0 = core.matmul %a, %b : (tensor<2x3x!quant.uniform<i8:f32, 0.1>>, tensor<3x2x!quant.uniform<i8:f32:1, {0.1, 0.2}>>) -> tensor<2x2x!quant.uniform<i8:f32, 0.5:2>>
  %1 = core.add %0, %c : (tensor<2x2x!quant.uniform<i8:f32, 0.5:2>>, tensor<2x!quant.uniform<i8:f32, 0.25>>) -> tensor<2x2x!quant.uniform<i8:f32, 0.75:-5>>
  return %1 : tensor<2x2x!quant.uniform<i8:f32, 0.75:-5>>
}

// A quantized matmul's i32 bias (QGemm's) has scale input × weight per column.
// CHECK-LABEL: func.func @matmul_bias
// CHECK-NEXT:    %0 = core.matmul %arg0, %arg1, %arg2 : (tensor<2x3x!quant.uniform<u8:f32, 1.000000e-01:128>>, tensor<3x2x!quant.uniform<i8:f32:1, {1.000000e-01,2.000000e-01}>>, tensor<2x!quant.uniform<i32:f32:0, {1.000000e-02,2.000000e-02}>>) -> tensor<2x2x!quant.uniform<u8:f32, 5.000000e-01:2>>
func.func @matmul_bias(%a: tensor<2x3x!quant.uniform<u8:f32, 0.1:128>>, %b: tensor<3x2x!quant.uniform<i8:f32:1, {0.1, 0.2}>>, %c: tensor<2x!quant.uniform<i32:f32:0, {0.01, 0.02}>>) -> tensor<2x2x!quant.uniform<u8:f32, 0.5:2>> {
  %0 = core.matmul %a, %b, %c : (tensor<2x3x!quant.uniform<u8:f32, 0.1:128>>, tensor<3x2x!quant.uniform<i8:f32:1, {0.1, 0.2}>>, tensor<2x!quant.uniform<i32:f32:0, {0.01, 0.02}>>) -> tensor<2x2x!quant.uniform<u8:f32, 0.5:2>>
  return %0 : tensor<2x2x!quant.uniform<u8:f32, 0.5:2>>
}

// Max pooling selects stored values: the result keeps the input's type.
// CHECK-LABEL: func.func @max_pool
// CHECK-NEXT:    %0 = core.max_pool2d %arg0 {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>} : (tensor<1x1x4x4x!quant.uniform<u8:f32, 5.000000e-01:10>>) -> tensor<1x1x2x2x!quant.uniform<u8:f32, 5.000000e-01:10>>
func.func @max_pool(%x: tensor<1x1x4x4x!quant.uniform<u8:f32, 0.5:10>>) -> tensor<1x1x2x2x!quant.uniform<u8:f32, 0.5:10>> {
  %0 = core.max_pool2d %x {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>} : (tensor<1x1x4x4x!quant.uniform<u8:f32, 0.5:10>>) -> tensor<1x1x2x2x!quant.uniform<u8:f32, 0.5:10>>
  return %0 : tensor<1x1x2x2x!quant.uniform<u8:f32, 0.5:10>>
}
