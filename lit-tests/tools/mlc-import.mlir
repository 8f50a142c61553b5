// `mlc import` imports an ONNX model and runs a pipeline in one process: the
// shipped tiny CNN comes out in the core dialect with no torch op left, its
// weights as dense_resource blobs and its input/output names kept.
// RUN: mlc import %S/../../docs/examples/tiny-cnn-onnx/model.onnx --pipeline torch-to-core | filecheck %s
// RUN: mlc import %S/../../docs/examples/tiny-cnn-onnx/model.onnx | filecheck %s --check-prefix=TORCH
// RUN: not mlc import %S/../../docs/examples/tiny-cnn-onnx/model.onnx --pipeline no-such-pass 2>&1 | filecheck %s --check-prefix=BADPIPE
// RUN: not mlc import %s 2>&1 | filecheck %s --check-prefix=NOTONNX

// CHECK-LABEL: func.func @main(%arg0: tensor<1x3x16x16xf32> {mlc.name = "input"}) -> (tensor<1x10xf32> {mlc.name = "output"})
// CHECK-NOT:     torch.
// CHECK:         core.constant dense_resource<
// CHECK:         core.conv2d
// CHECK:         core.max_pool2d
// CHECK:         core.matmul
// CHECK:         return
// CHECK:       dialect_resources

// TORCH:       torch.aten.conv2d
// TORCH:       torch.aten.linear

// BADPIPE: 'no-such-pass' does not refer to a registered pass or pass pipeline

// NOTONNX: mlc-import.mlir:1:{{[0-9]+}}: error: invalid ONNX model
