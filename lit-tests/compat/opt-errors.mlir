// mlc-opt's own errors read as LLVM tools' do: "mlc-opt: error: ..." (or a
// source position), and exit 1.

// RUN: not mlc-opt %t.does-not-exist.mlir 2>&1 | filecheck %s --check-prefix=INPUT
// INPUT: mlc-opt: error: could not open input file '{{.*}}does-not-exist.mlir': no such file or directory
// RUN: not mlc-opt %s -o %t.no-such-dir/out.mlir 2>&1 | filecheck %s --check-prefix=OUTPUT
// OUTPUT: mlc-opt: error: cannot open output file '{{.*}}no-such-dir/out.mlir': no such file or directory
// RUN: not mlc-opt %s %s 2>&1 | filecheck %s --check-prefix=ARGS
// ARGS: mlc-opt: error: accepts at most 1 arg(s), received 2
// RUN: not mlc-opt --no-such-flag %s 2>&1 | filecheck %s --check-prefix=FLAG
// FLAG: mlc-opt: error: unknown flag '--no-such-flag' (see 'mlc-opt --help')
// RUN: not mlc-opt --mlir-elide-elementsattrs-if-larger=x %s 2>&1 | filecheck %s --check-prefix=VALUE
// VALUE: mlc-opt: error: invalid argument "x" for "--mlir-elide-elementsattrs-if-larger" flag

func.func @f() {
  return
}

// mlc-translate reports its own errors the same way.
// RUN: not mlc-translate --bogus %s 2>&1 | filecheck %s --check-prefix=TRFLAG
// TRFLAG: mlc-translate: error: unknown flag: --bogus
// RUN: not mlc-translate %s 2>&1 | filecheck %s --check-prefix=TRCHOOSE
// TRCHOOSE: mlc-translate: error: choose one translation (--import-onnx, --mlir-to-trt-onnx, --mlir-to-qnn or --import-qnn-json)
// RUN: not mlc-translate --mlir-to-trt-onnx %t.does-not-exist.mlir 2>&1 | filecheck %s --check-prefix=TRINPUT
// TRINPUT: mlc-translate: error: could not open input file '{{.*}}does-not-exist.mlir': no such file or directory
// RUN: not mlc-translate --import-onnx %S/../translate/onnx/Inputs/mlp.onnx -o %t.no-such-dir/out.mlir 2>&1 | filecheck %s --check-prefix=TROUTPUT
// TROUTPUT: mlc-translate: error: {{.*}}no-such-dir/out.mlir: directory {{.*}}no-such-dir: no such file or directory

// So does mlc.
// RUN: not mlc --bogus 2>&1 | filecheck %s --check-prefix=MLCFLAG
// MLCFLAG: mlc: error: unknown flag: --bogus
