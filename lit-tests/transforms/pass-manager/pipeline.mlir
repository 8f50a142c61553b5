// The textual pipeline, pass shorthands, instrumentation and failures.

// RUN: mlc-opt --pass-pipeline='builtin.module(func.func(cse,canonicalize{max-iterations=5 top-down=false}),symbol-dce)' %s | filecheck %s
// RUN: mlc-opt --cse --canonicalize --symbol-dce %s | filecheck %s
// Pass flags alone, the module on stdin.
// RUN: mlc-opt --cse --canonicalize --symbol-dce < %s | filecheck %s
// RUN: mlc-opt --mlir-disable-threading --pass-pipeline='builtin.module(func.func(cse,canonicalize),symbol-dce)' %s | filecheck %s
// CHECK-NOT:   @dead
// CHECK-LABEL: func.func @a(%arg0: i32) -> (f32, f32) {
// CHECK-NEXT:    %0 = builtin.unrealized_conversion_cast %arg0 : i32 to f32
// CHECK-NEXT:    return %0, %0 : f32, f32
// CHECK-LABEL: func.func @b(

// Printing after every pass, and after the one named.
// RUN: mlc-opt --mlir-disable-threading --mlir-print-ir-after-all --mlir-print-ir-module-scope --pass-pipeline='builtin.module(func.func(cse),symbol-dce)' %s -o /dev/null 2>&1 | filecheck %s --check-prefix=ALL
// ALL: // -----// IR Dump After CSE (cse) ('func.func' operation: @a) //----- //
// ALL: // -----// IR Dump After CSE (cse) ('func.func' operation: @b) //----- //
// ALL: // -----// IR Dump After SymbolDCE (symbol-dce) ('builtin.module' operation) //----- //
// RUN: mlc-opt --mlir-print-ir-after=symbol-dce --mlir-print-ir-before=symbol-dce --cse --symbol-dce %s -o /dev/null 2>&1 | filecheck %s --check-prefix=ONE
// ONE-NOT: After CSE
// ONE: IR Dump Before SymbolDCE (symbol-dce)
// ONE: func.func private @dead
// ONE: IR Dump After SymbolDCE (symbol-dce)
// ONE-NOT: @dead

// Only passes that changed something print with after-change.
// RUN: mlc-opt --mlir-print-ir-after-change --symbol-dce --symbol-dce %s -o /dev/null 2>&1 | filecheck %s --check-prefix=CHANGE
// CHANGE-COUNT-1: IR Dump After SymbolDCE

// Timing and statistics, in mlir-opt's order: statistics when the passes
// finish, then the time report with the driver's Parser and Output phases.
// RUN: mlc-opt --mlir-timing --mlir-pass-statistics --cse %s -o /dev/null 2>&1 | filecheck %s --check-prefix=TIME
// TIME: Pass statistics report
// TIME: (S) 1 num-cse'd - Number of operations CSE'd
// TIME: Execution time report
// TIME: Parser
// TIME-NEXT: cse
// TIME-NEXT: Output
// TIME-NEXT: Rest
// TIME-NEXT: Total

// One file per pass.
// RUN: rm -rf %t.tree && mlc-opt --mlir-print-ir-tree-dir=%t.tree --cse --symbol-dce %s -o /dev/null && ls %t.tree | filecheck %s --check-prefix=TREE
// TREE: 1_cse.mlir
// TREE: 2_symbol-dce.mlir

// Bad pipelines are errors.
// RUN: not mlc-opt --pass-pipeline='builtin.module(no-such-pass)' %s 2>&1 | filecheck %s --check-prefix=BAD
// BAD: 'no-such-pass' does not refer to a registered pass or pass pipeline
// RUN: not mlc-opt --pass-pipeline='builtin.module(canonicalize{bogus=1})' %s 2>&1 | filecheck %s --check-prefix=BADOPT
// BADOPT: no such option 'bogus' for pass 'canonicalize'
// RUN: not mlc-opt --pass-pipeline='builtin.module(cse' %s 2>&1 | filecheck %s --check-prefix=UNTERM
// UNTERM: invalid pass pipeline

func.func private @dead()
func.func @a(%x: i32) -> (f32, f32) {
  %a = builtin.unrealized_conversion_cast %x : i32 to f32
  %b = builtin.unrealized_conversion_cast %x : i32 to f32
  %unused = builtin.unrealized_conversion_cast %x : i32 to i8
  return %a, %b : f32, f32
}
func.func @b(%x: i32) {
  return
}
