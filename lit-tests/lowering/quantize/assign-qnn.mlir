// RUN: mlc-opt --pass-pipeline='builtin.module(func.func(quantize{target=qnn-htp-v73}))' %s | filecheck %s

// qnn-htp-v73: asymmetric u8 activations (the range widened to hold 0,
// scale (hi − lo) / 255, zero point round_half_even(−lo / scale)),
// symmetric i8 weights per output channel, an i32 bias with scale
// s_in × s_w per channel and zero point 0. A value read by two quantized
// ops in one encoding gets one qcast/dcast pair.

// %x in [-1, 3]: scale 4/255 = 0.015686..., zero point 63.75 -> 64.
// The bias: s_in × s_w = (4/255)(1/127) and (4/255)(2/127); 0.1 / 1.2351e-4
// = 809.6 -> 810.
// The add's range [-1, 9] gives zero point 25.5 -> 26 (half to even).


// CHECK-LABEL: func.func @conv(
// CHECK:         %[[XQ:.*]] = quant.qcast %arg0 : tensor<1x2x4x4xf32> to tensor<1x2x4x4x!quant.uniform<u8:f32, 0.015686274509803921:64>>
// CHECK-NEXT:    %[[X:.*]] = quant.dcast %[[XQ]]
// CHECK-NEXT:    core.constant dense<{{\[\[\[\[}}64]], {{\[\[}}-127]]], {{\[\[\[}}16]], {{\[\[}}127]]]]> : tensor<2x2x1x1xi8>
// CHECK-NEXT:    quant.scast {{.*}} to tensor<2x2x1x1x!quant.uniform<i8<-127:127>:f32:0, {0.0078740157480314959,0.015748031496062992}>>
// CHECK-NEXT:    %[[W:.*]] = quant.dcast
// CHECK-NEXT:    %[[BI:.*]] = core.constant dense<[810, -810]> : tensor<2xi32>
// CHECK-NEXT:    %[[BS:.*]] = quant.scast %[[BI]] : tensor<2xi32> to tensor<2x!quant.uniform<i32:f32:0, {1.2351397251814111E-4,2.4702794503628223E-4}>>
// CHECK-NEXT:    %[[B:.*]] = quant.dcast %[[BS]]
// CHECK-NEXT:    %[[C:.*]] = core.conv2d %[[X]], %[[W]], %[[B]] {{.*}}mlc.precision = "i8"
// CHECK-NEXT:    %[[CQ:.*]] = quant.qcast %[[C]] : tensor<1x2x4x4xf32> to tensor<1x2x4x4x!quant.uniform<u8:f32, 0.039215686274509803:102>>
// CHECK-NEXT:    %[[CD:.*]] = quant.dcast %[[CQ]]
// CHECK-NEXT:    %[[R:.*]] = core.relu %[[CD]] {{.*}}mlc.precision = "i8"
// CHECK-NEXT:    %[[RQ:.*]] = quant.qcast %[[R]] : tensor<1x2x4x4xf32> to tensor<1x2x4x4x!quant.uniform<u8:f32, 0.023529411764705882>>
// CHECK-NEXT:    %[[RD:.*]] = quant.dcast %[[RQ]]
// The add reads %x through the conv's qcast: no second one.
// CHECK-NEXT:    %[[A:.*]] = core.add %[[RD]], %[[X]] {{.*}}mlc.precision = "i8"
// CHECK-NEXT:    quant.qcast %[[A]] : tensor<1x2x4x4xf32> to tensor<1x2x4x4x!quant.uniform<u8:f32, 0.039215686274509803:26>>
// CHECK-NOT:     quant.qcast %arg0
func.func @conv(%x: tensor<1x2x4x4xf32> {mlc.calib = array<f64: -1.0, 3.0>}) -> tensor<1x2x4x4xf32> {
  %w = core.constant dense<[[[[0.5]], [[-1.0]]], [[[0.25]], [[2.0]]]]> : tensor<2x2x1x1xf32>
  %b = core.constant dense<[0.1, -0.2]> : tensor<2xf32>
  %c = core.conv2d %x, %w, %b {mlc.calib = [array<f64: -4.0, 6.0>]} : (tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32>, tensor<2xf32>) -> tensor<1x2x4x4xf32>
  %r = core.relu %c {mlc.calib = [array<f64: 0.0, 6.0>]} : tensor<1x2x4x4xf32>
  %a = core.add %r, %x {mlc.calib = [array<f64: -1.0, 9.0>]} : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  return %a : tensor<1x2x4x4xf32>
}

// mlc.precision = "i16" on a conv: u16 activations (scale 4/65535) over
// 8-bit weights (the a16w8 rule, full i8 range as the file gives no
// narrower one), and an i32 bias from those scales. The
// relu after it keeps the default i8: its input is requantized from the
// conv's u16 output to u8.

// CHECK-LABEL: func.func @a16w8(
// CHECK:         quant.qcast %arg0 : tensor<1x2x4x4xf32> to tensor<1x2x4x4x!quant.uniform<u16:f32, 6.1036087586785687E-5:16384>>
// CHECK:         quant.scast {{.*}} : tensor<2x2x1x1xi8> to tensor<2x2x1x1x!quant.uniform<i8:f32:0, {0.0078740157480314959,0.015748031496062992}>>
// CHECK:         core.constant dense<[208074, -208074]> : tensor<2xi32>
// CHECK-NEXT:    quant.scast {{.*}} : tensor<2xi32> to tensor<2x!quant.uniform<i32:f32:0, {4.8059911485658024E-7,9.6119822971316048E-7}>>
// CHECK:         %[[C:.*]] = core.conv2d {{.*}}mlc.precision = "i16"
// CHECK-NEXT:    %[[CQ:.*]] = quant.qcast %[[C]] : tensor<1x2x4x4xf32> to tensor<1x2x4x4x!quant.uniform<u16:f32, 1.5259021896696422E-4:26214>>
// CHECK-NEXT:    %[[CD:.*]] = quant.dcast %[[CQ]]
// CHECK-NEXT:    %[[RQ:.*]] = quant.qcast %[[CD]] : tensor<1x2x4x4xf32> to tensor<1x2x4x4x!quant.uniform<u8:f32, 0.039215686274509803:102>>
// CHECK-NEXT:    %[[RD:.*]] = quant.dcast %[[RQ]]
// CHECK-NEXT:    core.relu %[[RD]] {{.*}}mlc.precision = "i8"
func.func @a16w8(%x: tensor<1x2x4x4xf32> {mlc.calib = array<f64: -1.0, 3.0>}) -> tensor<1x2x4x4xf32> {
  %w = core.constant dense<[[[[0.5]], [[-1.0]]], [[[0.25]], [[2.0]]]]> : tensor<2x2x1x1xf32>
  %b = core.constant dense<[0.1, -0.2]> : tensor<2xf32>
  %c = core.conv2d %x, %w, %b {mlc.calib = [array<f64: -4.0, 6.0>], mlc.precision = "i16"} : (tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32>, tensor<2xf32>) -> tensor<1x2x4x4xf32>
  %r = core.relu %c {mlc.calib = [array<f64: 0.0, 6.0>]} : tensor<1x2x4x4xf32>
  return %r : tensor<1x2x4x4xf32>
}
