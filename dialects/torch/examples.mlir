// example: torch.constant
func.func @constant() -> tensor<2x2xf32> {
  %0 = torch.constant dense<[[1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

// example: torch.aten.conv2d
func.func @aten_conv2d(%arg0: tensor<1x3x224x224xf32>, %arg1: tensor<64x3x7x7xf32>, %arg2: tensor<64xf32>) -> tensor<1x64x112x112xf32> {
  %0 = torch.aten.conv2d %arg0, %arg1, %arg2 {padding = array<i64: 3, 3>, stride = array<i64: 2, 2>} : (tensor<1x3x224x224xf32>, tensor<64x3x7x7xf32>, tensor<64xf32>) -> tensor<1x64x112x112xf32>
  return %0 : tensor<1x64x112x112xf32>
}

// -----

// example: torch.aten.linear
func.func @aten_linear(%arg0: tensor<2x5x768xf32>, %arg1: tensor<3072x768xf32>, %arg2: tensor<3072xf32>) -> tensor<2x5x3072xf32> {
  %0 = torch.aten.linear %arg0, %arg1, %arg2 : (tensor<2x5x768xf32>, tensor<3072x768xf32>, tensor<3072xf32>) -> tensor<2x5x3072xf32>
  return %0 : tensor<2x5x3072xf32>
}

// -----

// example: torch.aten.matmul
func.func @aten_matmul(%arg0: tensor<4xf32>) -> tensor<f32> {
  %0 = torch.aten.matmul %arg0, %arg0 : (tensor<4xf32>, tensor<4xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// example: torch.aten.mm
func.func @aten_mm(%arg0: tensor<3x4xi32>, %arg1: tensor<4x5xi32>) -> tensor<3x5xi32> {
  %0 = torch.aten.mm %arg0, %arg1 : (tensor<3x4xi32>, tensor<4x5xi32>) -> tensor<3x5xi32>
  return %0 : tensor<3x5xi32>
}

// -----

// example: torch.aten.bmm
func.func @aten_bmm(%arg0: tensor<2x3x4xf32>, %arg1: tensor<2x4x5xf32>) -> tensor<2x3x5xf32> {
  %0 = torch.aten.bmm %arg0, %arg1 : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

// example: torch.aten.addmm
func.func @aten_addmm(%arg0: tensor<5xf32>, %arg1: tensor<3x4xf32>, %arg2: tensor<4x5xf32>) -> tensor<3x5xf32> {
  %0 = torch.aten.addmm %arg0, %arg1, %arg2 {alpha = 2 : i64, beta = 5.000000e-01 : f64} : (tensor<5xf32>, tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// example: torch.aten.add.Tensor
func.func @aten_add_Tensor(%arg0: tensor<2x1x4xf32>, %arg1: tensor<3x1xf32>) -> tensor<2x3x4xf32> {
  %0 = torch.aten.add.Tensor %arg0, %arg1 : (tensor<2x1x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// example: torch.aten.sub.Tensor
func.func @aten_sub_Tensor(%arg0: tensor<3xi64>) -> tensor<3xi64> {
  %0 = torch.aten.sub.Tensor %arg0, %arg0 {alpha = 2 : i64} : (tensor<3xi64>, tensor<3xi64>) -> tensor<3xi64>
  return %0 : tensor<3xi64>
}

// -----

// example: torch.aten.mul.Tensor
func.func @aten_mul_Tensor(%arg0: tensor<4xi32>, %arg1: tensor<2x4xi32>) -> tensor<2x4xi32> {
  %0 = torch.aten.mul.Tensor %arg0, %arg1 : (tensor<4xi32>, tensor<2x4xi32>) -> tensor<2x4xi32>
  return %0 : tensor<2x4xi32>
}

// -----

// example: torch.aten.div.Tensor
func.func @aten_div_Tensor(%arg0: tensor<2x1x4xf32>, %arg1: tensor<3x1xf32>) -> tensor<2x3x4xf32> {
  %0 = torch.aten.div.Tensor %arg0, %arg1 : (tensor<2x1x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// example: torch.aten.pow.Tensor_Tensor
func.func @aten_pow_Tensor_Tensor(%arg0: tensor<2x1x4xf32>, %arg1: tensor<3x1xf32>) -> tensor<2x3x4xf32> {
  %0 = torch.aten.pow.Tensor_Tensor %arg0, %arg1 : (tensor<2x1x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// example: torch.aten.add.Scalar
func.func @aten_add_Scalar(%arg0: tensor<2x3xf16>) -> tensor<2x3xf16> {
  %0 = torch.aten.add.Scalar %arg0 {other = 1 : i64} : tensor<2x3xf16> -> tensor<2x3xf16>
  return %0 : tensor<2x3xf16>
}

// -----

// example: torch.aten.sub.Scalar
func.func @aten_sub_Scalar(%arg0: tensor<4xi32>) -> tensor<4xi32> {
  %0 = torch.aten.sub.Scalar %arg0 {alpha = 2 : i64, other = 3 : i64} : tensor<4xi32> -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// example: torch.aten.rsub.Scalar
func.func @aten_rsub_Scalar(%arg0: tensor<2x3xf16>) -> tensor<2x3xf16> {
  %0 = torch.aten.rsub.Scalar %arg0 {other = 1.000000e+00 : f64} : tensor<2x3xf16> -> tensor<2x3xf16>
  return %0 : tensor<2x3xf16>
}

// -----

// example: torch.aten.mul.Scalar
func.func @aten_mul_Scalar(%arg0: tensor<4xi32>) -> tensor<4xf32> {
  %0 = torch.aten.mul.Scalar %arg0 {other = 5.000000e-01 : f64} : tensor<4xi32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// example: torch.aten.div.Scalar
func.func @aten_div_Scalar(%arg0: tensor<2x3xf16>) -> tensor<2x3xf16> {
  %0 = torch.aten.div.Scalar %arg0 {other = 8.000000e+00 : f64} : tensor<2x3xf16> -> tensor<2x3xf16>
  return %0 : tensor<2x3xf16>
}

// -----

// example: torch.aten.pow.Tensor_Scalar
func.func @aten_pow_Tensor_Scalar(%arg0: tensor<2x3xf16>) -> tensor<2x3xf16> {
  %0 = torch.aten.pow.Tensor_Scalar %arg0 {exponent = 2.000000e+00 : f64} : tensor<2x3xf16> -> tensor<2x3xf16>
  return %0 : tensor<2x3xf16>
}

// -----

// example: torch.aten.where.self
func.func @aten_where_self(%arg0: tensor<1x1x4x4xi1>, %arg1: tensor<2x8x4x4xf32>, %arg2: tensor<f32>) -> tensor<2x8x4x4xf32> {
  %0 = torch.aten.where.self %arg0, %arg1, %arg2 : (tensor<1x1x4x4xi1>, tensor<2x8x4x4xf32>, tensor<f32>) -> tensor<2x8x4x4xf32>
  return %0 : tensor<2x8x4x4xf32>
}

// -----

// example: torch.aten.masked_fill.Scalar
func.func @aten_masked_fill_Scalar(%arg0: tensor<2x8x4x4xf32>, %arg1: tensor<4x4xi1>) -> tensor<2x8x4x4xf32> {
  %0 = torch.aten.masked_fill.Scalar %arg0, %arg1 {value = -1.000000e+09 : f64} : (tensor<2x8x4x4xf32>, tensor<4x4xi1>) -> tensor<2x8x4x4xf32>
  return %0 : tensor<2x8x4x4xf32>
}

// -----

// example: torch.aten.relu
func.func @aten_relu(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = torch.aten.relu %arg0 : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// example: torch.aten.relu6
func.func @aten_relu6(%arg0: tensor<4xf16>) -> tensor<4xf16> {
  %0 = torch.aten.relu6 %arg0 : tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

// example: torch.aten.leaky_relu
func.func @aten_leaky_relu(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = torch.aten.leaky_relu %arg0 {negative_slope = 2.000000e-01 : f64} : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// example: torch.aten.hardtanh
func.func @aten_hardtanh(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = torch.aten.hardtanh %arg0 {max_val = 6 : i64, min_val = 0 : i64} : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// example: torch.aten.gelu
func.func @aten_gelu(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = torch.aten.gelu %arg0 : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// example: torch.aten.silu
func.func @aten_silu(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = torch.aten.silu %arg0 : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// example: torch.aten.sigmoid
func.func @aten_sigmoid(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = torch.aten.sigmoid %arg0 : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// example: torch.aten.tanh
func.func @aten_tanh(%arg0: tensor<4xf16>) -> tensor<4xf16> {
  %0 = torch.aten.tanh %arg0 : tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

// example: torch.aten.hardswish
func.func @aten_hardswish(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = torch.aten.hardswish %arg0 : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// example: torch.aten.hardsigmoid
func.func @aten_hardsigmoid(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = torch.aten.hardsigmoid %arg0 : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// example: torch.aten.erf
func.func @aten_erf(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = torch.aten.erf %arg0 : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// example: torch.aten.sqrt
func.func @aten_sqrt(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = torch.aten.sqrt %arg0 : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// example: torch.aten.rsqrt
func.func @aten_rsqrt(%arg0: tensor<4xbf16>) -> tensor<4xbf16> {
  %0 = torch.aten.rsqrt %arg0 : tensor<4xbf16>
  return %0 : tensor<4xbf16>
}

// -----

// example: torch.aten.exp
func.func @aten_exp(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = torch.aten.exp %arg0 : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// example: torch.aten.log
func.func @aten_log(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = torch.aten.log %arg0 : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// example: torch.aten.neg
func.func @aten_neg(%arg0: tensor<5xi32>) -> tensor<5xi32> {
  %0 = torch.aten.neg %arg0 : tensor<5xi32>
  return %0 : tensor<5xi32>
}

// -----

// example: torch.aten.abs
func.func @aten_abs(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = torch.aten.abs %arg0 : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// example: torch.aten.clamp
func.func @aten_clamp(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = torch.aten.clamp %arg0 {min = 0.000000e+00 : f64} : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// example: torch.aten.softmax.int
func.func @aten_softmax_int(%arg0: tensor<2x5x768xf16>) -> tensor<2x5x768xf16> {
  %0 = torch.aten.softmax.int %arg0 {dim = -1 : i64} : tensor<2x5x768xf16> -> tensor<2x5x768xf16>
  return %0 : tensor<2x5x768xf16>
}

// -----

// example: torch.aten.log_softmax.int
func.func @aten_log_softmax_int(%arg0: tensor<1x64x56x56xf32>) -> tensor<1x64x56x56xf32> {
  %0 = torch.aten.log_softmax.int %arg0 {dim = 1 : i64} : tensor<1x64x56x56xf32> -> tensor<1x64x56x56xf32>
  return %0 : tensor<1x64x56x56xf32>
}

// -----

// example: torch.aten.layer_norm
func.func @aten_layer_norm(%arg0: tensor<2x5x768xf16>) -> tensor<2x5x768xf16> {
  %0 = torch.aten.layer_norm %arg0 {normalized_shape = array<i64: 768>} : (tensor<2x5x768xf16>) -> tensor<2x5x768xf16>
  return %0 : tensor<2x5x768xf16>
}

// -----

// example: torch.aten.batch_norm
func.func @aten_batch_norm(%arg0: tensor<1x64x56x56xf32>, %arg1: tensor<64xf32>) -> tensor<1x64x56x56xf32> {
  %0 = torch.aten.batch_norm %arg0, %arg1, %arg1, %arg1, %arg1 {eps = 1.000000e-03 : f64} : (tensor<1x64x56x56xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<1x64x56x56xf32>
  return %0 : tensor<1x64x56x56xf32>
}

// -----

// example: torch.aten.max_pool2d
func.func @aten_max_pool2d(%arg0: tensor<1x64x112x112xf32>) -> tensor<1x64x56x56xf32> {
  %0 = torch.aten.max_pool2d %arg0 {kernel_size = array<i64: 3, 3>, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : tensor<1x64x112x112xf32> -> tensor<1x64x56x56xf32>
  return %0 : tensor<1x64x56x56xf32>
}

// -----

// example: torch.aten.avg_pool2d
func.func @aten_avg_pool2d(%arg0: tensor<1x8x7x7xf32>) -> tensor<1x8x4x4xf32> {
  %0 = torch.aten.avg_pool2d %arg0 {ceil_mode = true, count_include_pad = false, kernel_size = array<i64: 3, 3>, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : tensor<1x8x7x7xf32> -> tensor<1x8x4x4xf32>
  return %0 : tensor<1x8x4x4xf32>
}

// -----

// example: torch.aten.adaptive_avg_pool2d
func.func @aten_adaptive_avg_pool2d(%arg0: tensor<1x512x7x7xf32>) -> tensor<1x512x1x1xf32> {
  %0 = torch.aten.adaptive_avg_pool2d %arg0 {output_size = array<i64: 1, 1>} : tensor<1x512x7x7xf32> -> tensor<1x512x1x1xf32>
  return %0 : tensor<1x512x1x1xf32>
}

// -----

// example: torch.aten.flatten.using_ints
func.func @aten_flatten_using_ints(%arg0: tensor<1x512x1x1xf32>) -> tensor<1x512xf32> {
  %0 = torch.aten.flatten.using_ints %arg0 {start_dim = 1 : i64} : tensor<1x512x1x1xf32> -> tensor<1x512xf32>
  return %0 : tensor<1x512xf32>
}

// -----

// example: torch.aten.reshape
func.func @aten_reshape(%arg0: tensor<2x3x4xf32>) -> tensor<4x6xf32> {
  %0 = torch.aten.reshape %arg0 {shape = array<i64: 4, -1>} : tensor<2x3x4xf32> -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// -----

// example: torch.aten.view
func.func @aten_view(%arg0: tensor<2x?x4xf32>) -> tensor<?x4xf32> {
  %0 = torch.aten.view %arg0 {size = array<i64: -1, 4>} : tensor<2x?x4xf32> -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

// example: torch.aten.permute
func.func @aten_permute(%arg0: tensor<2x3x4xf32>) -> tensor<4x2x3xf32> {
  %0 = torch.aten.permute %arg0 {dims = array<i64: 2, 0, -2>} : tensor<2x3x4xf32> -> tensor<4x2x3xf32>
  return %0 : tensor<4x2x3xf32>
}

// -----

// example: torch.aten.transpose.int
func.func @aten_transpose_int(%arg0: tensor<2x3x4xf32>) -> tensor<4x3x2xf32> {
  %0 = torch.aten.transpose.int %arg0 {dim0 = -1 : i64, dim1 = 0 : i64} : tensor<2x3x4xf32> -> tensor<4x3x2xf32>
  return %0 : tensor<4x3x2xf32>
}

// -----

// example: torch.aten.cat
func.func @aten_cat(%arg0: tensor<2x3xf32>, %arg1: tensor<4x3xf32>, %arg2: tensor<?x3xf32>) -> tensor<?x3xf32> {
  %0 = torch.aten.cat %arg0, %arg1, %arg2 : (tensor<2x3xf32>, tensor<4x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}

// -----

// example: torch.aten.slice.Tensor
func.func @aten_slice_Tensor(%arg0: tensor<10x20xf32>) -> tensor<10x6xf32> {
  %0 = torch.aten.slice.Tensor %arg0 {dim = 1 : i64, end = 100 : i64, start = 2 : i64, step = 3 : i64} : tensor<10x20xf32> -> tensor<10x6xf32>
  return %0 : tensor<10x6xf32>
}

// -----

// example: torch.aten.select.int
func.func @aten_select_int(%arg0: tensor<10x20xf32>) -> tensor<10xf32> {
  %0 = torch.aten.select.int %arg0 {dim = 1 : i64, index = -1 : i64} : tensor<10x20xf32> -> tensor<10xf32>
  return %0 : tensor<10xf32>
}

// -----

// example: torch.aten.squeeze.dim
func.func @aten_squeeze_dim(%arg0: tensor<1x512x1x1xf32>) -> tensor<1x512x1xf32> {
  %0 = torch.aten.squeeze.dim %arg0 {dim = -1 : i64} : tensor<1x512x1x1xf32> -> tensor<1x512x1xf32>
  return %0 : tensor<1x512x1xf32>
}

// -----

// example: torch.aten.squeeze
func.func @aten_squeeze(%arg0: tensor<1x512x1x1xf32>) -> tensor<512xf32> {
  %0 = torch.aten.squeeze %arg0 : tensor<1x512x1x1xf32> -> tensor<512xf32>
  return %0 : tensor<512xf32>
}

// -----

// example: torch.aten.unsqueeze
func.func @aten_unsqueeze(%arg0: tensor<2x3x4xf32>) -> tensor<2x3x4x1xf32> {
  %0 = torch.aten.unsqueeze %arg0 {dim = -1 : i64} : tensor<2x3x4xf32> -> tensor<2x3x4x1xf32>
  return %0 : tensor<2x3x4x1xf32>
}

// -----

// example: torch.aten.expand
func.func @aten_expand(%arg0: tensor<1x512x1x1xf32>) -> tensor<3x1x512x7x7xf32> {
  %0 = torch.aten.expand %arg0 {size = array<i64: 3, -1, -1, 7, 7>} : tensor<1x512x1x1xf32> -> tensor<3x1x512x7x7xf32>
  return %0 : tensor<3x1x512x7x7xf32>
}

// -----

// example: torch.aten.constant_pad_nd
func.func @aten_constant_pad_nd(%arg0: tensor<2x3x4x5xf32>) -> tensor<2x3x8x7xf32> {
  %0 = torch.aten.constant_pad_nd %arg0 {pad = array<i64: 1, 1, 2, 2>} : tensor<2x3x4x5xf32> -> tensor<2x3x8x7xf32>
  return %0 : tensor<2x3x8x7xf32>
}

// -----

// example: torch.aten.mean.dim
func.func @aten_mean_dim(%arg0: tensor<2x3x4xf32>) -> tensor<2x3x1xf32> {
  %0 = torch.aten.mean.dim %arg0 {dim = array<i64: -1>, keepdim = true} : tensor<2x3x4xf32> -> tensor<2x3x1xf32>
  return %0 : tensor<2x3x1xf32>
}

// -----

// example: torch.aten.sum.dim_IntList
func.func @aten_sum_dim_IntList(%arg0: tensor<2x3x4xf32>) -> tensor<3xf32> {
  %0 = torch.aten.sum.dim_IntList %arg0 {dim = array<i64: 0, 2>} : tensor<2x3x4xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// example: torch.aten.argmax
func.func @aten_argmax(%arg0: tensor<2x10xf32>) -> tensor<2xi64> {
  %0 = torch.aten.argmax %arg0 {dim = 1 : i64} : tensor<2x10xf32> -> tensor<2xi64>
  return %0 : tensor<2xi64>
}

// -----

// example: torch.aten.embedding
func.func @aten_embedding(%arg0: tensor<30522x768xf32>, %arg1: tensor<2x128xi64>) -> tensor<2x128x768xf32> {
  %0 = torch.aten.embedding %arg0, %arg1 : (tensor<30522x768xf32>, tensor<2x128xi64>) -> tensor<2x128x768xf32>
  return %0 : tensor<2x128x768xf32>
}

// -----

// example: torch.aten.scaled_dot_product_attention
func.func @aten_scaled_dot_product_attention(%arg0: tensor<2x8x128x64xf16>, %arg1: tensor<2x8x256x64xf16>, %arg2: tensor<2x8x256x32xf16>) -> tensor<2x8x128x32xf16> {
  %0 = torch.aten.scaled_dot_product_attention %arg0, %arg1, %arg2 : (tensor<2x8x128x64xf16>, tensor<2x8x256x64xf16>, tensor<2x8x256x32xf16>) -> tensor<2x8x128x32xf16>
  return %0 : tensor<2x8x128x32xf16>
}

// -----

// example: torch.aten.contiguous
func.func @aten_contiguous(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = torch.aten.contiguous %arg0 : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// example: torch.aten.clone
func.func @aten_clone(%arg0: tensor<4xi1>) -> tensor<4xi1> {
  %0 = torch.aten.clone %arg0 : tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// example: torch.aten.dropout
func.func @aten_dropout(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = torch.aten.dropout %arg0 {p = 1.000000e-01 : f64, train = false} : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// example: torch.aten.to.dtype
func.func @aten_to_dtype(%arg0: tensor<2x3xf32>) -> tensor<2x3xbf16> {
  %0 = torch.aten.to.dtype %arg0 {dtype = bf16} : tensor<2x3xf32> -> tensor<2x3xbf16>
  return %0 : tensor<2x3xbf16>
}

// -----

// example: torch.aten.eq.Tensor
func.func @aten_eq_Tensor(%arg0: tensor<2x3xf32>, %arg1: tensor<3xf32>) -> tensor<2x3xi1> {
  %0 = torch.aten.eq.Tensor %arg0, %arg1 : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// -----

// example: torch.aten.ne.Tensor
func.func @aten_ne_Tensor(%arg0: tensor<4x1xi32>, %arg1: tensor<5xi32>) -> tensor<4x5xi1> {
  %0 = torch.aten.ne.Tensor %arg0, %arg1 : (tensor<4x1xi32>, tensor<5xi32>) -> tensor<4x5xi1>
  return %0 : tensor<4x5xi1>
}

// -----

// example: torch.aten.lt.Tensor
func.func @aten_lt_Tensor(%arg0: tensor<4xi1>) -> tensor<4xi1> {
  %0 = torch.aten.lt.Tensor %arg0, %arg0 : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// example: torch.aten.le.Tensor
func.func @aten_le_Tensor(%arg0: tensor<3xf32>, %arg1: tensor<2x3xf32>) -> tensor<2x3xi1> {
  %0 = torch.aten.le.Tensor %arg0, %arg1 : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// -----

// example: torch.aten.gt.Tensor
func.func @aten_gt_Tensor(%arg0: tensor<2x3xf32>) -> tensor<2x3xi1> {
  %0 = torch.aten.gt.Tensor %arg0, %arg0 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// -----

// example: torch.aten.ge.Tensor
func.func @aten_ge_Tensor(%arg0: tensor<5xi32>) -> tensor<5xi1> {
  %0 = torch.aten.ge.Tensor %arg0, %arg0 : (tensor<5xi32>, tensor<5xi32>) -> tensor<5xi1>
  return %0 : tensor<5xi1>
}

// -----

// example: torch.aten.eq.Scalar
func.func @aten_eq_Scalar(%arg0: tensor<2x3xf32>) -> tensor<2x3xi1> {
  %0 = torch.aten.eq.Scalar %arg0 {other = 5.000000e-01 : f64} : tensor<2x3xf32> -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// -----

// example: torch.aten.ne.Scalar
func.func @aten_ne_Scalar(%arg0: tensor<5xi32>) -> tensor<5xi1> {
  %0 = torch.aten.ne.Scalar %arg0 {other = 2.500000e+00 : f64} : tensor<5xi32> -> tensor<5xi1>
  return %0 : tensor<5xi1>
}

// -----

// example: torch.aten.lt.Scalar
func.func @aten_lt_Scalar(%arg0: tensor<4xui8>) -> tensor<4xi1> {
  %0 = torch.aten.lt.Scalar %arg0 {other = 255 : i64} : tensor<4xui8> -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// example: torch.aten.le.Scalar
func.func @aten_le_Scalar(%arg0: tensor<4xi1>) -> tensor<4xi1> {
  %0 = torch.aten.le.Scalar %arg0 {other = 1 : i64} : tensor<4xi1> -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// example: torch.aten.gt.Scalar
func.func @aten_gt_Scalar(%arg0: tensor<2x3xf32>) -> tensor<2x3xi1> {
  %0 = torch.aten.gt.Scalar %arg0 {other = 0 : i64} : tensor<2x3xf32> -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// -----

// example: torch.aten.ge.Scalar
func.func @aten_ge_Scalar(%arg0: tensor<4x1xi32>) -> tensor<4x1xi1> {
  %0 = torch.aten.ge.Scalar %arg0 {other = -3 : i64} : tensor<4x1xi32> -> tensor<4x1xi1>
  return %0 : tensor<4x1xi1>
}

// -----

// example: torch.aten.logical_and
func.func @aten_logical_and(%arg0: tensor<2x1xi1>) -> tensor<2x1xi1> {
  %0 = torch.aten.logical_and %arg0, %arg0 : (tensor<2x1xi1>, tensor<2x1xi1>) -> tensor<2x1xi1>
  return %0 : tensor<2x1xi1>
}

// -----

// example: torch.aten.logical_or
func.func @aten_logical_or(%arg0: tensor<2x3xf32>, %arg1: tensor<3xi64>) -> tensor<2x3xi1> {
  %0 = torch.aten.logical_or %arg0, %arg1 : (tensor<2x3xf32>, tensor<3xi64>) -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// -----

// example: torch.aten.logical_xor
func.func @aten_logical_xor(%arg0: tensor<2x1xi1>, %arg1: tensor<3xi64>) -> tensor<2x3xi1> {
  %0 = torch.aten.logical_xor %arg0, %arg1 : (tensor<2x1xi1>, tensor<3xi64>) -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// -----

// example: torch.aten.logical_not
func.func @aten_logical_not(%arg0: tensor<2x3xf32>) -> tensor<2x3xi1> {
  %0 = torch.aten.logical_not %arg0 : tensor<2x3xf32> -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// -----

// example: torch.aten.bitwise_not
func.func @aten_bitwise_not(%arg0: tensor<4xi8>) -> tensor<4xi8> {
  %0 = torch.aten.bitwise_not %arg0 : tensor<4xi8>
  return %0 : tensor<4xi8>
}

// -----

// example: torch.aten.maximum
func.func @aten_maximum(%arg0: tensor<2x3xf32>, %arg1: tensor<3xf32>) -> tensor<2x3xf32> {
  %0 = torch.aten.maximum %arg0, %arg1 : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// example: torch.aten.minimum
func.func @aten_minimum(%arg0: tensor<4x1xi16>, %arg1: tensor<1x5xi16>) -> tensor<4x5xi16> {
  %0 = torch.aten.minimum %arg0, %arg1 : (tensor<4x1xi16>, tensor<1x5xi16>) -> tensor<4x5xi16>
  return %0 : tensor<4x5xi16>
}

// -----

// example: torch.aten.remainder.Tensor
func.func @aten_remainder_Tensor(%arg0: tensor<2x3xf32>, %arg1: tensor<3xf32>) -> tensor<2x3xf32> {
  %0 = torch.aten.remainder.Tensor %arg0, %arg1 : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// example: torch.aten.fmod.Tensor
func.func @aten_fmod_Tensor(%arg0: tensor<4x1xi16>, %arg1: tensor<1x5xi16>) -> tensor<4x5xi16> {
  %0 = torch.aten.fmod.Tensor %arg0, %arg1 : (tensor<4x1xi16>, tensor<1x5xi16>) -> tensor<4x5xi16>
  return %0 : tensor<4x5xi16>
}

// -----

// example: torch.aten.reciprocal
func.func @aten_reciprocal(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = torch.aten.reciprocal %arg0 : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// example: torch.aten.floor
func.func @aten_floor(%arg0: tensor<4xf16>) -> tensor<4xf16> {
  %0 = torch.aten.floor %arg0 : tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

// example: torch.aten.ceil
func.func @aten_ceil(%arg0: tensor<4xi32>) -> tensor<4xi32> {
  %0 = torch.aten.ceil %arg0 : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// example: torch.aten.round
func.func @aten_round(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = torch.aten.round %arg0 : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// example: torch.aten.sign
func.func @aten_sign(%arg0: tensor<4xi32>) -> tensor<4xi32> {
  %0 = torch.aten.sign %arg0 : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// example: torch.aten.sin
func.func @aten_sin(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = torch.aten.sin %arg0 : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// example: torch.aten.cos
func.func @aten_cos(%arg0: tensor<4xf16>) -> tensor<4xf16> {
  %0 = torch.aten.cos %arg0 : tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

// example: torch.aten.tan
func.func @aten_tan(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = torch.aten.tan %arg0 : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// example: torch.aten.sinh
func.func @aten_sinh(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = torch.aten.sinh %arg0 : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// example: torch.aten.cosh
func.func @aten_cosh(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = torch.aten.cosh %arg0 : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// example: torch.aten.asinh
func.func @aten_asinh(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = torch.aten.asinh %arg0 : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// example: torch.aten.acosh
func.func @aten_acosh(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = torch.aten.acosh %arg0 : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// example: torch.aten.atanh
func.func @aten_atanh(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = torch.aten.atanh %arg0 : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// example: torch.aten.isnan
func.func @aten_isnan(%arg0: tensor<2x3xf32>) -> tensor<2x3xi1> {
  %0 = torch.aten.isnan %arg0 : tensor<2x3xf32> -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// -----

// example: torch.aten.isinf
func.func @aten_isinf(%arg0: tensor<4xf16>) -> tensor<4xi1> {
  %0 = torch.aten.isinf %arg0 : tensor<4xf16> -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// example: torch.aten.isposinf
func.func @aten_isposinf(%arg0: tensor<2x3xf32>) -> tensor<2x3xi1> {
  %0 = torch.aten.isposinf %arg0 : tensor<2x3xf32> -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// -----

// example: torch.aten.isneginf
func.func @aten_isneginf(%arg0: tensor<4xi32>) -> tensor<4xi1> {
  %0 = torch.aten.isneginf %arg0 : tensor<4xi32> -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// example: torch.aten.elu
func.func @aten_elu(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = torch.aten.elu %arg0 : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// example: torch.aten.selu
func.func @aten_selu(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = torch.aten.selu %arg0 : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// example: torch.aten.celu
func.func @aten_celu(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = torch.aten.celu %arg0 {alpha = 2.000000e+00 : f64} : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// example: torch.aten.softplus
func.func @aten_softplus(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = torch.aten.softplus %arg0 {beta = 2 : i64, threshold = 1.000000e+01 : f64} : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// example: torch.aten.mish
func.func @aten_mish(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = torch.aten.mish %arg0 : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// example: torch.aten.prelu
func.func @aten_prelu(%arg0: tensor<1x4x2x2xf32>, %arg1: tensor<4xf32>) -> tensor<1x4x2x2xf32> {
  %0 = torch.aten.prelu %arg0, %arg1 : (tensor<1x4x2x2xf32>, tensor<4xf32>) -> tensor<1x4x2x2xf32>
  return %0 : tensor<1x4x2x2xf32>
}

// -----

// example: torch.aten.threshold
func.func @aten_threshold(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = torch.aten.threshold %arg0 {threshold = 1.000000e+00 : f64, value = 0.000000e+00 : f64} : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// example: torch.aten.hardshrink
func.func @aten_hardshrink(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = torch.aten.hardshrink %arg0 : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// example: torch.aten.softshrink
func.func @aten_softshrink(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = torch.aten.softshrink %arg0 {lambd = 1.500000e+00 : f64} : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// example: torch.aten.amax
func.func @aten_amax(%arg0: tensor<2x3x4xf32>) -> tensor<2xf32> {
  %0 = torch.aten.amax %arg0 {dim = array<i64: 1, -1>} : tensor<2x3x4xf32> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// example: torch.aten.amin
func.func @aten_amin(%arg0: tensor<2x3x4xi32>) -> tensor<1x1x1xi32> {
  %0 = torch.aten.amin %arg0 {keepdim = true} : tensor<2x3x4xi32> -> tensor<1x1x1xi32>
  return %0 : tensor<1x1x1xi32>
}

// -----

// example: torch.aten.max
func.func @aten_max(%arg0: tensor<2x3x4xf32>) -> tensor<f32> {
  %0 = torch.aten.max %arg0 : tensor<2x3x4xf32> -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// example: torch.aten.min
func.func @aten_min(%arg0: tensor<2x3x4xi32>) -> tensor<i32> {
  %0 = torch.aten.min %arg0 : tensor<2x3x4xi32> -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

// example: torch.aten.prod.dim_int
func.func @aten_prod_dim_int(%arg0: tensor<2x3x4xf32>) -> tensor<2x1x4xf32> {
  %0 = torch.aten.prod.dim_int %arg0 {dim = 1 : i64, keepdim = true} : tensor<2x3x4xf32> -> tensor<2x1x4xf32>
  return %0 : tensor<2x1x4xf32>
}

// -----

// example: torch.aten.prod
func.func @aten_prod(%arg0: tensor<2x3xi1>) -> tensor<i64> {
  %0 = torch.aten.prod %arg0 : tensor<2x3xi1> -> tensor<i64>
  return %0 : tensor<i64>
}

// -----

// example: torch.aten.logsumexp
func.func @aten_logsumexp(%arg0: tensor<2x3x4xf32>) -> tensor<2x3xf32> {
  %0 = torch.aten.logsumexp %arg0 {dim = array<i64: 2>} : tensor<2x3x4xf32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// example: torch.aten.linalg_vector_norm
func.func @aten_linalg_vector_norm(%arg0: tensor<2x3x4xf32>) -> tensor<f32> {
  %0 = torch.aten.linalg_vector_norm %arg0 : tensor<2x3x4xf32> -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// example: torch.aten.cumsum
func.func @aten_cumsum(%arg0: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  %0 = torch.aten.cumsum %arg0 {dim = 1 : i64} : tensor<2x3x4xf32> -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// example: torch.aten.topk
func.func @aten_topk(%arg0: tensor<2x3x4xf32>) -> (tensor<2x3x2xf32>, tensor<2x3x2xi64>) {
  %0:2 = torch.aten.topk %arg0 {k = 2 : i64} : (tensor<2x3x4xf32>) -> (tensor<2x3x2xf32>, tensor<2x3x2xi64>)
  return %0#0, %0#1 : tensor<2x3x2xf32>, tensor<2x3x2xi64>
}

// -----

// example: torch.aten.gather
func.func @aten_gather(%arg0: tensor<2x3x4xf32>, %arg1: tensor<2x2x4xi64>) -> tensor<2x2x4xf32> {
  %0 = torch.aten.gather %arg0, %arg1 {dim = 1 : i64} : (tensor<2x3x4xf32>, tensor<2x2x4xi64>) -> tensor<2x2x4xf32>
  return %0 : tensor<2x2x4xf32>
}

// -----

// example: torch.aten.index_select
func.func @aten_index_select(%arg0: tensor<2x3x4xf32>, %arg1: tensor<5xi64>) -> tensor<2x3x5xf32> {
  %0 = torch.aten.index_select %arg0, %arg1 {dim = -1 : i64} : (tensor<2x3x4xf32>, tensor<5xi64>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

// example: torch.aten.repeat
func.func @aten_repeat(%arg0: tensor<2x3xi32>) -> tensor<2x2x9xi32> {
  %0 = torch.aten.repeat %arg0 {repeats = array<i64: 2, 1, 3>} : tensor<2x3xi32> -> tensor<2x2x9xi32>
  return %0 : tensor<2x2x9xi32>
}

// -----

// example: torch.aten.flip
func.func @aten_flip(%arg0: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  %0 = torch.aten.flip %arg0 {dims = array<i64: 0, -1>} : tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// example: torch.aten.tril
func.func @aten_tril(%arg0: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  %0 = torch.aten.tril %arg0 : tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// example: torch.aten.triu
func.func @aten_triu(%arg0: tensor<3x3xi1>) -> tensor<3x3xi1> {
  %0 = torch.aten.triu %arg0 {diagonal = -1 : i64} : tensor<3x3xi1>
  return %0 : tensor<3x3xi1>
}

// -----

// example: torch.aten.pixel_shuffle
func.func @aten_pixel_shuffle(%arg0: tensor<1x8x2x3xf32>) -> tensor<1x2x4x6xf32> {
  %0 = torch.aten.pixel_shuffle %arg0 {upscale_factor = 2 : i64} : tensor<1x8x2x3xf32> -> tensor<1x2x4x6xf32>
  return %0 : tensor<1x2x4x6xf32>
}

// -----

// example: torch.aten.pixel_unshuffle
func.func @aten_pixel_unshuffle(%arg0: tensor<2x4x6xi8>) -> tensor<8x2x3xi8> {
  %0 = torch.aten.pixel_unshuffle %arg0 {downscale_factor = 2 : i64} : tensor<2x4x6xi8> -> tensor<8x2x3xi8>
  return %0 : tensor<8x2x3xi8>
}

// -----

// example: torch.aten.instance_norm
func.func @aten_instance_norm(%arg0: tensor<2x4x3x3xf32>, %arg1: tensor<4xf32>) -> tensor<2x4x3x3xf32> {
  %0 = torch.aten.instance_norm %arg0, %arg1, %arg1 {eps = 1.000000e-03 : f64} : (tensor<2x4x3x3xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x4x3x3xf32>
  return %0 : tensor<2x4x3x3xf32>
}

// -----

// example: torch.aten.group_norm
func.func @aten_group_norm(%arg0: tensor<2x4x3x3xf32>, %arg1: tensor<4xf32>) -> tensor<2x4x3x3xf32> {
  %0 = torch.aten.group_norm %arg0, %arg1 {num_groups = 2 : i64} : (tensor<2x4x3x3xf32>, tensor<4xf32>) -> tensor<2x4x3x3xf32>
  return %0 : tensor<2x4x3x3xf32>
}

// -----

// example: torch.aten.conv3d
func.func @aten_conv3d(%arg0: tensor<1x3x4x32x32xf32>, %arg1: tensor<8x3x3x7x7xf32>, %arg2: tensor<8xf32>) -> tensor<1x8x4x16x16xf32> {
  %0 = torch.aten.conv3d %arg0, %arg1, %arg2 {padding = array<i64: 1, 3, 3>, stride = array<i64: 1, 2, 2>} : (tensor<1x3x4x32x32xf32>, tensor<8x3x3x7x7xf32>, tensor<8xf32>) -> tensor<1x8x4x16x16xf32>
  return %0 : tensor<1x8x4x16x16xf32>
}

// -----

// example: torch.aten.max_pool3d
func.func @aten_max_pool3d(%arg0: tensor<1x2x5x6x6xf32>) -> tensor<1x2x3x4x4xf32> {
  %0 = torch.aten.max_pool3d %arg0 {ceil_mode = true, kernel_size = array<i64: 3>, padding = array<i64: 1>, stride = array<i64: 2>} : tensor<1x2x5x6x6xf32> -> tensor<1x2x3x4x4xf32>
  return %0 : tensor<1x2x3x4x4xf32>
}

// -----

// example: torch.aten.avg_pool3d
func.func @aten_avg_pool3d(%arg0: tensor<1x2x5x6x6xf32>) -> tensor<1x2x6x3x3xf32> {
  %0 = torch.aten.avg_pool3d %arg0 {count_include_pad = false, kernel_size = array<i64: 2, 3, 3>, padding = array<i64: 1, 1, 1>, stride = array<i64: 1, 2, 2>} : tensor<1x2x5x6x6xf32> -> tensor<1x2x6x3x3xf32>
  return %0 : tensor<1x2x6x3x3xf32>
}
