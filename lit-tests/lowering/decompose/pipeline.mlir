// The named pipeline torch-to-core: its name works as a pass name in a
// textual pipeline and as an mlc-opt flag, and stands for its passes.

// RUN: mlc-opt --torch-to-core %s | filecheck %s
// RUN: mlc-opt --pass-pipeline='builtin.module(torch-to-core)' %s | filecheck %s
// RUN: mlc-opt --pass-pipeline='builtin.module(func.func(torch-fold-batch-norm,torch-decompose,canonicalize,core-fuse-composites,cse))' %s | filecheck %s
// A func.func pass given as a flag nests under func.func by itself.
// RUN: mlc-opt --torch-decompose --canonicalize %s | filecheck %s

// The transposed constant weight folds; dropout disappears.
// CHECK-LABEL: func.func @mlp(%arg0: tensor<2x3xf32>) -> tensor<2x2xf32> {
// CHECK-NEXT:    %0 = core.constant dense<[5.000000e-01, -5.000000e-01]> : tensor<2xf32>
// CHECK-NEXT:    %1 = core.constant dense<{{\[\[}}1.000000e+00, 4.000000e+00], [2.000000e+00, 5.000000e+00], [3.000000e+00, 6.000000e+00]]> : tensor<3x2xf32>
// CHECK-NEXT:    %2 = core.matmul %arg0, %1 : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT:    %3 = core.add %2, %0 : (tensor<2x2xf32>, tensor<2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT:    %4 = core.relu %3 : tensor<2x2xf32>
// CHECK-NEXT:    %5 = core.softmax %4 {axis = 1 : i64} : (tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT:    return %5 : tensor<2x2xf32>
func.func @mlp(%x: tensor<2x3xf32>) -> tensor<2x2xf32> {
  %w = torch.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %b = torch.constant dense<[0.5, -0.5]> : tensor<2xf32>
  %0 = torch.aten.linear %x, %w, %b : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x2xf32>
  %1 = torch.aten.relu %0 : tensor<2x2xf32>
  %2 = torch.aten.softmax.int %1 {dim = 1 : i64} : tensor<2x2xf32> -> tensor<2x2xf32>
  %3 = torch.aten.dropout %2 {p = 0.1 : f64} : tensor<2x2xf32>
  return %3 : tensor<2x2xf32>
}

// Every pass of the pipeline shows up in IR dumps and timing.
// RUN: mlc-opt --mlir-disable-threading --mlir-print-ir-after-all --mlir-print-ir-module-scope --torch-to-core %s -o /dev/null 2>&1 | filecheck %s --check-prefix=DUMP
// DUMP: IR Dump After TorchFoldBatchNorm (torch-fold-batch-norm) ('func.func' operation: @mlp)
// DUMP: IR Dump After TorchDecompose (torch-decompose) ('func.func' operation: @mlp)
// DUMP: IR Dump After Canonicalizer (canonicalize) ('func.func' operation: @mlp)
// DUMP: IR Dump After CoreFuseComposites (core-fuse-composites) ('func.func' operation: @mlp)
// DUMP: IR Dump After CSE (cse) ('func.func' operation: @mlp)

// --help lists the pipeline among the flags; a pipeline anchored on
// builtin.module cannot run on functions; it takes no options.
// RUN: mlc-opt --help | filecheck %s --check-prefix=HELP
// HELP: Pass pipelines:
// HELP-NEXT: --torch-to-core lower the torch dialect to the core dialect
// RUN: not mlc-opt --pass-pipeline='builtin.module(func.func(torch-to-core))' %s 2>&1 | filecheck %s --check-prefix=NEST
// NEST: pass pipeline 'torch-to-core' runs on 'builtin.module' ops and cannot be scheduled on 'func.func'
// RUN: not mlc-opt --torch-to-core=x=1 %s 2>&1 | filecheck %s --check-prefix=OPTS
// OPTS: pass pipeline 'torch-to-core' takes no options
