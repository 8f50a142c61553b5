// Where a tool reads a model, "-" reads it from standard input.
// RUN: cat %S/Inputs/dyn-batch.onnx | mlc-translate --import-onnx - --dim batch=1 | filecheck %s
// RUN: cat %S/Inputs/dyn-batch.onnx | mlc import - --dim batch=1 --pipeline torch-to-core | filecheck %s --check-prefix=CORE
// RUN: cat %S/Inputs/dyn-batch.onnx | mlc run - --dim batch=2 --input %S/Inputs/x-2x4.npy | filecheck %s --check-prefix=EXEC

// CHECK: func.func @main(%arg0: tensor<1x4xf32> {mlc.name = "x"})
// CHECK: torch.aten.relu
// CORE:  core.relu
// EXEC:  y: f32[2x4]
// EXEC-NEXT: {{\[\[}}0, 2, 0, 4],
// EXEC-NEXT:  [5, 0, 7, 0]]
