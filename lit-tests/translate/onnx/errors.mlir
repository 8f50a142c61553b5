// Bad models fail with positioned diagnostics (file:1:<byte offset + 1>)
// and exit status 1; no output file is written.

// RUN: not mlc-translate --import-onnx %S/Inputs/truncated.onnx 2>&1 | filecheck %s --check-prefix=TRUNC
// TRUNC: truncated.onnx:1:12: error: invalid ONNX model: ModelProto: field 7 (length-delimited): unexpected end of data

// One report lists every unsupported op type, sorted, with a note at the
// first node of each.
// RUN: not mlc-translate --import-onnx %S/Inputs/unsupported.onnx 2>&1 | filecheck %s --check-prefix=UNSUP
// UNSUP:      unsupported.onnx:1:119: error: 2 ONNX op types are not supported at opset 16: GridSample, NonZero
// UNSUP-NEXT: unsupported.onnx:1:119: note: GridSample: 1 node, first node 'grid' (GridSample)
// UNSUP-NEXT: unsupported.onnx:1:40: note: NonZero: 2 nodes, first node 'nonzero_a' (NonZero)

// RUN: not mlc-translate --import-onnx %S/Inputs/cycle.onnx 2>&1 | filecheck %s --check-prefix=CYCLE
// CYCLE: cycle.onnx:1:13: error: graph has a cycle through node 'add' (Add): node 'add' (Add) -> node 'relu' (Relu) -> node 'neg' (Neg) -> node 'add' (Add)

// RUN: not mlc-translate --import-onnx %S/Inputs/missing_input.onnx 2>&1 | filecheck %s --check-prefix=MISSING
// MISSING: missing_input.onnx:1:13: error: node 'add_bias' (Add): missing input 'bias': it is neither a graph input, an initializer nor the output of a node

// RUN: not mlc-translate --import-onnx %S/Inputs/does-not-exist.onnx 2>&1 | filecheck %s --check-prefix=NOFILE
// NOFILE: does-not-exist.onnx:1:1: error: cannot read model: no such file or directory

// RUN: rm -f %t.mlir && not mlc-translate --import-onnx %S/Inputs/cycle.onnx -o %t.mlir 2>/dev/null && not test -e %t.mlir
