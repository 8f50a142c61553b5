// RUN: mlc-opt %s | filecheck %s
// RUN: mlc-opt --mlir-print-op-generic %s | mlc-opt | filecheck %s

// CHECK-LABEL: func.func private @decl(tensor<2xf32>) -> tensor<2xf32>
func.func private @decl(tensor<2xf32>) -> tensor<2xf32>

// CHECK-LABEL: func.func @calls(%arg0: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
// CHECK-NEXT:    %0 = call @decl(%arg0) : (tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT:    %1 = call @decl(%0) {mlc.tag} : (tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT:    return %0, %1 : tensor<2xf32>, tensor<2xf32>
func.func @calls(%x: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  %0 = func.call @decl(%x) : (tensor<2xf32>) -> tensor<2xf32>
  %1 = call @decl(%0) {mlc.tag} : (tensor<2xf32>) -> tensor<2xf32>
  func.return %0, %1 : tensor<2xf32>, tensor<2xf32>
}

// Nested visibility and a nested module's symbol reference.
// CHECK-LABEL: module @lib {
// CHECK-NEXT:    func.func nested @helper()
module @lib {
  func.func nested @helper()
}
