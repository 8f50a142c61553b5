#loc0 = loc("in.py":3:7)
module attributes {tst.attrs = [
    1 : i8, -1 : i8, 255 : ui8, -7 : i16, 40000 : i32, -3 : i64, 12 : index, 7 : si32, 9 : ui64,
    true, false, 0.5 : f32, -2.25 : f64, 1.5 : f16, 3.0 : bf16, 0x7FC00000 : f32,
    "str", "typed" : i32, "esc\n\"\\", unit, i32, tensor<?x3xf32>, @sym, @a::@b::@c,
    array<i64: 1, -2, 3>, array<f32: 1.5, 2.0>, array<i1: true, false>, array<i8>,
    dense<[1, 2, 3]> : tensor<3xi32>, dense<1.0> : tensor<2x2xf32>, dense<[true, false, true]> : tensor<3xi1>,
    dense<true> : tensor<4xi1>, dense<[[1.5, 2.5]]> : tensor<1x2xf64>, dense<5> : tensor<i64>,
    dense<[1, 2]> : vector<2xi16>, dense<(1.0, 2.0)> : tensor<complex<f32>>,
    dense<[[0x7F, 0x80]]> : tensor<1x2xf8E4M3FN>, 2.0 : f8E4M3FN,
    {a = 1 : i32, b = [], c = {}}, 123456789012345678901234567890 : i128, -5 : i128,
    none, index, complex<f64>, tuple<i32, f32>, vector<4x1xf32>, tensor<*xi8>, (i32, f32) -> (),
    () -> i1, ui16, si8, f8E4M3FN
  ]} {
  func.func @f(%arg0: i32 loc("arg0"), %arg1: tensor<2xf32>) -> i32 {
    %0 = "tst.op"(%arg0) ({
    ^bb0(%x: i32):
      "tst.yield"(%x, %arg0) : (i32, i32) -> ()
    }) {loc_user = 1 : i32} : (i32) -> i32 loc(fused["a.mlir":1:2, "b"])
    "tst.br"(%0)[^bb1] : (i32) -> () loc(callsite("callee" at "caller.mlir":4:5))
  ^bb1:
    %1 = "tst.graph"() ({
      %2 = "tst.use"(%3) : (i32) -> i32
      %3 = "tst.def"() : () -> i32
    }) : () -> i32 loc(fused<"meta">["c", #loc0])
    "tst.cond_br"(%1)[^bb1, ^bb2] : (i32) -> () loc("name"("file.mlir":9:1))
  ^bb2:
    return %0 : i32 loc(unknown)
  }
  func.func @res() -> tensor<2xf32> {
    %0 = "tst.const"() {value = dense_resource<blob1> : tensor<2xf32>} : () -> tensor<2xf32>
    %1 = "tst.const"() {value = dense_resource<blob2> : tensor<4xi8>} : () -> tensor<4xi8>
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
