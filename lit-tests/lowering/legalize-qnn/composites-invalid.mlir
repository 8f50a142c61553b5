// RUN: not mlc-opt --pass-pipeline='builtin.module(func.func(quantize{target=qnn-htp-v73},quant-fuse,legalize-qnn{target=qnn-htp-v73}))' %s 2>&1 | filecheck %s --check-prefix=ERR


// QNN's Gelu is the erf form: the tanh approximation is illegal, named.
// ERR: error: 'core.gelu' op cannot be legalized for target 'qnn-htp-v73': QNN's Gelu computes the erf form, not the tanh approximation
func.func @tanh_gelu(%x: tensor<2x8xf32> {mlc.calib = array<f64: -2.0, 2.0>}) -> tensor<2x8xf32> {
  %0 = core.gelu %x {approximate = "tanh", mlc.calib = [array<f64: -0.2, 2.0>]} : (tensor<2x8xf32>) -> tensor<2x8xf32>
  func.return %0 : tensor<2x8xf32>
}
