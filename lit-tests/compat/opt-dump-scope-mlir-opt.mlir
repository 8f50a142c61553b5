// REQUIRES: mlir-opt
// IR dumps as mlir-opt-19 prints them: an op nested in the module alone
// in local scope; the top-level module (a pass on it, or any pass with
// --mlir-print-ir-module-scope) as the whole file is printed, with its
// #loc aliases, resources and closing empty line.
// RUN: for p in 'builtin.module(cse)' 'builtin.module(func.func(cse))'; do \
// RUN:   for flags in --mlir-print-ir-after-all \
// RUN:       "--mlir-print-ir-after-all --mlir-print-ir-module-scope" \
// RUN:       "--mlir-print-ir-after-all --mlir-print-debuginfo" \
// RUN:       "--mlir-print-ir-before-all --mlir-print-ir-module-scope --mlir-print-debuginfo" \
// RUN:       "--mlir-print-ir-before-all --mlir-print-ir-module-scope --mlir-print-op-generic" \
// RUN:       "--mlir-print-ir-after-all --mlir-print-ir-module-scope --mlir-print-local-scope"; do \
// RUN:     mlc-opt --allow-unregistered-dialect --mlir-disable-threading -p "$p" $flags %S/Inputs/opt-dump-scope.mlir -o /dev/null 2> %t.mlc; \
// RUN:     mlir-opt --allow-unregistered-dialect --mlir-disable-threading -p "$p" $flags %S/Inputs/opt-dump-scope.mlir -o /dev/null 2> %t.mlir; \
// RUN:     diff %t.mlc %t.mlir || exit 1; \
// RUN:   done; \
// RUN: done
