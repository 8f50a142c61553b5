// Hand-written qnn functions covering every op of translate/qnn's table,
// static tensors of every storage form, per-tensor and per-axis
// encodings, named and unnamed inputs and outputs, and discardable
// attributes on functions, arguments and ops. Each function is
// serialized and imported back by roundtrip_test.go.

!act = !qnn.tensor<1x8x8x4xufixed8, scale = 0.5, offset = -128>
!out = !qnn.tensor<1x4x4x8xufixed8, scale = 0.25, offset = -100>
!wpc = !qnn.tensor<3x3x4x8xsfixed8, axis = 3, scale_offsets = [0.1:0, 0.1:0, 0.1:0, 0.1:0, 0.2:0, 0.2:0, 0.2:0, 0.2:0]>
!bpc = !qnn.tensor<8xsfixed32, axis = 0, scale_offsets = [0.05:0, 0.05:0, 0.05:0, 0.05:0, 0.1:0, 0.1:0, 0.1:0, 0.1:0]>

func.func @conv(%x: tensor<1x4x8x8xf32> {mlc.calib = array<f64: -1.0, 3.0>, mlc.name = "image"}) -> (tensor<1x8x4x4xf32> {mlc.name = "features"}) attributes {mlc.budget = 3 : i64} {
  %q = qnn.Quantize %x : tensor<1x4x8x8xf32> -> !qnn.tensor<1x4x8x8xufixed8, scale = 0.5, offset = -128>
  %t = qnn.Transpose %q {perm = array<i64: 0, 2, 3, 1>} : !qnn.tensor<1x4x8x8xufixed8, scale = 0.5, offset = -128> -> !act
  %w = qnn.StaticTensor dense<3> : tensor<3x3x4x8xi8> -> !wpc
  %b = qnn.StaticTensor dense<[1, -2, 3, -4, 5, -6, 7, -8]> : tensor<8xi32> -> !bpc
  %c = qnn.Conv2d %t, %w, %b {stride = array<i64: 2, 2>, pad_amount = dense<1> : tensor<2x2xi64>, dilation = array<i64: 1, 1>, group = 1 : i64} : (!act, !wpc, !bpc) -> !out
  %r = qnn.Relu %c {mlc.precision = "i8", mlc.note = [1, "two"]} : !out -> !out
  %dw = qnn.StaticTensor dense<[[[[1, 2, 3, 4, 5, 6, 7, 8]], [[1, 2, 3, 4, 5, 6, 7, 8]]], [[[8, 7, 6, 5, 4, 3, 2, 1]], [[-1, -2, -3, -4, -5, -6, -7, -8]]]]> : tensor<2x2x1x8xi8> -> !qnn.tensor<2x2x1x8xsfixed8, scale = 0.01, offset = 0>
  %d = qnn.DepthWiseConv2d %r, %dw {stride = array<i64: 1, 1>, pad_amount = dense<[[0, 1], [0, 1]]> : tensor<2x2xi64>} : (!out, !qnn.tensor<2x2x1x8xsfixed8, scale = 0.01, offset = 0>) -> !out
  %p = qnn.PoolMax2d %d {filter_size = array<i64: 3, 3>, stride = array<i64: 1, 1>, pad_amount = dense<1> : tensor<2x2xi64>} : !out -> !out
  %a = qnn.PoolAvg2d %p {filter_size = array<i64: 2, 2>, stride = array<i64: 2, 2>, rounding_mode = "ceil", count_pad_for_edges = true} : !out -> !qnn.tensor<1x2x2x8xufixed8, scale = 0.25, offset = -100>
  %tw = qnn.StaticTensor dense<1> : tensor<2x2x8x8xi8> -> !qnn.tensor<2x2x8x8xsfixed8, scale = 0.02, offset = 0>
  %u = qnn.TransposeConv2d %a, %tw {stride = array<i64: 2, 2>, pad_amount = dense<0> : tensor<2x2xi64>, output_padding = array<i64: 0, 0>, group = 1 : i64} : (!qnn.tensor<1x2x2x8xufixed8, scale = 0.25, offset = -100>, !qnn.tensor<2x2x8x8xsfixed8, scale = 0.02, offset = 0>) -> !out
  %z = qnn.Resize %u {interpolation_mode = "nearest", transformation_mode = "asymmetric", nearest_mode = "floor", exclude_outside = false} : !out -> !out
  %back = qnn.Transpose %z {perm = array<i64: 0, 3, 1, 2>} : !out -> !qnn.tensor<1x8x4x4xufixed8, scale = 0.25, offset = -100>
  %y = qnn.Dequantize %back : !qnn.tensor<1x8x4x4xufixed8, scale = 0.25, offset = -100> -> tensor<1x8x4x4xf32>
  return %y : tensor<1x8x4x4xf32>
}

