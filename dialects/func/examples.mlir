// example: func.func
func.func @scale(%arg0: tensor<4xf32> {mlc.name = "x"}) -> (tensor<4xf32> {mlc.name = "y"}) {
  %0 = core.mul %arg0, %arg0 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// example: func.return
func.func @pair(%arg0: tensor<2xf32>, %arg1: tensor<2xi32>) -> (tensor<2xf32>, tensor<2xi32>) {
  return %arg0, %arg1 : tensor<2xf32>, tensor<2xi32>
}

// -----

// example: func.call
func.func private @callee(tensor<2xf32>) -> tensor<2xf32>
func.func @caller(%arg0: tensor<2xf32>) -> tensor<2xf32> {
  %0 = call @callee(%arg0) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
