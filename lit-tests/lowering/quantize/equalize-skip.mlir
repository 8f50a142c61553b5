// RUN: mlc-opt --split-input-file '--cross-layer-equalize=explain=true' %s -o /dev/null 2>&1 | filecheck %s
// RUN: mlc-opt --split-input-file --cross-layer-equalize %s | filecheck %s --check-prefix=IR

// Pairs the pass leaves alone, each with its reason, and the IR unchanged.

// CHECK: equalize-skip.mlir:[[@LINE+6]]:{{[0-9]+}}: remark: 'core.conv2d' not equalized: the weight constant is shared with 1 other uses
// IR-LABEL: func.func @shared(
// IR-NEXT:    %0 = core.constant dense<{{\[\[\[\[}}4.000000e+00]], {{\[\[}}0.000000e+00]]], {{\[\[\[}}1.000000e+00]], {{\[\[}}0.000000e+00]]]]>
// IR-NEXT:    core.conv2d
func.func @shared(%x: tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32> {
  %w = core.constant dense<[[[[4.0]], [[0.0]]], [[[1.0]], [[0.0]]]]> : tensor<2x2x1x1xf32>
  %0 = core.conv2d %x, %w : (tensor<1x2x2x2xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x2x2xf32>
  %1 = core.conv2d %0, %w : (tensor<1x2x2x2xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x2x2xf32>
  return %1 : tensor<1x2x2x2xf32>
}

// -----

// CHECK: equalize-skip.mlir:[[@LINE+5]]:{{[0-9]+}}: remark: 'core.conv2d' not equalized: the result of 'core.conv2d' has 2 uses, not one
// IR-LABEL: func.func @fanout(
// IR-NEXT:    %0 = core.constant dense<{{\[\[\[\[}}4.000000e+00]]], {{\[\[\[}}1.000000e+00]]]]>
func.func @fanout(%x: tensor<1x1x2x2xf32>) -> (tensor<1x1x2x2xf32>, tensor<1x2x2x2xf32>) {
  %w1 = core.constant dense<[[[[4.0]]], [[[1.0]]]]> : tensor<2x1x1x1xf32>
  %0 = core.conv2d %x, %w1 : (tensor<1x1x2x2xf32>, tensor<2x1x1x1xf32>) -> tensor<1x2x2x2xf32>
  %w2 = core.constant dense<[[[[1.0]], [[1.0]]]]> : tensor<1x2x1x1xf32>
  %1 = core.conv2d %0, %w2 : (tensor<1x2x2x2xf32>, tensor<1x2x1x1xf32>) -> tensor<1x1x2x2xf32>
  return %1, %0 : tensor<1x1x2x2xf32>, tensor<1x2x2x2xf32>
}

// -----

// CHECK: equalize-skip.mlir:[[@LINE+3]]:{{[0-9]+}}: remark: 'core.conv2d' not equalized: 'core.sigmoid' between the layers is not scale-equivariant
func.func @sigmoid(%x: tensor<1x1x2x2xf32>) -> tensor<1x1x2x2xf32> {
  %w1 = core.constant dense<[[[[4.0]]], [[[1.0]]]]> : tensor<2x1x1x1xf32>
  %0 = core.conv2d %x, %w1 : (tensor<1x1x2x2xf32>, tensor<2x1x1x1xf32>) -> tensor<1x2x2x2xf32>
  %1 = core.sigmoid %0 : tensor<1x2x2x2xf32>
  %w2 = core.constant dense<[[[[1.0]], [[1.0]]]]> : tensor<1x2x1x1xf32>
  %2 = core.conv2d %1, %w2 : (tensor<1x2x2x2xf32>, tensor<1x2x1x1xf32>) -> tensor<1x1x2x2xf32>
  return %2 : tensor<1x1x2x2xf32>
}

// -----

// CHECK: equalize-skip.mlir:[[@LINE+2]]:{{[0-9]+}}: remark: 'core.conv2d' not equalized: the weight is not a core.constant
func.func @argweight(%x: tensor<1x1x2x2xf32>, %w1: tensor<2x1x1x1xf32>) -> tensor<1x1x2x2xf32> {
  %0 = core.conv2d %x, %w1 : (tensor<1x1x2x2xf32>, tensor<2x1x1x1xf32>) -> tensor<1x2x2x2xf32>
  %1 = core.relu %0 : tensor<1x2x2x2xf32>
  %w2 = core.constant dense<[[[[1.0]], [[1.0]]]]> : tensor<1x2x1x1xf32>
  %2 = core.conv2d %1, %w2 : (tensor<1x2x2x2xf32>, tensor<1x2x1x1xf32>) -> tensor<1x1x2x2xf32>
  return %2 : tensor<1x1x2x2xf32>
}
