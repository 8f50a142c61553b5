// RUN: mlc-opt --reconcile-unrealized-casts=allow-live-casts=true %s | filecheck %s
// RUN: not mlc-opt --reconcile-unrealized-casts %s 2>&1 | filecheck %s --check-prefix=ERR

// Only a whole chain folds: a cast that takes part of another cast's
// results does not lead back through it, so both casts stay live.
// CHECK-LABEL: func.func @part_of_a_cast
// CHECK-NEXT:    %0:2 = builtin.unrealized_conversion_cast %arg0 : i64 to i32, i32
// CHECK-NEXT:    %1 = builtin.unrealized_conversion_cast %0#0 : i32 to i64
// CHECK-NEXT:    return %1 : i64
// ERR: partial-chain.mlir:[[@LINE+3]]:10: error: failed to legalize operation 'builtin.unrealized_conversion_cast'
// ERR: partial-chain.mlir:[[@LINE+3]]:8: note: see existing live user here: 'builtin.unrealized_conversion_cast'
func.func @part_of_a_cast(%arg0: i64) -> i64 {
  %0:2 = builtin.unrealized_conversion_cast %arg0 : i64 to i32, i32
  %1 = builtin.unrealized_conversion_cast %0#0 : i32 to i64
  return %1 : i64
}
