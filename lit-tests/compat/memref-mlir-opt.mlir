// REQUIRES: mlir-opt
// Memref and complex types as mlir-opt-19 has them: the same text in
// custom and generic form, bytecode read both ways, and the same errors
// (message and column) on each chunk of ir/memref-invalid.mlir.
// RUN: mlc-opt --allow-unregistered-dialect %S/../ir/memref.mlir > %t.mlc
// RUN: mlir-opt --allow-unregistered-dialect %S/../ir/memref.mlir > %t.mlir
// RUN: diff %t.mlc %t.mlir
// RUN: mlc-opt --allow-unregistered-dialect --mlir-print-op-generic %S/../ir/memref.mlir > %t.mlc
// RUN: mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %S/../ir/memref.mlir > %t.mlir
// RUN: diff %t.mlc %t.mlir
// RUN: mlc-opt --allow-unregistered-dialect --emit-bytecode %S/../ir/memref.mlir | mlir-opt --allow-unregistered-dialect > %t.mlc
// RUN: mlir-opt --allow-unregistered-dialect %S/../ir/memref.mlir > %t.mlir
// RUN: diff %t.mlc %t.mlir
// RUN: mlir-opt --allow-unregistered-dialect --emit-bytecode %S/../ir/memref.mlir | mlc-opt --allow-unregistered-dialect > %t.mlc
// RUN: diff %t.mlc %t.mlir
// The same for the parse errors of parse-errors.mlir.
// RUN: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %S/../ir/memref-invalid.mlir > /dev/null
// RUN: mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %S/parse-errors.mlir > /dev/null
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: awk -v d=%t.d '/^\/\/ -----/ { n++; next } { print > (d "/" n+0 ".mlir") }' %S/../ir/memref-invalid.mlir
// RUN: awk -v d=%t.d '/^\/\/ -----/ { n++; next } { print > (d "/p" n+0 ".mlir") }' %S/parse-errors.mlir
// RUN: for f in %t.d/*.mlir; do \
// RUN:   not mlc-opt --allow-unregistered-dialect $f > /dev/null 2> $f.mlc; \
// RUN:   not mlir-opt --allow-unregistered-dialect $f > /dev/null 2> $f.mlir-opt; \
// RUN:   diff $f.mlc $f.mlir-opt || exit 1; \
// RUN: done
