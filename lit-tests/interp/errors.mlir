// Errors are positioned diagnostics and the exit status is 1.

// RUN: not mlc run %s --allow-unregistered-dialect --function unsupported --input %S/Inputs/x-2x3.npy --output-dir %t 2>&1 | filecheck %s --check-prefix=NOKERNEL
// NOKERNEL: errors.mlir:[[# @LINE + 2]]:8: error: 'test.frobnicate' op is not supported by the interpreter
func.func @unsupported(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = "test.frobnicate"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// RUN: not mlc run %s --allow-unregistered-dialect --function gather --input x=%S/Inputs/x-2x3.npy --output-dir %t 2>&1 | filecheck %s --check-prefix=MISSING
// MISSING: errors.mlir:[[# @LINE + 1]]:1: error: missing input for 'idx' of @gather
func.func @gather(%x: tensor<2x3xf32> {mlc.name = "x"}, %idx: tensor<2xi64> {mlc.name = "idx"}) -> tensor<2x2xf32> {
  // The index 2 is out of range for a dim of size 2.
  // RUN: not mlc run %s --allow-unregistered-dialect --function gather --input x=%S/Inputs/x-2x3.npy --input idx=%S/Inputs/idx-2.npy --output-dir %t 2>&1 | filecheck %s --check-prefix=RANGE
  // RANGE: errors.mlir:[[# @LINE + 1]]:8: error: 'core.gather' op {{.*}}out of range
  %0 = core.gather %x, %idx {axis = 0 : i64} : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<2x3xf32>
  %1 = core.slice %0 {starts = array<i64: 0, 0>, limits = array<i64: 2, 2>} : (tensor<2x3xf32>) -> tensor<2x2xf32>
  return %1 : tensor<2x2xf32>
}

// The input has the wrong element type and shape for the argument.
// RUN: not mlc run %s --allow-unregistered-dialect --function typed --input %S/Inputs/f64-3.npy --output-dir %t 2>&1 | filecheck %s --check-prefix=TYPE
// TYPE: errors.mlir:[[# @LINE + 1]]:18: error: input 'arg0' has element type f64, but tensor<2x3xf32> holds f32
func.func @typed(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  return %x : tensor<2x3xf32>
}

// A dynamic dim that only fails to broadcast at run time.
// RUN: not mlc run %s --allow-unregistered-dialect --function dynamic --input %S/Inputs/x-2x3.npy --input %S/Inputs/idx-2.npy --output-dir %t 2>&1 | filecheck %s --check-prefix=DYNAMIC
// DYNAMIC: errors.mlir:[[# @LINE + 3]]:8: error: 'torch.aten.add.Tensor' op {{.*}}broadcast
func.func @dynamic(%x: tensor<?x3xf32>, %y: tensor<?xi64>) -> tensor<?x3xf32> {
  %c = torch.aten.to.dtype %y {dtype = f32} : tensor<?xi64> -> tensor<?xf32>
  %r = torch.aten.add.Tensor %x, %c : (tensor<?x3xf32>, tensor<?xf32>) -> tensor<?x3xf32>
  return %r : tensor<?x3xf32>
}

// RUN: not mlc run %s --allow-unregistered-dialect --function nothing --output-dir %t 2>&1 | filecheck %s --check-prefix=NOFUNC
// NOFUNC: error: no function @nothing in the module
