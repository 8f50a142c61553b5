// mlc quantize: import (here a core module), calibrate on a directory of
// .npy samples, quantize for a target under its file's rules, and report.
// The model below is conv + relu + flatten + linear.

// TensorRT: symmetric int8 activations (zero point 0, so none printed),
// per-output-channel int8 weights on [-127, 127], float bias; the float
// weights are gone.
// RUN: mlc quantize %s --target trt-orin --calib %S/Inputs/quantize-calib -o - | filecheck %s --check-prefix=TRT
// TRT:      [[BIAS:%[0-9]+]] = core.constant dense<[-4.632000e-02, {{.*}}]> : tensor<4xf32>
// TRT-NOT:  core.constant {{.*}} : tensor<4x2x3x3xf32>
// TRT:      quant.qcast %arg0 : tensor<1x2x4x4xf32> to tensor<1x2x4x4x!quant.uniform<i8:f32, {{[0-9.]+(E-[0-9]+)?}}>>
// TRT:      quant.scast {{.*}} : tensor<4x2x3x3xi8> to tensor<4x2x3x3x!quant.uniform<i8<-127:127>:f32:0, {{.*}}>>
// TRT:      core.conv2d %{{[0-9]+}}, %{{[0-9]+}}, [[BIAS]] {{.*}}mlc.precision = "i8"
// TRT:      quant.scast {{.*}} : tensor<64x3xi8> to tensor<64x3x!quant.uniform<i8<-127:127>:f32:1, {{.*}}>>
// TRT:      core.matmul {{.*}}mlc.precision = "i8"
// TRT-NOT:  !quant.uniform<u8

// QNN HTP v73: asymmetric uint8 activations (a zero point), symmetric int8
// weights per channel, int32 bias with scale s_in * s_w.
// RUN: mlc quantize %s --target qnn-htp-v73 --method percentile --percentile 99.9 --calib %S/Inputs/quantize-calib -o - | filecheck %s --check-prefix=QNN
// QNN:      quant.qcast %arg0 : tensor<1x2x4x4xf32> to tensor<1x2x4x4x!quant.uniform<u8:f32, {{[0-9.]+(E-[0-9]+)?}}:{{[0-9]+}}>>
// QNN:      quant.scast {{.*}} : tensor<4x2x3x3xi8> to tensor<4x2x3x3x!quant.uniform<i8<-127:127>:f32:0, {{.*}}>>
// QNN:      quant.scast {{.*}} : tensor<4xi32> to tensor<4x!quant.uniform<i32:f32:0, {{.*}}>>
// QNN:      core.conv2d {{.*}}mlc.precision = "i8"
// QNN:      core.relu {{.*}}mlc.precision = "i8"

// The report, with an evaluation set whose reference outputs are mlc's own
// fp32 outputs (so the fp32 SQNR is infinite).
// RUN: rm -rf %t.eval && mkdir -p %t.eval/test_data_set_0
// RUN: cp %S/Inputs/quantize-calib/test_data_set_1/x.npy %t.eval/test_data_set_0/x.npy
// RUN: mlc run %s --input x=%t.eval/test_data_set_0/x.npy --output-dir %t.eval/test_data_set_0 --output-format pb -q
// RUN: mv %t.eval/test_data_set_0/result0.pb %t.eval/test_data_set_0/output_0.pb
// RUN: mlc quantize %s --target trt-orin --calib %S/Inputs/quantize-calib --eval %t.eval --equalize --bias-correction --report %t.json -o %t.mlir
// RUN: filecheck %s --check-prefix=REPORT --input-file %t.json
// REPORT:      "target": "trt-orin",
// REPORT-NEXT: "method": "minmax",
// REPORT-NEXT: "samples": 4,
// REPORT-NEXT: "output_sqnr_db": {{[0-9.]+}},
// REPORT:      "int8_mac_share": 1,
// REPORT:      "op": "core.conv2d",
// REPORT-NEXT: "class": "conv",
// REPORT-NEXT: "precision": "i8",
// REPORT:      "zero_point": [
// REPORT-NEXT:   0
// REPORT:      "sqnr_db": {{[0-9.]+}}
// REPORT:      "equalize": {
// REPORT:      "bias_correction": {
// REPORT-NEXT:   "layers": 2,
// REPORT:      "eval": {
// REPORT-NEXT:   "samples": 1,
// REPORT-NEXT:   "quantized_sqnr_db": {{[0-9.]+}},
// REPORT-NEXT:   "float_sqnr_db": "inf"
// REPORT:      "interpreter_runs":
// RUN: filecheck %s --check-prefix=OUT --input-file %t.mlir
// OUT: core.conv2d {{.*}}mlc.precision = "i8"

// Mixed precision: a budget no precision meets writes the report (why)
// and no model; exit 1.
// RUN: rm -f %t.mixed.mlir
// RUN: not mlc quantize %s --target trt-orin --calib %S/Inputs/quantize-calib --min-sqnr 200 --report %t.mixed.json -o %t.mixed.mlir 2> %t.err
// RUN: test ! -e %t.mixed.mlir
// RUN: filecheck %s --check-prefix=UNMET --input-file %t.err
// RUN: filecheck %s --check-prefix=UNMET-JSON --input-file %t.mixed.json
// UNMET: error: mixed precision cannot meet the budget: the output SQNR is {{[0-9.]+}} dB on the calibration samples with every op promoted as far as the target allows, the budget 200.00 dB: nothing written to {{.*}}.mixed.mlir
// UNMET-JSON: "met_min_sqnr": false,
// A budget the model meets promotes what it must and exits 0.
// RUN: mlc quantize %s --target trt-orin --calib %S/Inputs/quantize-calib --min-sqnr 45 --report %t.met.json -o %t.met.mlir
// RUN: filecheck %s --check-prefix=MET --input-file %t.met.json
// MET: "met_min_sqnr": true,
// MET: "promoted": [
// MET: "to": "f16",

