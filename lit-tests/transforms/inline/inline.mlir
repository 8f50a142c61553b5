// RUN: mlc-opt --allow-unregistered-dialect --inline %s | filecheck %s
// RUN: mlc-opt --allow-unregistered-dialect --inline --symbol-dce --mlir-print-debuginfo --mlir-print-local-scope %s | filecheck %s --check-prefix=DCE

// Calls are replaced by the callee's body; nested calls exposed by
// inlining are inlined too; declarations and recursion are left alone.
// CHECK-LABEL: func.func @main(%arg0: i32) -> i32 {
// CHECK-NEXT:    %0 = "x.twice"(%arg0) : (i32) -> i32
// CHECK-NEXT:    %1 = "x.twice"(%0) : (i32) -> i32
// CHECK-NEXT:    %2 = "x.inc"(%1) : (i32) -> i32
// CHECK-NEXT:    %3 = call @external(%2) : (i32) -> i32
// CHECK-NEXT:    %4 = call @recursive(%3) : (i32) -> i32
// CHECK-NEXT:    return %4 : i32
func.func @main(%x: i32) -> i32 {
  %0 = call @quad_inc(%x) : (i32) -> i32 loc("call_site")
  %1 = call @external(%0) : (i32) -> i32
  %2 = call @recursive(%1) : (i32) -> i32
  return %2 : i32
}
func.func private @double(%a: i32) -> i32 {
  %0 = "x.twice"(%a) : (i32) -> i32 loc("in_double")
  return %0 : i32
}
func.func private @quad_inc(%a: i32) -> i32 {
  %0 = call @double(%a) : (i32) -> i32
  %1 = call @double(%0) : (i32) -> i32
  %2 = "x.inc"(%1) : (i32) -> i32
  return %2 : i32
}
func.func private @external(i32) -> i32
func.func private @recursive(%a: i32) -> i32 {
  %0 = call @recursive(%a) : (i32) -> i32
  return %0 : i32
}

// After inlining, the helpers nobody calls any more can go, and inlined
// ops carry call-site locations.
// DCE-NOT: func.func private @double
// DCE-NOT: func.func private @quad_inc
// DCE: "x.twice"(%arg0) : (i32) -> i32 loc(callsite("in_double" at callsite("{{.*}}inline.mlir":24:8 at "call_site")))
// DCE: func.func private @external
// DCE: func.func private @recursive
