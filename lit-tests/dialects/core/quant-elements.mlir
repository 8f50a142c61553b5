// RUN: mlc-opt --allow-unregistered-dialect --mlir-print-local-scope %s | filecheck %s
// RUN: mlc-opt --allow-unregistered-dialect --mlir-print-op-generic %s | mlc-opt --allow-unregistered-dialect --mlir-print-local-scope | filecheck %s

// Data movement ops accept any element type, so quantized tensors flow
// through them. The quant types are opaque until the quant dialect is
// registered; their text is MLIR's canonical form either way.

// CHECK-LABEL: func.func @quantized(%arg0: tensor<2x3x!quant.uniform<i8:f32, 5.000000e-01:-3>>, %arg1: tensor<2xi32>) -> tensor<6x!quant.uniform<i8:f32, 5.000000e-01:-3>> {
// CHECK-NEXT:    %0 = core.reshape %arg0 : (tensor<2x3x!quant.uniform<i8:f32, 5.000000e-01:-3>>) -> tensor<6x!quant.uniform<i8:f32, 5.000000e-01:-3>>
// CHECK-NEXT:    %1 = core.transpose %arg0 {perm = array<i64: 1, 0>} : (tensor<2x3x!quant.uniform<i8:f32, 5.000000e-01:-3>>) -> tensor<3x2x!quant.uniform<i8:f32, 5.000000e-01:-3>>
// CHECK-NEXT:    %2 = core.broadcast_to %arg0 : (tensor<2x3x!quant.uniform<i8:f32, 5.000000e-01:-3>>) -> tensor<4x2x3x!quant.uniform<i8:f32, 5.000000e-01:-3>>
// CHECK-NEXT:    %3 = core.concat %arg0, %arg0 {axis = 0 : i64} : (tensor<2x3x!quant.uniform<i8:f32, 5.000000e-01:-3>>, tensor<2x3x!quant.uniform<i8:f32, 5.000000e-01:-3>>) -> tensor<4x3x!quant.uniform<i8:f32, 5.000000e-01:-3>>
// CHECK-NEXT:    %4 = core.slice %arg0 {limits = array<i64: 2, 3>, starts = array<i64: 0, 1>} : (tensor<2x3x!quant.uniform<i8:f32, 5.000000e-01:-3>>) -> tensor<2x2x!quant.uniform<i8:f32, 5.000000e-01:-3>>
// CHECK-NEXT:    %5 = core.gather %arg0, %arg1 {axis = 1 : i64} : (tensor<2x3x!quant.uniform<i8:f32, 5.000000e-01:-3>>, tensor<2xi32>) -> tensor<2x2x!quant.uniform<i8:f32, 5.000000e-01:-3>>
// CHECK-NEXT:    %6 = core.pad %arg0 {high = array<i64: 0, 1>, low = array<i64: 0, 1>} : (tensor<2x3x!quant.uniform<i8:f32, 5.000000e-01:-3>>) -> tensor<2x5x!quant.uniform<i8:f32, 5.000000e-01:-3>>
// CHECK-NEXT:    return %0 : tensor<6x!quant.uniform<i8:f32, 5.000000e-01:-3>>
func.func @quantized(%a: tensor<2x3x!quant.uniform<i8:f32, 5.000000e-01:-3>>, %i: tensor<2xi32>) -> tensor<6x!quant.uniform<i8:f32, 5.000000e-01:-3>> {
  %0 = core.reshape %a : (tensor<2x3x!quant.uniform<i8:f32, 5.000000e-01:-3>>) -> tensor<6x!quant.uniform<i8:f32, 5.000000e-01:-3>>
  %1 = core.transpose %a {perm = array<i64: 1, 0>} : (tensor<2x3x!quant.uniform<i8:f32, 5.000000e-01:-3>>) -> tensor<3x2x!quant.uniform<i8:f32, 5.000000e-01:-3>>
  %2 = core.broadcast_to %a : (tensor<2x3x!quant.uniform<i8:f32, 5.000000e-01:-3>>) -> tensor<4x2x3x!quant.uniform<i8:f32, 5.000000e-01:-3>>
  %3 = core.concat %a, %a {axis = 0 : i64} : (tensor<2x3x!quant.uniform<i8:f32, 5.000000e-01:-3>>, tensor<2x3x!quant.uniform<i8:f32, 5.000000e-01:-3>>) -> tensor<4x3x!quant.uniform<i8:f32, 5.000000e-01:-3>>
  %4 = core.slice %a {limits = array<i64: 2, 3>, starts = array<i64: 0, 1>} : (tensor<2x3x!quant.uniform<i8:f32, 5.000000e-01:-3>>) -> tensor<2x2x!quant.uniform<i8:f32, 5.000000e-01:-3>>
  %5 = core.gather %a, %i {axis = 1 : i64} : (tensor<2x3x!quant.uniform<i8:f32, 5.000000e-01:-3>>, tensor<2xi32>) -> tensor<2x2x!quant.uniform<i8:f32, 5.000000e-01:-3>>
  %6 = core.pad %a {high = array<i64: 0, 1>, low = array<i64: 0, 1>} : (tensor<2x3x!quant.uniform<i8:f32, 5.000000e-01:-3>>) -> tensor<2x5x!quant.uniform<i8:f32, 5.000000e-01:-3>>
  func.return %0 : tensor<6x!quant.uniform<i8:f32, 5.000000e-01:-3>>
}
