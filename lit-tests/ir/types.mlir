// RUN: mlc-opt --allow-unregistered-dialect %s | filecheck %s
// RUN: mlc-opt --allow-unregistered-dialect %s | mlc-opt --allow-unregistered-dialect | filecheck %s

// Every builtin type prints back in its canonical spelling.
// CHECK-LABEL: func.func @scalars
// CHECK-SAME: (%arg0: i1, %arg1: i8, %arg2: i32, %arg3: i64, %arg4: i17, %arg5: si8, %arg6: ui16, %arg7: f16, %arg8: bf16, %arg9: f32, %arg10: f64, %arg11: index, %arg12: none)
func.func @scalars(%a: i1, %b: i8, %c: i32, %d: i64, %e: i17, %f: si8, %g: ui16, %h: f16, %i: bf16, %j: f32, %k: f64, %l: index, %m: none) {
  return
}

// CHECK-LABEL: func.func @tensors
// CHECK-SAME: (%arg0: tensor<2x?x4xf32>, %arg1: tensor<*xf32>, %arg2: tensor<f32>, %arg3: tensor<0x3xi8>, %arg4: tensor<?x?xbf16>)
func.func @tensors(%a: tensor<2x?x4xf32>, %b: tensor<*xf32>, %c: tensor<f32>, %d: tensor<0x3xi8>, %e: tensor<?x?xbf16>) {
  return
}

// CHECK-LABEL: func.func @composite
// CHECK-SAME: (%arg0: tuple<i32, f32>, %arg1: tuple<>, %arg2: vector<4xf32>, %arg3: complex<f32>, %arg4: tensor<4xcomplex<f64>>)
func.func @composite(%a: tuple<i32, f32>, %b: tuple<>, %c: vector<4xf32>, %d: complex<f32>, %e: tensor<4xcomplex<f64>>) {
  return
}

// Function types as values of ops, with the single-result shorthand.
// CHECK: "x.fn"() {t0 = () -> (), t1 = (i32) -> i32, t2 = (i32, f32) -> (i32, f32), t3 = (i32) -> ((i32) -> i32)} : () -> ()
"x.fn"() {t0 = () -> (), t1 = (i32) -> (i32), t2 = (i32, f32) -> (i32, f32), t3 = (i32) -> ((i32) -> i32)} : () -> ()

// Dialect types stay opaque when their dialect is not registered.
// CHECK: "x.dialect_types"() : () -> (!foo.bar, !foo.baz<1, [2, 3]>, !foo<"x y">)
%0:3 = "x.dialect_types"() : () -> (!foo.bar, !foo.baz<1, [2, 3]>, !foo<"x y">)
