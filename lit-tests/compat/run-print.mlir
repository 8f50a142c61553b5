// Without --output-dir, mlc run prints each output: a "name: dtype[shape]"
// line, then the values; an output of more than 1000 elements is
// summarised as numpy prints it (3 entries at each end of a long dim).
// RUN: mlc run %s | filecheck %s
// RUN: mlc run %s -o %t.out | filecheck %s --check-prefix=FILES
// RUN: mlc print-tensor %t.out/small.npy | filecheck %s --check-prefix=SMALL

func.func @main() -> (tensor<2x3xf32> {mlc.name = "small"}, tensor<20x100xi64> {mlc.name = "big"}) {
  %0 = core.constant dense<[[1.5, -2.0, 0.0], [3.0, 4.25, -1.0]]> : tensor<2x3xf32>
  %1 = core.constant dense<7> : tensor<20x100xi64>
  return %0, %1 : tensor<2x3xf32>, tensor<20x100xi64>
}

// CHECK:      small: f32[2x3]
// CHECK-NEXT: {{\[\[}}1.5, -2, 0],
// CHECK-NEXT:  [3, 4.25, -1]]
// CHECK-EMPTY:
// CHECK-NEXT: big: i64[20x100]
// CHECK-NEXT: {{\[\[}}7, 7, 7, ..., 7, 7, 7],
// CHECK-NEXT:  [7, 7, 7, ..., 7, 7, 7],
// CHECK-NEXT:  [7, 7, 7, ..., 7, 7, 7],
// CHECK-NEXT:  ...,
// CHECK-NEXT:  [7, 7, 7, ..., 7, 7, 7],
// CHECK-NEXT:  [7, 7, 7, ..., 7, 7, 7],
// CHECK-NEXT:  [7, 7, 7, ..., 7, 7, 7]]

// FILES: small: f32[2x3] -> {{.*}}small.npy
// FILES: big: i64[20x100] -> {{.*}}big.npy
// SMALL: shape: [2, 3]
