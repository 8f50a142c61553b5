// Passes that keep every encoding raise no false alarm under
// --verify-quant-contracts, though they merge, fold and delete QDQ ops:
// cse merges the duplicate qcast/dcast pair (the add then reads one dcast
// twice), dce and canonicalize delete the dead u8 pair, canonicalize folds
// x * 1 (the add now reads the dcast the mul read) and the double reshape
// (a new reshape reads the dcast).

// RUN: mlc-opt --verify-quant-contracts --pass-pipeline='builtin.module(canonicalize,cse,dce)' %s | filecheck %s
// RUN: mlc-opt --verify-quant-contracts --pass-pipeline='builtin.module(func.func(cse,canonicalize),dce)' %s | filecheck %s
// RUN: mlc-opt --verify-quant-contracts --cse %s | filecheck %s --check-prefix=CSE
// RUN: mlc-opt --verify-quant-contracts --dce %s | filecheck %s --check-prefix=DCE
// CHECK-LABEL: func.func @main
// CHECK-NEXT:    %0 = quant.qcast %arg0 : tensor<2x4xf32> to tensor<2x4x!quant.uniform<i8:f32, 5.000000e-02:3>>
// CHECK-NEXT:    %1 = quant.dcast %0
// CHECK-NEXT:    %2 = core.add %1, %1
// CHECK-NEXT:    %3 = quant.qcast %arg1 : tensor<2x4xf32> to tensor<2x4x!quant.uniform<i8:f32, 2.000000e-02>>
// CHECK-NEXT:    %4 = quant.dcast %3
// CHECK-NEXT:    %5 = core.add %1, %4
// CHECK-NEXT:    %6 = core.reshape %4 : (tensor<2x4xf32>) -> tensor<8xf32>
// CHECK-NEXT:    return %2, %5, %6
// CSE:       core.add %1, %1
// CSE-NOT:   quant.qcast %arg0
// DCE-NOT:   u8

// The check is live after them: a break that follows is still caught, at
// the ops as they are after canonicalize and cse. The return reads the
// dcast through a reshape, which keeps its operand's scale.
// RUN: not mlc-opt --verify-quant-contracts --pass-pipeline='builtin.module(canonicalize,cse,dce,test-quant-contract-break)' %s 2>&1 | filecheck %s --check-prefix=BREAK
// BREAK: contract-no-false-alarm.mlir:[[@LINE+13]]:8: error: 'core.add' op operand #0 (%arg0) lost its quantization encoding in pass 'test-quant-contract-break' (which does not declare quant-encodings): before: !quant.uniform<i8:f32, 5.000000e-02:3> through quant.dcast; after: none (tensor<2x4xf32>)
// BREAK: contract-no-false-alarm.mlir:[[@LINE+12]]:8: error: 'core.add' op operand #1 (%arg0) lost its quantization encoding
// BREAK: contract-no-false-alarm.mlir:[[@LINE+19]]:8: error: 'core.add' op operand #0 (%arg0) lost its quantization encoding
// BREAK: contract-no-false-alarm.mlir:[[@LINE+18]]:8: error: 'core.add' op operand #1 (%arg1) lost its quantization encoding
// BREAK: contract-no-false-alarm.mlir:[[@LINE+19]]:9: error: 'core.reshape' op operand #0 (%arg1) lost its quantization encoding
// BREAK: contract-no-false-alarm.mlir:[[@LINE+19]]:3: error: 'func.return' op operand #2 (%2) lost its quantization encoding in pass 'test-quant-contract-break' (which does not declare quant-encodings): before: !quant.uniform<i8:f32, 2.000000e-02> through core.reshape, quant.dcast; after: none (tensor<8xf32>)
// BREAK-NOT: error

func.func @main(%x: tensor<2x4xf32>, %y: tensor<2x4xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<8xf32>) {
  %q1 = quant.qcast %x : tensor<2x4xf32> to tensor<2x4x!quant.uniform<i8:f32, 0.05:3>>
  %d1 = quant.dcast %q1 : tensor<2x4x!quant.uniform<i8:f32, 0.05:3>> to tensor<2x4xf32>
  %q2 = quant.qcast %x : tensor<2x4xf32> to tensor<2x4x!quant.uniform<i8:f32, 0.05:3>>
  %d2 = quant.dcast %q2 : tensor<2x4x!quant.uniform<i8:f32, 0.05:3>> to tensor<2x4xf32>
  %a = core.add %d1, %d2 : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %q3 = quant.qcast %y : tensor<2x4xf32> to tensor<2x4x!quant.uniform<u8:f32, 0.1:128>>
  %d3 = quant.dcast %q3 : tensor<2x4x!quant.uniform<u8:f32, 0.1:128>> to tensor<2x4xf32>
  %dead = core.relu %d3 : tensor<2x4xf32>
  %one = core.constant dense<1.0> : tensor<2x4xf32>
  %m = core.mul %d1, %one : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %qy = quant.qcast %y : tensor<2x4xf32> to tensor<2x4x!quant.uniform<i8:f32, 0.02>>
  %dy = quant.dcast %qy : tensor<2x4x!quant.uniform<i8:f32, 0.02>> to tensor<2x4xf32>
  %b = core.add %m, %dy : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %r1 = core.reshape %dy : (tensor<2x4xf32>) -> tensor<4x2xf32>
  %r2 = core.reshape %r1 : (tensor<4x2xf32>) -> tensor<8xf32>
  return %a, %b, %r2 : tensor<2x4xf32>, tensor<2x4xf32>, tensor<8xf32>
}
