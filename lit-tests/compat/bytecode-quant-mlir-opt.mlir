// Quant types through bytecode, both ways against mlir-opt-19: mlc writes
// them as text (MLIR's fallback, which its quant dialect parses); mlir-opt-19
// writes them in the quant dialect's binary encoding, which mlc decodes.
// REQUIRES: mlir-opt
// RUN: mlc-opt %s -o %t.ours.mlir
// RUN: mlc-opt --emit-bytecode %s | mlir-opt --mlir-print-op-generic | FileCheck %s
// RUN: mlir-opt --emit-bytecode %s -o %t.theirs.mlirbc
// RUN: mlc-opt %t.theirs.mlirbc -o %t.theirs.mlir
// RUN: diff %t.ours.mlir %t.theirs.mlir
// RUN: filecheck %s --check-prefix=OURS --input-file %t.theirs.mlir

// CHECK: "func.func"() <{function_type = (tensor<2x!quant.uniform<i8:f32, 5.000000e-01:-3>>, tensor<3x!quant.uniform<i8<-127:127>:f32:0, {1.000000e-01,2.000000e-01,3.000000e-01}>>, !quant.uniform<u8:f16, 1.000000e-01:128>, !quant.uniform<i4<-7:7>:f32, 2.500000e-01>, !quant.any<i8:f32>, !quant.any<u16>, !quant.calibrated<f32<-1.000000e+00:2.000000e+00>>) -> ()
// OURS: func.func @q(%arg0: tensor<2x!quant.uniform<i8:f32, 5.000000e-01:-3>>, %arg1: tensor<3x!quant.uniform<i8<-127:127>:f32:0, {1.000000e-01,2.000000e-01,3.000000e-01}>>, %arg2: !quant.uniform<u8:f16, 1.000000e-01:128>, %arg3: !quant.uniform<i4<-7:7>:f32, 2.500000e-01>, %arg4: !quant.any<i8:f32>, %arg5: !quant.any<u16>, %arg6: !quant.calibrated<f32<-1.000000e+00:2.000000e+00>>)

func.func @q(%a: tensor<2x!quant.uniform<i8:f32, 0.5:-3>>, %b: tensor<3x!quant.uniform<i8<-127:127>:f32:0, {0.1, 0.2, 0.3}>>,
             %c: !quant.uniform<u8:f16, 0.1:128>, %d: !quant.uniform<i4<-7:7>:f32, 0.25>,
             %e: !quant.any<i8:f32>, %f: !quant.any<u16>, %g: !quant.calibrated<f32<-1.0:2.0>>) {
  return
}
