// RUN: mlc-opt --split-input-file --cross-layer-equalize %s | filecheck %s
// RUN: mlc-opt --split-input-file '--cross-layer-equalize=bounded=rescale' %s | filecheck %s --check-prefix=RESCALE
// RUN: mlc-opt --split-input-file '--cross-layer-equalize=explain=true' %s -o /dev/null 2>&1 | filecheck %s --check-prefix=EXPLAIN

// Cross-layer equalization (Nagel et al. 2019): output channel i of the
// first conv is divided by s_i = sqrt(r1_i / r2_i), input channel i of the
// second multiplied by it, where r1_i and r2_i are the channels' max |w|.
// Here r1 = [4, 1] and r2 = [1, 4], so s = [2, 0.5]: both layers end with
// ranges [2, 2], and the bias [2, 3] becomes [1, 6].

// CHECK-LABEL: func.func @pair(
// CHECK-NEXT:    %0 = core.constant dense<{{\[\[\[\[}}2.000000e+00]]], {{\[\[\[}}-2.000000e+00]]]]> : tensor<2x1x1x1xf32>
// CHECK-NEXT:    %1 = core.constant dense<[1.000000e+00, 6.000000e+00]> : tensor<2xf32>
// CHECK-NEXT:    %2 = core.conv2d %arg0, %0, %1
// CHECK-NEXT:    %3 = core.relu %2
// CHECK-NEXT:    %4 = core.constant dense<{{\[\[\[\[}}2.000000e+00]], {{\[\[}}-2.000000e+00]]]]> : tensor<1x2x1x1xf32>
// CHECK-NEXT:    %5 = core.conv2d %3, %4
// EXPLAIN: equalize.mlir:[[@LINE+5]]:{{[0-9]+}}: remark: equalized 'core.conv2d' with 'core.conv2d' at {{.*}}: output-channel range spread 4 -> 1, input-channel range spread 4 -> 1
// EXPLAIN: remark: 'core.conv2d' not equalized: the result is returned, not fed to a layer
func.func @pair(%x: tensor<1x1x2x2xf32>) -> tensor<1x1x2x2xf32> {
  %w1 = core.constant dense<[[[[4.0]]], [[[-1.0]]]]> : tensor<2x1x1x1xf32>
  %b1 = core.constant dense<[2.0, 3.0]> : tensor<2xf32>
  %0 = core.conv2d %x, %w1, %b1 : (tensor<1x1x2x2xf32>, tensor<2x1x1x1xf32>, tensor<2xf32>) -> tensor<1x2x2x2xf32>
  %1 = core.relu %0 : tensor<1x2x2x2xf32>
  %w2 = core.constant dense<[[[[1.0]], [[-4.0]]]]> : tensor<1x2x1x1xf32>
  %2 = core.conv2d %1, %w2 : (tensor<1x2x2x2xf32>, tensor<1x2x1x1xf32>) -> tensor<1x1x2x2xf32>
  return %2 : tensor<1x1x2x2xf32>
}

// -----

// conv -> depthwise conv -> pointwise conv (MobileNet): the two pairs are
// swept until the ranges agree along the chain, per channel the cube root
// of the three ranges' product: channel 0 cbrt(8·1·1) = 2, channel 1
// cbrt(1·1·8) = 2, so s12 = [4, 0.5] and s23 = [2, 0.25]: the depthwise
// weights [1, 1] become [2, 2] (times s12, divided by s23) and its bias
// [1, 1] becomes [0.5, 4] (divided by s23).

