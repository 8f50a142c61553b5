// Records every tensor and node the generated model adds, one line each,
// for translate/qnn's cpp_test.go.
#include "QnnModel.hpp"

#include <cstring>
#include <string>

using namespace qnn_wrapper_api;

static void printTensor(const char* what, const Qnn_Tensor_t& t) {
  const Qnn_TensorV2_t& v = t.v2;
  printf("%s %s type=%d dtype=%d dims=", what, v.name, (int)v.type, (int)v.dataType);
  for (uint32_t i = 0; i < v.rank; i++) printf("%s%u", i ? "x" : "", v.dimensions[i]);
  const Qnn_QuantizeParams_t& q = v.quantizeParams;
  if (q.encodingDefinition != QNN_DEFINITION_DEFINED) {
    printf(" quant=none");
  } else if (q.quantizationEncoding == QNN_QUANTIZATION_ENCODING_SCALE_OFFSET) {
    printf(" quant=%.9g:%d", q.scaleOffsetEncoding.scale, q.scaleOffsetEncoding.offset);
  } else {
    printf(" quant=axis%d", q.axisScaleOffsetEncoding.axis);
    for (uint32_t i = 0; i < q.axisScaleOffsetEncoding.numScaleOffsets; i++)
      printf(",%.9g:%d", q.axisScaleOffsetEncoding.scaleOffset[i].scale, q.axisScaleOffsetEncoding.scaleOffset[i].offset);
  }
  printf(" size=%u\n", v.clientBuf.dataSize);
}

ModelError_t QnnModel::addTensor(const char* name, Qnn_Tensor_t t) {
  if (strcmp(name, t.v2.name) != 0 || t.version != QNN_TENSOR_VERSION_2) return 1;
  printTensor("tensor", t);
  return MODEL_NO_ERROR;
}

ModelError_t QnnModel::addNode(Qnn_OpConfigVersion_t, const char* name, const char* pkg, const char* type, Qnn_Param_t* params,
                               uint32_t nParams, const char** inputs, uint32_t nInputs, Qnn_Tensor_t* outputs, uint32_t nOutputs) {
  printf("node %s %s %s in=", name, pkg, type);
  for (uint32_t i = 0; i < nInputs; i++) printf("%s%s", i ? "," : "", inputs[i]);
  printf("\n");
  for (uint32_t i = 0; i < nParams; i++) {
    const Qnn_Param_t& p = params[i];
    if (p.paramType == QNN_PARAMTYPE_SCALAR) {
      const Qnn_Scalar_t& s = p.scalarParam;
      switch (s.dataType) {
        case QNN_DATATYPE_FLOAT_32: printf("param %s %s=%.9g\n", name, p.name, s.floatValue); break;
        case QNN_DATATYPE_BOOL_8: printf("param %s %s=%d\n", name, p.name, s.bool8Value); break;
        case QNN_DATATYPE_INT_32: printf("param %s %s=%d\n", name, p.name, s.int32Value); break;
        default: printf("param %s %s=%u\n", name, p.name, s.uint32Value);
      }
      continue;
    }
    const Qnn_TensorV2_t& v = p.tensorParam.v2;
    uint32_t n = 1;
    for (uint32_t k = 0; k < v.rank; k++) n *= v.dimensions[k];
    if (v.clientBuf.dataSize != 4 * n) return 1;
    printf("param %s %s=", name, p.name);
    for (uint32_t k = 0; k < n; k++) {
      if (v.dataType == QNN_DATATYPE_INT_32) printf("%s%d", k ? "," : "", ((int32_t*)v.clientBuf.data)[k]);
      else printf("%s%u", k ? "," : "", ((uint32_t*)v.clientBuf.data)[k]);
    }
    printf("\n");
  }
  for (uint32_t i = 0; i < nOutputs; i++) printTensor("output", outputs[i]);
  return MODEL_NO_ERROR;
}

int main() {
  GraphInfoPtr_t* infos = nullptr;
  uint32_t n = 0;
  return QnnModel_composeGraphs(nullptr, 0, nullptr, nullptr, 0, &infos, &n, false, nullptr, 0);
}
