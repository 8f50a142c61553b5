// Builtin keyword types, complex, tuple and function types.
%0:8 = "x.ints"() : () -> (i1, i8, i32, i64, si8, ui16, i0, i128)
%1:8 = "x.floats"() : () -> (f16, bf16, f32, f64, f80, f128, tf32, f8E4M3FN)
%2:5 = "x.f8"() : () -> (f8E5M2, f8E4M3, f8E5M2FNUZ, f8E4M3FNUZ, f8E4M3B11FNUZ)
%3:2 = "x.misc"() : () -> (index, none)
%4:3 = "x.complex"() : () -> (complex<f32>, complex<i8>, complex<f64>)
%5:3 = "x.tuple"() : () -> (tuple<>, tuple<i32, f32>, tuple<tuple<i1>, tensor<2xf32>>)
%6:4 = "x.fn"() : () -> (() -> (), (i32) -> f32, (i32, f32) -> (f32, i32), ((i32) -> i32) -> (() -> ()))
