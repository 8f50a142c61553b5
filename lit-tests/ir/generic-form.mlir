// RUN: mlc-opt --allow-unregistered-dialect %s | filecheck %s
// RUN: mlc-opt --allow-unregistered-dialect --mlir-print-op-generic %s | filecheck %s --check-prefix=GENERIC
// RUN: mlc-opt --allow-unregistered-dialect --mlir-print-op-generic %s | mlc-opt --allow-unregistered-dialect --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC

// Properties, regions, block arguments, successors and result groups.
// CHECK-LABEL: func.func @cfg
// CHECK:       %0:2 = "x.multi"(%arg0) <{prop = 1 : i64}> : (i32) -> (i32, f32)
// CHECK-NEXT:  "x.br"(%0#0)[^bb1, ^bb2] : (i32) -> ()
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT:  "x.use"(%0#1) : (f32) -> ()
// CHECK-NEXT:  "x.br"()[^bb2] : () -> ()
// CHECK-NEXT: ^bb2(%1: i32):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:  return %1 : i32
func.func @cfg(%a: i32) -> i32 {
  %r:2 = "x.multi"(%a) <{prop = 1}> : (i32) -> (i32, f32)
  "x.br"(%r#0)[^bb1, ^bb2] : (i32) -> ()
^bb1:
  "x.use"(%r#1) : (f32) -> ()
  "x.br"()[^bb2] : () -> ()
^bb2(%x: i32):
  return %x : i32
}

// The generic form numbers values across the whole module, as MLIR does.
// GENERIC-LABEL: "func.func"() <{function_type = (i32) -> i32, sym_name = "cfg"}> ({
// GENERIC-NEXT:  ^bb0(%arg1: i32):
// GENERIC-NEXT:    %1:2 = "x.multi"(%arg1) <{prop = 1 : i64}> : (i32) -> (i32, f32)
// GENERIC:         "func.return"(%2) : (i32) -> ()
// GENERIC-NEXT:  }) : () -> ()

// Nested regions, an empty region, several regions on one op, attributes
// after regions.
// CHECK-LABEL: "x.regions"() ({
// CHECK-NEXT:  ^bb0(%arg0: i32):
// CHECK-NEXT:    "x.inner"(%arg0) : (i32) -> ()
// CHECK-NEXT:  }, {
// CHECK-NEXT:  }, {
// CHECK-NEXT:    %0 = "x.value"() : () -> i1
// CHECK-NEXT:  }) {note = "after regions"} : () -> ()
"x.regions"() ({
^bb0(%arg: i32):
  "x.inner"(%arg) : (i32) -> ()
}, {
}, {
  %v = "x.value"() : () -> i1
}) {note = "after regions"} : () -> ()

// An op with a quoted name that is not a valid bare identifier.
// CHECK: "x.with-dash"() : () -> ()
"x.with-dash"() : () -> ()
