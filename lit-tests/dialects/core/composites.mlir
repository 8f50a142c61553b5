// RUN: mlc-opt %s | filecheck %s
// RUN: mlc-opt --mlir-print-op-generic %s | mlc-opt | filecheck %s

// Layer norm, softmax and GELU are one op each: float, and quantized
// (input and result encoded once, parameters float or stored integers).

// CHECK-LABEL: func.func @float(
// CHECK-NEXT:    %0 = core.layer_norm %arg0, %arg1, %arg2 {axes = array<i64: 2>, epsilon = 9.99999997E-7 : f32} : (tensor<2x3x4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT:    %1 = core.layer_norm %0, %arg3 {axes = array<i64: 1, 2>} : (tensor<2x3x4xf32>, tensor<3x4xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT:    %2 = core.softmax %1 {axis = 0 : i64} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT:    %3 = core.gelu %2 : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT:    %4 = core.gelu %3 {approximate = "tanh"} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT:    %5 = core.softmax %arg4 {axis = 1 : i64} : (tensor<1x8xf16>) -> tensor<1x8xf16>
func.func @float(%x: tensor<2x3x4xf32>, %s: tensor<4xf32>, %b: tensor<4xf32>, %s2: tensor<3x4xf32>, %h: tensor<1x8xf16>) -> tensor<2x3x4xf32> {
  %0 = core.layer_norm %x, %s, %b {axes = array<i64: 2>, epsilon = 1.0e-06 : f32} : (tensor<2x3x4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  %1 = core.layer_norm %0, %s2 {axes = array<i64: 1, 2>} : (tensor<2x3x4xf32>, tensor<3x4xf32>) -> tensor<2x3x4xf32>
  %2 = core.softmax %1 {axis = 0 : i64} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %3 = core.gelu %2 : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %4 = core.gelu %3 {approximate = "tanh"} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %5 = core.softmax %h {axis = 1 : i64} : (tensor<1x8xf16>) -> tensor<1x8xf16>
  func.return %4 : tensor<2x3x4xf32>
}

// CHECK-LABEL: func.func @quantized(
// CHECK-NEXT:    %0 = core.layer_norm %arg0, %arg1 {axes = array<i64: 1>} : (tensor<2x4x!quant.uniform<u8:f32, 1.000000e-01:128>>, tensor<4xf32>) -> tensor<2x4x!quant.uniform<u8:f32, 2.000000e-02:100>>
// CHECK-NEXT:    %1 = core.layer_norm %arg0, %arg2, %arg3 {axes = array<i64: 1>} : (tensor<2x4x!quant.uniform<u8:f32, 1.000000e-01:128>>, tensor<4x!quant.uniform<i8:f32, 1.000000e-02>>, tensor<4x!quant.uniform<i32:f32, {{.*}}>>) -> tensor<2x4x!quant.uniform<u16:f32, 1.000000e-04:30000>>
// CHECK-NEXT:    %2 = core.softmax %0 {axis = 1 : i64} : (tensor<2x4x!quant.uniform<u8:f32, 2.000000e-02:100>>) -> tensor<2x4x!quant.uniform<u8:f32, 0.0039215686274509803>>
// CHECK-NEXT:    %3 = core.gelu %2 : (tensor<2x4x!quant.uniform<u8:f32, 0.0039215686274509803>>) -> tensor<2x4x!quant.uniform<i8:f32, 5.000000e-02>>
func.func @quantized(%x: tensor<2x4x!quant.uniform<u8:f32, 0.1:128>>, %s: tensor<4xf32>,
                     %sq: tensor<4x!quant.uniform<i8:f32, 0.01>>, %bq: tensor<4x!quant.uniform<i32:f32, 1.0e-06>>) -> tensor<2x4x!quant.uniform<i8:f32, 0.05>> {
  %0 = core.layer_norm %x, %s {axes = array<i64: 1>} : (tensor<2x4x!quant.uniform<u8:f32, 0.1:128>>, tensor<4xf32>) -> tensor<2x4x!quant.uniform<u8:f32, 0.02:100>>
  %1 = core.layer_norm %x, %sq, %bq {axes = array<i64: 1>} : (tensor<2x4x!quant.uniform<u8:f32, 0.1:128>>, tensor<4x!quant.uniform<i8:f32, 0.01>>, tensor<4x!quant.uniform<i32:f32, 1.0e-06>>) -> tensor<2x4x!quant.uniform<u16:f32, 1.0e-04:30000>>
  %2 = core.softmax %0 {axis = 1 : i64} : (tensor<2x4x!quant.uniform<u8:f32, 0.02:100>>) -> tensor<2x4x!quant.uniform<u8:f32, 0.0039215686274509803>>
  %3 = core.gelu %2 : (tensor<2x4x!quant.uniform<u8:f32, 0.0039215686274509803>>) -> tensor<2x4x!quant.uniform<i8:f32, 0.05>>
  func.return %3 : tensor<2x4x!quant.uniform<i8:f32, 0.05>>
}
