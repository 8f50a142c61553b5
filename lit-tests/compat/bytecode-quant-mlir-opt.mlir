// mlc's quant types reach mlir-opt-19 through MLIR's textual fallback,
// which its quant dialect parses. mlir-opt-19 itself writes quant types in
// the quant dialect's own binary encoding, which mlc does not decode: a
// positioned error says so.
// REQUIRES: mlir-opt
// RUN: mlc-opt --emit-bytecode %s | mlir-opt --mlir-print-op-generic | FileCheck %s
// RUN: mlir-opt --emit-bytecode %s -o %t.mlirbc
// RUN: not mlc-opt %t.mlirbc 2>&1 | filecheck %s --check-prefix=THEIRS

// CHECK: "func.func"() <{function_type = (tensor<2x!quant.uniform<i8:f32, 5.000000e-01:-3>>, tensor<3x!quant.uniform<i8<-127:127>:f32:0, {1.000000e-01,2.000000e-01,3.000000e-01}>>) -> ()
// THEIRS: bytecode-quant-mlir-opt.mlir.tmp.mlirbc:1:{{[0-9]+}}: error: dialect 'quant' types are custom-encoded; mlc reads only builtin's encodings and the textual fallback
// THEIRS: note: in bytecode version 6 produced by: MLIR19

func.func @q(%a: tensor<2x!quant.uniform<i8:f32, 0.5:-3>>, %b: tensor<3x!quant.uniform<i8<-127:127>:f32:0, {0.1, 0.2, 0.3}>>) {
  return
}
