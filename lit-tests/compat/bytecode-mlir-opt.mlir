// MLIR bytecode in both directions against mlir-opt-19, on IR both tools
// know: builtin and func ops, unregistered ops with properties, every
// builtin attribute kind, dense elements, resources, locations (file,
// name, call site, fused with and without metadata), block arguments with
// locations, successors and a graph region with a forward reference.
// Every op with results has an explicit location: the two text parsers
// still place an op's own location differently (its result or its name).
// REQUIRES: mlir-opt
//
// Ours → mlir-opt-19: it prints our bytecode as it prints the text.
// RUN: mlc-opt --allow-unregistered-dialect --emit-bytecode %s -o %t.ours.mlirbc
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo --mlir-print-local-scope %s -o %t.text.mlir
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo --mlir-print-local-scope %t.ours.mlirbc -o %t.ours.mlir
// RUN: diff %t.text.mlir %t.ours.mlir
// RUN: mlir-opt --allow-unregistered-dialect %t.ours.mlirbc | FileCheck %s
//
// mlir-opt-19 → ours: we print its bytecode as we print the text.
// RUN: mlir-opt --allow-unregistered-dialect --emit-bytecode %s -o %t.theirs.mlirbc
// RUN: mlc-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo %s -o %t.ours-text.mlir
// RUN: mlc-opt --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo %t.theirs.mlirbc -o %t.theirs.mlir
// RUN: diff %t.ours-text.mlir %t.theirs.mlir
// RUN: mlc-opt --allow-unregistered-dialect %t.theirs.mlirbc | filecheck %s
//
// The version mlir-opt-19 writes by default is 6; older ones on request.
// RUN: od -An -tx1 -N5 %t.ours.mlirbc | filecheck %s --check-prefix=V6
// RUN: od -An -tx1 -N5 %t.theirs.mlirbc | filecheck %s --check-prefix=V6
// V6: 4d 4c ef 52 0d
// RUN: mlc-opt --allow-unregistered-dialect --emit-bytecode --emit-bytecode-version=4 %s -o %t.v4.mlirbc
// RUN: od -An -tx1 -N5 %t.v4.mlirbc | filecheck %s --check-prefix=V4
// V4: 4d 4c ef 52 09
// RUN: mlir-opt --allow-unregistered-dialect %t.v4.mlirbc | FileCheck %s --check-prefix=V4-IR
// Before version 5 properties travel as attributes.
// V4-IR: "tst.props"() {a = "x", p = 1 : i64}
// mlir-opt-19's own version 4 keeps the inherent attributes of registered
// ops in the attribute dictionary (and drops an unregistered op's
// properties); reading moves them back into properties.
// RUN: mlir-opt --allow-unregistered-dialect --emit-bytecode --emit-bytecode-version=4 %s -o %t.theirs-v4.mlirbc
// RUN: mlc-opt --allow-unregistered-dialect --mlir-print-op-generic %t.theirs-v4.mlirbc | filecheck %s --check-prefix=THEIRS-V4
// THEIRS-V4: "func.func"() <{arg_attrs = [{tst.a = 1 : i32}], function_type = (i32) -> i32, res_attrs = [{tst.r = "r"}], sym_name = "decl", sym_visibility = "private"}>
// THEIRS-V4: "tst.props"() {a = "x"}

// CHECK: module @m attributes {tst.attrs = [1 : i8, -1 : i8, 255 : ui8, -7 : i16, 40000 : i32, -3, 12 : index, 7 : si32, 9 : ui64, true, false, 5.000000e-01 : f32, -2.250000e+00, 1.500000e+00 : f16, 3.000000e+00 : bf16, 0x7FC00000 : f32, "str", "typed" : i32, "esc\0A\22\\", unit, i32, tensor<?x3xf32>, @sym, @a::@b::@c, array<i64: 1, -2, 3>, array<f32: 1.500000e+00, 2.000000e+00>, array<i1: true, false>, array<i8>, dense<[1, 2, 3]> : tensor<3xi32>, dense<1.000000e+00> : tensor<2x2xf32>, dense<[true, false, true]> : tensor<3xi1>, dense<true> : tensor<4xi1>, dense<{{\[\[}}1.500000e+00, 2.500000e+00{{\]\]}}> : tensor<1x2xf64>, dense<5> : tensor<i64>, dense<[1, 2]> : vector<2xi16>, {a = 1 : i32, b = [], c = {}}, 123456789012345678901234567890 : i128, -5 : i128, none, index, complex<f64>, tuple<i32, f32>, vector<4x1xf32>, tensor<*xi8>, (i32, f32) -> (), () -> i1, ui16, si8, f8E4M3FN, #tst.opaque<"x", [1, 2]>, !tst.type<3 x f32>, tensor<2x!tst.elem>]} {
// CHECK:   func.func private @decl(i32 {tst.a = 1 : i32}) -> (i32 {tst.r = "r"})
// CHECK:   func.func @f(%arg0: i32 {tst.b}, %arg1: tensor<2xf32>) -> i32 attributes {tst.d} {
// CHECK:     %0 = "tst.props"() <{p = 1 : i64}> {a = "x"} : () -> i32
// CHECK:     %1 = call @decl(%arg0) : (i32) -> i32
// CHECK:     %2 = "tst.op"(%arg0) ({
// CHECK:     ^bb0(%arg2: i32):
// CHECK:       "tst.yield"(%arg2, %arg0) : (i32, i32) -> ()
// CHECK:     }) : (i32) -> i32
// CHECK:     "tst.br"(%2)[^bb1] : (i32) -> ()
// CHECK:   ^bb1:
// CHECK:     %3 = "tst.graph"() ({
// CHECK:       %4 = "tst.use"(%5) : (i32) -> i32
// CHECK:       %5 = "tst.def"() : () -> i32
// CHECK:     }) : () -> i32
// CHECK:     "tst.cond_br"(%3)[^bb1, ^bb2] : (i32) -> ()
// CHECK:   ^bb2:
// CHECK:     return %2 : i32
// CHECK:   func.func nested @res() -> tensor<2xf32> {
// CHECK:     %0 = "tst.const"() {value = dense_resource<blob1> : tensor<2xf32>} : () -> tensor<2xf32>
// CHECK:     %1 = "tst.const"() {value = dense_resource<blob2> : tensor<4xi8>} : () -> tensor<4xi8>
// CHECK:       blob1: "0x100000000000803F00000040",
// CHECK:       blob2: "0x0400000001020304"