// CHECK-LABEL: func.func @depthwise(
// CHECK-NEXT:    %0 = core.constant dense<2.000000e+00> : tensor<2x1x1x1xf32>
// CHECK-NEXT:    %1 = core.conv2d %arg0, %0
// CHECK-NEXT:    %2 = core.relu %1
// CHECK-NEXT:    %3 = core.constant dense<2.000000e+00> : tensor<2x1x1x1xf32>
// CHECK-NEXT:    %4 = core.constant dense<[5.000000e-01, 4.000000e+00]> : tensor<2xf32>
// CHECK-NEXT:    %5 = core.conv2d %2, %3, %4 {{{.*}}groups = 2
// CHECK-NEXT:    %6 = core.clamp %5 min
// CHECK-NEXT:    %7 = core.constant dense<2.000000e+00> : tensor<1x2x1x1xf32>
// EXPLAIN-COUNT-2: equalized 'core.conv2d' with 'core.conv2d'
func.func @depthwise(%x: tensor<1x1x3x3xf32>) -> tensor<1x1x3x3xf32> {
  %w1 = core.constant dense<[[[[8.0]]], [[[1.0]]]]> : tensor<2x1x1x1xf32>
  %0 = core.conv2d %x, %w1 : (tensor<1x1x3x3xf32>, tensor<2x1x1x1xf32>) -> tensor<1x2x3x3xf32>
  %1 = core.relu %0 : tensor<1x2x3x3xf32>
  %wd = core.constant dense<[[[[1.0]]], [[[1.0]]]]> : tensor<2x1x1x1xf32>
  %bd = core.constant dense<[1.0, 1.0]> : tensor<2xf32>
  %2 = core.conv2d %1, %wd, %bd {groups = 2 : i64} : (tensor<1x2x3x3xf32>, tensor<2x1x1x1xf32>, tensor<2xf32>) -> tensor<1x2x3x3xf32>
  %3 = core.clamp %2 min 0.0 : tensor<1x2x3x3xf32>
  %w3 = core.constant dense<[[[[1.0]], [[8.0]]]]> : tensor<1x2x1x1xf32>
  %4 = core.conv2d %3, %w3 : (tensor<1x2x3x3xf32>, tensor<1x2x1x1xf32>) -> tensor<1x1x3x3xf32>
  return %4 : tensor<1x1x3x3xf32>
}

// -----

// ReLU6 (clamp min 0 max 6) is not scale-equivariant: by default the pair
// is left alone. With bounded=rescale, s = [2, 1] and the clamp becomes
// clamp(min 0) then min against the per-channel bounds 6/s = [3, 6].

// CHECK-LABEL: func.func @relu6(
// CHECK-NEXT:    %0 = core.constant dense<{{\[\[\[\[}}4.000000e+00]]], {{\[\[\[}}1.000000e+00]]]]>
// CHECK:         core.clamp %{{.*}} min 0.000000e+00 max 6.000000e+00
// EXPLAIN: remark: 'core.conv2d' not equalized: 'core.clamp' with a finite max (ReLU6-like) between the layers; bounded=rescale equalizes through it
// RESCALE-LABEL: func.func @relu6(
// RESCALE-NEXT:    %0 = core.constant dense<{{\[\[\[\[}}2.000000e+00]]], {{\[\[\[}}1.000000e+00]]]]> : tensor<2x1x1x1xf32>
// RESCALE-NEXT:    %1 = core.conv2d %arg0, %0
// RESCALE-NEXT:    %2 = core.constant dense<{{\[\[\[\[}}3.000000e+00]], {{\[\[}}6.000000e+00]]]]> : tensor<1x2x1x1xf32>
// RESCALE-NEXT:    %3 = core.clamp %1 min 0.000000e+00 : tensor<1x2x2x2xf32>
// RESCALE-NEXT:    %4 = core.min %3, %2 : (tensor<1x2x2x2xf32>, tensor<1x2x1x1xf32>) -> tensor<1x2x2x2xf32>
// RESCALE-NEXT:    %5 = core.constant dense<{{\[\[\[\[}}2.000000e+00]], {{\[\[}}1.000000e+00]]]]> : tensor<1x2x1x1xf32>
// RESCALE-NEXT:    %6 = core.conv2d %4, %5
func.func @relu6(%x: tensor<1x1x2x2xf32>) -> tensor<1x1x2x2xf32> {
  %w1 = core.constant dense<[[[[4.0]]], [[[1.0]]]]> : tensor<2x1x1x1xf32>
  %0 = core.conv2d %x, %w1 : (tensor<1x1x2x2xf32>, tensor<2x1x1x1xf32>) -> tensor<1x2x2x2xf32>
  %1 = core.clamp %0 min 0.0 max 6.0 : tensor<1x2x2x2xf32>
  %w2 = core.constant dense<[[[[1.0]], [[1.0]]]]> : tensor<1x2x1x1xf32>
  %2 = core.conv2d %1, %w2 : (tensor<1x2x2x2xf32>, tensor<1x2x1x1xf32>) -> tensor<1x1x2x2xf32>
  return %2 : tensor<1x1x2x2xf32>
}

// -----

