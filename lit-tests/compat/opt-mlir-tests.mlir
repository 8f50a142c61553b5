// MLIR's own tests that mlc-opt passes in full (lit-tests/compat/Inputs/mlir,
// see the NOTICE there); tools/mlc-opt/compat_test.go compares every ported
// chunk with mlir-opt-19 and counts the agreement.

// RUN: mlc-opt --split-input-file --verify-diagnostics %S/Inputs/mlir/IR-invalid-locations.mlir
// RUN: mlc-opt --allow-unregistered-dialect --split-input-file --mlir-print-debuginfo --mlir-print-local-scope %S/Inputs/mlir/IR-module-op.mlir | filecheck %S/Inputs/mlir/IR-module-op.mlir
