// A verifier error is followed by the op it is about, as mlir-opt prints
// it: "see current operation", the op in generic form with its values
// named as in the enclosing function, on a line of its own when it spans
// several, before the verifier's own notes. A note at the error's own
// location does not quote the source line again.
// RUN: not mlc-opt %S/Inputs/current-op/return-type.mlir 2>&1 | filecheck %s --check-prefix=RETURN --match-full-lines --strict-whitespace
// RETURN:{{.*}}return-type.mlir:2:3: error: type of return operand 0 ('i64') doesn't match function result type ('i32') in function @f
// RETURN-NEXT:  return %arg0 : i64
// RETURN-NEXT:  ^
// RETURN-NEXT:{{.*}}return-type.mlir:2:3: note: see current operation: "func.return"(%arg0) : (i64) -> ()
// RETURN-EMPTY:
// RUN: not mlc-opt %S/Inputs/current-op/call-result-type.mlir 2>&1 | filecheck %s --check-prefix=CALL --match-full-lines --strict-whitespace
// CALL:{{.*}}call-result-type.mlir:3:8: error: 'func.call' op result type mismatch at index 0
// CALL-NEXT:  %0 = func.call @g(%arg0) : (i64) -> i64
// CALL-NEXT:       ^
// CALL-NEXT:{{.*}}call-result-type.mlir:3:8: note: see current operation: %0 = "func.call"(%arg0) <{callee = @g}> : (i64) -> i64
// CALL-NEXT:{{.*}}call-result-type.mlir:3:8: note:       op result types: 'i64'
// CALL-NEXT:{{.*}}call-result-type.mlir:3:8: note: function result types: 'i32'
// CALL-EMPTY:
// Dense attributes over 16 elements are elided.
// RUN: not mlc-opt --allow-unregistered-dialect %S/Inputs/current-op/entry-block-args.mlir 2>&1 | filecheck %s --check-prefix=FUNC --match-full-lines --strict-whitespace
// FUNC:{{.*}}entry-block-args.mlir:1:1: note: see current operation: {{$}}
// FUNC-NEXT:"func.func"() <{function_type = (f32) -> (), sym_name = "f"}> ({
// FUNC-NEXT:^bb0(%arg0: i32):
// FUNC-NEXT:  "x.use"(%arg0) {big = dense_resource<__elided__> : tensor<17xi32>, small = dense<[1, 2]> : tensor<2xi32>} : (i32) -> ()
// FUNC-NEXT:  "func.return"() : () -> ()
// FUNC-NEXT:}) : () -> ()
// The note comes before the verifier's own notes, which quote their line.
// RUN: not mlc-opt --allow-unregistered-dialect %S/Inputs/current-op/dominance.mlir 2>&1 | filecheck %s --check-prefix=DOM --match-full-lines --strict-whitespace
// DOM:{{.*}}dominance.mlir:2:3: note: see current operation: "x.use"(%0) : (i32) -> ()
// DOM-NEXT:{{.*}}dominance.mlir:3:8: note: operand defined here (op in the same block)
// DOM-NEXT:  %0 = "x.def"() : () -> i32
// DOM-NEXT:       ^
// With debug info, the op's location too.
// RUN: not mlc-opt --mlir-print-debuginfo %S/Inputs/current-op/debuginfo.mlir 2>&1 | filecheck %s --check-prefix=LOC
// LOC: ret.mlir:2:3: note: see current operation: "func.return"(%arg0) : (i64) -> () loc("ret"("ret.mlir":2:3))
// An inherent attribute that fails its constraint is a parse error for
// mlir-opt: no note.
// RUN: not mlc-opt %S/Inputs/current-op/attr-constraint.mlir 2>&1 | filecheck %s --check-prefix=ATTR --implicit-check-not=note:
// ATTR: error: 'func.call' op attribute 'callee' failed to satisfy constraint: flat symbol reference attribute
// The other tools print it too.
// RUN: cat %S/Inputs/current-op/return-type.mlir | not mlc run - 2>&1 | filecheck %s --check-prefix=MLC
// MLC: <stdin>:2:3: note: see current operation: "func.return"(%arg0) : (i64) -> ()
// Under --verify-diagnostics there is no such note (as mlir-opt-19), so a
// test need not expect it, and one that does fails.
// RUN: not mlc-opt --verify-diagnostics %S/Inputs/current-op-expected.mlir 2>&1 | filecheck %s --check-prefix=VERIFY
// VERIFY: current-op-expected.mlir:3:6: error: expected note "see current operation" was not produced
