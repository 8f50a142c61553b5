// RUN: mlc-opt --allow-unregistered-dialect %s | filecheck %s
// RUN: mlc-opt --allow-unregistered-dialect %s | mlc-opt --allow-unregistered-dialect | filecheck %s
// RUN: mlc-opt --allow-unregistered-dialect --mlir-print-local-scope %s | filecheck %s --check-prefix=LOCAL

// Aliases in the input are resolved. On output, as mlir-opt-19 prints
// them, the types and attributes of MLIR's dialects (quant, builtin) and of
// unregistered ones are written in full; our own dialects' repeated types
// (!qnn.tensor) get an alias named after the dialect.
// CHECK-NOT: = !foo
// CHECK-NOT: = #foo
// CHECK-NOT: = !quant
// CHECK:     !qnn_tensor = !qnn.tensor<1x4xufixed8, scale = 0.5, offset = -128>
// CHECK:     %0 = "x.a"() {cfg = #foo.cfg<mode = "fast">} : () -> !foo.q<i8:f32, 2.500000e-01:3>
// CHECK:     %1 = "x.b"(%0) {cfg = #foo.cfg<mode = "fast">} : (!foo.q<i8:f32, 2.500000e-01:3>) -> tensor<4x!foo.q<i8:f32, 2.500000e-01:3>>
// CHECK:     "x.c"() {t = tensor<2xf32>, u = dense<[1, 2]> : tensor<2xi32>} : () -> ()
// CHECK:     %3 = "x.e"(%2) : (tensor<4x!quant.uniform<i8:f32, 2.500000e-01:3>>) -> tensor<4x!quant.uniform<i8:f32, 2.500000e-01:3>>
// CHECK:     %5 = "x.g"(%4) : (!qnn_tensor) -> !qnn_tensor
// LOCAL-NOT: = !qnn
// LOCAL:     %5 = "x.g"(%4) : (!qnn.tensor<1x4xufixed8, scale = 0.5, offset = -128>) -> !qnn.tensor<1x4xufixed8, scale = 0.5, offset = -128>
!q = !foo.q<i8:f32, 2.500000e-01:3>
#cfg = #foo.cfg<mode = "fast">
!u = !quant.uniform<i8:f32, 2.500000e-01:3>
!n = !qnn.tensor<1x4xufixed8, scale = 5.000000e-01, offset = -128>
!t = tensor<2xf32>
#d = dense<[1, 2]> : tensor<2xi32>
%0 = "x.a"() {cfg = #cfg} : () -> !q
%1 = "x.b"(%0) {cfg = #cfg} : (!q) -> tensor<4x!q>
"x.c"() {t = !t, u = #d} : () -> ()
%2 = "x.d"() : () -> tensor<4x!u>
%3 = "x.e"(%2) : (tensor<4x!u>) -> tensor<4x!u>
%4 = "x.f"() : () -> !n
%5 = "x.g"(%4) : (!n) -> !n
