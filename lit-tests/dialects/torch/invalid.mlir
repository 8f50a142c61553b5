// RUN: mlc-opt --split-input-file --verify-diagnostics %s

// One chunk per verifier rule of the torch dialect: the checks the op
// table implies (operand and attribute constraints, inferred result
// types) and the argument checks ATen makes, each positioned at its op.

// Floating-point ops reject integer tensors.
func.func @operand_constraint(%x: tensor<4xi32>) {
  // expected-error @+1 {{'torch.aten.relu6' op operand #0 must be ranked tensor of f16 or bf16 or f32 or f64 values, but got 'tensor<4xi32>'}}
  torch.aten.relu6 %x : tensor<4xi32>
  return
}

// -----

// Shape inference needs ranked tensors.
func.func @unranked(%x: tensor<*xf32>) {
  // expected-error @+1 {{'torch.aten.exp' op operand #0 must be ranked tensor of f16 or bf16 or f32 or f64 values, but got 'tensor<*xf32>'}}
  %0 = "torch.aten.exp"(%x) : (tensor<*xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @bad_enum(%x: tensor<4xf32>) {
  // expected-error @+1 {{'torch.aten.gelu' op attribute 'approximate' failed to satisfy constraint: one of "none", "tanh"}}
  torch.aten.gelu %x {approximate = "fast"} : tensor<4xf32>
  return
}

// -----

func.func @missing_attr(%x: tensor<4xf32>) {
  // expected-error @+1 {{'torch.aten.softmax.int' op requires attribute 'dim'}}
  %0 = "torch.aten.softmax.int"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// The written result type must be the inferred one.
func.func @wrong_result(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'torch.aten.transpose.int' op inferred type(s) 'tensor<3x2xf32>' are incompatible with return type(s) of operation 'tensor<2x3xf32>'}}
  %0 = torch.aten.transpose.int %x {dim0 = 0, dim1 = 1} : tensor<2x3xf32> -> tensor<2x3xf32>
  return
}

// -----

func.func @dtype_not_element(%x: tensor<4xf32>) {
  // expected-error @+1 {{'torch.aten.to.dtype' op attribute 'dtype' failed to satisfy constraint: dtype (type attribute of an element type)}}
  %0 = torch.aten.to.dtype %x {dtype = tensor<4xf16>} : tensor<4xf32> -> tensor<4xf16>
  return
}

// -----

func.func @scalar_i32(%x: tensor<4xf32>) {
  // expected-error @+1 {{'torch.aten.mul.Scalar' op attribute 'other' failed to satisfy constraint: 64-bit integer or float attribute}}
  %0 = torch.aten.mul.Scalar %x {other = 2 : i32} : tensor<4xf32> -> tensor<4xf32>
  return
}

// -----

func.func @f64_attr(%x: tensor<4xf32>) {
  // expected-error @+1 {{'torch.aten.dropout' op attribute 'p' failed to satisfy constraint: 64-bit float attribute}}
  %0 = torch.aten.dropout %x {p = 1 : i64} : tensor<4xf32>
  return
}

// -----

func.func @index_elem(%w: tensor<10x4xf32>, %i: tensor<3xf32>) {
  // expected-error @+1 {{'torch.aten.embedding' op operand #1 must be ranked tensor of i32 or i64 values, but got 'tensor<3xf32>'}}
  %0 = torch.aten.embedding %w, %i : (tensor<10x4xf32>, tensor<3xf32>) -> tensor<3x4xf32>
  return
}

// -----

func.func @constant_value() {
  // expected-error @+1 {{'torch.constant' op attribute 'value' failed to satisfy constraint: constant vector/tensor attribute}}
  %0 = "torch.constant"() <{value = 1.0 : f32}> : () -> tensor<f32>
  return
}

// -----

func.func @constant_vector() {
  // expected-error @+1 {{'torch.constant' op expects 'value' to have a ranked tensor type, got 'vector<2xf32>'}}
  %0 = "torch.constant"() <{value = dense<1.0> : vector<2xf32>}> : () -> tensor<2xf32>
  return
}

// -----

func.func @constant_type() {
  // expected-error @+1 {{'torch.constant' op inferred type(s) 'tensor<2xf32>' are incompatible with return type(s) of operation 'tensor<3xf32>'}}
  %0 = "torch.constant"() <{value = dense<1.0> : tensor<2xf32>}> : () -> tensor<3xf32>
  return
}

// -----

// Forms that leave the result type out still verify the operand.
func.func @custom_form_unranked(%x: tensor<*xf32>) {
  // expected-error @+1 {{'torch.aten.relu' op operand #0 must be ranked tensor of f16 or bf16 or f32 or f64 or integer values, but got 'tensor<*xf32>'}}
  torch.aten.relu %x : tensor<*xf32>
  return
}

// -----

func.func @conv_input_rank(%x: tensor<3x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{'torch.aten.conv2d' op expects 3-D (unbatched) or 4-D (batched) input, got 2-D}}
  %0 = torch.aten.conv2d %x, %w : (tensor<3x8xf32>, tensor<4x3x3x3xf32>) -> tensor<4x6x6xf32>
  return
}

// -----

func.func @conv_weight_rank(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3xf32>) {
  // expected-error @+1 {{'torch.aten.conv2d' op expects 4-D weight [out_channels, in_channels/groups, kH, kW], got 3-D}}
  %0 = torch.aten.conv2d %x, %w : (tensor<1x3x8x8xf32>, tensor<4x3x3xf32>) -> tensor<1x3x8x8xf32>
  return
}

// -----

func.func @conv_channels(%x: tensor<1x4x8x8xf32>, %w: tensor<8x3x3x3xf32>) {
  // expected-error @+1 {{'torch.aten.conv2d' op given groups=1 and weight of shape [8, 3, 3, 3], expects input [1, 4, 8, 8] to have 3 channels, but got 4 channels}}
  %0 = torch.aten.conv2d %x, %w : (tensor<1x4x8x8xf32>, tensor<8x3x3x3xf32>) -> tensor<1x8x6x6xf32>
  return
}

// -----

func.func @conv_groups_divide(%x: tensor<1x4x8x8xf32>, %w: tensor<6x2x3x3xf32>) {
  // expected-error @+1 {{'torch.aten.conv2d' op expects out_channels (6) to be divisible by groups (4)}}
  %0 = torch.aten.conv2d %x, %w {groups = 4} : (tensor<1x4x8x8xf32>, tensor<6x2x3x3xf32>) -> tensor<1x6x6x6xf32>
  return
}

// -----

