func.func @f() -> (tensor<4xf32>, tensor<1xi32>) {
  %0 = "x.c"() {value = dense_resource<big> : tensor<4xf32>} : () -> tensor<4xf32>
  %1 = "x.c"() {value = dense_resource<small> : tensor<1xi32>} : () -> tensor<1xi32>
  return %0, %1 : tensor<4xf32>, tensor<1xi32>
}
{-#
  dialect_resources: {
    builtin: {
      big: "0x040000000000803F000000400000404000008040",
      small: "0x0400000001000000"
    }
  }
#-}
