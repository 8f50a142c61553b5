// A model exported with a dynamic batch (Inputs/dyn-batch.onnx: y = Relu(x),
// x and y of shape [batch, 4], made with onnx.helper) fails lowering with one
// error at the function argument that names the input, the dim, its
// symbolic name and the import flags that fix it; no note per op.
// RUN: not mlc import %S/Inputs/dyn-batch.onnx --pipeline torch-to-core 2>&1 | filecheck %s
// RUN: mlc-translate --import-onnx %S/Inputs/dyn-batch.onnx | not mlc-opt --torch-to-core 2>&1 | filecheck %s --check-prefix=OPT
// RUN: rm -rf %t.calib && mkdir -p %t.calib
// RUN: not mlc quantize %S/Inputs/dyn-batch.onnx --target trt-orin --calib %t.calib -o %t.q.mlir 2>&1 | filecheck %s
// RUN: not mlc compile %S/Inputs/dyn-batch.onnx --target trt-orin --calib %t.calib -o %t.out 2>&1 | filecheck %s
// RUN: not mlc run %S/Inputs/dyn-batch.onnx --input %S/Inputs/x-2x4.npy 2>&1 | filecheck %s
// RUN: not mlc lower %S/Inputs/dyn-batch.onnx --target trt-orin -o %t.l.mlir 2>&1 | filecheck %s
// RUN: mlc lower %S/Inputs/dyn-batch.onnx --dim batch=1 --target trt-orin --dry-run | filecheck %s --check-prefix=LOWER

// CHECK:     dyn-batch.onnx:1:{{[0-9]+}}: error: input 'x' (argument #0) has dynamic dim 0 ('batch'): core needs static shapes; fix it at import with --dim batch=1 or --shape x=1x4; 1 torch op could not be decomposed
// CHECK-NOT: note:
// CHECK-NOT: error:

// OPT:       <stdin>:2:{{[0-9]+}}: error: input 'x' (argument #0) has dynamic dim 0 ('batch'): core needs static shapes; fix it at import with --dim batch=1 or --shape x=1x4
// OPT-NOT:   note:

// --dim fixes it; a --dim the model does not have is an error.
// RUN: mlc import %S/Inputs/dyn-batch.onnx --dim batch=2 --pipeline torch-to-core | filecheck %s --check-prefix=FIXED
// RUN: mlc import %S/Inputs/dyn-batch.onnx --shape x=3x4 --pipeline torch-to-core | filecheck %s --check-prefix=SHAPE
// RUN: not mlc import %S/Inputs/dyn-batch.onnx --dim batc=1 2>&1 | filecheck %s --check-prefix=BADDIM
// RUN: not mlc-translate --import-onnx %S/Inputs/dyn-batch.onnx --dim batc=1 2>&1 | filecheck %s --check-prefix=BADDIM
// RUN: not mlc quantize %S/Inputs/dyn-batch.onnx --dim batc=1 --target trt-orin --calib %t.calib -o %t.q.mlir 2>&1 | filecheck %s --check-prefix=BADDIM

// LOWER: partition of @main for trt-orin
// FIXED: func.func @main(%arg0: tensor<2x4xf32> {mlc.name = "x"}) -> (tensor<2x4xf32> {mlc.name = "y"})
// FIXED: core.relu
// SHAPE: func.func @main(%arg0: tensor<3x4xf32> {mlc.name = "x"})
// BADDIM: dyn-batch.onnx:1:1: error: --dim batc: no graph input has a dim named 'batc' (the inputs' symbolic dims: batch)
