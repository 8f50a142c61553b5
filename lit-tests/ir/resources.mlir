// RUN: mlc-opt --allow-unregistered-dialect %s | filecheck %s
// RUN: mlc-opt --allow-unregistered-dialect %s | mlc-opt --allow-unregistered-dialect | filecheck %s

// Weights live in a blob section, not inline: MLIR's encoding with the
// alignment word first.
// CHECK: %0 = "x.const"() {value = dense_resource<conv1_w> : tensor<2xf32>} : () -> tensor<2xf32>
// CHECK: %1 = "x.const"() {value = dense_resource<bias_0> : tensor<1xi32>} : () -> tensor<1xi32>
// CHECK:      {-#
// CHECK-NEXT:   dialect_resources: {
// CHECK-NEXT:     builtin: {
// CHECK-NEXT:       conv1_w: "0x040000000000803F00000040",
// CHECK-NEXT:       bias_0: "0x1000000007000000"
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT: #-}
%0 = "x.const"() {value = dense_resource<conv1_w> : tensor<2xf32>} : () -> tensor<2xf32>
%1 = "x.const"() {value = dense_resource<bias_0> : tensor<1xi32>} : () -> tensor<1xi32>

{-#
  dialect_resources: {
    builtin: {
      conv1_w: "0x040000000000803F00000040",
      bias_0: "0x1000000007000000"
    }
  }
#-}
