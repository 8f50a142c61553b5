// tensor, vector and memref types, including MLIR's dimension-list lexing
// corner cases (0x4, ?x?, unranked, scalable dims, encodings, layouts).
%0:6 = "x.tensor"() : () -> (tensor<f32>, tensor<2xf32>, tensor<2x?x4xf32>, tensor<*xf32>, tensor<0xf32>, tensor<0x4xi8>)
%1:3 = "x.tensor2"() : () -> (tensor<1x64x56x56xf32>, tensor<?x?xbf16>, tensor<4 x f32>)
%2:3 = "x.enc"() : () -> (tensor<4xf32, #x.enc<1>>, tensor<?x8xi32, "encoding">, tensor<2x!x.elem>)
%3:5 = "x.vector"() : () -> (vector<f32>, vector<4xf32>, vector<2x3xi8>, vector<[4]xf32>, vector<2x[4]x8xf32>)
%4:5 = "x.memref"() : () -> (memref<4xf32>, memref<?x?xf32>, memref<*xf32>, memref<*xf32, 1>, memref<4x?xf32, strided<[?, 1], offset: ?>, 1>)
%5:2 = "x.memref2"() : () -> (memref<2x3xf32, affine_map<(d0, d1) -> (d1, d0)>>, memref<8xi64, 2>)
%6 = "x.complexelem"() : () -> tensor<4xcomplex<f32>>