// A classifier head: conv -> relu -> spatial mean -> flatten -> matmul
// with a transposed weight. Input channel i of the matmul is column i of
// the [3, 2] constant: r1 = [1, 9], r2 = [4, 1], s = [0.5, 3]; both ranges
// become [2, 3].

// CHECK-LABEL: func.func @head(
// CHECK-NEXT:    %0 = core.constant dense<{{\[\[\[\[}}2.000000e+00]]], {{\[\[\[}}3.000000e+00]]]]> : tensor<2x1x1x1xf32>
// CHECK:         %{{.*}} = core.constant dense<{{\[\[}}2.000000e+00, 3.000000e+00], [-1.000000e+00, 1.500000e+00], [5.000000e-01, -3.000000e+00]]> : tensor<3x2xf32>
// CHECK-NEXT:    core.transpose
// EXPLAIN: equalized 'core.conv2d' with 'core.matmul'
func.func @head(%x: tensor<1x1x2x2xf32>) -> tensor<1x3xf32> {
  %w1 = core.constant dense<[[[[1.0]]], [[[9.0]]]]> : tensor<2x1x1x1xf32>
  %0 = core.conv2d %x, %w1 : (tensor<1x1x2x2xf32>, tensor<2x1x1x1xf32>) -> tensor<1x2x2x2xf32>
  %1 = core.relu %0 : tensor<1x2x2x2xf32>
  %2 = core.reduce_mean %1 {axes = array<i64: 2, 3>, keepdims = true} : (tensor<1x2x2x2xf32>) -> tensor<1x2x1x1xf32>
  %3 = core.reshape %2 : (tensor<1x2x1x1xf32>) -> tensor<1x2xf32>
  %w = core.constant dense<[[4.0, 1.0], [-2.0, 0.5], [1.0, -1.0]]> : tensor<3x2xf32>
  %wt = core.transpose %w {perm = array<i64: 1, 0>} : (tensor<3x2xf32>) -> tensor<2x3xf32>
  %4 = core.matmul %3, %wt : (tensor<1x2xf32>, tensor<2x3xf32>) -> tensor<1x3xf32>
  return %4 : tensor<1x3xf32>
}

// -----

// linear -> bias add -> relu -> linear (the channels are the last
// dimension): r1 = [4, 1] (rows of the transposed constant), r2 = [1, 4]
// (rows of the second weight), s = [2, 0.5]. The bias add's constant
// [2, 3] is the first layer's bias and becomes [1, 6].

// CHECK-LABEL: func.func @mlp(
// CHECK-NEXT:    %0 = core.constant dense<{{\[\[}}2.000000e+00, 0.000000e+00], [0.000000e+00, 2.000000e+00]]> : tensor<2x2xf32>
// CHECK-NEXT:    %1 = core.constant dense<[1.000000e+00, 6.000000e+00]> : tensor<2xf32>
// CHECK-NEXT:    %2 = core.transpose %0
// CHECK-NEXT:    %3 = core.matmul %arg0, %2
// CHECK-NEXT:    %4 = core.add %3, %1
// CHECK-NEXT:    %5 = core.relu %4
// CHECK-NEXT:    %6 = core.constant dense<2.000000e+00> : tensor<2x1xf32>
// CHECK-NEXT:    %7 = core.matmul %5, %6
// EXPLAIN: remark: equalized 'core.matmul' with 'core.matmul'
func.func @mlp(%x: tensor<3x2xf32>) -> tensor<3x1xf32> {
  %w1 = core.constant dense<[[4.0, 0.0], [0.0, 1.0]]> : tensor<2x2xf32>
  %b1 = core.constant dense<[2.0, 3.0]> : tensor<2xf32>
  %wt = core.transpose %w1 {perm = array<i64: 1, 0>} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %0 = core.matmul %x, %wt : (tensor<3x2xf32>, tensor<2x2xf32>) -> tensor<3x2xf32>
  %1 = core.add %0, %b1 : (tensor<3x2xf32>, tensor<2xf32>) -> tensor<3x2xf32>
  %2 = core.relu %1 : tensor<3x2xf32>
  %w2 = core.constant dense<[[1.0], [4.0]]> : tensor<2x1xf32>
  %3 = core.matmul %2, %w2 : (tensor<3x2xf32>, tensor<2x1xf32>) -> tensor<3x1xf32>
  return %3 : tensor<3x1xf32>
}
