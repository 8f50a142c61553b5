// dense<...>, dense_resource<...> and array<...> attributes.
"x.dense"() {
  splat = dense<1.000000e+00> : tensor<64xf32>,
  negsplat = dense<-2> : tensor<2x2xi32>,
  list = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>,
  flist = dense<[1.5, -2.5, 0.0]> : tensor<3xf32>,
  bools = dense<[true, false]> : tensor<2xi1>,
  cplx = dense<[(1.0, 2.0), (-3.0, 4.5)]> : tensor<2xcomplex<f32>>,
  csplat = dense<(1, -2)> : tensor<4xcomplex<i32>>,
  hex = dense<"0x0102030405060708"> : tensor<8xi8>,
  strs = dense<["a", "b"]> : tensor<2x!x.string>,
  empty = dense<> : tensor<0xi32>,
  emptylist = dense<[]> : tensor<0xf32>,
  deep = dense<[[[[1]]]]> : tensor<1x1x1x1xi8>
} : () -> ()
"x.resource"() {value = dense_resource<blob1> : tensor<3xi32>} : () -> ()
"x.arrays"() {a = array<i64: 1, 2>, b = array<i32>, c = array<f32: 1.0, -2.5>, d = array<i1: true, false>, e = array<i8: -1>} : () -> ()
{-#
  dialect_resources: {
    builtin: {
      blob1: "0x04000000010000000200000003000000"
    }
  }
#-}
