// mlc compile: one model, a calibration directory, a bundle per target
// (here a core module and TensorRT; the model is conv + relu + flatten +
// linear). The gates run on --eval (without it, the last quarter of the
// calibration sets would be held back).
// RUN: rm -rf %t && mkdir -p %t
// RUN: mlc compile %s --target trt-orin --calib %S/Inputs/quantize-calib --eval %S/Inputs/quantize-calib -o %t/b | filecheck %s
// CHECK:      bundle: {{.*}}b
// CHECK-NEXT:   trt-orin: {{.*}}trt-orin (gates passed)
// CHECK-NEXT:     output y: SQNR {{[0-9.]+}} dB, cosine {{[0-9.]+}}, max-abs {{[0-9.e-]+}}, top-1 1.000
// CHECK-NEXT:     latency: {{[0-9.]+}} ms (cost model estimate of the vendor partitions)
// CHECK-NEXT:     build.sh  {{[0-9]+}} bytes  sha256 {{[0-9a-f]+}}
// CHECK-NEXT:     model.qdq.onnx  {{[0-9]+}} bytes  sha256 {{[0-9a-f]+}}
// CHECK-NEXT:     network.json  {{[0-9]+}} bytes  sha256 {{[0-9a-f]+}}
// RUN: filecheck %s --check-prefix=MANIFEST --input-file %t/b/trt-orin/manifest.json
// MANIFEST:      "format": 1,
// MANIFEST-NEXT: "compiler": "mlc {{.*}}",
// MANIFEST:      "file": "compile.mlir",
// MANIFEST:      "name": "trt-orin",
// MANIFEST-NEXT: "backend": "tensorrt",
// MANIFEST:      "pipeline": "builtin.module(calibrate{method=minmax bits=8 signed=true symmetric=true},func.func(quantize{target=trt-orin allow-fallback}),dce,partition{target=trt-orin},func.func(legalize-trt{target=trt-orin}))",
// MANIFEST:      "evaluation_from": "eval",
// MANIFEST-NEXT: "evaluation_sets": [
// MANIFEST-NEXT:   "test_data_set_0",
// MANIFEST:      "inputs": [
// MANIFEST:        "name": "x",
// MANIFEST:        "storage": "i8",
// MANIFEST:      "artefacts": [
// MANIFEST:        "path": "build.sh",
// MANIFEST:      "gates": {
// MANIFEST-NEXT:   "passed": true,
// MANIFEST:          "name": "sqnr_db",
// MANIFEST-NEXT:     "output": "y",
// MANIFEST:          "threshold": 30,
// MANIFEST-NEXT:     "rule": ">=",
// MANIFEST-NEXT:     "from": "target file",
// MANIFEST-NEXT:     "passed": true
// MANIFEST:      "estimated_latency_ms": {{[0-9.]+}}

// Reproducible: the same inputs give the same bytes.
// RUN: mlc compile %s --target trt-orin --calib %S/Inputs/quantize-calib --eval %S/Inputs/quantize-calib -o %t/c > /dev/null
// RUN: diff -r %t/b %t/c

// An existing bundle is refused, and replaced with --force.
// RUN: not mlc compile %s --target trt-orin --calib %S/Inputs/quantize-calib --eval %S/Inputs/quantize-calib -o %t/b 2>&1 | filecheck %s --check-prefix=EXISTS
// EXISTS: mlc compile: error: output directory {{.*}}b exists (use --force to replace it)
// RUN: mlc compile %s --target trt-orin --calib %S/Inputs/quantize-calib --eval %S/Inputs/quantize-calib -o %t/b --force > /dev/null
// RUN: diff -r %t/b %t/c

// A pass that breaks quantization (a test pass, inserted after quantize
// with the hidden --test-extra-passes) fails the accuracy gate: exit 1,
// only the manifest under trt-orin.failed, naming the pass.
// RUN: not mlc compile %s --target trt-orin --calib %S/Inputs/quantize-calib --eval %S/Inputs/quantize-calib -o %t/broken --test-extra-passes 'test-quant-contract-break{break=rescale factor=64}' > %t/broken.out 2> %t/broken.err
// RUN: filecheck %s --check-prefix=BROKEN --input-file %t/broken.out
// BROKEN:      trt-orin: {{.*}}trt-orin.failed (GATES FAILED)
// BROKEN:      failed: sqnr_db of y {{[0-9.-]+}} < 30
// BROKEN:      worst op: {{.*}}
// BROKEN-NEXT: accuracy dropped after pass: test-quant-contract-break{break=rescale factor=64}
// RUN: filecheck %s --check-prefix=BROKEN-ERR --input-file %t/broken.err
// BROKEN-ERR: mlc compile: error: gates failed: trt-orin: sqnr_db of y
// RUN: ls %t/broken/trt-orin.failed | filecheck %s --check-prefix=BROKEN-DIR
// BROKEN-DIR-NOT: model.qdq.onnx
// BROKEN-DIR:     manifest.json
// BROKEN-DIR-NOT: model.qdq.onnx
// RUN: filecheck %s --check-prefix=BROKEN-MANIFEST --input-file %t/broken/trt-orin.failed/manifest.json
// BROKEN-MANIFEST: "failure": {
// BROKEN-MANIFEST: "pass": "test-quant-contract-break{break=rescale factor=64}"

