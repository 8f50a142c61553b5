// RUN: mlc-opt --torch-decompose %s | filecheck %s

// Decompositions of the torch ops added for the ONNX importer (comparisons,
// scans, selection, data movement) before canonicalisation.

// sign of floats is (x > 0) − (x < 0), so NaN and −0 give +0 as in PyTorch.
// CHECK-LABEL: func.func @sign(%arg0: tensor<3xf32>) -> tensor<3xf32> {
// CHECK-NEXT:    %0 = core.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT:    %1 = core.cmp "gt", %arg0, %0 : (tensor<3xf32>, tensor<f32>) -> tensor<3xi1>
// CHECK-NEXT:    %2 = core.cast %1 : tensor<3xi1> to tensor<3xf32>
// CHECK-NEXT:    %3 = core.cmp "lt", %arg0, %0 : (tensor<3xf32>, tensor<f32>) -> tensor<3xi1>
// CHECK-NEXT:    %4 = core.cast %3 : tensor<3xi1> to tensor<3xf32>
// CHECK-NEXT:    %5 = core.sub %2, %4 : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
// CHECK-NEXT:    return %5 : tensor<3xf32>
func.func @sign(%x: tensor<3xf32>) -> tensor<3xf32> {
  %0 = torch.aten.sign %x : tensor<3xf32>
  return %0 : tensor<3xf32>
}

