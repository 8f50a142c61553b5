// example: builtin.module
module @model attributes {mlc.producer = "example"} {
  func.func @main(%arg0: tensor<2xf32>) -> tensor<2xf32> {
    return %arg0 : tensor<2xf32>
  }
}

// -----

// example: builtin.unrealized_conversion_cast
func.func @unrealized_conversion_cast(%arg0: tensor<2xf32>) -> tensor<2xi32> {
  %0 = builtin.unrealized_conversion_cast %arg0 : tensor<2xf32> to tensor<2xi32>
  return %0 : tensor<2xi32>
}
