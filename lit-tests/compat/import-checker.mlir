// The importer rejects what onnx.checker rejects, with a positioned error:
// an initializer with both raw_data and float_data, a node with more
// inputs than its schema allows (Inputs/*.onnx are made by
// translate/onnx/testdata/checker_cases.py).
// RUN: not mlc-translate --import-onnx %S/Inputs/raw-and-typed.onnx 2>&1 | filecheck %s --check-prefix=RAW
// RUN: not mlc-translate --import-onnx %S/Inputs/too-many-inputs.onnx 2>&1 | filecheck %s --check-prefix=ARITY
// RUN: not mlc run %S/Inputs/too-many-inputs.onnx 2>&1 | filecheck %s --check-prefix=ARITY

// RAW: raw-and-typed.onnx:1:{{[0-9]+}}: error: initializer 'w': values are given twice, in raw_data and float_data; a tensor holds them in one field
// ARITY: too-many-inputs.onnx:1:{{[0-9]+}}: error: node #0 (Relu) has 2 inputs, but Relu-13 takes 1
