// RUN: mlc-opt %s | filecheck %s
// RUN: mlc-opt %s | mlc-opt | filecheck %s
// RUN: mlc-opt --mlir-print-op-generic %s | mlc-opt | filecheck %s

// CHECK-LABEL: module @m attributes {mlc.note = "kept"} {
module @m attributes {mlc.note = "kept"} {
  // CHECK: func.func @casts(%arg0: tensor<2xf32>) -> tensor<2xi32> {
  func.func @casts(%x: tensor<2xf32>) -> tensor<2xi32> {
    // CHECK-NEXT: %0 = builtin.unrealized_conversion_cast %arg0 : tensor<2xf32> to tensor<2xi32>
    %0 = builtin.unrealized_conversion_cast %x : tensor<2xf32> to tensor<2xi32>
    // CHECK-NEXT: %1:2 = builtin.unrealized_conversion_cast %0, %arg0 : tensor<2xi32>, tensor<2xf32> to i32, f32
    %1:2 = builtin.unrealized_conversion_cast %0, %x : tensor<2xi32>, tensor<2xf32> to i32, f32
    // CHECK-NEXT: %2 = builtin.unrealized_conversion_cast to i8
    %2 = "builtin.unrealized_conversion_cast"() : () -> i8
    return %0 : tensor<2xi32>
  }
}
