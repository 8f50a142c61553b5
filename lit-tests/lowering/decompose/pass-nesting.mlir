// Implicit nesting of anchored passes (rewrite/pass ParsePassList): in a
// pass list (--pass flags), consecutive passes anchored on func.func run
// in one nested func.func pipeline, function by function, and an
// op-agnostic pass between them (canonicalize) splits the groups and runs
// once on the module. A textual pipeline keeps its explicit nesting: an
// op-agnostic pass may sit at module level, a func.func pass may not.

// The pass list runs as builtin.module(func.func(torch-fold-batch-norm,
// torch-decompose),canonicalize,func.func(torch-decompose)): both passes
// of the first group on @f, then both on @g.
// RUN: mlc-opt --mlir-disable-threading --mlir-print-ir-after-all --mlir-print-ir-module-scope --torch-fold-batch-norm --torch-decompose --canonicalize --torch-decompose %s -o /dev/null 2>&1 | filecheck %s --check-prefix=LIST
// RUN: mlc-opt --mlir-disable-threading --mlir-print-ir-after-all --mlir-print-ir-module-scope --pass-pipeline='builtin.module(func.func(torch-fold-batch-norm,torch-decompose),canonicalize,func.func(torch-decompose))' %s -o /dev/null 2>&1 | filecheck %s --check-prefix=LIST
// LIST:     IR Dump After TorchFoldBatchNorm (torch-fold-batch-norm) ('func.func' operation: @f)
// LIST-NOT: IR Dump
// LIST:     IR Dump After TorchDecompose (torch-decompose) ('func.func' operation: @f)
// LIST-NOT: IR Dump
// LIST:     IR Dump After TorchFoldBatchNorm (torch-fold-batch-norm) ('func.func' operation: @g)
// LIST-NOT: IR Dump
// LIST:     IR Dump After TorchDecompose (torch-decompose) ('func.func' operation: @g)
// LIST-NOT: IR Dump
// LIST:     IR Dump After Canonicalizer (canonicalize) ('builtin.module' operation)
// LIST-NOT: IR Dump
// LIST:     IR Dump After TorchDecompose (torch-decompose) ('func.func' operation: @f)
// LIST-NOT: IR Dump
// LIST:     IR Dump After TorchDecompose (torch-decompose) ('func.func' operation: @g)
// LIST-NOT: IR Dump

// An op-agnostic pass given at module level in a textual pipeline runs
// there, on every function.
// RUN: mlc-opt --pass-pipeline='builtin.module(canonicalize)' %s | filecheck %s --check-prefix=MOD
// MOD-LABEL: func.func @f
// MOD:         core.constant dense<2.000000e+00>
// MOD-LABEL: func.func @g
// MOD:         core.constant dense<2.000000e+00>

// A func.func pass given at module level in a textual pipeline is an error.
// RUN: not mlc-opt --pass-pipeline='builtin.module(torch-decompose)' %s 2>&1 | filecheck %s --check-prefix=ERR
// ERR: pass 'torch-decompose' runs on 'func.func' ops and cannot be scheduled on 'builtin.module'

func.func @f(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = torch.aten.relu %x : tensor<2xf32>
  %c = core.constant dense<1.0> : tensor<2xf32>
  %d = core.add %c, %c : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %1 = torch.aten.mul.Tensor %0, %d : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}
func.func @g(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = torch.aten.relu %x : tensor<2xf32>
  %c = core.constant dense<1.0> : tensor<2xf32>
  %d = core.add %c, %c : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %1 = torch.aten.mul.Tensor %0, %d : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}
