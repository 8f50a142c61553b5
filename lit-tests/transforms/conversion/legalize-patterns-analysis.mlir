// The analysis mode of the conversion driver (test-legalize-patterns):
// nothing changes; each x.* op that is legal or that the patterns would
// legalise gets a remark, and the others are left alone silently.

// RUN: mlc-opt --allow-unregistered-dialect --verify-diagnostics --test-legalize-patterns=mode=analysis %s | filecheck %s

// CHECK-LABEL: func.func @analysis
// CHECK-NEXT:    "x.illegal"(%arg0) {convertible}
func.func @analysis(%a: i32, %b: i64) -> (i32, i64) {
  // expected-remark @below {{op 'x.illegal' is legalizable}}
  %0 = "x.illegal"(%a) {convertible} : (i32) -> i32
  // expected-remark @below {{op 'x.illegal' is legalizable}}
  %1 = "x.illegal"(%0) : (i32) -> i32
  %2 = "x.illegal"(%b) : (i64) -> i64
  // expected-remark @below {{op 'x.dynamic' is legalizable}}
  %3 = "x.dynamic"(%1) {legal} : (i32) -> i32
  %4 = "x.dynamic"(%1) : (i32) -> i32
  %5 = "x.never"(%4) : (i32) -> i32
  return %5, %2 : i32, i64
}
