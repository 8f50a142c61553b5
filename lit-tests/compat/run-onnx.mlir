// mlc run on an .onnx file imports it and lowers it to core (torch-to-core)
// before running; --dim and --shape fix its symbolic dims.
// RUN: mlc run %S/Inputs/dyn-batch.onnx --dim batch=2 --input x=%S/Inputs/x-2x4.npy | filecheck %s
// RUN: mlc run %S/Inputs/dyn-batch.onnx --shape x=2x4 --input %S/Inputs/x-2x4.npy | filecheck %s

// CHECK:      y: f32[2x4]
// CHECK-NEXT: {{\[\[}}0, 2, 0, 4],
// CHECK-NEXT:  [5, 0, 7, 0]]
