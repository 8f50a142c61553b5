// RUN: mlc-opt --torch-to-core --mlir-print-local-scope %s | filecheck %s

// Quantized tensors reach torch ops through quant.dcast and leave through
// quant.qcast (torch ops take no !quant types). Decomposition keeps those
// casts and their types as they are; data movement between a dcast and a
// qcast of one per-tensor type (8- or 16-bit storage, f32 expressed) runs
// on the quantized tensor itself, which is exact.

!q = !quant.uniform<i8:f32, 5.000000e-02:-3>

// CHECK-LABEL: func.func @movement(
// CHECK-SAME:      %arg0: tensor<2x6x!quant.uniform<i8:f32, 5.000000e-02:-3>>
// CHECK-NEXT:    %0 = core.reshape %arg0 : (tensor<2x6x!quant.uniform<i8:f32, 5.000000e-02:-3>>) -> tensor<3x4x!quant.uniform<i8:f32, 5.000000e-02:-3>>
// CHECK-NEXT:    %1 = core.transpose %0 {perm = array<i64: 1, 0>} : (tensor<3x4x!quant.uniform<i8:f32, 5.000000e-02:-3>>) -> tensor<4x3x!quant.uniform<i8:f32, 5.000000e-02:-3>>
// CHECK-NEXT:    %2 = core.slice %1 {limits = array<i64: 4, 3>, starts = array<i64: 1, 0>} : (tensor<4x3x!quant.uniform<i8:f32, 5.000000e-02:-3>>) -> tensor<3x3x!quant.uniform<i8:f32, 5.000000e-02:-3>>
// CHECK-NEXT:    return %2 : tensor<3x3x!quant.uniform<i8:f32, 5.000000e-02:-3>>
func.func @movement(%x: tensor<2x6x!q>) -> tensor<3x3x!q> {
  %d = quant.dcast %x : tensor<2x6x!q> to tensor<2x6xf32>
  %v = torch.aten.view %d {size = array<i64: 3, 4>} : tensor<2x6xf32> -> tensor<3x4xf32>
  %qv = quant.qcast %v : tensor<3x4xf32> to tensor<3x4x!q>
  %d2 = quant.dcast %qv : tensor<3x4x!q> to tensor<3x4xf32>
  %t = torch.aten.transpose.int %d2 {dim0 = 0 : i64, dim1 = 1 : i64} : tensor<3x4xf32> -> tensor<4x3xf32>
  %qt = quant.qcast %t : tensor<4x3xf32> to tensor<4x3x!q>
  %d3 = quant.dcast %qt : tensor<4x3x!q> to tensor<4x3xf32>
  %s = torch.aten.slice.Tensor %d3 {dim = 0 : i64, start = 1 : i64} : tensor<4x3xf32> -> tensor<3x3xf32>
  %qs = quant.qcast %s : tensor<3x3xf32> to tensor<3x3x!q>
  return %qs : tensor<3x3x!q>
}

// Arithmetic keeps the float detour: the dcast and qcast stay with their
// types, and the decomposition works on the f32 values between them.
// CHECK-LABEL: func.func @arithmetic(
// CHECK-NEXT:    %0 = quant.dcast %arg0 : tensor<8x!quant.uniform<i8:f32, 5.000000e-02:-3>> to tensor<8xf32>
// CHECK-NEXT:    %1 = core.constant dense<3.000000e+00> : tensor<f32>
// CHECK-NEXT:    %2 = core.add %0, %1 : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
// CHECK-NEXT:    %3 = core.clamp %2 min 0.000000e+00 max 6.000000e+00 : tensor<8xf32>
// CHECK-NEXT:    %4 = core.constant dense<6.000000e+00> : tensor<f32>
// CHECK-NEXT:    %5 = core.div %3, %4 : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
// CHECK-NEXT:    %6 = core.mul %0, %5 : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT:    %7 = quant.qcast %6 : tensor<8xf32> to tensor<8x!quant.uniform<u8:f32, 2.000000e-02:128>>
// CHECK-NEXT:    return %7 : tensor<8x!quant.uniform<u8:f32, 2.000000e-02:128>>
func.func @arithmetic(%x: tensor<8x!q>) -> tensor<8x!quant.uniform<u8:f32, 2.000000e-02:128>> {
  %d = quant.dcast %x : tensor<8x!q> to tensor<8xf32>
  %h = torch.aten.hardswish %d : tensor<8xf32>
  %q = quant.qcast %h : tensor<8xf32> to tensor<8x!quant.uniform<u8:f32, 2.000000e-02:128>>
  return %q : tensor<8x!quant.uniform<u8:f32, 2.000000e-02:128>>
}

// Another type on the way out (a requantization), or 32-bit storage whose
// round trip through f32 is not exact: the movement stays on floats.
// CHECK-LABEL: func.func @not_moved(
// CHECK:         quant.dcast %arg0
// CHECK:         core.reshape %{{.*}} : (tensor<4xf32>) -> tensor<2x2xf32>
// CHECK:         quant.qcast %{{.*}} : tensor<2x2xf32> to tensor<2x2x!quant.uniform<i8:f32, 1.000000e-01>>
// CHECK:         quant.dcast %arg1
// CHECK:         core.reshape %{{.*}} : (tensor<4xf32>) -> tensor<2x2xf32>
// CHECK:         quant.qcast %{{.*}} : tensor<2x2xf32> to tensor<2x2x!quant.uniform<i32:f32, 5.000000e-02>>
func.func @not_moved(%x: tensor<4x!q>, %y: tensor<4x!quant.uniform<i32:f32, 5.000000e-02>>) -> (tensor<2x2x!quant.uniform<i8:f32, 1.000000e-01>>, tensor<2x2x!quant.uniform<i32:f32, 5.000000e-02>>) {
  %d = quant.dcast %x : tensor<4x!q> to tensor<4xf32>
  %v = torch.aten.view %d {size = array<i64: 2, 2>} : tensor<4xf32> -> tensor<2x2xf32>
  %q = quant.qcast %v : tensor<2x2xf32> to tensor<2x2x!quant.uniform<i8:f32, 1.000000e-01>>
  %e = quant.dcast %y : tensor<4x!quant.uniform<i32:f32, 5.000000e-02>> to tensor<4xf32>
  %w = torch.aten.view %e {size = array<i64: 2, 2>} : tensor<4xf32> -> tensor<2x2xf32>
  %r = quant.qcast %w : tensor<2x2xf32> to tensor<2x2x!quant.uniform<i32:f32, 5.000000e-02>>
  return %q, %r : tensor<2x2x!quant.uniform<i8:f32, 1.000000e-01>>, tensor<2x2x!quant.uniform<i32:f32, 5.000000e-02>>
}
