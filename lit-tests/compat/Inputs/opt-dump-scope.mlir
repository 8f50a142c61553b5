module {
  func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
    %0 = "x.op"(%a) {r = dense_resource<blob1> : tensor<2xi32>} : (tensor<4xf32>) -> tensor<4xf32>
    %1 = "x.op"(%a) : (tensor<4xf32>) -> tensor<4xf32> loc("here")
    return %1 : tensor<4xf32>
  }
  func.func @g(%a: i32) -> i32 {
    return %a : i32
  }
}
{-#
  dialect_resources: {
    builtin: {
      blob1: "0x080000000100000002000000"
    }
  }
#-}