// A threshold int8 alone misses: the gate fails; --mixed-precision
// promotes ops until the calibration samples meet it.
// RUN: not mlc compile %s --target trt-orin --calib %S/Inputs/quantize-calib --eval %S/Inputs/quantize-calib --min-sqnr 45 -o %t/int8 | filecheck %s --check-prefix=INT8
// INT8: failed: sqnr_db of y {{[0-9.]+}} < 45
// RUN: mlc compile %s --target trt-orin --calib %S/Inputs/quantize-calib --eval %S/Inputs/quantize-calib --min-sqnr 45 --mixed-precision -o %t/mixed | filecheck %s --check-prefix=MIXED
// MIXED: trt-orin: {{.*}}trt-orin (gates passed)
// RUN: filecheck %s --check-prefix=MIXED-MANIFEST --input-file %t/mixed/trt-orin/manifest.json
// MIXED-MANIFEST: "pipeline": "builtin.module(calibrate{{.*}},mixed-precision{target=trt-orin min-sqnr=45},func.func(quantize{target=trt-orin allow-fallback})
// MIXED-MANIFEST: "from": "flag",

// Bad input: a clear error, exit 1, nothing written.
// RUN: not mlc compile %s --target trt-orin,trt-nano --calib %S/Inputs/quantize-calib --eval %S/Inputs/quantize-calib -o %t/bad 2>&1 | filecheck %s --check-prefix=UNKNOWN
// UNKNOWN: mlc compile: error: unknown target 'trt-nano' (known: qnn-htp-v68, qnn-htp-v73, qnn-htp-v75, qnn-htp-v79, trt-orin, trt-thor)
// RUN: rm -rf %t/other && mkdir -p %t/other/test_data_set_0
// RUN: cp %S/Inputs/bisect-x-2x4.npy %t/other/test_data_set_0/x.npy
// RUN: not mlc compile %s --target trt-orin --calib %t/other -o %t/bad 2>&1 | filecheck %s --check-prefix=OTHER
// OTHER: mlc compile: error: calibration data does not fit compile.mlir: {{.*}}x.npy: input 'x' {{.*}}
// RUN: not mlc compile %s --target trt-orin --calib %S/Inputs/quantize-calib --eval %S/Inputs/quantize-calib -o %t/b/trt-orin/model.qdq.onnx/out 2>&1 | filecheck %s --check-prefix=UNWRITABLE
// UNWRITABLE: mlc compile: error: cannot write {{.*}}out: {{.*}}model.qdq.onnx is not a directory
// RUN: not mlc compile %s --calib %S/Inputs/quantize-calib --eval %S/Inputs/quantize-calib -o %t/bad 2>&1 | filecheck %s --check-prefix=NOTARGET
// NOTARGET: mlc compile: error: --target NAME[,NAME...] or --target-file PATH is required (known targets: qnn-htp-v68,
// RUN: not test -e %t/bad
// RUN: ls -a %t | filecheck %s --check-prefix=CLEAN
// CLEAN-NOT: tmp

