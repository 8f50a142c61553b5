// RUN: mlc-opt --mlir-print-local-scope %s | filecheck %s
// RUN: mlc-opt %s | mlc-opt --mlir-print-local-scope | filecheck %s
// RUN: mlc-opt --mlir-print-op-generic %s | mlc-opt --mlir-print-local-scope | filecheck %s

// Type forms: scales print as mlir-opt prints doubles, a zero point of 0 is
// dropped, default storage ranges are dropped, siN/uiN print as iN/uN.

// CHECK-LABEL: func.func private @per_tensor
// CHECK-SAME: !quant.uniform<i8:f32, 2.350000e-02:-3>
// CHECK-SAME: !quant.uniform<i8:f32, 2.350000e-02>
// CHECK-SAME: !quant.uniform<u8:f32, 1.000000e+00:128>
// CHECK-SAME: !quant.uniform<i8:f32, 1.000000e-03>
// CHECK-SAME: !quant.uniform<u8:f32, 5.000000e-01:255>
// CHECK-SAME: !quant.uniform<i16:f16, 3.0517578125E-5>
// CHECK-SAME: !quant.uniform<u16:bf16, 1.000000e-01:32768>
// CHECK-SAME: !quant.uniform<i4:f32, 5.000000e-01:-8>
// CHECK-SAME: !quant.uniform<u4:f32, 5.000000e-01:8>
// CHECK-SAME: !quant.uniform<i32:f64, 0x419D6F3454000000>
// CHECK-SAME: !quant.uniform<i8:f8E4M3FN, 0.33333333333333331>
func.func private @per_tensor(!quant.uniform<i8:f32, 0.0235:-3>, !quant.uniform<i8:f32, 0.0235:0>,
  !quant.uniform<u8:f32, 1.0:128>, !quant.uniform<si8:f32, 1.0e-3>, !quant.uniform<ui8:f32, 0.5:255>,
  !quant.uniform<i16:f16, 3.0517578125E-5>, !quant.uniform<u16:bf16, 0.1:32768>,
  !quant.uniform<i4:f32, 0.5:-8>, !quant.uniform<u4:f32, 0.5:8>, !quant.uniform<i32:f64, 123456789.0>,
  !quant.uniform<i8:f8E4M3FN, 0.333333333333333333>)

// CHECK-LABEL: func.func private @storage_ranges
// CHECK-SAME: !quant.uniform<i8<-127:127>:f32, 5.000000e-01>
// CHECK-SAME: !quant.uniform<i8:f32, 5.000000e-01>
// CHECK-SAME: !quant.uniform<u8<1:255>:f32, 5.000000e-01:1>
// CHECK-SAME: !quant.uniform<i4<-7:7>:f32, 5.000000e-01>
// CHECK-SAME: !quant.uniform<u8:f32, 5.000000e-01>
func.func private @storage_ranges(!quant.uniform<i8<-127:127>:f32, 0.5>, !quant.uniform<i8<-128:127>:f32, 0.5>,
  !quant.uniform<u8<1:255>:f32, 0.5:1>, !quant.uniform<i4<-7:7>:f32, 0.5>, !quant.uniform<u8<0:255>:f32, 0.5>)

// CHECK-LABEL: func.func private @per_axis
// CHECK-SAME: !quant.uniform<i8:f32:0, {1.000000e-01,2.000000e-01:1}>
// CHECK-SAME: !quant.uniform<i8<-127:127>:f32:1, {5.000000e-01,2.500000e-01,1.250000e-01}>
// CHECK-SAME: !quant.uniform<u8:f16:3, {2.350000e-02:128}>
func.func private @per_axis(!quant.uniform<i8:f32:0, {0.1:0, 0.2:1}>,
  !quant.uniform<i8<-127:127>:f32:1, { 0.5, 0.25, 0.125 }>, !quant.uniform<u8:f16:3, {0.0235:128}>)

