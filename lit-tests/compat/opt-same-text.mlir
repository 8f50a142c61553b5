// REQUIRES: mlir-opt
// mlc-opt prints what mlir-opt-19 prints for IR both know, byte for byte:
// custom and generic forms, each op located at its name, debug info through
// #loc aliases (block arguments' in full), local scope, the empty line that
// ends the output, and --split-input-file's separators.

// RUN: mlc-opt --allow-unregistered-dialect %S/Inputs/opt-same-text.mlir > %t.mlc
// RUN: mlir-opt --allow-unregistered-dialect %S/Inputs/opt-same-text.mlir > %t.mlir
// RUN: diff %t.mlc %t.mlir
// RUN: mlc-opt --allow-unregistered-dialect --mlir-print-op-generic %S/Inputs/opt-same-text.mlir > %t.mlc
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %S/Inputs/opt-same-text.mlir > %t.mlir
// RUN: diff %t.mlc %t.mlir
// RUN: mlc-opt --allow-unregistered-dialect --mlir-print-debuginfo %S/Inputs/opt-same-text.mlir > %t.mlc
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-debuginfo %S/Inputs/opt-same-text.mlir > %t.mlir
// RUN: diff %t.mlc %t.mlir
// RUN: mlc-opt --allow-unregistered-dialect --mlir-print-debuginfo --mlir-print-op-generic %S/Inputs/opt-same-text.mlir > %t.mlc
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-debuginfo --mlir-print-op-generic %S/Inputs/opt-same-text.mlir > %t.mlir
// RUN: diff %t.mlc %t.mlir
// RUN: mlc-opt --allow-unregistered-dialect --mlir-print-debuginfo --mlir-print-local-scope %S/Inputs/opt-same-text.mlir > %t.mlc
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-debuginfo --mlir-print-local-scope %S/Inputs/opt-same-text.mlir > %t.mlir
// RUN: diff %t.mlc %t.mlir
// RUN: mlc-opt --allow-unregistered-dialect --split-input-file %s > %t.mlc
// RUN: mlir-opt --allow-unregistered-dialect --split-input-file %s > %t.mlir
// RUN: diff %t.mlc %t.mlir

// The inliner erases the private callee it leaves dead, keeps declarations
// and a private function that only calls itself.
// RUN: mlc-opt --inline %S/Inputs/opt-inline.mlir > %t.mlc
// RUN: mlir-opt --inline %S/Inputs/opt-inline.mlir > %t.mlir
// RUN: diff %t.mlc %t.mlir
// RUN: mlc-opt --inline %S/Inputs/opt-inline.mlir | filecheck %s --check-prefix=INLINE
// INLINE-NOT: @unused
// INLINE-NOT: @callee
// INLINE: func.func private @decl
// INLINE: func.func private @rec

// The builtin and func verifiers say what mlir-opt-19's say.
// RUN: mlc-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %S/Inputs/opt-verifier-errors.mlir
// RUN: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %S/Inputs/opt-verifier-errors.mlir

func.func @a() {
  return
}

// -----

func.func @b(%x: i32) -> i32 {
  %0 = "x.op"(%x) : (i32) -> i32
  return %0 : i32
}
