// RUN: mlc-opt --allow-unregistered-dialect %s | filecheck %s
// RUN: mlc-opt --allow-unregistered-dialect %s | mlc-opt --allow-unregistered-dialect | filecheck %s
// RUN: mlc-opt --allow-unregistered-dialect --mlir-print-op-generic %s | mlc-opt --allow-unregistered-dialect | filecheck %s
// RUN: mlc-opt --allow-unregistered-dialect --emit-bytecode %s | mlc-opt --allow-unregistered-dialect | filecheck %s

// Memrefs print in their canonical spelling: an identity affine map and
// the memory space 0 are the defaults and go; an i64 memory space prints
// without its type, a strided layout without a zero offset.
// CHECK-LABEL: func.func private @ranked
// CHECK-SAME: (memref<2x?xf32>, memref<f32>, memref<0x4xi8>, memref<4xf32>, memref<4x4xf32>, memref<4xf32>)
func.func private @ranked(memref<2x?xf32>, memref<f32>, memref<0x4xi8>, memref<4xf32, affine_map<(i) -> (i)>>,
    memref<4x4xf32, affine_map<(d0, d1)[s0] -> (d0, d1)>>, memref<4xf32, 0>)

#id = affine_map<(i, j) -> (i, j)>
// CHECK-LABEL: func.func private @aliased
// CHECK-SAME: (memref<2x4xi8>, memref<2x4xi8, 1>)
func.func private @aliased(memref<2x4xi8, #id>, memref<2x4xi8, #id, 1>)

// CHECK-LABEL: func.func private @layouts
// CHECK-SAME: (memref<4xi8, strided<[?], offset: ?>, 1>, memref<3x4xf32, strided<[4, 1]>>, memref<2x3xf64, strided<[-3, 1], offset: 7>>, memref<f32, strided<[], offset: 2>>)
func.func private @layouts(memref<4xi8, strided<[?], offset: ?>, 1 : i64>, memref<3x4xf32, strided<[4, 1], offset: 0>>,
    memref<2x3xf64, strided<[-3, 1], offset: 7>>, memref<f32, strided<[], offset: 2>>)

// CHECK-LABEL: func.func private @spaces
// CHECK-SAME: (memref<*xf32>, memref<*xi8, 3>, memref<4xf32, "gpu">, memref<4xindex, {a = 1 : i64}>, memref<4xf32, 1 : i32>)
func.func private @spaces(memref<*xf32>, memref<*xi8, 3>, memref<4xf32, "gpu">, memref<4xindex, {a = 1}>,
    memref<4xf32, 1 : i32>)

// Elements: integers, index, floats, complex, vectors and memrefs.
// CHECK-LABEL: func.func private @elements
// CHECK-SAME: (memref<3xcomplex<f32>>, memref<4xvector<2xf32>>, memref<2xmemref<3xi1>>, memref<2xmemref<*xf32>>, memref<5xcomplex<i16>, 2>) -> complex<f64>
func.func private @elements(memref<3xcomplex<f32>>, memref<4xvector<2xf32>>, memref<2xmemref<3xi1>>,
    memref<2xmemref<*xf32>>, memref<5xcomplex<i16>, 2>) -> complex<f64>

// Dense attributes may have a static memref type.
// CHECK: "tst.dense"() {a = dense<1> : memref<2xi32>, b = dense<[1.000000e+00, 2.000000e+00]> : memref<2xf32, 1>} : () -> ()
"tst.dense"() {a = dense<1> : memref<2xi32>, b = dense<[1.0, 2.0]> : memref<2xf32, 1>} : () -> ()

// CHECK-LABEL: func.func @values
// CHECK:       %0 = "tst.view"(%arg0) : (memref<2x?xf32>) -> memref<2x?xf32, strided<[?, 1], offset: ?>>
func.func @values(%m: memref<2x?xf32>) -> memref<2x?xf32, strided<[?, 1], offset: ?>> {
  %0 = "tst.view"(%m) : (memref<2x?xf32>) -> memref<2x?xf32, strided<[?, 1], offset: ?>>
  return %0 : memref<2x?xf32, strided<[?, 1], offset: ?>>
}
