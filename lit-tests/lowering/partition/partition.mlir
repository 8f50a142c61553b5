// RUN: mlc-opt --verify-quant-contracts --pass-pipeline='builtin.module(func.func(quantize{target=trt-orin allow-fallback}),partition{target=trt-orin min-block-size=2})' %s | filecheck %s
// RUN: mlc-opt --pass-pipeline='builtin.module(func.func(quantize{target=trt-orin allow-fallback}),partition{target=trt-orin min-block-size=2},func.func(legalize-trt{target=trt-orin}))' %s | filecheck %s --check-prefix=TRT
// RUN: mlc-opt --pass-pipeline='builtin.module(func.func(quantize{target=trt-orin allow-fallback}),partition{target=trt-orin min-block-size=2 dry-run})' %s 2>&1 | filecheck %s --check-prefix=DRY
// RUN: not mlc-opt --pass-pipeline='builtin.module(func.func(quantize{target=trt-orin allow-fallback}),partition{target=trt-orin min-block-size=2 require-full})' %s 2>&1 | filecheck %s --check-prefix=FULL
// RUN: mlc-opt --pass-pipeline='builtin.module(func.func(quantize{target=trt-orin allow-fallback}),partition{target=trt-orin min-block-size=1 fallback=relu})' %s | filecheck %s --check-prefix=FORCED

// trt-orin runs no op of the logic class (cmp, select): quantize leaves
// them in float marked mlc.fallback, and partition puts them on the CPU.
// The last conv is alone between the select and the return, fewer ops
// than min-block-size, so it joins the CPU partition.

// The function becomes the host's: it calls its partitions in order and
// runs the casts its return reads. Values cross boundaries in float; each
// partition applies the quantization it reads through itself, and a value
// read outside only through a qcast leaves quantized and dequantized.
// CHECK-LABEL: func.func @main(
// CHECK-SAME:    attributes {mlc.target = "cpu"}
// CHECK-NEXT:    %[[P0:.*]]:2 = call @main_trt_orin_0(%arg0) : (tensor<1x2x4x4xf32>) -> (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>)
// CHECK-NEXT:    %[[P1:.*]] = call @main_cpu_1(%[[P0]]#1, %[[P0]]#0)
// CHECK-NEXT:    %[[Q:.*]] = quant.qcast %[[P1]]
// CHECK-NEXT:    %[[OUT:.*]] = quant.dcast %[[Q]]
// CHECK-NEXT:    return %[[OUT]]

// Constants and quant casts are copied into each partition reading them.
// CHECK-LABEL: func.func private @main_trt_orin_0(%arg0: tensor<1x2x4x4xf32>) -> {{.*}} attributes {mlc.target = "trt-orin"}
// CHECK:         quant.qcast %arg0
// CHECK:         %[[W:.*]] = quant.scast
// CHECK:         core.conv2d {{.*}}mlc.precision = "i8"
// CHECK:         core.relu {{.*}}mlc.precision = "f16"
// CHECK:         %[[C:.*]] = core.conv2d {{.*}}mlc.precision = "i8"
// CHECK-NEXT:    %[[CQ:.*]] = quant.qcast %[[C]]
// CHECK-NEXT:    %[[CD:.*]] = quant.dcast %[[CQ]]
// CHECK-NEXT:    return %{{.*}}, %[[CD]]

// CHECK-LABEL: func.func private @main_cpu_1(%arg0: tensor<1x2x4x4xf32>, %arg1: tensor<1x2x4x4xf32>) -> {{.*}} attributes {mlc.target = "cpu"}
// CHECK:         quant.scast
// CHECK:         %[[XQ:.*]] = quant.qcast %arg0
// CHECK:         %[[X:.*]] = quant.dcast %[[XQ]]
// CHECK:         core.cmp "gt", %[[X]]{{.*}}mlc.fallback =
// CHECK:         core.select {{.*}}mlc.fallback =
// CHECK:         %[[R:.*]] = core.conv2d {{.*}}mlc.precision = "i8"
// CHECK-NEXT:    %[[RQ:.*]] = quant.qcast %[[R]]
// CHECK-NEXT:    %[[RD:.*]] = quant.dcast %[[RQ]]
// CHECK-NEXT:    return %[[RD]]

// legalize-trt converts the TensorRT partition and leaves the others.
// TRT-LABEL: func.func @main(
// TRT-NOT:     trt.
// TRT:         func.func private @main_trt_orin_0(
// TRT-NOT:     core.
// TRT-NOT:     quant.
// TRT:         trt.convolution
// TRT:         trt.convolution
// TRT:         func.func private @main_cpu_1(
// TRT-NOT:     trt.
// TRT:         core.conv2d

// DRY:      partition of @main for trt-orin: 2 partitions, 62.5% of compute ops and 66.7% of MACs on the target
// DRY-NEXT:   @main_trt_orin_0 on trt-orin: 5 ops, 1 inputs (128 bytes), 2 outputs (256 bytes)
// DRY-NEXT:     f16: 2 ops, 0 MACs; f32: 1 ops, 0 MACs; i8: 2 ops, 128 MACs
// DRY-NEXT:   @main_cpu_1 on cpu: 3 ops, 2 inputs (256 bytes), 1 outputs (128 bytes)
// DRY-NEXT:     f32: 1 ops, 0 MACs; i1: 1 ops, 0 MACs; i8: 1 ops, 64 MACs
// DRY-NEXT:   fallback core.cmp at {{.*}}partition.mlir":[[# @LINE+29]]:8: 'core.cmp' op (op class 'logic') cannot run on target 'trt-orin' in any precision
// DRY-NEXT:   fallback core.select at {{.*}}partition.mlir":[[# @LINE+29]]:8: 'core.select' op (op class 'logic')
// DRY-NEXT:   fallback core.conv2d at {{.*}}partition.mlir":[[# @LINE+29]]:9: in a cluster of 1 ops, fewer than the minimum block size 2
// The dry run leaves the function whole.
// DRY:        func.func @main(
// DRY-NOT:    call
// DRY:        core.select

// FULL: partition.mlir:[[# @LINE+21]]:8: error: 'core.cmp' would fall back to the CPU (require-full): 'core.cmp' op (op class 'logic') cannot run on target 'trt-orin' in any precision: its file lists no element types for the class
// FULL: partition.mlir:[[# @LINE+21]]:8: error: 'core.select' would fall back to the CPU (require-full)
// FULL: partition.mlir:[[# @LINE+21]]:9: error: 'core.conv2d' would fall back to the CPU (require-full): in a cluster of 1 ops, fewer than the minimum block size 2

// With min-block-size=1 and relu forced to the CPU: conv | relu | conv | cmp, select | conv.
// FORCED:      call @main_trt_orin_0(
// FORCED-NEXT: call @main_cpu_1(
// FORCED-NEXT: call @main_trt_orin_2(
// FORCED-NEXT: call @main_cpu_3(
// FORCED-NEXT: call @main_trt_orin_4(
// FORCED:      func.func private @main_cpu_1({{.*}}attributes {mlc.target = "cpu"}
// FORCED-NOT:  func.func
// FORCED:      core.relu

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
