// RUN: mlc-opt --allow-unregistered-dialect %s | filecheck %s
// RUN: mlc-opt --allow-unregistered-dialect %s | mlc-opt --allow-unregistered-dialect | filecheck %s

// Integers: default i64 shown, other widths and signedness kept, i1 as bool.
// CHECK: "x.ints"() {a = 5 : i64, b = -3 : i32, c = 255 : ui8, d = -1 : si8, e = true, f = false, g = 31 : i16, h = 7 : index, i = 170141183460469231731687303715884105727 : i128}
"x.ints"() {a = 5, b = -3 : i32, c = 255 : ui8, d = -1 : si8, e = true, f = 0 : i1, g = 0x1F : i16, h = 7 : index, i = 170141183460469231731687303715884105727 : i128} : () -> ()

// Floats: six-digit exponent form when exact, natural form or hex otherwise.
// CHECK: "x.floats"() {a = 1.000000e+00 : f64, b = 1.000000e-01 : f32, c = 1.2345678 : f64, d = 0x7FC00000 : f32, e = 0x7FF0000000000000 : f64, f = -0.000000e+00 : f64, g = 6.550400e+04 : f16, h = 1.000000e+00 : bf16, i = 0x419D6F3454000000 : f64, j = 3.40282347E+38 : f32}
"x.floats"() {a = 1.0, b = 0.1 : f32, c = 1.2345678, d = 0x7FC00000 : f32, e = 0x7FF0000000000000 : f64, f = -0.0, g = 65504.0 : f16, h = 1.0 : bf16, i = 123456789.0, j = 3.4028235e38 : f32} : () -> ()

// Strings keep every byte; escapes print as MLIR does.
// CHECK: "x.strings"() {a = "plain", b = "q\22uote\\back\0Anl", c = "\00\FF", d = "typed" : i32} : () -> ()
"x.strings"() {a = "plain", b = "q\"uote\\back\nnl", c = "\00\FF", d = "typed" : i32} : () -> ()

// Unit, arrays (default types elided inside), dictionaries (sorted), types.
// CHECK: "x.containers"() {a, b = [1, 2, 3 : i32, true, 1.500000e+00, "s"], c = [], d = {a = 2 : i64, z = 1 : i64}, e = {}, f = i32, g = tensor<2xf32>, h = {{\[}}[1], [@sym]]} : () -> ()
"x.containers"() {a, b = [1, 2, 3 : i32, true, 1.5, "s"], c = [], d = {z = 1, a = 2}, e = {}, f = i32, g = tensor<2xf32>, h = [[1], [@sym]]} : () -> ()

// Symbol references, flat and nested, bare and quoted.
// CHECK: "x.symbols"() {a = @f, b = @outer::@inner::@leaf, c = @"with space"} : () -> ()
"x.symbols"() {a = @f, b = @outer::@inner::@leaf, c = @"with space"} : () -> ()

// Dense elements: splat, nested lists, bools, hex input, complex.
// CHECK: "x.dense"() {a = dense<1.000000e+00> : tensor<2x2xf32>, b = dense<{{\[\[}}1, 2], [3, 4]]> : tensor<2x2xi32>, c = dense<[true, false]> : tensor<2xi1>, d = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>, e = dense<(1.000000e+00,2.000000e+00)> : tensor<1xcomplex<f32>>, f = dense<[1, 2]> : vector<2xi8>, g = dense<5> : tensor<i64>}
"x.dense"() {a = dense<1.0> : tensor<2x2xf32>, b = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>, c = dense<[true, false]> : tensor<2xi1>, d = dense<"0x0000803F00000040"> : tensor<2xf32>, e = dense<[(1.0, 2.0)]> : tensor<1xcomplex<f32>>, f = dense<[1, 2]> : vector<2xi8>, g = dense<5> : tensor<i64>} : () -> ()

// Dense arrays.
// CHECK: "x.arrays"() {a = array<i64: 1, 2, 3>, b = array<i32>, c = array<f32: 1.500000e+00>, d = array<i1: true, false>} : () -> ()
"x.arrays"() {a = array<i64: 1, 2, 3>, b = array<i32>, c = array<f32: 1.5>, d = array<i1: true, false>} : () -> ()

// Dialect attributes stay opaque when their dialect is not registered.
// CHECK: "x.dialect_attrs"() {a = #foo.bar, b = #foo.baz<1, "x">, c = #foo<"y">} : () -> ()
"x.dialect_attrs"() {a = #foo.bar, b = #foo.baz<1, "x">, c = #foo<"y">} : () -> ()

// Attribute names that are not bare identifiers are quoted.
// CHECK: "x.names"() {"odd key" = 1 : i64, plain = 2 : i64} : () -> ()
"x.names"() {"odd key" = 1, plain = 2} : () -> ()

// Negative and extreme 64-bit elements keep their values.
// CHECK: "x.negdense"() {v = dense<[1, -5, -9223372036854775808, 9223372036854775807]> : tensor<4xi64>} : () -> ()
"x.negdense"() {v = dense<[1, -5, -9223372036854775808, 9223372036854775807]> : tensor<4xi64>} : () -> ()
