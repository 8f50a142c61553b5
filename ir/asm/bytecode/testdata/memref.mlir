module attributes {tst.types = [memref<2x?xf32>, memref<f32>, memref<0x4xi8>, memref<*xf32>, memref<*xi8, 3>,
    memref<4xi8, strided<[?], offset: ?>, 1>, memref<3x4xcomplex<f32>, strided<[4, 1]>>,
    memref<2x3xf64, strided<[-3, 1], offset: 7>>, memref<4xf32, "gpu">, memref<4xindex, {a = 1 : i64}>,
    memref<4xf32, 1 : i32>, memref<4xvector<2xf32>>, memref<2xmemref<3xi1>>, memref<5x?xcomplex<i16>, 2>,
    complex<f16>, complex<i32>, strided<[1, ?], offset: 0>]} {
  func.func @f(%arg0: memref<2x?xf32>, %arg1: memref<*xf32, 3>) -> complex<f32> {
    %0 = "tst.load"(%arg0) : (memref<2x?xf32>) -> complex<f32>
    %1 = "tst.view"(%arg0) : (memref<2x?xf32>) -> memref<2x?xf32, strided<[?, 1], offset: ?>>
    return %0 : complex<f32>
  }
}
