// RUN: mlc-opt --allow-unregistered-dialect %s | filecheck %s
// RUN: mlc-opt --allow-unregistered-dialect %s | mlc-opt --allow-unregistered-dialect | filecheck %s
// RUN: mlc-opt --allow-unregistered-dialect --mlir-print-local-scope %s | filecheck %s --check-prefix=LOCAL

// Aliases in the input are resolved; repeated dialect types and attributes
// get aliases on output, named after the dialect.
// CHECK-DAG: #foo_cfg = #foo.cfg<mode = "fast">
// CHECK-DAG: !foo_q = !foo.q<i8:f32, 2.500000e-01:3>
// CHECK:     %0 = "x.a"() {cfg = #foo_cfg} : () -> !foo_q
// CHECK:     %1 = "x.b"(%0) {cfg = #foo_cfg} : (!foo_q) -> tensor<4x!foo_q>
// CHECK:     "x.c"() {t = tensor<2xf32>, u = dense<[1, 2]> : tensor<2xi32>} : () -> ()
// LOCAL-NOT: = #foo
// LOCAL:     %0 = "x.a"() {cfg = #foo.cfg<mode = "fast">} : () -> !foo.q<i8:f32, 2.500000e-01:3>
!q = !foo.q<i8:f32, 2.500000e-01:3>
#cfg = #foo.cfg<mode = "fast">
!t = tensor<2xf32>
#d = dense<[1, 2]> : tensor<2xi32>
%0 = "x.a"() {cfg = #cfg} : () -> !q
%1 = "x.b"(%0) {cfg = #cfg} : (!q) -> tensor<4x!q>
"x.c"() {t = !t, u = #d} : () -> ()
