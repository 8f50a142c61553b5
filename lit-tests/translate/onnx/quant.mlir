// mlc-translate --import-onnx of quantization ops (Inputs written by
// translate/onnx/testdata/gen.py). A QDQ model imports as quant.qcast /
// quant.dcast around torch ops; constant weights and the i32 bias are
// stored integers seen as their quantized type by quant.scast, per channel
// on axis 0, the bias scale x_scale * w_scale.

// RUN: mlc-translate --import-onnx %S/Inputs/qdq_conv.onnx | filecheck %s
// CHECK-LABEL: func.func @main(%arg0: tensor<1x2x4x4xf32> {mlc.name = "input"})
// CHECK-NEXT:    %0 = quant.qcast %arg0 : tensor<1x2x4x4xf32> to tensor<1x2x4x4x!quant.uniform<u8:f32, 0.05000000074505806:128>>
// Q followed by DQ with the same parameters dequantizes the qcast itself.
// CHECK-NEXT:    %1 = quant.dcast %0 : tensor<1x2x4x4x!quant.uniform<u8:f32, 0.05000000074505806:128>> to tensor<1x2x4x4xf32>
// CHECK-NEXT:    %2 = torch.constant dense<{{.*}}> : tensor<2x2x3x3xi8>
// CHECK-NEXT:    %3 = quant.scast %2 : tensor<2x2x3x3xi8> to tensor<2x2x3x3x!quant.uniform<i8:f32:0, {0.029999999329447746,0.070000000298023224}>>
// CHECK-NEXT:    %4 = quant.dcast %3 : {{.*}} to tensor<2x2x3x3xf32>
// CHECK-NEXT:    %5 = torch.constant dense<[20, -40]> : tensor<2xi32>
// CHECK-NEXT:    %6 = quant.scast %5 : tensor<2xi32> to tensor<2x!quant.uniform<i32:f32:0, {0.001500000013038516,0.0035000001080334187}>>
// CHECK-NEXT:    %7 = quant.dcast %6 : {{.*}} to tensor<2xf32>
// CHECK-NEXT:    %8 = torch.aten.conv2d %1, %4, %7 {{.*}}padding = array<i64: 1, 1>
// CHECK-NEXT:    %9 = quant.qcast %8 : tensor<1x2x4x4xf32> to tensor<1x2x4x4x!quant.uniform<u8:f32, 1.250000e-01:128>>
// CHECK-NEXT:    %10 = quant.dcast %9
// CHECK-NEXT:    return %10 : tensor<1x2x4x4xf32>

// torch-to-core rewrites only the conv between the casts.
// RUN: mlc-translate --import-onnx %S/Inputs/qdq_conv.onnx | mlc-opt --pass-pipeline='builtin.module(torch-to-core)' | filecheck %s --check-prefix=CORE
// CORE:      quant.dcast
// CORE:      quant.dcast
// CORE:      quant.dcast
// CORE-NEXT: core.conv2d
// CORE-NEXT: quant.qcast {{.*}} to tensor<1x2x4x4x!quant.uniform<u8:f32, 1.250000e-01:128>>

// It runs: the values are numpy's QDQ reference (quantize, dequantize,
// float conv, quantize, dequantize; gen.py's formulas).
// RUN: rm -rf %t && mlc-translate --import-onnx %S/Inputs/qdq_conv.onnx -o %t.mlir
// RUN: mlc run %t.mlir --input input=%S/Inputs/qdq_conv-input.npy --output-dir %t -q
// RUN: mlc print-tensor --precision 6 %t/output.npy | filecheck %s --check-prefix=VAL
// VAL:      {{\[\[\[\[}}0, -0.125, -0.125, 0.125],
// VAL-NEXT:    [0, -0.125, 0, 0],
// VAL-NEXT:    [0.125, 0.25, 0.25, -0.125],
// VAL-NEXT:    [0.125, 0.25, 0.25, -0.125]],
// VAL-NEXT:   {{\[\[}}-0.125, 1, 0.75, 0],
// VAL-NEXT:    [-0.375, 0.75, 0.25, 0.125],
// VAL-NEXT:    [-0.625, -0.875, -1.375, 0.5],
// VAL-NEXT:    [-0.625, -1.25, -1.5, 0.375]]]]

// QLinearMatMul: per-column weights on b's last axis; a quantized graph
// output leaves as its storage integers (quant.scast).
// RUN: mlc-translate --import-onnx %S/Inputs/qlinear_matmul.onnx | filecheck %s --check-prefix=QMM
// QMM-LABEL: func.func @main(%arg0: tensor<2x3xui8> {mlc.name = "a"}) -> (tensor<2x2xui8> {mlc.name = "y"})
// QMM-NEXT:    %0 = quant.scast %arg0 : tensor<2x3xui8> to tensor<2x3x!quant.uniform<u8:f32, 5.000000e-01:2>>
// QMM-NEXT:    %1 = quant.dcast %0
// QMM-NEXT:    %2 = torch.constant dense<{{\[\[}}1, 2], [3, 4], [5, 6]]> : tensor<3x2xi8>
// QMM-NEXT:    %3 = quant.scast %2 : tensor<3x2xi8> to tensor<3x2x!quant.uniform<i8:f32:1, {2.500000e-01,1.250000e-01:1}>>
// QMM-NEXT:    %4 = quant.dcast %3
// QMM-NEXT:    %5 = torch.aten.matmul %1, %4
// QMM-NEXT:    %6 = quant.qcast %5 : tensor<2x2xf32> to tensor<2x2x!quant.uniform<u8:f32, 2.000000e+00:7>>
// QMM-NEXT:    %7 = quant.scast %6 : tensor<2x2x!quant.uniform<u8:f32, 2.000000e+00:7>> to tensor<2x2xui8>
// QMM-NEXT:    return %7 : tensor<2x2xui8>

// Scales and zero points live in the types: a run-time scale is an error
// that says so (typed NeedsConstantError in Go), and nothing is written.
// RUN: not mlc-translate --import-onnx %S/Inputs/quant_runtime_scale.onnx -o %t.bad.mlir 2>&1 | filecheck %s --check-prefix=RTSCALE
// RUN: test ! -e %t.bad.mlir
// RTSCALE: quant_runtime_scale.onnx:1:{{[0-9]+}}: error: node 'q' (QuantizeLinear): run-time input 'y_scale' is not supported: quantization parameters live in the quantized type, so it must be a constant

// RUN: mlc-translate --list-onnx-ops | filecheck %s --check-prefix=OPS
// OPS: ConvInteger            opset 10-17
// OPS: DequantizeLinear       opset 10-17
// OPS: DynamicQuantizeLinear  opset 11-17
// OPS: MatMulInteger          opset 10-17
// OPS: QLinearConv            opset 10-17
// OPS: QLinearMatMul          opset 10-17
// OPS: QuantizeLinear         opset 10-17