func.func @conv_groups_positive(%x: tensor<1x4x8x8xf32>, %w: tensor<4x4x3x3xf32>) {
  // expected-error @+1 {{'torch.aten.conv2d' op expects positive groups, got 0}}
  %0 = torch.aten.conv2d %x, %w {groups = 0} : (tensor<1x4x8x8xf32>, tensor<4x4x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @conv_bias(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{'torch.aten.conv2d' op expects 1-D bias with 4 elements, got [3]}}
  %0 = torch.aten.conv2d %x, %w, %b : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @conv_stride(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{'torch.aten.conv2d' op expects positive stride, got [1, 0]}}
  %0 = torch.aten.conv2d %x, %w {stride = array<i64: 1, 0>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @conv_padding(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{'torch.aten.conv2d' op expects non-negative padding, got [-1, -1]}}
  %0 = torch.aten.conv2d %x, %w {padding = array<i64: -1>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @conv_dilation(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{'torch.aten.conv2d' op expects positive dilation, got [0, 1]}}
  %0 = torch.aten.conv2d %x, %w {dilation = array<i64: 0, 1>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @conv_list_length(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{'torch.aten.conv2d' op expects 'stride' to have 1 or 2 elements, got 3}}
  %0 = torch.aten.conv2d %x, %w {stride = array<i64: 1, 1, 1>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @conv_kernel_too_big(%x: tensor<1x3x4x4xf32>, %w: tensor<4x3x7x7xf32>) {
  // expected-error @+1 {{'torch.aten.conv2d' op padded input size (6) is smaller than the dilated kernel size (7) in spatial dim 0}}
  %0 = torch.aten.conv2d %x, %w {padding = array<i64: 1>} : (tensor<1x3x4x4xf32>, tensor<4x3x7x7xf32>) -> tensor<1x4x0x0xf32>
  return
}

// -----

func.func @conv_elem(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf16>) {
  // expected-error @+1 {{'torch.aten.conv2d' op expects input and weight to have the same element type, got f32 and f16}}
  %0 = torch.aten.conv2d %x, %w : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf16>) -> tensor<1x4x6x6xf32>
  return
}

// -----

func.func @linear_in_features(%x: tensor<2x5xf32>, %w: tensor<3x4xf32>) {
  // expected-error @+1 {{'torch.aten.linear' op expects input's last dimension (5) to equal weight's in_features (4)}}
  %0 = torch.aten.linear %x, %w : (tensor<2x5xf32>, tensor<3x4xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @linear_weight_rank(%x: tensor<2x4xf32>, %w: tensor<4xf32>) {
  // expected-error @+1 {{'torch.aten.linear' op expects 2-D weight [out_features, in_features], got 1-D}}
  %0 = torch.aten.linear %x, %w : (tensor<2x4xf32>, tensor<4xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @linear_input_rank(%x: tensor<f32>, %w: tensor<3x4xf32>) {
  // expected-error @+1 {{'torch.aten.linear' op expects input of rank at least 1, got 0-D}}
  %0 = torch.aten.linear %x, %w : (tensor<f32>, tensor<3x4xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @linear_bias(%x: tensor<2x4xf32>, %w: tensor<3x4xf32>, %b: tensor<4xf32>) {
  // expected-error @+1 {{'torch.aten.linear' op expects bias of shape [3] (or broadcastable to it), got [4]}}
  %0 = torch.aten.linear %x, %w, %b : (tensor<2x4xf32>, tensor<3x4xf32>, tensor<4xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @matmul_0d(%x: tensor<f32>, %y: tensor<3x4xf32>) {
  // expected-error @+1 {{'torch.aten.matmul' op both arguments to matmul need to be at least 1-D, but they are 0-D and 2-D}}
  %0 = torch.aten.matmul %x, %y : (tensor<f32>, tensor<3x4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @matmul_contract(%x: tensor<2x3x4xf32>, %y: tensor<5xf32>) {
  // expected-error @+1 {{'torch.aten.matmul' op size mismatch: contraction dimension of self (4) does not match that of other (5), shapes [2, 3, 4] and [5]}}
  %0 = torch.aten.matmul %x, %y : (tensor<2x3x4xf32>, tensor<5xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @matmul_batch(%x: tensor<2x3x4xf32>, %y: tensor<3x4x5xf32>) {
  // expected-error @+1 {{'torch.aten.matmul' op batch dimensions do not broadcast: the size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0}}
  %0 = torch.aten.matmul %x, %y : (tensor<2x3x4xf32>, tensor<3x4x5xf32>) -> tensor<2x3x5xf32>
  return
}

// -----

func.func @matmul_elem(%x: tensor<3x4xf32>, %y: tensor<4x5xf16>) {
  // expected-error @+1 {{'torch.aten.matmul' op expects self and other to have the same element type, got f32 and f16}}
  %0 = torch.aten.matmul %x, %y : (tensor<3x4xf32>, tensor<4x5xf16>) -> tensor<3x5xf32>
  return
}

// -----

func.func @mm_rank(%x: tensor<2x3x4xf32>, %y: tensor<4x5xf32>) {
  // expected-error @+1 {{'torch.aten.mm' op expects 2-D self and mat2, got 3-D and 2-D}}
  %0 = torch.aten.mm %x, %y : (tensor<2x3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  return
}

// -----

func.func @mm_contract(%x: tensor<3x4xf32>, %y: tensor<5x6xf32>) {
  // expected-error @+1 {{'torch.aten.mm' op self and mat2 shapes cannot be multiplied ([3, 4] and [5, 6])}}
  %0 = torch.aten.mm %x, %y : (tensor<3x4xf32>, tensor<5x6xf32>) -> tensor<3x6xf32>
  return
}

// -----

func.func @bmm_rank(%x: tensor<3x4xf32>, %y: tensor<2x4x5xf32>) {
  // expected-error @+1 {{'torch.aten.bmm' op expects 3-D self and mat2, got 2-D and 3-D}}
  %0 = torch.aten.bmm %x, %y : (tensor<3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return
}

// -----

// bmm does not broadcast.
func.func @bmm_batch(%x: tensor<1x3x4xf32>, %y: tensor<2x4x5xf32>) {
  // expected-error @+1 {{'torch.aten.bmm' op expects equal batch sizes, got 1 and 2}}
  %0 = torch.aten.bmm %x, %y : (tensor<1x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return
}

// -----

func.func @bmm_contract(%x: tensor<2x3x4xf32>, %y: tensor<2x3x5xf32>) {
  // expected-error @+1 {{'torch.aten.bmm' op self and mat2 shapes cannot be multiplied ([2, 3, 4] and [2, 3, 5])}}
  %0 = torch.aten.bmm %x, %y : (tensor<2x3x4xf32>, tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
  return
}

// -----

func.func @addmm_self(%s: tensor<4xf32>, %x: tensor<3x4xf32>, %y: tensor<4x5xf32>) {
  // expected-error @+1 {{'torch.aten.addmm' op expects self of shape [4] to broadcast to the product's shape [3, 5]}}
  %0 = torch.aten.addmm %s, %x, %y : (tensor<4xf32>, tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  return
}

// -----

func.func @addmm_int_alpha(%s: tensor<5xi32>, %x: tensor<3x4xi32>, %y: tensor<4x5xi32>) {
  // expected-error @+1 {{'torch.aten.addmm' op for integral input tensors, 'alpha' must not be a floating point number}}
  %0 = torch.aten.addmm %s, %x, %y {alpha = 5.000000e-01} : (tensor<5xi32>, tensor<3x4xi32>, tensor<4x5xi32>) -> tensor<3x5xi32>
  return
}

// -----

func.func @add_broadcast(%x: tensor<2x3xf32>, %y: tensor<4xf32>) {
  // expected-error @+1 {{'torch.aten.add.Tensor' op the size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 1}}
  %0 = torch.aten.add.Tensor %x, %y : (tensor<2x3xf32>, tensor<4xf32>) -> tensor<2x3xf32>
  return
}

// -----

// No implicit type promotion between tensors.
func.func @add_elem(%x: tensor<3xf32>, %y: tensor<3xf16>) {
  // expected-error @+1 {{'torch.aten.add.Tensor' op expects self and other to have the same element type, got f32 and f16}}
  %0 = torch.aten.add.Tensor %x, %y : (tensor<3xf32>, tensor<3xf16>) -> tensor<3xf32>
  return
}

// -----

func.func @add_int_alpha(%x: tensor<3xi64>) {
  // expected-error @+1 {{'torch.aten.add.Tensor' op for integral input tensors, 'alpha' must not be a floating point number}}
  %0 = torch.aten.add.Tensor %x, %x {alpha = 1.500000e+00} : (tensor<3xi64>, tensor<3xi64>) -> tensor<3xi64>
  return
}

// -----

func.func @sub_bool(%x: tensor<3xi1>) {
  // expected-error @+1 {{'torch.aten.sub.Tensor' op subtraction of bool tensors is not supported; use logical operations instead}}
  %0 = torch.aten.sub.Tensor %x, %x : (tensor<3xi1>, tensor<3xi1>) -> tensor<3xi1>
  return
}

// -----

func.func @div_mode(%x: tensor<3xf32>) {
  // expected-error @+1 {{'torch.aten.div.Tensor' op attribute 'rounding_mode' failed to satisfy constraint: one of "trunc", "floor"}}
  %0 = torch.aten.div.Tensor %x, %x {rounding_mode = "round"} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return
}

// -----

// True division of integers gives f32.
func.func @div_int_true(%x: tensor<3xi32>) {
  // expected-error @+1 {{'torch.aten.div.Tensor' op inferred type(s) 'tensor<3xf32>' are incompatible with return type(s) of operation 'tensor<3xi32>'}}
  %0 = torch.aten.div.Tensor %x, %x : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
  return
}

// -----

func.func @add_scalar_int_alpha(%x: tensor<3xi32>) {
  // expected-error @+1 {{'torch.aten.add.Scalar' op for integral input tensors, 'alpha' must not be a floating point number}}
  %0 = torch.aten.add.Scalar %x {other = 1, alpha = 2.000000e+00} : tensor<3xi32> -> tensor<3xi32>
  return
}

// -----

func.func @rsub_scalar_bool(%x: tensor<3xi1>) {
  // expected-error @+1 {{'torch.aten.rsub.Scalar' op subtraction of bool tensors is not supported; use logical operations instead}}
  %0 = torch.aten.rsub.Scalar %x {other = 1} : tensor<3xi1> -> tensor<3xi1>
  return
}

// -----

func.func @pow_negative_int(%x: tensor<3xi32>) {
  // expected-error @+1 {{'torch.aten.pow.Tensor_Scalar' op integers to negative integer powers are not allowed}}
  %0 = torch.aten.pow.Tensor_Scalar %x {exponent = -1} : tensor<3xi32> -> tensor<3xi32>
  return
}

// -----

func.func @where_cond(%c: tensor<3xi32>, %x: tensor<3xf32>) {
  // expected-error @+1 {{'torch.aten.where.self' op operand #0 must be ranked tensor of i1 values, but got 'tensor<3xi32>'}}
  %0 = torch.aten.where.self %c, %x, %x : (tensor<3xi32>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @where_elem(%c: tensor<3xi1>, %x: tensor<3xf32>, %y: tensor<3xi64>) {
  // expected-error @+1 {{'torch.aten.where.self' op expects self and other to have the same element type, got f32 and i64}}
  %0 = torch.aten.where.self %c, %x, %y : (tensor<3xi1>, tensor<3xf32>, tensor<3xi64>) -> tensor<3xf32>
  return
}

// -----

func.func @where_broadcast(%c: tensor<2xi1>, %x: tensor<3xf32>) {
  // expected-error @+1 {{'torch.aten.where.self' op the size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0}}
  %0 = torch.aten.where.self %c, %x, %x : (tensor<2xi1>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @masked_fill_float_into_int(%x: tensor<3xi64>, %m: tensor<3xi1>) {
  // expected-error @+1 {{'torch.aten.masked_fill.Scalar' op cannot fill an integer tensor with the float value 5.000000e-01 : f64}}
  %0 = torch.aten.masked_fill.Scalar %x, %m {value = 5.000000e-01} : (tensor<3xi64>, tensor<3xi1>) -> tensor<3xi64>
  return
}

// -----

func.func @neg_bool(%x: tensor<3xi1>) {
  // expected-error @+1 {{'torch.aten.neg' op negation is not supported on bool tensors}}
  torch.aten.neg %x : tensor<3xi1>
  return
}

// -----

func.func @hardtanh_bounds(%x: tensor<3xf32>) {
  // expected-error @+1 {{'torch.aten.hardtanh' op expects min_val (1) to be less than or equal to max_val (0)}}
  torch.aten.hardtanh %x {min_val = 1, max_val = 0} : tensor<3xf32>
  return
}

// -----

func.func @clamp_no_bound(%x: tensor<3xf32>) {
  // expected-error @+1 {{'torch.aten.clamp' op at least one of 'min' or 'max' must be set}}
  torch.aten.clamp %x : tensor<3xf32>
  return
}

// -----

func.func @clamp_int_float_bound(%x: tensor<3xi32>) {
  // expected-error @+1 {{'torch.aten.clamp' op expects an integral 'max' for an integer tensor}}
  torch.aten.clamp %x {max = 2.500000e+00} : tensor<3xi32>
  return
}

// -----

func.func @softmax_dim(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'torch.aten.softmax.int' op dimension out of range (expected to be in range of [-2, 1], but got 2)}}
  %0 = torch.aten.softmax.int %x {dim = 2} : tensor<2x3xf32> -> tensor<2x3xf32>
  return
}

// -----

func.func @softmax_int_input(%x: tensor<2x3xi64>) {
  // expected-error @+1 {{'torch.aten.softmax.int' op expects a floating-point input or a floating-point 'dtype', got i64}}
  %0 = torch.aten.softmax.int %x {dim = 1} : tensor<2x3xi64> -> tensor<2x3xf32>
  return
}

// -----

func.func @softmax_int_dtype(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'torch.aten.log_softmax.int' op expects a floating-point dtype, got i32}}
  %0 = torch.aten.log_softmax.int %x {dim = 1, dtype = i32} : tensor<2x3xf32> -> tensor<2x3xf32>
  return
}

// -----

func.func @layer_norm_empty(%x: tensor<2x4xf32>) {
  // expected-error @+1 {{'torch.aten.layer_norm' op expects normalized_shape to have at least one element}}
  %0 = torch.aten.layer_norm %x {normalized_shape = array<i64>} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @layer_norm_negative(%x: tensor<2x4xf32>) {
  // expected-error @+1 {{'torch.aten.layer_norm' op expects non-negative normalized_shape, got [-4]}}
  %0 = torch.aten.layer_norm %x {normalized_shape = array<i64: -4>} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @layer_norm_trailing(%x: tensor<2x5x4xf32>) {
  // expected-error @+1 {{'torch.aten.layer_norm' op given normalized_shape=[5], expects input with shape [*, 5], but got input of shape [2, 5, 4]}}
  %0 = torch.aten.layer_norm %x {normalized_shape = array<i64: 5>} : (tensor<2x5x4xf32>) -> tensor<2x5x4xf32>
  return
}

// -----

func.func @layer_norm_weight(%x: tensor<2x4xf32>, %w: tensor<2xf32>) {
  // expected-error @+1 {{'torch.aten.layer_norm' op expects weight of shape [4] (normalized_shape), got [2]}}
  %0 = torch.aten.layer_norm %x, %w {normalized_shape = array<i64: 4>} : (tensor<2x4xf32>, tensor<2xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @layer_norm_three_affine(%x: tensor<2x4xf32>, %w: tensor<4xf32>) {
  // expected-error @+1 {{'torch.aten.layer_norm' op expects at most 2 affine operands (weight, bias), got 3}}
  %0 = torch.aten.layer_norm %x, %w, %w, %w {normalized_shape = array<i64: 4>} : (tensor<2x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @batch_norm_rank(%x: tensor<4xf32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{'torch.aten.batch_norm' op expects input of rank at least 2 [N, C, *], got 1-D}}
  %0 = torch.aten.batch_norm %x, %s, %s : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @batch_norm_stats(%x: tensor<1x4x2x2xf32>, %s: tensor<3xf32>) {
  // expected-error @+1 {{'torch.aten.batch_norm' op expects running_mean of shape [4] (the input's channels), got [3]}}
  %0 = torch.aten.batch_norm %x, %s, %s : (tensor<1x4x2x2xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<1x4x2x2xf32>
  return
}

// -----

func.func @batch_norm_bias(%x: tensor<1x4x2x2xf32>, %s: tensor<4xf32>, %b: tensor<2xf32>) {
  // expected-error @+1 {{'torch.aten.batch_norm' op expects bias of shape [4] (the input's channels), got [2]}}
  %0 = torch.aten.batch_norm %x, %s, %s, %s, %b : (tensor<1x4x2x2xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<2xf32>) -> tensor<1x4x2x2xf32>
  return
}

// -----

func.func @pool_rank(%x: tensor<8x8xf32>) {
  // expected-error @+1 {{'torch.aten.max_pool2d' op expects 3-D (unbatched) or 4-D (batched) input, got 2-D}}
  %0 = torch.aten.max_pool2d %x {kernel_size = array<i64: 2>} : tensor<8x8xf32> -> tensor<4x4xf32>
  return
}

// -----

func.func @pool_kernel(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+1 {{'torch.aten.max_pool2d' op kernel size should be greater than zero, but got [0, 2]}}
  %0 = torch.aten.max_pool2d %x {kernel_size = array<i64: 0, 2>} : tensor<1x3x8x8xf32> -> tensor<1x3x8x8xf32>
  return
}

// -----

func.func @pool_kernel_length(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+1 {{'torch.aten.max_pool2d' op expects 'kernel_size' to have 1 or 2 elements, got 3}}
  %0 = torch.aten.max_pool2d %x {kernel_size = array<i64: 2, 2, 2>} : tensor<1x3x8x8xf32> -> tensor<1x3x8x8xf32>
  return
}

// -----

func.func @pool_stride(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+1 {{'torch.aten.max_pool2d' op stride should be greater than zero, but got [-1, -1]}}
  %0 = torch.aten.max_pool2d %x {kernel_size = array<i64: 2>, stride = array<i64: -1>} : tensor<1x3x8x8xf32> -> tensor<1x3x8x8xf32>
  return
}

// -----

func.func @pool_dilation(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+1 {{'torch.aten.max_pool2d' op dilation should be greater than zero, but got [0, 0]}}
  %0 = torch.aten.max_pool2d %x {kernel_size = array<i64: 2>, dilation = array<i64: 0>} : tensor<1x3x8x8xf32> -> tensor<1x3x8x8xf32>
  return
}

// -----

func.func @pool_padding(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+1 {{'torch.aten.max_pool2d' op pad should be non-negative and at most half of kernel size, but got padding [2, 2] and kernel_size [3, 3]}}
  %0 = torch.aten.max_pool2d %x {kernel_size = array<i64: 3>, padding = array<i64: 2>} : tensor<1x3x8x8xf32> -> tensor<1x3x8x8xf32>
  return
}

// -----

func.func @pool_too_small(%x: tensor<1x3x2x2xf32>) {
  // expected-error @+1 {{'torch.aten.max_pool2d' op given input size [1, 3, 2, 2], calculated output size 0 in spatial dim 0 is too small}}
  %0 = torch.aten.max_pool2d %x {kernel_size = array<i64: 3>} : tensor<1x3x2x2xf32> -> tensor<1x3x0x0xf32>
  return
}

// -----

func.func @avg_pool_divisor(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+1 {{'torch.aten.avg_pool2d' op divisor_override must not be zero}}
  %0 = torch.aten.avg_pool2d %x {kernel_size = array<i64: 2>, divisor_override = 0} : tensor<1x3x8x8xf32> -> tensor<1x3x4x4xf32>
  return
}

// -----

func.func @avg_pool_int(%x: tensor<1x3x8x8xi32>) {
  // expected-error @+1 {{'torch.aten.avg_pool2d' op operand #0 must be ranked tensor of f16 or bf16 or f32 or f64 values, but got 'tensor<1x3x8x8xi32>'}}
  %0 = torch.aten.avg_pool2d %x {kernel_size = array<i64: 2>} : tensor<1x3x8x8xi32> -> tensor<1x3x4x4xi32>
  return
}

// -----

func.func @adaptive_size(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+1 {{'torch.aten.adaptive_avg_pool2d' op expects output_size to have 2 elements, got 1}}
  %0 = torch.aten.adaptive_avg_pool2d %x {output_size = array<i64: 1>} : tensor<1x3x8x8xf32> -> tensor<1x3x1x1xf32>
  return
}

// -----

func.func @adaptive_negative(%x: tensor<1x3x8x8xf32>) {
  // expected-error @+1 {{'torch.aten.adaptive_avg_pool2d' op expects non-negative output_size, got [-1, 1]}}
  %0 = torch.aten.adaptive_avg_pool2d %x {output_size = array<i64: -1, 1>} : tensor<1x3x8x8xf32> -> tensor<1x3x1x1xf32>
  return
}

// -----

func.func @adaptive_empty_input(%x: tensor<1x0x8x8xf32>) {
  // expected-error @+1 {{'torch.aten.adaptive_avg_pool2d' op expects non-batch dimensions of non-zero size, got input [1, 0, 8, 8]}}
  %0 = torch.aten.adaptive_avg_pool2d %x {output_size = array<i64: 1, 1>} : tensor<1x0x8x8xf32> -> tensor<1x0x1x1xf32>
  return
}

// -----

func.func @flatten_order(%x: tensor<2x3x4xf32>) {
  // expected-error @+1 {{'torch.aten.flatten.using_ints' op start_dim (2) cannot come after end_dim (1)}}
  %0 = torch.aten.flatten.using_ints %x {start_dim = 2, end_dim = 1} : tensor<2x3x4xf32> -> tensor<24xf32>
  return
}

// -----

func.func @flatten_range(%x: tensor<2x3x4xf32>) {
  // expected-error @+1 {{'torch.aten.flatten.using_ints' op dimension out of range (expected to be in range of [-3, 2], but got -4)}}
  %0 = torch.aten.flatten.using_ints %x {start_dim = -4} : tensor<2x3x4xf32> -> tensor<24xf32>
  return
}

// -----

func.func @reshape_two_inferred(%x: tensor<2x3x4xf32>) {
  // expected-error @+1 {{'torch.aten.reshape' op only one dimension can be inferred (-1), got [-1, -1]}}
  %0 = torch.aten.reshape %x {shape = array<i64: -1, -1>} : tensor<2x3x4xf32> -> tensor<4x6xf32>
  return
}

// -----

func.func @reshape_count(%x: tensor<2x3x4xf32>) {
  // expected-error @+1 {{'torch.aten.reshape' op shape [5, -1] is invalid for input of size 24}}
  %0 = torch.aten.reshape %x {shape = array<i64: 5, -1>} : tensor<2x3x4xf32> -> tensor<5x5xf32>
  return
}

// -----

func.func @view_count(%x: tensor<2x3x4xf32>) {
  // expected-error @+1 {{'torch.aten.view' op shape [5, 5] is invalid for input of size 24}}
  %0 = torch.aten.view %x {size = array<i64: 5, 5>} : tensor<2x3x4xf32> -> tensor<5x5xf32>
  return
}

// -----

func.func @view_negative(%x: tensor<2x3x4xf32>) {
  // expected-error @+1 {{'torch.aten.view' op invalid shape dimension -2}}
  %0 = torch.aten.view %x {size = array<i64: -2, 12>} : tensor<2x3x4xf32> -> tensor<2x12xf32>
  return
}

// -----

func.func @view_ambiguous(%x: tensor<0x4xf32>) {
  // expected-error @+1 {{'torch.aten.view' op cannot reshape a tensor of 0 elements into shape [0, -1] because the unspecified dimension -1 can be any value and is ambiguous}}
  %0 = torch.aten.view %x {size = array<i64: 0, -1>} : tensor<0x4xf32> -> tensor<0x4xf32>
  return
}

// -----

func.func @permute_length(%x: tensor<2x3x4xf32>) {
  // expected-error @+1 {{'torch.aten.permute' op expects dims to have one entry per input dimension (3), got 2}}
  %0 = torch.aten.permute %x {dims = array<i64: 1, 0>} : tensor<2x3x4xf32> -> tensor<3x2x4xf32>
  return
}

// -----

func.func @permute_repeat(%x: tensor<2x3x4xf32>) {
  // expected-error @+1 {{'torch.aten.permute' op dim 0 appears multiple times in the list of dims}}
  %0 = torch.aten.permute %x {dims = array<i64: 0, 1, -3>} : tensor<2x3x4xf32> -> tensor<2x3x2xf32>
  return
}

// -----

func.func @transpose_range(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'torch.aten.transpose.int' op dimension out of range (expected to be in range of [-2, 1], but got -3)}}
  %0 = torch.aten.transpose.int %x {dim0 = 0, dim1 = -3} : tensor<2x3xf32> -> tensor<3x2xf32>
  return
}

// -----

func.func @cat_empty() {
  // expected-error @+1 {{'torch.aten.cat' op expects a non-empty list of tensors}}
  %0 = torch.aten.cat : () -> tensor<2xf32>
  return
}

// -----

func.func @cat_rank(%x: tensor<2x3xf32>, %y: tensor<3xf32>) {
  // expected-error @+1 {{'torch.aten.cat' op tensors must have the same number of dimensions: got 2 and 1 (tensor number 1)}}
  %0 = torch.aten.cat %x, %y : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<5x3xf32>
  return
}

// -----

func.func @cat_sizes(%x: tensor<2x3xf32>, %y: tensor<2x4xf32>) {
  // expected-error @+1 {{'torch.aten.cat' op sizes of tensors must match except in dimension 0: expected size 3 but got size 4 for tensor number 1}}
  %0 = torch.aten.cat %x, %y : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @cat_elem(%x: tensor<2x3xf32>, %y: tensor<2x3xf16>) {
  // expected-error @+1 {{'torch.aten.cat' op expects all tensors to have the same element type, got f32 and f16 (tensor number 1)}}
  %0 = torch.aten.cat %x, %y : (tensor<2x3xf32>, tensor<2x3xf16>) -> tensor<4x3xf32>
  return
}

// -----

func.func @cat_0d(%x: tensor<f32>) {
  // expected-error @+1 {{'torch.aten.cat' op zero-dimensional tensor (at position 0) cannot be concatenated}}
  %0 = torch.aten.cat %x, %x : (tensor<f32>, tensor<f32>) -> tensor<2xf32>
  return
}

// -----

func.func @slice_step(%x: tensor<10xf32>) {
  // expected-error @+1 {{'torch.aten.slice.Tensor' op slice step must be positive, got 0}}
  %0 = torch.aten.slice.Tensor %x {step = 0} : tensor<10xf32> -> tensor<10xf32>
  return
}

// -----

func.func @slice_0d(%x: tensor<f32>) {
  // expected-error @+1 {{'torch.aten.slice.Tensor' op cannot be applied to a 0-dim tensor}}
  %0 = torch.aten.slice.Tensor %x : tensor<f32> -> tensor<f32>
  return
}

// -----

func.func @slice_dim(%x: tensor<10xf32>) {
  // expected-error @+1 {{'torch.aten.slice.Tensor' op dimension out of range (expected to be in range of [-1, 0], but got 1)}}
  %0 = torch.aten.slice.Tensor %x {dim = 1} : tensor<10xf32> -> tensor<10xf32>
  return
}

// -----

func.func @select_index(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'torch.aten.select.int' op index 3 out of range for tensor of size [2, 3] at dimension 1}}
  %0 = torch.aten.select.int %x {dim = 1, index = 3} : tensor<2x3xf32> -> tensor<2xf32>
  return
}

// -----

func.func @select_0d(%x: tensor<f32>) {
  // expected-error @+1 {{'torch.aten.select.int' op cannot be applied to a 0-dim tensor}}
  %0 = torch.aten.select.int %x {dim = 0, index = 0} : tensor<f32> -> tensor<f32>
  return
}

// -----

func.func @squeeze_dynamic(%x: tensor<?x3xf32>) {
  // expected-error @+1 {{'torch.aten.squeeze.dim' op cannot decide whether dynamic dimension 0 has size 1}}
  %0 = torch.aten.squeeze.dim %x {dim = 0} : tensor<?x3xf32> -> tensor<3xf32>
  return
}

// -----

func.func @squeeze_all_dynamic(%x: tensor<1x?xf32>) {
  // expected-error @+1 {{'torch.aten.squeeze' op cannot decide whether dynamic dimension 1 has size 1}}
  %0 = torch.aten.squeeze %x : tensor<1x?xf32> -> tensor<?xf32>
  return
}

// -----

func.func @unsqueeze_range(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'torch.aten.unsqueeze' op dimension out of range (expected to be in range of [-3, 2], but got 3)}}
  %0 = torch.aten.unsqueeze %x {dim = 3} : tensor<2x3xf32> -> tensor<2x3x1xf32>
  return
}

// -----

func.func @expand_rank(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'torch.aten.expand' op the number of sizes provided (1) must be greater or equal to the number of dimensions in the tensor (2)}}
  %0 = torch.aten.expand %x {size = array<i64: 3>} : tensor<2x3xf32> -> tensor<2x3xf32>
  return
}

// -----

func.func @expand_mismatch(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'torch.aten.expand' op the expanded size of the tensor (4) must match the existing size (3) at non-singleton dimension 1; target sizes [2, 4], tensor sizes [2, 3]}}
  %0 = torch.aten.expand %x {size = array<i64: 2, 4>} : tensor<2x3xf32> -> tensor<2x4xf32>
  return
}

// -----

func.func @expand_size(%x: tensor<3xf32>) {
  // expected-error @+1 {{'torch.aten.expand' op invalid size -2 in expand}}
  %0 = torch.aten.expand %x {size = array<i64: -2>} : tensor<3xf32> -> tensor<3xf32>
  return
}

// -----

func.func @expand_leading(%x: tensor<3xf32>) {
  // expected-error @+1 {{'torch.aten.expand' op the expanded size of the tensor (-1) isn't allowed in a leading, non-existing dimension 0}}
  %0 = torch.aten.expand %x {size = array<i64: -1, 3>} : tensor<3xf32> -> tensor<1x3xf32>
  return
}

// -----

func.func @pad_odd(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'torch.aten.constant_pad_nd' op length of pad must be even, got 3}}
  %0 = torch.aten.constant_pad_nd %x {pad = array<i64: 1, 1, 1>} : tensor<2x3xf32> -> tensor<2x3xf32>
  return
}

// -----

func.func @pad_long(%x: tensor<3xf32>) {
  // expected-error @+1 {{'torch.aten.constant_pad_nd' op length of pad (4) must be at most twice the number of input dimensions (1)}}
  %0 = torch.aten.constant_pad_nd %x {pad = array<i64: 1, 1, 1, 1>} : tensor<3xf32> -> tensor<5xf32>
  return
}

// -----

func.func @pad_negative(%x: tensor<3xf32>) {
  // expected-error @+1 {{'torch.aten.constant_pad_nd' op padding -2 and -2 of dimension 0 (size 3) gives a negative output size}}
  %0 = torch.aten.constant_pad_nd %x {pad = array<i64: -2, -2>} : tensor<3xf32> -> tensor<0xf32>
  return
}

// -----

func.func @pad_float_into_int(%x: tensor<3xi32>) {
  // expected-error @+1 {{'torch.aten.constant_pad_nd' op cannot pad an integer tensor with the float value 5.000000e-01 : f64}}
  %0 = torch.aten.constant_pad_nd %x {pad = array<i64: 1, 1>, value = 5.000000e-01} : tensor<3xi32> -> tensor<5xi32>
  return
}

// -----

func.func @mean_int(%x: tensor<2x3xi64>) {
  // expected-error @+1 {{'torch.aten.mean.dim' op could not infer output dtype: input dtype must be floating point, got i64}}
  %0 = torch.aten.mean.dim %x {dim = array<i64: 1>} : tensor<2x3xi64> -> tensor<2xf32>
  return
}

// -----

func.func @mean_result(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'torch.aten.mean.dim' op result #0 must be ranked tensor of f16 or bf16 or f32 or f64 values, but got 'tensor<i64>'}}
  %0 = torch.aten.mean.dim %x : tensor<2x3xf32> -> tensor<i64>
  return
}

// -----

func.func @mean_repeat(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'torch.aten.mean.dim' op dim 1 appears multiple times in the list of dims}}
  %0 = torch.aten.mean.dim %x {dim = array<i64: 1, -1>} : tensor<2x3xf32> -> tensor<2xf32>
  return
}

// -----

func.func @sum_range(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'torch.aten.sum.dim_IntList' op dimension out of range (expected to be in range of [-2, 1], but got 2)}}
  %0 = torch.aten.sum.dim_IntList %x {dim = array<i64: 2>} : tensor<2x3xf32> -> tensor<2xf32>
  return
}

// -----

// Integer sums accumulate into i64.
func.func @sum_int_result(%x: tensor<2x3xi32>) {
  // expected-error @+1 {{'torch.aten.sum.dim_IntList' op inferred type(s) 'tensor<i64>' are incompatible with return type(s) of operation 'tensor<i32>'}}
  %0 = torch.aten.sum.dim_IntList %x : tensor<2x3xi32> -> tensor<i32>
  return
}

// -----

func.func @argmax_empty(%x: tensor<2x0xf32>) {
  // expected-error @+1 {{'torch.aten.argmax' op expects reduction dim 1 to have non-zero size}}
  %0 = torch.aten.argmax %x {dim = 1} : tensor<2x0xf32> -> tensor<2xi64>
  return
}

// -----

func.func @argmax_empty_flat(%x: tensor<0x3xf32>) {
  // expected-error @+1 {{'torch.aten.argmax' op expects a non-empty tensor when no dim is given}}
  %0 = torch.aten.argmax %x : tensor<0x3xf32> -> tensor<i64>
  return
}

// -----

func.func @embedding_rank(%w: tensor<10xf32>, %i: tensor<3xi64>) {
  // expected-error @+1 {{'torch.aten.embedding' op expects 2-D weight [num_embeddings, embedding_dim], got 1-D}}
  %0 = torch.aten.embedding %w, %i : (tensor<10xf32>, tensor<3xi64>) -> tensor<3xf32>
  return
}

// -----

func.func @embedding_padding_idx(%w: tensor<10x4xf32>, %i: tensor<3xi64>) {
  // expected-error @+1 {{'torch.aten.embedding' op expects padding_idx to be -1 (none) or within [0, 10), got 10}}
  %0 = torch.aten.embedding %w, %i {padding_idx = 10} : (tensor<10x4xf32>, tensor<3xi64>) -> tensor<3x4xf32>
  return
}

// -----

func.func @sdpa_rank(%q: tensor<4xf32>) {
  // expected-error @+1 {{'torch.aten.scaled_dot_product_attention' op expects query of rank at least 2 [*, L, E], got 1-D}}
  %0 = torch.aten.scaled_dot_product_attention %q, %q, %q : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @sdpa_ranks_differ(%q: tensor<2x4x8xf32>, %k: tensor<4x8xf32>) {
  // expected-error @+1 {{'torch.aten.scaled_dot_product_attention' op expects query, key and value of the same rank, got 3-D, 2-D and 2-D}}
  %0 = torch.aten.scaled_dot_product_attention %q, %k, %k : (tensor<2x4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<2x4x8xf32>
  return
}

// -----

func.func @sdpa_embed(%q: tensor<2x4x8xf32>, %k: tensor<2x6x16xf32>) {
  // expected-error @+1 {{'torch.aten.scaled_dot_product_attention' op expects query and key with the same embedding size, got 8 and 16}}
  %0 = torch.aten.scaled_dot_product_attention %q, %k, %k : (tensor<2x4x8xf32>, tensor<2x6x16xf32>, tensor<2x6x16xf32>) -> tensor<2x4x16xf32>
  return
}

// -----

func.func @sdpa_seq(%q: tensor<2x4x8xf32>, %k: tensor<2x6x8xf32>, %v: tensor<2x5x8xf32>) {
  // expected-error @+1 {{'torch.aten.scaled_dot_product_attention' op expects key and value with the same sequence length, got 6 and 5}}
  %0 = torch.aten.scaled_dot_product_attention %q, %k, %v : (tensor<2x4x8xf32>, tensor<2x6x8xf32>, tensor<2x5x8xf32>) -> tensor<2x4x8xf32>
  return
}

// -----

func.func @sdpa_batch(%q: tensor<2x4x8xf32>, %k: tensor<3x6x8xf32>) {
  // expected-error @+1 {{'torch.aten.scaled_dot_product_attention' op expects query, key and value with the same batch dimensions, got [2, 4, 8], [3, 6, 8] and [3, 6, 8]}}
  %0 = torch.aten.scaled_dot_product_attention %q, %k, %k : (tensor<2x4x8xf32>, tensor<3x6x8xf32>, tensor<3x6x8xf32>) -> tensor<2x4x8xf32>
  return
}

// -----

func.func @sdpa_gqa(%q: tensor<1x6x4x8xf32>, %k: tensor<1x4x4x8xf32>) {
  // expected-error @+1 {{'torch.aten.scaled_dot_product_attention' op with enable_gqa, expects query heads (6) to be a multiple of key/value heads (4)}}
  %0 = torch.aten.scaled_dot_product_attention %q, %k, %k {enable_gqa = true} : (tensor<1x6x4x8xf32>, tensor<1x4x4x8xf32>, tensor<1x4x4x8xf32>) -> tensor<1x6x4x8xf32>
  return
}

// -----

func.func @sdpa_causal_mask(%q: tensor<2x4x8xf32>, %m: tensor<4x4xi1>) {
  // expected-error @+1 {{'torch.aten.scaled_dot_product_attention' op explicit attn_mask should not be set when is_causal = true}}
  %0 = torch.aten.scaled_dot_product_attention %q, %q, %q, %m {is_causal = true} : (tensor<2x4x8xf32>, tensor<2x4x8xf32>, tensor<2x4x8xf32>, tensor<4x4xi1>) -> tensor<2x4x8xf32>
  return
}

// -----

func.func @sdpa_mask_elem(%q: tensor<2x4x8xf32>, %m: tensor<4x4xi32>) {
  // expected-error @+1 {{'torch.aten.scaled_dot_product_attention' op expects attn_mask of element type i1 or f32 (the query's), got i32}}
  %0 = torch.aten.scaled_dot_product_attention %q, %q, %q, %m : (tensor<2x4x8xf32>, tensor<2x4x8xf32>, tensor<2x4x8xf32>, tensor<4x4xi32>) -> tensor<2x4x8xf32>
  return
}

// -----

func.func @sdpa_mask_shape(%q: tensor<2x4x8xf32>, %m: tensor<4x5xi1>) {
  // expected-error @+1 {{'torch.aten.scaled_dot_product_attention' op expects attn_mask of shape [4, 5] to broadcast to the attention weights' shape [2, 4, 4]}}
  %0 = torch.aten.scaled_dot_product_attention %q, %q, %q, %m : (tensor<2x4x8xf32>, tensor<2x4x8xf32>, tensor<2x4x8xf32>, tensor<4x5xi1>) -> tensor<2x4x8xf32>
  return
}

// -----

func.func @sdpa_dropout(%q: tensor<2x4x8xf32>) {
  // expected-error @+1 {{'torch.aten.scaled_dot_product_attention' op dropout_p has to be between 0 and 1, but got 1.5}}
  %0 = torch.aten.scaled_dot_product_attention %q, %q, %q {dropout_p = 1.500000e+00} : (tensor<2x4x8xf32>, tensor<2x4x8xf32>, tensor<2x4x8xf32>) -> tensor<2x4x8xf32>
  return
}

// -----

func.func @dropout_p(%x: tensor<3xf32>) {
  // expected-error @+1 {{'torch.aten.dropout' op dropout probability has to be between 0 and 1, but got 1.5}}
  torch.aten.dropout %x {p = 1.500000e+00} : tensor<3xf32>
  return
}

// -----

func.func @dropout_train(%x: tensor<3xf32>) {
  // expected-error @+1 {{'torch.aten.dropout' op supports only inference (train = false)}}
  torch.aten.dropout %x {train = true} : tensor<3xf32>
  return
}

// -----

func.func @clone_type(%x: tensor<3xf32>) {
  // expected-error @+1 {{'torch.aten.clone' op requires the same element type for all operands and results}}
  %0 = "torch.aten.clone"(%x) : (tensor<3xf32>) -> tensor<3xf16>
  return
}

// -----

func.func @to_dtype_missing(%x: tensor<3xf32>) {
  // expected-error @+1 {{'torch.aten.to.dtype' op requires attribute 'dtype'}}
  %0 = "torch.aten.to.dtype"(%x) : (tensor<3xf32>) -> tensor<3xf16>
  return
}

// -----

// Comparisons of two tensors need one element type (promotion is explicit).
func.func @cmp_elem(%a: tensor<3xf32>, %b: tensor<3xi32>) {
  // expected-error @+1 {{'torch.aten.eq.Tensor' op expects self and other to have the same element type, got f32 and i32}}
  %0 = torch.aten.eq.Tensor %a, %b : (tensor<3xf32>, tensor<3xi32>) -> tensor<3xi1>
  return
}

// -----

// Comparisons give i1.
func.func @cmp_result(%a: tensor<3xf32>) {
  // expected-error @+1 {{'torch.aten.lt.Tensor' op result #0 must be ranked tensor of i1 values, but got 'tensor<3xf32>'}}
  %0 = torch.aten.lt.Tensor %a, %a : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return
}

// -----

// bitwise_not is defined on integer and bool tensors only.
func.func @bitwise_not_float(%a: tensor<3xf32>) {
  // expected-error @+1 {{'torch.aten.bitwise_not' op operand #0 must be ranked tensor of integer values, but got 'tensor<3xf32>'}}
  %0 = torch.aten.bitwise_not %a : tensor<3xf32>
  return
}

// -----

// remainder and fmod are not defined on bool.
func.func @remainder_bool(%a: tensor<3xi1>) {
  // expected-error @+1 {{'torch.aten.remainder.Tensor' op remainder is not supported on bool tensors}}
  %0 = torch.aten.remainder.Tensor %a, %a : (tensor<3xi1>, tensor<3xi1>) -> tensor<3xi1>
  return
}

// -----

// The rounding ops are not defined on bool.
func.func @floor_bool(%a: tensor<3xi1>) {
  // expected-error @+1 {{'torch.aten.floor' op floor is not supported on bool tensors}}
  %0 = torch.aten.floor %a : tensor<3xi1>
  return
}

// -----

// celu divides by alpha.
func.func @celu_alpha(%a: tensor<3xf32>) {
  // expected-error @+1 {{'torch.aten.celu' op ZeroDivisionError: alpha cannot be 0 for CELU}}
  %0 = torch.aten.celu %a {alpha = 0.0} : tensor<3xf32>
  return
}

// -----

// softshrink needs a non-negative lambd.
func.func @softshrink_lambd(%a: tensor<3xf32>) {
  // expected-error @+1 {{'torch.aten.softshrink' op lambda must be greater or equal to 0, but found to be -1}}
  %0 = torch.aten.softshrink %a {lambd = -1.0} : tensor<3xf32>
  return
}

// -----

// threshold on integer tensors takes integral Scalars.
func.func @threshold_int(%a: tensor<3xi32>) {
  // expected-error @+1 {{'torch.aten.threshold' op expects an integral 'threshold' for an integer tensor}}
  %0 = torch.aten.threshold %a {threshold = 0.5, value = 0} : tensor<3xi32>
  return
}

// -----

// prelu: one weight or one per channel (dim 1).
func.func @prelu_channels(%a: tensor<1x3x4xf32>, %w: tensor<2xf32>) {
  // expected-error @+1 {{'torch.aten.prelu' op mismatch of parameter numbers and input channel size: found parameter numbers = 2 and channel size = 3}}
  %0 = torch.aten.prelu %a, %w : (tensor<1x3x4xf32>, tensor<2xf32>) -> tensor<1x3x4xf32>
  return
}

// -----

// amax/amin cannot reduce an empty dim.
func.func @amax_empty(%a: tensor<2x0xf32>) {
  // expected-error @+1 {{'torch.aten.amax' op amax(): Expected reduction dim 1 to have non-zero size}}
  %0 = torch.aten.amax %a {dim = array<i64: 1>} : tensor<2x0xf32> -> tensor<2xf32>
  return
}

// -----

// max/min over all elements need a non-empty tensor.
func.func @min_empty(%a: tensor<0xi32>) {
  // expected-error @+1 {{'torch.aten.min' op min(): Expected reduction dim to be specified for input.numel() == 0}}
  %0 = torch.aten.min %a : tensor<0xi32> -> tensor<i32>
  return
}

// -----

// logsumexp is float-only (integers are converted explicitly).
func.func @logsumexp_int(%a: tensor<2x3xi32>) {
  // expected-error @+1 {{'torch.aten.logsumexp' op operand #0 must be ranked tensor of f16 or bf16 or f32 or f64 values, but got 'tensor<2x3xi32>'}}
  %0 = torch.aten.logsumexp %a {dim = array<i64: 1>} : tensor<2x3xi32> -> tensor<2xi32>
  return
}

// -----

// topk: k must not exceed the dim's size.
func.func @topk_k(%a: tensor<2x5xf32>) {
  // expected-error @+1 {{'torch.aten.topk' op selected index k = 6 out of range (the dim has size [5])}}
  %0:2 = torch.aten.topk %a {k = 6} : (tensor<2x5xf32>) -> (tensor<2x6xf32>, tensor<2x6xi64>)
  return
}

// -----

// gather takes i64 indices, as PyTorch.
func.func @gather_index_type(%a: tensor<2x5xf32>, %i: tensor<3x5xi32>) {
  // expected-error @+1 {{'torch.aten.gather' op operand #1 must be ranked tensor of i64 values, but got 'tensor<3x5xi32>'}}
  %0 = torch.aten.gather %a, %i {dim = 0} : (tensor<2x5xf32>, tensor<3x5xi32>) -> tensor<3x5xf32>
  return
}

// -----

// gather: index may not be larger than self outside dim.
func.func @gather_index_size(%a: tensor<2x5xf32>, %i: tensor<3x6xi64>) {
  // expected-error @+1 {{'torch.aten.gather' op size does not match at dimension 1: expected index [3, 6] to be no larger than self [2, 5] apart from dimension 0}}
  %0 = torch.aten.gather %a, %i {dim = 0} : (tensor<2x5xf32>, tensor<3x6xi64>) -> tensor<3x6xf32>
  return
}

// -----

// index_select takes a vector of indices.
func.func @index_select_rank(%a: tensor<2x5xf32>, %i: tensor<3x2xi64>) {
  // expected-error @+1 {{'torch.aten.index_select' op index_select(): Index is supposed to be a vector, got [3, 2]}}
  %0 = torch.aten.index_select %a, %i {dim = 0} : (tensor<2x5xf32>, tensor<3x2xi64>) -> tensor<6x5xf32>
  return
}

// -----

// repeat needs at least one entry per dim.
func.func @repeat_rank(%a: tensor<2x5xf32>) {
  // expected-error @+1 {{'torch.aten.repeat' op number of dimensions of repeat dims (1) can not be smaller than number of dimensions of tensor (2)}}
  %0 = torch.aten.repeat %a {repeats = array<i64: 2>} : tensor<2x5xf32> -> tensor<4x5xf32>
  return
}

// -----

// flip rejects repeated dims.
func.func @flip_repeat(%a: tensor<2x5xf32>) {
  // expected-error @+1 {{'torch.aten.flip' op dim 1 appears multiple times in the list of dims}}
  %0 = torch.aten.flip %a {dims = array<i64: 1, -1>} : tensor<2x5xf32>
  return
}

// -----

// tril/triu need a matrix.
func.func @tril_rank(%a: tensor<5xf32>) {
  // expected-error @+1 {{'torch.aten.tril' op input tensor must have at least 2 dimensions, got 1}}
  %0 = torch.aten.tril %a : tensor<5xf32>
  return
}

// -----

// pixel_shuffle needs channels divisible by r².
func.func @pixel_shuffle_channels(%a: tensor<1x6x2x2xf32>) {
  // expected-error @+1 {{'torch.aten.pixel_shuffle' op pixel_shuffle expects its channels (6) to be divisible by 4}}
  %0 = torch.aten.pixel_shuffle %a {upscale_factor = 2} : tensor<1x6x2x2xf32> -> tensor<1x1x4x4xf32>
  return
}

// -----

// instance_norm needs more than one spatial element.
func.func @instance_norm_spatial(%a: tensor<2x3x1x1xf32>) {
  // expected-error @+1 {{'torch.aten.instance_norm' op expected more than 1 spatial element per channel, got input of shape [2, 3, 1, 1]}}
  %0 = torch.aten.instance_norm %a : (tensor<2x3x1x1xf32>) -> tensor<2x3x1x1xf32>
  return
}

// -----

// group_norm needs channels divisible by num_groups.
func.func @group_norm_groups(%a: tensor<2x6x4xf32>) {
  // expected-error @+1 {{'torch.aten.group_norm' op expected number of channels in input to be divisible by num_groups, but got input of shape [2, 6, 4] and num_groups=4}}
  %0 = torch.aten.group_norm %a {num_groups = 4} : (tensor<2x6x4xf32>) -> tensor<2x6x4xf32>
  return
}

// -----

// The affine operands of instance_norm are per channel.
func.func @instance_norm_affine(%a: tensor<2x6x4xf32>, %w: tensor<5xf32>) {
  // expected-error @+1 {{'torch.aten.instance_norm' op expects weight of shape [6] (the input's channels), got [5]}}
  %0 = torch.aten.instance_norm %a, %w : (tensor<2x6x4xf32>, tensor<5xf32>) -> tensor<2x6x4xf32>
  return
}

// -----

// linalg_vector_norm computes in a float dtype.
func.func @vector_norm_dtype(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'torch.aten.linalg_vector_norm' op linalg.vector_norm: dtype should be floating point, but got i32}}
  %0 = torch.aten.linalg_vector_norm %a {ord = 0x7FF0000000000000 : f64, dtype = i32} : tensor<2x3xf32> -> tensor<f32>
  return
}

// -----

func.func @conv3d_weight_rank(%x: tensor<1x3x4x8x8xf32>, %w: tensor<4x3x3x3xf32>) {
  // expected-error @+1 {{'torch.aten.conv3d' op expects 5-D weight [out_channels, in_channels/groups, kernel…], got 4-D}}
  %0 = torch.aten.conv3d %x, %w : (tensor<1x3x4x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x2x6x6xf32>
  return
}

// -----

func.func @max_pool3d_stride(%x: tensor<1x2x4x8x8xf32>) {
  // expected-error @+1 {{'torch.aten.max_pool3d' op expects 'stride' to have 1 or 3 elements, got 2}}
  %0 = torch.aten.max_pool3d %x {kernel_size = array<i64: 2>, stride = array<i64: 2, 2>} : tensor<1x2x4x8x8xf32> -> tensor<1x2x2x4x4xf32>
  return
}

// -----

func.func @avg_pool3d_pad(%x: tensor<1x2x4x8x8xf32>) {
  // expected-error @+1 {{'torch.aten.avg_pool3d' op pad should be non-negative and at most half of kernel size, but got padding [1, 1, 2] and kernel_size [2, 2, 2]}}
  %0 = torch.aten.avg_pool3d %x {kernel_size = array<i64: 2>, padding = array<i64: 1, 1, 2>} : tensor<1x2x4x8x8xf32> -> tensor<1x2x2x4x4xf32>
  return
}