// Bool operands of an ordering comparison are compared as i8.
// CHECK-LABEL: func.func @lt_bool(%arg0: tensor<2xi1>, %arg1: tensor<2xi1>) -> tensor<2xi1> {
// CHECK-NEXT:    %0 = core.cast %arg0 : tensor<2xi1> to tensor<2xi8>
// CHECK-NEXT:    %1 = core.cast %arg1 : tensor<2xi1> to tensor<2xi8>
// CHECK-NEXT:    %2 = core.cmp "lt", %0, %1 : (tensor<2xi8>, tensor<2xi8>) -> tensor<2xi1>
// CHECK-NEXT:    return %2 : tensor<2xi1>
func.func @lt_bool(%a: tensor<2xi1>, %b: tensor<2xi1>) -> tensor<2xi1> {
  %0 = torch.aten.lt.Tensor %a, %b : (tensor<2xi1>, tensor<2xi1>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}

// An integer tensor with a float Scalar compares in f32.
// CHECK-LABEL: func.func @gt_scalar(%arg0: tensor<2xi32>) -> tensor<2xi1> {
// CHECK-NEXT:    %0 = core.cast %arg0 : tensor<2xi32> to tensor<2xf32>
// CHECK-NEXT:    %1 = core.constant dense<1.500000e+00> : tensor<f32>
// CHECK-NEXT:    %2 = core.cmp "gt", %0, %1 : (tensor<2xf32>, tensor<f32>) -> tensor<2xi1>
// CHECK-NEXT:    return %2 : tensor<2xi1>
func.func @gt_scalar(%a: tensor<2xi32>) -> tensor<2xi1> {
  %0 = torch.aten.gt.Scalar %a {other = 1.5 : f64} : tensor<2xi32> -> tensor<2xi1>
  return %0 : tensor<2xi1>
}

// cumsum: log2(n) shifted adds; the i8 input accumulates as i64.
// CHECK-LABEL: func.func @cumsum(%arg0: tensor<2x4xi8>) -> tensor<2x4xi64> {
// CHECK-NEXT:    %0 = core.cast %arg0 : tensor<2x4xi8> to tensor<2x4xi64>
// CHECK-NEXT:    %1 = core.slice %0 {limits = array<i64: 2, 3>, starts = array<i64: 0, 0>} : (tensor<2x4xi64>) -> tensor<2x3xi64>
// CHECK-NEXT:    %2 = core.pad %1 {high = array<i64: 0, 0>, low = array<i64: 0, 1>} : (tensor<2x3xi64>) -> tensor<2x4xi64>
// CHECK-NEXT:    %3 = core.add %0, %2 : (tensor<2x4xi64>, tensor<2x4xi64>) -> tensor<2x4xi64>
// CHECK-NEXT:    %4 = core.slice %3 {limits = array<i64: 2, 2>, starts = array<i64: 0, 0>} : (tensor<2x4xi64>) -> tensor<2x2xi64>
// CHECK-NEXT:    %5 = core.pad %4 {high = array<i64: 0, 0>, low = array<i64: 0, 2>} : (tensor<2x2xi64>) -> tensor<2x4xi64>
// CHECK-NEXT:    %6 = core.add %3, %5 : (tensor<2x4xi64>, tensor<2x4xi64>) -> tensor<2x4xi64>
// CHECK-NEXT:    return %6 : tensor<2x4xi64>
func.func @cumsum(%x: tensor<2x4xi8>) -> tensor<2x4xi64> {
  %0 = torch.aten.cumsum %x {dim = 1} : tensor<2x4xi8> -> tensor<2x4xi64>
  return %0 : tensor<2x4xi64>
}

// flip is a slice with stride -1.
// CHECK-LABEL: func.func @flip(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
// CHECK-NEXT:    %0 = core.slice %arg0 {limits = array<i64: 2, -4>, starts = array<i64: 0, -1>, strides = array<i64: 1, -1>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    return %0 : tensor<2x3xf32>
func.func @flip(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = torch.aten.flip %x {dims = array<i64: -1>} : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// tril selects with a constant mask.
// CHECK-LABEL: func.func @tril(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
// CHECK-NEXT:    %0 = core.constant dense<{{\[\[}}true, true, false], [true, true, true]]> : tensor<2x3xi1>
// CHECK-NEXT:    %1 = core.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT:    %2 = core.select %0, %arg0, %1 : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
// CHECK-NEXT:    return %2 : tensor<2x3xf32>
func.func @tril(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = torch.aten.tril %x {diagonal = 1} : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// gather on the flattened tensor: index·stride plus the positions along the other dims.
// CHECK-LABEL: func.func @gather(%arg0: tensor<3x4xf32>, %arg1: tensor<2x4xi64>) -> tensor<2x4xf32> {
// CHECK-NEXT:    %0 = core.constant dense<4> : tensor<i64>
// CHECK-NEXT:    %1 = core.mul %arg1, %0 : (tensor<2x4xi64>, tensor<i64>) -> tensor<2x4xi64>
// CHECK-NEXT:    %2 = core.constant dense<{{\[\[}}0, 1, 2, 3]]> : tensor<1x4xi64>
// CHECK-NEXT:    %3 = core.add %1, %2 : (tensor<2x4xi64>, tensor<1x4xi64>) -> tensor<2x4xi64>
// CHECK-NEXT:    %4 = core.reshape %arg0 : (tensor<3x4xf32>) -> tensor<12xf32>
// CHECK-NEXT:    %5 = core.gather %4, %3 {axis = 0 : i64} : (tensor<12xf32>, tensor<2x4xi64>) -> tensor<2x4xf32>
// CHECK-NEXT:    return %5 : tensor<2x4xf32>
func.func @gather(%x: tensor<3x4xf32>, %i: tensor<2x4xi64>) -> tensor<2x4xf32> {
  %0 = torch.aten.gather %x, %i {dim = 0} : (tensor<3x4xf32>, tensor<2x4xi64>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// index_select is core.gather on the same axis.
// CHECK-LABEL: func.func @index_select(%arg0: tensor<3x4xf32>, %arg1: tensor<6xi64>) -> tensor<3x6xf32> {
// CHECK-NEXT:    %0 = core.gather %arg0, %arg1 {axis = 1 : i64} : (tensor<3x4xf32>, tensor<6xi64>) -> tensor<3x6xf32>
// CHECK-NEXT:    return %0 : tensor<3x6xf32>
func.func @index_select(%x: tensor<3x4xf32>, %i: tensor<6xi64>) -> tensor<3x6xf32> {
  %0 = torch.aten.index_select %x, %i {dim = -1} : (tensor<3x4xf32>, tensor<6xi64>) -> tensor<3x6xf32>
  return %0 : tensor<3x6xf32>
}

// repeat: reshape, broadcast_to and reshape.
// CHECK-LABEL: func.func @repeat(%arg0: tensor<2x3xf32>) -> tensor<2x4x3xf32> {
// CHECK-NEXT:    %0 = core.reshape %arg0 : (tensor<2x3xf32>) -> tensor<1x1x1x2x1x3xf32>
// CHECK-NEXT:    %1 = core.broadcast_to %0 : (tensor<1x1x1x2x1x3xf32>) -> tensor<2x1x2x2x1x3xf32>
// CHECK-NEXT:    %2 = core.reshape %1 : (tensor<2x1x2x2x1x3xf32>) -> tensor<2x4x3xf32>
// CHECK-NEXT:    return %2 : tensor<2x4x3xf32>
func.func @repeat(%x: tensor<2x3xf32>) -> tensor<2x4x3xf32> {
  %0 = torch.aten.repeat %x {repeats = array<i64: 2, 2, 1>} : tensor<2x3xf32> -> tensor<2x4x3xf32>
  return %0 : tensor<2x4x3xf32>
}
