// RUN: mlc-opt --allow-unregistered-dialect --cse --split-input-file %s | filecheck %s

// Duplicate pure ops fold into the first; ops with unknown side effects
// (unregistered ones) are kept.
// CHECK-LABEL: func.func @dups
// CHECK-NEXT:    %0 = builtin.unrealized_conversion_cast %arg0 : i32 to f32
// CHECK-NEXT:    %1 = "x.effect"() : () -> i32
// CHECK-NEXT:    %2 = "x.effect"() : () -> i32
// CHECK-NEXT:    return %0, %0, %1, %2
func.func @dups(%x: i32) -> (f32, f32, i32, i32) {
  %a = builtin.unrealized_conversion_cast %x : i32 to f32
  %b = builtin.unrealized_conversion_cast %x : i32 to f32
  %c = "x.effect"() : () -> i32
  %d = "x.effect"() : () -> i32
  return %a, %b, %c, %d : f32, f32, i32, i32
}

// -----

// A value computed outside a nested region is reused inside it; one
// computed inside a region is not visible to its siblings.
// CHECK-LABEL: func.func @nested
// CHECK-NEXT:    %0 = builtin.unrealized_conversion_cast %arg0 : i32 to f32
// CHECK-NEXT:    "x.region"() ({
// CHECK-NEXT:      "x.use"(%0) : (f32) -> ()
// CHECK-NEXT:      %1 = builtin.unrealized_conversion_cast %arg0 : i32 to i8
// CHECK-NEXT:      "x.use"(%1) : (i8) -> ()
// CHECK-NEXT:    }, {
// CHECK-NEXT:      %1 = builtin.unrealized_conversion_cast %arg0 : i32 to i8
func.func @nested(%x: i32) {
  %a = builtin.unrealized_conversion_cast %x : i32 to f32
  "x.region"() ({
    %b = builtin.unrealized_conversion_cast %x : i32 to f32
    "x.use"(%b) : (f32) -> ()
    %c = builtin.unrealized_conversion_cast %x : i32 to i8
    "x.use"(%c) : (i8) -> ()
  }, {
    %d = builtin.unrealized_conversion_cast %x : i32 to i8
    "x.use"(%d) : (i8) -> ()
  }) : () -> ()
  return
}

// -----

// Different attributes or result types are different computations.
// CHECK-LABEL: func.func @distinct
// CHECK-NEXT:    %0 = builtin.unrealized_conversion_cast %arg0 : i32 to f32 {tag = 1 : i64}
// CHECK-NEXT:    %1 = builtin.unrealized_conversion_cast %arg0 : i32 to f32 {tag = 2 : i64}
// CHECK-NEXT:    %2 = builtin.unrealized_conversion_cast %arg0 : i32 to f16 {tag = 1 : i64}
func.func @distinct(%x: i32) -> (f32, f32, f16) {
  %a = builtin.unrealized_conversion_cast %x : i32 to f32 {tag = 1}
  %b = builtin.unrealized_conversion_cast %x : i32 to f32 {tag = 2}
  %c = builtin.unrealized_conversion_cast %x : i32 to f16 {tag = 1}
  return %a, %b, %c : f32, f32, f16
}
