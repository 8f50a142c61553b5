// A cast that is still used after reconciliation is an error at the cast,
// with a note at its first user; mlc-opt then exits non-zero and writes no
// output. allow-live-casts keeps such casts instead, as mlir-opt 19 does.

// RUN: mlc-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics --reconcile-unrealized-casts %s
// RUN: not mlc-opt --allow-unregistered-dialect --split-input-file --reconcile-unrealized-casts %s -o %t.out 2>&1 | filecheck %s --check-prefix=ERR
// RUN: not test -e %t.out
// RUN: mlc-opt --allow-unregistered-dialect --split-input-file --reconcile-unrealized-casts=allow-live-casts=true %s | filecheck %s --check-prefix=LIVE

// ERR: error: failed to legalize operation 'builtin.unrealized_conversion_cast' that was explicitly marked illegal
// ERR: note: see existing live user here: 'func.return'

// A cast at the boundary of a partial conversion, never matched by a cast
// back.
// LIVE-LABEL: func.func @boundary
// LIVE-NEXT:    %0 = builtin.unrealized_conversion_cast %arg0 : i64 to i32
// LIVE-NEXT:    return %0 : i32
func.func @boundary(%arg0: i64) -> i32 {
  // expected-error @+1 {{failed to legalize operation 'builtin.unrealized_conversion_cast' that was explicitly marked illegal}}
  %0 = builtin.unrealized_conversion_cast %arg0 : i64 to i32
  // expected-note @+1 {{see existing live user here: 'func.return'}}
  return %0 : i32
}

// -----

// The chain folds as far as it can: the round trip i32 -> i64 -> i32 goes,
// the cast to f32 stays and is reported; the note names the user that
// comes first, even one nested in a region.
// LIVE-LABEL: func.func @partly_folded
// LIVE-NEXT:    %0 = builtin.unrealized_conversion_cast %arg0 : i32 to f32
// LIVE-NEXT:    "x.region"() ({
// LIVE-NEXT:      "x.use"(%0) : (f32) -> ()
// LIVE-NEXT:    }) : () -> ()
// LIVE-NEXT:    "x.use"(%0) : (f32) -> ()
func.func @partly_folded(%arg0: i32) {
  %0 = builtin.unrealized_conversion_cast %arg0 : i32 to i64
  %1 = builtin.unrealized_conversion_cast %0 : i64 to i32
  // expected-error @+1 {{failed to legalize operation 'builtin.unrealized_conversion_cast'}}
  %2 = builtin.unrealized_conversion_cast %1 : i32 to f32
  "x.region"() ({
    // expected-note @+1 {{see existing live user here: 'x.use'}}
    "x.use"(%2) : (f32) -> ()
  }) : () -> ()
  "x.use"(%2) : (f32) -> ()
  return
}
