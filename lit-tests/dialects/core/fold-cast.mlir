// RUN: mlc-opt --canonicalize %s | filecheck %s

// core.cast folding at the integer limits (dialects/core/fold.go): a
// float truncates toward zero and folds only when the result fits the
// integer type; NaN, ±Inf and out-of-range values leave the cast in
// place. i1 is "non-zero", NaN included. Integer to integer wraps modulo
// 2^width.

// Truncation keeps 127.99 and -128.99 inside i8.
// CHECK-LABEL: func.func @f32_to_i8_in_range()
// CHECK-NEXT:    %0 = core.constant dense<[127, -128, 127, -128]> : tensor<4xi8>
// CHECK-NEXT:    return %0
func.func @f32_to_i8_in_range() -> tensor<4xi8> {
  %a = core.constant dense<[127.99, -128.99, 127.0, -128.0]> : tensor<4xf32>
  %r = core.cast %a : tensor<4xf32> to tensor<4xi8>
  return %r : tensor<4xi8>
}

// One past either end of i8 does not fold.
// CHECK-LABEL: func.func @f32_to_i8_above()
// CHECK-NEXT:    %0 = core.constant dense<1.280000e+02> : tensor<1xf32>
// CHECK-NEXT:    %1 = core.cast %0 : tensor<1xf32> to tensor<1xi8>
func.func @f32_to_i8_above() -> tensor<1xi8> {
  %a = core.constant dense<[128.0]> : tensor<1xf32>
  %r = core.cast %a : tensor<1xf32> to tensor<1xi8>
  return %r : tensor<1xi8>
}

// CHECK-LABEL: func.func @f32_to_i8_below()
// CHECK-NEXT:    %0 = core.constant dense<-1.290000e+02> : tensor<1xf32>
// CHECK-NEXT:    %1 = core.cast %0 : tensor<1xf32> to tensor<1xi8>
func.func @f32_to_i8_below() -> tensor<1xi8> {
  %a = core.constant dense<[-129.0]> : tensor<1xf32>
  %r = core.cast %a : tensor<1xf32> to tensor<1xi8>
  return %r : tensor<1xi8>
}

// The largest f32 below 2^31 and -2^31 fold; 2^31 itself does not.
// CHECK-LABEL: func.func @f32_to_i32_limit()
// CHECK-NEXT:    %0 = core.constant dense<[2147483520, -2147483648]> : tensor<2xi32>
// CHECK-NEXT:    %1 = core.constant dense<2.14748365E+9> : tensor<1xf32>
// CHECK-NEXT:    %2 = core.cast %1 : tensor<1xf32> to tensor<1xi32>
func.func @f32_to_i32_limit() -> (tensor<2xi32>, tensor<1xi32>) {
  %a = core.constant dense<[2147483520.0, -2147483648.0]> : tensor<2xf32>
  %r = core.cast %a : tensor<2xf32> to tensor<2xi32>
  %b = core.constant dense<[2147483648.0]> : tensor<1xf32>
  %s = core.cast %b : tensor<1xf32> to tensor<1xi32>
  return %r, %s : tensor<2xi32>, tensor<1xi32>
}

// NaN and +Inf to an integer stay casts; to i1 both are true.
// CHECK-LABEL: func.func @nan_inf()
// CHECK-NEXT:    %0 = core.constant dense<0x7FC00000> : tensor<1xf32>
// CHECK-NEXT:    %1 = core.cast %0 : tensor<1xf32> to tensor<1xi32>
// CHECK-NEXT:    %2 = core.constant dense<0x7F800000> : tensor<1xf32>
// CHECK-NEXT:    %3 = core.cast %2 : tensor<1xf32> to tensor<1xi8>
// CHECK-NEXT:    %4 = core.constant dense<true> : tensor<2xi1>
func.func @nan_inf() -> (tensor<1xi32>, tensor<1xi8>, tensor<2xi1>) {
  %n = core.constant dense<[0x7FC00000]> : tensor<1xf32>
  %r = core.cast %n : tensor<1xf32> to tensor<1xi32>
  %i = core.constant dense<[0x7F800000]> : tensor<1xf32>
  %s = core.cast %i : tensor<1xf32> to tensor<1xi8>
  %b = core.constant dense<[0x7FC00000, 0xFF800000]> : tensor<2xf32>
  %t = core.cast %b : tensor<2xf32> to tensor<2xi1>
  return %r, %s, %t : tensor<1xi32>, tensor<1xi8>, tensor<2xi1>
}

// Narrowing integers wrap: 128 -> -128, -129 -> 127, 2^31 -> -2^31; i32
// 2^31-1 to f32 rounds to nearest (2^31).
// CHECK-LABEL: func.func @int_wraps()
// CHECK-NEXT:    %0 = core.constant dense<[127, -128, -128, 127]> : tensor<4xi8>
// CHECK-NEXT:    %1 = core.constant dense<[2147483647, -2147483648]> : tensor<2xi32>
// CHECK-NEXT:    %2 = core.constant dense<2.14748365E+9> : tensor<1xf32>
// CHECK-NEXT:    return %0, %1, %2
func.func @int_wraps() -> (tensor<4xi8>, tensor<2xi32>, tensor<1xf32>) {
  %a = core.constant dense<[127, 128, -128, -129]> : tensor<4xi32>
  %r = core.cast %a : tensor<4xi32> to tensor<4xi8>
  %c = core.constant dense<[2147483647, 2147483648]> : tensor<2xi64>
  %t = core.cast %c : tensor<2xi64> to tensor<2xi32>
  %d = core.constant dense<[2147483647]> : tensor<1xi32>
  %u = core.cast %d : tensor<1xi32> to tensor<1xf32>
  return %r, %t, %u : tensor<4xi8>, tensor<2xi32>, tensor<1xf32>
}