#loc0 = loc("in.py":3:7)
module @m attributes {tst.attrs = [
    1 : i8, -1 : i8, 255 : ui8, -7 : i16, 40000 : i32, -3 : i64, 12 : index, 7 : si32, 9 : ui64,
    true, false, 0.5 : f32, -2.25 : f64, 1.5 : f16, 3.0 : bf16, 0x7FC00000 : f32,
    "str", "typed" : i32, "esc\n\"\\", unit, i32, tensor<?x3xf32>, @sym, @a::@b::@c,
    array<i64: 1, -2, 3>, array<f32: 1.5, 2.0>, array<i1: true, false>, array<i8>,
    dense<[1, 2, 3]> : tensor<3xi32>, dense<1.0> : tensor<2x2xf32>, dense<[true, false, true]> : tensor<3xi1>,
    dense<true> : tensor<4xi1>, dense<[[1.5, 2.5]]> : tensor<1x2xf64>, dense<5> : tensor<i64>,
    dense<[1, 2]> : vector<2xi16>,
    {a = 1 : i32, b = [], c = {}}, 123456789012345678901234567890 : i128, -5 : i128,
    none, index, complex<f64>, tuple<i32, f32>, vector<4x1xf32>, tensor<*xi8>, (i32, f32) -> (),
    () -> i1, ui16, si8, f8E4M3FN, #tst.opaque<"x", [1, 2]>, !tst.type<3 x f32>, tensor<2x!tst.elem>
  ]} {
  func.func private @decl(i32 {tst.a = 1 : i32}) -> (i32 {tst.r = "r"})
  func.func @f(%arg0: i32 {tst.b} loc("arg0"), %arg1: tensor<2xf32>) -> i32 attributes {tst.d} {
    %p = "tst.props"() <{p = 1 : i64}> {a = "x"} : () -> i32 loc("props")
    %c = func.call @decl(%arg0) : (i32) -> i32 loc("call.py":10:2)
    %0 = "tst.op"(%arg0) ({
    ^bb0(%x: i32 loc("x.mlir":1:1)):
      "tst.yield"(%x, %arg0) : (i32, i32) -> ()
    }) : (i32) -> i32 loc(fused["a.mlir":1:2, "b"])
    "tst.br"(%0)[^bb1] : (i32) -> () loc(callsite("callee" at "caller.mlir":4:5))
  ^bb1:
    %1 = "tst.graph"() ({
      %2 = "tst.use"(%3) : (i32) -> i32 loc("use")
      %3 = "tst.def"() : () -> i32 loc("def")
    }) : () -> i32 loc(fused<"meta">["c", #loc0])
    "tst.cond_br"(%1)[^bb1, ^bb2] : (i32) -> () loc("name"("file.mlir":9:1))
  ^bb2:
    return %0 : i32 loc(unknown)
  }
  func.func nested @res() -> tensor<2xf32> {
    %0 = "tst.const"() {value = dense_resource<blob1> : tensor<2xf32>} : () -> tensor<2xf32> loc("w1")
    %1 = "tst.const"() {value = dense_resource<blob2> : tensor<4xi8>} : () -> tensor<4xi8> loc("w2")
    return %0 : tensor<2xf32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      blob1: "0x100000000000803F00000040",
      blob2: "0x0400000001020304"
    }
  }
#-}
