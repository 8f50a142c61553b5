// RUN: mlc-opt --split-input-file --verify-diagnostics %s

// Pooling output sizes with ceil_mode (dialects/torch/infer.go, ATen's
// pooling_output_shape): sizes round up, but a last window that would
// start past the input and its left padding is dropped. On a 5x5 input
// with kernel 2, stride 2 and padding (0, 1): floor gives 2x3; ceil gives
// 3x3, not the 3x4 a plain rounding-up would give, because W's fourth
// window would start at 6 >= 5 + 1.

func.func @floor(%x: tensor<1x1x5x5xf32>) -> tensor<1x1x2x3xf32> {
  %0 = torch.aten.max_pool2d %x {kernel_size = array<i64: 2>, stride = array<i64: 2>, padding = array<i64: 0, 1>} : tensor<1x1x5x5xf32> -> tensor<1x1x2x3xf32>
  return %0 : tensor<1x1x2x3xf32>
}

// -----

func.func @ceil(%x: tensor<1x1x5x5xf32>) -> (tensor<1x1x3x3xf32>, tensor<1x1x3x3xf32>) {
  %0 = torch.aten.max_pool2d %x {kernel_size = array<i64: 2>, stride = array<i64: 2>, padding = array<i64: 0, 1>, ceil_mode = true} : tensor<1x1x5x5xf32> -> tensor<1x1x3x3xf32>
  %1 = torch.aten.avg_pool2d %x {kernel_size = array<i64: 2>, stride = array<i64: 2>, padding = array<i64: 0, 1>, ceil_mode = true} : tensor<1x1x5x5xf32> -> tensor<1x1x3x3xf32>
  return %0, %1 : tensor<1x1x3x3xf32>, tensor<1x1x3x3xf32>
}

// -----

// The window that would start in the right padding is dropped.
func.func @ceil_drops_last(%x: tensor<1x1x5x5xf32>) {
  // expected-error @+1 {{'torch.aten.max_pool2d' op inferred type(s) 'tensor<1x1x3x3xf32>' are incompatible with return type(s) of operation 'tensor<1x1x3x4xf32>'}}
  %0 = torch.aten.max_pool2d %x {kernel_size = array<i64: 2>, stride = array<i64: 2>, padding = array<i64: 0, 1>, ceil_mode = true} : tensor<1x1x5x5xf32> -> tensor<1x1x3x4xf32>
  return
}

// -----

// ceil_mode is not the default: without it the partial window goes.
func.func @ceil_not_floor(%x: tensor<1x1x5x5xf32>) {
  // expected-error @+1 {{'torch.aten.avg_pool2d' op inferred type(s) 'tensor<1x1x3x3xf32>' are incompatible with return type(s) of operation 'tensor<1x1x2x3xf32>'}}
  %0 = torch.aten.avg_pool2d %x {kernel_size = array<i64: 2>, stride = array<i64: 2>, padding = array<i64: 0, 1>, ceil_mode = true} : tensor<1x1x5x5xf32> -> tensor<1x1x2x3xf32>
  return
}
