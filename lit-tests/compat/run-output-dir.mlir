// An output path whose directory cannot be made or does not exist is
// named in the error, never the temporary file written beside it.
// RUN: rm -rf %t && mkdir -p %t && touch %t/file
// RUN: not mlc run %s -o %t/file/out 2>&1 | filecheck %s
// RUN: not mlc import %S/Inputs/dyn-batch.onnx -o %t/missing/m.mlir 2>&1 | filecheck %s --check-prefix=IMPORT
// RUN: not mlc-translate --import-onnx %S/Inputs/dyn-batch.onnx -o %t/missing/m.mlir 2>&1 | filecheck %s --check-prefix=TRANSLATE

func.func @main() -> tensor<2xf32> {
  %0 = core.constant dense<1.0> : tensor<2xf32>
  return %0 : tensor<2xf32>
}

// CHECK: mlc: error: --output-dir {{.*}}/file/out: {{.*}}/file: not a directory
// IMPORT: mlc: error: {{.*}}/missing/m.mlir: directory {{.*}}/missing: no such file or directory
// IMPORT-NOT: tmp
// TRANSLATE: mlc-translate: error: {{.*}}/missing/m.mlir: directory {{.*}}/missing: no such file or directory
// TRANSLATE-NOT: tmp

// Errors without a source position read "tool: error: ...", as LLVM's.
// RUN: not mlc-translate --no-such-flag 2>&1 | filecheck %s --check-prefix=STYLE-TRANSLATE
// RUN: not mlc --no-such-flag 2>&1 | filecheck %s --check-prefix=STYLE-MLC
// RUN: not mlc-bench --no-such-flag 2>&1 | filecheck %s --check-prefix=STYLE-BENCH
// STYLE-TRANSLATE: {{^}}mlc-translate: error: unknown flag: --no-such-flag
// STYLE-MLC: {{^}}mlc: error: unknown flag: --no-such-flag
// STYLE-BENCH: {{^}}mlc-bench: error: unknown flag: --no-such-flag
