// A target is data: a user's file in a temporary directory, here QNN HTP
// v73 renamed and with its data-movement classes requantizing instead of
// keeping their input's encoding, drives the pass with no code change.
// RUN: rm -rf %t && mkdir -p %t
// RUN: sed -e 's/^name: qnn-htp-v73/name: my-soc/' -e 's/^      value: true/      value: false/' %S/../../../lowering/target/targets/qnn-htp-v73.yaml > %t/my-soc.yaml
// RUN: mlc-opt --pass-pipeline="builtin.module(func.func(quantize{target-file=%t/my-soc.yaml}))" %s | filecheck %s
// RUN: mlc-opt --pass-pipeline='builtin.module(func.func(quantize{target=qnn-htp-v73}))' %s | filecheck %s --check-prefix=V73

// Unknown targets and conflicting options are errors naming the choices.
// RUN: not mlc-opt --pass-pipeline='builtin.module(func.func(quantize{target=nope}))' %s -o %t.out 2>&1 | filecheck %s --check-prefix=UNKNOWN
// RUN: not test -e %t.out
// UNKNOWN: error: unknown target 'nope' (known: qnn-htp-v68, qnn-htp-v73, qnn-htp-v75, qnn-htp-v79, trt-orin, trt-thor)
// RUN: not mlc-opt --pass-pipeline='builtin.module(func.func(quantize))' %s 2>&1 | filecheck %s --check-prefix=NONE
// NONE: error: quantize needs target=NAME or target-file=PATH (known targets: qnn-htp-v68, qnn-htp-v73, qnn-htp-v75, qnn-htp-v79, trt-orin, trt-thor)
// RUN: not mlc-opt --pass-pipeline="builtin.module(func.func(quantize{target=trt-orin target-file=%t/my-soc.yaml}))" %s 2>&1 | filecheck %s --check-prefix=BOTH
// BOTH: error: give target= or target-file=, not both
// RUN: not mlc-opt --pass-pipeline="builtin.module(func.func(quantize{target-file=%t/missing.yaml}))" %s 2>&1 | filecheck %s --check-prefix=MISSING
// MISSING: error: {{.*}}missing.yaml{{.*}}

// With my-soc the reshape takes the encoding of its own range [0, 2]
// (scale 2/255); with qnn-htp-v73 it keeps the relu's ([0, 6]: 6/255).

// CHECK-LABEL: func.func @f(
// CHECK:         core.relu
// CHECK-NEXT:    quant.qcast {{.*}} to tensor<2x2x!quant.uniform<u8:f32, 0.023529411764705882>>
// CHECK:         core.reshape {{.*}}mlc.precision = "i8"
// CHECK-NEXT:    quant.qcast {{.*}} to tensor<4x!quant.uniform<u8:f32, 0.0078431372549019607>>
// V73-LABEL:   func.func @f(
// V73:           core.relu
// V73-NEXT:      quant.qcast {{.*}} to tensor<2x2x!quant.uniform<u8:f32, 0.023529411764705882>>
// V73:           core.reshape {{.*}}mlc.precision = "i8"
// V73-NEXT:      quant.qcast {{.*}} to tensor<4x!quant.uniform<u8:f32, 0.023529411764705882>>
func.func @f(%x: tensor<2x2xf32> {mlc.calib = array<f64: -1.0, 1.0>}) -> tensor<4xf32> {
  %r = core.relu %x {mlc.calib = [array<f64: 0.0, 6.0>]} : tensor<2x2xf32>
  %s = core.reshape %r {mlc.calib = [array<f64: 0.0, 2.0>]} : (tensor<2x2xf32>) -> tensor<4xf32>
  return %s : tensor<4xf32>
}
