// RUN: mlc-opt --core-decompose-composites %s | filecheck %s

// Float composites become their primitive pieces; a quantized one is a
// unit (its pieces would need encodings it never had) and stays.

// CHECK-LABEL: func.func @float(
// CHECK-NEXT:    %[[M:.*]] = core.reduce_mean %arg0 {axes = array<i64: 1>, keepdims = true}
// CHECK-NEXT:    %[[D:.*]] = core.sub %arg0, %[[M]]
// CHECK-NEXT:    %[[SQ:.*]] = core.mul %[[D]], %[[D]]
// CHECK-NEXT:    %[[V:.*]] = core.reduce_mean %[[SQ]] {axes = array<i64: 1>, keepdims = true}
// CHECK-NEXT:    %[[E:.*]] = core.constant dense<9.99999974E-6> : tensor<f32>
// CHECK-NEXT:    %[[VE:.*]] = core.add %[[V]], %[[E]]
// CHECK-NEXT:    %[[R:.*]] = core.rsqrt %[[VE]]
// CHECK-NEXT:    %[[N:.*]] = core.mul %[[D]], %[[R]]
// CHECK-NEXT:    %[[Y:.*]] = core.mul %[[N]], %arg1
// CHECK-NEXT:    %[[MX:.*]] = core.reduce_max %[[Y]] {axes = array<i64: 1>, keepdims = true}
// CHECK-NEXT:    %[[SH:.*]] = core.sub %[[Y]], %[[MX]]
// CHECK-NEXT:    %[[EX:.*]] = core.exp %[[SH]]
// CHECK-NEXT:    %[[SUM:.*]] = core.reduce_sum %[[EX]] {axes = array<i64: 1>, keepdims = true}
// CHECK-NEXT:    %[[SM:.*]] = core.div %[[EX]], %[[SUM]]
// CHECK:         core.tanh
// CHECK-NOT:     core.layer_norm
// CHECK-NOT:     core.softmax
// CHECK-NOT:     core.gelu
func.func @float(%x: tensor<2x8xf32>, %s: tensor<8xf32>) -> tensor<2x8xf32> {
  %0 = core.layer_norm %x, %s {axes = array<i64: 1>} : (tensor<2x8xf32>, tensor<8xf32>) -> tensor<2x8xf32>
  %1 = core.softmax %0 {axis = 1 : i64} : (tensor<2x8xf32>) -> tensor<2x8xf32>
  %2 = core.gelu %1 {approximate = "tanh"} : (tensor<2x8xf32>) -> tensor<2x8xf32>
  func.return %2 : tensor<2x8xf32>
}

// CHECK-LABEL: func.func @quantized(
// CHECK-NEXT:    core.softmax %arg0 {axis = 1 : i64}
func.func @quantized(%x: tensor<2x8x!quant.uniform<u8:f32, 0.1:128>>) -> tensor<2x8x!quant.uniform<u8:f32, 0.0039215686274509803>> {
  %0 = core.softmax %x {axis = 1 : i64} : (tensor<2x8x!quant.uniform<u8:f32, 0.1:128>>) -> tensor<2x8x!quant.uniform<u8:f32, 0.0039215686274509803>>
  func.return %0 : tensor<2x8x!quant.uniform<u8:f32, 0.0039215686274509803>>
}
