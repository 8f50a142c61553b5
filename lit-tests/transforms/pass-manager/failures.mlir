// A failing or crashing pass is a positioned error and a non-zero exit;
// no output is written; a reproducer replays the failure.

// RUN: not mlc-opt --pass-pipeline='builtin.module(cse,test-pass-failure)' %s -o %t.out 2>&1 | filecheck %s --check-prefix=FAIL
// RUN: not test -e %t.out
// FAIL: failures.mlir:0:0: error: pass 'test-pass-failure' failed: test-pass-failure failed as asked

// RUN: not mlc-opt --test-pass-crash %s 2>&1 | filecheck %s --check-prefix=CRASH
// CRASH: error: pass 'test-pass-crash' failed: pass 'test-pass-crash' crashed: assignment to entry in nil map
// CRASH-NOT: goroutine

// RUN: rm -f %t.repro.mlir
// RUN: not mlc-opt --mlir-pass-pipeline-crash-reproducer=%t.repro.mlir --pass-pipeline='builtin.module(cse,test-pass-failure)' %s 2>&1 | filecheck %s --check-prefix=WROTE
// WROTE: reproducer written to
// RUN: filecheck %s --check-prefix=REPRO --input-file %t.repro.mlir
// REPRO: "func.func"() <{function_type = () -> (), sym_name = "f"}>
// REPRO: mlc_reproducer: {
// REPRO-NEXT: pipeline: "builtin.module(cse,test-pass-failure)",
// RUN: not mlc-opt --run-reproducer %t.repro.mlir 2>&1 | filecheck %s --check-prefix=REPLAY
// REPLAY: error: pass 'test-pass-failure' failed: test-pass-failure failed as asked

func.func @f() {
  return
}