// CHECK-LABEL: func.func private @other_forms
// CHECK-SAME: !quant.uniform<i8:f32, 5.000000e-01>
// CHECK-SAME: !quant.any<i8:f32>
// CHECK-SAME: !quant.any<u8<1:255>>
// CHECK-SAME: !quant.calibrated<f32<-5.000000e-01:1.000000e+00>>
func.func private @other_forms(!quant<uniform<i8:f32, 0.5>>, !quant.any<i8:f32>, !quant.any<ui8<1:255>>,
  !quant.calibrated<f32<-0.5:1.0>>)

// CHECK-LABEL: func.func @qcast_dcast
func.func @qcast_dcast(%x: tensor<2x3xf32>, %s: f32, %u: tensor<*xf32>, %d: tensor<?x3xf16>)
    -> (tensor<2x3xf32>, f32, tensor<*xf32>, tensor<?x3xf16>) {
  // CHECK-NEXT: %0 = quant.qcast %arg0 : tensor<2x3xf32> to tensor<2x3x!quant.uniform<i8:f32, 2.350000e-02:-3>>
  %0 = quant.qcast %x : tensor<2x3xf32> to tensor<2x3x!quant.uniform<i8:f32, 0.0235:-3>>
  // CHECK-NEXT: %1 = quant.dcast %0 : tensor<2x3x!quant.uniform<i8:f32, 2.350000e-02:-3>> to tensor<2x3xf32>
  %1 = quant.dcast %0 : tensor<2x3x!quant.uniform<i8:f32, 0.0235:-3>> to tensor<2x3xf32>
  // CHECK-NEXT: %2 = quant.qcast %arg1 : f32 to !quant.uniform<u8:f32, 5.000000e-01:128>
  %2 = quant.qcast %s : f32 to !quant.uniform<u8:f32, 0.5:128>
  // CHECK-NEXT: %3 = quant.dcast %2 : !quant.uniform<u8:f32, 5.000000e-01:128> to f32
  %3 = quant.dcast %2 : !quant.uniform<u8:f32, 0.5:128> to f32
  // CHECK-NEXT: %4 = quant.qcast %arg2 : tensor<*xf32> to tensor<*x!quant.uniform<i8:f32:1, {1.000000e+00,2.000000e+00}>>
  %4 = quant.qcast %u : tensor<*xf32> to tensor<*x!quant.uniform<i8:f32:1, {1.0, 2.0}>>
  // CHECK-NEXT: %5 = quant.dcast %4 : tensor<*x!quant.uniform<i8:f32:1, {1.000000e+00,2.000000e+00}>> to tensor<*xf32>
  %5 = quant.dcast %4 : tensor<*x!quant.uniform<i8:f32:1, {1.0, 2.0}>> to tensor<*xf32>
  // A per-axis type on a dynamic dimension, and an f16 expressed type.
  // CHECK-NEXT: %6 = quant.qcast %arg3 {tag = "w"} : tensor<?x3xf16> to tensor<?x3x!quant.uniform<i8<-127:127>:f16:0, {1.000000e-01,2.000000e-01}>>
  %6 = quant.qcast %d {tag = "w"} : tensor<?x3xf16> to tensor<?x3x!quant.uniform<i8<-127:127>:f16:0, {0.1, 0.2}>>
  // CHECK-NEXT: %7 = quant.dcast %6 : tensor<?x3x!quant.uniform<i8<-127:127>:f16:0, {1.000000e-01,2.000000e-01}>> to tensor<?x3xf16>
  %7 = quant.dcast %6 : tensor<?x3x!quant.uniform<i8<-127:127>:f16:0, {0.1, 0.2}>> to tensor<?x3xf16>
  return %1, %3, %5, %7 : tensor<2x3xf32>, f32, tensor<*xf32>, tensor<?x3xf16>
}

