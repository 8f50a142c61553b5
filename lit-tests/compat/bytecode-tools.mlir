// Every tool that reads IR reads bytecode too, and computes the same
// thing from it as from the text: mlc run, lower, quantize, bisect and
// mlc-translate; mlc import writes it.
// RUN: mlc-opt --pass-pipeline='builtin.module(func.func(quantize{target=trt-orin allow-fallback}))' %s -o %t.q.mlir
// RUN: mlc-opt --emit-bytecode %t.q.mlir -o %t.q.mlirbc
// RUN: mlc run %t.q.mlir --input %S/Inputs/bytecode-x-1x2x4x4.npy --output-dir %t.text -q
// RUN: mlc run %t.q.mlirbc --input %S/Inputs/bytecode-x-1x2x4x4.npy --output-dir %t.bc -q
// RUN: cmp %t.text/result0.npy %t.bc/result0.npy
// RUN: mlc lower %t.q.mlir --target trt-orin --min-block-size 2 -o %t.l.mlir
// RUN: mlc lower %t.q.mlirbc --target trt-orin --min-block-size 2 -o %t.lbc.mlir
// RUN: diff %t.l.mlir %t.lbc.mlir
// RUN: mlc-opt --emit-bytecode %s -o %t.f.mlirbc
// RUN: mlc bisect %t.f.mlirbc --pipeline 'canonicalize,cse' --input %S/Inputs/bytecode-x-1x2x4x4.npy | filecheck %s --check-prefix=BISECT
// BISECT: {{.*}}canonicalize
// RUN: rm -rf %t.calib && mkdir -p %t.calib/test_data_set_0 && cp %S/Inputs/bytecode-x-1x2x4x4.npy %t.calib/test_data_set_0/arg0.npy
// RUN: mlc quantize %s --target trt-orin --calib %t.calib -o %t.mq.mlir
// RUN: mlc quantize %t.f.mlirbc --target trt-orin --calib %t.calib -o %t.mqbc.mlir
// RUN: diff %t.mq.mlir %t.mqbc.mlir
// RUN: mlc-opt --pass-pipeline='builtin.module(func.func(quantize{target=trt-orin},legalize-trt{target=trt-orin}))' %s --emit-bytecode -o %t.trt.mlirbc
// RUN: mlc-opt %t.trt.mlirbc -o %t.trt.mlir
// RUN: mlc-translate --mlir-to-trt-onnx %t.trt.mlir -o %t.text.onnx
// RUN: mlc-translate --mlir-to-trt-onnx %t.trt.mlirbc -o %t.onnx
// RUN: cmp %t.text.onnx %t.onnx
// RUN: mlc-translate --import-onnx %t.onnx | filecheck %s --check-prefix=ONNX
// mlc import writes bytecode directly, and it reads back to the text.
// RUN: mlc import %S/../../docs/examples/tiny-cnn-onnx/model.onnx --pipeline torch-to-core --emit-bytecode -o %t.cnn.mlirbc
// RUN: mlc import %S/../../docs/examples/tiny-cnn-onnx/model.onnx --pipeline torch-to-core -o %t.cnn.mlir
// RUN: mlc-opt %t.cnn.mlirbc -o %t.cnn.back.mlir
// RUN: mlc-opt %t.cnn.mlir -o %t.cnn.text.mlir
// RUN: diff %t.cnn.text.mlir %t.cnn.back.mlir
// ONNX: quant.qcast
// ONNX: torch.aten.relu

func.func @main(%x: tensor<1x2x4x4xf32> {mlc.calib = array<f64: -1.0, 3.0>}) -> tensor<1x2x4x4xf32> {
  %w = core.constant dense<[[[[0.5]], [[-1.0]]], [[[0.25]], [[2.0]]]]> : tensor<2x2x1x1xf32>
  %b = core.constant dense<[0.1, -0.2]> : tensor<2xf32>
  %c = core.conv2d %x, %w, %b {mlc.calib = [array<f64: -4.0, 6.0>]} : (tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32>, tensor<2xf32>) -> tensor<1x2x4x4xf32>
  %r = core.relu %c {mlc.calib = [array<f64: 0.0, 6.0>]} : tensor<1x2x4x4xf32>
  %c2 = core.conv2d %r, %w, %b {mlc.calib = [array<f64: -4.0, 6.0>]} : (tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32>, tensor<2xf32>) -> tensor<1x2x4x4xf32>
  return %c2 : tensor<1x2x4x4xf32>
}