// Bad input: each a clear error, nothing written, exit 1.
// RUN: rm -f %t.bad.mlir
// RUN: not mlc quantize %s --target nope --calib %S/Inputs/quantize-calib -o %t.bad.mlir 2>&1 | filecheck %s --check-prefix=TARGET
// TARGET: mlc: error: unknown target 'nope' (known: qnn-htp-v68, qnn-htp-v73, qnn-htp-v75, qnn-htp-v79, trt-orin, trt-thor)
// RUN: not mlc quantize %s --target trt-orin --calib %S/Inputs/quantize-nan -o %t.bad.mlir 2>&1 | filecheck %s --check-prefix=NAN
// NAN: mlc: error: {{.*}}quantize-nan{{/|\\}}test_data_set_0{{/|\\}}x.npy: input 'x' element 27 is NaN; calibration data must be finite
// RUN: rm -rf %t.empty && mkdir -p %t.empty
// RUN: not mlc quantize %s --target trt-orin --calib %t.empty -o %t.bad.mlir 2>&1 | filecheck %s --check-prefix=EMPTY
// EMPTY: mlc: error: calibration data {{.*}}.empty holds no test_data_set_<k> folder
// RUN: rm -rf %t.shape && mkdir -p %t.shape/test_data_set_0
// RUN: cp %S/Inputs/bisect-x-2x4.npy %t.shape/test_data_set_0/x.npy
// RUN: not mlc quantize %s --target trt-orin --calib %t.shape -o %t.bad.mlir 2>&1 | filecheck %s --check-prefix=SHAPE
// SHAPE: mlc: error: {{.*}}x.npy: input 'x' {{.*}}
// RUN: not mlc quantize %S/Inputs/quantize-unsupported.mlir --target qnn-htp-v73 --calib %S/Inputs/quantize-calib -o %t.bad.mlir 2>&1 | filecheck %s --check-prefix=UNSUP
// UNSUP: quantize-unsupported.mlir:4:8: error: 'core.cmp' op (op class 'logic') cannot run on target 'qnn-htp-v73' in any precision: its file lists no element types for the class
// RUN: not mlc quantize %s --calib %S/Inputs/quantize-calib -o %t.bad.mlir 2>&1 | filecheck %s --check-prefix=NOTARGET
// NOTARGET: mlc: error: --target NAME or --target-file PATH is required (known targets: qnn-htp-v68,
// RUN: test ! -e %t.bad.mlir

// The same steps as passes, piecewise: bias-correct and mixed-precision
// write their decisions on the calibrated float module for quantize.
// RUN: mlc-opt %s --pass-pipeline="builtin.module(calibrate{data=%S/Inputs/quantize-calib},bias-correct{data=%S/Inputs/quantize-calib target=trt-orin},mixed-precision{data=%S/Inputs/quantize-calib target=trt-orin min-sqnr=42},func.func(quantize{target=trt-orin}))" --mlir-pass-statistics 2>&1 | filecheck %s --check-prefix=PASSES
// PASSES:      bias-correct
// PASSES-NEXT:   (S) 2 num-layers - Layers whose bias was corrected
// PASSES-NEXT:   (S) 12 num-runs - Interpreter runs
// PASSES-NEXT: mixed-precision
// PASSES-NEXT:   (S) 1 num-promoted - Ops given a costlier precision
// PASSES:      core.conv2d {{.*}}mlc.precision = "i8"
// PASSES:      core.matmul {{.*}}mlc.precision = "f16"
// RUN: not mlc-opt %s --pass-pipeline="builtin.module(bias-correct{data=%S/Inputs/quantize-calib target=trt-orin})" 2>&1 | filecheck %s --check-prefix=UNCALIBRATED
// UNCALIBRATED: quantize.mlir:{{[0-9]+}}:17: error: argument #0 has no mlc.calib range, which 'core.conv2d' op needs to quantize it: run calibrate first
// RUN: not mlc-opt %s --pass-pipeline="builtin.module(calibrate{data=%S/Inputs/quantize-calib},mixed-precision{data=%S/Inputs/quantize-calib target=trt-orin min-sqnr=300})" 2>&1 | filecheck %s --check-prefix=PASS-UNMET
// PASS-UNMET: quantize.mlir:{{[0-9]+}}:1: error: mixed-precision: mixed precision cannot meet the budget: the output SQNR is {{[0-9.]+}} dB on the calibration samples with every op promoted as far as the target allows, the budget 300.00 dB
// RUN: not mlc-opt %s --pass-pipeline="builtin.module(mixed-precision{target=trt-orin})" 2>&1 | filecheck %s --check-prefix=NODATA
// NODATA: error: mixed-precision needs the calibration data directory: mixed-precision{data=DIR}

func.func @main(%x: tensor<1x2x4x4xf32> {mlc.name = "x"}) -> tensor<1x3xf32> {
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