// CHECK-LABEL: func.func @scast
func.func @scast(%q: tensor<4x!quant.uniform<i8:f32, 0.5>>, %u: tensor<4x!quant.uniform<u8:f32, 0.5:128>>,
    %w: tensor<3x2x!quant.uniform<i8:f32:0, {0.1, 0.2, 0.3}>>, %a: !quant.any<i16:f32>) -> (tensor<4xi8>, tensor<4xui8>) {
  // CHECK-NEXT: %0 = quant.scast %arg0 : tensor<4x!quant.uniform<i8:f32, 5.000000e-01>> to tensor<4xi8>
  %0 = quant.scast %q : tensor<4x!quant.uniform<i8:f32, 0.5>> to tensor<4xi8>
  // CHECK-NEXT: %1 = quant.scast %0 : tensor<4xi8> to tensor<4x!quant.uniform<i8:f32, 5.000000e-01>>
  %1 = quant.scast %0 : tensor<4xi8> to tensor<4x!quant.uniform<i8:f32, 0.5>>
  // CHECK-NEXT: %2 = quant.scast %arg0 : tensor<4x!quant.uniform<i8:f32, 5.000000e-01>> to tensor<4xsi8>
  %2 = quant.scast %q : tensor<4x!quant.uniform<i8:f32, 0.5>> to tensor<4xsi8>
  // Unsigned storage: i8 as MLIR writes it, or ui8.
  // CHECK-NEXT: %3 = quant.scast %arg1 : tensor<4x!quant.uniform<u8:f32, 5.000000e-01:128>> to tensor<4xi8>
  %3 = quant.scast %u : tensor<4x!quant.uniform<u8:f32, 0.5:128>> to tensor<4xi8>
  // CHECK-NEXT: %4 = quant.scast %arg1 : tensor<4x!quant.uniform<u8:f32, 5.000000e-01:128>> to tensor<4xui8>
  %4 = quant.scast %u : tensor<4x!quant.uniform<u8:f32, 0.5:128>> to tensor<4xui8>
  // CHECK-NEXT: %5 = quant.scast %arg2 : tensor<3x2x!quant.uniform<i8:f32:0, {1.000000e-01,2.000000e-01,3.000000e-01}>> to tensor<3x2xi8>
  %5 = quant.scast %w : tensor<3x2x!quant.uniform<i8:f32:0, {0.1, 0.2, 0.3}>> to tensor<3x2xi8>
  // CHECK-NEXT: %6 = quant.scast %arg3 : !quant.any<i16:f32> to i16
  %6 = quant.scast %a : !quant.any<i16:f32> to i16
  return %0, %4 : tensor<4xi8>, tensor<4xui8>
}

// CHECK-LABEL: func.func @requant
func.func @requant(%acc: tensor<1x4x!quant.uniform<i32:f32:1, {1.0e-3, 2.0e-3, 3.0e-3, 4.0e-3}>>, %q: tensor<4x!quant.uniform<i8:f32, 0.5>>)
    -> (tensor<1x4x!quant.uniform<i8:f32, 0.0235:-3>>, tensor<4x!quant.uniform<u8:f32, 0.25:128>>) {
  // CHECK-NEXT: %0 = quant.requant %arg0 : tensor<1x4x!quant.uniform<i32:f32:1, {1.000000e-03,2.000000e-03,3.000000e-03,4.000000e-03}>> to tensor<1x4x!quant.uniform<i8:f32, 2.350000e-02:-3>>
  %0 = quant.requant %acc : tensor<1x4x!quant.uniform<i32:f32:1, {1.0e-3, 2.0e-3, 3.0e-3, 4.0e-3}>> to tensor<1x4x!quant.uniform<i8:f32, 0.0235:-3>>
  // CHECK-NEXT: %1 = quant.requant %arg1 : tensor<4x!quant.uniform<i8:f32, 5.000000e-01>> to tensor<4x!quant.uniform<u8:f32, 2.500000e-01:128>>
  %1 = quant.requant %q : tensor<4x!quant.uniform<i8:f32, 0.5>> to tensor<4x!quant.uniform<u8:f32, 0.25:128>>
  return %0, %1 : tensor<1x4x!quant.uniform<i8:f32, 0.0235:-3>>, tensor<4x!quant.uniform<u8:f32, 0.25:128>>
}
