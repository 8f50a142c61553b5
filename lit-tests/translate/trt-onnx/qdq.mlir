// mlc-translate --mlir-to-trt-onnx: quantize and legalise for trt-orin, write
// the QDQ ONNX file, and import it back: each trt.quantize/trt.dequantize is
// a QuantizeLinear/DequantizeLinear with a constant scale and zero point 0
// (qcast/dcast with no zero point), the per-channel int8 weights keep their
// axis-0 scales, and op1 = "transpose" is a Transpose before the MatMul.

// RUN: mlc-opt --pass-pipeline='builtin.module(func.func(quantize{target=trt-orin},legalize-trt{target=trt-orin}))' %s -o %t.mlir
// RUN: mlc-translate --mlir-to-trt-onnx %t.mlir -o %t.onnx --trt-network-json %t.json --trt-build-script %t.sh
// RUN: mlc-translate --import-onnx %t.onnx | filecheck %s
// RUN: filecheck %s --check-prefix=NET --input-file %t.json
// RUN: filecheck %s --check-prefix=SH --input-file %t.sh
// RUN: test -x %t.sh
// CHECK-LABEL: func.func @main(%arg0: tensor<2x3xf32> {mlc.name = "x"}) -> (tensor<2x2xf32> {mlc.name = "y"})
// CHECK-NEXT:    %0 = quant.qcast %arg0 : tensor<2x3xf32> to tensor<2x3x!quant.uniform<i8:f32, 0.015748031437397003>>
// CHECK-NEXT:    %1 = quant.dcast %0
// CHECK-NEXT:    %2 = torch.constant dense<{{\[\[}}42, -127, 21], [-127, 64, 16{{\]\]}}> : tensor<2x3xi8>
// CHECK-NEXT:    %3 = quant.scast %2 : tensor<2x3xi8> to tensor<2x3x!quant.uniform<i8:f32:0, {0.023622047156095505,0.031496062874794006}>>
// CHECK-NEXT:    %4 = quant.dcast %3
// CHECK-NEXT:    %5 = torch.aten.permute %4 {dims = array<i64: 1, 0>}
// CHECK-NEXT:    %6 = torch.aten.matmul %1, %5
// CHECK-NEXT:    %7 = quant.qcast %6 : tensor<2x2xf32> to tensor<2x2x!quant.uniform<i8:f32, 0.039370078593492508>>
// CHECK-NEXT:    %8 = quant.dcast %7
// CHECK-NEXT:    return %8 : tensor<2x2xf32>

// network.json: the layers in order under the ONNX file's tensor names,
// the signature, one profile and the builder flags; build.sh: trtexec.
// NET:      "name": "main",
// NET:      "inputs": [
// NET-NEXT:   {
// NET-NEXT:     "name": "x",
// NET-NEXT:     "data_type": "kFLOAT",
// NET:      "layers": [
// NET:          "type": "quantize",
// NET:          "type": "matrix_multiply",
// NET:          "output_types": [
// NET-NEXT:       "kFLOAT"
// NET:      "optimization_profiles": [
// NET-NEXT:   {
// NET-NEXT:     "input": "x",
// NET:      "builder_flags": [
// NET-NEXT:   "int8"
// NET-NEXT: ]
// SH:      #!/bin/sh
// SH:      exec trtexec --onnx=qdq.mlir.tmp.onnx --saveEngine=qdq.mlir.tmp.engine --int8 "$@"

// An op without an emitter is a positioned error and no file is written.
// RUN: not mlc-translate --mlir-to-trt-onnx %s -o %t.bad.onnx 2>&1 | filecheck %s --check-prefix=ERR
// RUN: not test -e %t.bad.onnx
// ERR: qdq.mlir:[[@LINE+3]]:8: error: 'core.constant' op has no ONNX emitter

func.func @main(%x: tensor<2x3xf32> {mlc.calib = array<f64: -2.0, 1.0>, mlc.name = "x"}) -> (tensor<2x2xf32> {mlc.name = "y"}) {
  %w = core.constant dense<[[1.0, -4.0], [-3.0, 2.0], [0.5, 0.5]]> : tensor<3x2xf32>
  %m = core.matmul %x, %w {mlc.calib = [array<f64: -5.0, 4.0>]} : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
  return %m : tensor<2x2xf32>
}

// An output directory that does not exist: an error naming the output.
// RUN: mlc-opt --pass-pipeline='builtin.module(func.func(quantize{target=trt-orin},legalize-trt{target=trt-orin}))' %s -o %t.mlir
// RUN: not mlc-translate --mlir-to-trt-onnx %t.mlir -o %t.missing/model.onnx 2>&1 | filecheck %s --check-prefix=NODIR
// NODIR: mlc-translate: error: {{.*}}.missing/model.onnx: directory {{.*}}.missing: no such file or directory
