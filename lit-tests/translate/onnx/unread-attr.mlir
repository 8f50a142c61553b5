// An ONNX attribute that the node's converter does not read is an error at
// the node, not silently dropped (translate/onnx/convert.go): Relu reads
// no attribute, so 'mode' and 'zeta' are both unread and the first, in
// name order, is reported; LeakyRelu's alpha before it is read and
// accepted. The model is written by translate/onnx/testdata/gen.py.

// RUN: not mlc-translate --import-onnx %S/Inputs/unread_attr.onnx -o %t.mlir 2>&1 | filecheck %s
// CHECK:     unread_attr.onnx:1:57: error: node 'relu' (Relu): attribute 'mode' is not supported
// CHECK-NOT: error
// RUN: not test -e %t.mlir
