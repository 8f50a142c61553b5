// RUN: mlc-opt --pass-pipeline='builtin.module(func.func(quantize{target=trt-orin allow-fallback}))' %s -o %t.q.mlir
// RUN: mlc lower %t.q.mlir --target trt-orin --min-block-size 2 -o %t.l.mlir
// RUN: filecheck %s --input-file %t.l.mlir
// Lowering changes where ops run, not what they compute.
// RUN: mlc run %t.q.mlir --input %S/Inputs/lower-x-1x2x4x4.npy --output-dir %t.before -q
// RUN: mlc run %t.l.mlir --input %S/Inputs/lower-x-1x2x4x4.npy --output-dir %t.after -q
// RUN: cmp %t.before/result0.npy %t.after/result0.npy
// RUN: mlc lower %t.q.mlir --target trt-orin --min-block-size 2 --fallback relu --dry-run | filecheck %s --check-prefix=DRY
// RUN: not mlc lower %t.q.mlir --target trt-orin --require-full -o %t.full.mlir 2>&1 | filecheck %s --check-prefix=FULL
// RUN: not test -e %t.full.mlir
// RUN: not mlc lower %t.q.mlir --target trt-nano 2>&1 | filecheck %s --check-prefix=UNKNOWN
// The same for a QNN target, whose partitions also take and give float.
// RUN: mlc-opt --pass-pipeline='builtin.module(func.func(quantize{target=qnn-htp-v73 allow-fallback}))' %s -o %t.qq.mlir
// RUN: mlc lower %t.qq.mlir --target qnn-htp-v73 --min-block-size 2 -o %t.ql.mlir
// RUN: filecheck %s --check-prefix=QNN --input-file %t.ql.mlir
// RUN: mlc run %t.qq.mlir --input %S/Inputs/lower-x-1x2x4x4.npy --output-dir %t.qbefore -q
// RUN: mlc run %t.ql.mlir --input %S/Inputs/lower-x-1x2x4x4.npy --output-dir %t.qafter -q
// RUN: cmp %t.qbefore/result0.npy %t.qafter/result0.npy

// CHECK-LABEL: func.func @main(
// CHECK:         call @main_trt_orin_0(
// CHECK:         call @main_cpu_1(
// CHECK:       func.func private @main_trt_orin_0({{.*}}attributes {mlc.target = "trt-orin"}
// CHECK:         trt.quantize
// CHECK:         trt.convolution
// CHECK:         trt.activation "relu"
// CHECK:         trt.convolution
// CHECK:       func.func private @main_cpu_1({{.*}}attributes {mlc.target = "cpu"}
// CHECK:         core.cmp
// CHECK:         core.select
// CHECK:         core.conv2d

// With relu forced to the CPU: conv (and the cast to f16 after it) | relu |
// cast, conv | cmp, select, and the last conv, alone and too small.
// DRY:      partition of @main for trt-orin: 4 partitions, 50.0% of compute ops and 66.7% of MACs on the target
// DRY-NEXT:   @main_trt_orin_0 on trt-orin: 2 ops
// DRY-NEXT:     f32: 1 ops, 0 MACs; i8: 1 ops, 64 MACs
// DRY-NEXT:   @main_cpu_1 on cpu: 1 ops
// DRY-NEXT:     f16: 1 ops, 0 MACs
// DRY-NEXT:   @main_trt_orin_2 on trt-orin: 2 ops
// DRY-NEXT:     f16: 1 ops, 0 MACs; i8: 1 ops, 64 MACs
// DRY-NEXT:   @main_cpu_3 on cpu: 3 ops
// DRY-NEXT:     f32: 1 ops, 0 MACs; i1: 1 ops, 0 MACs; i8: 1 ops, 64 MACs
// DRY-NEXT:   fallback core.relu at {{.*}}: forced to the CPU by --fallback
// DRY-NEXT:   fallback core.cmp at {{.*}}: 'core.cmp' op (op class 'logic') cannot run on target 'trt-orin' in any precision
// DRY-NEXT:   fallback core.select at {{.*}}: 'core.select' op (op class 'logic')
// DRY-NEXT:   fallback core.conv2d at {{.*}}: in a cluster of 1 ops, fewer than the minimum block size 2

// FULL: error: 'core.cmp' would fall back to the CPU (require-full)
// FULL: error: 'core.select' would fall back to the CPU (require-full)
// FULL: error: 'core.conv2d' would fall back to the CPU (require-full): in a cluster of 1 ops, fewer than the minimum block size 5

// UNKNOWN: mlc lower: error: unknown target 'trt-nano' (known: qnn-htp-v68, qnn-htp-v73, qnn-htp-v75, qnn-htp-v79, trt-orin, trt-thor)
// QNN:       func.func private @main_qnn_htp_v73_0(%arg0: tensor<1x2x4x4xf32>) -> (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) attributes {mlc.target = "qnn-htp-v73"}
// QNN:         qnn.Conv2d
// QNN:         qnn.Conv2d
// QNN:         qnn.Dequantize
// QNN:       func.func private @main_cpu_1(
// QNN:         core.select

func.func @main(%x: tensor<1x2x4x4xf32> {mlc.calib = array<f64: -1.0, 3.0>}) -> tensor<1x2x4x4xf32> {
  %w = core.constant dense<[[[[0.5]], [[-1.0]]], [[[0.25]], [[2.0]]]]> : tensor<2x2x1x1xf32>
  %b = core.constant dense<[0.1, -0.2]> : tensor<2xf32>
  %c = core.conv2d %x, %w, %b {mlc.calib = [array<f64: -4.0, 6.0>]} : (tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32>, tensor<2xf32>) -> tensor<1x2x4x4xf32>
  %r = core.relu %c {mlc.calib = [array<f64: 0.0, 6.0>]} : tensor<1x2x4x4xf32>
  %c2 = core.conv2d %r, %w, %b {mlc.calib = [array<f64: -4.0, 6.0>]} : (tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32>, tensor<2xf32>) -> tensor<1x2x4x4xf32>
  %z = core.constant dense<0.0> : tensor<1x2x4x4xf32>
  %m = core.cmp "gt", %c2, %z : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xi1>
  %s = core.select %m, %c2, %r {mlc.calib = [array<f64: -4.0, 6.0>]} : (tensor<1x2x4x4xi1>, tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %c3 = core.conv2d %s, %w, %b {mlc.calib = [array<f64: -4.0, 6.0>]} : (tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32>, tensor<2xf32>) -> tensor<1x2x4x4xf32>
  return %c3 : tensor<1x2x4x4xf32>
}
