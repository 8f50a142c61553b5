// RUN: mlc-opt --allow-unregistered-dialect --split-input-file --reconcile-unrealized-casts %s | filecheck %s

// A chain that leads back to its input type folds to the input.
// CHECK-LABEL: func.func @round_trip
// CHECK-NEXT:    return %arg0 : i64
func.func @round_trip(%arg0: i64) -> i64 {
  %0 = builtin.unrealized_conversion_cast %arg0 : i64 to i32
  %1 = builtin.unrealized_conversion_cast %0 : i32 to i64
  return %1 : i64
}

// -----

// Longer chains fold too, however many types they pass through.
// CHECK-LABEL: func.func @long_chain
// CHECK-NEXT:    return %arg0 : i64
func.func @long_chain(%arg0: i64) -> i64 {
  %0 = builtin.unrealized_conversion_cast %arg0 : i64 to i32
  %1 = builtin.unrealized_conversion_cast %0 : i32 to f32
  %2 = builtin.unrealized_conversion_cast %1 : f32 to f16
  %3 = builtin.unrealized_conversion_cast %2 : f16 to i64
  return %3 : i64
}

// -----

// A cast to its own type is a no-op.
// CHECK-LABEL: func.func @identity
// CHECK-NEXT:    return %arg0 : i32
func.func @identity(%arg0: i32) -> i32 {
  %0 = builtin.unrealized_conversion_cast %arg0 : i32 to i32
  return %0 : i32
}

// -----

// Unused casts are erased, and then the casts they used.
// CHECK-LABEL: func.func @dead
// CHECK-NEXT:    return
func.func @dead(%arg0: i64) {
  %0 = builtin.unrealized_conversion_cast %arg0 : i64 to i32
  %1 = builtin.unrealized_conversion_cast %0 : i32 to f32
  %2 = builtin.unrealized_conversion_cast %arg0 : i64 to f16
  return
}

// -----

// One-to-many and many-to-one casts (type conversions that split a
// value) fold when the whole tuple comes back.
// CHECK-LABEL: func.func @multiple_results
// CHECK-NEXT:    return %arg0, %arg1 : i32, i32
func.func @multiple_results(%arg0: i32, %arg1: i32) -> (i32, i32) {
  %0 = builtin.unrealized_conversion_cast %arg0, %arg1 : i32, i32 to i64
  %1:2 = builtin.unrealized_conversion_cast %0 : i64 to i32, i32
  return %1#0, %1#1 : i32, i32
}

// -----

// A value cast back in several places, and in nested regions; the
// shared intermediate cast goes once its users are folded.
// CHECK-LABEL: func.func @fan_out
// CHECK-NEXT:    "x.use"(%arg0) : (i64) -> ()
// CHECK-NEXT:    "x.region"() ({
// CHECK-NEXT:      "x.use"(%arg0) : (i64) -> ()
// CHECK-NEXT:    }) : () -> ()
// CHECK-NEXT:    return
func.func @fan_out(%arg0: i64) {
  %0 = builtin.unrealized_conversion_cast %arg0 : i64 to i32
  %1 = builtin.unrealized_conversion_cast %0 : i32 to i64
  "x.use"(%1) : (i64) -> ()
  "x.region"() ({
    %2 = builtin.unrealized_conversion_cast %0 : i32 to i64
    "x.use"(%2) : (i64) -> ()
  }) : () -> ()
  return
}
