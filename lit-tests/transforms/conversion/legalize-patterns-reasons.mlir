// Match-failure reasons: a pattern that declines says why through the
// rewriter (NotifyMatchFailure), and a compiled rule says which part of
// its match or which condition failed, with its file and line. A failed
// conversion notes each candidate's reason; the analysis mode reports
// the same reasons for each op that stays illegal. x.ruled has one rule,
// (x.ruled (x.legal $x)) && isI32($x) -> $x, whose isI32 is a predicate
// of the test pass's rules file alone.

// RUN: mlc-opt --allow-unregistered-dialect --verify-diagnostics --test-legalize-patterns=mode=full %s
// RUN: mlc-opt --allow-unregistered-dialect --test-legalize-patterns=mode=analysis %s 2>&1 | filecheck %s --check-prefix=ANALYSIS
// RUN: sed -n '/^func.func @folds/,/^}/p' %s | mlc-opt --allow-unregistered-dialect --test-legalize-patterns | filecheck %s --check-prefix=OK

// The rule applies: x.ruled goes, its uses take the i32 (the conversion
// leaves the x.legal, now unused, in place).
// OK-LABEL: func.func @folds
// OK-NEXT:    "x.legal"(%arg0)
// OK-NEXT:    return %arg0 : i32
func.func @folds(%a: i32) -> i32 {
  %0 = "x.legal"(%a) : (i32) -> i32
  %1 = "x.ruled"(%0) : (i32) -> i32
  return %1 : i32
}

func.func @reasons(%a: i32, %b: i64) -> (i64, i32) {
  %0 = "x.legal"(%b) : (i64) -> i64
  // expected-error @below {{failed to legalize operation 'x.ruled' that was explicitly marked illegal}}
  // expected-note @below {{pattern 'test-legalize.rules:4' did not apply: test-legalize.rules:4: condition isI32($x) failed}}
  %1 = "x.ruled"(%0) : (i64) -> i64
  // expected-error @below {{failed to legalize operation 'x.ruled' that was explicitly marked illegal}}
  // expected-note @below {{pattern 'test-legalize.rules:4' did not apply: test-legalize.rules:4: operand #0 is not defined by 'x.legal'}}
  %2 = "x.ruled"(%a) : (i32) -> i32
  return %1, %2 : i64, i32
}

// ANALYSIS:      remark: op 'x.legal' is legalizable
// ANALYSIS:      remark: op 'x.ruled' is legalizable
// ANALYSIS:      remark: op 'x.legal' is legalizable
// ANALYSIS:      reasons.mlir:[[@LINE-10]]:8: remark: op 'x.ruled' is not legalizable
// ANALYSIS:      reasons.mlir:[[@LINE-11]]:8: note: test-legalize.rules:4: condition isI32($x) failed
// ANALYSIS:      reasons.mlir:[[@LINE-9]]:8: remark: op 'x.ruled' is not legalizable
// ANALYSIS:      reasons.mlir:[[@LINE-10]]:8: note: test-legalize.rules:4: operand #0 is not defined by 'x.legal'
