// RUN: rm -rf %t && mlc run %s --input %S/Inputs/ties-8.npy --output-dir %t -q
// RUN: mlc print-tensor %t/q1.npy %t/q01.npy %t/back.npy | filecheck %s
// RUN: mlc run %s --function stored --input %S/Inputs/u8-3.npy --output-dir %t -q
// RUN: mlc print-tensor %t/real.npy %t/bits.npy | filecheck %s --check-prefix=STORED

// x = [0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 0.35, 1000]. quant.qcast is
// ONNX QuantizeLinear: x / scale in float32, ties to even, saturation.

// Scale 1: ties go to the even neighbour; 1000 saturates to 127.
// CHECK-LABEL: q1.npy:
// CHECK-NEXT:  dtype: i8
// CHECK-NEXT:  shape: [8]
// CHECK-NEXT:  [0, 2, 2, 0, -2, -2, 0, 127]

// Scale 0.1: 0.35f / 0.1f is exactly 3.5 in float32 (3.4999999 in float64),
// which rounds to 4.
// CHECK-LABEL: q01.npy:
// CHECK:       [5, 15, 25, -5, -15, -25, 4, 127]

// quant.dcast: (q - zp) * scale in float32.
// CHECK-LABEL: back.npy:
// CHECK-NEXT:  dtype: f32
// CHECK:       [0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 0.4, 12.7]
func.func @main(%x: tensor<8xf32>) -> (tensor<8x!quant.uniform<i8:f32, 1.0>> {mlc.name = "q1"},
    tensor<8x!quant.uniform<i8:f32, 0.1>> {mlc.name = "q01"}, tensor<8xf32> {mlc.name = "back"}) {
  %q1 = quant.qcast %x : tensor<8xf32> to tensor<8x!quant.uniform<i8:f32, 1.0>>
  %q01 = quant.qcast %x : tensor<8xf32> to tensor<8x!quant.uniform<i8:f32, 0.1>>
  %back = quant.dcast %q01 : tensor<8x!quant.uniform<i8:f32, 0.1>> to tensor<8xf32>
  return %q1, %q01, %back : tensor<8x!quant.uniform<i8:f32, 1.0>>, tensor<8x!quant.uniform<i8:f32, 0.1>>, tensor<8xf32>
}

// Quantized arguments take their stored integers: u8 [0, 128, 255] with
// zero point 128 are the reals [-64, 0, 63.5]; as signless i8 bits they
// read [0, -128, -1].
// STORED-LABEL: real.npy:
// STORED:       [-64, 0, 63.5]
// STORED-LABEL: bits.npy:
// STORED-NEXT:  dtype: i8
// STORED:       [0, -128, -1]
func.func @stored(%q: tensor<3x!quant.uniform<u8:f32, 0.5:128>>) -> (tensor<3xf32> {mlc.name = "real"}, tensor<3xi8> {mlc.name = "bits"}) {
  %real = quant.dcast %q : tensor<3x!quant.uniform<u8:f32, 0.5:128>> to tensor<3xf32>
  %bits = quant.scast %q : tensor<3x!quant.uniform<u8:f32, 0.5:128>> to tensor<3xi8>
  return %real, %bits : tensor<3xf32>, tensor<3xi8>
}