func.func @dense(%x: tensor<2x16xf32>, %m: tensor<2x4x8xf32>) -> (tensor<2x10xf32>, tensor<2x4x16xf32>, !qnn.tensor<2x4xufixed16, scale = 0.01, offset = 0>) {
  %w = qnn.StaticTensor dense<0.5> : tensor<10x16xf32> -> tensor<10x16xf32>
  %b = qnn.StaticTensor dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0]> : tensor<10xf32> -> tensor<10xf32>
  %0 = qnn.FullyConnected %x, %w, %b {keep_dims = true} : (tensor<2x16xf32>, tensor<10x16xf32>, tensor<10xf32>) -> tensor<2x10xf32>
  %m1 = qnn.StaticTensor dense_resource<mm_weights> : tensor<16x8xf32> -> tensor<16x8xf32>
  %1 = qnn.MatMul %m, %m1 {transpose_in1 = true} : (tensor<2x4x8xf32>, tensor<16x8xf32>) -> tensor<2x4x16xf32>
  %qx = qnn.Quantize %x : tensor<2x16xf32> -> !qnn.tensor<2x16xufixed16, scale = 0.001, offset = -32768>
  %qw = qnn.StaticTensor dense<[[1, -1, 2, -2, 3, -3, 4, -4, 5, -5, 6, -6, 7, -7, 0, 0], [7, 6, 5, 4, 3, 2, 1, 0, -1, -2, -3, -4, -5, -6, -7, -8], [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]]> : tensor<4x16xi8> -> !qnn.tensor<4x16xsfixed4, axis = 0, scale_offsets = [0.5:0, 0.25:0, 0.125:0, 1.0:0]>
  %2 = qnn.MatMul %qx, %qw {transpose_in0 = false, transpose_in1 = true} : (!qnn.tensor<2x16xufixed16, scale = 0.001, offset = -32768>, !qnn.tensor<4x16xsfixed4, axis = 0, scale_offsets = [0.5:0, 0.25:0, 0.125:0, 1.0:0]>) -> !qnn.tensor<2x4xufixed16, scale = 0.01, offset = 0>
  return %0, %1, %2 : tensor<2x10xf32>, tensor<2x4x16xf32>, !qnn.tensor<2x4xufixed16, scale = 0.01, offset = 0>
}

