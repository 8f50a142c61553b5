// RUN: mlc-opt --allow-unregistered-dialect %s | filecheck %s

// Values are renumbered as MLIR numbers them: per function from %0 and
// %arg0; nested regions continue from the enclosing region's counters and
// sibling regions start from the same point.
// CHECK-LABEL: func.func @numbering(%arg0: i32, %arg1: i32) -> i32 {
// CHECK-NEXT:    %0 = "x.a"(%arg0) : (i32) -> i32
// CHECK-NEXT:    %1:2 = "x.b"(%0) ({
// CHECK-NEXT:    ^bb0(%arg2: i32):
// CHECK-NEXT:      %3 = "x.c"(%arg2, %arg1) : (i32, i32) -> i32
// CHECK-NEXT:    }, {
// CHECK-NEXT:      %3 = "x.d"() : () -> i32
// CHECK-NEXT:    }) : (i32) -> (i32, i32)
// CHECK-NEXT:    %2 = "x.e"(%1#1) : (i32) -> i32
// CHECK-NEXT:    return %2 : i32
func.func @numbering(%long_name: i32, %other: i32) -> i32 {
  %v = "x.a"(%long_name) : (i32) -> i32
  %pair:2 = "x.b"(%v) ({
  ^bb0(%z: i32):
    %c = "x.c"(%z, %other) : (i32, i32) -> i32
  }, {
    %d = "x.d"() : () -> i32
  }) : (i32) -> (i32, i32)
  %e = "x.e"(%pair#1) : (i32) -> i32
  return %e : i32
}

// Each function starts again.
// CHECK-LABEL: func.func @second(%arg0: i32) -> i32 {
// CHECK-NEXT:    %0 = "x.a"(%arg0) : (i32) -> i32
func.func @second(%q: i32) -> i32 {
  %r = "x.a"(%q) : (i32) -> i32
  return %r : i32
}

// Uses before definitions are fine in graph regions (module, unregistered ops).
// CHECK-LABEL: "x.graph"() ({
// CHECK-NEXT:    %0 = "x.use"(%1) : (i32) -> i32
// CHECK-NEXT:    %1 = "x.def"() : () -> i32
"x.graph"() ({
  %u = "x.use"(%late) : (i32) -> i32
  %late = "x.def"() : () -> i32
}) : () -> ()
