// RUN: mlc-opt --pass-pipeline='builtin.module(partition{target=trt-orin cost-based dry-run})' %s 2>&1 | filecheck %s --check-prefix=DRY
// RUN: mlc-opt --pass-pipeline='builtin.module(partition{target=trt-orin dry-run})' %s 2>&1 | filecheck %s --check-prefix=PLAIN
// RUN: mlc lower %s --target trt-orin --cost-based --dry-run | filecheck %s --check-prefix=DRY
// RUN: mlc lower %s --target trt-orin --cost-based -o %t.mlir
// RUN: filecheck %s --check-prefix=LOWER --input-file %t.mlir
// RUN: not mlc lower %s --target qnn-htp-v73 --cost-based --dry-run 2>&1 | filecheck %s --check-prefix=NOFIG
// RUN: not mlc-opt --pass-pipeline='builtin.module(partition{target=qnn-htp-v73 cost-based})' %s 2>&1 | filecheck %s --check-prefix=NOFIG

// Cost-based partitioning for trt-orin: the heavy conv cluster is estimated
// far faster on the GPU, transfers of its 1x64x56x56 input and output
// included, and stays there; the five cheap ops on a 1x8 tensor between two
// CPU-only ops (trt-orin runs no logic-class op) pass the minimum block size
// but cost five layer overheads and two transfers on the GPU against
// nanoseconds on the CPU, so they join the CPU partition.
// DRY:      partition of @main for trt-orin: 2 partitions, 35.7% of compute ops and 100.0% of MACs on the target
// DRY-NEXT:   @main_trt_orin_0 on trt-orin: 5 ops, 1 inputs (802816 bytes), 1 outputs (802816 bytes), estimated 0.163 ms on the target with transfers, 1.12 ms on the CPU
// DRY-NEXT:     f32: 5 ops, 231211008 MACs
// DRY-NEXT:   @main_cpu_1 on cpu: 9 ops, 1 inputs (32 bytes), 1 outputs (32 bytes), estimated {{.*}} ms on the CPU
// DRY-NEXT:     f32: 7 ops, 0 MACs; i1: 2 ops, 0 MACs
// DRY-NEXT:   fallback core.cmp at {{.*}}: target 'trt-orin' {{.*}} lists no op class 'logic'
// DRY-NEXT:   fallback core.select at {{.*}} lists no op class 'logic'
// DRY-NEXT:   fallback core.relu at {{.*}}: estimated faster on the CPU ({{.*}} ms against 0.12 ms on trt-orin, transfers included)
// DRY-NEXT:   fallback core.add at {{.*}}: estimated faster on the CPU
// DRY-NEXT:   fallback core.mul at {{.*}}: estimated faster on the CPU
// DRY-NEXT:   fallback core.sub at {{.*}}: estimated faster on the CPU
// DRY-NEXT:   fallback core.relu at {{.*}}: estimated faster on the CPU
// DRY-NEXT:   fallback core.cmp at {{.*}} lists no op class 'logic'
// DRY-NEXT:   fallback core.select at {{.*}} lists no op class 'logic'

// Without cost-based, Torch-TensorRT's rule alone keeps both clusters.
// PLAIN:      partition of @main for trt-orin: 4 partitions, 71.4% of compute ops and 100.0% of MACs on the target
// PLAIN-NEXT:   @main_trt_orin_0 on trt-orin: 5 ops,
// PLAIN-NOT:    estimated
// PLAIN:        @main_cpu_1 on cpu: 2 ops
// PLAIN:        @main_trt_orin_2 on trt-orin: 5 ops
// PLAIN:        @main_cpu_3 on cpu: 2 ops

// LOWER-LABEL: func.func @main(
// LOWER:         call @main_trt_orin_0(
// LOWER-NEXT:    call @main_cpu_1(
// LOWER-NEXT:    return
// LOWER-LABEL: func.func private @main_trt_orin_0(
// LOWER:         trt.convolution
// LOWER-LABEL: func.func private @main_cpu_1(
// LOWER-SAME:    mlc.target = "cpu"
// LOWER:         core.mul

// qnn-htp-v73's file has no accelerator peak rates yet: the error names
// the field, positioned in the target file.
// NOFIG: targets/qnn-htp-v73.yaml:1:1: error: field 'peak_ops': missing: cost-based partitioning for target 'qnn-htp-v73' needs it

func.func @main(%x: tensor<1x64x56x56xf32>, %v: tensor<1x8xf32>) -> (tensor<1x64x56x56xf32>, tensor<1x8xf32>) {
  %w = core.constant dense<0.01> : tensor<64x64x3x3xf32>
  %b = core.constant dense<0.1> : tensor<64xf32>
  %c1 = core.conv2d %x, %w, %b {padding = array<i64: 1, 1, 1, 1>} : (tensor<1x64x56x56xf32>, tensor<64x64x3x3xf32>, tensor<64xf32>) -> tensor<1x64x56x56xf32>
  %r1 = core.relu %c1 : tensor<1x64x56x56xf32>
  %c2 = core.conv2d %r1, %w, %b {padding = array<i64: 1, 1, 1, 1>} : (tensor<1x64x56x56xf32>, tensor<64x64x3x3xf32>, tensor<64xf32>) -> tensor<1x64x56x56xf32>
  %a = core.add %c2, %x : (tensor<1x64x56x56xf32>, tensor<1x64x56x56xf32>) -> tensor<1x64x56x56xf32>
  %r2 = core.relu %a : tensor<1x64x56x56xf32>
  %z = core.constant dense<0.0> : tensor<1x8xf32>
  %m = core.cmp "gt", %v, %z : (tensor<1x8xf32>, tensor<1x8xf32>) -> tensor<1x8xi1>
  %s = core.select %m, %v, %z : (tensor<1x8xi1>, tensor<1x8xf32>, tensor<1x8xf32>) -> tensor<1x8xf32>
  %e1 = core.relu %s : tensor<1x8xf32>
  %e2 = core.add %e1, %v : (tensor<1x8xf32>, tensor<1x8xf32>) -> tensor<1x8xf32>
  %e3 = core.mul %e2, %e1 : (tensor<1x8xf32>, tensor<1x8xf32>) -> tensor<1x8xf32>
  %e4 = core.sub %e3, %v : (tensor<1x8xf32>, tensor<1x8xf32>) -> tensor<1x8xf32>
  %e5 = core.relu %e4 : tensor<1x8xf32>
  %m2 = core.cmp "gt", %e5, %z : (tensor<1x8xf32>, tensor<1x8xf32>) -> tensor<1x8xi1>
  %s2 = core.select %m2, %e5, %v : (tensor<1x8xi1>, tensor<1x8xf32>, tensor<1x8xf32>) -> tensor<1x8xf32>
  return %r2, %s2 : tensor<1x64x56x56xf32>, tensor<1x8xf32>
}
