// Quantization contracts (mlc-opt --verify-quant-contracts): encodings in the
// input, and those a pass that declares quant-encodings leaves, must survive
// every later pass that does not declare them. test-quant-contract-break
// breaks them as a careless pass would; its -declared twin is the same code
// declaring quant-encodings.

// Folding dcast(qcast(x)) into x drops the activation's encoding: the
// matmul read it through quant.dcast and now reads a plain float.
// RUN: not mlc-opt --verify-quant-contracts --test-quant-contract-break %s -o %t.fold 2>&1 | filecheck %s --check-prefix=FOLD
// RUN: not test -e %t.fold
// FOLD: contract.mlir:[[@LINE+36]]:8: error: 'core.matmul' op operand #0 (%arg0) lost its quantization encoding in pass 'test-quant-contract-break' (which does not declare quant-encodings): before: !quant.uniform<i8:f32, 5.000000e-02:3> through quant.dcast; after: none (tensor<2x4xf32>)
// FOLD-NOT: error

// Rescaling the weight's stored integers in place: the value changed its
// type, and both its readers see another encoding; one diagnostic each, in
// IR order.
// RUN: not mlc-opt --verify-quant-contracts --test-quant-contract-break=break=rescale %s 2>&1 | filecheck %s --check-prefix=RESCALE
// RESCALE: contract.mlir:[[@LINE+25]]:9: error: 'quant.scast' op result %1 changed its type in place in pass 'test-quant-contract-break' (which does not declare quant-encodings): before: tensor<4x3x!quant.uniform<i8:f32:1, {1.000000e-01,2.000000e-01,5.000000e-02}>>; after: tensor<4x3x!quant.uniform<i8:f32:1, {2.000000e-01,4.000000e-01,1.000000e-01}>>
// RESCALE: contract.mlir:[[@LINE+25]]:9: error: 'quant.dcast' op operand #0 (%1) changed its quantization encoding in pass 'test-quant-contract-break' (which does not declare quant-encodings): before: !quant.uniform<i8:f32:1, {1.000000e-01,2.000000e-01,5.000000e-02}>; after: !quant.uniform<i8:f32:1, {2.000000e-01,4.000000e-01,1.000000e-01}>
// RESCALE: contract.mlir:[[@LINE+27]]:8: error: 'core.matmul' op operand #1 (%2) changed its quantization encoding in pass 'test-quant-contract-break' (which does not declare quant-encodings): before: !quant.uniform<i8:f32:1, {1.000000e-01,2.000000e-01,5.000000e-02}> through quant.dcast; after: !quant.uniform<i8:f32:1, {2.000000e-01,4.000000e-01,1.000000e-01}> through quant.dcast
// RESCALE-NOT: error

// The same changes from a pass that declares quant-encodings pass, and the
// result is what later passes must keep.
// RUN: mlc-opt --verify-quant-contracts --test-quant-contract-break-declared %s | filecheck %s --check-prefix=DECLARED
// DECLARED: %3 = core.matmul %arg0, %2
// RUN: not mlc-opt --verify-quant-contracts --pass-pipeline='builtin.module(test-quant-contract-break-declared{break=rescale},cse,test-quant-contract-break)' %s 2>&1 | filecheck %s --check-prefix=LATER
// LATER: error: 'core.matmul' op operand #0 (%arg0) lost its quantization encoding in pass 'test-quant-contract-break'
// LATER-NOT: error

// The pass manager runs isolated ops in parallel; the check follows each
// function's pass alone.
// RUN: not mlc-opt --verify-quant-contracts --pass-pipeline='builtin.module(func.func(cse,test-quant-contract-break))' %s 2>&1 | filecheck %s --check-prefix=NESTED
// NESTED: error: 'core.matmul' op operand #0 (%arg0) lost its quantization encoding in pass 'test-quant-contract-break'
// NESTED-NOT: error

// Without the flag nothing is checked.
// RUN: mlc-opt --test-quant-contract-break %s | filecheck %s --check-prefix=OFF
// OFF: %3 = core.matmul %arg0, %2

func.func @main(%x: tensor<2x4xf32>) -> tensor<2x3xf32> {
  %w = core.constant dense<[[1, -2, 3], [4, 5, -6], [7, 8, 9], [-10, 11, 12]]> : tensor<4x3xi8>
  %wq = quant.scast %w : tensor<4x3xi8> to tensor<4x3x!quant.uniform<i8:f32:1, {0.1,0.2,0.05}>>
  %wf = quant.dcast %wq : tensor<4x3x!quant.uniform<i8:f32:1, {0.1,0.2,0.05}>> to tensor<4x3xf32>
  %xq = quant.qcast %x : tensor<2x4xf32> to tensor<2x4x!quant.uniform<i8:f32, 0.05:3>>
  %xf = quant.dcast %xq : tensor<2x4x!quant.uniform<i8:f32, 0.05:3>> to tensor<2x4xf32>
  %y = core.matmul %xf, %wf : (tensor<2x4xf32>, tensor<4x3xf32>) -> tensor<2x3xf32>
  %r = core.relu %y : tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}
