// REQUIRES: mlir-opt
// After a verifier error mlc-opt prints mlir-opt-19's "see current
// operation" note, byte for byte: each input in Inputs/current-op gives
// both tools the same stderr, with and without --mlir-print-debuginfo.
// RUN: for f in %S/Inputs/current-op/*.mlir; do \
// RUN:   for flags in "" --mlir-print-debuginfo; do \
// RUN:     not mlc-opt --allow-unregistered-dialect $flags $f > /dev/null 2> %t.mlc; \
// RUN:     not mlir-opt --allow-unregistered-dialect $flags $f > /dev/null 2> %t.mlir; \
// RUN:     diff %t.mlc %t.mlir || exit 1; \
// RUN:   done; \
// RUN: done
// Under --verify-diagnostics mlir-opt-19 leaves the note out, so an
// expected-note for it is not produced; mlc-opt says the same (its
// caret has no underline).
// RUN: not mlir-opt --verify-diagnostics %S/Inputs/current-op-expected.mlir 2>&1 | filecheck %s
// RUN: not mlc-opt --verify-diagnostics %S/Inputs/current-op-expected.mlir 2>&1 | filecheck %s
// CHECK: current-op-expected.mlir:3:6: error: expected note "see current operation" was not produced
// CHECK-NOT: error
