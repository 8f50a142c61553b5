// mlc bisect runs a pipeline pass by pass, runs the interpreter after each
// pass and names the first pass whose output falls below --min-sqnr against
// the input's, and the op where accuracy drops (by location).

// Doubling the scales of the stored weights (test-quant-contract-break
// rescales the first quant.scast in place) doubles the output: 0 dB. The
// scast's result is the first to differ from the stage before.
// RUN: mlc bisect %s --pipeline 'canonicalize,test-quant-contract-break{break=rescale},cse' --input x=%S/Inputs/bisect-x-2x4.npy > %t.out; test $? = 1
// RUN: filecheck %s --check-prefix=RESCALE --input-file %t.out
// RESCALE:      stage 0: input: reference
// RESCALE-NEXT: stage 1: canonicalize: y inf dB
// RESCALE-NEXT: stage 2: test-quant-contract-break{break=rescale}: y 0.00 dB (below 30.00 dB)
// RESCALE-NEXT: stage 3: cse: y 0.00 dB (below 30.00 dB)
// RESCALE-NEXT: first drop below 30.00 dB: stage 2, pass test-quant-contract-break{break=rescale}
// RESCALE-NEXT: first op below the threshold: 'quant.scast' at "{{.*}}bisect.mlir":[[@LINE+40]]:9, result 0: 0.00 dB against stage 1

// Folding dcast(qcast(x)) into x drops the input's rounding: 42 dB, above
// the default threshold (exit 0) but not above 50 dB, where the matmul
// (the first op whose output changed; the casts are gone) is named.
// RUN: mlc bisect %s --pipeline 'canonicalize,test-quant-contract-break,cse' --input x=%S/Inputs/bisect-x-2x4.npy | filecheck %s --check-prefix=FOLD
// FOLD:      stage 2: test-quant-contract-break: y 42.36 dB
// FOLD-NEXT: stage 3: cse: y 42.36 dB
// FOLD-NEXT: every stage is at or above 30.00 dB
// RUN: mlc bisect %s --pipeline 'canonicalize,test-quant-contract-break,cse' --input %S/Inputs/bisect-x-2x4.npy --min-sqnr 50 > %t.out; test $? = 1
// RUN: filecheck %s --check-prefix=FOLD50 --input-file %t.out
// FOLD50:      first drop below 50.00 dB: stage 2, pass test-quant-contract-break
// FOLD50-NEXT: first op below the threshold: 'core.matmul' at "{{.*}}bisect.mlir":[[@LINE+32]]:8, result 0: 43.04 dB against stage 1

// A stage the interpreter cannot run is reported; the first one it can run
// is the reference.
// RUN: mlc bisect %S/Inputs/bisect-unrunnable.mlir --pipeline 'dce,cse' --input %S/Inputs/bisect-x-2x4.npy | filecheck %s --check-prefix=SKIP
// SKIP:      stage 0: input: cannot run: "{{.*}}bisect-unrunnable.mlir":4:11: 'builtin.unrealized_conversion_cast' op is not supported by the interpreter
// SKIP-NEXT: stage 1: dce: reference
// SKIP-NEXT: stage 2: cse: y inf dB

// Errors exit 2: a pass that fails (after the stages before it), a bad
// input, a pipeline that does not parse.
// RUN: mlc bisect %s --pipeline 'cse,test-pass-failure' --input x=%S/Inputs/bisect-x-2x4.npy > %t.out 2> %t.err; test $? = 2
// RUN: filecheck %s --check-prefix=PASSFAIL --input-file %t.out
// RUN: filecheck %s --check-prefix=PASSFAIL-ERR --input-file %t.err
// PASSFAIL: stage 1: cse: y inf dB
// PASSFAIL-ERR: error: pass 'test-pass-failure' failed: test-pass-failure failed as asked
// RUN: mlc bisect %s --pipeline cse --input z=%S/Inputs/bisect-x-2x4.npy 2> %t.err; test $? = 2
// RUN: filecheck %s --check-prefix=BADINPUT --input-file %t.err
// BADINPUT: error: @main has no argument named 'z' (arguments: x)
// RUN: mlc bisect %s --pipeline 'cse,no-such-pass' --input %S/Inputs/bisect-x-2x4.npy 2> %t.err; test $? = 2
// RUN: filecheck %s --check-prefix=BADPIPE --input-file %t.err
// BADPIPE: error: 'no-such-pass' does not refer to a registered pass or pass pipeline
// RUN: mlc bisect %s --input %S/Inputs/bisect-x-2x4.npy 2> %t.err; test $? = 2
// RUN: filecheck %s --check-prefix=NOPIPE --input-file %t.err
// NOPIPE: mlc bisect: error: --pipeline is required

func.func @main(%x: tensor<2x4xf32> {mlc.name = "x"}) -> (tensor<2x3xf32> {mlc.name = "y"}) {
  %w = core.constant dense<[[10, -20, 30], [40, 50, -60], [70, 80, 90], [-100, 110, 120]]> : tensor<4x3xi8>
  %wq = quant.scast %w : tensor<4x3xi8> to tensor<4x3x!quant.uniform<i8:f32:1, {0.01,0.02,0.005}>>
  %wf = quant.dcast %wq : tensor<4x3x!quant.uniform<i8:f32:1, {0.01,0.02,0.005}>> to tensor<4x3xf32>
  %xq = quant.qcast %x : tensor<2x4xf32> to tensor<2x4x!quant.uniform<i8:f32, 0.05:3>>
  %xf = quant.dcast %xq : tensor<2x4x!quant.uniform<i8:f32, 0.05:3>> to tensor<2x4xf32>
  %y = core.matmul %xf, %wf : (tensor<2x4xf32>, tensor<4x3xf32>) -> tensor<2x3xf32>
  %r = core.relu %y : tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}
