// RUN: mlc-opt --split-input-file --verify-diagnostics %s

func.func @add_broadcast(%a: tensor<2x3xf32>, %b: tensor<4xf32>) {
  // expected-error @+1 {{'core.add' op shapes [2, 3] and [4] are not broadcast-compatible}}
  %0 = core.add %a, %b : (tensor<2x3xf32>, tensor<4xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @add_wrong_result(%a: tensor<2x1xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{'core.add' op inferred type(s) 'tensor<2x3xf32>' are incompatible with return type(s) of operation 'tensor<2x1xf32>'}}
  %0 = core.add %a, %b : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x1xf32>
  return
}

// -----

func.func @sub_element_types(%a: tensor<3xf32>, %b: tensor<3xf16>) {
  // expected-error @+1 {{'core.sub' op expects operands of the same element type, got 'f32' and 'f16'}}
  %0 = core.sub %a, %b : (tensor<3xf32>, tensor<3xf16>) -> tensor<3xf32>
  return
}

// -----

func.func @mul_dynamic(%a: tensor<?xf32>) {
  // expected-error @+1 {{'core.mul' op operand #0 must be statically shaped tensor of float (f16, bf16, f32, f64) or signless integer (i8, i16, i32, i64) values, but got 'tensor<?xf32>'}}
  %0 = core.mul %a, %a : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return
}

// -----

func.func @div_unsigned(%a: tensor<3xui8>) {
  // expected-error @+1 {{'core.div' op operand #0 must be statically shaped tensor of float (f16, bf16, f32, f64) or signless integer (i8, i16, i32, i64) values, but got 'tensor<3xui8>'}}
  %0 = core.div %a, %a : (tensor<3xui8>, tensor<3xui8>) -> tensor<3xui8>
  return
}

// -----

func.func @pow_integer(%a: tensor<3xi32>) {
  // expected-error @+1 {{'core.pow' op operand #0 must be statically shaped tensor of float (f16, bf16, f32, f64) values, but got 'tensor<3xi32>'}}
  %0 = core.pow %a, %a : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
  return
}

// -----

func.func @max_bool(%a: tensor<3xi1>) {
  // expected-error @+1 {{'core.max' op operand #0 must be statically shaped tensor of float (f16, bf16, f32, f64) or signless integer (i8, i16, i32, i64) values, but got 'tensor<3xi1>'}}
  %0 = core.max %a, %a : (tensor<3xi1>, tensor<3xi1>) -> tensor<3xi1>
  return
}

// -----

func.func @min_broadcast(%a: tensor<2x3x4xi8>, %b: tensor<3x3x1xi8>) {
  // expected-error @+1 {{'core.min' op shapes [2, 3, 4] and [3, 3, 1] are not broadcast-compatible}}
  %0 = core.min %a, %b : (tensor<2x3x4xi8>, tensor<3x3x1xi8>) -> tensor<3x3x4xi8>
  return
}

// -----

func.func @cmp_predicate(%a: tensor<3xf32>) {
  // expected-error @+1 {{'core.cmp' op attribute 'predicate' failed to satisfy constraint: one of "eq", "ne", "lt", "le", "gt", "ge"}}
  %0 = core.cmp "lte", %a, %a : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
  return
}

// -----

func.func @cmp_result(%a: tensor<3xf32>) {
  // expected-error @+1 {{'core.cmp' op result #0 must be statically shaped tensor of i1 values, but got 'tensor<3xf32>'}}
  %0 = core.cmp "eq", %a, %a : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @and_float(%a: tensor<3xf32>) {
  // expected-error @+1 {{'core.and' op operand #0 must be statically shaped tensor of i1 values, but got 'tensor<3xf32>'}}
  %0 = core.and %a, %a : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @or_broadcast(%a: tensor<2xi1>, %b: tensor<3xi1>) {
  // expected-error @+1 {{'core.or' op shapes [2] and [3] are not broadcast-compatible}}
  %0 = core.or %a, %b : (tensor<2xi1>, tensor<3xi1>) -> tensor<3xi1>
  return
}

// -----

func.func @xor_result(%a: tensor<2x1xi1>, %b: tensor<1x2xi1>) {
  // expected-error @+1 {{'core.xor' op inferred type(s) 'tensor<2x2xi1>' are incompatible with return type(s) of operation 'tensor<2xi1>'}}
  %0 = core.xor %a, %b : (tensor<2x1xi1>, tensor<1x2xi1>) -> tensor<2xi1>
  return
}

// -----

func.func @select_cond(%c: tensor<3xf32>, %a: tensor<3xf32>) {
  // expected-error @+1 {{'core.select' op operand #0 must be statically shaped tensor of i1 values, but got 'tensor<3xf32>'}}
  %0 = core.select %c, %a, %a : (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @select_branches(%c: tensor<3xi1>, %a: tensor<3xf32>, %b: tensor<3xi32>) {
  // expected-error @+1 {{'core.select' op expects operands of the same element type, got 'f32' and 'i32'}}
  %0 = core.select %c, %a, %b : (tensor<3xi1>, tensor<3xf32>, tensor<3xi32>) -> tensor<3xf32>
  return
}

// -----

func.func @select_cond_broadcast(%c: tensor<4xi1>, %a: tensor<2x3xf32>) {
  // expected-error @+1 {{'core.select' op shapes [4] and [2, 3] are not broadcast-compatible}}
  %0 = core.select %c, %a, %a : (tensor<4xi1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @neg_bool(%a: tensor<3xi1>) {
  // expected-error @+1 {{'core.neg' op operand #0 must be statically shaped tensor of float (f16, bf16, f32, f64) or signless integer (i8, i16, i32, i64) values, but got 'tensor<3xi1>'}}
  %0 = core.neg %a : tensor<3xi1>
  return
}

// -----

func.func @abs_shape(%a: tensor<3xf32>) {
  // expected-error @+1 {{'core.abs' op requires the same shape for all operands and results}}
  %0 = "core.abs"(%a) : (tensor<3xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @exp_integer(%a: tensor<3xi32>) {
  // expected-error @+1 {{'core.exp' op operand #0 must be statically shaped tensor of float (f16, bf16, f32, f64) values, but got 'tensor<3xi32>'}}
  %0 = core.exp %a : tensor<3xi32>
  return
}

// -----

func.func @log_element_type(%a: tensor<3xf32>) {
  // expected-error @+1 {{'core.log' op requires the same element type for all operands and results}}
  %0 = "core.log"(%a) : (tensor<3xf32>) -> tensor<3xf16>
  return
}

// -----

func.func @sqrt_unranked(%a: tensor<*xf32>) {
  // expected-error @+1 {{'core.sqrt' op operand #0 must be statically shaped tensor of float (f16, bf16, f32, f64) values, but got 'tensor<*xf32>'}}
  %0 = "core.sqrt"(%a) : (tensor<*xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @rsqrt_fp8(%a: tensor<3xf8E4M3FN>) {
  // expected-error @+1 {{'core.rsqrt' op operand #0 must be statically shaped tensor of float (f16, bf16, f32, f64) values, but got 'tensor<3xf8E4M3FN>'}}
  %0 = core.rsqrt %a : tensor<3xf8E4M3FN>
  return
}

// -----

func.func @tanh_operands(%a: tensor<3xf32>) {
  // expected-error @+1 {{'core.tanh' op requires a single operand}}
  %0 = "core.tanh"(%a, %a) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @sigmoid_scalar(%a: f32) {
  // expected-error @+1 {{'core.sigmoid' op operand #0 must be statically shaped tensor of float (f16, bf16, f32, f64) values, but got 'f32'}}
  %0 = "core.sigmoid"(%a) : (f32) -> f32
  return
}

// -----

func.func @erf_integer(%a: tensor<3xi64>) {
  // expected-error @+1 {{'core.erf' op operand #0 must be statically shaped tensor of float (f16, bf16, f32, f64) values, but got 'tensor<3xi64>'}}
  %0 = core.erf %a : tensor<3xi64>
  return
}

// -----

func.func @relu_results(%a: tensor<3xf32>) {
  // expected-error @+1 {{'core.relu' op requires one result}}
  "core.relu"(%a) : (tensor<3xf32>) -> ()
  return
}

// -----

func.func @floor_integer(%a: tensor<3xi8>) {
  // expected-error @+1 {{'core.floor' op operand #0 must be statically shaped tensor of float (f16, bf16, f32, f64) values, but got 'tensor<3xi8>'}}
  %0 = core.floor %a : tensor<3xi8>
  return
}

// -----

func.func @ceil_shape(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'core.ceil' op requires the same shape for all operands and results}}
  %0 = "core.ceil"(%a) : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return
}

// -----

func.func @round_integer(%a: tensor<3xi32>) {
  // expected-error @+1 {{'core.round' op operand #0 must be statically shaped tensor of float (f16, bf16, f32, f64) values, but got 'tensor<3xi32>'}}
  %0 = core.round %a : tensor<3xi32>
  return
}

// -----

func.func @sin_integer(%a: tensor<3xi32>) {
  // expected-error @+1 {{'core.sin' op operand #0 must be statically shaped tensor of float (f16, bf16, f32, f64) values, but got 'tensor<3xi32>'}}
  %0 = core.sin %a : tensor<3xi32>
  return
}

// -----

func.func @cos_element_type(%a: tensor<3xf64>) {
  // expected-error @+1 {{'core.cos' op requires the same element type for all operands and results}}
  %0 = "core.cos"(%a) : (tensor<3xf64>) -> tensor<3xf32>
  return
}

// -----

func.func @reciprocal_integer(%a: tensor<3xi16>) {
  // expected-error @+1 {{'core.reciprocal' op operand #0 must be statically shaped tensor of float (f16, bf16, f32, f64) values, but got 'tensor<3xi16>'}}
  %0 = core.reciprocal %a : tensor<3xi16>
  return
}

// -----

func.func @sign_bool(%a: tensor<3xi1>) {
  // expected-error @+1 {{'core.sign' op operand #0 must be statically shaped tensor of float (f16, bf16, f32, f64) or signless integer (i8, i16, i32, i64) values, but got 'tensor<3xi1>'}}
  %0 = core.sign %a : tensor<3xi1>
  return
}

// -----

func.func @not_integer(%a: tensor<3xi8>) {
  // expected-error @+1 {{'core.not' op operand #0 must be statically shaped tensor of i1 values, but got 'tensor<3xi8>'}}
  %0 = core.not %a : tensor<3xi8>
  return
}

// -----

func.func @clamp_bounds(%a: tensor<3xf32>) {
  // expected-error @+1 {{'core.clamp' op expects 'min' (6) to be at most 'max' (0)}}
  %0 = core.clamp %a min 6.0 max 0.0 : tensor<3xf32>
  return
}

// -----

func.func @clamp_integral(%a: tensor<3xi32>) {
  // expected-error @+1 {{'core.clamp' op expects an integral 'max' for integer tensors, got 6.5}}
  %0 = core.clamp %a min 0.0 max 6.5 : tensor<3xi32>
  return
}

// -----

func.func @clamp_attr_type(%a: tensor<3xf32>) {
  // expected-error @+1 {{'core.clamp' op attribute 'min' failed to satisfy constraint: 32-bit float attribute}}
  %0 = "core.clamp"(%a) <{min = 0.0 : f64}> : (tensor<3xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @cast_shape(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'core.cast' op expects input and result of the same shape, got [2, 3] and [6]}}
  %0 = core.cast %a : tensor<2x3xf32> to tensor<6xi32>
  return
}

// -----

func.func @cast_unsigned(%a: tensor<3xf32>) {
  // expected-error @+1 {{'core.cast' op result #0 must be statically shaped tensor of float (f16, bf16, f32, f64), signless integer (i8, i16, i32, i64) or i1 values, but got 'tensor<3xui8>'}}
  %0 = core.cast %a : tensor<3xf32> to tensor<3xui8>
  return
}

// -----

func.func @matmul_vector(%a: tensor<4xf32>, %b: tensor<4x5xf32>) {
  // expected-error @+1 {{'core.matmul' op expects operands of rank 2 or more, got 1-D lhs and 2-D rhs}}
  %0 = core.matmul %a, %b : (tensor<4xf32>, tensor<4x5xf32>) -> tensor<5xf32>
  return
}

// -----

func.func @matmul_contraction(%a: tensor<3x4xf32>, %b: tensor<5x6xf32>) {
  // expected-error @+1 {{'core.matmul' op expects lhs columns (4) to equal rhs rows (5)}}
  %0 = core.matmul %a, %b : (tensor<3x4xf32>, tensor<5x6xf32>) -> tensor<3x6xf32>
  return
}

// -----

func.func @matmul_batch(%a: tensor<2x3x4xf32>, %b: tensor<3x4x5xf32>) {
  // expected-error @+1 {{'core.matmul' op batch dimensions: shapes [2] and [3] are not broadcast-compatible}}
  %0 = core.matmul %a, %b : (tensor<2x3x4xf32>, tensor<3x4x5xf32>) -> tensor<2x3x5xf32>
  return
}

// -----

func.func @conv2d_rank(%x: tensor<3x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{'core.conv2d' op expects 4-D input (NCHW), got 3-D}}
  %0 = core.conv2d %x, %w : (tensor<3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @conv2d_weight_rank(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3xf32>) {
  // expected-error @+1 {{'core.conv2d' op expects 4-D weight (OIHW), got 3-D}}
  %0 = core.conv2d %x, %w : (tensor<1x3x8x8xf32>, tensor<4x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @conv2d_groups(%x: tensor<1x6x8x8xf32>, %w: tensor<4x2x3x3xf32>) {
  // expected-error @+1 {{'core.conv2d' op expects input channels (6) to be divisible by groups (4)}}
  %0 = core.conv2d %x, %w {groups = 4 : i64} : (tensor<1x6x8x8xf32>, tensor<4x2x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @conv2d_output_groups(%x: tensor<1x6x8x8xf32>, %w: tensor<4x2x3x3xf32>) {
  // expected-error @+1 {{'core.conv2d' op expects output channels (4) to be divisible by groups (3)}}
  %0 = core.conv2d %x, %w {groups = 3 : i64} : (tensor<1x6x8x8xf32>, tensor<4x2x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @conv2d_weight_channels(%x: tensor<1x6x8x8xf32>, %w: tensor<4x6x3x3xf32>) {
  // expected-error @+1 {{'core.conv2d' op expects weight dimension 1 to be input channels / groups = 3, got 6}}
  %0 = core.conv2d %x, %w {groups = 2 : i64} : (tensor<1x6x8x8xf32>, tensor<4x6x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @conv2d_bias(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{'core.conv2d' op expects bias of shape [4], got [3]}}
  %0 = core.conv2d %x, %w, %b : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @conv2d_strides(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{'core.conv2d' op expects 'strides' to have 2 elements, got 3}}
  %0 = core.conv2d %x, %w {strides = array<i64: 1, 1, 1>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @conv2d_dilations(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{'core.conv2d' op expects 'dilations' to be positive, got [0, 1]}}
  %0 = core.conv2d %x, %w {dilations = array<i64: 0, 1>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @conv2d_too_small(%x: tensor<1x3x4x4xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{'core.conv2d' op expects padded input width (4) to be at least the dilated kernel width (7)}}
  %0 = core.conv2d %x, %w {dilations = array<i64: 1, 3>} : (tensor<1x3x4x4xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x2x1xf32>
  return
}

// -----

func.func @conv2d_output(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{'core.conv2d' op inferred type(s) 'tensor<1x4x4x4xf32>' are incompatible with return type(s) of operation 'tensor<1x4x3x3xf32>'}}
  %0 = core.conv2d %x, %w {strides = array<i64: 2, 2>, padding = array<i64: 1, 1, 1, 1>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x3x3xf32>
  return
}

// -----

func.func @conv2d_element_types(%x: tensor<1x3x8x8xf16>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{'core.conv2d' op expects input, weight and bias of the same element type, got 'f16' and 'f32'}}
  %0 = core.conv2d %x, %w : (tensor<1x3x8x8xf16>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf16>
  return
}

// -----

func.func @max_pool2d_kernel(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+1 {{'core.max_pool2d' op requires attribute 'kernel'}}
  %0 = core.max_pool2d %x : (tensor<1x3x8x8xf32>) -> tensor<1x3x8x8xf32>
  return
}

// -----

func.func @max_pool2d_padding(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+1 {{'core.max_pool2d' op expects right padding (2) to be smaller than the dilated kernel extent (2)}}
  %0 = core.max_pool2d %x {kernel = array<i64: 2, 2>, padding = array<i64: 0, 0, 0, 2>} : (tensor<1x3x8x8xf32>) -> tensor<1x3x7x9xf32>
  return
}

// -----

func.func @avg_pool2d_integer(%x: tensor<1x3x8x8xi8>) {
  // expected-error @+1 {{'core.avg_pool2d' op operand #0 must be statically shaped tensor of float (f16, bf16, f32, f64) values, but got 'tensor<1x3x8x8xi8>'}}
  %0 = core.avg_pool2d %x {kernel = array<i64: 2, 2>} : (tensor<1x3x8x8xi8>) -> tensor<1x3x7x7xi8>
  return
}

// -----

func.func @avg_pool2d_rank(%x: tensor<3x8x8xf32>) {
  // expected-error @+1 {{'core.avg_pool2d' op expects 4-D input (NCHW), got 3-D}}
  %0 = core.avg_pool2d %x {kernel = array<i64: 2, 2>} : (tensor<3x8x8xf32>) -> tensor<3x7x7xf32>
  return
}

// -----

func.func @reduce_sum_axis(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'core.reduce_sum' op expects axis 2 to be in [0, 2)}}
  %0 = core.reduce_sum %x {axes = array<i64: 2>} : (tensor<2x3xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @reduce_mean_integer(%x: tensor<2x3xi32>) {
  // expected-error @+1 {{'core.reduce_mean' op operand #0 must be statically shaped tensor of float (f16, bf16, f32, f64) values, but got 'tensor<2x3xi32>'}}
  %0 = core.reduce_mean %x {axes = array<i64: 1>} : (tensor<2x3xi32>) -> tensor<2xi32>
  return
}

// -----

func.func @reduce_max_duplicate(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'core.reduce_max' op expects distinct axes, got 1 twice}}
  %0 = core.reduce_max %x {axes = array<i64: 1, 1>} : (tensor<2x3xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @reduce_min_empty(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'core.reduce_min' op expects at least one axis}}
  %0 = core.reduce_min %x {axes = array<i64>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @reduce_prod_keepdims(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'core.reduce_prod' op inferred type(s) 'tensor<2x1xf32>' are incompatible with return type(s) of operation 'tensor<2xf32>'}}
  %0 = core.reduce_prod %x {axes = array<i64: 1>, keepdims = true} : (tensor<2x3xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @argmax_axis(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'core.argmax' op expects axis -1 to be in [0, 2)}}
  %0 = core.argmax %x {axis = -1 : i64} : (tensor<2x3xf32>) -> tensor<2xi64>
  return
}

// -----

func.func @argmin_result(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'core.argmin' op result #0 must be statically shaped tensor of i64 values, but got 'tensor<2xi32>'}}
  %0 = core.argmin %x {axis = 1 : i64} : (tensor<2x3xf32>) -> tensor<2xi32>
  return
}

// -----

func.func @reshape_count(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'core.reshape' op expects the same number of elements, got 6 ([2, 3]) and 8 ([2, 4])}}
  %0 = core.reshape %x : (tensor<2x3xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @reshape_element_type(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'core.reshape' op expects the same element type for input and result, got 'f32' and 'f16'}}
  %0 = core.reshape %x : (tensor<2x3xf32>) -> tensor<6xf16>
  return
}

// -----

func.func @transpose_perm(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'core.transpose' op expects 'perm' to be a permutation of [0, 2), got [0, 0]}}
  %0 = core.transpose %x {perm = array<i64: 0, 0>} : (tensor<2x3xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @transpose_perm_type(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'core.transpose' op attribute 'perm' failed to satisfy constraint: i64 dense array attribute}}
  %0 = core.transpose %x {perm = [1, 0]} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return
}

// -----

func.func @broadcast_to_shape(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'core.broadcast_to' op cannot broadcast [2, 3] to [4, 3]}}
  %0 = core.broadcast_to %x : (tensor<2x3xf32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @broadcast_to_rank(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'core.broadcast_to' op cannot broadcast [2, 3] to [3]}}
  %0 = core.broadcast_to %x : (tensor<2x3xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @concat_axis(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'core.concat' op expects 'axis' (2) to be in [0, 2)}}
  %0 = core.concat %a, %a {axis = 2 : i64} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x6xf32>
  return
}

// -----

func.func @concat_dims(%a: tensor<2x3xf32>, %b: tensor<2x4xf32>) {
  // expected-error @+1 {{'core.concat' op expects input #1 to match input #0 outside axis 0, got [2, 4] and [2, 3]}}
  %0 = core.concat %a, %b {axis = 0 : i64} : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @concat_rank(%a: tensor<2x3xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{'core.concat' op expects inputs of the same rank, got 2-D input #0 and 1-D input #1}}
  %0 = core.concat %a, %b {axis = 0 : i64} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<5x3xf32>
  return
}

// -----

func.func @concat_none() {
  // expected-error @+1 {{'core.concat' op expects at least one input}}
  %0 = "core.concat"() <{axis = 0 : i64}> : () -> tensor<2xf32>
  return
}

// -----

func.func @slice_stride(%x: tensor<4xf32>) {
  // expected-error @+1 {{'core.slice' op expects non-zero strides, got [0]}}
  %0 = core.slice %x {starts = array<i64: 0>, limits = array<i64: 4>, strides = array<i64: 0>} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @slice_rank(%x: tensor<4x4xf32>) {
  // expected-error @+1 {{'core.slice' op expects 'limits' to have 2 elements, got 1}}
  %0 = core.slice %x {starts = array<i64: 0, 0>, limits = array<i64: 4>} : (tensor<4x4xf32>) -> tensor<4x4xf32>
  return
}

// -----

func.func @slice_result(%x: tensor<10xf32>) {
  // expected-error @+1 {{'core.slice' op inferred type(s) 'tensor<3xf32>' are incompatible with return type(s) of operation 'tensor<4xf32>'}}
  %0 = core.slice %x {starts = array<i64: 1>, limits = array<i64: 8>, strides = array<i64: 3>} : (tensor<10xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @gather_axis(%x: tensor<2x3xf32>, %i: tensor<4xi64>) {
  // expected-error @+1 {{'core.gather' op expects 'axis' (2) to be in [0, 2)}}
  %0 = core.gather %x, %i {axis = 2 : i64} : (tensor<2x3xf32>, tensor<4xi64>) -> tensor<2x3x4xf32>
  return
}

// -----

func.func @gather_indices(%x: tensor<2x3xf32>, %i: tensor<4xi8>) {
  // expected-error @+1 {{'core.gather' op operand #1 must be statically shaped tensor of i32 or i64 values, but got 'tensor<4xi8>'}}
  %0 = core.gather %x, %i : (tensor<2x3xf32>, tensor<4xi8>) -> tensor<4x3xf32>
  return
}

// -----

func.func @pad_negative(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'core.pad' op expects 'low' to be non-negative, got [0, -1]}}
  %0 = core.pad %x {low = array<i64: 0, -1>, high = array<i64: 0, 0>} : (tensor<2x3xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @pad_rank(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'core.pad' op expects 'high' to have 2 elements, got 3}}
  %0 = core.pad %x {low = array<i64: 0, 1>, high = array<i64: 0, 0, 1>} : (tensor<2x3xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @pad_value(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'core.pad' op expects 'value' of the element type 'f32', got 0 : i32}}
  %0 = core.pad %x {low = array<i64: 0, 1>, high = array<i64: 0, 0>, value = 0 : i32} : (tensor<2x3xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @constant_type() {
  // expected-error @+1 {{'core.constant' op inferred type(s) 'tensor<2xf32>' are incompatible with return type(s) of operation 'tensor<3xf32>'}}
  %0 = "core.constant"() <{value = dense<1.0> : tensor<2xf32>}> : () -> tensor<3xf32>
  return
}

// -----

func.func @constant_value() {
  // expected-error @+1 {{'core.constant' op attribute 'value' failed to satisfy constraint: constant vector/tensor attribute}}
  %0 = "core.constant"() <{value = 1.0 : f32}> : () -> tensor<f32>
  return
}
