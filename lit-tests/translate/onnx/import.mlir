// mlc-translate --import-onnx: an MLP made with onnx.helper (Inputs are
// written by translate/onnx/testdata/gen.py). Graph input and output names
// become mlc.name attributes, node names locations, initializers
// torch.constant ops; the symbolic batch dim is '?'.

// RUN: mlc-translate --import-onnx %S/Inputs/mlp.onnx --mlir-print-debuginfo --mlir-print-local-scope | filecheck %s
// CHECK-LABEL: func.func @main(%arg0: tensor<?x4xf32> {mlc.dim_params = ["batch", ""], mlc.name = "input"} loc("input"("{{.*}}mlp.onnx":1:326))) -> (tensor<?x2xf32> {mlc.name = "probs"})
// CHECK-NEXT:    %0 = torch.constant dense<{{\[\[}}-5.000000e-01, {{.*}}]]> : tensor<3x4xf32> loc("fc1.weight")
// CHECK-NEXT:    %1 = torch.constant dense<[1.000000e-01, -2.000000e-01, 3.000000e-01]> : tensor<3xf32> loc("fc1.bias")
// Gemm with transB = 1 and unit factors is linear.
// CHECK-NEXT:    %2 = torch.aten.linear %arg0, %0, %1 : (tensor<?x4xf32>, tensor<3x4xf32>, tensor<3xf32>) -> tensor<?x3xf32> loc("fc1")
// CHECK-NEXT:    %3 = torch.aten.relu %2 : tensor<?x3xf32> loc("relu")
// CHECK-NEXT:    %4 = torch.constant {{.*}} : tensor<3x2xf32> loc("w2t")
// CHECK-NEXT:    %5 = torch.aten.matmul %3, %4 : (tensor<?x3xf32>, tensor<3x2xf32>) -> tensor<?x2xf32> loc("fc2")
// CHECK-NEXT:    %6 = torch.aten.softmax.int %5 {dim = 1 : i64} : tensor<?x2xf32> -> tensor<?x2xf32> loc("softmax")
// CHECK-NEXT:    return %6 : tensor<?x2xf32>

// The output parses back, also in generic form, with mlc-opt and mlir-opt.
// RUN: mlc-translate --import-onnx %S/Inputs/mlp.onnx | mlc-opt | filecheck %s --check-prefix=REPARSE
// RUN: mlc-translate --import-onnx %S/Inputs/mlp.onnx --mlir-print-op-generic | mlc-opt | filecheck %s --check-prefix=REPARSE
// REPARSE: torch.aten.linear
// REPARSE: torch.aten.softmax.int

// --dim pins a symbolic dim; --func-name renames the function.
// RUN: mlc-translate --import-onnx %S/Inputs/mlp.onnx --dim batch=2 --func-name forward | filecheck %s --check-prefix=PINNED
// PINNED: func.func @forward(%arg0: tensor<2x4xf32> {mlc.name = "input"}) -> (tensor<2x2xf32> {mlc.name = "probs"})

// --shape pins a whole input's shape (as trtexec's --shapes); it must agree
// with the declared static dims.
// RUN: mlc-translate --import-onnx %S/Inputs/mlp.onnx --shape input=3x4 | filecheck %s --check-prefix=SHAPED
// SHAPED: func.func @main(%arg0: tensor<3x4xf32> {mlc.name = "input"}) -> (tensor<3x2xf32> {mlc.name = "probs"})
// RUN: not mlc-translate --import-onnx %S/Inputs/mlp.onnx --shape input=3x5 2>&1 | filecheck %s --check-prefix=BADSHAPE
// BADSHAPE: mlp.onnx:1:{{[0-9]+}}: error: graph input 'input' has static dim 1 of size 4; the shape given says 5

// The imported model runs in the reference interpreter (values from numpy).
// RUN: rm -rf %t && mlc-translate --import-onnx %S/Inputs/mlp.onnx -o %t.mlir
// RUN: mlc run %t.mlir --input input=%S/Inputs/mlp-input.npy --output-dir %t | filecheck %s --check-prefix=OUT
// RUN: mlc print-tensor --precision 6 %t/probs.npy | filecheck %s --check-prefix=PROBS
// OUT: probs: f32[2x2]
// PROBS:      dtype: f32
// PROBS-NEXT: shape: [2, 2]
// PROBS-NEXT: {{\[\[}}0.996128, 0.0038724],
// PROBS-NEXT:  [0.768525, 0.231475]]

// RUN: mlc-translate --list-onnx-ops | filecheck %s --check-prefix=OPS
// OPS:      Abs                    opset 11-17
// OPS:      Conv                   opset 11-17
// OPS:      Equal                  opset 11-17
// OPS:      Range                  opset 11-17  (constant inputs only: evaluated at import)
// OPS:      Shape                  opset 11-14  (evaluated at import from static dims)
// OPS-NEXT: Shape                  opset 15-17  (evaluated at import from static dims)
// OPS:      Squeeze                opset 11-12
// OPS-NEXT: Squeeze                opset 13-17
