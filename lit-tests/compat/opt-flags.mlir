// mlir-opt's flags in mlc-opt.

// -p is --pass-pipeline.
// RUN: mlc-opt -p 'builtin.module(func.func(cse))' %s | filecheck %s --check-prefix=SHORT
// RUN: mlc-opt -p='builtin.module(cse)' %s | filecheck %s --check-prefix=SHORT
// SHORT: func.func @f

// --dump-pass-pipeline shows what a named pipeline expands to, every option
// spelled out, on stderr, in mlir-opt's format; the passes still run.
// RUN: mlc-opt --dump-pass-pipeline --torch-to-core %s 2>&1 >/dev/null | filecheck %s --check-prefix=DUMP
// DUMP:      Pass Manager with 1 passes:
// DUMP-NEXT: builtin.module(func.func(torch-fold-batch-norm,torch-decompose,canonicalize{max-iterations=10 max-num-rewrites=-1 test-convergence=false top-down=true},core-fuse-composites,cse))
// DUMP-EMPTY:
// RUN: mlc-opt --dump-pass-pipeline --canonicalize --cse %s 2>&1 >/dev/null | filecheck %s --check-prefix=DUMP2
// DUMP2:      Pass Manager with 2 passes:
// DUMP2-NEXT: builtin.module(canonicalize{max-iterations=10 max-num-rewrites=-1 test-convergence=false top-down=true},cse)

// With after-change, after-all prints only the passes that changed the IR
// (cse finds nothing here, symbol-dce erases @dead).
// RUN: mlc-opt --mlir-print-ir-after-all --mlir-print-ir-after-change --cse --symbol-dce %s -o /dev/null 2>&1 | filecheck %s --check-prefix=CHANGE
// CHANGE-NOT: IR Dump After CSE
// CHANGE:     // -----// IR Dump After SymbolDCE (symbol-dce) //----- //
// CHANGE-NOT: IR Dump

// Module scope prints the whole module after a pass on a function, and names
// the op the pass ran on.
// RUN: mlc-opt --mlir-print-ir-after-all --mlir-print-ir-module-scope -p 'builtin.module(func.func(cse))' %s -o /dev/null 2>&1 | filecheck %s --check-prefix=SCOPE
// SCOPE:      // -----// IR Dump After CSE (cse) ('func.func' operation: @dead) //----- //
// SCOPE-NEXT: module {
// SCOPE:      // -----// IR Dump After CSE (cse) ('func.func' operation: @f) //----- //
// SCOPE-NEXT: module {
// RUN: mlc-opt --mlir-disable-threading --mlir-print-ir-after-all -p 'builtin.module(func.func(cse))' %s -o /dev/null 2>&1 | filecheck %s --check-prefix=NOSCOPE
// NOSCOPE:      // -----// IR Dump After CSE (cse) //----- //
// NOSCOPE-NEXT: func.func private @dead

// Resources longer than N characters are left out.
// RUN: mlc-opt --allow-unregistered-dialect --mlir-elide-resource-strings-if-larger=20 %S/Inputs/opt-resources.mlir | filecheck %s --check-prefix=ELIDE
// ELIDE:     dense_resource<big>
// ELIDE:     small: "0x0400000001000000"
// ELIDE-NOT: big:
// RUN: mlc-opt --allow-unregistered-dialect %S/Inputs/opt-resources.mlir | filecheck %s --check-prefix=KEEP
// KEEP: big: "0x040000000000803F000000400000404000008040"

// --help lists every pass with its summary and options, and points to
// docs/passes.md.
// RUN: mlc-opt --help | filecheck %s --check-prefix=HELP
// HELP:      Passes ({{.*}}see docs/passes.md):
// HELP:      --canonicalize Applies every registered op's folder
// HELP-NEXT: --max-iterations=<int> full sweeps before giving up (default: 10)
// HELP:      --cse Eliminates common subexpressions
// HELP:      Pass pipelines:
// HELP-NEXT: --torch-to-core

// A misspelt flag or pass gets the closest name.
// RUN: not mlc-opt --canonicalise %s 2>&1 | filecheck %s --check-prefix=TYPO
// TYPO: mlc-opt: error: unknown flag '--canonicalise'; did you mean '--canonicalize'?
// RUN: not mlc-opt --mlir-print-debuginf %s 2>&1 | filecheck %s --check-prefix=TYPOFLAG
// TYPOFLAG: mlc-opt: error: unknown flag '--mlir-print-debuginf'; did you mean '--mlir-print-debuginfo'?
// RUN: not mlc-opt -p 'builtin.module(cse,canonicalise)' %s 2>&1 | filecheck %s --check-prefix=TYPOPASS
// TYPOPASS: <pipeline>:1:20: error: 'canonicalise' does not refer to a registered pass or pass pipeline; did you mean 'canonicalize'?

func.func private @dead() {
  return
}
func.func @f(%x: i32) -> i32 {
  return %x : i32
}
