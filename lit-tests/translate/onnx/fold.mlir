// Shape computations on constants are evaluated at import: the exported
// Reshape(x, Concat(Unsqueeze(Gather(Shape(x), 0)), [-1])) becomes one
// reshape; the dynamic batch dim is the one torch infers (-1).

// RUN: mlc-translate --import-onnx %S/Inputs/shape_chain.onnx | filecheck %s
// CHECK:      func.func @main(%arg0: tensor<?x3x4xf32> {mlc.dim_params = ["N", "", ""], mlc.name = "x"}) -> (tensor<?x12xf32> {mlc.name = "y"}) {
// CHECK-NEXT:   %0 = torch.aten.reshape %arg0 {shape = array<i64: -1, 12>} : tensor<?x3x4xf32> -> tensor<?x12xf32>
// CHECK-NEXT:   return %0 : tensor<?x12xf32>
// CHECK-NEXT: }

// RUN: mlc-translate --import-onnx %S/Inputs/shape_chain.onnx --dim N=5 | filecheck %s --check-prefix=STATIC
// STATIC: torch.aten.reshape %arg0 {shape = array<i64: 5, -1>} : tensor<5x3x4xf32> -> tensor<5x12xf32>