func.func @main(%x: tensor<1x2x4x4xf32> {mlc.name = "x"}) -> (tensor<1x3xf32> {mlc.name = "y"}) {
  %w1 = core.constant dense<[[[[0.000369, 0.08962, -0.08224], [-0.2672, -0.1364, -0.2975], [0.01804, 0.4021, -0.1477]], [[-0.1861, 0.147, 0.1071], [0.03162, -0.2791, -0.008776], [0.2086, -0.4033, -0.1373]]], [[[-0.5704, -0.3869, -0.5525], [-0.07053, -0.3802, 0.08138], [0.04703, -0.05608, -0.755]], [[-0.1616, -0.01455, 0.03399], [-0.459, -0.1433, -0.2936], [-0.2427, 0.3183, -0.2423]]], [[[-0.009757, 0.2653, -0.1751], [-0.03351, 0.03314, 0.01913], [-0.3675, 0.02284, 0.4076]], [[-0.4641, 0.2578, 0.03581], [-0.1924, 0.6001, 0.2287], [-0.3598, 0.02235, 0.173]]], [[[-0.05663, 0.2049, -0.01996], [0.2002, 0.4316, -0.2027], [0.06094, -0.139, 0.03818]], [[-0.3562, -0.1738, -0.05886], [0.2696, 0.3436, -0.3971], [-0.2384, 0.1941, -0.5977]]]]> : tensor<4x2x3x3xf32>
  %b1 = core.constant dense<[-0.04632, -0.009729, 0.1257, 0.06894]> : tensor<4xf32>
  %c = core.conv2d %x, %w1, %b1 {padding = array<i64: 1, 1, 1, 1>} : (tensor<1x2x4x4xf32>, tensor<4x2x3x3xf32>, tensor<4xf32>) -> tensor<1x4x4x4xf32>
  %r = core.relu %c : tensor<1x4x4x4xf32>
  %f = core.reshape %r : (tensor<1x4x4x4xf32>) -> tensor<1x64xf32>
  %w2 = core.constant dense<[[-0.06544, -0.07372, -0.05004], [0.3047, -0.0856, -0.06074], [0.07052, -0.02415, -0.03946], [-0.2228, -0.002304, -0.08872], [0.2332, 0.1306, -0.004829], [0.1337, -0.06797, 0.2104], [-0.00108, 0.1167, -0.2582], [0.06934, -0.3376, -0.4071], [-0.0609, -0.18, 0.03281], [0.449, -0.1663, -0.1248], [0.04108, 0.0986, -0.03528], [-0.04119, 0.1405, 0.104], [-0.2067, -0.01584, 0.007057], [-0.2109, 0.05197, -0.1716], [0.1944, 0.03855, 0.01786], [-0.1182, -0.02372, -0.3995], [-0.2263, 0.07257, -0.4257], [0.1693, -0.3492, 0.1513], [-0.1691, 0.1558, 0.02619], [-0.3074, 0.2498, 0.2883], [-0.01316, -0.05478, -0.03197], [-0.195, 0.2197, -0.1086], [-0.01024, -0.1587, -0.1252], [-0.2555, 0.2514, -0.03082], [0.1932, 0.002665, -0.1389], [-0.06534, -0.112, 0.001592], [-0.07505, -0.05998, -0.2757], [-0.1614, 0.3308, -0.1342], [-0.2108, 0.06747, 0.2815], [-0.2908, -0.0417, -0.1264], [-0.3522, 0.147, -0.004689], [0.01429, -0.1505, 0.09096], [-0.1079, -0.02858, -0.2217], [-0.2432, 0.2671, -0.1014], [0.05834, -0.006758, -0.08823], [-0.1016, 0.126, -0.06037], [-0.03029, 0.004444, 0.2353], [0.1361, 0.07652, -0.1127], [-0.2764, 0.1899, 0.1933], [-0.02814, 0.1084, 0.1563], [0.1662, 0.1843, -0.09112], [0.303, -0.2493, 0.1723], [0.09879, 0.1747, 0.3758], [0.2969, -0.229, -0.3377], [0.1634, -0.203, -0.002481], [0.1679, -0.3288, -0.422], [0.05186, 0.008877, -0.04916], [0.007707, -0.1721, -0.3027], [-0.03333, -0.1943, -0.3287], [0.1011, -0.01228, 0.08131], [-0.1979, -0.1316, -0.1998], [-0.1773, 0.03908, -0.1566], [0.07121, 0.06795, 0.405], [-0.2786, 0.1776, -0.0179], [-0.002806, -0.29, -0.09204], [0.1486, -0.0165, 0.01621], [-0.05814, 0.2309, -0.004295], [-0.4401, -0.1384, -0.3938], [-0.6503, -0.106, 0.2667], [0.009424, -0.2345, -0.1881], [0.2261, 0.03153, 0.0096], [-0.01069, 0.00768, 0.1611], [0.1105, 0.04314, -0.2086], [0.1022, -0.1368, 0.2188]]> : tensor<64x3xf32>
  %b2 = core.constant dense<[-0.1271, -0.01376, -0.0007358]> : tensor<3xf32>
  %m = core.matmul %f, %w2 : (tensor<1x64xf32>, tensor<64x3xf32>) -> tensor<1x3xf32>
  %y = core.add %m, %b2 : (tensor<1x3xf32>, tensor<3xf32>) -> tensor<1x3xf32>
  return %y : tensor<1x3xf32>
}