func.func @elementwise(%a: !qnn.tensor<1x8x8x4xufixed8, scale = 0.5, offset = -128>, %f: tensor<2x1x4xf32>, %g: tensor<3x1xf32>, %i: tensor<4xi32>) -> (!qnn.tensor<1x8x8x4xufixed8, scale = 0.5, offset = -128>, tensor<2x3x4xf32>, tensor<4xi32>, tensor<1x2x2x4xf32>) {
  %b = qnn.StaticTensor dense<[0, 64, 128, 255]> : tensor<4xui8> -> !qnn.tensor<4xufixed8, scale = 0.25, offset = 0>
  %0 = qnn.ElementWiseAdd %a, %b : (!qnn.tensor<1x8x8x4xufixed8, scale = 0.5, offset = -128>, !qnn.tensor<4xufixed8, scale = 0.25, offset = 0>) -> !qnn.tensor<1x8x8x4xufixed8, scale = 0.75, offset = -100>
  %1 = qnn.ElementWiseMaximum %0, %b : (!qnn.tensor<1x8x8x4xufixed8, scale = 0.75, offset = -100>, !qnn.tensor<4xufixed8, scale = 0.25, offset = 0>) -> !qnn.tensor<1x8x8x4xufixed8, scale = 0.5, offset = -128>
  %2 = qnn.ElementWiseSubtract %f, %g : (tensor<2x1x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xf32>
  %3 = qnn.ElementWiseMultiply %2, %g : (tensor<2x3x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xf32>
  %4 = qnn.ElementWiseMinimum %3, %f : (tensor<2x3x4xf32>, tensor<2x1x4xf32>) -> tensor<2x3x4xf32>
  %5 = qnn.ElementWisePower %4, %f : (tensor<2x3x4xf32>, tensor<2x1x4xf32>) -> tensor<2x3x4xf32>
  %6 = qnn.ElementWiseDivide %i, %i : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %x = qnn.StaticTensor dense<1.5> : tensor<1x2x2x4xf32> -> tensor<1x2x2x4xf32>
  %s = qnn.StaticTensor dense<[0.1, 0.2, 0.3, 0.4]> : tensor<4xf32> -> tensor<4xf32>
  %7 = qnn.Prelu %x, %s : (tensor<1x2x2x4xf32>, tensor<4xf32>) -> tensor<1x2x2x4xf32>
  return %1, %5, %6, %7 : !qnn.tensor<1x8x8x4xufixed8, scale = 0.5, offset = -128>, tensor<2x3x4xf32>, tensor<4xi32>, tensor<1x2x2x4xf32>
}

func.func @activations(%q: !qnn.tensor<1x16xufixed8, scale = 0.1, offset = -128>, %h: tensor<1x16xf16>, %f: tensor<1x16xf32>, %s: !qnn.tensor<1x16xsfixed16, scale = 0.001, offset = 0>) -> (tensor<1x16xf16>, tensor<1x16xf32>, !qnn.tensor<1x16xufixed8, scale = 0.00390625, offset = 0>, !qnn.tensor<1x16xsfixed16, scale = 3.0517578e-05, offset = 0>) {
  %0 = qnn.Relu6 %h : tensor<1x16xf16> -> tensor<1x16xf16>
  %1 = qnn.HardSwish %0 : tensor<1x16xf16> -> tensor<1x16xf16>
  %2 = qnn.ReluMinMax %f {min_value = -1.0 : f32, max_value = 1.0 : f32} : tensor<1x16xf32> -> tensor<1x16xf32>
  %3 = qnn.Gelu %2 : tensor<1x16xf32> -> tensor<1x16xf32>
  %4 = qnn.Sigmoid %3 : tensor<1x16xf32> -> tensor<1x16xf32>
  %5 = qnn.Softmax %4 {axis = 1 : i64, beta = 2.0 : f32} : tensor<1x16xf32> -> tensor<1x16xf32>
  %6 = qnn.Softmax %q : !qnn.tensor<1x16xufixed8, scale = 0.1, offset = -128> -> !qnn.tensor<1x16xufixed8, scale = 0.00390625, offset = 0>
  %7 = qnn.Tanh %s : !qnn.tensor<1x16xsfixed16, scale = 0.001, offset = 0> -> !qnn.tensor<1x16xsfixed16, scale = 3.0517578e-05, offset = 0>
  return %1, %5, %6, %7 : tensor<1x16xf16>, tensor<1x16xf32>, !qnn.tensor<1x16xufixed8, scale = 0.00390625, offset = 0>, !qnn.tensor<1x16xsfixed16, scale = 3.0517578e-05, offset = 0>
}

func.func @norm_and_reduce(%x: tensor<2x16x64xf32>, %q: !qnn.tensor<1x7x7x64xufixed8, scale = 0.1, offset = 0>) -> (tensor<2x16x64xf32>, !qnn.tensor<1x1x1x64xufixed8, scale = 0.05, offset = 0>, tensor<16x64xf32>, tensor<2x16x1xf32>, tensor<f32>, tensor<1x1x1xf32>) {
  %g = qnn.StaticTensor dense<1.0> : tensor<64xf32> -> tensor<64xf32>
  %b = qnn.StaticTensor dense<0.0> : tensor<64xf32> -> tensor<64xf32>
  %0 = qnn.LayerNorm %x, %g, %b {axes = array<i64: 2>, epsilon = 9.99999974E-6 : f32} : (tensor<2x16x64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<2x16x64xf32>
  %1 = qnn.ReduceMean %q {axes = array<i64: 1, 2>, keep_dims = true} : !qnn.tensor<1x7x7x64xufixed8, scale = 0.1, offset = 0> -> !qnn.tensor<1x1x1x64xufixed8, scale = 0.05, offset = 0>
  %2 = qnn.ReduceSum %0 {axes = array<i64: 0>} : tensor<2x16x64xf32> -> tensor<16x64xf32>
  %3 = qnn.ReduceMax %0 {axes = array<i64: 2>, keep_dims = true} : tensor<2x16x64xf32> -> tensor<2x16x1xf32>
  %4 = qnn.ReduceMin %0 {axes = array<i64: 0, 1, 2>} : tensor<2x16x64xf32> -> tensor<f32>
  %5 = qnn.ReduceProd %0 {axes = array<i64: 0, 1, 2>, keep_dims = true} : tensor<2x16x64xf32> -> tensor<1x1x1xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<2x16x64xf32>, !qnn.tensor<1x1x1x64xufixed8, scale = 0.05, offset = 0>, tensor<16x64xf32>, tensor<2x16x1xf32>, tensor<f32>, tensor<1x1x1xf32>
}

func.func @data_movement(%q: !qnn.tensor<1x7x7x4xufixed8, scale = 0.1, offset = -10>, %x: tensor<1x8x8x4xf32>, %c0: !qnn.tensor<1x8x8x4xsfixed8, scale = 0.1, offset = 0>, %s: tensor<4x10xf32>, %t: tensor<100x64xf32>, %bool: tensor<4x10xi1>) -> (!qnn.tensor<1x196xufixed8, scale = 0.1, offset = -10>, !qnn.tensor<1x8x8x6xsfixed8, scale = 0.2, offset = 0>, tensor<10xf32>, tensor<2x1x4xi1>, tensor<2x5x64xf32>, tensor<1x10x10x4xf32>, !qnn.tensor<1x11x10x4xufixed8, scale = 0.1, offset = -10>, tensor<1x16x16x4xf32>, tensor<2x3xf32>) {
  %0 = qnn.Reshape %q : !qnn.tensor<1x7x7x4xufixed8, scale = 0.1, offset = -10> -> !qnn.tensor<1x196xufixed8, scale = 0.1, offset = -10>
  %c1 = qnn.StaticTensor dense<[[[[1, 2]]]]> : tensor<1x1x1x2xi8> -> !qnn.tensor<1x1x1x2xsfixed8, scale = 0.2, offset = 1>
  %c2 = qnn.Reshape %c0 : !qnn.tensor<1x8x8x4xsfixed8, scale = 0.1, offset = 0> -> !qnn.tensor<1x8x8x4xsfixed8, scale = 0.1, offset = 0>
  %sl = qnn.StridedSlice %c2 {ranges = dense<[[0, 1, 1], [0, 8, 1], [0, 8, 1], [0, 2, 1]]> : tensor<4x3xi64>} : !qnn.tensor<1x8x8x4xsfixed8, scale = 0.1, offset = 0> -> !qnn.tensor<1x8x8x2xsfixed8, scale = 0.1, offset = 0>
  %1 = qnn.Concat %c0, %sl {axis = 3 : i64} : (!qnn.tensor<1x8x8x4xsfixed8, scale = 0.1, offset = 0>, !qnn.tensor<1x8x8x2xsfixed8, scale = 0.1, offset = 0>) -> !qnn.tensor<1x8x8x6xsfixed8, scale = 0.2, offset = 0>
  %2 = qnn.StridedSlice %s {ranges = dense<[[1, 0, 1], [0, 0, 1]]> : tensor<2x3xi64>, begin_mask = 2 : i64, end_mask = 2 : i64, shrink_axes = 1 : i64} : tensor<4x10xf32> -> tensor<10xf32>
  %3 = qnn.StridedSlice %bool {ranges = dense<[[1, 3, 1], [0, 0, 1], [0, 10, 3]]> : tensor<3x3xi64>, new_axes_mask = 2 : i64} : tensor<4x10xi1> -> tensor<2x1x4xi1>
  %i = qnn.StaticTensor dense<[[0, 1, 2, 3, 4], [99, 98, 97, 96, 95]]> : tensor<2x5xi32> -> tensor<2x5xi32>
  %4 = qnn.Gather %t, %i {axis = 0 : i64} : (tensor<100x64xf32>, tensor<2x5xi32>) -> tensor<2x5x64xf32>
  %5 = qnn.Pad %x {scheme = "constant", pad_amount = dense<[[0, 0], [1, 1], [1, 1], [0, 0]]> : tensor<4x2xi64>, pad_constant_value = 0.5 : f32} : tensor<1x8x8x4xf32> -> tensor<1x10x10x4xf32>
  %6 = qnn.Pad %q {scheme = "constant", pad_amount = dense<[[0, 0], [2, 2], [0, 3], [0, 0]]> : tensor<4x2xi64>, pad_constant_value = 2.0 : f32} : !qnn.tensor<1x7x7x4xufixed8, scale = 0.1, offset = -10> -> !qnn.tensor<1x11x10x4xufixed8, scale = 0.1, offset = -10>
  %7 = qnn.Resize %x {interpolation_mode = "linear", transformation_mode = "align_corners"} : tensor<1x8x8x4xf32> -> tensor<1x16x16x4xf32>
  %8 = qnn.StridedSlice %s {ranges = dense<[[-3, -1, 1], [9, 0, -3]]> : tensor<2x3xi64>} : tensor<4x10xf32> -> tensor<2x3xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : !qnn.tensor<1x196xufixed8, scale = 0.1, offset = -10>, !qnn.tensor<1x8x8x6xsfixed8, scale = 0.2, offset = 0>, tensor<10xf32>, tensor<2x1x4xi1>, tensor<2x5x64xf32>, tensor<1x10x10x4xf32>, !qnn.tensor<1x11x10x4xufixed8, scale = 0.1, offset = -10>, tensor<1x16x16x4xf32>, tensor<2x3xf32>
}

func.func @math_and_casts(%q: !qnn.tensor<4xufixed8, scale = 0.1, offset = -128>, %h: tensor<4xf16>, %i: tensor<4xi32>, %f: tensor<4xf32>) -> (!qnn.tensor<4xufixed8, scale = 0.5, offset = 0>, tensor<4xf16>, tensor<4xf32>, !qnn.tensor<4xufixed16, scale = 3.9e-4, offset = -32768>, tensor<4xf16>, !qnn.tensor<4xsfixed8, axis = 0, scale_offsets = [1.0:0, 1.0:0, 2.0:0, 2.0:0]>) {
  %0 = qnn.ElementWiseExp %q : !qnn.tensor<4xufixed8, scale = 0.1, offset = -128> -> !qnn.tensor<4xufixed8, scale = 0.5, offset = 0>
  %1 = qnn.ElementWiseLog %h : tensor<4xf16> -> tensor<4xf16>
  %2 = qnn.ElementWiseSquareRoot %1 : tensor<4xf16> -> tensor<4xf16>
  %3 = qnn.ElementWiseRsqrt %2 : tensor<4xf16> -> tensor<4xf16>
  %4 = qnn.ElementWiseNeg %3 : tensor<4xf16> -> tensor<4xf16>
  %5 = qnn.ElementWiseAbs %4 : tensor<4xf16> -> tensor<4xf16>
  %6 = qnn.ElementWiseSin %5 : tensor<4xf16> -> tensor<4xf16>
  %7 = qnn.ElementWiseCos %6 : tensor<4xf16> -> tensor<4xf16>
  %8 = qnn.ElementWiseFloor %7 : tensor<4xf16> -> tensor<4xf16>
  %9 = qnn.ElementWiseCeil %8 : tensor<4xf16> -> tensor<4xf16>
  %10 = qnn.Cast %i : tensor<4xi32> -> tensor<4xf32>
  %11 = qnn.Convert %q : !qnn.tensor<4xufixed8, scale = 0.1, offset = -128> -> !qnn.tensor<4xufixed16, scale = 3.9e-4, offset = -32768>
  %12 = qnn.Convert %f : tensor<4xf32> -> tensor<4xf16>
  %13 = qnn.Quantize %f : tensor<4xf32> -> !qnn.tensor<4xsfixed8, axis = 0, scale_offsets = [1.0:0, 1.0:0, 2.0:0, 2.0:0]>
  return %0, %9, %10, %11, %12, %13 : !qnn.tensor<4xufixed8, scale = 0.5, offset = 0>, tensor<4xf16>, tensor<4xf32>, !qnn.tensor<4xufixed16, scale = 3.9e-4, offset = -32768>, tensor<4xf16>, !qnn.tensor<4xsfixed8, axis = 0, scale_offsets = [1.0:0, 1.0:0, 2.0:0, 2.0:0]>
}

// Storage forms QNN has no field for: a signed builtin type, a ui4-range
// unsigned 4-bit tensor held as i8, and a static tensor held as si8; a
// static tensor named by a location too long for a ustar tar name.
func.func private @storage(%x: tensor<4xsi8>) -> tensor<4xsi32> attributes {mlc.target = "qnn-htp-v73"} {
  %c = qnn.StaticTensor dense<[1, 2, 3, 4]> : tensor<4xsi8> -> tensor<4xsi8> loc("a_static_tensor_whose_location_name_is_longer_than_the_one_hundred_bytes_a_ustar_tar_header_can_hold_for_a_name")
  %0 = qnn.Cast %x : tensor<4xsi8> -> tensor<4xsi32>
  %u = qnn.StaticTensor dense<[0, 15, 7, 8, 1]> : tensor<5xi8> -> !qnn.tensor<5xufixed4, scale = 0.5, offset = -8>
  %v = qnn.Convert %u : !qnn.tensor<5xufixed4, scale = 0.5, offset = -8> -> !qnn.tensor<5xufixed8, scale = 0.5, offset = -8>
  %s = qnn.StaticTensor dense<[-3, 5]> : tensor<2xsi8> -> !qnn.tensor<2xsfixed8, scale = 0.5, offset = 0>
  %w = qnn.Convert %s : !qnn.tensor<2xsfixed8, scale = 0.5, offset = 0> -> !qnn.tensor<2xsfixed16, scale = 0.5, offset = 0>
  return %0 : tensor<4xsi32>
}

{-#
  dialect_resources: {
    builtin: {
      mm_weights: "0x04000000000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F00000040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F00000040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F00000040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F00000040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F00000040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F00000040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F00000040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F00000040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F00000040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F"
    }
  }
#-}
