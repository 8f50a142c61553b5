// External data (written by onnx.save with save_as_external_data) is read
// relative to the model's folder; a location that leaves it is an error.

// RUN: mlc-translate --import-onnx %S/Inputs/external.onnx --mlir-elide-elementsattrs-if-larger 4 | filecheck %s
// CHECK: %0 = torch.constant dense_resource<w> : tensor<32xf32>
// CHECK: w: "0x04000000000000000000803F0000004000004040

// RUN: not mlc-translate --import-onnx %S/Inputs/external_escape.onnx 2>&1 | filecheck %s --check-prefix=ESCAPE
// ESCAPE: external_escape.onnx:1:47: error: initializer 'w': external data location '../external.bin' leaves the model's folder
