// Instrumentation flags not covered by pipeline.mlir.

// --verify-each (the default) catches a pass that breaks the IR, names the
// pass, and shows the broken IR in generic form; --verify-each=false lets
// it through to the printer, which still prints it.
// RUN: not mlc-opt --test-break-ir %s 2>&1 | filecheck %s --check-prefix=VERIFY
// VERIFY: error: block with no terminator, has 'builtin.unrealized_conversion_cast'
// VERIFY: note: the IR no longer verifies after pass 'test-break-ir'
// VERIFY: // IR after the failure (generic form, may not verify):
// VERIFY: "func.func"() <{function_type = () -> (), sym_name = "f"}> ({
// RUN: mlc-opt --verify-each=false --test-break-ir %s | filecheck %s --check-prefix=NOVERIFY
// NOVERIFY: func.func @f() {

// --mlir-print-ir-before-all prints before every pass.
// RUN: mlc-opt --mlir-print-ir-before-all --cse --symbol-dce %s -o /dev/null 2>&1 | filecheck %s --check-prefix=BEFORE
// BEFORE: // -----// IR Dump Before CSE (cse) //----- //
// BEFORE: // -----// IR Dump Before SymbolDCE (symbol-dce) //----- //

// --mlir-print-ir-after-failure prints the IR the failing pass left.
// RUN: not mlc-opt --mlir-print-ir-after-failure --test-pass-failure %s 2>&1 | filecheck %s --check-prefix=AFTERFAIL
// AFTERFAIL: // -----// IR Dump After TestFailurePass Failed (test-pass-failure) //----- //
// AFTERFAIL: func.func @f() {

// print-op-stats counts ops.
// RUN: mlc-opt --print-op-stats %s -o /dev/null 2>&1 | filecheck %s --check-prefix=STATS
// STATS:      Operations encountered:
// STATS-NEXT: -----------------------
// STATS-NEXT:   builtin.module                     , 1
// STATS-NEXT:   builtin.unrealized_conversion_cast , 1
// STATS-NEXT:   func.func                          , 1
// STATS-NEXT:   func.return                        , 1

// dce erases unused pure ops.
// RUN: mlc-opt --dce %s | filecheck %s --check-prefix=DCE
// DCE-NOT: unrealized_conversion_cast

func.func @f() {
  %0 = builtin.unrealized_conversion_cast to i32
  return
}
