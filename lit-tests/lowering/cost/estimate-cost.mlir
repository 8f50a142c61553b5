// estimate-cost prints the cost model's estimate and leaves the IR alone.
// The target file has round figures, so the times below are arithmetic:
// the conv does 8·16·16 outputs × 4·3·3 MACs = 73728 MACs, 147456 ops at
// 1e11/s = 1.4746 us in f32 (0.1475 us in i8); its 1184 weight bytes take
// 1.184 us at 1 GB/s (296 bytes, 0.296 us in i8); activations fit on chip;
// the relu is fused into it; host transfers move 12 KiB (3 KiB in i8).
// RUN: mlc-opt --pass-pipeline="builtin.module(func.func(estimate-cost{target-file=%S/Inputs/round-npu.yaml per-op=true}))" %s 2>&1 | filecheck %s
// CHECK:      Cost estimate of @main on round-npu (an estimate, not a measurement):
// CHECK-NEXT:   class             ops layers      MMACs   DRAM bytes    compute     memory   overhead    time ms
// CHECK-NEXT:   conv                1      1      0.074         1184     0.0015     0.0012     0.0010     0.0025
// CHECK-NEXT:   unary               1      0      0.000            0     0.0000     0.0000     0.0000     0.0000
// CHECK-NEXT:   host transfers: 12288 bytes, 0.1269 ms
// CHECK-NEXT:   total: 1 layers, 0.000 GMACs, 0.1294 ms
// CHECK-NEXT:   op 0: core.conv2d conv f32 MMACs=0.074 bytes=1184 time=0.0025 ms compute
// CHECK-NEXT:   op 1: core.relu unary f32 MMACs=0.000 bytes=0 time=0.0000 ms compute fused
// The IR is printed unchanged.
// CHECK:      func.func @main
// CHECK:        core.relu

// precision=i8 prices the float IR as if it ran in int8.
// RUN: mlc-opt --pass-pipeline="builtin.module(func.func(estimate-cost{target-file=%S/Inputs/round-npu.yaml precision=i8}))" %s -o /dev/null 2>&1 | filecheck %s --check-prefix=I8
// I8:      conv                1      1      0.074          296     0.0001     0.0003     0.0010     0.0013
// I8:      host transfers: 3072 bytes, 0.0347 ms

// A precision no listed one is as wide as names the ones the file has; unknown
// targets and precisions are errors.
// RUN: not mlc-opt --pass-pipeline="builtin.module(func.func(estimate-cost{target-file=%S/Inputs/round-npu.yaml precision=i64}))" %s -o /dev/null 2>&1 | filecheck %s --check-prefix=NOPEAK
// NOPEAK: error: 'core.conv2d' op: target 'round-npu' gives no peak rate for i64 (peak_ops has: i8, f32)
// RUN: not mlc-opt --pass-pipeline="builtin.module(func.func(estimate-cost{target=nope}))" %s -o /dev/null 2>&1 | filecheck %s --check-prefix=UNKNOWN
// UNKNOWN: error: unknown target 'nope' (known: qnn-htp-v68,
// RUN: not mlc-opt --pass-pipeline="builtin.module(func.func(estimate-cost{target-file=%S/Inputs/round-npu.yaml precision=q7}))" %s -o /dev/null 2>&1 | filecheck %s --check-prefix=BADPREC
// BADPREC: error: estimate-cost: precision 'q7' is not an element type of the target files
// RUN: not mlc-opt --pass-pipeline="builtin.module(func.func(estimate-cost))" %s -o /dev/null 2>&1 | filecheck %s --check-prefix=NOTARGET
// NOTARGET: error: estimate-cost needs target=NAME or target-file=PATH (known targets: qnn-htp-v68,

// A built-in target: trt-orin fuses the relu and prices i8 at its file's peak.
// RUN: mlc-opt --pass-pipeline="builtin.module(func.func(estimate-cost{target=trt-orin precision=i8}))" %s -o /dev/null 2>&1 | filecheck %s --check-prefix=ORIN
// ORIN: Cost estimate of @main on trt-orin (an estimate, not a measurement):
// ORIN: total: 1 layers

func.func @main(%x: tensor<1x4x16x16xf32>) -> tensor<1x8x16x16xf32> {
  %w = core.constant dense<0.5> : tensor<8x4x3x3xf32>
  %b = core.constant dense<0.0> : tensor<8xf32>
  %y = core.conv2d %x, %w, %b {dilations = array<i64: 1, 1>, padding = array<i64: 1, 1, 1, 1>, strides = array<i64: 1, 1>} : (tensor<1x4x16x16xf32>, tensor<8x4x3x3xf32>, tensor<8xf32>) -> tensor<1x8x16x16xf32>
  %r = core.relu %y : tensor<1x8x16x16xf32>
  func.return %r : tensor<1x8x16x16xf32>
}
