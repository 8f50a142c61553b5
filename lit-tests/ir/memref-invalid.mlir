// RUN: mlc-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics %s
// Invalid memref and complex types, with mlir-opt-19's messages
// (compat/memref-mlir-opt.mlir runs this file through it too).

// expected-error @+1 {{invalid memref element type}}
func.func private @f(memref<4xtensor<2xf32>>)

// -----

// expected-error @+1 {{invalid memref element type}}
func.func private @f(memref<*x!tst.t>)

// -----

// expected-error @+1 {{expected list element}}
func.func private @f(memref<4xf32, >)

// -----

// expected-error @+1 {{unsupported memory space Attribute}}
func.func private @f(memref<4xf32, i8>)

// -----

// expected-error @+1 {{unsupported memory space Attribute}}
func.func private @f(memref<4xf32, #tst.space>)

// -----

// expected-error @+1 {{multiple memory spaces specified in memref type}}
func.func private @f(memref<4xf32, 1, 2>)

// -----

// expected-error @+1 {{expected memory space to be last in memref type}}
func.func private @f(memref<4xf32, 1, strided<[1]>>)

// -----

// expected-error @+1 {{cannot have affine map for unranked memref type}}
func.func private @f(memref<*xf32, strided<[1]>>)

// -----

// expected-error @+1 {{expected the number of strides to match the rank}}
func.func private @f(memref<4x4xf32, strided<[1]>>)

// -----

// expected-error @+1 {{strides must not be zero}}
func.func private @f(memref<4xf32, strided<[0]>>)

// -----

// expected-error @+1 {{expected '['}}
func.func private @f(memref<4xf32, strided<1>>)

// -----

// expected-error @+1 {{expected a 64-bit signed integer or '?'}}
func.func private @f(memref<4xf32, strided<[x]>>)

// -----

// expected-error @+1 {{expected ']'}}
func.func private @f(memref<4xf32, strided<[1 2]>>)

// -----

// expected-error @+1 {{expected 'offset' after comma}}
func.func private @f(memref<4xf32, strided<[1], of: 2>>)

// -----

// expected-error @+1 {{expected ':' after 'offset'}}
func.func private @f(memref<4xf32, strided<[1], offset 2>>)

// -----

// expected-error @+1 {{expected a 64-bit signed integer or '?'}}
func.func private @f(memref<4xf32, strided<[1], offset: 99999999999999999999>>)

// -----

// expected-error @+1 {{invalid element type for complex}}
func.func private @f(complex<index>)

// -----

// expected-error @+1 {{invalid element type for complex}}
func.func private @f(complex<memref<2xf32>>)

// -----

// expected-error @+1 {{vector elements must be int/index/float type}}
func.func private @f(vector<2xcomplex<f32>>)

// -----

// An identity affine map may be a layout through an alias too; its
// dimensions must match the rank.
#id2 = affine_map<(d0, d1) -> (d0, d1)>
// expected-error @+1 {{memref layout mismatch between rank and affine map: 1 != 2}}
func.func private @f(memref<42xi8, #id2>)

// -----

#id2 = affine_map<(d0, d1) -> (d0, d1)>
// expected-error @+1 {{multiple memory spaces specified in memref type}}
func.func private @f(memref<2x4xi8, #id2, 1, 2>)
