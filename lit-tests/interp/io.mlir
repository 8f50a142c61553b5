// Inputs and outputs in ONNX TensorProto (.pb) form, positional inputs and
// a second function called through func.call.

// RUN: rm -rf %t && mlc run %s --input %S/Inputs/x-2x3.pb --output-dir %t --output-format pb | filecheck %s --check-prefix=OUT
// OUT: result0: f32[2x3] -> {{.*}}result0.pb
// RUN: mlc print-tensor %t/result0.pb | filecheck %s

// (-x)² + 1
// CHECK:      dtype: f32
// CHECK-NEXT: shape: [2, 3]
// CHECK-NEXT: {{\[\[}}2, 5, 10],
// CHECK-NEXT:  [17, 26, 37]]
func.func @main(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %n = func.call @neg(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %sq = core.mul %n, %n : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %one = core.constant dense<1.0> : tensor<f32>
  %r = core.add %sq, %one : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}
func.func private @neg(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = core.neg %x : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
