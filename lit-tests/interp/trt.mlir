// RUN: rm -rf %t && mlc run %s --input x=%S/Inputs/x-2x3.npy --output-dir %t -q
// RUN: mlc print-tensor %t/q.npy %t/pooled.npy %t/flat.npy | filecheck %s

// TensorRT layers in the interpreter on x = [[1, -2, 3], [-4, 5, -6]].

// IQuantizeLayer: x / 0.25 rounded half to even ([4, -8, 12, -16, 20, -24])
// and saturated to [-128, 127] after a prod by 8 (32 → 127 ... -192 → -128).
// CHECK-LABEL: q.npy:
// CHECK-NEXT:  dtype: i8
// CHECK-NEXT:  shape: [2, 3]
// CHECK-NEXT:  {{\[\[}}32, -64, 96],
// CHECK-NEXT:   [-128, 127, -128]]

// Max pooling over the int8 values (window 1x2, stride 1), then dequantized.
// CHECK-LABEL: pooled.npy:
// CHECK-NEXT:  dtype: f32
// CHECK-NEXT:  shape: [1, 1, 2, 2]
// CHECK-NEXT:  {{\[\[\[\[}}8, 24],
// CHECK-NEXT:     [31.75, 31.75]]]]

// A shuffle (transpose then reshape) of the relu of x.
// CHECK-LABEL: flat.npy:
// CHECK-NEXT:  dtype: f32
// CHECK-NEXT:  shape: [6]
// CHECK-NEXT:  [1, 0, 0, 5, 3, 0]

func.func @main(%x: tensor<2x3xf32> {mlc.name = "x"}) -> (tensor<2x3xi8> {mlc.name = "q"}, tensor<1x1x2x2xf32> {mlc.name = "pooled"}, tensor<6xf32> {mlc.name = "flat"}) {
  %eight = trt.constant dense<8.0> : tensor<1x1xf32>
  %x8 = trt.element_wise "prod" %x, %eight : (tensor<2x3xf32>, tensor<1x1xf32>) -> tensor<2x3xf32>
  %s = trt.constant dense<0.25> : tensor<f32>
  %q = trt.quantize %x8, %s : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xi8>
  %q4 = trt.shuffle %q {reshape_dims = array<i64: 1, 1, 2, 3>} : tensor<2x3xi8> -> tensor<1x1x2x3xi8>
  %p = trt.pooling "max" %q4 {window_size = array<i64: 1, 2>} : tensor<1x1x2x3xi8> -> tensor<1x1x2x2xi8>
  %d = trt.dequantize %p, %s : (tensor<1x1x2x2xi8>, tensor<f32>) -> tensor<1x1x2x2xf32>
  %r = trt.activation "relu" %x : tensor<2x3xf32> -> tensor<2x3xf32>
  %f = trt.shuffle %r {first_transpose = array<i64: 1, 0>, reshape_dims = array<i64: 6>} : tensor<2x3xf32> -> tensor<6xf32>
  return %q, %d, %f : tensor<2x3xi8>, tensor<1x1x2x2xf32>, tensor<6xf32>
}
