// A failed conversion reports every op it could not legalise, each with
// the reason every candidate pattern gave; an illegal op fails even a
// partial conversion.

// RUN: mlc-opt --allow-unregistered-dialect --verify-diagnostics --test-legalize-patterns %s
// RUN: mlc-opt --allow-unregistered-dialect --verify-diagnostics --test-legalize-patterns=mode=full %s

func.func @fails(%a: i32, %b: i64) -> (i32, i32) {
  // expected-error @below {{failed to legalize operation 'x.illegal' that was explicitly marked illegal}}
  // expected-note @below {{pattern 'IllegalToLegal' did not apply: 'x.illegal' needs a 'convertible' attribute}}
  // expected-note @below {{pattern 'IllegalToLegalI32' did not apply: operand #0 is i64, not i32}}
  %0 = "x.illegal"(%b) : (i64) -> i64
  // expected-error @below {{failed to legalize operation 'x.never' that was explicitly marked illegal}}
  // expected-note @below {{no conversion pattern matches 'x.never'}}
  %1 = "x.never"(%a) : (i32) -> i32
  // expected-error @below {{failed to legalize operation 'x.dynamic' that was explicitly marked illegal}}
  // expected-note @below {{'x.dynamic' is dynamically illegal: the target's legality check rejected it}}
  // expected-note @below {{no conversion pattern matches 'x.dynamic'}}
  %2 = "x.dynamic"(%1) : (i32) -> i32
  return %1, %2 : i32, i32
}
