// The analysis mode of the conversion driver (test-legalize-patterns):
// nothing changes; each x.* op that is legal or that the patterns would
// legalise gets a remark, and each other one a remark with a note per
// reason it stays illegal (legalize-patterns-reasons.mlir has more).

// RUN: mlc-opt --allow-unregistered-dialect --verify-diagnostics --test-legalize-patterns=mode=analysis %s | filecheck %s

// CHECK-LABEL: func.func @analysis
// CHECK-NEXT:    "x.illegal"(%arg0) {convertible}
func.func @analysis(%a: i32, %b: i64) -> (i32, i64) {
  // expected-remark @below {{op 'x.illegal' is legalizable}}
  %0 = "x.illegal"(%a) {convertible} : (i32) -> i32
  // expected-remark @below {{op 'x.illegal' is legalizable}}
  %1 = "x.illegal"(%0) : (i32) -> i32
  // expected-remark @below {{op 'x.illegal' is not legalizable}}
  // expected-note @below {{IllegalToLegal: 'x.illegal' needs a 'convertible' attribute}}
  // expected-note @below {{IllegalToLegalI32: operand #0 is i64, not i32}}
  %2 = "x.illegal"(%b) : (i64) -> i64
  // expected-remark @below {{op 'x.dynamic' is legalizable}}
  %3 = "x.dynamic"(%1) {legal} : (i32) -> i32
  // expected-remark @below {{op 'x.dynamic' is not legalizable}}
  // expected-note @below {{'x.dynamic' is dynamically illegal: the target's legality check rejected it}}
  // expected-note @below {{no conversion pattern matches 'x.dynamic'}}
  %4 = "x.dynamic"(%1) : (i32) -> i32
  // expected-remark @below {{op 'x.never' is not legalizable}}
  // expected-note @below {{no conversion pattern matches 'x.never'}}
  %5 = "x.never"(%4) : (i32) -> i32
  return %5, %2 : i32, i64
}
