// RUN: mlc-opt --pass-pipeline='builtin.module(func.func(quantize{target=qnn-htp-v73}))' %s | filecheck %s --check-prefix=QNN
// RUN: mlc-opt --pass-pipeline='builtin.module(func.func(quantize{target=trt-orin}))' %s | filecheck %s --check-prefix=TRT
// RUN: mlc-opt --pass-pipeline='builtin.module(func.func(quantize{target=qnn-htp-v73},quant-fuse))' %s | filecheck %s --check-prefix=FUSED

// Layer norm, GELU and softmax are quantized as units: one encoding on
// the data input and one on the result, the arithmetic between them in
// float. qnn-htp-v73 runs them on u8 (the scale and bias of LayerNorm
// are static tensors there: i8 gamma and i32 beta, per tensor, from the
// data); trt-orin runs them in f16 between its neighbours' Q/DQ.

// QNN-LABEL: func.func @block(
// QNN:         %[[XQ:.*]] = quant.qcast %arg0 : tensor<1x4x8xf32> to tensor<1x4x8x!quant.uniform<u8:f32, 0.015686274509803921:128>>
// QNN-NEXT:    %[[X:.*]] = quant.dcast %[[XQ]]
// QNN-NEXT:    core.constant dense<[42, 85, 21, 64, 42, -42, 11, 127]> : tensor<8xi8>
// QNN-NEXT:    quant.scast {{.*}} to tensor<8x!quant.uniform<i8<-127:127>:f32, 0.023622047244094488>>
// QNN-NEXT:    %[[W:.*]] = quant.dcast
// QNN-NEXT:    core.constant {{.*}} : tensor<8xi32>
// QNN-NEXT:    quant.scast {{.*}} to tensor<8x!quant.uniform<i32:f32, {{.*}}>>
// QNN-NEXT:    %[[B:.*]] = quant.dcast
// QNN-NEXT:    %[[LN:.*]] = core.layer_norm %[[X]], %[[W]], %[[B]] {{.*}}mlc.precision = "i8"
// QNN-NEXT:    %[[LQ:.*]] = quant.qcast %[[LN]] : tensor<1x4x8xf32> to tensor<1x4x8x!quant.uniform<u8:f32, 0.025490196078431372:118>>
// QNN-NEXT:    %[[L:.*]] = quant.dcast %[[LQ]]
// QNN-NEXT:    %[[G:.*]] = core.gelu %[[L]] {{.*}}mlc.precision = "i8"
// QNN-NEXT:    %[[GQ:.*]] = quant.qcast %[[G]] : tensor<1x4x8xf32> to tensor<1x4x8x!quant.uniform<u8:f32, 0.014509803921568629:14>>
// QNN-NEXT:    %[[GD:.*]] = quant.dcast %[[GQ]]
// QNN-NEXT:    %[[S:.*]] = core.softmax %[[GD]] {{.*}}mlc.precision = "i8"
// QNN-NEXT:    quant.qcast %[[S]] : tensor<1x4x8xf32> to tensor<1x4x8x!quant.uniform<u8:f32, 0.0039215686274509803>>

// TRT-LABEL: func.func @block(
// TRT:         %[[X:.*]] = core.cast %arg0 : tensor<1x4x8xf32> to tensor<1x4x8xf16>
// TRT-NEXT:    %[[W:.*]] = core.cast %0 : tensor<8xf32> to tensor<8xf16>
// TRT-NEXT:    %[[B:.*]] = core.cast %1 : tensor<8xf32> to tensor<8xf16>
// TRT-NEXT:    %[[LN:.*]] = core.layer_norm %[[X]], %[[W]], %[[B]] {{.*}}mlc.precision = "f16"} : (tensor<1x4x8xf16>, tensor<8xf16>, tensor<8xf16>) -> tensor<1x4x8xf16>
// TRT-NEXT:    %[[G:.*]] = core.gelu %[[LN]] {{.*}}mlc.precision = "f16"
// TRT-NEXT:    %[[S:.*]] = core.softmax %[[G]] {{.*}}mlc.precision = "f16"
// TRT-NEXT:    core.cast %[[S]] : tensor<1x4x8xf16> to tensor<1x4x8xf32>
// TRT-NOT:     quant.

// quant-fuse: the units take and give stored integers.
// FUSED-LABEL: func.func @block(
// FUSED:         %[[LN:.*]] = core.layer_norm %{{.*}}, %{{.*}}, %{{.*}} {{.*}} : (tensor<1x4x8x!quant.uniform<u8:f32, 0.015686274509803921:128>>, tensor<8x!quant.uniform<i8<-127:127>:f32, 0.023622047244094488>>, tensor<8x!quant.uniform<i32:f32, {{.*}}>>) -> tensor<1x4x8x!quant.uniform<u8:f32, 0.025490196078431372:118>>
// FUSED-NEXT:    %[[G:.*]] = core.gelu %[[LN]] {{.*}} -> tensor<1x4x8x!quant.uniform<u8:f32, 0.014509803921568629:14>>
// FUSED-NEXT:    core.softmax %[[G]] {{.*}} -> tensor<1x4x8x!quant.uniform<u8:f32, 0.0039215686274509803>>
func.func @block(%x: tensor<1x4x8xf32> {mlc.calib = array<f64: -2.0, 2.0>}) -> tensor<1x4x8xf32> {
  %w = core.constant dense<[1.0, 2.0, 0.5, 1.5, 1.0, -1.0, 0.25, 3.0]> : tensor<8xf32>
  %b = core.constant dense<[0.0, 0.1, 0.2, 0.3, -0.4, 0.5, 0.6, 0.7]> : tensor<8xf32>
  %0 = core.layer_norm %x, %w, %b {axes = array<i64: 2>, mlc.calib = [array<f64: -3.0, 3.5>]} : (tensor<1x4x8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<1x4x8xf32>
  %1 = core.gelu %0 {mlc.calib = [array<f64: -0.2, 3.5>]} : (tensor<1x4x8xf32>) -> tensor<1x4x8xf32>
  %2 = core.softmax %1 {axis = 2 : i64, mlc.calib = [array<f64: 0.0, 1.0>]} : (tensor<1x4x8xf32>) -> tensor<1x4x8xf32>
  func.return %2 : tensor<1x4x8xf32>
}
