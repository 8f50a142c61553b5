// mlc-translate --mlir-to-qnn: quantize and legalise a conv + relu for
// qnn-htp-v73, write the four QNN converter artefacts and check their key
// lines: graph input/output names from mlc.name, the per-axis sfixed8
// filter (axis 3, HWIO) and sfixed32 bias as STATIC tensors read from the
// .bin, uint32 tensor parameters, AIMET encodings. The JSON imports back
// into the same IR (attributes included), and serializing that again
// gives the same bytes.

// RUN: mlc-opt --pass-pipeline='builtin.module(func.func(quantize{target=qnn-htp-v73},quant-fuse,legalize-qnn{target=qnn-htp-v73}))' %s -o %t.mlir
// RUN: rm -rf %t.d %t.e && mkdir -p %t.d %t.e
// RUN: mlc-translate --mlir-to-qnn %t.mlir -o %t.d/net | filecheck %s --check-prefix=FILES
// RUN: filecheck %s --check-prefix=JSON --input-file %t.d/net_net.json
// RUN: filecheck %s --check-prefix=CPP --input-file %t.d/net.cpp
// RUN: filecheck %s --check-prefix=ENC --input-file %t.d/net.encodings
// RUN: mlc-translate --import-qnn-json %t.d/net_net.json -o %t.back.mlir
// RUN: filecheck %s --check-prefix=IR --input-file %t.back.mlir
// RUN: mlc-opt %t.mlir -o %t.a
// RUN: mlc-opt %t.back.mlir -o %t.b
// RUN: cmp %t.a %t.b
// RUN: mlc-translate --mlir-to-qnn %t.back.mlir -o %t.e/net
// RUN: cmp %t.d/net_net.json %t.e/net_net.json
// RUN: cmp %t.d/net.bin %t.e/net.bin
// RUN: cmp %t.d/net.cpp %t.e/net.cpp
// RUN: cmp %t.d/net.encodings %t.e/net.encodings

// FILES: net.cpp
// FILES-NEXT: net.bin
// FILES-NEXT: net_net.json
// FILES-NEXT: net.encodings

// JSON:      "op_types": [
// JSON-NEXT:   "Conv2d",
// JSON-NEXT:   "Dequantize",
// JSON-NEXT:   "Quantize",
// JSON-NEXT:   "Relu",
// JSON-NEXT:   "Transpose"
// JSON:      "image": {
// JSON-NEXT:   "id": 0,
// JSON-NEXT:   "type": 0,
// JSON-NEXT:   "dataFormat": 0,
// JSON-NEXT:   "data_type": 562,
// JSON:      "Conv2d_3_bias": {
// JSON:        "type": 4,
// JSON:        "data_type": 818,
// JSON:          "encoding": 1,
// JSON-NEXT:     "axis_scale_offset": {
// JSON-NEXT:       "axis": 0,
// JSON-NEXT:       "num_scale_offsets": 2,
// JSON:      "Conv2d_3_filter": {
// JSON:        "data_type": 776,
// JSON-NEXT:   "axis_format": "HWIO",
// JSON:            "axis": 3,
// JSON:      "logits": {
// JSON-NEXT:   "id": {{[0-9]+}},
// JSON-NEXT:   "type": 1,
// JSON:      "nodes": {
// JSON:      "Conv2d_3": {
// JSON-NEXT:   "package": "qti.aisw",
// JSON-NEXT:   "type": "Conv2d",
// JSON:        "stride": {
// JSON-NEXT:     "Conv2d_3_stride": {
// JSON:            "data_type": 306,
// JSON:        "input_names": [
// JSON-NEXT:     "Transpose_2_out",
// JSON-NEXT:     "Conv2d_3_filter",
// JSON-NEXT:     "Conv2d_3_bias"

// CPP:       #include "QnnModel.hpp"
// CPP-LABEL: static ModelError_t addTensor_Conv2d_3_filter(QnnModel& model){
// CPP:       .version= QNN_TENSOR_VERSION_2,
// CPP:       .type= QNN_TENSOR_TYPE_STATIC,
// CPP:       .dataType= QNN_DATATYPE_SFIXED_POINT_8,
// CPP:       .quantizationEncoding= QNN_QUANTIZATION_ENCODING_AXIS_SCALE_OFFSET,
// CPP-NEXT:  .axisScaleOffsetEncoding= {.axis= 3, .numScaleOffsets= 2, .scaleOffset= axis_scale_offsets_Conv2d_3_filter}},
// CPP:       .clientBuf= {.data= BINVARSTART(Conv2d_3_filter),
// CPP-NEXT:  .dataSize= BINLEN(Conv2d_3_filter)},
// CPP-LABEL: static ModelError_t addNode_Conv2d_3(QnnModel& model){
// CPP:       uint32_t Conv2d_3_stride[] = {1, 1};
// CPP:       "qti.aisw", // Package Name
// CPP-NEXT:  "Conv2d", // Qnn Node Type
// CPP-LABEL: ModelError_t QnnModel_composeGraphs(
// CPP:       VALIDATE(addNode_Conv2d_3(model), err);

// ENC:       "activation_encodings": {
// ENC:       "Relu_4_out": [
// ENC:       "offset": 0,
// ENC-NEXT:  "scale": 0.023529412
// ENC:       "param_encodings": {
// ENC-NEXT:  "Conv2d_3_bias": [
// ENC:       "bitwidth": 32,
// ENC:       "Conv2d_3_filter": [
// ENC:       "bitwidth": 8,
// ENC-NEXT:  "dtype": "int",
// ENC-NEXT:  "is_symmetric": "True",

// IR-LABEL:  func.func @conv(%arg0: tensor<1x2x4x4xf32> {mlc.calib = array<f64: -1.000000e+00, 3.000000e+00>, mlc.name = "image"}) -> (tensor<1x2x4x4xf32> {mlc.name = "logits"})
// IR:        qnn.Quantize %arg0
// IR:        qnn.StaticTensor dense<[810, -810]> : tensor<2xi32>
// IR:        qnn.Conv2d
// IR:        qnn.Relu
// IR:        qnn.Dequantize

func.func @conv(%x: tensor<1x2x4x4xf32> {mlc.calib = array<f64: -1.0, 3.0>, mlc.name = "image"}) -> (tensor<1x2x4x4xf32> {mlc.name = "logits"}) {
  %w = core.constant dense<[[[[0.5]], [[-1.0]]], [[[0.25]], [[2.0]]]]> : tensor<2x2x1x1xf32>
  %b = core.constant dense<[0.1, -0.2]> : tensor<2xf32>
  %c = core.conv2d %x, %w, %b {mlc.calib = [array<f64: -4.0, 6.0>]} : (tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32>, tensor<2xf32>) -> tensor<1x2x4x4xf32>
  %r = core.relu %c {mlc.calib = [array<f64: 0.0, 6.0>]} : tensor<1x2x4x4xf32>
  return %r : tensor<1x2x4x4xf32>
}
