// RUN: mlc-opt --canonicalize %s | filecheck %s

// A transpose that is the only reader of an imported weight (a
// dense_resource blob) folds into a constant: linear layers reach their
// matmul that way, and quantization needs the weight as a constant. A
// shared blob stays as it is, so folding never copies a shared weight.

// CHECK-LABEL: func.func @sole_reader
// CHECK-NEXT:    %0 = core.constant dense<{{\[}}[1.000000e+00, 3.000000e+00], [2.000000e+00, 4.000000e+00]]> : tensor<2x2xf32>
// CHECK-NEXT:    %1 = core.matmul %arg0, %0
func.func @sole_reader(%x: tensor<1x2xf32>) -> tensor<1x2xf32> {
  %w = core.constant dense_resource<w> : tensor<2x2xf32>
  %t = core.transpose %w {perm = array<i64: 1, 0>} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %y = core.matmul %x, %t : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
  return %y : tensor<1x2xf32>
}

// CHECK-LABEL: func.func @shared
// CHECK-NEXT:    %0 = core.constant dense_resource<v> : tensor<2x2xf32>
// CHECK-NEXT:    %1 = core.transpose %0
func.func @shared(%x: tensor<1x2xf32>) -> (tensor<1x2xf32>, tensor<2x2xf32>) {
  %w = core.constant dense_resource<v> : tensor<2x2xf32>
  %t = core.transpose %w {perm = array<i64: 1, 0>} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %y = core.matmul %x, %t : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
  return %y, %w : tensor<1x2xf32>, tensor<2x2xf32>
}

{-#
  dialect_resources: {
    builtin: {
      w: "0x040000000000803F000000400000404000008040",
      v: "0x040000000000803F000000400000404000008040"
    }
  }
#-}
