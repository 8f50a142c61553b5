// RUN: mlc-opt --pass-pipeline='builtin.module(func.func(quantize{target=qnn-htp-v73}))' %s | filecheck %s --check-prefix=QNN
// RUN: not mlc-opt --pass-pipeline='builtin.module(func.func(quantize{target=trt-orin}))' %s 2>&1 | filecheck %s --check-prefix=TRT

// mlc.precision = "i16" on qnn-htp-v73: u16 in and out.
// QNN-LABEL: func.func @wide(
// QNN:         quant.qcast %arg0 : tensor<2x8xf32> to tensor<2x8x!quant.uniform<u16:f32,
// QNN:         core.softmax {{.*}}mlc.precision = "i16"
// QNN-NEXT:    quant.qcast {{.*}} to tensor<2x8x!quant.uniform<u16:f32,
func.func @wide(%x: tensor<2x8xf32> {mlc.calib = array<f64: -8.0, 8.0>}) -> tensor<2x8xf32> {
  %0 = core.softmax %x {axis = 1 : i64, mlc.precision = "i16", mlc.calib = [array<f64: 0.0, 1.0>]} : (tensor<2x8xf32>) -> tensor<2x8xf32>
  func.return %0 : tensor<2x8xf32>
}

// TensorRT runs softmax in float only.
// TRT: error: 'core.softmax' op: target 'trt-orin' does not run op class 'softmax' in precision i16 (it runs it in: f16, f32)
