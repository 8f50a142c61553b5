// Invalid quant type spellings, one per chunk. `// ERROR:` is the start of
// mlc's message; TestInvalidTypesMatchMLIR checks that mlir-opt-19 rejects
// each chunk too, except those marked `// MLIR-ACCEPTS`, where mlc is
// stricter than mlir-opt-19 (it accepts them).
// ERROR: illegal scale: 0.000000e+00
func.func private @f(!quant.uniform<i8:f32, 0.0>)
// -----
// ERROR: illegal scale: -1.000000e+00
func.func private @f(!quant.uniform<i8:f32, -1.0>)
// -----
// ERROR: illegal scale: -0.000000e+00
func.func private @f(!quant.uniform<i8:f32, -0.0>)
// -----
// ERROR: illegal scale: nan
func.func private @f(!quant.uniform<i8:f32, 0x7FF8000000000000>)
// -----
// ERROR: illegal scale: INF
func.func private @f(!quant.uniform<i8:f32, 0x7FF0000000000000>)
// -----
// ERROR: illegal scale: INF
func.func private @f(!quant.uniform<i8:f32, 1.0e400>)
// -----
// ERROR: illegal scale: 0.000000e+00
func.func private @f(!quant.uniform<i8:f32, 1.0e-400>)
// -----
// ERROR: illegal scale: 0.000000e+00
func.func private @f(!quant.uniform<i8:f32:0, {0.5, 0.0}>)
// -----
// ERROR: illegal storage type minimum: -200
func.func private @f(!quant.uniform<i8<-200:127>:f32, 0.5>)
// -----
// ERROR: illegal storage type maximum: 128
func.func private @f(!quant.uniform<i8<-127:128>:f32, 0.5>)
// -----
// ERROR: illegal storage type minimum: -1
func.func private @f(!quant.uniform<u8<-1:255>:f32, 0.5>)
// -----
// ERROR: illegal storage type maximum: 16
func.func private @f(!quant.uniform<u4<0:16>:f32, 0.5>)
// -----
// ERROR: illegal storage min and storage max: (5:5)
func.func private @f(!quant.uniform<i8<5:5>:f32, 0.5>)
// -----
// ERROR: illegal storage min and storage max: (6:5)
func.func private @f(!quant.uniform<i8<6:5>:f32, 0.5>)
// -----
// ERROR: illegal storage type size: 64
func.func private @f(!quant.uniform<i64:f32, 0.5>)
// -----
// ERROR: illegal storage type size: 33
func.func private @f(!quant.uniform<i33:f32, 0.5>)
// -----
// ERROR: illegal storage type size: 0
func.func private @f(!quant.uniform<i0:f32, 0.5>)
// -----
// ERROR: illegal storage type size: 0
func.func private @f(!quant.uniform<u0:f32, 0.5>)
// -----
// ERROR: illegal storage type prefix
func.func private @f(!quant.uniform<x8:f32, 0.5>)
// -----
// ERROR: expected storage type width
func.func private @f(!quant.uniform<ux:f32, 0.5>)
// -----
// ERROR: storage type must be integral
func.func private @f(!quant.uniform<f32:f32, 0.5>)
// -----
// ERROR: expressed type must be floating point
func.func private @f(!quant.uniform<i8:i32, 0.5>)
// -----
// ERROR: expressed type must be floating point
func.func private @f(!quant.uniform<i8:tensor<f32>, 0.5>)
// -----
// ERROR: expected ','
func.func private @f(!quant.uniform<i8:f32>)
// -----
// ERROR: expected '>'
func.func private @f(!quant.uniform<i8:f32, 0.5, 0.25>)
// -----
// ERROR: expected floating point literal
func.func private @f(!quant.uniform<i8:f32:0, {}>)
// -----
// ERROR: expected floating point literal
func.func private @f(!quant.uniform<i8:f32:0, {0.5,}>)
// -----
// ERROR: expected ','
func.func private @f(!quant.uniform<i8:f32:0 {0.5}>)
// -----
// ERROR: expected '{'
func.func private @f(!quant.uniform<i8:f32:0, 0.5>)
// -----
// ERROR: expected floating point literal
func.func private @f(!quant.uniform<i8:f32, {0.5}>)
// -----
// ERROR: unexpected decimal integer literal
func.func private @f(!quant.uniform<i8:f32, 5>)
// -----
// ERROR: unexpected decimal integer literal
func.func private @f(!quant.uniform<i8:f32, 1e3>)
// -----
// ERROR: hexadecimal float literal should not have a leading minus
func.func private @f(!quant.uniform<i8:f32, -0x3F>)
// -----
// ERROR: hexadecimal float constant out of range for type
func.func private @f(!quant.uniform<i8:f32, 0x1FFFFFFFFFFFFFFFF>)
// -----
// ERROR: expected integer value
func.func private @f(!quant.uniform<i8:f32, 0.5:+3>)
// -----
// ERROR: expected integer value
func.func private @f(!quant.uniform<i8:f32, 0.5:1.0>)
// -----
// ERROR: integer value too large
func.func private @f(!quant.uniform<i8:f32:2147483648, {0.5}>)
// -----
// ERROR: expected '>'
func.func private @f(!quant.uniform<i8:f32, 0.5e>)
// -----
// ERROR: unknown quantized type foo
func.func private @f(!quant.foo<i8>)
// -----
// ERROR: expected '<'
func.func private @f(!quant.uniform)
// -----
// ERROR: expected '<'
func.func private @f(!quant.any)
// -----
// ERROR: expected '>'
func.func private @f(!quant.any<i8:f32:0>)
// -----
// ERROR: illegal min and max: (1.000000e+00:1.000000e+00)
func.func private @f(!quant.calibrated<f32<1.0:1.0>>)
// -----
// ERROR: illegal min and max: (2.000000e+00:-1.000000e+00)
func.func private @f(!quant.calibrated<f32<2.0:-1.0>>)
// -----
// ERROR: calibrated values must be present
func.func private @f(!quant.calibrated<f32>)
// -----
// ERROR: expressed type must be floating point
func.func private @f(!quant.calibrated<i8<0.0:1.0>>)
// -----
// ERROR: illegal zero point: 200 is outside the storage range [-128:127]
// MLIR-ACCEPTS
func.func private @f(!quant.uniform<i8:f32, 0.5:200>)
// -----
// ERROR: illegal zero point: -129 is outside the storage range [-128:127]
// MLIR-ACCEPTS
func.func private @f(!quant.uniform<i8:f32, 0.5:-129>)
// -----
// ERROR: illegal zero point: -1 is outside the storage range [0:255]
// MLIR-ACCEPTS
func.func private @f(!quant.uniform<u8:f32, 0.5:-1>)
// -----
// ERROR: illegal zero point: -128 is outside the storage range [-127:127]
// MLIR-ACCEPTS
func.func private @f(!quant.uniform<i8<-127:127>:f32, 0.5:-128>)
// -----
// ERROR: illegal zero point: 8 is outside the storage range [-8:7]
// MLIR-ACCEPTS
func.func private @f(!quant.uniform<i4:f32:0, {0.5:1, 0.5:8}>)
// -----
// ERROR: illegal zero point: 1000000000000 is outside the storage range [-128:127]
// MLIR-ACCEPTS
func.func private @f(!quant.uniform<i8:f32, 0.5:1000000000000>)
// -----
// ERROR: illegal quantized dimension: -1
// MLIR-ACCEPTS
func.func private @f(!quant.uniform<i8:f32:-1, {0.5}>)
