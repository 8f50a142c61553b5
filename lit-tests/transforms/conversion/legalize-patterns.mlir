// The dialect conversion driver through test-legalize-patterns (see its
// doc in docs/passes.md): what partial, full and analysis conversions do,
// and a failed full conversion, which exits non-zero and writes no
// output (legalize-patterns-failures.mlir has the failure reports,
// legalize-patterns-analysis.mlir the analysis mode).

// RUN: mlc-opt --allow-unregistered-dialect --test-legalize-patterns %s | filecheck %s
// RUN: mlc-opt --allow-unregistered-dialect --verify-diagnostics --test-legalize-patterns=mode=full %s
// RUN: rm -f %t.out && not mlc-opt --allow-unregistered-dialect --test-legalize-patterns=mode=full %s -o %t.out
// RUN: not test -e %t.out

// Both patterns apply where they can; the higher benefit first. A partial
// conversion leaves the unknown x.other; a full one fails on it.
// CHECK-LABEL: func.func @converts
// CHECK-NEXT:    %[[A:.*]] = "x.legal"(%arg0) {convertible} : (i32) -> i32
// CHECK-NEXT:    %[[B:.*]] = "x.legal_i32"(%[[A]]) : (i32) -> i32
// CHECK-NEXT:    %[[C:.*]] = "x.legal"(%arg1) {convertible} : (i64) -> i64
// CHECK-NEXT:    %[[D:.*]] = "x.dynamic"(%[[B]]) {legal} : (i32) -> i32
// CHECK-NEXT:    "x.other"(%[[D]])
func.func @converts(%a: i32, %b: i64) -> (i32, i64) {
  %0 = "x.illegal"(%a) {convertible} : (i32) -> i32
  %1 = "x.illegal"(%0) : (i32) -> i32
  %2 = "x.illegal"(%b) {convertible} : (i64) -> i64
  %3 = "x.dynamic"(%1) {legal} : (i32) -> i32
  // expected-error @below {{failed to legalize operation 'x.other'}}
  // expected-note @below {{no conversion pattern matches 'x.other'}}
  %4 = "x.other"(%3) : (i32) -> i32
  return %4, %2 : i32, i64
}

