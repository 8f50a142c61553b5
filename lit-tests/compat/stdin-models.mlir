// Every mlc subcommand that reads a model reads standard input for "-",
// and its diagnostics name it <stdin>, as mlir-opt's do.
// RUN: rm -rf %t && mkdir -p %t
// RUN: cat %S/../tools/compile.mlir | mlc compile - --target trt-orin --calib %S/../tools/Inputs/quantize-calib --eval %S/../tools/Inputs/quantize-calib -o %t/b | filecheck %s --check-prefix=COMPILE
// COMPILE: trt-orin: {{.*}}trt-orin (gates passed)
// RUN: filecheck %s --check-prefix=MANIFEST --input-file %t/b/trt-orin/manifest.json
// MANIFEST:      "file": "<stdin>",
// MANIFEST-NEXT: "sha256": "[[SHA:[0-9a-f]+]]"
// The digest is the one of the bytes read, as for a file.
// RUN: mlc compile %S/../tools/compile.mlir --target trt-orin --calib %S/../tools/Inputs/quantize-calib --eval %S/../tools/Inputs/quantize-calib -o %t/f
// RUN: grep -h '"sha256"' %t/b/trt-orin/manifest.json | head -1 > %t/stdin.sha
// RUN: grep -h '"sha256"' %t/f/trt-orin/manifest.json | head -1 > %t/file.sha
// RUN: cmp %t/stdin.sha %t/file.sha
// RUN: cat %S/../tools/compile.mlir | mlc quantize - --target trt-orin --calib %S/../tools/Inputs/quantize-calib -o %t/q.mlir
// RUN: filecheck %s --check-prefix=QUANT --input-file %t/q.mlir
// QUANT: !quant.uniform<i8:f32
// RUN: cat %t/q.mlir | mlc lower - --target trt-orin -o - | filecheck %s --check-prefix=LOWER
// LOWER: trt.convolution
// RUN: cat %t/q.mlir | mlc bisect - --pipeline cse,canonicalize --input %S/Inputs/bytecode-x-1x2x4x4.npy | filecheck %s --check-prefix=BISECT
// BISECT:      stage 0: input: reference
// BISECT-NEXT: stage 1: cse: y inf dB
// Bytecode through a pipe too.
// RUN: mlc-opt --emit-bytecode %t/q.mlir | mlc run - --input %S/Inputs/bytecode-x-1x2x4x4.npy | filecheck %s --check-prefix=EXEC
// EXEC: y: f32[1x3]

// Positioned errors name <stdin>.
// RUN: cat %S/Inputs/stdin-bad.mlir | not mlc compile - --target trt-orin --calib %S/../tools/Inputs/quantize-calib -o %t/bad 2>&1 | filecheck %s --check-prefix=BAD
// RUN: cat %S/Inputs/stdin-bad.mlir | not mlc quantize - --target trt-orin --calib %S/../tools/Inputs/quantize-calib 2>&1 | filecheck %s --check-prefix=BAD
// RUN: cat %S/Inputs/stdin-bad.mlir | not mlc lower - --target trt-orin 2>&1 | filecheck %s --check-prefix=BAD
// RUN: cat %S/Inputs/stdin-bad.mlir | not mlc bisect - --pipeline cse 2>&1 | filecheck %s --check-prefix=BAD
// RUN: cat %S/Inputs/stdin-bad.mlir | not mlc run - 2>&1 | filecheck %s --check-prefix=BAD
// RUN: cat %S/Inputs/stdin-bad.mlir | not mlc-opt - 2>&1 | filecheck %s --check-prefix=BAD
// BAD:      <stdin>:3:3: error: type of return operand 0 ('tensor<2x4xf32>') doesn't match function result type ('tensor<2x4xi32>') in function @main
// BAD-NEXT:   return %r : tensor<2x4xf32>
// BAD-NEXT:   ^
// An ONNX model on standard input whose import fails names <stdin> too.
// RUN: printf '\010\007\022' | not mlc quantize - --target trt-orin --calib %S/../tools/Inputs/quantize-calib 2>&1 | filecheck %s --check-prefix=ONNX
// ONNX: <stdin>.onnx:1:4: error: invalid ONNX model
