// mlc's own dialects through bytecode: their attributes and types (quant
// types, per-axis too) travel as text, MLIR's fallback for a
// dialect without a binary encoding; core ops keep their properties, and
// dense_resource weights their blobs and alignment.
// RUN: mlc-opt --allow-unregistered-dialect %s -o %t.mlir
// RUN: mlc-opt --allow-unregistered-dialect --emit-bytecode %s -o %t.mlirbc
// RUN: mlc-opt --allow-unregistered-dialect %t.mlirbc -o %t.back.mlir
// RUN: diff %t.mlir %t.back.mlir
// RUN: filecheck %s --input-file %t.back.mlir
// A bytecode file reads back to bytecode byte for byte.
// RUN: mlc-opt --allow-unregistered-dialect --emit-bytecode %t.mlirbc -o %t.again.mlirbc
// RUN: cmp %t.mlirbc %t.again.mlirbc
// Without the resource data (mlir-opt's --elide-resource-data-from-bytecode)
// the handles stay and the blobs are gone.
// RUN: mlc-opt --allow-unregistered-dialect --emit-bytecode --elide-resource-data-from-bytecode %s | mlc-opt --allow-unregistered-dialect | filecheck %s --check-prefix=ELIDED
// ELIDED: core.constant dense_resource<w> : tensor<4x4xf32>
// ELIDED-NOT: dialect_resources
// The same from standard input, and through a pass.
// RUN: mlc-opt --allow-unregistered-dialect --canonicalize < %t.mlirbc --allow-unregistered-dialect | filecheck %s --check-prefix=CANON

// CHECK-LABEL: func.func @main(
// CHECK-SAME:    %arg0: tensor<1x4xf32>
// CHECK:         core.constant dense_resource<w> : tensor<4x4xf32>
// CHECK:         quant.qcast {{.*}} to tensor<1x4x!quant.uniform<i8:f32, 5.000000e-01:-3>>
// CHECK:         "tst.keep"() : () -> tensor<2x!quant.uniform<i8:f32:0, {1.000000e+00:1,2.000000e+00:-1}>>
// CHECK:         quant.dcast
// CHECK:         core.matmul
// CHECK:       w: "0x10000000
// CANON: core.matmul

func.func @main(%x: tensor<1x4xf32>) -> tensor<1x4xf32> {
  %w = core.constant dense_resource<w> : tensor<4x4xf32>
  %q = quant.qcast %x : tensor<1x4xf32> to tensor<1x4x!quant.uniform<i8:f32, 0.5:-3>>
  %p = "tst.keep"() : () -> tensor<2x!quant.uniform<i8:f32:0, {1.0:1, 2.0:-1}>>
  %d = quant.dcast %q : tensor<1x4x!quant.uniform<i8:f32, 0.5:-3>> to tensor<1x4xf32>
  %m = core.matmul %d, %w : (tensor<1x4xf32>, tensor<4x4xf32>) -> tensor<1x4xf32>
  return %m : tensor<1x4xf32>
}

{-#
  dialect_resources: {
    builtin: {
      w: "0x100000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F"
    }
  }
#-}
