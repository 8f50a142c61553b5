// RUN: not mlc-opt --pass-pipeline='builtin.module(func.func(legalize-qnn{target=qnn-htp-v73}))' %s 2>&1 | filecheck %s

// Quantized core IR that QNN's kernels cannot take: an i32 bias whose
// scale is not input × weight (quant-fuse leaves it in QDQ form, and
// QNN's Conv2d would add it in the accumulator's units), and an
// activation quantized per axis (QNN encodes activations per tensor).
// CHECK: invalid-quantized.mlir:[[@LINE+11]]:8: error: 'core.conv2d' op cannot be legalized for target 'qnn-htp-v73': its quantized form is not QNN's: expects operand #2 (bias) scale 0.125 = input scale × weight scale
// CHECK: invalid-quantized.mlir:[[@LINE+13]]:8: error: 'core.add' op cannot be legalized for target 'qnn-htp-v73': operand #0 (lhs) is quantized per axis; QNN encodes activations per tensor
func.func @unfusable(%x: tensor<1x1x2x2x!quant.uniform<u8:f32, 0.5:128>>, %p: tensor<2x2x!quant.uniform<u8:f32:0, {0.1:128, 0.2:128}>>)
    -> (tensor<1x1x2x2x!quant.uniform<u8:f32, 1.0:128>>, tensor<2x2x!quant.uniform<u8:f32, 1.0:128>>) {
  %dx = quant.dcast %x : tensor<1x1x2x2x!quant.uniform<u8:f32, 0.5:128>> to tensor<1x1x2x2xf32>
  %ws = core.constant dense<1> : tensor<1x1x1x1xi8>
  %w = quant.scast %ws : tensor<1x1x1x1xi8> to tensor<1x1x1x1x!quant.uniform<i8:f32, 0.25>>
  %dw = quant.dcast %w : tensor<1x1x1x1x!quant.uniform<i8:f32, 0.25>> to tensor<1x1x1x1xf32>
  %bs = core.constant dense<3> : tensor<1xi32>
  %b = quant.scast %bs : tensor<1xi32> to tensor<1x!quant.uniform<i32:f32, 0.5>>
  %db = quant.dcast %b : tensor<1x!quant.uniform<i32:f32, 0.5>> to tensor<1xf32>
  %c = core.conv2d %dx, %dw, %db : (tensor<1x1x2x2xf32>, tensor<1x1x1x1xf32>, tensor<1xf32>) -> tensor<1x1x2x2xf32>
  %q = quant.qcast %c : tensor<1x1x2x2xf32> to tensor<1x1x2x2x!quant.uniform<u8:f32, 1.0:128>>
  %dp = quant.dcast %p : tensor<2x2x!quant.uniform<u8:f32:0, {0.1:128, 0.2:128}>> to tensor<2x2xf32>
  %a = core.add %dp, %dp : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  %qa = quant.qcast %a : tensor<2x2xf32> to tensor<2x2x!quant.uniform<u8:f32, 1.0:128>>
  return %q, %qa : tensor<1x1x2x2x!quant.uniform<u8:f32, 1.0:128>>, tensor<2x2x!quant.uniform<u8:f32, 1.0:128>>
}
