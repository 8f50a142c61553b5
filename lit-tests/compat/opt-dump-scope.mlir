// A dump of the top-level module is printed as the output is, with its
// resources and an empty line after it (before the blank line between
// dumps); a dump of a nested op is that op alone, in local scope.
// RUN: mlc-opt --allow-unregistered-dialect -p 'builtin.module(cse)' --mlir-print-ir-after-all %S/Inputs/opt-dump-scope.mlir -o /dev/null 2>&1 | filecheck %s --check-prefix=MODULE
// MODULE:      // -----// IR Dump After CSE (cse) //----- //
// MODULE-NEXT: module {
// MODULE:      {{^}}}
// MODULE-EMPTY:
// MODULE-NEXT: {-#
// MODULE:      blob1: "0x080000000100000002000000"
// MODULE:      #-}
// MODULE-EMPTY:
// MODULE-EMPTY:
// RUN: mlc-opt --allow-unregistered-dialect -p 'builtin.module(func.func(cse))' --mlir-print-ir-after-all --mlir-disable-threading --mlir-print-debuginfo %S/Inputs/opt-dump-scope.mlir -o /dev/null 2>&1 | filecheck %s --check-prefix=NESTED
// NESTED:      // -----// IR Dump After CSE (cse) //----- //
// NESTED-NEXT: func.func @f(%arg0: tensor<4xf32> loc({{.*}}opt-dump-scope.mlir":2:16)) -> tensor<4xf32> {
// NESTED:      } loc({{.*}}opt-dump-scope.mlir":2:3)
// NESTED-EMPTY:
// NESTED-NEXT: // -----// IR Dump After CSE (cse) //----- //
// NESTED-NEXT: func.func @g(
// With module scope, each dump is the whole module, with #loc aliases.
// RUN: mlc-opt --allow-unregistered-dialect -p 'builtin.module(func.func(cse))' --mlir-print-ir-after-all --mlir-print-ir-module-scope --mlir-print-debuginfo %S/Inputs/opt-dump-scope.mlir -o /dev/null 2>&1 | filecheck %s --check-prefix=SCOPE
// SCOPE:      // -----// IR Dump After CSE (cse) ('func.func' operation: @f) //----- //
// SCOPE-NEXT: #loc2 = loc({{.*}}opt-dump-scope.mlir":2:16)
// SCOPE:      } loc(#loc)
// SCOPE-NEXT: #loc = loc({{.*}}opt-dump-scope.mlir":1:1)
// SCOPE:      // -----// IR Dump After CSE (cse) ('func.func' operation: @g) //----- //
