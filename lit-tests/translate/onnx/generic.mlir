// REQUIRES: mlir-opt
// The generic form of an imported model, weights in a dialect_resources
// blob read from external data, is accepted by mlir-opt-19.

// RUN: mlc-translate --import-onnx %S/Inputs/external.onnx --mlir-print-op-generic | mlir-opt --allow-unregistered-dialect | filecheck %s
// CHECK: "torch.constant"() <{value = dense_resource<w> : tensor<32xf32>}> : () -> tensor<32xf32>
// CHECK: "torch.aten.add.Tensor"(%arg0, %0) : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xf32>
// CHECK: dialect_resources
// CHECK-NEXT: builtin: {
// CHECK-NEXT: w: "0x04000000000000000000803F00000040
