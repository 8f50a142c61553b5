// Package qnnser serializes a legalised qnn-dialect function into what
// Qualcomm's qnn-onnx-converter produces, so QNN's own tools
// (qnn-model-lib-generator, qnn-context-binary-generator) take it from
// there: <m>.cpp (QnnModel addTensor/addNode calls, package qti.aisw,
// QNN_TENSOR_VERSION_2 tensors), <m>.bin (a tar of every static tensor's
// raw bytes), <m>_net.json (the graph's tensors and nodes) and
// <m>.encodings (AIMET's encodings format). ImportNetJSON reads
// <m>_net.json and <m>.bin back into the qnn dialect.
//
// Each qnn op maps to one node through the table in table.go; an op
// without a row is a positioned error and nothing is written. Names come
// from op locations (else the op type and a counter) in block order, and
// every file is written in program order, so two runs on the same IR are
// byte-identical.
package qnnser
