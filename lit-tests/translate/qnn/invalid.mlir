// mlc-translate --mlir-to-qnn on IR with no QNN form: one positioned error
// at the op, a non-zero exit, and no file written.

// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: not mlc-translate --mlir-to-qnn %s -o %t.d/bad 2>&1 | filecheck %s
// RUN: not test -e %t.d/bad.cpp
// RUN: not test -e %t.d/bad_net.json
// RUN: not mlc-translate --mlir-to-qnn %s --func-name nothere -o %t.d/bad 2>&1 | filecheck %s --check-prefix=NOFUNC

// CHECK: invalid.mlir:[[@LINE+5]]:8: error: 'core.relu' op has no QNN node form (the QNN serializer supports qnn.Cast,
// CHECK-NOT: error
// NOFUNC: error: {{.*}}invalid.mlir: no function @nothere (functions: @partly)
func.func @partly(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = qnn.Relu %x : tensor<4xf32> -> tensor<4xf32>
  %1 = core.relu %0 : tensor<4xf32>
  %2 = qnn.Sigmoid %1 : tensor<4xf32> -> tensor<4xf32>
  return %2 : tensor<4xf32>
}
