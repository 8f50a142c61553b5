// Type spellings of the quant dialect. types.mlir.golden is mlir-opt-19's
// print of this file (--mlir-print-local-scope); TestTypeSpellingsMatchMLIR
// checks that mlc prints the same text, and regenerates the golden file
// from mlir-opt-19 with -update.

// Per-tensor, zero point given, zero, omitted.
func.func private @zp(!quant.uniform<i8:f32, 0.0235:-3>, !quant.uniform<i8:f32, 0.0235:0>, !quant.uniform<i8:f32, 0.0235>, !quant.uniform<i8:f32, 0.5:-0>, !quant.uniform<i8:f32, 0.5:0x10>, !quant.uniform<i8:f32, 1.5:01>)
// Storage types: signed, explicit si, unsigned u and ui, widths 1..32.
func.func private @storage(!quant.uniform<i8:f32, 1.0>, !quant.uniform<si8:f32, 1.0>, !quant.uniform<u8:f32, 1.0:128>, !quant.uniform<ui8:f32, 1.0:255>, !quant.uniform<i16:f32, 1.0>, !quant.uniform<u16:f32, 1.0:32768>, !quant.uniform<i4:f32, 1.0:-8>, !quant.uniform<u4:f32, 1.0:8>, !quant.uniform<i32:f32, 1.0>, !quant.uniform<u32:f32, 1.0:4294967295>, !quant.uniform<i1:f32, 1.0>, !quant.uniform<u1:f32, 1.0:1>, !quant.uniform<i2:f32, 1.0>, !quant.uniform<i12:f32, 1.0>, !quant.uniform<u24:f32, 1.0>)
// Storage ranges, default ones are not printed.
func.func private @ranges(!quant.uniform<i8<-127:127>:f32, 1.0>, !quant.uniform<i8<-128:127>:f32, 1.0>, !quant.uniform<u8<0:255>:f32, 1.0>, !quant.uniform<u8<1:255>:f32, 1.0:1>, !quant.uniform<i4<-7:7>:f32, 1.0>, !quant.uniform<i16<-32767:32767>:f32, 1.0>, !quant.uniform<i32<-2147483647:2147483647>:f32, 1.0>, !quant.uniform<u32<0:4294967294>:f32, 1.0>, !quant.uniform<i8<-5:10>:f32, 2.0>, !quant.uniform<u4<0:14>:f32, 1.0:7>, !quant.uniform<i8<0:1>:f32, 1.0:1>)
// Expressed types.
func.func private @expressed(!quant.uniform<i8:f16, 0.5>, !quant.uniform<i8:bf16, 0.5>, !quant.uniform<i8:f64, 0.5>, !quant.uniform<i8:f8E4M3FN, 0.5>, !quant.uniform<u16:f16, 3.0517578125E-5>)
// Scale spellings and MLIR's double printing.
func.func private @scales(!quant.uniform<i8:f32, 0.0235>, !quant.uniform<i8:f32, 1.0>, !quant.uniform<i8:f32, 1.0e-3>, !quant.uniform<i8:f32, 3.0517578125E-5>, !quant.uniform<i8:f32, 0.1>, !quant.uniform<i8:f32, 1.>, !quant.uniform<i8:f32, 00.5>, !quant.uniform<i8:f32, 5.0e-1>, !quant.uniform<i8:f32, 1.0e+02>, !quant.uniform<i8:f32, 1.5E10>, !quant.uniform<i8:f32, 1.0e-10>, !quant.uniform<i8:f32, 123456789.0>, !quant.uniform<i8:f32, 0.333333333333333333>, !quant.uniform<i8:f32, 0x3F800000>, !quant.uniform<i8:f32, 0x3FF0000000000000>, !quant.uniform<i8:f32, 792.54>, !quant.uniform<i8:f32, 2.2235488891601563>, !quant.uniform<i8:f32, 0.098034>, !quant.uniform<i8:f32, 6.1316e-6>, !quant.uniform<i8:f32, 0.0078125>, !quant.uniform<i8:f32, 7.812500e-03>, !quant.uniform<i8:f32, 0.003921568859368563>, !quant.uniform<i8:f32, 0.0039215686274509803>, !quant.uniform<i8:f32, 1.0e300>, !quant.uniform<i8:f32, 1.0e-300>, !quant.uniform<i8:f32, 4.9406564584124654E-324>, !quant.uniform<i8:f32, 1.7976931348623157e308>, !quant.uniform<i8:f32, 1000000.0>, !quant.uniform<i8:f32, 1234567.0>, !quant.uniform<i8:f32, 100.0>, !quant.uniform<i8:f32, 12345.678>, !quant.uniform<i8:f32, 0.00012345678>, !quant.uniform<i8:f32, 65504.0>, !quant.uniform<i8:f32, 1.1920928955078125e-7>)
// Per-axis.
func.func private @per_axis(!quant.uniform<i8:f32:0, {0.1:0, 0.2:1}>, !quant.uniform<i8:f32:0, {0.1, 0.2}>, !quant.uniform<i8<-8:7>:f32:0, {0.1:-1, 0.2}>, !quant.uniform<i8:f32:1, {0.5:1,0.25:2,0.125}>, !quant.uniform<i8:f32:3, {1.0}>, !quant.uniform<u8:f16:2, {0.0235:128, 1.0e-3:0, 3.0517578125E-5:255}>, !quant.uniform<i8<-127:127>:f32:0, {0.5, 0.25}>, !quant.uniform<i8 : f32 : 0 , { 0.5 : 1 , 0.25 } >, !quant.uniform<i8:f32:00, {0.5}>, !quant.uniform<i32:f32:0, {0.000244140625:0, 0.0001220703125}>)
// Verbose form and whitespace.
func.func private @verbose(!quant<uniform<i8:f32, 0.5>>, !quant.uniform< i8 : f32 , 0.5 : 3 >, !quant.uniform<u8:f32,
    0.5:
    7>)
// In tensors.
func.func private @tensors(tensor<4x!quant.uniform<i8:f32, 0.0235:-3>>, tensor<2x3x!quant.uniform<u8:f32:1, {0.5:1, 0.25:2, 0.125:3}>>, tensor<*x!quant.uniform<i8:f32, 0.5>>, tensor<?x4x!quant.uniform<i8:f32:1, {1.0,2.0,3.0,4.0}>>, tensor<!quant.uniform<i8:f32, 0.5>>)
// any and calibrated.
func.func private @any(!quant.any<i8:f32>, !quant.any<i8>, !quant.any<u8<1:255>:f16>, !quant.any<i8<-8:7>>, !quant.any<si16:bf16>, !quant.any<ui4>)
func.func private @calibrated(!quant.calibrated<f32<-0.5:1.0>>, !quant.calibrated<f16<0.0:6.0>>, !quant.calibrated<f32<-0.0235:0.1>>, !quant.calibrated<f32<-1.0e10:123456789.0>>)
